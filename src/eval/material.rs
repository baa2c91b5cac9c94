//! Material and piece-square values of the pieces on the board, the bishop pair, and
//! the pieces in hand (Chess-Gi), with the game phase they imply.

use super::params::{BISHOP_PAIR, HAND_VALUE, PHASE_WEIGHT, PIECE, PST};
use super::sink::Sink;
use super::taper::S;
use crate::board::Board;
use crate::setup::Hand;
use crate::types::{Color, Piece, Role};

/// The square of `sq` as White sees it (Black's tables are mirrored).
#[inline]
fn relative_index(color: Color, sq: crate::Square) -> usize {
    match color {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    }
}

/// The piece-square feature of `color`'s `role` on `sq`: the index of its weight.
#[inline]
pub fn square_feature(color: Color, role: Role, sq: crate::Square) -> usize {
    PST + role.index() * 64 + relative_index(color, sq)
}

/// Material plus piece-square values of `color`'s pieces on the board.
pub fn material_and_squares(board: &Board, color: Color, sink: &mut impl Sink) {
    for role in Role::ALL {
        let pieces = board.by_piece(Piece::new(color, role));
        if pieces.is_empty() {
            continue;
        }
        sink.add(color, PIECE + role.index(), pieces.count() as i32);
        for sq in pieces {
            sink.add(color, square_feature(color, role, sq), 1);
        }
    }
    if board
        .by_piece(Piece::new(color, Role::Bishop))
        .more_than_one()
    {
        sink.add(color, BISHOP_PAIR, 1);
    }
}

/// The value of a hand.
pub fn hand_value(hand: &Hand) -> S {
    let mut total = S(0, 0);
    for role in Role::IN_HAND {
        total += HAND_VALUE[role.index()] * i32::from(hand.count(role));
    }
    total
}

/// The game phase from the pieces on the board and in hand (capped at the maximum).
pub fn phase(board: &Board, hands: [Option<Hand>; 2]) -> i32 {
    let mut phase = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let mut count = board.by_role(role).count() as i32;
        for hand in hands.iter().flatten() {
            count += i32::from(hand.count(role));
        }
        phase += PHASE_WEIGHT[role.index()] * count;
    }
    phase.min(super::taper::MAX_PHASE)
}
