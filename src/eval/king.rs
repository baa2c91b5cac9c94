//! King safety: the pawn shield in front of a king on its back ranks, open files next
//! to it, and the danger from enemy pieces attacking the squares around it (drops in
//! Chess-Gi add to that danger).

use super::bits::file_of;
use super::params::{
    KING_DANGER_DIVISOR, KING_DANGER_EG_QUARTERS, KING_DANGER_MAX, KING_OPEN_FILE, SHIELD_FAR,
    SHIELD_MISSING, SHIELD_NEAR,
};
use super::taper::S;
use crate::board::Board;
use crate::types::{Color, Piece, Role};

/// The shelter of `color`'s king: own pawns one and two ranks in front of it on its
/// file and the neighbouring ones, and files without own pawns. Only for a king still
/// on its first two ranks (a king in the open has no shelter to speak of, and the
/// piece-square table already punishes it).
pub fn shelter(board: &Board, color: Color) -> i32 {
    let Some(king) = board.king_of(color) else {
        return 0;
    };
    if king.rank().relative(color).index() > 1 {
        return 0;
    }
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let forward = color.fold(1, -1);
    let mut score = 0;
    for file_offset in -1..=1 {
        let Some(base) = king.offset(file_offset, 0) else {
            continue;
        };
        let near = base.offset(0, forward);
        let far = base.offset(0, 2 * forward);
        if near.is_some_and(|s| pawns.contains(s)) {
            score += SHIELD_NEAR;
        } else if far.is_some_and(|s| pawns.contains(s)) {
            score += SHIELD_FAR;
        } else {
            score += SHIELD_MISSING;
        }
        if (pawns & file_of(base)).is_empty() {
            score += KING_OPEN_FILE;
        }
    }
    score
}

/// The danger to a king from `units` attack units by `attackers` pieces: nothing for
/// a lone attacker (one piece rarely mates), then growing with the square of the
/// units, capped.
pub fn danger(units: i32, attackers: i32) -> S {
    if attackers < 2 || units <= 0 {
        return S(0, 0);
    }
    let mg = (units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX);
    S(-mg, -mg * KING_DANGER_EG_QUARTERS / 4)
}
