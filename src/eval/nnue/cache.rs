//! The search's accumulators: one per ply, each with the board it belongs to.
//!
//! An accumulator follows any change of pieces by the difference of two boards, so
//! (and of the extras: Alice's board B, the hands, the turn) it can be brought to a
//! position from *any* stored one: the cache picks, among
//! this ply's last one (a sibling), the parent's and the grandparent's, the one whose
//! board differs least, and refreshes from scratch only when all differ much (after
//! a null move or a jump between subtrees the stored boards may be far off). No hook
//! into any rule set's make-move is needed, and a stale entry costs time, never a
//! wrong score.

use super::accumulator::Accumulator;
use super::features::{Extras, FeatureSet};
use super::network::Network;
use crate::board::Board;
use crate::types::{Color, Role};
use std::sync::Arc;

/// Above this many differing piece bitboard bits, refreshing is cheaper than
/// following the difference (a refresh adds about 32 columns, an update one per bit).
const REFRESH_ABOVE: usize = 24;

struct Entry {
    board: Board,
    extras: Extras,
    acc: Accumulator,
}

/// The accumulators of a search, by ply.
pub struct AccumulatorCache {
    network: Arc<Network>,
    entries: Vec<Option<Entry>>,
}

/// About how many feature columns of layout `set` differ between two positions: the
/// (piece, square) pairs of the boards, the squares that changed board (Alice), and
/// two each for a change of hands (a capture or a drop changes one count by one) and
/// of the turn. Only what `set` reads counts: the side to act changes at every ply,
/// and counting it where no feature sees it would pass over the parent's entry.
fn distance(
    set: FeatureSet,
    (a, a_extras): (&Board, &Extras),
    (b, b_extras): (&Board, &Extras),
) -> usize {
    let roles: usize = Role::ALL
        .iter()
        .map(|&r| (a.by_role(r) ^ b.by_role(r)).count())
        .sum();
    let mut d = roles + (a.by_color(Color::White) ^ b.by_color(Color::White)).count();
    if set.has_hands() && a_extras.hands != b_extras.hands {
        d += 2;
    }
    if set.has_turn() && a_extras.turn != b_extras.turn {
        d += 2;
    }
    if set.boards() > 1 {
        d += (a_extras.board_b ^ b_extras.board_b).count();
    }
    d
}

impl AccumulatorCache {
    pub fn new(network: Arc<Network>) -> AccumulatorCache {
        AccumulatorCache {
            network,
            entries: Vec::new(),
        }
    }

    pub fn network(&self) -> &Network {
        &self.network
    }

    /// The network's score of `board` with `extras` for the side to act, at `ply` of
    /// the search.
    pub fn evaluate(&mut self, board: &Board, extras: &Extras, ply: usize) -> i32 {
        if self.entries.len() <= ply {
            self.entries.resize_with(ply + 1, || None);
        }
        let set = self.network.feature_set;
        let nearest = [ply, ply.wrapping_sub(1), ply.wrapping_sub(2)]
            .into_iter()
            .filter_map(|p| self.entries.get(p)?.as_ref())
            .map(|e| (distance(set, (&e.board, &e.extras), (board, extras)), e))
            .min_by_key(|(d, _)| *d);
        let acc = match nearest {
            Some((0, e)) => e.acc.clone(),
            Some((d, e)) if d <= REFRESH_ABOVE => {
                let mut acc = e.acc.clone();
                self.network
                    .update(&mut acc, (&e.board, &e.extras), (board, extras));
                acc
            }
            _ => self.network.refresh(board, extras),
        };
        let score = self.network.output(&acc, extras.turn.side);
        self.entries[ply] = Some(Entry {
            board: board.clone(),
            extras: *extras,
            acc,
        });
        score
    }
}
