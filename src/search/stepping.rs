//! [`SteppedSearch`]: a started search of any rule set behind one object-safe trait
//! (`stepped.rs` starts one on one thread, `parallel.rs` on several); a file of its
//! own, so that both build on it without depending on each other.

use super::{Clock, Progress, SearchInfo, TranspositionTable};
use crate::moves::Action;

/// A started search.
pub trait SteppedSearch: Send {
    /// Searches about `node_budget` more nodes ([`super::Search::step`]).
    fn step(
        &mut self,
        node_budget: u64,
        clock: &dyn Clock,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Progress;
    /// Ends the search: the next step returns its result ([`super::Search::stop`]).
    fn stop(&mut self);
    /// The answer if the search fails (a bug): the first legal action, if any.
    fn fallback(&self) -> Option<Action>;
    /// Nodes searched so far (by every thread of a parallel search).
    fn nodes(&self) -> u64;
    /// The table, with what the search learnt, for the next search.
    fn into_table(self: Box<Self>) -> TranspositionTable;
}
