//! Many games at once, for `alfiere annotate` (native: threads and a clock, which the
//! library never uses): the games of a PGN file (split by the library's
//! `analysis::batch`, which also analyses one game) analysed on several threads.
//! Each game gets a table of its own, so a game's report depends only on the game
//! and the budget, never on the thread count or on which games ran beside it.

use alfiere::analysis::batch::{annotate_game, Annotated, GameText};
use alfiere::api::ApiError;
use alfiere::search::{Clock, Limits, SearchOptions};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// One game's outcome in a batch.
pub type GameResult = Result<Annotated, ApiError>;

/// How far a batch has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BatchProgress {
    pub games_done: usize,
    pub games: usize,
    pub positions_done: usize,
    /// Positions of the games read so far (a game is read when a thread takes it).
    pub positions_known: usize,
}

struct Since(Instant);

impl Clock for Since {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// Analyses `games` on `threads` threads. `on_game` hears of each game in the
/// games' order, as soon as it and every game before it are done (so a command
/// that prints them loses nothing finished if it is interrupted); `on_progress`
/// hears of every position. Setting `stop` ends every game early with what it has
/// (its report says `complete: false`).
pub fn annotate_games(
    games: &[GameText],
    limits: &Limits,
    options: &SearchOptions,
    threads: usize,
    stop: &AtomicBool,
    on_progress: &(dyn Fn(BatchProgress) + Sync),
    on_game: &(dyn Fn(&GameText, GameResult) + Sync),
) {
    let next = AtomicUsize::new(0);
    // Finished games not yet handed on, and the first game not yet handed on.
    let pending: Mutex<(Vec<Option<GameResult>>, usize)> =
        Mutex::new((games.iter().map(|_| None).collect(), 0));
    let progress = Mutex::new(BatchProgress {
        games: games.len(),
        ..BatchProgress::default()
    });
    let report = |change: &dyn Fn(&mut BatchProgress)| {
        let mut p = progress.lock().unwrap_or_else(|e| e.into_inner());
        change(&mut p);
        on_progress(*p);
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(game) = games.get(i) else {
                    break;
                };
                let clock = Since(Instant::now());
                let result = annotate_game(
                    &game.text,
                    limits,
                    options,
                    &clock,
                    stop,
                    |n| report(&|p| p.positions_done += n),
                    |total| report(&|p| p.positions_known += total),
                );
                let mut guard = pending.lock().unwrap_or_else(|e| e.into_inner());
                let (finished, first) = &mut *guard;
                finished[i] = Some(result);
                while let Some(ready) = finished.get_mut(*first).and_then(Option::take) {
                    on_game(&games[*first], ready);
                    *first += 1;
                }
                drop(guard);
                report(&|p| p.games_done += 1);
            });
        }
    });
}
