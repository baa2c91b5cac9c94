//! The play loop in every rule set of the registry, the first byte choosing which:
//! see `alfiere_fuzz::play::run_any`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::play::run_any(data));
