//! A search of any rule set behind one object-safe type, so the session can hold it:
//! stepped by node budgets with an injected clock, reporting UCI lines.

use super::output::{format_bestmove, format_info};
use crate::game::Game;
use crate::search::{Limits, Progress, Search, SearchOptions, TranspositionTable};
use crate::variants::AnyGame;
use crate::with_game;

/// A started search.
pub(super) trait RunningSearch: Send {
    /// Searches about `budget` more nodes; `elapsed` reads the milliseconds since the
    /// search started. Sends each completed iteration's `info` lines to `out`, and
    /// returns the `bestmove` line once the search has ended.
    fn step(
        &mut self,
        budget: u64,
        elapsed: &dyn Fn() -> u64,
        out: &mut dyn FnMut(&str),
    ) -> Option<String>;
    /// Ends the search: the next `step` returns its `bestmove`.
    fn stop(&mut self);
    /// The table, with what the search learnt, for the next search.
    fn into_table(self: Box<Self>) -> TranspositionTable;
}

struct Stepped<G: Game>(Search<G>);

impl<G: Game> RunningSearch for Stepped<G> {
    fn step(
        &mut self,
        budget: u64,
        elapsed: &dyn Fn() -> u64,
        out: &mut dyn FnMut(&str),
    ) -> Option<String> {
        let clock = || elapsed();
        match self
            .0
            .step(budget, &clock, &mut |info| out(&format_info(info)))
        {
            Progress::Running => None,
            Progress::Done(result) => Some(format_bestmove(result.best.as_ref())),
        }
    }

    fn stop(&mut self) {
        self.0.stop();
    }

    fn into_table(self: Box<Self>) -> TranspositionTable {
        self.0.into_table()
    }
}

/// Starts a search of `game` (whose repetition history is `history`).
pub(super) fn start(
    game: &AnyGame,
    history: &[u64],
    limits: Limits,
    options: SearchOptions,
    table: TranspositionTable,
) -> Box<dyn RunningSearch> {
    // Not inlined into the dispatch: one small call per rule set.
    #[inline(never)]
    fn boxed<G: Game>(
        game: &G,
        history: &[u64],
        limits: Limits,
        options: SearchOptions,
        table: TranspositionTable,
    ) -> Box<dyn RunningSearch> {
        let mut search = Search::<G>::new(table);
        search.set_options(options);
        search.start_with_history(game.clone(), history, limits);
        Box::new(Stepped(search))
    }
    with_game!(game, g => boxed(g, history, limits, options, table))
}
