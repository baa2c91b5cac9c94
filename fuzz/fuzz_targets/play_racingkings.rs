//! The play loop in `racingkings`: see `alfiere_fuzz::play::run`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::play::run::<alfiere::RacingKings>(data));
