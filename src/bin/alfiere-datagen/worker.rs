//! The workers: each plays its share of the games (worker `w` of `T` plays games
//! `w`, `w + T`, `w + 2T`, ...; a game's seed comes from `--seed` and the game's
//! number alone), appends each finished game to the output in one write, and
//! reports progress on stderr.

use crate::args::Config;
use crate::selfplay::{self, PlayedOut, Settings};
use crate::tally::Tally;
use alfiere::eval::nnue::Network;
use alfiere::search::skill::SplitMix;
use alfiere::search::TranspositionTable;
use alfiere::{Chess, ChessGi, RacingKings, Variant};
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
    pub tally: Mutex<Tally>,
    pub started: Instant,
    last_report: Mutex<Instant>,
    /// Set when a worker failed: the others stop after their game.
    failed: AtomicBool,
}

impl Shared {
    pub fn new(config: Config, network: Option<Arc<Network>>, out: File) -> Shared {
        let now = Instant::now();
        Shared {
            config,
            network,
            out: Mutex::new(out),
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
type PlayGame = fn(TranspositionTable, &Settings, u64) -> (Option<PlayedOut>, TranspositionTable);

/// The game player of `variant` (one of [`crate::args::VARIANTS`]).
fn player(variant: Variant) -> Result<PlayGame, String> {
    match variant {
        Variant::Chess => Ok(selfplay::play::<Chess>),
        Variant::ChessGi => Ok(selfplay::play::<ChessGi>),
        Variant::RacingKings => Ok(selfplay::play::<RacingKings>),
        other => Err(format!("no self-play data for {}", other.name())),
    }
}

/// Plays worker `worker`'s games until the limits are reached.
pub fn run(shared: &Shared, worker: usize) -> Result<(), String> {
    let config = &shared.config;
    let settings = Settings {
        nodes: config.nodes,
        opening_plies: config.opening_plies,
        network: shared.network.clone(),
    };
    let play = player(config.variant)?;
    let mut table = TranspositionTable::new(TABLE_MB);
    let mut game = worker as u64;
    while config.games.is_none_or(|games| game < games) {
        if shared.failed.load(Ordering::Relaxed) || shared.enough_positions() {
            break;
        }
        let (played, back) = play(table, &settings, game_seed(config.seed, game));
        table = back;
        match played {
            Some(played) => {
                let text = played.text();
                let written = shared
                    .out
                    .lock()
                    .map_err(|_| "the output lock was poisoned".to_string())
                    .and_then(|mut out| {
                        out.write_all(text.as_bytes())
                            .and_then(|()| out.flush())
                            .map_err(|e| format!("{}: {e}", config.out.display()))
                    });
                if let Err(e) = written {
                    shared.failed.store(true, Ordering::Relaxed);
                    return Err(e);
                }
                shared
                    .tally()
                    .add(played.verdict, played.samples.len() as u64);
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
