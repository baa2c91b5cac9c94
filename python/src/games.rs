//! Games of a file as they cross into Python and between Dask processes:
//! `(source, number, line, text)`, the core's `GameText` as a tuple.

use alfiere::analysis::batch::GameText;

/// A game of a file as Python sees it: `(source, number, line, text)`.
pub type GameTuple = (String, usize, usize, String);

/// The game as a tuple.
pub fn to_tuple(game: GameText) -> GameTuple {
    (game.source, game.number, game.line, game.text)
}

/// The game back from its tuple.
pub fn from_tuple((source, number, line, text): GameTuple) -> GameText {
    GameText {
        source,
        number,
        line,
        text,
    }
}
