//! What the engine session is asked to do (a [`Job`]) and what it reports while doing
//! it (an [`Event`]): a search of the session's position, a whole game's analysis, or
//! a practised turn's judgement; each reports through its events, and its last event is
//! its answer. A further job (puzzle probes, mining) is one more variant of each here,
//! stepped by the session (`session.rs`) and given its plain form beside the
//! others ([`crate::engine::JobEvent`]); the doors pass jobs and events through
//! without knowing their kinds (README, "Adding an engine job").

use crate::analysis::{AnalysisProgress, GameReport, TurnJudgement};
use crate::api::Game;
use crate::moves::Action;
use crate::search::{Limits, SearchInfo};

/// The deepest search a caller of the typed door may ask for.
pub const MAX_SEARCH_DEPTH: u32 = 64;
/// A search given no limit at all by the typed door thinks this long (ms); an
/// endless search must be asked for (`infinite`).
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

/// A piece of work for the session, run by [`super::EngineSession::step`].
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Job {
    /// Search the current position for the best action.
    Search(SearchJob),
    /// Analyse a whole game (docs/analysis.md).
    Analysis(AnalysisJob),
    /// Judge a turn tried in practice, as the analysis judges a played one.
    Practice(PracticeJob),
}

/// "Practice your mistakes": the turn `game` ends with (its actions from `from`, by
/// default the start of its last turn) judged by the analysis's rule, the positions
/// before and after it each searched within `limits` at full strength
/// ([`crate::analysis::TurnJudge`]). The game is the job's own, of any rule set.
#[derive(Debug, Clone)]
pub struct PracticeJob {
    pub game: Game,
    pub from: Option<usize>,
    pub limits: Limits,
}

/// A whole game's analysis: every position of `game` from its start searched within
/// `limits` (a depth, nodes or a time per position) at full strength, every decision
/// judged. The game is the job's own, of any rule set; the session's position stays.
#[derive(Debug, Clone)]
pub struct AnalysisJob {
    pub game: Game,
    pub limits: Limits,
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
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Event {
    /// A completed iteration of a search, one per line (MultiPV).
    Info(SearchInfo),
    /// The search's answer, which ends the job: the action to play (`None` when the
    /// side to act has none), and the milliseconds the job ran by the caller's clock.
    BestAction { best: Option<Action>, time_ms: u64 },
    /// An analysis has finished one more position.
    Progress(AnalysisProgress),
    /// The analysis's answer, which ends the job: the report, and the game's PGN with
    /// the analysis written in (`[%eval]`, NAGs, better lines). After a stop, the
    /// report covers the positions analysed so far (`complete: false`).
    Analysis {
        report: Box<GameReport>,
        pgn: String,
        time_ms: u64,
    },
    /// A practised turn's judgement, which ends the job.
    Judgement {
        judgement: Box<TurnJudgement>,
        time_ms: u64,
    },
}

impl Event {
    /// Whether the event is its job's answer, the last event the job sends.
    pub fn is_final(&self) -> bool {
        match self {
            Event::Info(_) | Event::Progress(_) => false,
            Event::BestAction { .. } | Event::Analysis { .. } | Event::Judgement { .. } => true,
        }
    }
}
