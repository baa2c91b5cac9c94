//! Puzzles: positions right after a mistake where the side to act has one winning
//! continuation, found by the engine and checked again by the tests.
//!
//! A puzzle is a start position, the opponent's action that sets it up (the mistake)
//! and the solver's line. Its criteria, in the spirit of the lichess puzzle
//! generator, are in [`criteria`]: at every step of the solver the best action wins
//! and every other action does not, at a fixed-node search from a fresh table
//! ([`probe`]); the opponent's replies are the engine's best; the line ends in a
//! mate (or the rule set's own win) or where a decisive material win is in hand. In
//! multi-action rule sets the unit is the action, so a puzzle may ask for a whole
//! turn. [`line`] builds the line, [`second_look`] judges it again deeper, [`mine`] mines a game and gathers puzzles in order,
//! [`themes`] names what it shows, [`rating`] turns the engine's effort into a
//! difficulty, [`file`] reads and writes the shipped CSV
//! files and [`replay`] checks a shipped puzzle again. Whether a turn under way can
//! still win the game (the JS session's judge of a winning turn) is
//! [`crate::search::turn_win`]'s, below the API that asks it.

pub mod criteria;
pub mod file;
pub mod line;
pub mod mine;
pub mod probe;
pub mod rating;
pub mod replay;
pub mod second_look;
pub mod themes;

pub use criteria::Rejection;
pub use file::PuzzleRow;
pub use line::{solve, Mistake, Solved};
pub use mine::{mine_game, PuzzleSet, Verdict};
pub use probe::Prober;
