//! Every rule set's generator against the reference legality: see
//! `alfiere_fuzz::legality::reference_target`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::legality::reference_target(data));
