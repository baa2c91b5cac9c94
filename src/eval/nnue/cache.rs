//! The search's accumulators: one per ply, each with the board it belongs to.
//!
//! An accumulator follows any change of pieces by the difference of two boards, so
//! it can be brought to a position from *any* stored one: the cache picks, among
//! this ply's last one (a sibling), the parent's and the grandparent's, the one whose
//! board differs least, and refreshes from scratch only when all differ much (after
//! a null move or a jump between subtrees the stored boards may be far off). No hook
//! into any rule set's make-move is needed, and a stale entry costs time, never a
//! wrong score.

use super::accumulator::Accumulator;
use super::features::Hands;
use super::network::Network;
use crate::board::Board;
use crate::types::{Color, Role};
use std::sync::Arc;

/// Above this many differing piece bitboard bits, refreshing is cheaper than
/// following the difference (a refresh adds about 32 columns, an update one per bit).
const REFRESH_ABOVE: usize = 24;

struct Entry {
    board: Board,
    hands: Hands,
    acc: Accumulator,
}

/// The accumulators of a search, by ply.
pub struct AccumulatorCache {
    network: Arc<Network>,
    entries: Vec<Option<Entry>>,
}

/// About how many feature columns differ between two positions: the (piece, square)
/// pairs of the boards, and two for a change of hands (a capture or a drop changes one
/// count by one).
fn distance((a, a_hands): (&Board, &Hands), (b, b_hands): (&Board, &Hands)) -> usize {
    let roles: usize = Role::ALL
        .iter()
        .map(|&r| (a.by_role(r) ^ b.by_role(r)).count())
        .sum();
    let held = if a_hands == b_hands { 0 } else { 2 };
    roles + held + (a.by_color(Color::White) ^ b.by_color(Color::White)).count()
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

    /// The network's score of `board` with `hands` for `side`, at `ply` of the search.
    pub fn evaluate(&mut self, board: &Board, hands: &Hands, side: Color, ply: usize) -> i32 {
        if self.entries.len() <= ply {
            self.entries.resize_with(ply + 1, || None);
        }
        let nearest = [ply, ply.wrapping_sub(1), ply.wrapping_sub(2)]
            .into_iter()
            .filter_map(|p| self.entries.get(p)?.as_ref())
            .map(|e| (distance((&e.board, &e.hands), (board, hands)), e))
            .min_by_key(|(d, _)| *d);
        let acc = match nearest {
            Some((0, e)) => e.acc.clone(),
            Some((d, e)) if d <= REFRESH_ABOVE => {
                let mut acc = e.acc.clone();
                self.network
                    .update(&mut acc, (&e.board, &e.hands), (board, hands));
                acc
            }
            _ => self.network.refresh(board, hands),
        };
        let score = self.network.output(&acc, side);
        self.entries[ply] = Some(Entry {
            board: board.clone(),
            hands: *hands,
            acc,
        });
        score
    }
}
