//! `alfiere-datagen`: training data for a learned evaluation of any rule set with a
//! network kind (`--variant`: orthodox chess, Chess-Gi, Racing Kings, Billiards,
//! Avalanche, Marseillais, Progressive, Alice), made by self-play of alfiere's own
//! search in-process.
//!
//! ```text
//! alfiere-datagen --out data.txt --games 100000 [--variant chess] [--nodes 5000] \
//!   [--seed 1] [--threads 1] [--opening-plies 8] [--skip-plies 8] [--positions N]
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
//!
//! Teacher mode (`--teacher /usr/games/stockfish`, issue 57): orthodox and (a
//! `--chess960` percentage of) Chess960 games, their kept positions (a `--sample`
//! percentage) scored by the teacher at `--teacher-nodes`, appended to `--out` as
//! `alfiere::teacher` records; a file that exists is resumed: a torn tail dropped,
//! new game numbers after its last. See docs/nnue.md, "Teacher data (issue 57)".
//! It is a mode of this program rather than a program of its own because the games
//! (openings, adjudication, kept positions, seeds, workers) are the same; only what
//! is written differs.

mod adjudicate;
mod args;
mod opening;
mod selfplay;
mod tally;
mod teacher;
mod teacher_file;
mod teacher_game;
#[path = "../alfiere-match/uci_process.rs"]
mod uci_process;
mod worker;

use alfiere::eval::nnue::{FeatureSet, Network};
use std::fs::{File, OpenOptions};
use std::sync::Arc;
use teacher::UciLabeller;
use worker::{Maker, Shared};

/// Stops with `message` and exit code 2 (bad arguments or input).
fn refuse(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(2);
}

/// The output file and where the run starts: the text file opened for appending
/// (games from 0 under `--seed`), or the teacher file created or resumed.
fn open_output(config: &args::Config) -> (File, u64, u64) {
    if config.teacher.is_none() {
        return match OpenOptions::new()
            .create(true)
            .append(true)
            .open(&config.out)
        {
            Ok(file) => (file, config.seed, 0),
            Err(e) => refuse(&format!("{}: {e}", config.out.display())),
        };
    }
    let opened = teacher_file::open(&config.out, config.seed, config.seed_given)
        .unwrap_or_else(|e| refuse(&e));
    let found = &opened.resume;
    if found.header.is_some() {
        eprintln!(
            "resuming {}: {} records ({} damaged), {} bytes of a torn tail dropped, \
             games from {} under seed {}",
            config.out.display(),
            found.records,
            found.damaged,
            found.dropped_bytes,
            found.next_game,
            opened.seed
        );
    }
    (opened.file, opened.seed, u64::from(found.next_game))
}

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
    // One teacher per worker, started before any game so that a missing or broken
    // teacher is a message at once.
    let makers: Vec<Maker> = match &config.teacher {
        Some(teacher) => (0..threads)
            .map(|_| {
                UciLabeller::start(&teacher.path, teacher.nodes)
                    .map(|labeller| Maker::Teacher(Box::new(labeller)))
                    .unwrap_or_else(|e| refuse(&e))
            })
            .collect(),
        None => (0..threads)
            .map(|_| Maker::text(&config).unwrap_or_else(|e| refuse(&e)))
            .collect(),
    };
    let (out, seed, first_game) = open_output(&config);
    let shared = Shared::new(config, network, out, seed, first_game);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = makers
            .into_iter()
            .enumerate()
            .map(|(worker, maker)| {
                let shared = &shared;
                scope.spawn(move || worker::run(shared, worker, maker))
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
