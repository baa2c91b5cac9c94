//! Where evaluation terms go. Every term is either a *feature* (a count times a
//! tuned weight of [`super::params::WEIGHTS`]) or a *fixed* value (the terms of single
//! rule sets, which the orthodox tuning data cannot fit). The search sums them
//! ([`Total`]); the tuner records the counts ([`Trace`]) to fit the weights, which it
//! can do quickly because the evaluation is linear in them.

use super::params::{NUM_WEIGHTS, WEIGHTS};
use super::taper::S;
use crate::types::Color;

/// A receiver of evaluation terms, each for one side.
pub trait Sink {
    /// Whether pawn-only terms may come from the pawn cache as one fixed value (the
    /// sum), rather than feature by feature.
    const CACHED_PAWNS: bool;
    /// `n` times the weight of `feature`, for `color`.
    fn add(&mut self, color: Color, feature: usize, n: i32);
    /// A value outside the tuned weights, for `color`.
    fn fixed(&mut self, color: Color, value: S);
}

/// Sums the terms from White's side.
#[derive(Debug, Clone, Copy, Default)]
pub struct Total(pub S);

impl Sink for Total {
    const CACHED_PAWNS: bool = true;

    #[inline(always)]
    fn add(&mut self, color: Color, feature: usize, n: i32) {
        let w = WEIGHTS[feature] * n;
        match color {
            Color::White => self.0 += w,
            Color::Black => self.0 -= w,
        }
    }

    #[inline(always)]
    fn fixed(&mut self, color: Color, value: S) {
        match color {
            Color::White => self.0 += value,
            Color::Black => self.0 -= value,
        }
    }
}

/// The features of a position, White's counts minus Black's, and the sum of its
/// fixed terms (from White's side).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    pub counts: Vec<i32>,
    pub fixed: S,
}

impl Default for Trace {
    fn default() -> Trace {
        Trace {
            counts: vec![0; NUM_WEIGHTS],
            fixed: S(0, 0),
        }
    }
}

impl Sink for Trace {
    const CACHED_PAWNS: bool = false;

    fn add(&mut self, color: Color, feature: usize, n: i32) {
        self.counts[feature] += color.fold(n, -n);
    }

    fn fixed(&mut self, color: Color, value: S) {
        self.fixed += color.fold(value, -value);
    }
}
