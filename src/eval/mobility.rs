//! Mobility and attacks: for every piece, the squares it attacks under the rule set's
//! geometry (orthodox lines, Billiards' rebounding diagonals, Alice's per-board
//! lines), scored as mobility and collected into attack maps (all, by pawns, by
//! knights and bishops, by rooks; attacked twice) and king-zone attack units for the
//! king-safety and threat terms.

use super::bits::{king_spread, pawn_attacks};
use super::params::{KING_ATTACK_WEIGHT, MOBILITY, MOBILITY_SLOTS};
use super::sink::Sink;
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Piece, Role};
use crate::variants::billiards;

/// How pieces attack in a rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Geometry {
    /// Orthodox lines (and every rule set built on them).
    Orthodox,
    /// Diagonals rebound off the edges.
    Billiards,
    /// Pieces see only their own board (the `board_b` mask).
    Alice,
}

/// What the pieces of both sides do, indexed by [`Color::index`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Activity {
    /// Every square each side attacks (pawns and king included).
    pub attacked: [Bitboard; 2],
    /// Squares attacked by two or more pieces of the side.
    pub attacked_twice: [Bitboard; 2],
    pub by_pawns: [Bitboard; 2],
    /// By knights and bishops.
    pub by_minors: [Bitboard; 2],
    pub by_knights: [Bitboard; 2],
    pub by_bishops: [Bitboard; 2],
    pub by_rooks: [Bitboard; 2],
    pub by_queens: [Bitboard; 2],
    /// Attack units against each side's king zone (by the other side's pieces).
    pub king_attack_units: [i32; 2],
    /// How many enemy pieces attack each side's king zone.
    pub king_attackers: [i32; 2],
}

/// The squares a piece on `sq` attacks.
#[inline]
fn piece_attacks(
    geometry: Geometry,
    color: Color,
    role: Role,
    sq: crate::Square,
    occupied: Bitboard,
) -> Bitboard {
    match geometry {
        Geometry::Billiards => billiards::piece_attacks(color, role, sq, occupied),
        _ => attacks::attacks(color, role, sq, occupied),
    }
}

/// Mobility (into `sink`), attack maps and king-zone attacks of both sides.
pub fn activity(
    board: &Board,
    board_b: Bitboard,
    geometry: Geometry,
    sink: &mut impl Sink,
) -> Activity {
    let mut out = Activity::default();
    let occupied = board.occupied();
    for color in Color::ALL {
        out.by_pawns[color.index()] =
            pawn_attacks(color, board.by_piece(Piece::new(color, Role::Pawn)));
    }
    let king_zone = [Color::White, Color::Black].map(|c| match board.king_of(c) {
        Some(k) => king_spread(Bitboard::from_square(k)),
        None => Bitboard::EMPTY,
    });
    for color in Color::ALL {
        let us = color.index();
        let them = (!color).index();
        let own = board.by_color(color);
        let mut attacked = out.by_pawns[us];
        let mut twice = Bitboard::EMPTY;
        if let Some(k) = board.king_of(color) {
            let king = attacks::king_attacks(k);
            twice |= attacked & king;
            attacked |= king;
        }
        let enemy_king_board_b = board.king_of(!color).is_some_and(|k| board_b.contains(k));
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for sq in board.by_piece(Piece::new(color, role)) {
                let (att, reachable, threatens_king) = match geometry {
                    Geometry::Alice => {
                        let on_b = board_b.contains(sq);
                        let same = if on_b { board_b } else { !board_b };
                        let att = piece_attacks(geometry, color, role, sq, occupied & same);
                        // R3: the arrival square must be empty on the other board.
                        let reachable = att - (own & same) - (occupied - same);
                        (att, reachable, on_b == enemy_king_board_b)
                    }
                    _ => {
                        let att = piece_attacks(geometry, color, role, sq, occupied);
                        (att, att - own, true)
                    }
                };
                twice |= attacked & att;
                attacked |= att;
                match role {
                    Role::Knight => out.by_knights[us] |= att,
                    Role::Bishop => out.by_bishops[us] |= att,
                    Role::Rook => out.by_rooks[us] |= att,
                    _ => out.by_queens[us] |= att,
                }
                let count = (reachable - out.by_pawns[them])
                    .count()
                    .min(MOBILITY_SLOTS - 1);
                sink.add(
                    color,
                    MOBILITY + (role.index() - 1) * MOBILITY_SLOTS + count,
                    1,
                );
                let hits = (att & king_zone[them]).count() as i32;
                if hits > 0 && threatens_king {
                    out.king_attack_units[them] += KING_ATTACK_WEIGHT[role.index()] * hits;
                    out.king_attackers[them] += 1;
                }
            }
        }
        out.by_minors[us] = out.by_knights[us] | out.by_bishops[us];
        out.attacked[us] = attacked;
        out.attacked_twice[us] = twice;
    }
    out
}
