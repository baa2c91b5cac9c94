//! `alfiere-train`: trains the learned evaluation of a rule set (`--variant`, orthodox
//! chess by default; the network's kind is the rule set's, `alfiere::eval::nnue`) on
//! the positions `alfiere-datagen` writes, and exports it as the engine's quantised
//! network file.
//!
//! ```text
//! alfiere-train --data FILE [--data FILE ...] --out NET.nnue [--epochs 10] \
//!   [--batch 16384] [--lr 0.001] [--wdl 0.3] [--threads 2] [--seed 1] \
//!   [--init NET.nnue] [--validation 0.02]
//! ```
//!
//! Each data line is `<FEN> | <score cp, White's view> | <result, White's view>`
//! (`load.rs`); lines that do not parse are skipped and counted. A file that starts
//! with the teacher data header (`alfiere-datagen --teacher`, `alfiere::teacher`) is
//! read as its 40-byte records instead. Positions are kept
//! in 40 bytes each (`sample.rs`). A seeded share of the games is held out for the
//! validation loss (`split.rs`). The network is trained in floating point
//! (`model.rs`) with Adam (`optimiser.rs`) on batches split across threads
//! (`train.rs`), then rounded to the engine's integers (`quantise.rs`), read back
//! as a check and written to `--out` (`netfile.rs`), and the run summed up
//! (`summary.rs`). The same seed and thread count give the same file. Bad
//! arguments and unreadable files exit with code 2. See docs/nnue.md, "Training".

mod args;
mod load;
mod model;
mod netfile;
mod optimiser;
mod quantise;
mod sample;
mod split;
mod summary;
mod train;

use alfiere::eval::nnue::FeatureSet;
use args::Config;
use model::Params;
use sample::Sample;
use std::time::Instant;
use summary::Summary;
use train::{mean_loss, Settings, Trainer};

/// Positions compared between the float and the quantised network when there is no
/// validation split: enough for a stable maximum, quick to score.
const AGREEMENT_SAMPLES: usize = 10_000;

/// Training positions over which the export measures the shift rounding causes
/// (`quantise::quantise`): the mean is steady long before this many.
const CALIBRATION_SAMPLES: usize = 100_000;

/// Why the run stopped, with the exit code to stop with.
pub struct Failure {
    code: i32,
    message: String,
}

impl Failure {
    /// Bad input (arguments, files): exit code 2.
    pub fn input(message: String) -> Failure {
        Failure { code: 2, message }
    }

    /// Writing the network failed: exit code 1 (the input was fine).
    pub fn output(message: String) -> Failure {
        Failure { code: 1, message }
    }
}

fn main() {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let result = args::parse(&args)
        .map_err(Failure::input)
        .and_then(|config| run(&config));
    if let Err(failure) = result {
        eprintln!("alfiere-train: {}", failure.message);
        std::process::exit(failure.code);
    }
}

fn run(config: &Config) -> Result<(), Failure> {
    let started = Instant::now();
    netfile::check_out(&config.out)?;
    let layout = FeatureSet::of_variant(config.variant).ok_or_else(|| {
        Failure::input(format!("{} has no network layout", config.variant.name()))
    })?;
    let init = config
        .init
        .as_deref()
        .map(|path| netfile::read(path, layout))
        .transpose()?;
    let loaded =
        load::load(&config.data, config.variant, config.threads).map_err(Failure::input)?;
    for problem in &loaded.problems {
        eprintln!("skipped {problem}");
    }
    if loaded.samples.is_empty() {
        return Err(Failure::input(format!(
            "no positions in the data ({} lines skipped)",
            loaded.skipped
        )));
    }
    let used = loaded.samples.len();
    let (mut train, validation) = split::split(loaded.samples, config.validation, config.seed);
    println!(
        "positions: {used} ({} training, {} validation), {} lines skipped, read in {:.1} s",
        train.len(),
        validation.len(),
        loaded.skipped,
        started.elapsed().as_secs_f64()
    );
    let mut params = init.unwrap_or_else(|| Params::random(config.seed));
    // A start of another kind may hold weights beyond this layout's bound (the turn's
    // features allow fewer than an orthodox network); within it, nothing changes.
    params.clamp_first_layer(quantise::first_layer_limit(layout));
    let settings = Settings {
        epochs: config.epochs,
        batch: config.batch,
        lr: config.lr,
        wdl: config.wdl,
        threads: config.threads,
        seed: config.seed,
        mirror: config.mirror,
        first_layer_limit: quantise::first_layer_limit(layout),
    };
    let start_loss = mean_loss(&params, &validation, config.wdl, config.threads);
    if !validation.is_empty() {
        println!("start: validation loss {start_loss:.6}");
    }
    let mut trainer = Trainer::new(params, settings);
    let mut last = None;
    let training = Instant::now();
    trainer.run(&mut train, &validation, |epoch| {
        let validation = epoch
            .validation_loss
            .map_or(String::new(), |l| format!(", validation loss {l:.6}"));
        println!(
            "epoch {}/{}: lr {:.6}, train loss {:.6}{validation}, {:.0} positions/s, {:.1} s",
            epoch.number,
            config.epochs,
            epoch.lr,
            epoch.train_loss,
            epoch.positions_per_second,
            epoch.seconds
        );
        last = Some(*epoch);
    });
    let training_seconds = training.elapsed().as_secs_f64();

    let calibration = &train[..train.len().min(CALIBRATION_SAMPLES)];
    let (network, bytes) = netfile::write(&trainer.params, layout, calibration, &config.out)?;
    let compared: &[Sample] = if validation.is_empty() {
        &train[..train.len().min(AGREEMENT_SAMPLES)]
    } else {
        &validation
    };
    let summary = Summary {
        used,
        skipped: loaded.skipped,
        epochs: config.epochs,
        // Without epochs there is no running loss: score the training set as it is.
        train_loss: last.map_or_else(
            || mean_loss(&trainer.params, &train, config.wdl, config.threads),
            |e| e.train_loss,
        ),
        validation: (!validation.is_empty()).then(|| {
            let end = last.and_then(|e| e.validation_loss).unwrap_or(start_loss);
            (end, start_loss)
        }),
        fit: quantise::agreement(&trainer.params, &network, compared),
        seconds: started.elapsed().as_secs_f64(),
        training_seconds,
        out: config.out.clone(),
        bytes,
    };
    println!("{summary}");
    Ok(())
}
