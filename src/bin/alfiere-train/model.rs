//! The network in floating point, as it is trained: the same shape and definition
//! as the engine's quantised [`alfiere::eval::nnue::Network`], with every weight in
//! one flat vector so that gradients and the optimiser work on plain slices.
//!
//! Forward: `h_us = b1 + Σ W1[f]` over the side to act's active inputs, `h_them`
//! likewise over the other side's; `a = clamp(h, 0, 1)²`; `o = W2 · [a_us, a_them]
//! + b2`. `o × SCALE` is centipawns for the side to act.

use crate::sample::Features;
use alfiere::eval::nnue::{FeatureSet, HIDDEN};
use alfiere::search::skill::SplitMix;

/// Inputs per point of view: room for the largest layout. Each smaller layout's
/// features are a prefix of it (the piece-square block comes first), so a model of a
/// smaller layout simply never turns the rest on, and a file keeps the rows of its
/// layout ([`crate::quantise`]).
pub const INPUTS: usize = largest_layout();
/// The most inputs of any layout (Alice's two boards).
const fn largest_layout() -> usize {
    let mut largest = 0;
    let mut i = 0;
    while i < FeatureSet::ALL.len() {
        let inputs = FeatureSet::ALL[i].inputs();
        if inputs > largest {
            largest = inputs;
        }
        i += 1;
    }
    largest
}

/// The rows [`Params::random`] draws: the piece-square block; the hands' rows start at
/// zero (a network that does not yet see the hands), and an orthodox run draws the
/// same weights as before the hands existed.
const RANDOM_ROWS: usize = FeatureSet::PieceSquare.inputs();
/// Where each layer starts in [`Params::values`]: W1 (`INPUTS` rows of `HIDDEN`),
/// b1, W2 (the side to act's half first), b2.
pub const W1: usize = 0;
pub const B1: usize = W1 + INPUTS * HIDDEN;
pub const W2: usize = B1 + HIDDEN;
pub const B2: usize = W2 + 2 * HIDDEN;
pub const LEN: usize = B2 + 1;

/// All weights (or all gradients) of the network.
#[derive(Debug, Clone, PartialEq)]
pub struct Params {
    pub values: Vec<f32>,
}

/// The hidden layer before its activation, the side to act's first.
pub type Hidden = [[f32; HIDDEN]; 2];

impl Params {
    pub fn zeros() -> Params {
        Params {
            values: vec![0.0; LEN],
        }
    }

    /// Small random weights, zero biases.
    pub fn random(seed: u64) -> Params {
        let mut rng = SplitMix(seed);
        let mut uniform = |range: f32| {
            let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * unit - 1.0) * range
        };
        let mut params = Params::zeros();
        // About 30 inputs are active: ±0.15 gives hidden sums of spread about 0.5,
        // inside the activation's [0, 1] where it has a gradient.
        for w in &mut params.values[W1..W1 + RANDOM_ROWS * HIDDEN] {
            *w = uniform(0.15);
        }
        // Small enough that the untrained network predicts about 0.5 everywhere.
        for w in &mut params.values[W2..B2] {
            *w = uniform(1.0 / (2 * HIDDEN) as f32);
        }
        params
    }

    fn row(&self, feature: usize) -> &[f32] {
        &self.values[W1 + feature * HIDDEN..W1 + (feature + 1) * HIDDEN]
    }

    /// The output `o` (centipawns / SCALE for the side to act); `hidden` keeps the
    /// sums before the activation for [`Params::backward`].
    pub fn forward(&self, features: &Features, hidden: &mut Hidden) -> f32 {
        for (sums, active) in hidden.iter_mut().zip([&features.us, &features.them]) {
            sums.copy_from_slice(&self.values[B1..W2]);
            for &feature in active.iter() {
                for (s, w) in sums.iter_mut().zip(self.row(feature)) {
                    *s += w;
                }
            }
        }
        let mut out = self.values[B2];
        for (sums, weights) in hidden.iter().zip(self.values[W2..B2].chunks_exact(HIDDEN)) {
            for (s, w) in sums.iter().zip(weights) {
                let a = s.clamp(0.0, 1.0);
                out += a * a * w;
            }
        }
        out
    }

    /// Adds to `grad` the gradient of a loss whose derivative by the output is
    /// `d_out`, at the point `forward` computed `hidden` for.
    pub fn backward(&self, features: &Features, hidden: &Hidden, d_out: f32, grad: &mut Params) {
        grad.values[B2] += d_out;
        let mut d_hidden = [[0.0f32; HIDDEN]; 2];
        let halves = self.values[W2..B2].chunks_exact(HIDDEN);
        let grad_halves = grad.values[W2..B2].chunks_exact_mut(HIDDEN);
        for (((sums, weights), grads), d) in hidden
            .iter()
            .zip(halves)
            .zip(grad_halves)
            .zip(&mut d_hidden)
        {
            for (((s, w), g), d) in sums.iter().zip(weights).zip(grads).zip(d.iter_mut()) {
                let a = s.clamp(0.0, 1.0);
                *g += d_out * a * a;
                // The clipped activation is flat outside (0, 1): no gradient there.
                if *s > 0.0 && *s < 1.0 {
                    *d = d_out * w * 2.0 * s;
                }
            }
        }
        for (g, (d_us, d_them)) in grad.values[B1..W2]
            .iter_mut()
            .zip(d_hidden[0].iter().zip(&d_hidden[1]))
        {
            *g += d_us + d_them;
        }
        // Only the active inputs' rows get a gradient: the first layer's sparsity.
        for (active, d) in [&features.us, &features.them].into_iter().zip(&d_hidden) {
            for &feature in active.iter() {
                let start = W1 + feature * HIDDEN;
                for (g, d) in grad.values[start..start + HIDDEN].iter_mut().zip(d) {
                    *g += d;
                }
            }
        }
    }

    /// Keeps the first layer within ±`limit` (see `quantise::first_layer_limit`).
    pub fn clamp_first_layer(&mut self, limit: f32) {
        for w in &mut self.values[W1..W2] {
            *w = w.clamp(-limit, limit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::Sample;
    use alfiere::notation::fen::read_fen;
    use alfiere::{Chess, Position};

    fn features(fen: &str) -> Features {
        let pos: Chess = read_fen(fen).unwrap();
        let sample = Sample::from_board(pos.placement().board, pos.turn()).unwrap();
        let mut features = Features::new();
        sample.features(&mut features);
        features
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let f = features("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4");
        let mut params = Params::random(5);
        // Larger output weights so every parameter's effect is well above rounding.
        params.values[W2..B2].iter_mut().for_each(|w| *w *= 50.0);
        let mut hidden = [[0.0; HIDDEN]; 2];
        params.forward(&f, &mut hidden);
        let mut grad = Params::zeros();
        params.backward(&f, &hidden, 1.0, &mut grad);
        let checked = [
            B2,
            W2 + 3,
            W2 + HIDDEN + 7,
            B1 + 11,
            W1 + f.us[0] * HIDDEN + 2,
        ];
        let checked = checked.into_iter().chain([W1 + f.them[5] * HIDDEN + 40]);
        for index in checked {
            let step = 1e-2;
            let mut up = params.clone();
            up.values[index] += step;
            let mut down = params.clone();
            down.values[index] -= step;
            let numeric =
                (up.forward(&f, &mut hidden) - down.forward(&f, &mut hidden)) / (2.0 * step);
            let analytic = grad.values[index];
            assert!(
                (numeric - analytic).abs() <= 0.02 * analytic.abs().max(0.1),
                "parameter {index}: {numeric} numerically, {analytic} by backward"
            );
        }
    }
}
