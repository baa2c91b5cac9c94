//! Games of a PGN text one at a time, for batch front ends (`alfiere annotate`, the
//! Python package and its Dask tasks): the text split into its games (a broken game
//! stays one bad entry, the rest go on), and one game loaded, analysed and annotated
//! with a table of its own, so a game's report depends only on the game and the
//! budget, never on which games ran beside it or where. The clock is injected (the
//! core reads none); threads and processes are the front ends' business.

use super::{annotate, AnalysisStep, GameAnalysis, GameReport, DEFAULT_TABLE_MB};
use crate::api::{ApiError, Game};
use crate::search::{Clock, Limits, SearchOptions, TranspositionTable};
use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes per position when no budget is given: about a fifth of a second per
/// position on one core of a 2020s machine, deep enough to see tactical errors.
pub const DEFAULT_NODES: u64 = 300_000;

/// Nodes per step of a game's analysis between looks at `stop` and the progress.
const NODES_PER_STEP: u64 = 1 << 14;

/// One game's text in a PGN file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameText {
    /// Where the game comes from (a file name), for messages.
    pub source: String,
    /// Counts games from 1, in file order.
    pub number: usize,
    /// The 1-based line where the game starts.
    pub line: usize,
    /// The game's lines, as in the file (the reader's line numbers count from its
    /// first: [`located_error`] makes them the file's).
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

/// What is wrong with a game of a file, after where it is: `SOURCE game N (line
/// L)` and the reason, with the reader's line numbers made the file's.
pub fn located_error(game: &GameText, error: &ApiError) -> (String, String) {
    // The reader saw one game; its number in the file is ours to say.
    let e = error.to_string();
    let reason = e.strip_prefix("game 1, ").unwrap_or(&e);
    let place = format!("{} game {} (line {})", game.source, game.number, game.line);
    (place, in_file(reason, game.line))
}

/// A reader's message (`line L, column C: ...`) about a text that starts at line
/// `first_line` of its file, with the file's line number. The game's text is read
/// alone rather than behind blank lines standing for the lines before it, which
/// would make a big file's games cost memory and time in the square of its length.
fn in_file(reason: &str, first_line: usize) -> String {
    let shifted = reason
        .strip_prefix("line ")
        .and_then(|rest| rest.split_once(", column "))
        .and_then(|(line, rest)| {
            let line = line.parse::<usize>().ok()?;
            Some(format!("line {}, column {rest}", line + first_line - 1))
        });
    shifted.unwrap_or_else(|| reason.to_string())
}

/// Why a game of a file was skipped, as `alfiere annotate` reports it:
/// `SOURCE game N (line L) skipped: REASON`.
pub fn skipped_message(game: &GameText, error: &ApiError) -> String {
    let (place, reason) = located_error(game, error);
    format!("{place} skipped: {reason}")
}

/// A game analysed: its report and its PGN with the analysis written in.
#[derive(Debug, Clone)]
pub struct Annotated {
    pub report: GameReport,
    pub pgn: String,
}

/// Loads, analyses and annotates one game: the analysis of `alfiere annotate`, with a
/// fresh table of [`DEFAULT_TABLE_MB`]. `on_position` hears how many more positions
/// are done, `on_total` how many the game has; setting `stop` ends the analysis early
/// with what it has (its report says `complete: false`).
///
/// # Errors
/// The game's PGN does not load, or the limits are refused.
pub fn annotate_game(
    text: &str,
    limits: &Limits,
    options: &SearchOptions,
    clock: &dyn Clock,
    stop: &AtomicBool,
    mut on_position: impl FnMut(usize),
    on_total: impl FnOnce(usize),
) -> Result<Annotated, ApiError> {
    let mut job = {
        let mut game = Game::start(crate::Variant::Chess);
        game.load_pgn(text)?;
        let table = TranspositionTable::new(DEFAULT_TABLE_MB);
        // The job keeps the game: no second copy here while it runs.
        GameAnalysis::new(&game, limits.clone(), options.clone(), table)?
    };
    on_total(job.total());
    let mut done = 0;
    let report = loop {
        if stop.load(Ordering::Relaxed) {
            job.stop();
        }
        match job.step(NODES_PER_STEP, clock) {
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
    let mut game = job.into_game();
    annotate(&mut game, &report)?;
    Ok(Annotated {
        pgn: game.pgn(&[]),
        report,
    })
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
        assert_eq!(games[2].text, "1. c4 *\n");
        assert_eq!(
            games[0].text,
            "[Event \"a\"]\n[White \"x\"]\n\n1. e4 e5 *\n\n"
        );
        assert_eq!((games[0].number, games[0].line), (1, 1));
        assert_eq!((games[1].number, games[1].line), (2, 6));
        assert!(games[1].text.contains("[%eval 0.1]"));
        assert!(split_games("\n\n", "").is_empty());
        let bare = split_games("1. e4 *\n", "");
        assert_eq!(bare.len(), 1);
    }

    #[test]
    fn a_skipped_game_is_named_by_its_file_number_and_line() {
        let text = "1. e4 e5 *\n\n[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n\n1. e4 {unclosed\n";
        let games = split_games(text, "f.pgn");
        let skipped = |i: usize| {
            let error = Game::start(crate::Variant::Chess)
                .load_pgn(&games[i].text)
                .unwrap_err();
            skipped_message(&games[i], &error)
        };
        // The reader's line and column are the file's.
        assert_eq!(
            skipped(1),
            "f.pgn game 2 (line 3) skipped: line 5, column 13: illegal move 'Ke3'"
        );
        assert_eq!(
            skipped(2),
            "f.pgn game 3 (line 7) skipped: line 7, column 7: unterminated comment"
        );
        assert_eq!(in_file("no line here", 9), "no line here");
    }
}
