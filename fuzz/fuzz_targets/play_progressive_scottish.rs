//! The play loop in `progressive_scottish`: see `alfiere_fuzz::play::run`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::play::run::<
    alfiere::variants::ProgressiveScottish,
>(data));
