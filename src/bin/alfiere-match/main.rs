//! `alfiere-match`: plays engine-vs-engine games over UCI in any of the ten rule sets,
//! with alfiere's rules as the arbiter, and prints wins/draws/losses of the first
//! engine with the Elo difference and its error margin, and how each engine on the
//! clock used it (average time per answer, lowest clock reached).
//!
//! ```text
//! alfiere-match --variant chess --games 200 --tc 10+0.1 \
//!   --engine "cmd=target/release/alfiere" \
//!   --engine "cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=2000"
//! ```
//!
//! An engine is `cmd=PATH` (or `cmd=random` for the built-in random mover) with
//! optional `name=`, `arg=`, `option.NAME=VALUE` (underscores in NAME stand for
//! spaces, except after `UCI`: `option.Skill_Level=5`, `option.UCI_Elo=1600`) and a
//! fixed limit instead of the clock (`depth=`, `nodes=`, `movetime=`). Openings come
//! from `--openings FILE` (UCI `position` arguments, one per line), or the built-in
//! orthodox book for chess, or seeded start positions in Chess960 (engines are told
//! `UCI_Chess960 true`), or seeded random playouts of `--opening-plies` actions;
//! each opening is played twice with colours swapped.

mod engine;
mod openings;
mod play;
mod stats;
mod uci_process;

use alfiere::notation::pgn;
use alfiere::{Color, Position, Record, Variant};
use engine::EngineSpec;
use play::{Player, TimeControl};
use stats::Tally;
use std::sync::{Arc, Mutex};

struct Config {
    variant: Variant,
    engines: [EngineSpec; 2],
    games: usize,
    tc: TimeControl,
    openings: Vec<String>,
    concurrency: usize,
    pgn_path: Option<String>,
    seed: u64,
    quiet: bool,
}

const USAGE: &str = "usage: alfiere-match --engine SPEC --engine SPEC [--variant ID] [--games N] \
[--tc BASE+INC] [--openings FILE | --opening-plies N] [--seed N] [--concurrency N] [--pgn FILE] [--quiet]";

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut variant = Variant::Chess;
    let mut engines = Vec::new();
    let mut games = 2;
    let mut tc = TimeControl::parse("10+0.1")?;
    let mut openings_file = None;
    let mut opening_plies = None;
    let mut seed = 1;
    let mut concurrency = 1;
    let mut pgn_path = None;
    let mut quiet = false;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--quiet" {
            quiet = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = || -> Result<usize, String> {
            value
                .parse()
                .map_err(|_| format!("{flag}: '{value}' is not a number"))
        };
        match flag {
            "--variant" => {
                variant = value
                    .parse()
                    .map_err(|e: alfiere::UnknownVariantError| e.to_string())?
            }
            "--engine" => engines.push(EngineSpec::parse(value)?),
            "--games" => games = number()?,
            "--tc" => tc = TimeControl::parse(value)?,
            "--openings" => openings_file = Some(value.clone()),
            "--opening-plies" => opening_plies = Some(number()?),
            "--seed" => seed = number()? as u64,
            "--concurrency" => concurrency = number()?.max(1),
            "--pgn" => pgn_path = Some(value.clone()),
            _ => return Err(format!("unknown flag {flag}\n{USAGE}")),
        }
        i += 2;
    }
    let engines: [EngineSpec; 2] = engines
        .try_into()
        .map_err(|_| format!("give exactly two --engine specs\n{USAGE}"))?;
    let pairs = games.div_ceil(2).max(1);
    let openings = match (openings_file, opening_plies) {
        (Some(path), _) => openings::from_file(variant, &path)?,
        (None, None) if variant == Variant::Chess => {
            openings::CHESS_BOOK.iter().map(|s| s.to_string()).collect()
        }
        // Chess960: a start position per pair of games is the opening.
        (None, plies) if variant == Variant::Chess960 => {
            openings::chess960(pairs, plies.unwrap_or(0), seed)
        }
        (None, plies) => openings::random(variant, pairs, plies.unwrap_or(4), seed),
    };
    if openings.is_empty() {
        return Err("no openings could be made".to_string());
    }
    Ok(Config {
        variant,
        engines,
        games,
        tc,
        openings,
        concurrency,
        pgn_path,
        seed,
        quiet,
    })
}

/// Shared progress: the next game to play, the tally, faults and PGN text.
struct Progress {
    next: usize,
    tally: Tally,
    illegal: u32,
    time_losses: u32,
    crashes: u32,
    /// Clock use of the first and second engine.
    clock_use: [play::ClockUse; 2],
    pgn: String,
}

fn run<G: Position>(config: &Config) -> Progress {
    let progress = Arc::new(Mutex::new(Progress {
        next: 0,
        tally: Tally::default(),
        illegal: 0,
        time_losses: 0,
        crashes: 0,
        clock_use: [play::ClockUse::default(); 2],
        pgn: String::new(),
    }));
    std::thread::scope(|scope| {
        for worker in 0..config.concurrency.min(config.games) {
            let progress = Arc::clone(&progress);
            scope.spawn(move || worker_loop::<G>(config, worker, &progress));
        }
    });
    Arc::try_unwrap(progress)
        .ok()
        .and_then(|m| m.into_inner().ok())
        .expect("workers finished")
}

fn worker_loop<G: Position>(config: &Config, worker: usize, progress: &Mutex<Progress>) {
    let id = config.variant.id();
    let seed = config.seed.wrapping_mul(1000).wrapping_add(worker as u64);
    let start = |k: usize| Player::start(&config.engines[k], id, seed + k as u64);
    let (mut first, mut second) = match (start(0), start(1)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("worker {worker}: {e}");
            return;
        }
    };
    loop {
        let index = {
            let mut p = progress.lock().expect("progress lock");
            if p.next >= config.games {
                return;
            }
            p.next += 1;
            p.next - 1
        };
        let opening = &config.openings[(index / 2) % config.openings.len()];
        let first_is_white = index % 2 == 0;
        for player in [&mut first, &mut second] {
            if let Player::Engine(e) = player {
                let _ = e.send("ucinewgame");
                let _ = e.sync();
            }
        }
        let start_record = match build_record::<G>(opening) {
            Some(r) => r,
            None => return,
        };
        let (white, black, specs) = if first_is_white {
            (
                &mut first,
                &mut second,
                [&config.engines[0], &config.engines[1]],
            )
        } else {
            (
                &mut second,
                &mut first,
                [&config.engines[1], &config.engines[0]],
            )
        };
        let report = play::play_game(start_record, [white, black], specs, config.tc);
        let first_color = if first_is_white {
            Color::White
        } else {
            Color::Black
        };
        let mut p = progress.lock().expect("progress lock");
        match report.outcome.winner {
            Some(c) if c == first_color => p.tally.wins += 1,
            Some(_) => p.tally.losses += 1,
            None => p.tally.draws += 1,
        }
        // The report keeps clocks by colour, the tally by engine.
        for (engine, color) in [first_color, !first_color].into_iter().enumerate() {
            p.clock_use[engine].add(&report.clock_use[color.index()]);
        }
        match &report.fault {
            Some(play::Fault::Illegal { .. }) => p.illegal += 1,
            Some(play::Fault::TimeLoss(_)) => p.time_losses += 1,
            Some(play::Fault::Crash { .. }) => p.crashes += 1,
            None => {}
        }
        if !config.quiet {
            println!(
                "game {}/{}: {} vs {}: {} {} ({}); {}",
                index + 1,
                config.games,
                specs[0].name,
                specs[1].name,
                report.outcome.result_token(),
                play::describe(&report),
                opening,
                p.tally.summary()
            );
        }
        if config.pgn_path.is_some() {
            let tags = vec![
                ("Event".to_string(), "alfiere-match".to_string()),
                ("Round".to_string(), (index + 1).to_string()),
                ("White".to_string(), specs[0].name.clone()),
                ("Black".to_string(), specs[1].name.clone()),
                ("Termination".to_string(), play::describe(&report)),
            ];
            let text = pgn::write_record(&report.record, &tags);
            p.pgn.push_str(&text);
            p.pgn.push('\n');
        }
    }
}

/// The record of an opening line (`startpos|fen <fen> [moves ...]`): its actions
/// played from its start position.
fn build_record<G: Position>(opening: &str) -> Option<Record<G>> {
    let (head, moves) = opening.split_once(" moves ").unwrap_or((opening, ""));
    let start = match head.trim() {
        "startpos" => G::start(),
        other => alfiere::notation::fen::read_fen::<G>(other.strip_prefix("fen ")?).ok()?,
    };
    let mut record = Record::new(start);
    for token in moves.split_whitespace() {
        let action = alfiere::notation::uci::parse_action(record.current(), token).ok()?;
        record.play(&action).ok()?;
    }
    Some(record)
}

fn main() {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let config = match parse_args(&args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let result = alfiere::with_variant!(config.variant, G => Some(run::<G>(&config)));
    let Some(result) = result else {
        eprintln!("variant {} is not implemented", config.variant);
        std::process::exit(2);
    };
    if let Some(path) = &config.pgn_path {
        if let Err(e) = std::fs::write(path, &result.pgn) {
            eprintln!("{path}: {e}");
        }
    }
    println!(
        "{} vs {} ({}, {}+{} s): {}",
        config.engines[0].name,
        config.engines[1].name,
        config.variant,
        config.tc.base_ms as f64 / 1000.0,
        config.tc.increment_ms as f64 / 1000.0,
        result.tally.summary()
    );
    println!(
        "illegal actions {} time losses {} engine failures {}",
        result.illegal, result.time_losses, result.crashes
    );
    for (engine, clock_use) in config.engines.iter().zip(&result.clock_use) {
        println!("clock {}: {}", engine.name, clock_use.summary());
    }
    if result.tally.games() < config.games as u32 {
        std::process::exit(1);
    }
}
