//! The move tree of a PGN game as read ([`PgnMove`], [`PgnLine`]), how one of its
//! tokens is numbered and written ([`token_number`], [`token_san`]), and the error of
//! reading ([`PgnError`]): the base that the reader and writer (`pgn.rs`, which
//! re-exports the public names) and the line resolver (`pgn_line.rs`) both build on.

use super::pgn_syntax::TokenNumber;
use super::san;
use crate::game::Position;
use crate::moves::Action;
use crate::types::Color;
use std::fmt;

/// A move token of a PGN game with its annotations and alternatives.
///
/// A token holds one action in most rule sets, a whole turn in Marseillais
/// (`e5,Nc6`) and Avalanche (`Nf3/e6`), and one action of a series in Progressive
/// (`1. e4 2. e5 Qh4`); see [`token_actions`](super::pgn::token_actions).
#[derive(Debug, Clone, PartialEq)]
pub struct PgnMove {
    /// The actions of the token, in order (at least one).
    pub actions: Vec<Action>,
    /// The token in strict SAN (as it will be written): the actions' SAN joined by
    /// the rule set's separator.
    pub san: String,
    /// The move number written before the token.
    pub number: TokenNumber,
    pub nags: Vec<u8>,
    pub comments: Vec<String>,
    /// Alternatives to this move, each starting in the position before it.
    pub variations: Vec<PgnLine>,
}

/// A line of moves (a main line or a variation).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PgnLine {
    pub comment_before: Vec<String>,
    pub moves: Vec<PgnMove>,
}

/// Why PGN text could not be loaded; nothing is loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based index of the game in the file; 0 for a syntax error (the syntax of the
    /// whole file is checked before any game is resolved, so no game number is known).
    pub game: usize,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game > 0 {
            write!(f, "game {}, ", self.game)?;
        }
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for PgnError {}

/// The number written before a token that starts in `pos`: the series number in
/// Progressive (every series opens a number: `1. e4 2. e5 Qh4`), else the full-move
/// number, opened by White at the start of its turn.
pub fn token_number<G: Position>(pos: &G) -> TokenNumber {
    let state = pos.turn_state();
    let white = pos.turn() == Color::White;
    if G::PGN_STYLE.series_numbers {
        TokenNumber {
            number: pos.fullmove_number().saturating_mul(2) - u32::from(white),
            opens: state.is_turn_start(),
        }
    } else {
        TokenNumber {
            number: pos.fullmove_number(),
            opens: white && state.is_turn_start(),
        }
    }
}

/// The strict SAN of a token's actions, each written in the position it is played
/// in (`history`: a record's positions with their actions), joined by the rule set's
/// separator.
pub(super) fn token_san<'a, G: Position + 'a>(
    history: impl Iterator<Item = (&'a G, &'a Action)>,
) -> String {
    let mut parts = Vec::new();
    for (before, action) in history {
        parts.push(san::write_san(before, action));
    }
    join_token(&parts, G::PGN_STYLE.separator)
}

/// A token's actions' SAN joined by `separator`. Not generic, and a plain loop
/// rather than `join`, whose generic copy it would bring in (the WebAssembly size).
#[inline(never)]
pub(super) fn join_token(parts: &[String], separator: char) -> String {
    let mut token = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            token.push(separator);
        }
        token.push_str(part);
    }
    token
}

/// Where the PGN tokens of a line end (the ply after each token's last action),
/// given for each action whether it starts its mover's turn and whether it is a
/// promotion choice: one token per action, or per turn where the rule set writes
/// whole turns (`per_turn`), a choice standing alone. Not generic: the grouping of
/// [`token_actions`](super::pgn::token_actions) is compiled once.
#[inline(never)]
pub(super) fn token_ends(steps: &[(bool, bool)], per_turn: bool) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut open = false;
    for (i, &(starts_turn, choice)) in steps.iter().enumerate() {
        let continues = per_turn && open && !starts_turn;
        if i > 0 && !continues {
            ends.push(i);
        }
        // A choice stands alone; the move after it starts the next token.
        open = !choice;
    }
    if !steps.is_empty() {
        ends.push(steps.len());
    }
    ends
}
