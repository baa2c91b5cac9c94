//! Material and piece-square values of the pieces on the board, and of the pieces in
//! hand (Chess-Gi), with the game phase they imply.

use super::params::{BISHOP_PAIR, HAND_VALUE, PHASE_WEIGHT, PIECE_VALUE};
use super::pst::TABLE;
use super::taper::S;
use crate::board::Board;
use crate::setup::Hand;
use crate::types::{Color, Role};

/// Material plus piece-square values of `color`'s pieces on the board.
pub fn material_and_squares(board: &Board, color: Color) -> S {
    let mut total = S(0, 0);
    for role in Role::ALL {
        let pieces = board.by_piece(crate::types::Piece::new(color, role));
        let value = PIECE_VALUE[role.index()];
        for sq in pieces {
            let relative = match color {
                Color::White => sq.index(),
                Color::Black => sq.index() ^ 56,
            };
            total += value + TABLE[role.index()][relative];
        }
    }
    if board
        .by_piece(crate::types::Piece::new(color, Role::Bishop))
        .more_than_one()
    {
        total += BISHOP_PAIR;
    }
    total
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
