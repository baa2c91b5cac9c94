//! `alfiere-datagen`: training data for a learned evaluation of orthodox chess or
//! Chess-Gi, made by self-play of alfiere's own search in-process.
//!
//! ```text
//! alfiere-datagen --out data.txt --games 100000 [--variant chess] [--nodes 5000] \
//!   [--seed 1] [--threads 1] [--opening-plies 8] [--positions N]
//! ```
//!
//! Each game starts from `--opening-plies` random legal plies (kept only if the first
//! search scores it within ±400 cp), then both sides play at full strength with
//! `--nodes` nodes per move; games end by the rules, by a claimable draw, or by
//! adjudication (`adjudicate.rs`). Quiet positions (`selfplay.rs`) are appended to
//! `--out`, one line each, `<FEN> | <score cp, White's view> | <result, White's view:
//! 1.0, 0.5 or 0.0>`, one write per game, so a killed run leaves whole games. The
//! games are the same for a given `--seed` whatever `--threads` is; only the order
//! of games in the file depends on the workers. Progress goes to stderr every 30 s;
//! bad arguments exit with code 2. See docs/nnue.md, "Training data".

mod adjudicate;
mod args;
mod opening;
mod selfplay;
mod tally;
mod worker;

use alfiere::eval::nnue::{FeatureSet, Network};
use std::fs::OpenOptions;
use std::sync::Arc;
use worker::Shared;

fn main() {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let config = match args::parse(&args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let out = match OpenOptions::new()
        .create(true)
        .append(true)
        .open(&config.out)
    {
        Ok(file) => file,
        Err(e) => {
            eprintln!("{}: {e}", config.out.display());
            std::process::exit(2);
        }
    };
    let network = match &config.network {
        None => None,
        Some(path) => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| Network::from_bytes(&bytes).map_err(|e| e.to_string()))
        {
            Ok(network) if FeatureSet::of_variant(config.variant) == Some(network.feature_set) => {
                Some(Arc::new(network))
            }
            Ok(network) => {
                eprintln!(
                    "--network {}: a {} network does not serve {}",
                    path.display(),
                    network.feature_set.name(),
                    config.variant.name()
                );
                std::process::exit(2);
            }
            Err(e) => {
                eprintln!("--network {}: {e}", path.display());
                std::process::exit(2);
            }
        },
    };
    let threads = config.threads;
    let shared = Shared::new(config, network, out);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|worker| {
                let shared = &shared;
                scope.spawn(move || worker::run(shared, worker))
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| match h.join() {
                Ok(Ok(())) => None,
                Ok(Err(e)) => Some(e),
                Err(_) => Some("a worker panicked".to_string()),
            })
            .collect()
    });
    eprintln!(
        "done: {}",
        shared.snapshot().summary(shared.started.elapsed())
    );
    if !failures.is_empty() {
        for failure in failures {
            eprintln!("{failure}");
        }
        std::process::exit(1);
    }
}
