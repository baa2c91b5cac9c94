//! The first layer's sums for both points of view, kept up to date as pieces move
//! (and, in a layout with hands, as pieces enter and leave the hands; with two
//! boards, as they cross; with the turn, as actions are played), and the output
//! computed from them.

use super::features::{
    board_diff, hand_feature, hands_diff, piece_square_on, turn_features, two_board_diff, Extras,
    TurnInputs, HAND_DEPTH,
};
use super::network::{Network, HIDDEN, QA, QB, SCALE};
use crate::bitboard::Bitboard;
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
    /// The accumulator of `board` with `extras`, computed from scratch (each layout
    /// reads only its own part of `extras`).
    pub fn refresh(&self, board: &Board, extras: &Extras) -> Accumulator {
        let mut acc = Accumulator {
            values: [self.feature_bias; 2],
        };
        let set = self.feature_set;
        for (square, piece) in board.pieces() {
            let on_b = set.boards() > 1 && extras.board_b.contains(square);
            self.toggle_piece(&mut acc, piece, square, on_b, true);
        }
        if set.has_hands() {
            for holder in Color::ALL {
                for role in Role::ALL {
                    let held = usize::from(extras.hands[holder].count(role)).min(HAND_DEPTH);
                    for count in 1..=held {
                        self.toggle_held(&mut acc, holder, role, count, true);
                    }
                }
            }
        }
        if set.has_turn() {
            self.toggle_turn(&mut acc, extras.turn, true);
        }
        acc
    }

    /// Moves `acc` from `from`'s pieces and extras to `to`'s (the accumulator must be
    /// `from`'s).
    pub fn update(
        &self,
        acc: &mut Accumulator,
        (from, from_extras): (&Board, &Extras),
        (to, to_extras): (&Board, &Extras),
    ) {
        let set = self.feature_set;
        // The wasm follows every kind by the two-board diff, board B empty for a
        // one-board kind (one function: -93 bytes gzipped); natively a one-board kind
        // keeps the plain diff, half the bitboard pairs (1.8% fewer instructions in
        // an orthodox search with the network).
        if cfg!(target_arch = "wasm32") || set.boards() > 1 {
            let board_b = |extras: &Extras| {
                if set.boards() > 1 {
                    extras.board_b
                } else {
                    Bitboard::EMPTY
                }
            };
            two_board_diff(
                (from, board_b(from_extras)),
                (to, board_b(to_extras)),
                |piece, square, on_b, added| self.toggle_piece(acc, piece, square, on_b, added),
            );
        } else {
            board_diff(from, to, |piece, square, added| {
                self.toggle_piece(acc, piece, square, false, added);
            });
        }
        if set.has_hands() {
            hands_diff(
                &from_extras.hands,
                &to_extras.hands,
                |holder, role, count, added| {
                    self.toggle_held(acc, holder, role, count, added);
                },
            );
        }
        if set.has_turn() && from_extras.turn != to_extras.turn {
            self.toggle_turn(acc, from_extras.turn, false);
            self.toggle_turn(acc, to_extras.turn, true);
        }
    }

    /// Turns the features of `turn` on or off (at most two columns a side).
    fn toggle_turn(&self, acc: &mut Accumulator, turn: TurnInputs, on: bool) {
        let [white, black] = Color::ALL.map(|viewer| turn_features(self.feature_set, viewer, turn));
        for (w, b) in white.into_iter().zip(black) {
            if let (Some(w), Some(b)) = (w, b) {
                self.toggle(acc, [w, b], on);
            }
        }
    }

    #[inline]
    fn toggle_piece(
        &self,
        acc: &mut Accumulator,
        piece: Piece,
        square: Square,
        on_b: bool,
        added: bool,
    ) {
        let rows =
            Color::ALL.map(|viewer| piece_square_on(self.feature_set, viewer, piece, square, on_b));
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
