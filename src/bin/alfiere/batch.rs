//! Many games at once, for `alfiere annotate` (native: threads and a clock, which the
//! library never uses): a PGN file split
//! into its games (a broken game stays one bad entry, the rest go on), and the
//! games analysed on several threads. Each game gets a table of its own, so a
//! game's report depends only on the game and the budget, never on the thread count
//! or on which games ran beside it.

use alfiere::analysis::{annotate, AnalysisStep, GameAnalysis, GameReport, DEFAULT_TABLE_MB};
use alfiere::api::{ApiError, Game};
use alfiere::search::{Clock, Limits, SearchOptions, TranspositionTable};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// One game's text in a PGN file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameText {
    /// Where the game comes from (a file name), for messages.
    pub source: String,
    /// Counts games from 1, in file order.
    pub number: usize,
    /// The 1-based line where the game starts.
    pub line: usize,
    pub text: String,
}

/// Whether `line` is a PGN tag pair (`[Name "value"]`).
fn is_tag_line(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix('[') else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name_end > 0 && rest[name_end..].trim_start().starts_with('"')
}

/// Splits a PGN file into its games: a game starts at a tag line that follows
/// movetext, at the first line after a line of movetext ending in a result token,
/// or at the first line with anything on it. Only the lines are looked
/// at, so a game with a broken move or comment does not take its neighbours down.
pub fn split_games(text: &str, source: &str) -> Vec<GameText> {
    let mut games: Vec<GameText> = Vec::new();
    let mut movetext_seen = false;
    let mut ended = false;
    for (i, line) in text.lines().enumerate() {
        let blank = line.trim().is_empty();
        let tag = is_tag_line(line);
        let starts = !blank && (games.is_empty() || ended || (tag && movetext_seen));
        ended &= blank;
        if starts {
            games.push(GameText {
                source: source.to_string(),
                number: games.len() + 1,
                line: i + 1,
                text: String::new(),
            });
            movetext_seen = false;
        }
        if let Some(game) = games.last_mut() {
            if starts {
                // Blank lines in front, so the PGN reader's line numbers are the
                // file's.
                game.text.push_str(&"\n".repeat(i));
            }
            game.text.push_str(line);
            game.text.push('\n');
        }
        if !blank && !tag {
            movetext_seen = true;
            let last = line.split_whitespace().last().unwrap_or("");
            ended = ["1-0", "0-1", "1/2-1/2", "*"].contains(&last);
        }
    }
    games
}

/// A game analysed: its report and its PGN with the analysis written in.
#[derive(Debug, Clone)]
pub struct Annotated {
    pub report: GameReport,
    pub pgn: String,
}

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

/// Loads, analyses and annotates one game.
///
/// # Errors
/// The game's PGN does not load, or the limits are refused.
pub fn annotate_game(
    text: &str,
    limits: &Limits,
    options: &SearchOptions,
    stop: &AtomicBool,
    mut on_position: impl FnMut(usize),
    on_total: impl FnOnce(usize),
) -> Result<Annotated, ApiError> {
    let mut game = Game::start(alfiere::Variant::Chess);
    game.load_pgn(text)?;
    let table = TranspositionTable::new(DEFAULT_TABLE_MB);
    let mut job = GameAnalysis::new(&game, limits.clone(), options.clone(), table)?;
    on_total(job.total());
    let clock = Since(Instant::now());
    let mut done = 0;
    let report = loop {
        if stop.load(Ordering::Relaxed) {
            job.stop();
        }
        match job.step(1 << 14, &clock) {
            AnalysisStep::Running(progress) => {
                if progress.done > done {
                    on_position(progress.done - done);
                    done = progress.done;
                }
            }
            AnalysisStep::Done(report) => break report,
        }
    };
    on_position(job.total().saturating_sub(done));
    annotate(&mut game, &report)?;
    Ok(Annotated {
        pgn: game.pgn(&[]),
        report,
    })
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
                let result = annotate_game(
                    &game.text,
                    limits,
                    options,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_games_at_tags_after_movetext() {
        let text = "[Event \"a\"]\n[White \"x\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 {a\n[%eval 0.1] comment} d5 *\n1. c4 *\n";
        let games = split_games(text, "t.pgn");
        assert_eq!(games.len(), 3);
        assert_eq!(games[2].line, 10);
        assert_eq!(games[2].text, format!("{}1. c4 *\n", "\n".repeat(9)));
        assert_eq!((games[0].number, games[0].line), (1, 1));
        assert_eq!((games[1].number, games[1].line), (2, 6));
        assert!(games[1].text.contains("[%eval 0.1]"));
        assert!(split_games("\n\n", "").is_empty());
        let bare = split_games("1. e4 *\n", "");
        assert_eq!(bare.len(), 1);
    }
}
