//! The UCI codec: lines in, typed calls on the engine session ([`EngineSession`]);
//! its typed events out, as lines. The native `alfiere` binary and raw UCI in the
//! wasm module (the JS `Engine`'s `postMessage`/`uci()`) both run this same type, so
//! their transcripts agree line for line; the session below it holds every option,
//! default, limit and the search itself.
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

mod command;
mod options;
mod output;

pub use command::{parse_go, parse_position};
pub use options::{option_lines, parse_setoption};
pub use output::{diagram, format_bestmove, format_event, format_info};

pub use crate::engine::{FileReader, NODES_PER_STEP};
pub use crate::perft::MAX_PERFT_DEPTH;

use crate::api::{ApiErrorKind, Game};
use crate::engine::{EngineOptions, EngineSession, Event, Job, SearchJob};
use crate::eval::nnue::{Network, Networks};
use crate::notation::uci;
use crate::variants::Variant;
use std::collections::VecDeque;
use std::sync::Arc;

/// The longest input line handled; longer lines are refused as a whole.
pub const MAX_LINE_LEN: usize = 1 << 20;

/// Whether the conversation goes on after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Continue,
    Quit,
}

/// What the session is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// No search: waiting for input.
    Idle,
    /// A search runs: call [`UciSession::step`] again.
    Searching,
    /// A `go infinite` search has finished and holds its `bestmove` until `stop`.
    Holding,
    /// A `quit` that had waited for a search has been read: the conversation is over.
    Quit,
}

/// One UCI conversation over an engine session.
#[derive(Debug, Default)]
pub struct UciSession {
    engine: EngineSession,
    /// Lines read during a search that must wait for its end, in order.
    deferred: VecDeque<String>,
}

/// Sends an event's line, if it has one.
fn print(event: Event, variant: Variant, out: &mut dyn FnMut(&str)) {
    out(&format_event(&event, variant));
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
            deferred: VecDeque::new(),
        }
    }

    /// The engine session below the codec.
    pub fn engine(&self) -> &EngineSession {
        &self.engine
    }

    /// The engine session below the codec, for calls of the typed door while no UCI
    /// search runs.
    pub fn engine_mut(&mut self) -> &mut EngineSession {
        &mut self.engine
    }

    /// Lets `EvalFile` read files ([`EngineSession::set_file_reader`]).
    pub fn set_file_reader(&mut self, reader: FileReader) {
        self.engine.set_file_reader(reader);
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
        match self.engine.status() {
            crate::engine::Status::Idle => Status::Idle,
            crate::engine::Status::Running => Status::Searching,
            crate::engine::Status::Holding => Status::Holding,
        }
    }

    /// Whether a search runs (or holds its answer).
    pub fn is_searching(&self) -> bool {
        self.engine.is_busy()
    }

    /// Whether the running search ends by itself (not `go infinite`, not unbounded).
    pub fn search_is_finite(&self) -> bool {
        self.engine.job_is_finite()
    }

    /// Handles one line of input, sending output lines to `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut dyn FnMut(&str)) -> Control {
        // The line ending does not count towards the limit.
        let content = line
            .strip_suffix('\n')
            .map_or(line, |l| l.strip_suffix('\r').unwrap_or(l));
        if content.len() > MAX_LINE_LEN {
            out(&format!(
                "info string line too long (over {MAX_LINE_LEN} bytes), ignored"
            ));
            return Control::Continue;
        }
        let line = line.trim();
        let command = line.split_whitespace().next().unwrap_or("");
        if self.engine.is_busy() {
            if !self.deferred.is_empty() {
                self.deferred.push_back(line.to_string());
                return Control::Continue;
            }
            match command {
                "stop" => {
                    let variant = self.engine.variant();
                    self.engine.stop(&mut |e| print(e, variant, out));
                    return Control::Continue;
                }
                "quit" => {
                    let variant = self.engine.variant();
                    self.engine.stop(&mut |e| print(e, variant, out));
                    return Control::Quit;
                }
                "go" | "setoption" | "ucinewgame" => {
                    self.engine.interrupt();
                    self.deferred.push_back(line.to_string());
                    return Control::Continue;
                }
                _ => {}
            }
        }
        self.execute(line, out)
    }

    /// Searches about `node_budget` nodes of the running search; `clock` reads the
    /// time in milliseconds from any fixed origin. Sends `info` lines, and at the
    /// end `bestmove` followed by the output of the lines that waited for it.
    pub fn step(
        &mut self,
        node_budget: u64,
        clock: &dyn Fn() -> u64,
        out: &mut dyn FnMut(&str),
    ) -> Status {
        if !self.engine.is_busy() {
            return Status::Idle;
        }
        let variant = self.engine.variant();
        match self
            .engine
            .step(node_budget, clock, &mut |e| print(e, variant, out))
        {
            crate::engine::Status::Idle => self.run_deferred(out),
            _ => self.status(),
        }
    }

    /// Steps the running search to its end (for finite searches: a `go infinite`
    /// search stops at [`Status::Holding`], waiting for `stop`).
    pub fn run_search(&mut self, clock: &dyn Fn() -> u64, out: &mut dyn FnMut(&str)) -> Status {
        loop {
            match self.step(NODES_PER_STEP, clock, out) {
                Status::Searching => {}
                status => return status,
            }
        }
    }

    /// After a panic inside [`UciSession::step`] (a bug): drops the search, answers
    /// its fallback `bestmove` and starts a fresh table. The caller reports the error.
    pub fn recover_from_failed_search(&mut self, out: &mut dyn FnMut(&str)) {
        let variant = self.engine.variant();
        self.engine
            .recover_from_failed_job(&mut |e| print(e, variant, out));
    }

    /// Runs the lines that waited for the search, until one starts another search.
    fn run_deferred(&mut self, out: &mut dyn FnMut(&str)) -> Status {
        while !self.engine.is_busy() {
            let Some(line) = self.deferred.pop_front() else {
                break;
            };
            if self.execute(&line, out) == Control::Quit {
                self.deferred.clear();
                return Status::Quit;
            }
        }
        self.status()
    }

    /// Carries out one command (no search is running, or the command does not need
    /// the session idle).
    fn execute(&mut self, line: &str, out: &mut dyn FnMut(&str)) -> Control {
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match command {
            "" => {}
            "uci" => {
                out(&format!("id name alfiere {}", env!("CARGO_PKG_VERSION")));
                out("id author the alfiere developers");
                for option in option_lines() {
                    out(&option);
                }
                out("uciok");
            }
            "isready" => out("readyok"),
            "ucinewgame" => {
                if let Err(e) = self.engine.new_game() {
                    out(&format!("info string {e}"));
                }
            }
            "setoption" => {
                if let Err(e) = parse_setoption(rest).and_then(|c| self.engine.set_option(c)) {
                    if e.kind == ApiErrorKind::UnknownVariant {
                        out(&format!("info string {e}; keeping {}", self.variant().id()));
                    } else {
                        out(&format!("info string {e}"));
                    }
                }
            }
            "position" => {
                match parse_position(self.variant(), rest)
                    .and_then(|game| self.engine.set_position(game).map_err(|e| e.message))
                {
                    Ok(()) => {}
                    Err(e) => out(&format!("info string {e}")),
                }
            }
            "go" => self.go(rest, out),
            "stop" | "ponderhit" => {}
            "d" => {
                for l in diagram(self.engine.game()).lines() {
                    out(l);
                }
            }
            "quit" => return Control::Quit,
            other => {
                out(&format!(
                    "info string unknown command '{}'",
                    crate::shown::shown(other, 32)
                ));
            }
        }
        Control::Continue
    }

    fn go(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
        let mut words = rest.split_whitespace();
        if words.next() == Some("perft") {
            self.go_perft(words.next(), out);
            return;
        }
        let limits = match parse_go(self.engine.game(), rest) {
            Ok(limits) => limits,
            Err(e) => {
                out(&format!("info string {e}"));
                return;
            }
        };
        if let Err(e) = self.engine.start(Job::Search(SearchJob::new(limits))) {
            out(&format!("info string {e}"));
            out(&format_bestmove(None, self.engine.variant()));
        }
    }

    fn go_perft(&mut self, depth: Option<&str>, out: &mut dyn FnMut(&str)) {
        let Some(Ok(depth)) = depth.map(str::parse::<i64>) else {
            out("info string 'go perft' needs a depth");
            return;
        };
        match self.engine.perft_divide(depth) {
            Ok(divided) => {
                let mut total = u64::from(depth == 0);
                for (action, count) in divided {
                    let token = uci::action_to_uci_in(&action, self.engine.variant());
                    out(&format!("{token}: {count}"));
                    total += count;
                }
                out("");
                out(&format!("Nodes searched: {total}"));
            }
            Err(e) => out(&format!("info string {e}")),
        }
    }
}
