//! [`SteppedSearch`]: a started search of any rule set behind one object-safe trait,
//! so a front end that chooses the rule set at run time (the UCI session, through
//! [`crate::api::Game::start_search`]) can hold it and step it.

pub use super::stepping::SteppedSearch;
use super::{Clock, Limits, Progress, Search, SearchInfo, SearchOptions, TranspositionTable};
use crate::game::Position;
use crate::moves::{Action, ActionList};

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

    fn nodes(&self) -> u64 {
        self.search.nodes()
    }

    fn into_table(self: Box<Self>) -> TranspositionTable {
        self.search.into_table()
    }
}

/// Starts a search of `pos`, whose repetition history is `history` (the
/// [`super::position_key`]s of the turn-start positions since the last irreversible
/// action), with `table`; on several threads when `options` ask for them
/// (`parallel.rs`).
pub fn start<G: Position>(
    pos: &G,
    history: &[u64],
    limits: Limits,
    options: SearchOptions,
    table: TranspositionTable,
) -> Box<dyn SteppedSearch> {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some((helpers, start_thread)) = super::parallel::helpers(&options) {
        // Shared before the search that decides starts, so every handle is at the
        // generation the table had; each search then moves on to the same next one.
        let tables: Vec<TranspositionTable> = (0..helpers).map(|_| table.share()).collect();
        let helper_limits = Limits {
            depth: limits.depth,
            searchmoves: limits.searchmoves.clone(),
            ..Limits::default()
        };
        let helper_options = super::parallel::helper_options(&options);
        let helpers = tables
            .into_iter()
            .zip(1..)
            .map(|(table, index)| {
                let mut helper = start_one(
                    pos,
                    history,
                    helper_limits.clone(),
                    helper_options.clone(),
                    table,
                );
                helper.search.become_helper(index);
                helper as Box<dyn SteppedSearch>
            })
            .collect();
        let node_limit = limits.nodes;
        let main_limits = Limits {
            nodes: None,
            ..limits
        };
        let main = start_one(pos, history, main_limits, options, table);
        return super::parallel::start(main, helpers, node_limit, &*start_thread);
    }
    start_one(pos, history, limits, options, table)
}

/// [`start`] on one thread.
fn start_one<G: Position>(
    pos: &G,
    history: &[u64],
    limits: Limits,
    options: SearchOptions,
    table: TranspositionTable,
) -> Box<Started<G::Searched>> {
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
