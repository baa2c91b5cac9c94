//! The UCI command loop: see `alfiere_fuzz::uci_loop::uci_loop_target`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::uci_loop::uci_loop_target(data));
