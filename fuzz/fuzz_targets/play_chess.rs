//! The play loop in `chess`: see `alfiere_fuzz::play::run`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::play::run::<alfiere::Chess>(data));
