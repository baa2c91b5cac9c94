//! Games of a file as they cross into Python and between Dask processes:
//! `(source, number, line, text)`. The core's `split_games` puts blank lines in front
//! of each game's text so that the PGN reader's line numbers are the file's; they are
//! taken off here (a game deep in a big file would carry megabytes of them to its
//! task) and put back just before the game is read.

use alfiere::analysis::batch::GameText;

/// A game of a file as Python sees it: `(source, number, line, text)`, the text
/// without the blank lines in front.
pub type GameTuple = (String, usize, usize, String);

/// The game as a tuple, its text without the blank lines in front.
pub fn to_tuple(game: GameText) -> GameTuple {
    let padding = game.line.saturating_sub(1);
    let text = match game.text.get(..padding) {
        Some(front) if front.bytes().all(|b| b == b'\n') => game.text[padding..].to_string(),
        _ => game.text,
    };
    (game.source, game.number, game.line, text)
}

/// The game back from its tuple, with blank lines in front up to its line.
pub fn from_tuple((source, number, line, text): GameTuple) -> GameText {
    let mut padded = "\n".repeat(line.saturating_sub(1));
    padded.push_str(&text);
    GameText {
        source,
        number,
        line,
        text: padded,
    }
}
