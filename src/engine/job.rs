//! What the engine session is asked to do (a [`Job`]) and what it reports while doing
//! it (an [`Event`]). A search is the one job today; the game analysis and puzzle
//! mining to come are further jobs with their own variants here, and report their
//! progress through further events, so neither door changes shape for them.

use crate::moves::Action;
use crate::search::{Limits, SearchInfo};

/// The deepest search a caller of the typed door may ask for.
pub const MAX_SEARCH_DEPTH: u32 = 64;
/// A search given no limit at all by the typed door thinks this long (ms); an
/// endless search must be asked for (`infinite`).
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

/// A piece of work for the session, run by [`super::EngineSession::step`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Job {
    /// Search the current position for the best action.
    Search(SearchJob),
}

/// A search of the session's position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchJob {
    pub limits: Limits,
    /// The number of lines for this search only (`None`: the `MultiPV` option).
    pub multipv: Option<usize>,
}

impl SearchJob {
    /// A search within `limits`, with the session's `MultiPV`.
    pub fn new(limits: Limits) -> SearchJob {
        SearchJob {
            limits,
            multipv: None,
        }
    }
}

/// What a running job reports.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A completed iteration of a search, one per line (MultiPV).
    Info(SearchInfo),
    /// The search's answer, which ends the job: the action to play (`None` when the
    /// side to act has none), and the milliseconds the job ran by the caller's clock.
    BestAction { best: Option<Action>, time_ms: u64 },
}
