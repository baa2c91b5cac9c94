//! The first layer's sums for both points of view, kept up to date as pieces move
//! (and, in a layout with hands, as pieces enter and leave the hands), and the output
//! computed from them.

use super::features::{board_diff, hand_feature, hands_diff, piece_square, Hands, HAND_DEPTH};
use super::network::{Network, HIDDEN, QA, QB, SCALE};
use crate::board::Board;
use crate::types::{Color, Piece, Role, Square};

/// The hidden layer before its activation, from White's and from Black's point of
/// view (indexed by [`Color::index`]).
#[derive(Clone, PartialEq, Eq)]
pub struct Accumulator {
    pub values: [[i16; HIDDEN]; 2],
}

impl std::fmt::Debug for Accumulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Accumulator({:?}...)", &self.values[0][..4])
    }
}

impl Network {
    /// The accumulator of `board` with `hands`, computed from scratch (the hands count
    /// only in a layout that has them).
    pub fn refresh(&self, board: &Board, hands: &Hands) -> Accumulator {
        let mut acc = Accumulator {
            values: [self.feature_bias; 2],
        };
        for (square, piece) in board.pieces() {
            self.toggle_piece(&mut acc, piece, square, true);
        }
        if self.feature_set.has_hands() {
            for holder in Color::ALL {
                for role in Role::ALL {
                    let held = usize::from(hands[holder].count(role)).min(HAND_DEPTH);
                    for count in 1..=held {
                        self.toggle_held(&mut acc, holder, role, count, true);
                    }
                }
            }
        }
        acc
    }

    /// Moves `acc` from `from`'s pieces and hands to `to`'s (the accumulator must be
    /// `from`'s).
    pub fn update(
        &self,
        acc: &mut Accumulator,
        (from, from_hands): (&Board, &Hands),
        (to, to_hands): (&Board, &Hands),
    ) {
        board_diff(from, to, |piece, square, added| {
            self.toggle_piece(acc, piece, square, added);
        });
        if self.feature_set.has_hands() {
            hands_diff(from_hands, to_hands, |holder, role, count, added| {
                self.toggle_held(acc, holder, role, count, added);
            });
        }
    }

    #[inline]
    fn toggle_piece(&self, acc: &mut Accumulator, piece: Piece, square: Square, added: bool) {
        let rows = Color::ALL.map(|viewer| piece_square(self.feature_set, viewer, piece, square));
        self.toggle(acc, rows, added);
    }

    #[inline]
    fn toggle_held(
        &self,
        acc: &mut Accumulator,
        holder: Color,
        role: Role,
        count: usize,
        on: bool,
    ) {
        if role != Role::King {
            let rows = Color::ALL.map(|viewer| hand_feature(viewer, holder, role, count));
            self.toggle(acc, rows, on);
        }
    }

    /// Adds (or takes away) the column of feature `rows[viewer]` to each point of
    /// view's sums. In the wasm, one copy for every kind of feature: its loops are the
    /// vectorised ones, and copies grow the module (natively, inlined for speed).
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    fn toggle(&self, acc: &mut Accumulator, rows: [usize; 2], added: bool) {
        for viewer in Color::ALL {
            let row = rows[viewer.index()] * HIDDEN;
            let column = &self.feature_weights[row..row + HIDDEN];
            let values = &mut acc.values[viewer.index()];
            // Wrapping: the loader refuses weights that could overflow, and wrapping
            // arithmetic keeps the loop free of checks so it vectorises.
            if added {
                for (v, w) in values.iter_mut().zip(column) {
                    *v = v.wrapping_add(*w);
                }
            } else {
                for (v, w) in values.iter_mut().zip(column) {
                    *v = v.wrapping_sub(*w);
                }
            }
        }
    }

    /// The score in centipawns for `side`, the side to act.
    pub fn output(&self, acc: &Accumulator, side: Color) -> i32 {
        let (ours, theirs) = self.output_weights.split_at(HIDDEN);
        let sum = screlu_dot(&acc.values[side.index()], ours)
            + screlu_dot(&acc.values[(!side).index()], theirs);
        let score = (sum / i64::from(QA) + i64::from(self.output_bias)) * i64::from(SCALE)
            / i64::from(QA * QB);
        score as i32
    }
}

/// Σ clamp(v, 0, QA)² × w. One term is at most 255 × 255 × 32767 < 2^31, so it is
/// computed in i32; the sum of [`HIDDEN`] of them needs i64.
fn screlu_dot(values: &[i16; HIDDEN], weights: &[i16]) -> i64 {
    values
        .iter()
        .zip(weights)
        .map(|(v, w)| {
            let v = i32::from(*v).clamp(0, QA);
            i64::from(v * i32::from(*w) * v)
        })
        .sum()
}
