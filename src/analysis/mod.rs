//! Computer analysis of whole games, in every rule set: the engine searches every
//! position of a played game, and each decision is judged by how much of the mover's
//! winning chances it gave away (marks `?!`, `?`, `??`, an accuracy per side), then
//! written back into the game's PGN as evaluations, NAGs and the better lines.
//!
//! One implementation for the native `alfiere annotate` command and for the
//! browser's worker: [`GameAnalysis`] is a stepped job, like the search it drives,
//! with no clock and no thread of its own. docs/analysis.md gives the formulas, their
//! sources, and how multi-action turns are judged.
//!
//! ```
//! use alfiere::analysis::{analyse, annotate};
//! use alfiere::api::Game;
//! use alfiere::search::{Limits, SearchOptions};
//! let mut game = Game::new("chess", None).unwrap();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_text(san).unwrap();
//! }
//! let report = analyse(&game, Limits::depth(6), SearchOptions::default()).unwrap();
//! assert_eq!(report.plies[2].class.map(|m| m.glyph()), Some("??")); // g4 allows mate
//! annotate(&mut game, &report).unwrap();
//! let pgn = game.pgn(&[]);
//! assert!(pgn.contains("g4 $4 {[%eval #-1] Blunder: it allows a forced mate."), "{pgn}");
//! ```

mod accuracy;
mod annotate;
pub mod batch;
mod job;
mod judge;
mod notes;
mod position_search;
mod practice;
mod report;
mod turns;

pub use accuracy::{decision_accuracy, game_accuracy, Decision};
pub use annotate::{annotate, eval_in_comment, evals_in_notes};
pub use job::{AnalysisProgress, AnalysisStep, GameAnalysis, MAX_ANALYSED_PLIES};
pub use judge::{judge, verdict, Cause, Eval, Mark, Verdict};
pub use notes::{notes_analysis, NotesAnalysis};
pub use practice::{JudgeStep, TurnJudge, TurnJudgement};
pub use report::{BestLine, GameReport, MarkCounts, PlyReport};

use crate::api::{ApiError, Game};
use crate::search::{Limits, NoClock, SearchOptions, TranspositionTable};

/// The table size, in MB, of an analysis that is given none.
pub const DEFAULT_TABLE_MB: usize = 16;

/// Nodes per step when an analysis runs to its end in one call.
const NODES_PER_STEP: u64 = 1 << 20;

/// Analyses `game` to the end in one call, bounded by depth or nodes per position
/// (no clock: use [`GameAnalysis`] with a clock for `movetime`).
///
/// # Errors
/// As [`GameAnalysis::new`].
pub fn analyse(
    game: &Game,
    limits: Limits,
    options: SearchOptions,
) -> Result<GameReport, ApiError> {
    let table = TranspositionTable::new(DEFAULT_TABLE_MB);
    let mut job = GameAnalysis::new(game, limits, options, table)?;
    loop {
        if let AnalysisStep::Done(report) = job.step(NODES_PER_STEP, &NoClock) {
            return Ok(report);
        }
    }
}
