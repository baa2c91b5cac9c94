//! Standard Algebraic Notation: writing (minimal disambiguation among legal actions,
//! `+`/`#`, `O-O`, `=Q`, drops `N@e4` and `@e4`) and reading, strict or lenient.
//!
//! Avalanche: a push is written as its arrival square (`e6`), a promotion choice as
//! `=Q`; each is resolved among the legal actions of its phase.
//!
//! Lenient reading also accepts UCI tokens (`e2e4`, `d1q`, also written `e2-e4`,
//! `d4xe5`, `e7-e8=Q` or with a check mark), `0-0` and `o-o`, a missing or
//! superfluous `+`/`#`, annotation suffixes (`!?`), over-disambiguation (`Ng1f3`),
//! `e8Q`, `P@e4`, and a lowercase piece letter that cannot be a file (`nf3`, `qd1`;
//! `b` is the file). Strict reading accepts exactly what [`write_san`] writes.
//!
//! ```
//! use alfiere::{Chess, Position, notation::san};
//! let pos = Chess::start();
//! let action = san::parse_san(&pos, "Nf3").unwrap();
//! assert_eq!(san::write_san(&pos, &action), "Nf3");
//! assert!(san::parse_san(&pos, "e2e4").is_ok());
//! assert_eq!(san::parse_san(&pos, "nf3"), san::parse_san(&pos, "Nf3"));
//! assert!(san::parse_san_strict(&pos, "e2e4").is_err());
//! ```

use crate::game::{EndReason, Position};
use crate::moves::{Action, ActionList};
use crate::notation::uci;
use crate::types::{CastlingSide, File, Rank, Role, Square};
use std::fmt;

/// Writes an action of `game` in SAN, without the check suffix.
pub fn write_san_plain<G: Position>(game: &G, action: &Action) -> String {
    let mut legal = ActionList::new();
    // Only a piece's move may need its rivals named.
    if matches!(action, Action::Normal { .. }) {
        game.legal_actions(&mut legal);
    }
    write_plain(&legal, action)
}

/// [`write_san_plain`] given the position's `legal` actions (only a normal move reads
/// them), so that a whole move list generates them once. Not generic, so it exists
/// once rather than once per rule set (the WebAssembly module's size), as do the
/// other functions here that take the legal actions.
#[inline(never)]
pub fn write_plain(legal: &[Action], action: &Action) -> String {
    match *action {
        Action::Castle { .. } => match action.castling_side() {
            Some(CastlingSide::QueenSide) => "O-O-O".to_string(),
            _ => "O-O".to_string(),
        },
        Action::Drop { role, to } => match role {
            Role::Pawn => format!("@{to}"),
            _ => format!("{}@{to}", role.upper_char()),
        },
        Action::Push { to, .. } => to.to_string(),
        Action::PromotionChoice { role, .. } => format!("={}", role.upper_char()),
        Action::EnPassant { from, to } => format!("{}x{to}", from.file().char()),
        Action::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => {
            let mut san = String::with_capacity(8);
            if role == Role::Pawn {
                if capture.is_some() {
                    san.push(from.file().char());
                } else if !disambiguation(legal, role, from, to).is_empty() {
                    // Alice: a double step and a single step of two pawns of one file
                    // (on different boards) can reach the same square.
                    san.push_str(&from.to_string());
                }
            } else {
                san.push(role.upper_char());
                san.push_str(&disambiguation(legal, role, from, to));
            }
            if capture.is_some() {
                san.push('x');
            }
            san.push_str(&to.to_string());
            if let Some(promotion) = promotion {
                san.push('=');
                san.push(promotion.upper_char());
            }
            san
        }
    }
}

fn disambiguation(legal: &[Action], role: Role, from: Square, to: Square) -> String {
    let rivals: Vec<Square> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Normal {
                role: r,
                from: f,
                to: t,
                ..
            } if r == role && t == to && f != from => Some(f),
            _ => None,
        })
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|f| f.file() != from.file()) {
        from.file().char().to_string()
    } else if rivals.iter().all(|f| f.rank() != from.rank()) {
        from.rank().char().to_string()
    } else {
        from.to_string()
    }
}

/// The check suffix an action earns: `#` for mate, `+` for check, nothing otherwise.
/// Only a finished turn can check in this sense (the opponent is to act).
pub fn check_suffix<G: Position>(game: &G, action: &Action) -> &'static str {
    let mut after = game.clone();
    crate::game::play_out_of_line(&mut after, action);
    if after.turn() == game.turn() || !after.is_check() {
        return "";
    }
    match after.outcome() {
        Some(o) if o.reason == EndReason::Checkmate => "#",
        _ => "+",
    }
}

/// Writes an action of `game` in SAN with its `+`/`#` suffix.
pub fn write_san<G: Position>(game: &G, action: &Action) -> String {
    let mut san = write_san_plain(game, action);
    san.push_str(check_suffix(game, action));
    san
}

/// Why a SAN string names no legal action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN (nor, leniently, a UCI token).
    Invalid(String),
    /// Well-formed, but no legal action matches.
    Illegal(String),
    /// Several legal actions match.
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Invalid(s) => write!(f, "'{s}' is not a move in SAN"),
            SanError::Illegal(s) => write!(f, "illegal move '{s}'"),
            SanError::Ambiguous(s) => write!(f, "ambiguous move '{s}'"),
        }
    }
}

impl std::error::Error for SanError {}

/// The parts of a SAN string.
#[derive(Debug, Clone, PartialEq, Eq)]
enum SanParts {
    Castle(CastlingSide),
    Drop {
        role: Role,
        to: Square,
    },
    PromotionChoice(Role),
    Move {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
}

fn parse_parts(text: &str) -> Option<SanParts> {
    let s = text.trim_end_matches(['+', '#', '!', '?']);
    match s {
        // Zeros and small letters are how people type castling.
        "O-O" | "0-0" | "o-o" => return Some(SanParts::Castle(CastlingSide::KingSide)),
        "O-O-O" | "0-0-0" | "o-o-o" => return Some(SanParts::Castle(CastlingSide::QueenSide)),
        _ => {}
    }
    if let Some(rest) = s.strip_prefix('=') {
        let mut chars = rest.chars();
        let role = Role::from_char(chars.next()?)?;
        return (chars.next().is_none() && role != Role::King && role != Role::Pawn)
            .then_some(SanParts::PromotionChoice(role));
    }
    if let Some((piece, square)) = s.split_once('@') {
        let role = match piece {
            "" => Role::Pawn,
            p if p.len() == 1 => Role::from_char(p.chars().next()?)?,
            _ => return None,
        };
        if role == Role::King {
            return None;
        }
        return Some(SanParts::Drop {
            role,
            to: square.parse().ok()?,
        });
    }
    let mut chars: Vec<char> = s.chars().collect();
    // Promotion: `=Q`, `Q` or `(Q)` at the end.
    let mut promotion = None;
    if chars.last() == Some(&')') && chars.len() >= 3 && chars[chars.len() - 3] == '(' {
        promotion = Some(Role::from_char(chars[chars.len() - 2])?);
        chars.truncate(chars.len() - 3);
    } else if let Some(&last) = chars.last() {
        if last.is_ascii_alphabetic() && "QRBNqrbn".contains(last) && chars.len() >= 3 {
            let before = chars[chars.len() - 2];
            if before == '=' || before.is_ascii_digit() {
                promotion = Role::from_char(last);
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
    }
    let role = match chars.first() {
        Some(&c) if "NBRQK".contains(c) => {
            chars.remove(0);
            Role::from_char(c)?
        }
        Some('P') => {
            chars.remove(0);
            Role::Pawn
        }
        _ => Role::Pawn,
    };
    if chars.len() < 2 {
        return None;
    }
    let to_text: String = chars[chars.len() - 2..].iter().collect();
    let to: Square = to_text.parse().ok()?;
    chars.truncate(chars.len() - 2);
    let mut capture = false;
    if chars.last() == Some(&'x') || chars.last() == Some(&':') {
        capture = true;
        chars.pop();
    } else if chars.last() == Some(&'-') {
        chars.pop();
    }
    let (mut file, mut rank) = (None, None);
    for c in chars {
        if let Some(f) = File::from_char(c).filter(|_| file.is_none() && rank.is_none()) {
            file = Some(f);
        } else if let Some(r) = Rank::from_char(c).filter(|_| rank.is_none()) {
            rank = Some(r);
        } else {
            return None;
        }
    }
    Some(SanParts::Move {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

fn matches(parts: &SanParts, action: &Action) -> bool {
    match (parts, action) {
        (SanParts::Castle(side), Action::Castle { .. }) => action.castling_side() == Some(*side),
        (SanParts::Drop { role, to }, Action::Drop { role: r, to: t }) => role == r && to == t,
        (SanParts::PromotionChoice(role), Action::PromotionChoice { role: r, .. }) => role == r,
        (
            SanParts::Move {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            },
            _,
        ) => {
            let (Some(from), a_to) = (action.from(), action.to()) else {
                return false;
            };
            let a_role = action.role();
            let a_to = match action {
                Action::Castle { .. } => return false,
                Action::Drop { .. } | Action::PromotionChoice { .. } => return false,
                _ => a_to,
            };
            a_role == *role
                && a_to == *to
                && file.is_none_or(|f| f == from.file())
                && rank.is_none_or(|r| r == from.rank())
                && (!*capture || action.is_capture())
                && action.promotion() == *promotion
        }
        _ => false,
    }
}

/// Reads SAN leniently (see the module docs).
///
/// # Errors
/// [`SanError`] when the text is not SAN or matches no legal action, or several.
pub fn parse_san<G: Position>(game: &G, text: &str) -> Result<Action, SanError> {
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    parse_lenient(&legal, text)
}

/// `text` with its lowercase piece letter made a capital, when it starts with one that
/// cannot be a file (`nf3`, `qd1`, `rxe5`, `kg1`; `b` stays the file, `bxc3`).
fn piece_letter_up(text: &str) -> Option<String> {
    let first = text.chars().next()?;
    (matches!(first, 'n' | 'r' | 'q' | 'k') && text.len() > 1)
        .then(|| format!("{}{}", first.to_ascii_uppercase(), &text[1..]))
}

/// [`parse_san`] among the `legal` actions.
#[inline(never)]
fn parse_lenient(legal: &[Action], text: &str) -> Result<Action, SanError> {
    let shown: String = text.chars().take(32).collect();
    let trimmed = text.trim();
    let capitalised = piece_letter_up(trimmed);
    let trimmed = capitalised.as_deref().unwrap_or(trimmed);
    let coordinates = coordinate_token(trimmed);
    // Three characters: an Avalanche promotion choice such as `d1q`.
    if uci::is_well_formed(&coordinates) && coordinates.len() >= 3 {
        if let Ok(action) = uci::find_action(legal, &coordinates) {
            return Ok(action);
        }
    }
    let parts = parse_parts(trimmed).ok_or_else(|| SanError::Invalid(shown.clone()))?;
    let mut found = legal.iter().filter(|a| matches(&parts, a));
    match (found.next(), found.next()) {
        (Some(action), None) => Ok(*action),
        (Some(_), Some(_)) => Err(SanError::Ambiguous(shown)),
        (None, _) => Err(SanError::Illegal(shown)),
    }
}

/// A coordinate move as old PGN files and other programs write it (`e2e4+`, `e2-e4`,
/// `d4xe5`, `e7-e8=Q`) as a UCI token: without check and annotation marks, the
/// separator between the squares and the `=` of a promotion.
fn coordinate_token(text: &str) -> String {
    let bare = text.trim_end_matches(['+', '#', '!', '?']);
    let bytes = bare.as_bytes();
    let separated =
        bytes.len() >= 5 && matches!(bytes[2], b'-' | b'x') && bytes[1].is_ascii_digit();
    let mut token: String = if separated {
        [&bare[..2], &bare[3..]].concat()
    } else {
        bare.to_string()
    };
    if token.len() == 6 && token.as_bytes()[4] == b'=' {
        token.remove(4);
    }
    token
}

/// What a SAN text (even an illegal one) asks for, to say why it is refused: the drop
/// of a role on a square, or a piece of a role (on a file or rank when given) to a
/// square; `None` for castling, a promotion choice or text that is not SAN. A
/// lowercase piece letter that cannot be a file is the piece, as in [`parse_san`].
pub fn intent(text: &str) -> Option<SanIntent> {
    let trimmed = text.trim();
    let capitalised = piece_letter_up(trimmed);
    match parse_parts(capitalised.as_deref().unwrap_or(trimmed))? {
        SanParts::Drop { role, to } => Some(SanIntent::Drop { role, to }),
        SanParts::Move {
            role,
            file,
            rank,
            to,
            ..
        } => Some(SanIntent::Move {
            role,
            file,
            rank,
            to,
        }),
        SanParts::Castle(_) | SanParts::PromotionChoice(_) => None,
    }
}

/// What a SAN text asks for ([`intent`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SanIntent {
    /// A drop of `role` on `to`.
    Drop { role: Role, to: Square },
    /// A piece of `role`, on `file` and `rank` when given, to `to`.
    Move {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
    },
}

/// Reads SAN strictly: the text must be exactly what [`write_san`] writes.
///
/// # Errors
/// [`SanError`] as for [`parse_san`], and [`SanError::Invalid`] for non-canonical text.
pub fn parse_san_strict<G: Position>(game: &G, text: &str) -> Result<Action, SanError> {
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    let candidates = strict_candidates(&legal, text)?;
    match candidates.iter().find(|a| {
        let mut san = write_plain(&legal, a);
        san.push_str(check_suffix(game, a));
        san == text
    }) {
        Some(action) => Ok(*action),
        None => match parse_lenient(&legal, text) {
            Ok(_) => Err(SanError::Invalid(text.chars().take(32).collect())),
            Err(e) => Err(e),
        },
    }
}

/// The `legal` actions whose SAN could be `text` (its suffix aside).
#[inline(never)]
fn strict_candidates(legal: &[Action], text: &str) -> Result<Vec<Action>, SanError> {
    let parts =
        parse_parts(text).ok_or_else(|| SanError::Invalid(text.chars().take(32).collect()))?;
    Ok(legal
        .iter()
        .filter(|a| matches(&parts, a))
        .copied()
        .collect())
}
