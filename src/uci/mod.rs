//! The UCI codec, a door beside the wasm one: lines in, typed calls on the engine
//! session ([`EngineSession`]); its typed events out, as lines. [`UciCodec`] borrows
//! the engine session for each line, so its owner may also call it directly: the
//! native `alfiere` binary runs [`UciSession`] (an engine session and its codec), and
//! the wasm `Session` owns the engine session and uses the codec only for raw UCI
//! (the JS `Engine`'s `postMessage`/`uci()`). Both run this same code, so their
//! transcripts agree line for line; the engine session holds every option, default,
//! limit and the search itself.
//!
//! [`UciSession`] takes one input line at a time ([`UciSession::handle_line`]) and
//! sends its output lines to a callback. A `go` starts a search job that the caller
//! drives by steps ([`UciSession::step`]: a node budget and a clock, injected). While
//! it runs, `stop`, `quit` and `isready` are answered at once, and so is every command
//! that does not need the session idle; `go`, `setoption` and `ucinewgame` (and every
//! line after them, to keep the order) wait until the search ends, and end a `go
//! infinite` search first. A `go infinite` search that has finished holds its
//! `bestmove` back until `stop`.
//!
//! Every bad input (garbage, unknown commands or options, bad FENs, illegal actions,
//! bad `go` arguments) is answered with `info string <reason>` and leaves the
//! session's state as it was; nothing here panics on input.
//!
//! ```
//! use alfiere::uci::UciSession;
//! let mut session = UciSession::new();
//! let mut out = Vec::new();
//! session.handle_line("position startpos moves f2f3 e7e5 g2g4", &mut |l| out.push(l.to_string()));
//! session.handle_line("go depth 3", &mut |l| out.push(l.to_string()));
//! session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
//! assert_eq!(out.last().unwrap(), "bestmove d8h4");
//! ```
//!
//! ```
//! use alfiere::uci::UciSession;
//! let mut session = UciSession::new();
//! let mut out = Vec::new();
//! session.handle_line("position startpos moves e2e4", &mut |l| out.push(l.to_string()));
//! session.handle_line("go perft 1", &mut |l| out.push(l.to_string()));
//! assert_eq!(out.last().unwrap(), "Nodes searched: 20");
//! ```

mod codec;
mod command;
mod options;
mod output;

pub use codec::{status_of, UciCodec, MAX_LINE_LEN};
pub use command::{parse_go, parse_position};
pub use options::{option_lines, parse_setoption};
pub use output::{diagram, format_bestmove, format_event, format_info};

pub use crate::engine::{FileReader, NODES_PER_STEP};
pub use crate::perft::MAX_PERFT_DEPTH;

use crate::api::Game;
use crate::engine::{EngineOptions, EngineSession};
use crate::eval::nnue::{Network, Networks};
use crate::variants::Variant;
use std::sync::Arc;

/// Whether the conversation goes on after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Continue,
    Quit,
}

/// What the conversation is doing: the engine session's [`crate::engine::Status`],
/// spelled alike, and `Quit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// No search: waiting for input.
    Idle,
    /// A search runs: call [`UciSession::step`] again.
    Running,
    /// A `go infinite` search has finished and holds its `bestmove` until `stop`.
    Holding,
    /// A `quit` that had waited for a search has been read: the conversation is over.
    Quit,
}

/// One UCI conversation: an engine session and the codec over it (the binary's).
#[derive(Debug, Default)]
pub struct UciSession {
    engine: EngineSession,
    codec: UciCodec,
}

impl UciSession {
    /// A session with orthodox chess at the start position and a fixed seed
    /// ([`EngineSession::new`]).
    pub fn new() -> UciSession {
        UciSession::over(EngineSession::new())
    }

    /// A session whose weakened levels draw their choices from `seed`.
    pub fn with_seed(seed: u64) -> UciSession {
        UciSession::over(EngineSession::with_seed(seed))
    }

    /// The codec over `engine`.
    pub fn over(engine: EngineSession) -> UciSession {
        UciSession {
            engine,
            codec: UciCodec::new(),
        }
    }

    /// The engine session below the codec.
    pub fn engine(&self) -> &EngineSession {
        &self.engine
    }

    /// The engine session below the codec, for typed calls while no UCI search runs.
    pub fn engine_mut(&mut self) -> &mut EngineSession {
        &mut self.engine
    }

    /// Lets `EvalFile` read files ([`EngineSession::set_file_reader`]).
    pub fn set_file_reader(&mut self, reader: FileReader) {
        self.engine.set_file_reader(reader);
    }

    /// Lets `Threads` go above 1 ([`EngineSession::set_thread_starter`]).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn set_thread_starter(&mut self, start: Arc<crate::search::StartThread>) {
        self.engine.set_thread_starter(start);
    }

    /// The learned evaluations the next searches use (none: the hand-written one).
    pub fn networks(&self) -> &Networks {
        self.engine.networks()
    }

    /// Sets the learned evaluations ([`EngineSession::set_networks`]).
    pub fn set_networks(&mut self, networks: Networks) {
        self.engine.set_networks(networks);
    }

    /// Adds one of the networks `EvalFile <built-in>` names
    /// ([`EngineSession::add_default_network`]).
    pub fn add_default_network(&mut self, network: Arc<Network>) {
        self.engine.add_default_network(network);
    }

    /// The current rule set.
    pub fn variant(&self) -> Variant {
        self.engine.variant()
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        self.engine.game()
    }

    /// The engine options.
    pub fn options(&self) -> &EngineOptions {
        self.engine.options()
    }

    /// The memory of the session's table in bytes ([`EngineSession::table_bytes`]).
    pub fn table_bytes(&self) -> Option<usize> {
        self.engine.table_bytes()
    }

    /// What the session is doing.
    pub fn status(&self) -> Status {
        status_of(&self.engine)
    }

    /// Whether a search runs (or holds its answer).
    pub fn is_busy(&self) -> bool {
        self.engine.is_busy()
    }

    /// Whether the running search ends by itself (not `go infinite`, not unbounded).
    pub fn job_is_finite(&self) -> bool {
        self.engine.job_is_finite()
    }

    /// Handles one line of input, sending output lines to `out` ([`UciCodec::handle_line`]).
    pub fn handle_line(&mut self, line: &str, out: &mut dyn FnMut(&str)) -> Control {
        self.codec.handle_line(&mut self.engine, line, out)
    }

    /// Searches about `node_budget` nodes of the running search ([`UciCodec::step`]).
    pub fn step(
        &mut self,
        node_budget: u64,
        clock: &dyn Fn() -> u64,
        out: &mut dyn FnMut(&str),
    ) -> Status {
        self.codec.step(&mut self.engine, node_budget, clock, out)
    }

    /// Steps the running search to its end ([`UciCodec::run_search`]).
    pub fn run_search(&mut self, clock: &dyn Fn() -> u64, out: &mut dyn FnMut(&str)) -> Status {
        self.codec.run_search(&mut self.engine, clock, out)
    }

    /// After a panic inside [`UciSession::step`] (a bug): drops the search, answers
    /// its fallback `bestmove` and starts a fresh table. The caller reports the error.
    pub fn recover_from_failed_search(&mut self, out: &mut dyn FnMut(&str)) {
        self.codec.recover_from_failed_search(&mut self.engine, out);
    }
}
