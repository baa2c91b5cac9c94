//! Notation: FEN (with the project's variant dialect), SAN, UCI action tokens and PGN.

pub mod fen;


pub mod san;
pub mod uci;
