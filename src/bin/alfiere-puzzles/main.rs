//! `alfiere-puzzles VARIANT [--count N] [--seed S] [--threads T] [--nodes N]
//! [--play-nodes N] [--pgn FILE] [--out FILE]`: mines puzzles of one rule set from
//! seeded self-play games (full strength against weakened levels) or from the games
//! of a PGN file, and writes them as a puzzle file (`data/puzzles/<id>.csv`'s format,
//! src/puzzles/file.rs). The criteria are in src/puzzles/criteria.rs.
//!
//! Reproducible: games are numbered from 0, game `i` of seed `s` is always the same
//! game, and puzzles are kept in game order until `--count` are found, however many
//! threads play. A progress bar on standard error; at the end, a report of the
//! candidates, each rejection reason's count, the puzzles per CPU hour and the
//! spread of the ratings.
//!
//! `alfiere-puzzles VARIANT --check FILE` replays a puzzle file instead: every
//! action legal, every solver action still the one way to win at `--nodes`, mates
//! ending in mate (src/puzzles/replay.rs, as the tests do for the shipped files).

mod args;
mod check;
mod pgn;
mod report;
mod selfplay;

use alfiere::puzzles::file::HEADER;
use alfiere::puzzles::mine::puzzle_of;
use alfiere::puzzles::themes::PuzzleRules;
use alfiere::puzzles::{Prober, PuzzleSet, Verdict};
use alfiere::{with_variant, Record};
use args::Config;
use report::Tally;
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match args::parse(&args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("alfiere-puzzles: {message}\n{}", args::USAGE);
            std::process::exit(2);
        }
    };
    let outcome = match &config.check {
        Some(path) => with_variant!(config.variant, G => check::check_file::<G>(&config, path)),
        None => with_variant!(config.variant, G => mine::<G>(&config)),
    };
    if let Err(message) = outcome {
        eprintln!("alfiere-puzzles: {message}");
        std::process::exit(1);
    }
}

/// Where the games come from.
enum Source<G: alfiere::Position> {
    SelfPlay,
    Games(Vec<Record<G>>),
}

fn mine<G: PuzzleRules>(config: &Config) -> Result<(), String> {
    let source = match &config.pgn {
        None => Source::SelfPlay,
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Source::Games(pgn::games::<G>(&text).map_err(|e| format!("{}: {e}", path.display()))?)
        }
    };
    let total_games = match &source {
        Source::SelfPlay => None,
        Source::Games(games) => Some(games.len() as u64),
    };
    let prober = Prober::new(config.nodes);
    let next_game = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let (send, receive) = mpsc::channel::<(u64, Vec<Verdict>)>();
    let progress = report::progress_bar(config.count);
    let mut tally = Tally::default();
    let mut set = PuzzleSet::new(config.variant, config.count);
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            let send = send.clone();
            let (next_game, stop, source, prober) = (&next_game, &stop, &source, &prober);
            scope.spawn(move || loop {
                let game = next_game.fetch_add(1, Ordering::Relaxed);
                if stop.load(Ordering::Relaxed) || total_games.is_some_and(|n| game >= n) {
                    break;
                }
                let candidates = match source {
                    Source::SelfPlay => {
                        selfplay::candidates::<G>(game_seed(config.seed, game), config.play_nodes)
                    }
                    Source::Games(games) => alfiere::puzzles::mine::game_candidates(
                        &games[game as usize],
                        config.play_nodes,
                    ),
                };
                let verdicts = candidates.iter().map(|c| puzzle_of(c, prober)).collect();
                if send.send((game, verdicts)).is_err() {
                    break;
                }
            });
        }
        drop(send);
        // Games finish out of order; they are taken in order, so that the set is the
        // same for any number of threads.
        let mut finished: BTreeMap<u64, Vec<Verdict>> = BTreeMap::new();
        let mut taken = 0u64;
        for (game, verdicts) in receive.iter() {
            finished.insert(game, verdicts);
            while !set.is_full() {
                let Some(verdicts) = finished.remove(&taken) else {
                    break;
                };
                taken += 1;
                tally.games += 1;
                for verdict in verdicts {
                    tally.candidates += 1;
                    match set.offer(verdict) {
                        Ok(true) => progress.set_position(set.rows().len() as u64),
                        Ok(false) => {}
                        Err(reason) => tally.reject(reason),
                    }
                }
            }
            if set.is_full() {
                stop.store(true, Ordering::Relaxed);
            }
            report::log_progress(&progress, &tally, set.rows().len());
        }
    });
    progress.finish_and_clear();
    let rows = set.into_rows();
    let mut text = format!("{HEADER}\n");
    for row in &rows {
        text.push_str(&row.to_line());
        text.push('\n');
    }
    match &config.out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .map_err(|e| e.to_string())?,
    }
    let cpu_seconds =
        report::cpu_seconds().unwrap_or(started.elapsed().as_secs_f64() * config.threads as f64);
    eprint!("{}", tally.summary(config, &rows, cpu_seconds));
    Ok(())
}

/// The seed of game `game`: far apart for neighbouring games.
fn game_seed(seed: u64, game: u64) -> u64 {
    seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ game.wrapping_mul(0xd1b5_4a32_d192_ed03)
}
