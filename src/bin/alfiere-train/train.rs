//! The training loop: seeded shuffles, batches split across threads whose gradients
//! are summed in a fixed order (so a seed and a thread count give the same network
//! every time), an Adam step per batch, and the losses.
//!
//! The prediction is `sigmoid(o)` (`o × SCALE` is centipawns, and `sigmoid(cp /
//! 400)` the usual win-probability mapping); the loss is the mean of `(prediction −
//! target)²`, with the target from [`Sample::target`].

use crate::model::{Hidden, Params, LEN};
use crate::optimiser::{learning_rate, Adam};
use crate::sample::{sigmoid, Features, Sample};
use alfiere::eval::nnue::HIDDEN;
use alfiere::search::skill::SplitMix;
use std::time::Instant;

/// How the network is trained.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    pub wdl: f32,
    pub threads: usize,
    pub seed: u64,
    /// Show about half of the positions mirrored left to right in each epoch (a
    /// different half each time): the network sees twice the boards, and castling
    /// rights, the only thing the mirror changes, are not among its inputs.
    pub mirror: bool,
    /// The first layer is kept within ± this ([`crate::quantise::first_layer_limit`]
    /// of the layout trained), so that the file loads.
    pub first_layer_limit: f32,
}

/// What one epoch did.
#[derive(Debug, Clone, Copy)]
pub struct Epoch {
    /// From 1.
    pub number: usize,
    pub lr: f32,
    /// The mean loss over the epoch's batches, each taken before its step.
    pub train_loss: f64,
    /// `None` without validation positions.
    pub validation_loss: Option<f64>,
    pub positions_per_second: f64,
    pub seconds: f64,
}

/// One thread's scratch space: its share of the batch's gradient and its buffers.
struct Worker {
    grad: Params,
    features: Features,
    hidden: Hidden,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            grad: Params::zeros(),
            features: Features::new(),
            hidden: [[0.0; HIDDEN]; 2],
        }
    }

    /// Zeroes the gradient, then adds `samples`' share of the batch's; returns their
    /// summed loss. `scale` is 1 / the batch's size (the loss is a mean).
    /// `mirror_salt` is the epoch's salt for [`Sample::mirrored_in`], `None` to
    /// mirror nothing.
    fn accumulate(
        &mut self,
        params: &Params,
        samples: &[Sample],
        wdl: f32,
        scale: f32,
        mirror_salt: Option<u64>,
    ) -> f64 {
        self.grad.values.fill(0.0);
        let mut loss = 0.0;
        for sample in samples {
            let mirror = mirror_salt.is_some_and(|salt| sample.mirrored_in(salt));
            sample.features_seen(&mut self.features, mirror);
            let out = params.forward(&self.features, &mut self.hidden);
            let predicted = sigmoid(out);
            let error = predicted - sample.target(wdl);
            loss += f64::from(error * error);
            // d/do (σ(o) − t)² = 2 (σ − t) σ (1 − σ).
            let d_out = 2.0 * error * predicted * (1.0 - predicted) * scale;
            params.backward(&self.features, &self.hidden, d_out, &mut self.grad);
        }
        loss
    }
}

/// Parameters, optimiser and workers.
pub struct Trainer {
    pub params: Params,
    adam: Adam,
    workers: Vec<Worker>,
    settings: Settings,
}

impl Trainer {
    pub fn new(params: Params, settings: Settings) -> Trainer {
        Trainer {
            params,
            adam: Adam::new(LEN),
            workers: (0..settings.threads.max(1))
                .map(|_| Worker::new())
                .collect(),
            settings,
        }
    }

    /// One optimiser step on `batch`; returns its summed loss.
    pub fn step(&mut self, batch: &[Sample], lr: f32, mirror_salt: Option<u64>) -> f64 {
        if batch.is_empty() {
            return 0.0;
        }
        let share = batch.len().div_ceil(self.workers.len());
        let scale = 1.0 / batch.len() as f32;
        let (params, wdl) = (&self.params, self.settings.wdl);
        let losses: Vec<f64> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .workers
                .iter_mut()
                .zip(batch.chunks(share))
                .map(|(worker, chunk)| {
                    scope.spawn(move || worker.accumulate(params, chunk, wdl, scale, mirror_salt))
                })
                .collect();
            // A worker runs only arithmetic on valid indices; a panic there is a bug
            // worth stopping for, not a condition to recover from.
            handles
                .into_iter()
                .map(|h| h.join().expect("a training thread panicked"))
                .collect()
        });
        let used = losses.len();
        // Summed in worker order: the same batch split the same way gives the same
        // bits.
        let (first, rest) = self.workers.split_at_mut(1);
        for other in &rest[..used - 1] {
            for (g, o) in first[0].grad.values.iter_mut().zip(&other.grad.values) {
                *g += o;
            }
        }
        self.adam
            .step(&mut self.params.values, &first[0].grad.values, lr);
        self.params
            .clamp_first_layer(self.settings.first_layer_limit);
        losses.iter().sum()
    }

    /// Trains `train` for the settings' epochs, calling `report` after each.
    pub fn run(
        &mut self,
        train: &mut [Sample],
        validation: &[Sample],
        mut report: impl FnMut(&Epoch),
    ) {
        let Settings { epochs, batch, .. } = self.settings;
        // Its own stream: the shuffles do not depend on how the weights were drawn.
        let mut rng = SplitMix(self.settings.seed ^ 0x5348_5546_464c_4500);
        for epoch in 0..epochs {
            let started = Instant::now();
            shuffle(train, &mut rng);
            let lr = learning_rate(self.settings.lr, epoch, epochs);
            let mirror_salt = self.settings.mirror.then(|| rng.next_u64());
            let mut loss = 0.0;
            for chunk in train.chunks(batch.max(1)) {
                loss += self.step(chunk, lr, mirror_salt);
            }
            let seconds = started.elapsed().as_secs_f64();
            let validation_loss = (!validation.is_empty()).then(|| {
                mean_loss(
                    &self.params,
                    validation,
                    self.settings.wdl,
                    self.settings.threads,
                )
            });
            report(&Epoch {
                number: epoch + 1,
                lr,
                train_loss: loss / train.len().max(1) as f64,
                validation_loss,
                positions_per_second: train.len() as f64 / seconds.max(1e-9),
                seconds,
            });
        }
    }
}

/// The mean loss of `params` over `samples`, computed on `threads` threads.
pub fn mean_loss(params: &Params, samples: &[Sample], wdl: f32, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let share = samples.len().div_ceil(threads.max(1));
    let sum: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(share)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut features = Features::new();
                    let mut hidden = [[0.0; HIDDEN]; 2];
                    chunk
                        .iter()
                        .map(|sample| {
                            sample.features(&mut features);
                            let out = params.forward(&features, &mut hidden);
                            let error = sigmoid(out) - sample.target(wdl);
                            f64::from(error * error)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        // As in `Trainer::step`: only arithmetic runs there.
        handles
            .into_iter()
            .map(|h| h.join().expect("an evaluation thread panicked"))
            .sum()
    });
    sum / samples.len() as f64
}

/// A uniform random index below `n` (`n` ≥ 1).
fn below(rng: &mut SplitMix, n: usize) -> usize {
    // The high half of a 64 × 64-bit product: unbiased enough, no division.
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// Fisher–Yates.
fn shuffle<T>(items: &mut [T], rng: &mut SplitMix) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}
