//! The play loop in `marseillais`: see `alfiere_fuzz::play::run`.
#![no_main]
libfuzzer_sys::fuzz_target!(
    |data: &[u8]| alfiere_fuzz::play::run::<alfiere::variants::Marseillais>(data)
);
