//! Pawn structure: doubled, isolated, backward and connected pawns, and passed pawns
//! by how far they have come, whether they are blocked, and how near the kings are.

use super::bits::{adjacent_files, distance, file_of, pawn_attacks, ranks_ahead};
use super::params::{
    BACKWARD, CONNECTED, DOUBLED, ISOLATED, PASSED, PASSED_BLOCKED, PASSED_ENEMY_KING,
    PASSED_OWN_KING, WEIGHTS,
};
use super::sink::Sink;
use super::taper::S;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Piece, Role};

/// The pawn-structure terms of `color` that depend on pawns alone (everything but
/// the king distances); returns its passed pawns. `passed_extra_eighths` adds that
/// many eighths of the passed-pawn weights as a fixed term (Avalanche pawns advance
/// faster).
pub fn pawn_terms(
    board: &Board,
    color: Color,
    passed_extra_eighths: i32,
    sink: &mut impl Sink,
) -> Bitboard {
    let ours = board.by_piece(Piece::new(color, Role::Pawn));
    let mut passed = Bitboard::EMPTY;
    if ours.is_empty() {
        return passed;
    }
    let theirs = board.by_piece(Piece::new(!color, Role::Pawn));
    let defended = pawn_attacks(color, ours);
    let enemy_cover = pawn_attacks(!color, theirs);
    let forward = color.fold(1, -1);
    for sq in ours {
        let file = file_of(sq);
        let ahead = ranks_ahead(color, sq);
        let rank = sq.rank().relative(color).index();
        let stop = sq.offset(0, forward);
        if (ours & file & ahead).any() {
            sink.add(color, DOUBLED, 1);
        }
        let neighbours = adjacent_files(sq);
        if (ours & neighbours).is_empty() {
            sink.add(color, ISOLATED, 1);
        } else {
            let same_rank = Bitboard::from_rank(sq.rank());
            if (ours & neighbours & same_rank).any() || defended.contains(sq) {
                sink.add(color, CONNECTED + rank, 1);
            } else if (ours & neighbours & !ahead).is_empty()
                && stop.is_some_and(|s| enemy_cover.contains(s))
            {
                // Every neighbour has gone past it, and it cannot step up safely.
                sink.add(color, BACKWARD, 1);
            }
        }
        if (theirs & (file | neighbours) & ahead).is_empty() && (ours & file & ahead).is_empty() {
            passed.add(sq);
            sink.add(color, PASSED + rank, 1);
            // Pawns blocking here; pieces on the stop square count in
            // `passed_king_terms` (they move, and the cache key is the pawns).
            let blocked = stop.is_some_and(|s| (ours | theirs).contains(s));
            if blocked {
                sink.add(color, PASSED_BLOCKED + rank, 1);
            }
            if passed_extra_eighths != 0 {
                let mut extra = WEIGHTS[PASSED + rank];
                if blocked {
                    extra += WEIGHTS[PASSED_BLOCKED + rank];
                }
                let extra = extra * passed_extra_eighths;
                sink.fixed(color, S(extra.0 / 8, extra.1 / 8));
            }
        }
    }
    passed
}

/// The terms of `color`'s passed pawns that depend on the other pieces: a piece
/// blocking the stop square, and how far each king is from that square.
pub fn passed_king_terms(board: &Board, color: Color, passed: Bitboard, sink: &mut impl Sink) {
    let forward = color.fold(1, -1);
    let own_king = board.king_of(color);
    let enemy_king = board.king_of(!color);
    let pieces = board.occupied() - board.by_role(Role::Pawn);
    for sq in passed {
        let rank = sq.rank().relative(color).index();
        let Some(stop) = sq.offset(0, forward) else {
            continue;
        };
        if pieces.contains(stop) {
            sink.add(color, PASSED_BLOCKED + rank, 1);
        }
        if let Some(k) = own_king {
            sink.add(color, PASSED_OWN_KING + rank, distance(k, stop));
        }
        if let Some(k) = enemy_king {
            sink.add(color, PASSED_ENEMY_KING + rank, distance(k, stop));
        }
    }
}

/// The pawn-only terms of both sides, remembered by pawn placement: pawns move
/// rarely, so most positions of a search share a few pawn structures.
pub struct PawnCache {
    entries: Vec<PawnEntry>,
}

#[derive(Debug, Clone, Copy, Default)]
struct PawnEntry {
    pawns: [Bitboard; 2],
    extra: i32,
    /// White's terms minus Black's.
    score: S,
    passed: [Bitboard; 2],
}

const PAWN_CACHE_ENTRIES: usize = 1 << 13;

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache {
            entries: vec![PawnEntry::default(); PAWN_CACHE_ENTRIES],
        }
    }
}

impl PawnCache {
    /// The pawn-only terms (White's minus Black's) and both sides' passed pawns.
    pub fn probe(&mut self, board: &Board, passed_extra_eighths: i32) -> (S, [Bitboard; 2]) {
        let pawns = [Color::White, Color::Black].map(|c| board.by_piece(Piece::new(c, Role::Pawn)));
        let hash = pawns[0].0.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ pawns[1]
                .0
                .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
                .rotate_left(29);
        let slot = &mut self.entries[(hash >> 51) as usize & (PAWN_CACHE_ENTRIES - 1)];
        // Empty pawn sets hash to 0 too; an all-zero entry with no pawns is right.
        if slot.pawns != pawns || slot.extra != passed_extra_eighths {
            let mut total = super::sink::Total::default();
            let passed = [Color::White, Color::Black]
                .map(|c| pawn_terms(board, c, passed_extra_eighths, &mut total));
            *slot = PawnEntry {
                pawns,
                extra: passed_extra_eighths,
                score: total.0,
                passed,
            };
        }
        (slot.score, slot.passed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::sink::Total;
    use crate::notation::fen;
    use crate::{Chess, Position};

    fn structure(fen_text: &str) -> S {
        let pos: Chess = fen::read_fen(fen_text).unwrap();
        let mut total = Total::default();
        let board = pos.placement().board;
        let passed = pawn_terms(board, Color::White, 0, &mut total);
        passed_king_terms(board, Color::White, passed, &mut total);
        total.0
    }

    #[test]
    fn passed_pawns_count_more_when_advanced() {
        let far = structure("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let near = structure("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(near.1 > far.1, "{near:?} vs {far:?}");
        // A stoppable pawn is worth less than a free passer.
        let stopped = structure("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1");
        assert!(stopped.1 < far.1);
    }

    #[test]
    fn doubled_and_isolated_pawns_are_weak() {
        let healthy = structure("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1");
        let doubled = structure("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1");
        assert!(doubled.1 < healthy.1);
    }
}
