//! Why an action a person tried is not legal: the rules' own reason ([`Refusal`]), so a
//! board can say it ("your king would be attacked", "a check before the end of a
//! series") and draw the piece that is the reason, without re-deriving chess.
//!
//! The common reasons are found here for every rule set: no piece of the side to act,
//! a piece that does not move that way, the own king attacked after the move (tried
//! on a copy of the position's [`Setup`] with the piece shifted as the rule set shifts
//! it, `Position::shift_in_setup`, and the attackers counted with the rule set's
//! geometry, `Position::attackers_in_setup`). A rule set adds its own through
//! `Position::check_refusal` (a check it forbids) and `Position::drop_refusal`. The
//! reasoning asks a [`Probe`], which the API's played game is.

use crate::bitboard::Bitboard;
use crate::game::Phase;
use crate::moves::Action;
use crate::setup::{ExtraState, Setup};
use crate::types::{Color, Piece, Role, Square};

pub use crate::game::Refusal;

/// A setup whose state beyond the pieces is cleared (castling, e.p., hands, series
/// counters): only the pieces, and who acts, matter to who attacks what.
pub(crate) fn pieces_only(mut setup: Setup, turn: Color) -> Setup {
    setup.turn = turn;
    setup.castling_rights = Bitboard::EMPTY;
    setup.ep_squares.clear();
    setup.hands = None;
    setup.promoted = Bitboard::EMPTY;
    setup.extra = ExtraState::Default;
    setup.halfmoves = 0;
    setup
}

/// What [`refusal`] asks of a played game of some rule set (an object, so the
/// reasoning exists once in the WebAssembly module, not once per rule set).
pub trait Probe {
    /// The legal actions.
    fn legal(&self) -> Vec<Action>;
    /// Whether the game has ended.
    fn over(&self) -> bool;
    /// What the next action is.
    fn phase(&self) -> Phase;
    /// The side to act.
    fn side(&self) -> Color;
    /// The position as setup data.
    fn setup(&self) -> Setup;
    /// [`Position::drop_refusal`](crate::game::Position::drop_refusal).
    fn own_drop_refusal(&self, role: Role, to: Square) -> Option<Refusal>;
    /// [`Position::check_refusal`](crate::game::Position::check_refusal).
    fn own_check_refusal(&self) -> Option<Refusal>;
    /// [`Position::attackers`](crate::game::Position::attackers).
    fn attacking(&self, square: Square, color: Color) -> Bitboard;
    /// [`Position::shift_in_setup`](crate::game::Position::shift_in_setup).
    fn shift(&self, setup: &mut Setup, from: Square, to: Square);
    /// [`Position::attackers_in_setup`](crate::game::Position::attackers_in_setup).
    fn attacking_in(&self, setup: &Setup, square: Square, color: Color) -> Option<Bitboard>;
}

/// Why the move `from`→`to` (or, with `drop`, the drop of that role on `to`) of the
/// side to act is not legal here; `None` when some legal action does it.
pub fn refusal<P: Probe + ?Sized>(
    game: &P,
    from: Option<Square>,
    drop: Option<Role>,
    to: Square,
) -> Option<Refusal> {
    let legal = game.legal();
    let done = legal.iter().any(|action| {
        action.to() == to
            && match drop {
                Some(role) => {
                    matches!(*action, Action::Drop { role: r, .. } if r == role)
                }
                None => action.from() == from && !matches!(action, Action::Drop { .. }),
            }
    });
    if done {
        return None;
    }
    if legal.is_empty() && game.over() {
        return Some(Refusal::GameOver);
    }
    if game.phase() != Phase::Move {
        return Some(Refusal::OtherPhase);
    }
    let us = game.side();
    let setup = game.setup();
    let board = &setup.board;
    let mover = match (drop, from) {
        (Some(role), _) => {
            if let Some(reason) = game.own_drop_refusal(role, to) {
                return Some(reason);
            }
            Piece::new(us, role)
        }
        (None, Some(from)) => match board.piece_at(from) {
            Some(piece) if piece.color == us => piece,
            _ => return Some(Refusal::NotOwnPiece),
        },
        (None, None) => return Some(Refusal::NotLegal),
    };
    if drop.is_some() && board.occupied().contains(to) {
        return Some(Refusal::CannotMoveThere);
    }
    if drop.is_none() && board.color_at(to) == Some(us) {
        return Some(Refusal::OwnPieceThere);
    }
    if let Some(from) = from.filter(|_| drop.is_none()) {
        if !reaches(game, mover, from, to) {
            return Some(Refusal::CannotMoveThere);
        }
    }
    // Try it on the pieces alone.
    let mut after = setup.clone();
    match from.filter(|_| drop.is_none()) {
        Some(from) => game.shift(&mut after, from, to),
        None => {
            after.board.take(to);
            after.board.put(to, mover);
        }
    }
    if let Some(king) = after.board.king_of(us) {
        let by = game.attacking_in(&pieces_only(after.clone(), us), king, !us);
        if let Some(by) = by.filter(|by| by.any()) {
            return Some(Refusal::KingAttacked { by });
        }
    }
    if let Some(their_king) = after.board.king_of(!us) {
        let checks = game.attacking_in(&pieces_only(after, !us), their_king, us);
        if checks.is_some_and(|by| by.any()) {
            if let Some(reason) = game.own_check_refusal() {
                return Some(reason);
            }
        }
    }
    Some(Refusal::NotLegal)
}

/// Whether the piece on `from` could go to `to` by its move pattern, blockers counted
/// (captures as the rule set's attacks say; a pawn's step ahead besides).
fn reaches<P: Probe + ?Sized>(game: &P, mover: Piece, from: Square, to: Square) -> bool {
    if game.attacking(to, mover.color).contains(from) {
        return true;
    }
    if mover.role == Role::King && from.rank() == to.rank() {
        return true; // castling: its own conditions (the king's transit) decide
    }
    if mover.role != Role::Pawn || from.file() != to.file() {
        return false;
    }
    let step: i32 = if mover.color == Color::White { 1 } else { -1 };
    let ahead = to.rank().index() as i32 - from.rank().index() as i32;
    ahead == step || ahead == 2 * step
}
