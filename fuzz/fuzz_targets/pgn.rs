//! PGN reading and writing: see `alfiere_fuzz::text::pgn_target`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::text::pgn_target(data));
