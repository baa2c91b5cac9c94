//! Pawn structure: doubled, isolated and connected pawns, and passed pawns by how
//! far they have come.

use super::bits::{adjacent_files, file_of, pawn_attacks, ranks_ahead};
use super::params::{CONNECTED, DOUBLED, ISOLATED, PASSED, PASSED_BLOCKED_DIVISOR};
use super::taper::S;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Piece, Role};

/// The pawn-structure score of `color`; `advance_eighths` scales the passed-pawn
/// bonus (8 = orthodox; Avalanche pawns advance faster).
pub fn pawn_structure(board: &Board, color: Color, advance_eighths: i32) -> S {
    let ours = board.by_piece(Piece::new(color, Role::Pawn));
    if ours.is_empty() {
        return S(0, 0);
    }
    let theirs = board.by_piece(Piece::new(!color, Role::Pawn));
    let defended = pawn_attacks(color, ours);
    let mut total = S(0, 0);
    for sq in ours {
        let file = file_of(sq);
        let ahead = ranks_ahead(color, sq);
        if (ours & file & ahead).any() {
            total += DOUBLED;
        }
        let neighbours = adjacent_files(sq);
        if (ours & neighbours).is_empty() {
            total += ISOLATED;
        } else {
            let same_rank = Bitboard::from_rank(sq.rank());
            if (ours & neighbours & same_rank).any() || defended.contains(sq) {
                total += CONNECTED;
            }
        }
        if (theirs & (file | neighbours) & ahead).is_empty() && (ours & file & ahead).is_empty() {
            let rank = sq.rank().relative(color).index();
            let mut bonus = PASSED[rank] * advance_eighths;
            bonus = S(bonus.0 / 8, bonus.1 / 8);
            let blocked = sq
                .offset(0, color.fold(1, -1))
                .is_some_and(|stop| board.occupied().contains(stop));
            if blocked {
                bonus = S(
                    bonus.0 / PASSED_BLOCKED_DIVISOR,
                    bonus.1 / PASSED_BLOCKED_DIVISOR,
                );
            }
            total += bonus;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::{Chess, Game};

    fn structure(fen_text: &str, color: Color) -> S {
        let pos: Chess = fen::read_fen(fen_text).unwrap();
        pawn_structure(pos.placement().board, color, 8)
    }

    #[test]
    fn passed_pawns_count_more_when_advanced() {
        let far = structure("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", Color::White);
        let near = structure("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", Color::White);
        assert!(near.1 > far.1, "{near:?} vs {far:?}");
        // A blocked or stoppable pawn is worth less than a free passer.
        let stopped = structure("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", Color::White);
        assert!(stopped.1 < far.1);
    }

    #[test]
    fn doubled_and_isolated_pawns_are_weak() {
        let healthy = structure("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", Color::White);
        let doubled = structure("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", Color::White);
        assert!(doubled.1 < healthy.1);
    }
}
