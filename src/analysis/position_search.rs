//! [`PositionSearch`]: one position's search inside a judging job (a game's analysis,
//! a practised turn's judgement): started on the job's table, stepped by node budgets
//! with `movetime` counted from its own start, and what it found given in White's view.

use super::judge::Eval;
use crate::api::Game;
use crate::moves::Action;
use crate::search::{
    Clock, Limits, Progress, Score, SearchOptions, SteppedSearch, TranspositionTable,
};
use crate::types::Color;

/// What the search found in one position.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Found {
    pub eval: Eval,
    pub pv: Vec<Action>,
}

/// A finished search: what it found (none for one stopped before its first
/// iteration, which has nothing to say), its nodes, and the table back.
pub(super) struct Searched {
    pub found: Option<Found>,
    pub nodes: u64,
    pub table: TranspositionTable,
}

/// A position's search under way.
pub(super) struct PositionSearch {
    search: Box<dyn SteppedSearch>,
    /// The clock's reading at the first step (`movetime` counts from it).
    started_ms: Option<u64>,
    to_act: Color,
}

/// A clock that counts from one position's start.
struct Since<'a> {
    clock: &'a dyn Clock,
    start: u64,
}

impl Clock for Since<'_> {
    fn elapsed_ms(&self) -> u64 {
        self.clock.elapsed_ms().saturating_sub(self.start)
    }
}

impl PositionSearch {
    /// Starts searching `position` within `limits` on `table` (a new one of the
    /// analysis's default size when the job has none).
    pub(super) fn start(
        position: &Game,
        limits: Limits,
        options: SearchOptions,
        table: Option<TranspositionTable>,
        clock: &dyn Clock,
    ) -> PositionSearch {
        let table = table.unwrap_or_else(|| TranspositionTable::new(super::DEFAULT_TABLE_MB));
        let started_ms = limits.movetime.map(|_| clock.elapsed_ms());
        PositionSearch {
            search: position.start_search(limits, options, table),
            started_ms,
            to_act: position.turn(),
        }
    }

    /// Searches about `node_budget` more nodes: the answer once the search is done,
    /// else the search to step again.
    pub(super) fn step(
        mut self,
        node_budget: u64,
        clock: &dyn Clock,
    ) -> Result<Searched, PositionSearch> {
        let start = *self.started_ms.get_or_insert_with(|| clock.elapsed_ms());
        let since = Since { clock, start };
        let Progress::Done(result) = self.search.step(node_budget, &since, &mut |_| {}) else {
            return Err(self);
        };
        let searched = result.depth > 0 || !result.pv.is_empty();
        Ok(Searched {
            found: searched.then(|| Found {
                eval: white_view(result.score, self.to_act),
                pv: result.pv,
            }),
            nodes: result.nodes,
            table: self.search.into_table(),
        })
    }

    /// Asks the search to stop at its next step.
    pub(super) fn stop(&mut self) {
        self.search.stop();
    }
}

/// A search score (the side to act's view) from White's view.
fn white_view(score: Score, to_act: Color) -> Eval {
    let sign = if to_act == Color::White { 1 } else { -1 };
    match score {
        Score::Cp(cp) => Eval::Cp(cp * sign),
        Score::Mate(m) => Eval::Mate(m * sign),
    }
}
