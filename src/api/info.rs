//! Plain descriptions of moves and positions for the JS API and other front ends:
//! a verbose move in the shape chess.js users know (`color`, `from`, `to`, `piece`,
//! `captured`, `promotion`, `flags`, `san`, `lan`, `before`, `after`) plus what the
//! variants add (the kind of action, the board it lands on in Alice, whether it ends
//! the turn).

use crate::bitboard::Bitboard;
use crate::board::BoardId;
use crate::game::{EndReason, Outcome, Phase, Position, TurnState};
use crate::moves::Action;
use crate::notation::{fen, san, uci};
use crate::types::{Color, Role, Square};
use crate::variant::Variant;
use crate::variants::billiards::rebound_route;
use serde::Serialize;

/// How a game ended, as front ends show it: `{winner, reason, text}`, `text` in the
/// rule set's own words ([`Outcome::text`], e.g. "Black wins by checkmate").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeInfo {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    pub reason: EndReason,
    /// The outcome in words: a sentence without a final full stop.
    pub text: String,
}

impl OutcomeInfo {
    /// `outcome` of a game of `variant`, described.
    pub fn new(outcome: Outcome, variant: Variant) -> OutcomeInfo {
        OutcomeInfo {
            winner: outcome.winner,
            reason: outcome.reason,
            text: outcome.text(variant),
        }
    }
}

/// What kind of action a move is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ActionKind {
    Move,
    Castle,
    EnPassant,
    Drop,
    Push,
    PromotionChoice,
}

impl ActionKind {
    pub const fn name(self) -> &'static str {
        match self {
            ActionKind::Move => "move",
            ActionKind::Castle => "castle",
            ActionKind::EnPassant => "en_passant",
            ActionKind::Drop => "drop",
            ActionKind::Push => "push",
            ActionKind::PromotionChoice => "promotion_choice",
        }
    }
}

/// A verbose move. As data (serde) its fields are camel-cased and absent ones are
/// left out, the shape of the JS `Move`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveInfo {
    /// The side that acts.
    pub color: Color,
    /// Departure square; `None` for a drop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Square>,
    /// Arrival square (the king's for castling; the pawn's for a promotion choice).
    pub to: Square,
    /// The moving role (the pushed pawn for a push).
    pub piece: Role,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captured: Option<Role>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<Role>,
    /// chess.js flags: `n` normal, `b` pawn double step, `e` en passant, `c` capture,
    /// `p` promotion, `k`/`q` castling; alfiere adds `d` drop, `u` push, `s` choice.
    pub flags: String,
    /// SAN with its check suffix.
    pub san: String,
    /// The UCI token.
    pub lan: String,
    /// FEN before and after.
    pub before: String,
    pub after: String,
    pub kind: ActionKind,
    /// Alice: the board the piece ends on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardId>,
    /// Whether the action ends the side's turn.
    pub ends_turn: bool,
    /// Billiards: for a move whose diagonal path rebounds off an edge, the departure
    /// square, every square where the piece turns and the arrival square
    /// ([`rebound_route`]: the fewest steps when several paths reach the square).
    /// `None` for every other move and rule set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<Square>>,
    /// For castling, the rook's start square (a board takes the king dropped on it as
    /// the castling, which Chess960 needs where the king's arrival is ambiguous).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rook: Option<Square>,
}

impl MoveInfo {
    /// Describes `action`, legal in `pos`.
    pub fn new<G: Position>(pos: &G, action: &Action) -> MoveInfo {
        // Only what needs the rule set is generic; the rest is built once, in
        // `describe`, rather than once per rule set (the WebAssembly module's size).
        let mut after = pos.clone();
        crate::game::play_out_of_line(&mut after, action);
        let alice = G::VARIANT.boards() == 2;
        MoveInfo::describe(
            action,
            Described {
                color: pos.turn(),
                san: san::write_san(pos, action),
                before: fen::write_fen(pos),
                after: fen::write_fen(&after),
                board: alice.then(|| after.placement().board_of(action.to())),
                ends_turn: after.turn() != pos.turn(),
                variant: G::VARIANT,
                occupied: G::VARIANT
                    .rebounding_diagonals()
                    .then(|| pos.placement().board.occupied()),
            },
        )
    }

    #[inline(never)]
    fn describe(action: &Action, described: Described) -> MoveInfo {
        let kind = match action {
            Action::Normal { .. } => ActionKind::Move,
            Action::Castle { .. } => ActionKind::Castle,
            Action::EnPassant { .. } => ActionKind::EnPassant,
            Action::Drop { .. } => ActionKind::Drop,
            Action::Push { .. } => ActionKind::Push,
            Action::PromotionChoice { .. } => ActionKind::PromotionChoice,
        };
        let mut flags = String::new();
        match action {
            Action::Castle { .. } => flags.push(
                if action.castling_side() == Some(crate::types::CastlingSide::KingSide) {
                    'k'
                } else {
                    'q'
                },
            ),
            Action::EnPassant { .. } => flags.push('e'),
            Action::Drop { .. } => flags.push('d'),
            Action::Push { .. } => flags.push('u'),
            Action::PromotionChoice { .. } => flags.push('s'),
            Action::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                // chess.js's letters in its order: `n` for any move that neither
                // captures nor double-steps (so a quiet promotion is `np`).
                let double_step = *role == Role::Pawn && from.index().abs_diff(to.index()) == 16;
                if capture.is_none() && !double_step {
                    flags.push('n');
                }
                if capture.is_some() {
                    flags.push('c');
                }
                if double_step {
                    flags.push('b');
                }
                if promotion.is_some() {
                    flags.push('p');
                }
            }
        }
        let Described {
            color,
            san,
            before,
            after,
            board,
            ends_turn,
            variant,
            occupied,
        } = described;
        let path = match (*action, occupied) {
            (Action::Normal { role, from, to, .. }, Some(occupied)) => {
                rebound_route(role, from, to, occupied)
            }
            _ => None,
        };
        MoveInfo {
            color,
            from: match action {
                Action::Drop { .. } => None,
                _ => action.from(),
            },
            to: action.to(),
            piece: action.role(),
            captured: action.capture(),
            promotion: action.promotion(),
            flags,
            kind,
            san,
            lan: uci::action_to_uci_in(action, variant),
            before,
            after,
            board,
            ends_turn,
            path,
            rook: match *action {
                Action::Castle { rook, .. } => Some(rook),
                _ => None,
            },
        }
    }
}

/// The parts of a [`MoveInfo`] that depend on the rule set.
struct Described {
    color: Color,
    san: String,
    before: String,
    after: String,
    board: Option<BoardId>,
    ends_turn: bool,
    /// The rule set, which says how castling is written in UCI.
    variant: crate::Variant,
    /// The occupied squares before the action, where diagonals rebound (Billiards).
    occupied: Option<Bitboard>,
}

/// A piece on the board, for `board()`: `{square, type, color}`, plus `board` in
/// Alice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SquareInfo {
    pub square: Square,
    #[serde(rename = "type")]
    pub role: Role,
    pub color: Color,
    /// Alice: which board; `None` elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardId>,
}

/// The turn state in words, for multi-action rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TurnInfo {
    pub side: Color,
    /// Actions in the turn and already played.
    pub length: u16,
    pub played: u16,
    /// `move`, `push` or `promotion_choice`.
    pub phase: &'static str,
}

impl From<TurnState> for TurnInfo {
    fn from(state: TurnState) -> TurnInfo {
        TurnInfo {
            side: state.side,
            length: state.length,
            played: state.played,
            phase: match state.phase {
                Phase::Move => "move",
                Phase::Push => "push",
                Phase::PromotionChoice => "promotion_choice",
            },
        }
    }
}

/// A rule set and the facts a UI needs about it, for `variants()`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VariantInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// 2 for Alice's two boards.
    pub boards: u8,
    /// Bishops' and queens' diagonals rebound off the edges (Billiards).
    pub rebounding_diagonals: bool,
    /// `single`, `series` or `move-and-push`.
    pub turn: &'static str,
    /// The squares a king races to (Racing Kings' eighth rank), a1 first; else empty.
    pub goal: Vec<Square>,
    /// The words for the rule set's `variant_win` and `variant_draw` endings.
    pub variant_win: &'static str,
    pub variant_draw: &'static str,
}

/// A rule set's goal squares (one copy of the loop, not one per rule set).
fn goal_squares(variant: Variant) -> Vec<Square> {
    let goal: Bitboard = crate::with_variant!(variant, G => G::GOAL);
    goal.into_iter().collect()
}

impl From<Variant> for VariantInfo {
    fn from(variant: Variant) -> VariantInfo {
        VariantInfo {
            id: variant.id(),
            name: variant.name(),
            boards: variant.boards(),
            rebounding_diagonals: variant.rebounding_diagonals(),
            turn: variant.turn_shape().name(),
            goal: goal_squares(variant),
            variant_win: variant.own_ending_words().0,
            variant_draw: variant.own_ending_words().1,
        }
    }
}
