//! UCI action tokens against a position: see `alfiere_fuzz::text::uci_action_target`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::text::uci_action_target(data));
