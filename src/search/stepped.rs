//! [`SteppedSearch`]: a started search of any rule set behind one object-safe trait,
//! so a front end that chooses the rule set at run time (the UCI session, through
//! [`crate::api::Game::start_search`]) can hold it and step it.

use super::{Clock, Limits, Progress, Search, SearchInfo, SearchOptions, TranspositionTable};
use crate::game::Position;
use crate::moves::{Action, ActionList};

/// A started search.
pub trait SteppedSearch: Send {
    /// Searches about `node_budget` more nodes ([`Search::step`]).
    fn step(
        &mut self,
        node_budget: u64,
        clock: &dyn Clock,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Progress;
    /// Ends the search: the next step returns its result ([`Search::stop`]).
    fn stop(&mut self);
    /// The answer if the search fails (a bug): the first legal action, if any.
    fn fallback(&self) -> Option<Action>;
    /// The table, with what the search learnt, for the next search.
    fn into_table(self: Box<Self>) -> TranspositionTable;
}

struct Started<G: Position> {
    search: Search<G>,
    fallback: Option<Action>,
}

impl<G: Position> SteppedSearch for Started<G> {
    fn step(
        &mut self,
        node_budget: u64,
        clock: &dyn Clock,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Progress {
        self.search.step(node_budget, clock, on_info)
    }

    fn stop(&mut self) {
        self.search.stop();
    }

    fn fallback(&self) -> Option<Action> {
        self.fallback
    }

    fn into_table(self: Box<Self>) -> TranspositionTable {
        self.search.into_table()
    }
}

/// Starts a search of `pos`, whose repetition history is `history` (the
/// [`super::position_key`]s of the turn-start positions since the last irreversible
/// action), with `table`.
pub fn start<G: Position>(
    pos: &G,
    history: &[u64],
    limits: Limits,
    options: SearchOptions,
    table: TranspositionTable,
) -> Box<dyn SteppedSearch> {
    let mut legal = ActionList::new();
    pos.legal_actions(&mut legal);
    let mut search = Search::<G::Searched>::for_rule_set::<G>(table);
    search.set_options(options);
    search.start_with_history(G::Searched::from(pos.clone()), history, limits);
    Box::new(Started {
        search,
        fallback: legal.first().copied(),
    })
}
