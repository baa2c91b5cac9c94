//! Notation: FEN (with the project's variant dialect), SAN, UCI action tokens and PGN
//! (a syntax layer without chess knowledge, and a layer that resolves it against the
//! rules).

pub mod fen;
pub mod pgn;
pub mod pgn_syntax;
pub mod san;
pub mod uci;
