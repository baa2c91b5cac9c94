//! UCI action tokens (long algebraic): `e2e4`, `e7e8q`, castling as the king's move
//! `e1g1` or, in Chess960, as the king taking its own rook `e1h1` (both forms are read
//! in every rule set where they name one castling), drops `N@e4`, Avalanche
//! pushes as the pawn's from-to and promotion choices as square plus letter (`d1q`).
//!
//! ```
//! use alfiere::{Chess, Position, notation::uci};
//! let pos = Chess::start();
//! let action = uci::parse_action(&pos, "g1f3").unwrap();
//! assert_eq!(uci::action_to_uci(&action), "g1f3");
//! assert!(uci::parse_action(&pos, "e2e5").is_err());
//! ```

use crate::game::Position;
use crate::moves::{Action, ActionList};
use crate::types::{Role, Square};
use std::fmt;

/// Writes an action as a UCI token in rule set `variant`: castling as the king taking
/// its own rook (`e1h1`) where castling starts anywhere (Chess960, which a session
/// with `UCI_Chess960` plays), as the king's move (`e1g1`) otherwise (RULES.md §10).
pub fn action_to_uci_in(action: &Action, variant: crate::Variant) -> String {
    match *action {
        Action::Castle { king, rook } if variant.castles_from_anywhere() => {
            format!("{king}{rook}")
        }
        _ => action_to_uci(action),
    }
}

/// Writes an action as a UCI token, castling as the king's move (`e1g1`).
pub fn action_to_uci(action: &Action) -> String {
    match *action {
        Action::Normal {
            from,
            to,
            promotion,
            ..
        } => match promotion {
            Some(role) => format!("{from}{to}{}", role.char()),
            None => format!("{from}{to}"),
        },
        Action::Castle { king, .. } => format!("{king}{}", action.to()),
        Action::EnPassant { from, to } | Action::Push { from, to } => format!("{from}{to}"),
        Action::Drop { role, to } => format!("{}@{to}", role.upper_char()),
        Action::PromotionChoice { square, role } => format!("{square}{}", role.char()),
    }
}

/// The error for a token that is not a legal action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciActionError {
    /// Not a UCI action token at all.
    Invalid(String),
    /// Well-formed, but not legal in the position.
    Illegal(String),
}

impl fmt::Display for UciActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciActionError::Invalid(t) => write!(f, "'{t}' is not a UCI action token"),
            UciActionError::Illegal(t) => write!(f, "illegal action '{t}'"),
        }
    }
}

impl std::error::Error for UciActionError {}

/// Whether a token has the shape of a UCI action (`e2e4`, `e7e8q`, `N@e4`, `d1q`).
pub fn is_well_formed(token: &str) -> bool {
    let bytes = token.as_bytes();
    let square =
        |s: &[u8]| s.len() == 2 && (b'a'..=b'h').contains(&s[0]) && (b'1'..=b'8').contains(&s[1]);
    let promo = |c: u8| matches!(c.to_ascii_lowercase(), b'q' | b'r' | b'b' | b'n');
    match bytes.len() {
        3 => square(&bytes[..2]) && promo(bytes[2]),
        4 if bytes[1] == b'@' => {
            Role::from_char(bytes[0] as char).is_some_and(|r| r != Role::King)
                && square(&bytes[2..])
        }
        4 => square(&bytes[..2]) && square(&bytes[2..]),
        5 => square(&bytes[..2]) && square(&bytes[2..4]) && promo(bytes[4]),
        _ => false,
    }
}

/// Resolves a UCI token against the legal actions of a position.
///
/// # Errors
/// [`UciActionError::Invalid`] for a malformed token, [`UciActionError::Illegal`] for a
/// well-formed token that names no legal action.
pub fn parse_action<G: Position>(game: &G, token: &str) -> Result<Action, UciActionError> {
    let mut legal = ActionList::new();
    if is_well_formed(token) {
        game.legal_actions(&mut legal);
    }
    find_action(&legal, token)
}

/// Resolves a UCI token among the `legal` actions of a position. Not generic, so it
/// exists once rather than once per rule set (the WebAssembly module's size).
///
/// # Errors
/// As [`parse_action`].
#[inline(never)]
pub fn find_action(legal: &[Action], token: &str) -> Result<Action, UciActionError> {
    let shown: String = token.chars().take(16).collect();
    if !is_well_formed(token) {
        return Err(UciActionError::Invalid(shown));
    }
    let normalized = normalize(token);
    // Castling in either form: the king onto its own rook, or the king's move where
    // the king moves (a normal move with the same squares comes first in `legal`).
    let found = legal.iter().find(|a| match a {
        Action::Castle { king, rook } => {
            format!("{king}{rook}") == normalized
                || (a.to() != *king && action_to_uci(a) == normalized)
        }
        _ => action_to_uci(a) == normalized,
    });
    found.copied().ok_or(UciActionError::Illegal(shown))
}

fn normalize(token: &str) -> String {
    if let Some((role, square)) = token.split_once('@') {
        return format!("{}@{}", role.to_ascii_uppercase(), square);
    }
    token.to_ascii_lowercase()
}

/// Parses just a square name, for callers that need one.
pub fn parse_square(text: &str) -> Option<Square> {
    text.parse().ok()
}
