//! FEN parsing in every rule set: see `alfiere_fuzz::text::fen_target`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| alfiere_fuzz::text::fen_target(data));
