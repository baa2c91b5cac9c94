//! Between the float model and the engine's quantised [`Network`]: rounding to the
//! file's integers (first layer × QA, output weights × QB, output bias × QA × QB),
//! the way back for `--init`, and how closely the two agree.

use crate::model::{Params, B1, B2, INPUTS, W1, W2};
use crate::sample::{Features, Sample, SCORE_SCALE};
use alfiere::eval::nnue::{FeatureSet, Network, HIDDEN, QA, QB};

/// The largest first-layer weight or bias, in float units, for which no accumulator of
/// `layout` can overflow: the loader allows a bias plus [`FeatureSet::max_active`]
/// columns up to `i16::MAX` (about 3.89 for 32 pieces, 3.67 with two turn features);
/// training clamps the first layer to it.
pub fn first_layer_limit(layout: FeatureSet) -> f32 {
    let largest = i32::from(i16::MAX) / (layout.max_active() as i32 + 1);
    largest as f32 / QA as f32
}

/// Round to nearest; `as` saturates at the ends of i16 (only an output weight beyond
/// ±512 could get there).
fn to_i16(x: f32) -> i16 {
    x.round() as i16
}

/// The quantised network of `params`: each value times its factor, rounded to
/// nearest, except that the output bias also takes back the mean shift rounding
/// causes over `calibration`. Why: the 256 output weights are rounded to steps of
/// 1/QB, and units that are on in most positions turn their rounding errors into
/// an offset of every score (about 10 cp for a trained network); the bias absorbs
/// it. Weights already on the grid (`--init` with no training) shift nothing, so
/// they are written back unchanged.
pub fn quantise(params: &Params, layout: FeatureSet, calibration: &[Sample]) -> Network {
    let mut network = round(params, layout);
    let grid = grid_values(&network);
    let (mut features, mut hidden) = (Features::new(), [[0.0; HIDDEN]; 2]);
    let shift: f64 = calibration
        .iter()
        .map(|sample| {
            sample.features(&mut features);
            let float = params.forward(&features, &mut hidden);
            f64::from(float - grid.forward(&features, &mut hidden))
        })
        .sum::<f64>()
        / calibration.len().max(1) as f64;
    network.output_bias =
        ((f64::from(grid.values[B2]) + shift) * f64::from(QA * QB)).round() as i32;
    network
}

/// Each value times its factor, rounded to nearest; of the first layer, the rows of
/// `layout`.
fn round(params: &Params, layout: FeatureSet) -> Network {
    let qa = QA as f32;
    let v = &params.values;
    let mut feature_bias = [0; HIDDEN];
    for (q, w) in feature_bias.iter_mut().zip(&v[B1..W2]) {
        *q = to_i16(w * qa);
    }
    let mut output_weights = [0; 2 * HIDDEN];
    for (q, w) in output_weights.iter_mut().zip(&v[W2..B2]) {
        *q = to_i16(w * QB as f32);
    }
    Network {
        feature_set: layout,
        feature_weights: v[W1..W1 + layout.inputs() * HIDDEN]
            .iter()
            .map(|w| to_i16(w * qa))
            .collect(),
        feature_bias,
        output_weights,
        // In f64: the product reaches millions, beyond f32's exact integers.
        output_bias: (f64::from(v[B2]) * f64::from(QA * QB)).round() as i32,
    }
}

/// The float model of a quantised network (each value divided by its factor; the
/// rows a smaller layout lacks are zero): quantising it again to its layout gives
/// the same network.
pub fn dequantise(net: &Network) -> Result<Params, String> {
    let inputs = net.feature_set.inputs();
    if inputs > INPUTS || net.feature_weights.len() != inputs * HIDDEN {
        return Err(format!(
            "the network has {inputs} inputs; this trainer trains at most {INPUTS}"
        ));
    }
    Ok(grid_values(net))
}

/// [`dequantise`] of a network this trainer can hold.
fn grid_values(net: &Network) -> Params {
    let mut params = Params::zeros();
    let v = &mut params.values;
    for (w, q) in v[W1..].iter_mut().zip(&net.feature_weights) {
        *w = f32::from(*q) / QA as f32;
    }
    for (w, q) in v[B1..W2].iter_mut().zip(&net.feature_bias) {
        *w = f32::from(*q) / QA as f32;
    }
    for (w, q) in v[W2..B2].iter_mut().zip(&net.output_weights) {
        *w = f32::from(*q) / QB as f32;
    }
    v[B2] = (f64::from(net.output_bias) / f64::from(QA * QB)) as f32;
    params
}

/// A quantised score is close to the float one when it is within this many
/// centipawns of it ...
pub const CLOSE_CP: f64 = 8.0;
/// ... or within this share of it (large scores carry larger rounding).
pub const CLOSE_SHARE: f64 = 0.03;

/// How far the quantised network's scores stray from the float model's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Agreement {
    pub positions: usize,
    /// How many are close (see [`CLOSE_CP`]).
    pub close: usize,
    /// The largest difference, in centipawns.
    pub max_cp: f64,
    pub mean_cp: f64,
    /// The mean of float minus quantised: what rounding shifts all scores by.
    pub mean_signed_cp: f64,
}

/// Compares `net`'s `output` (after `refresh`) with `params`' `o × SCALE` on `samples`.
pub fn agreement(params: &Params, net: &Network, samples: &[Sample]) -> Agreement {
    let mut features = Features::new();
    let mut hidden = [[0.0; HIDDEN]; 2];
    let mut result = Agreement {
        positions: samples.len(),
        close: 0,
        max_cp: 0.0,
        mean_cp: 0.0,
        mean_signed_cp: 0.0,
    };
    for sample in samples {
        sample.features(&mut features);
        let float = f64::from(params.forward(&features, &mut hidden) * SCORE_SCALE);
        let accumulator = net.refresh(&sample.board(), &sample.extras());
        let quantised = f64::from(net.output(&accumulator, sample.turn()));
        let difference = (float - quantised).abs();
        if difference <= CLOSE_CP.max(CLOSE_SHARE * float.abs()) {
            result.close += 1;
        }
        result.max_cp = result.max_cp.max(difference);
        result.mean_cp += difference / samples.len() as f64;
        result.mean_signed_cp += (float - quantised) / samples.len() as f64;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use alfiere::eval::nnue::{Extras, Hands};
    use alfiere::notation::fen::read_fen;
    use alfiere::{ActionList, Chess, ChessGi, Position};

    /// Positions of seeded random games of rule set `G`, with their hands.
    fn random_samples<G: Position>(seed: u64, count: usize) -> Vec<Sample> {
        let mut pos = G::start();
        let mut list = ActionList::new();
        let mut rng = alfiere::search::skill::SplitMix(seed);
        let mut out = Vec::new();
        while out.len() < count {
            pos.legal_actions(&mut list);
            if list.is_empty() {
                pos = G::start();
                continue;
            }
            let action = list[(rng.next_u64() % list.len() as u64) as usize];
            pos.play_unchecked(&action);
            let layout = FeatureSet::of_variant(G::VARIANT).unwrap();
            out.push(Sample::of_position(&pos, layout).unwrap());
        }
        out
    }

    /// Positions of a seeded random orthodox game.
    fn positions(seed: u64, count: usize) -> Vec<Sample> {
        random_samples::<Chess>(seed, count)
    }

    /// Random weights of a trained network's size (output weights around 0.1),
    /// off the quantisation grid.
    fn trained_size(seed: u64) -> Params {
        let mut params = Params::random(seed);
        params.values[B1..W2]
            .iter_mut()
            .enumerate()
            .for_each(|(i, b)| {
                *b = (i % 7) as f32 * 0.05 - 0.1;
            });
        params.values[W2..B2].iter_mut().for_each(|w| *w *= 40.0);
        params.values[B2] = 0.123;
        params
    }

    #[test]
    fn a_network_on_the_grid_scores_exactly_as_its_float_model() {
        // Only the integer divisions' truncation (under 1 cp) separates the two:
        // the same definition (halves, activation, scale) on both sides.
        let net = quantise(&trained_size(17), FeatureSet::PieceSquare, &[]);
        let grid = dequantise(&net).unwrap();
        let fit = agreement(&grid, &net, &positions(3, 2000));
        assert!(fit.max_cp <= 1.1, "{fit:?}");
    }

    #[test]
    fn rounding_moves_scores_by_a_few_centipawns() {
        let params = trained_size(29);
        let net = quantise(&params, FeatureSet::PieceSquare, &positions(6, 2000));
        assert!(Network::from_bytes(&net.to_bytes()).is_ok());
        let fit = agreement(&params, &net, &positions(5, 2000));
        assert!(fit.mean_cp <= 4.0, "{fit:?}");
        // The output bias took back the common shift (truncation leaves < 1 cp).
        assert!(fit.mean_signed_cp.abs() <= 1.0, "{fit:?}");
        assert!(fit.close as f64 >= 0.95 * fit.positions as f64, "{fit:?}");
    }

    #[test]
    fn dequantising_and_quantising_again_gives_the_network_back() {
        let mut params = trained_size(8);
        params.values[B2] = -0.7;
        let calibration = positions(2, 500);
        let net = quantise(&params, FeatureSet::PieceSquare, &calibration);
        let again = quantise(
            &dequantise(&net).unwrap(),
            FeatureSet::PieceSquare,
            &calibration,
        );
        assert_eq!(again, net);
        // The side to act pairs with the first half of the output weights.
        let pos: Chess =
            read_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap();
        let sample = Sample::from_board(pos.placement().board, pos.turn()).unwrap();
        let grid = dequantise(&net).unwrap();
        assert!(agreement(&grid, &net, &[sample]).max_cp <= 1.1);
    }

    #[test]
    fn the_first_layer_limit_keeps_every_network_loadable() {
        let mut params = trained_size(4);
        params.values[W1..W2]
            .iter_mut()
            .enumerate()
            .for_each(|(i, w)| {
                *w = if i % 2 == 0 { 100.0 } else { -100.0 };
            });
        for layout in FeatureSet::ALL {
            let mut params = params.clone();
            params.clamp_first_layer(first_layer_limit(layout));
            let net = quantise(&params, layout, &positions(1, 100));
            assert!(Network::from_bytes(&net.to_bytes()).is_ok(), "{layout:?}");
        }
    }

    #[test]
    fn a_network_with_hands_scores_as_its_float_model_and_an_orthodox_one_starts_it() {
        let samples = random_samples::<ChessGi>(12, 1500);
        assert!(samples.iter().any(|s| s.hands() != Hands::default()));
        let mut params = trained_size(31);
        // Hands' rows off zero, so that the hands count.
        params.values[W1 + 768 * HIDDEN..B1]
            .iter_mut()
            .enumerate()
            .for_each(|(i, w)| *w = (i % 11) as f32 * 0.01 - 0.05);
        let net = quantise(&params, FeatureSet::PieceSquareHands, &samples);
        assert_eq!(
            net.feature_weights.len(),
            FeatureSet::PieceSquareHands.inputs() * HIDDEN
        );
        assert!(Network::from_bytes(&net.to_bytes()).is_ok());
        let grid = dequantise(&net).unwrap();
        assert!(agreement(&grid, &net, &samples).max_cp <= 1.1);

        // An orthodox network read as the start of a Chess-Gi one: the hands' rows
        // are zero, so it scores each position as the orthodox one scores its board.
        let orthodox = quantise(&trained_size(5), FeatureSet::PieceSquare, &[]);
        let start = quantise(
            &dequantise(&orthodox).unwrap(),
            FeatureSet::PieceSquareHands,
            &[],
        );
        for sample in &samples[..200] {
            let board = sample.board();
            let with_hands = start.output(&start.refresh(&board, &sample.extras()), sample.turn());
            let board_only = orthodox.output(
                &orthodox.refresh(&board, &Extras::single(sample.turn())),
                sample.turn(),
            );
            assert_eq!(with_hands, board_only);
        }
    }
}
