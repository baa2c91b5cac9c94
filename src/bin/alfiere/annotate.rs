//! `alfiere annotate [--nodes N | --depth D | --movetime MS] [--threads N]
//! [--search-threads M] [--json] [FILE.pgn …]`: every game of every file (standard
//! input without files) analysed and written out as annotated PGN, or with `--json`
//! as one JSON object per game. Games run in parallel (`--threads`), and each
//! position's search may run on several threads of its own (`--search-threads`, the
//! engine's `Threads`); a progress bar on stderr when it is a terminal; a bad game is
//! reported with its file, number and reason and skipped.

use super::batch::{annotate_games, BatchProgress};
use alfiere::analysis::batch::{skipped_message, split_games, Annotated, GameText, DEFAULT_NODES};
use alfiere::api::{ApiError, Game};
use alfiere::search::{Limits, SearchOptions, Threads, MAX_THREADS};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const USAGE: &str = "usage: alfiere annotate [--nodes N | --depth D | --movetime MS] \
                     [--threads N] [--search-threads M] [--json] [FILE.pgn ...]";

struct Args {
    limits: Limits,
    /// Games analysed at once.
    threads: usize,
    /// The threads of each position's search (`Threads`).
    search_threads: usize,
    json: bool,
    files: Vec<String>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut limits = Limits::default();
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut search_threads = 1;
    let mut json = false;
    let mut files = Vec::new();
    let mut budgets = 0;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| -> Result<u64, String> {
            let text = it.next().ok_or(format!("{name} needs a number"))?;
            text.parse::<u64>().ok().filter(|n| *n > 0).ok_or(format!(
                "{name} takes a positive whole number, not '{text}'"
            ))
        };
        match arg.as_str() {
            "--nodes" => {
                limits.nodes = Some(value("--nodes")?);
                budgets += 1;
            }
            "--depth" => {
                let depth = value("--depth")?;
                if depth > 60 {
                    return Err(format!("--depth is at most 60, not {depth}"));
                }
                limits.depth = Some(depth as u32);
                budgets += 1;
            }
            "--movetime" => {
                limits.movetime = Some(value("--movetime")?);
                budgets += 1;
            }
            "--threads" => threads = value("--threads")?.min(256) as usize,
            "--search-threads" => {
                let n = value("--search-threads")?;
                if n > MAX_THREADS as u64 {
                    return Err(format!(
                        "--search-threads is at most {MAX_THREADS}, not {n}"
                    ));
                }
                search_threads = n as usize;
            }
            "--json" => json = true,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            file => files.push(file.to_string()),
        }
    }
    if budgets > 1 {
        return Err("give one of --nodes, --depth and --movetime".into());
    }
    if budgets == 0 {
        limits.nodes = Some(DEFAULT_NODES);
    }
    Ok(Args {
        limits,
        threads,
        search_threads,
        json,
        files,
    })
}

fn read_games(files: &[String]) -> Result<Vec<GameText>, String> {
    if files.is_empty() {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?;
        return Ok(split_games(&text, "<stdin>"));
    }
    let mut games = Vec::new();
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
        let text = String::from_utf8_lossy(&bytes);
        games.extend(split_games(&text, file));
    }
    Ok(games)
}

/// Positions to analyse in all (games that do not load count one, for the bar).
fn count_positions(games: &[GameText]) -> u64 {
    games
        .iter()
        .map(|g| {
            let mut game = Game::start(alfiere::Variant::Chess);
            game.load_pgn(&g.text)
                .map_or(1, |()| game.history().len() as u64 + 1)
        })
        .sum()
}

fn progress_bar(total_positions: u64, games: usize) -> ProgressBar {
    let bar = ProgressBar::new(total_positions);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} positions, {msg}, {per_sec}, {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(format!("0/{games} games"));
    bar
}

fn json_line(report: &alfiere::analysis::GameReport) -> String {
    serde_json::to_string(report).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// Runs the command; the process's exit code: 0, 1 when a game could not be
/// analysed, 2 for a usage error.
pub fn run(args: &[String]) -> i32 {
    let args = match parse_args(args) {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("alfiere annotate: {message}");
            }
            eprintln!("{USAGE}");
            return 2;
        }
    };
    let games = match read_games(&args.files) {
        Ok(games) => games,
        Err(message) => {
            eprintln!("alfiere annotate: {message}");
            return 2;
        }
    };
    let bar = progress_bar(count_positions(&games), games.len());
    let options = SearchOptions {
        networks: alfiere::eval::nnue::Networks::built_in(),
        threads: Threads::new(args.search_threads, Arc::new(super::start_search_thread)),
        ..SearchOptions::default()
    };
    let failed = AtomicBool::new(false);
    let stop = AtomicBool::new(false);
    let on_progress = |p: BatchProgress| {
        bar.set_position(p.positions_done as u64);
        bar.set_message(format!("{}/{} games", p.games_done, p.games));
    };
    let on_game = |game: &GameText, result: Result<Annotated, ApiError>| {
        // Games arrive one at a time, in order.
        let mut out = io::stdout().lock();
        let written = match result {
            Ok(done) if args.json => writeln!(out, "{}", json_line(&done.report)),
            Ok(done) => writeln!(out, "{}", done.pgn),
            Err(e) => {
                failed.store(true, Ordering::Relaxed);
                bar.suspend(|| eprintln!("alfiere annotate: {}", skipped_message(game, &e)));
                Ok(())
            }
        };
        // A closed pipe (`| head`): stop the rest rather than search for nobody.
        if written.and_then(|()| out.flush()).is_err() {
            stop.store(true, Ordering::Relaxed);
        }
    };
    annotate_games(
        &games,
        &args.limits,
        &options,
        args.threads,
        &stop,
        &on_progress,
        &on_game,
    );
    bar.finish_and_clear();
    i32::from(failed.load(Ordering::Relaxed))
}
