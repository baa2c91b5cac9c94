//! King safety: the pawn shield in front of a king on its back ranks, open files next
//! to it, and the danger from enemy pieces attacking the squares around it (drops in
//! Chess-Gi add to that danger).

use super::bits::{file_of, king_spread};
use super::mobility::Activity;
use super::params::{
    KING_DANGER, KING_DANGER_CAP, KING_DANGER_SCALE, KING_OPEN_FILE, KING_ZONE_WEAK, SAFE_CHECK,
    SHIELD_FAR, SHIELD_MISSING, SHIELD_NEAR,
};
use super::sink::Sink;
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Piece, Role};

/// The shelter of `color`'s king: own pawns one and two ranks in front of it on its
/// file and the neighbouring ones, and files without own pawns. Only for a king still
/// on its first two ranks (a king in the open has no shelter to speak of, and the
/// piece-square table already punishes it).
pub fn shelter(board: &Board, color: Color, sink: &mut impl Sink) {
    let Some(king) = board.king_of(color) else {
        return;
    };
    if king.rank().relative(color).index() > 1 {
        return;
    }
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let forward = color.fold(1, -1);
    for file_offset in -1..=1 {
        let Some(base) = king.offset(file_offset, 0) else {
            continue;
        };
        let near = base.offset(0, forward);
        let far = base.offset(0, 2 * forward);
        if near.is_some_and(|s| pawns.contains(s)) {
            sink.add(color, SHIELD_NEAR, 1);
        } else if far.is_some_and(|s| pawns.contains(s)) {
            sink.add(color, SHIELD_FAR, 1);
        } else {
            sink.add(color, SHIELD_MISSING, 1);
        }
        if (pawns & file_of(base)).is_empty() {
            sink.add(color, KING_OPEN_FILE, 1);
        }
    }
}

/// The danger to `color`'s king from `units` attack units by `attackers` pieces:
/// nothing for a lone attacker (one piece rarely mates), then growing with the
/// square of the units, capped.
pub fn danger(units: i32, attackers: i32, color: Color, sink: &mut impl Sink) {
    if attackers < 2 || units <= 0 {
        return;
    }
    sink.add(
        color,
        KING_DANGER,
        (units * units).min(KING_DANGER_CAP) / KING_DANGER_SCALE,
    );
}

/// `attacker`'s threats against the enemy king (orthodox lines): squares from which
/// each kind of piece could give check without being taken, and squares next to
/// the king that it attacks and only the king defends.
pub fn attack_on_king(board: &Board, attacker: Color, activity: &Activity, sink: &mut impl Sink) {
    let Some(king) = board.king_of(!attacker) else {
        return;
    };
    let us = attacker.index();
    let them = (!attacker).index();
    let occupied = board.occupied();
    let safe = !activity.attacked[them] - board.by_color(attacker);
    let diagonal = attacks::bishop_attacks(king, occupied);
    let orthogonal = attacks::rook_attacks(king, occupied);
    let checks = [
        attacks::knight_attacks(king) & activity.by_knights[us],
        diagonal & activity.by_bishops[us],
        orthogonal & activity.by_rooks[us],
        (diagonal | orthogonal) & activity.by_queens[us],
    ];
    for (k, squares) in checks.into_iter().enumerate() {
        let n = (squares & safe).count() as i32;
        if n > 0 {
            sink.add(attacker, SAFE_CHECK + k, n);
        }
    }
    let zone = king_spread(Bitboard::from_square(king)) - Bitboard::from_square(king);
    let weak = (zone & (activity.attacked[us] - activity.attacked_twice[them])).count() as i32;
    if weak > 0 {
        sink.add(attacker, KING_ZONE_WEAK, weak);
    }
}
