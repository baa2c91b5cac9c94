//! The workers: each plays its share of the games (worker `w` of `T` plays games
//! `F + w`, `F + w + T`, ..., where `F` is the first game number of the run: 0, or
//! where a teacher file left off; a game's seed comes from the seed and the game's
//! number alone), appends each finished game to the output in one write, and
//! reports progress on stderr.

use crate::adjudicate::Verdict;
use crate::args::Config;
use crate::selfplay::{self, PlayedOut, Settings};
use crate::tally::Tally;
use crate::teacher::UciLabeller;
use crate::teacher_game;
use alfiere::eval::nnue::Network;
use alfiere::search::skill::SplitMix;
use alfiere::search::TranspositionTable;
use alfiere::variants::{
    Marseillais, MarseillaisBalanced, ProgressiveItalian, ProgressiveScottish,
};
use alfiere::{Alice, Avalanche, Billiards, Chess, ChessGi, RacingKings, Variant};
use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The transposition table of each worker, in MiB (cleared for every game).
const TABLE_MB: usize = 16;
/// How often progress is reported.
const REPORT_EVERY: Duration = Duration::from_secs(30);

/// What the workers share.
pub struct Shared {
    pub config: Config,
    /// The network `--network` named, read once.
    pub network: Option<Arc<Network>>,
    pub out: Mutex<File>,
    /// The seed of the games (`--seed`, or a resumed teacher file's).
    pub seed: u64,
    /// The number of the run's first game.
    pub first_game: u64,
    pub tally: Mutex<Tally>,
    pub started: Instant,
    last_report: Mutex<Instant>,
    /// Set when a worker failed: the others stop after their game.
    failed: AtomicBool,
}

impl Shared {
    pub fn new(
        config: Config,
        network: Option<Arc<Network>>,
        out: File,
        seed: u64,
        first_game: u64,
    ) -> Shared {
        let now = Instant::now();
        Shared {
            config,
            network,
            out: Mutex::new(out),
            seed,
            first_game,
            tally: Mutex::new(Tally::default()),
            started: now,
            last_report: Mutex::new(now),
            failed: AtomicBool::new(false),
        }
    }

    fn tally(&self) -> std::sync::MutexGuard<'_, Tally> {
        // A worker that panicked holding the lock left whole counts behind.
        self.tally.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The counts so far.
    pub fn snapshot(&self) -> Tally {
        self.tally().clone()
    }

    fn enough_positions(&self) -> bool {
        self.config
            .positions
            .is_some_and(|limit| self.tally().positions >= limit)
    }
}

/// The seed of game `game`: the same for any number of workers.
fn game_seed(seed: u64, game: u64) -> u64 {
    SplitMix(seed ^ game.wrapping_mul(0xd1b5_4a32_d192_ed03)).next_u64()
}

/// One self-play game: [`selfplay::play`] for the chosen rule set.
pub type PlayGame =
    fn(TranspositionTable, &Settings, u64) -> (Option<PlayedOut>, TranspositionTable);

/// The game player of `variant` (one of [`crate::args::VARIANTS`]).
fn player(variant: Variant) -> Result<PlayGame, String> {
    match variant {
        Variant::Chess => Ok(selfplay::play::<Chess>),
        Variant::ChessGi => Ok(selfplay::play::<ChessGi>),
        Variant::RacingKings => Ok(selfplay::play::<RacingKings>),
        Variant::Billiards => Ok(selfplay::play::<Billiards>),
        Variant::Avalanche => Ok(selfplay::play::<Avalanche>),
        Variant::Marseillais => Ok(selfplay::play::<Marseillais>),
        Variant::MarseillaisBalanced => Ok(selfplay::play::<MarseillaisBalanced>),
        Variant::ProgressiveScottish => Ok(selfplay::play::<ProgressiveScottish>),
        Variant::ProgressiveItalian => Ok(selfplay::play::<ProgressiveItalian>),
        Variant::Alice => Ok(selfplay::play::<Alice>),
        other => Err(format!("no self-play data for {}", other.name())),
    }
}

/// What a worker makes of each game: text lines, or teacher-labelled records (with
/// the worker's own teacher process).
pub enum Maker {
    Text(PlayGame),
    Teacher(Box<UciLabeller>),
}

/// A game made: the bytes to append, its result and how many positions they hold.
struct Made {
    bytes: Vec<u8>,
    verdict: Verdict,
    positions: u64,
    chess960: bool,
}

impl Maker {
    /// The text maker of `config`'s rule set.
    pub fn text(config: &Config) -> Result<Maker, String> {
        player(config.variant).map(Maker::Text)
    }

    fn make(
        &mut self,
        shared: &Shared,
        table: TranspositionTable,
        settings: &Settings,
        game: u64,
    ) -> (Result<Option<Made>, String>, TranspositionTable) {
        let seed = game_seed(shared.seed, game);
        match self {
            Maker::Text(play) => {
                let (played, table) = play(table, settings, seed);
                let made = played.map(|played| Made {
                    bytes: played.text().into_bytes(),
                    verdict: played.verdict,
                    positions: played.samples.len() as u64,
                    chess960: false,
                });
                (Ok(made), table)
            }
            Maker::Teacher(labeller) => {
                let Ok(number) = u32::try_from(game) else {
                    return (
                        Err(format!("game number {game} is beyond a record's u32")),
                        table,
                    );
                };
                let teacher = shared.config.teacher.as_ref().expect("teacher mode");
                let (labelled, table) = teacher_game::play_labelled(
                    table,
                    settings,
                    teacher,
                    labeller.as_mut(),
                    seed,
                    number,
                );
                let made = labelled.map(|labelled| {
                    labelled.map(|labelled| Made {
                        verdict: labelled.played.verdict,
                        positions: labelled.records,
                        chess960: labelled.chess960,
                        bytes: labelled.bytes,
                    })
                });
                (made, table)
            }
        }
    }
}

/// Plays worker `worker`'s games with `maker` until the limits are reached.
pub fn run(shared: &Shared, worker: usize, mut maker: Maker) -> Result<(), String> {
    let config = &shared.config;
    let settings = Settings {
        nodes: config.nodes,
        opening_plies: config.opening_plies,
        skip_plies: config.skip_plies,
        network: shared.network.clone(),
    };
    let mut table = TranspositionTable::new(TABLE_MB);
    let mut game = shared.first_game + worker as u64;
    let end = config.games.map(|games| shared.first_game + games);
    while end.is_none_or(|end| game < end) {
        if shared.failed.load(Ordering::Relaxed) || shared.enough_positions() {
            break;
        }
        let (made, back) = maker.make(shared, table, &settings, game);
        table = back;
        let made = match made {
            Ok(made) => made,
            Err(e) => {
                shared.failed.store(true, Ordering::Relaxed);
                return Err(e);
            }
        };
        match made {
            Some(made) => {
                let written = shared
                    .out
                    .lock()
                    .map_err(|_| "the output lock was poisoned".to_string())
                    .and_then(|mut out| {
                        out.write_all(&made.bytes)
                            .and_then(|()| out.flush())
                            .map_err(|e| format!("{}: {e}", config.out.display()))
                    });
                if let Err(e) = written {
                    shared.failed.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                let mut tally = shared.tally();
                tally.add(made.verdict, made.positions);
                tally.chess960 += u64::from(made.chess960);
            }
            None => {
                eprintln!("game {game}: no balanced opening found; skipped");
                shared.tally().skipped += 1;
            }
        }
        report_if_due(shared);
        game += config.threads as u64;
    }
    Ok(())
}

/// Prints the progress line if the last one is [`REPORT_EVERY`] old.
fn report_if_due(shared: &Shared) {
    let mut last = shared.last_report.lock().unwrap_or_else(|e| e.into_inner());
    if last.elapsed() >= REPORT_EVERY {
        *last = Instant::now();
        eprintln!("{}", shared.snapshot().summary(shared.started.elapsed()));
    }
}
