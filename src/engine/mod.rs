//! The typed engine session: the one engine of the project, below both of its doors.
//! The UCI codec ([`crate::uci`], for the native binary and raw UCI in JS) and the
//! wasm `Session` (for the JS `Engine`) are two ways of talking to this same type.
//!
//! [`EngineSession`] takes a position (an [`crate::api::Game`], or a FEN and
//! actions), typed option changes ([`OptionChange`]) and jobs ([`Job`]: a search,
//! a whole game's analysis, or a practised turn's judgement), and its [`EngineSession::step`] sends typed [`Event`]s (search info, the
//! best action). It reads no clock and starts no thread: the caller steps a job by
//! node budgets and passes a clock in, as a thread loop does natively and the
//! worker's event loop does in the browser. Every refusal is an
//! [`crate::api::ApiError`] whose message both doors show as it is, and it leaves the
//! session as it was.
//!
//! ```
//! use alfiere::api::Game;
//! use alfiere::engine::{EngineSession, Event, Job, OptionChange, SearchJob};
//! use alfiere::search::Limits;
//! let mut engine = EngineSession::new();
//! engine.set_option(OptionChange::parse("MultiPV", Some("2")).unwrap()).unwrap();
//! engine.set_position_moves(None, &["f3", "e5", "g4"]).unwrap();
//! engine.start(Job::Search(SearchJob::new(Limits::depth(3)))).unwrap();
//! let mut best = None;
//! engine.run(&|| 0, &mut |event| if let Event::BestAction { best: b, .. } = event { best = b });
//! assert_eq!(alfiere::notation::uci::action_to_uci(&best.unwrap()), "d8h4");
//! ```

mod job;
mod options;
mod report;
mod session;
mod slices;

pub use job::{
    AnalysisJob, Event, Job, PracticeJob, SearchJob, DEFAULT_MOVETIME_MS, MAX_SEARCH_DEPTH,
};
pub use options::{
    EngineOptions, OptionChange, OptionValue, BUILT_IN_NETWORK, DEFAULT_ELO, DEFAULT_HASH_MB,
    ELO_MAX, ELO_MIN, LEVEL_MAX, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS, NO_NETWORK,
};
pub use report::{
    AnalysisResult, EventKind, EventValue, InfoReport, JobEvent, JobReporter, ScoreReport,
    SearchReport, SearchReporter,
};
pub use session::{game_from_packed, EngineSession, FileReader, Status};
pub use slices::{
    SliceBudget, FIRST_SLICE_NODES, MAX_SLICE_NODES, MIN_SLICE_NODES, RATE_WINDOW_MS,
    TARGET_SLICE_MS,
};

pub use crate::perft::MAX_PERFT_DEPTH;

/// Nodes a caller's step should search between two looks at its input: about a
/// millisecond natively, so `stop` is answered at once.
pub const NODES_PER_STEP: u64 = 4096;
