//! Does the game analysis mark what it should? Games with one planted blunder each, in
//! several rule sets, analysed; it prints how many planted blunders were marked as
//! mistakes or blunders, and how many sound decisions were wrongly marked.
//!
//! How a game is built (seeded, reproducible): the game's first
//! [`RANDOM_OPENING_ACTIONS`] actions are chosen at random among the legal ones (the
//! engine's own play is deterministic, so without them every game of a rule set
//! would be the same game up to its planted turn); then the engine plays both sides at
//! `--play-nodes` per action (more than the analysis gets, so its decisions are
//! sound by the analysis's own standard); at a random turn between the 5th and the
//! 15th, once the position is undecided (the engine's evaluation within ±1.5 pawns),
//! the side to act plays instead a *planted blunder*: a legal action after which a
//! search of `--probe-nodes` finds the mover at least `--drop` centipawns worse off
//! than after the engine's best action, chosen at random among those (a queen left en
//! prise and a quiet positional error alike). The engine then plays the game on to
//! `--plies` actions or its end. The planted turn is labelled a blunder, every other
//! turn sound.
//!
//! `cargo run --release --example planted_blunders -- [--games N] [--seed S]
//! [--play-nodes N] [--probe-nodes N] [--analysis-nodes N] [--drop CP] [--plies N]
//! [--pgn FILE] [variant …]`; `--pgn` also writes the games (a corpus for
//! `scripts/bench-analysis.sh`), the planted turn named in a comment.

use alfiere::analysis::{analyse, Mark};
use alfiere::api::Game;
use alfiere::moves::Action;
use alfiere::search::{Limits, NoClock, Progress, Score, SearchOptions, TranspositionTable};
use alfiere::{Color, Variant};

/// The actions at the game's start chosen at random, so that the games differ.
const RANDOM_OPENING_ACTIONS: usize = 2;

struct Config {
    games: usize,
    seed: u64,
    play_nodes: u64,
    probe_nodes: u64,
    analysis_nodes: u64,
    drop: i32,
    plies: usize,
    pgn: Option<String>,
    variants: Vec<Variant>,
}

fn config() -> Config {
    let mut c = Config {
        games: 10,
        seed: 1,
        play_nodes: 60_000,
        probe_nodes: 60_000,
        analysis_nodes: 30_000,
        drop: 300,
        plies: 50,
        pgn: None,
        variants: Vec::new(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let number = |i: usize| -> u64 {
            args.get(i + 1)
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{} needs a number", args[i]))
        };
        match args[i].as_str() {
            "--games" => c.games = number(i) as usize,
            "--seed" => c.seed = number(i),
            "--play-nodes" => c.play_nodes = number(i),
            "--probe-nodes" => c.probe_nodes = number(i),
            "--analysis-nodes" => c.analysis_nodes = number(i),
            "--drop" => c.drop = number(i) as i32,
            "--plies" => c.plies = number(i) as usize,
            "--pgn" => c.pgn = Some(args.get(i + 1).expect("--pgn needs a file").clone()),
            id => {
                c.variants.push(
                    id.parse()
                        .unwrap_or_else(|_| panic!("unknown variant {id}")),
                );
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    if c.variants.is_empty() {
        c.variants = vec![
            Variant::Chess,
            Variant::Alice,
            Variant::Billiards,
            Variant::ChessGi,
            Variant::Marseillais,
            Variant::Avalanche,
        ];
    }
    c
}

fn options() -> SearchOptions {
    SearchOptions {
        networks: alfiere::eval::nnue::Networks::built_in(),
        ..SearchOptions::default()
    }
}

/// The engine's best action and its score for the side to act, in centipawns
/// (a mate as ±10,000).
fn search(game: &Game, nodes: u64) -> (Option<Action>, i32) {
    let mut search = game.start_search(Limits::nodes(nodes), options(), TranspositionTable::new(4));
    loop {
        if let Progress::Done(result) = search.step(1 << 16, &NoClock, &mut |_| {}) {
            let score = match result.score {
                Score::Cp(cp) => cp,
                Score::Mate(m) => 10_000 * m.signum(),
            };
            return (result.best, score);
        }
    }
}

/// The mover's score after playing `action` (searched from there).
fn score_after(game: &Game, action: &Action, mover: Color, nodes: u64) -> Option<i32> {
    let mut next = game.clone();
    next.play_action(action).ok()?;
    if let Some(outcome) = next.outcome() {
        return Some(match outcome.winner {
            Some(c) if c == mover => 10_000,
            Some(_) => -10_000,
            None => 0,
        });
    }
    let (_, score) = search(&next, nodes);
    Some(if next.turn() == mover { score } else { -score })
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n.max(1)
    }
}

/// A game with one planted blunder, and the turn (counted from 0) it was planted in.
fn planted_game(variant: Variant, c: &Config, rng: &mut Rng) -> Option<(Game, usize)> {
    let mut game = Game::start(variant);
    let plant_from = 5 + rng.below(10);
    let mut turn = 0;
    let mut planted = None;
    while game.history().len() < c.plies && game.outcome().is_none() {
        let turn_start = game.turn_info().played == 0;
        if turn_start && !game.history().is_empty() {
            turn += 1;
        }
        let mover = game.turn();
        let (best, score) = search(&game, c.play_nodes);
        let best = best?;
        let mut action = best;
        if game.history().len() < RANDOM_OPENING_ACTIONS {
            let legal = game.record().legal_actions();
            action = legal[rng.below(legal.len())];
        }
        if planted.is_none() && turn >= plant_from && turn_start && score.abs() <= 150 {
            let best_after = score_after(&game, &best, mover, c.probe_nodes)?;
            let mut blunders = Vec::new();
            for candidate in game.record().legal_actions() {
                let after = score_after(&game, &candidate, mover, c.probe_nodes)?;
                if best_after - after >= c.drop {
                    blunders.push(candidate);
                }
            }
            if !blunders.is_empty() {
                action = blunders[rng.below(blunders.len())];
                planted = Some(turn);
            }
        }
        game.play_action(&action).ok()?;
    }
    planted.map(|turn| (game, turn))
}

fn main() {
    let c = config();
    println!(
        "play {} nodes, probe {} nodes, analysis {} nodes, planted drop >= {} cp, up to {} actions, seed {}",
        c.play_nodes, c.probe_nodes, c.analysis_nodes, c.drop, c.plies, c.seed
    );
    println!("| rule set | games | planted marked ?/?? | planted marked at all | sound turns | sound marked ?? | sound marked ? | sound marked ?! |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut corpus = String::new();
    for variant in &c.variants {
        let mut rng = Rng(c.seed ^ (*variant as u64) << 32);
        let (mut games, mut hit, mut any) = (0, 0, 0);
        let (mut sound, mut sound_blunder, mut sound_mistake, mut sound_inaccuracy) = (0, 0, 0, 0);
        let mut attempts = 0;
        while games < c.games && attempts < c.games * 3 {
            attempts += 1;
            let Some((mut game, planted)) = planted_game(*variant, &c, &mut rng) else {
                continue;
            };
            games += 1;
            game.set_header("Event", &format!("planted blunder, seed {}", c.seed))
                .unwrap();
            game.set_header("Round", &games.to_string()).unwrap();
            game.set_header(
                "Annotator",
                &format!("planted blunder in turn {}", planted + 1),
            )
            .unwrap();
            corpus.push_str(&game.pgn(&[]));
            corpus.push('\n');
            let report = analyse(&game, Limits::nodes(c.analysis_nodes), options()).unwrap();
            let turns = report.plies.last().map_or(0, |p| p.turn + 1);
            for turn in 0..turns {
                let mark = report
                    .plies
                    .iter()
                    .filter(|p| p.turn == turn)
                    .find_map(|p| p.class);
                if turn == planted {
                    hit += usize::from(mark >= Some(Mark::Mistake));
                    any += usize::from(mark.is_some());
                } else {
                    sound += 1;
                    match mark {
                        Some(Mark::Blunder) => sound_blunder += 1,
                        Some(Mark::Mistake) => sound_mistake += 1,
                        Some(Mark::Inaccuracy) => sound_inaccuracy += 1,
                        None => {}
                    }
                }
            }
        }
        let pct = |n: usize, d: usize| 100.0 * n as f64 / d.max(1) as f64;
        println!(
            "| {} | {games} | {hit} ({:.0}%) | {any} ({:.0}%) | {sound} | {sound_blunder} ({:.1}%) | {sound_mistake} ({:.1}%) | {sound_inaccuracy} ({:.1}%) |",
            variant.id(),
            pct(hit, games),
            pct(any, games),
            pct(sound_blunder, sound),
            pct(sound_mistake, sound),
            pct(sound_inaccuracy, sound),
        );
    }
    if let Some(path) = &c.pgn {
        std::fs::write(path, corpus).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
