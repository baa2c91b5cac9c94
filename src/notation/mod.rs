//! Notation: FEN (with the project's variant dialect), SAN, UCI action tokens and PGN
//! (a syntax layer without chess knowledge, and a layer that resolves it against the
//! rules).

pub mod annotations;
pub mod fen;
pub mod pgn;
pub mod pgn_clock;
pub(crate) mod pgn_line;
pub mod pgn_syntax;
mod pgn_tree;
pub mod san;
pub mod uci;

impl std::fmt::Display for crate::game::IllegalActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "illegal action {} in {}",
            uci::action_to_uci(&self.action),
            fen::write_setup(&self.position)
        )
    }
}
