//! Correction history: how far searches found the static score off, by side to
//! act and pawn structure. The evaluation misjudges some pawn structures (a fixed
//! chain, a doomed passer) the same way in every position that shares them, and
//! the search measures that error at every node it completes; adding the running
//! average back makes the static score, and every pruning decision built on it,
//! closer to what a search would say.

use crate::board::Board;
use crate::types::{Color, Role};

/// Entries per side (a power of two).
const SIZE: usize = 1 << 14;
/// Stored values are centipawns times this, so small corrections accumulate.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns: beyond it the evaluation is not "a bit
/// off" and the search must find out.
const MAX_CORRECTION: i32 = 64;
/// The weight of a new observation is `min(depth², WEIGHT_MAX) / WEIGHT_SCALE`:
/// deep results are trusted more.
const WEIGHT_SCALE: i32 = 1024;
const WEIGHT_MAX: i32 = 128;

/// The running corrections.
#[derive(Debug, Clone)]
pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            table: vec![0; 2 * SIZE],
        }
    }
}

/// A key of the pawn structure alone: both sides' pawns, mixed.
#[inline]
pub fn pawn_key(board: &Board) -> u64 {
    let pawns = board.by_role(Role::Pawn);
    let white = (pawns & board.by_color(Color::White)).0;
    let black = (pawns & board.by_color(Color::Black)).0;
    let mix = |x: u64, k: u64| {
        let x = (x ^ (x >> 31)).wrapping_mul(k);
        x ^ (x >> 29)
    };
    mix(white, 0x9e37_79b9_7f4a_7c15) ^ mix(black.rotate_left(17), 0xbf58_476d_1ce4_e5b9)
}

impl CorrectionHistory {
    #[inline]
    fn index(side: Color, key: u64) -> usize {
        side.index() * SIZE + (key as usize & (SIZE - 1))
    }

    /// The correction to add to a static score, in centipawns.
    #[inline]
    pub fn get(&self, side: Color, key: u64) -> i32 {
        self.table[Self::index(side, key)] / GRAIN
    }

    /// Moves the entry towards `error` (searched score minus raw static score), the
    /// more the deeper the search was.
    #[inline]
    pub fn update(&mut self, side: Color, key: u64, error: i32, depth: i32) {
        let slot = &mut self.table[Self::index(side, key)];
        let weight = (depth * depth).clamp(1, WEIGHT_MAX);
        let target = error.clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        *slot = (*slot * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::read_fen;
    use crate::{Chess, Game};

    #[test]
    fn corrections_follow_the_errors_and_stay_bounded() {
        let mut c = CorrectionHistory::default();
        for _ in 0..200 {
            c.update(Color::White, 7, 40, 8);
        }
        assert!((38..=40).contains(&c.get(Color::White, 7)));
        assert_eq!(c.get(Color::Black, 7), 0);
        for _ in 0..200 {
            c.update(Color::White, 7, -5000, 20);
        }
        // Huge errors are clipped: the correction settles at the bound.
        let settled = c.get(Color::White, 7);
        assert!((-MAX_CORRECTION..=-MAX_CORRECTION + 1).contains(&settled));
    }

    #[test]
    fn pawn_key_sees_only_pawns() {
        let key = |f: &str| pawn_key(read_fen::<Chess>(f).unwrap().placement().board);
        let a = key("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let b = key("3qk3/pp6/8/8/8/8/PP6/2N1K3 b - - 0 1");
        let swapped = key("4k3/PP6/8/8/8/8/pp6/4K3 w - - 0 1");
        assert_eq!(a, b);
        assert_ne!(a, swapped);
    }
}
