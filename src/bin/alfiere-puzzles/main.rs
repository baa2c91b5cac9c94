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

use alfiere::notation::{fen::write_fen, uci::action_to_uci_in};
use alfiere::puzzles::file::{puzzle_id, PuzzleRow, HEADER};
use alfiere::puzzles::themes::{themes, PuzzleRules};
use alfiere::puzzles::{rating::rating, solve, Mistake, Prober, Rejection};
use alfiere::{with_variant, Record};
use args::Config;
use report::Tally;
use std::collections::{BTreeMap, HashSet};
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

/// One candidate's fate: a puzzle (with the key that tells duplicates apart) or the
/// reason it was turned away.
type Verdict = Result<(String, PuzzleRow), Rejection>;

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
    let mut rows: Vec<PuzzleRow> = Vec::new();
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
                    Source::Games(games) => {
                        pgn::candidates(&games[game as usize], config.play_nodes)
                    }
                };
                let verdicts = candidates
                    .iter()
                    .map(|c| puzzle_of(config, c, prober))
                    .collect();
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
        let mut seen: HashSet<String> = HashSet::new();
        let mut ids: HashSet<String> = HashSet::new();
        for (game, verdicts) in receive.iter() {
            finished.insert(game, verdicts);
            while rows.len() < config.count {
                let Some(verdicts) = finished.remove(&taken) else {
                    break;
                };
                taken += 1;
                tally.games += 1;
                for verdict in verdicts {
                    tally.candidates += 1;
                    match verdict {
                        Ok((key, mut row)) if rows.len() < config.count => {
                            if !seen.insert(key) {
                                tally.reject(Rejection::Duplicate);
                                continue;
                            }
                            let moves = row.moves.join(" ");
                            let mut salt = 0;
                            while !ids.insert(row.id.clone()) {
                                salt += 1;
                                row.id = puzzle_id(config.variant.id(), &row.fen, &moves, salt);
                            }
                            rows.push(row);
                            progress.set_position(rows.len() as u64);
                        }
                        Ok(_) => {}
                        Err(reason) => tally.reject(reason),
                    }
                }
            }
            if rows.len() >= config.count {
                stop.store(true, Ordering::Relaxed);
            }
            report::log_progress(&progress, &tally, rows.len());
        }
    });
    progress.finish_and_clear();
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

/// Solves one candidate and writes it as a row.
fn puzzle_of<G: PuzzleRules>(config: &Config, candidate: &Mistake<G>, prober: &Prober) -> Verdict {
    let line = solve(candidate, prober)?;
    let fen = write_fen(&line.before);
    // The file must give back exactly this puzzle: its FEN and its UCI tokens.
    // A comma (a Progressive en-passant list) would split the file's fields.
    let read_back: Option<G> = alfiere::notation::fen::read_fen(&fen).ok();
    if fen.contains(',') || read_back.as_ref() != Some(&line.before) {
        return Err(Rejection::Unfit);
    }
    let moves: Vec<String> = std::iter::once(&line.setup)
        .chain(line.actions.iter())
        .map(|action| action_to_uci_in(action, G::VARIANT))
        .collect();
    let mut pos = line.before.clone();
    for (action, token) in std::iter::once(&line.setup)
        .chain(line.actions.iter())
        .zip(&moves)
    {
        if alfiere::notation::uci::parse_action(&pos, token).ok() != Some(*action) {
            return Err(Rejection::Unfit);
        }
        pos.play_unchecked(action);
    }
    let joined = moves.join(" ");
    let key = write_fen(&line.positions[0]);
    let row = PuzzleRow {
        id: puzzle_id(config.variant.id(), &fen, &joined, 0),
        fen,
        moves,
        rating: rating(line.effort()),
        themes: themes(&line).into_iter().map(str::to_owned).collect(),
    };
    Ok((key, row))
}
