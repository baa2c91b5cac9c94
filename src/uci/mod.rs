//! The one UCI session of the project: the native `alfiere` binary and the wasm
//! module (the browser worker, Node) both run this same type, so every command,
//! option, default, limit and output format is defined here once.
//!
//! [`UciSession`] takes one input line at a time ([`UciSession::handle_line`]) and
//! sends its output lines to a callback. It never reads a clock and starts no
//! thread: a `go` starts a search that the caller drives by steps
//! ([`UciSession::step`]: a node budget and a clock, injected), as a thread loop does
//! natively and the worker's event loop does in the browser. While a search runs,
//! `stop`, `quit` and `isready` are answered at once, and so is every command that
//! does not need the search's table; `go`, `setoption` and `ucinewgame` (and every
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
pub use options::{
    option_lines, parse_setoption, EngineOptions, OptionChange, SetOptionError, BUILT_IN_NETWORK,
    DEFAULT_ELO, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MULTIPV, NO_NETWORK,
};
pub use output::{diagram, format_bestmove, format_info};

use crate::api::ApiGame;
use crate::eval::nnue::Network;
use crate::notation::uci;
use crate::search::{Progress, SearchOptions, SteppedSearch, TranspositionTable};
use crate::variants::Variant;
use std::collections::VecDeque;
use std::sync::Arc;

pub use crate::perft::MAX_PERFT_DEPTH;

/// The longest input line handled; longer lines are refused as a whole.
pub const MAX_LINE_LEN: usize = 1 << 20;

/// Nodes a caller's step should search between two looks at its input: about a
/// millisecond natively, so `stop` is answered at once.
pub const NODES_PER_STEP: u64 = 4096;

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

/// The search a `go` started.
struct ActiveSearch {
    running: Box<dyn SteppedSearch>,
    /// A `go infinite` search: its `bestmove` waits for `stop`.
    infinite: bool,
    /// A search that would not end by itself (`go infinite`, or no limit at all): a
    /// command that waits for it stops it.
    endless: bool,
    /// Whether `stop` (or a command ending an infinite search) was given.
    stopped: bool,
    /// The clock's reading at the first step.
    started_ms: Option<u64>,
    /// The last time since the start read, for a search finished outside a step.
    elapsed_ms: u64,
    /// The finished search's `bestmove` line, held for `stop`.
    held: Option<String>,
    /// The answer if the search fails: the first legal action.
    fallback: String,
}

/// The state of one UCI conversation.
pub struct UciSession {
    /// The game `position` set up; its rule set is the session's (`UCI_Variant`),
    /// and its actions tell the search which positions repeat.
    game: ApiGame,
    options: EngineOptions,
    /// The table, allocated at the first search or `Hash`; `None` while a search has it.
    table: Option<TranspositionTable>,
    search: Option<ActiveSearch>,
    /// Lines read during a search that must wait for its end, in order.
    deferred: VecDeque<String>,
    searches: u64,
    /// Seeds the weakened levels' choices; varied per search.
    seed: u64,
    /// The learned evaluation the searches use where it applies (none: the
    /// hand-written evaluation everywhere).
    network: Option<Arc<Network>>,
    /// What `EvalFile <built-in>` names: the binary's own network, or in the browser
    /// the one its host loaded ([`UciSession::set_default_network`]).
    default_network: Option<Arc<Network>>,
    /// Reads the files `EvalFile` names; none in the browser. The core reads no files
    /// itself: the binary passes `std::fs::read`, as it passes the clock.
    file_reader: Option<FileReader>,
}

/// How a session reads a file (a network for `EvalFile`): its bytes, or why not.
pub type FileReader = Box<dyn Fn(&str) -> Result<Vec<u8>, String> + Send>;

impl std::fmt::Debug for UciSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UciSession")
            .field("variant", &self.variant())
            .field("options", &self.options)
            .field("status", &self.status())
            .finish()
    }
}

impl Default for UciSession {
    fn default() -> UciSession {
        UciSession::new()
    }
}

impl UciSession {
    /// A session with orthodox chess at the start position, and a fixed seed (the
    /// weakened levels then choose alike in every run: see [`UciSession::with_seed`]).
    pub fn new() -> UciSession {
        UciSession::with_seed(0x5eed)
    }

    /// A session whose weakened levels draw their choices from `seed` (the binary and
    /// the worker pass a seed of their own each run, so games vary).
    pub fn with_seed(seed: u64) -> UciSession {
        UciSession {
            game: ApiGame::start(Variant::Chess),
            options: EngineOptions::default(),
            table: None,
            search: None,
            deferred: VecDeque::new(),
            searches: 0,
            seed,
            network: crate::eval::nnue::built_in(),
            default_network: crate::eval::nnue::built_in(),
            file_reader: None,
        }
    }

    /// Lets `EvalFile` read files, through `reader` (the binary passes
    /// `std::fs::read`; without one a file name is refused).
    pub fn set_file_reader(&mut self, reader: FileReader) {
        self.file_reader = Some(reader);
    }

    /// The learned evaluation the next searches use (none: the hand-written one).
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    /// Sets the learned evaluation (as `EvalFile` does from a file); for callers that
    /// read the file themselves (the browser worker fetches it). Takes effect from the
    /// next search.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.network = network;
        // Stored static scores came from the other evaluation.
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }

    /// Sets the session's own network, the one `EvalFile <built-in>` names, and uses
    /// it from the next search: for hosts that load the network beside the code (the
    /// browser worker), so that the session answers as the native binary does.
    pub fn set_default_network(&mut self, network: Option<Arc<Network>>) {
        self.default_network = network.clone();
        self.set_network(network);
    }

    /// The current rule set.
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The current game.
    pub fn game(&self) -> &ApiGame {
        &self.game
    }

    /// The engine options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// The memory of the session's table in bytes (`None` before the first search or
    /// `Hash`, and while a search has it).
    pub fn table_bytes(&self) -> Option<usize> {
        self.table.as_ref().map(TranspositionTable::memory_bytes)
    }

    /// What the session is doing.
    pub fn status(&self) -> Status {
        match &self.search {
            None => Status::Idle,
            Some(active) if active.held.is_some() => Status::Holding,
            Some(_) => Status::Searching,
        }
    }

    /// Whether a search runs (or holds its answer).
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Whether the running search ends by itself (not `go infinite`, not unbounded).
    pub fn search_is_finite(&self) -> bool {
        self.search.as_ref().is_some_and(|s| !s.endless)
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
        if let Some(active) = self.search.as_mut() {
            if !self.deferred.is_empty() {
                self.deferred.push_back(line.to_string());
                return Control::Continue;
            }
            match command {
                "stop" => {
                    self.finish_now(out);
                    return Control::Continue;
                }
                "quit" => {
                    self.finish_now(out);
                    return Control::Quit;
                }
                "go" | "setoption" | "ucinewgame" => {
                    if active.endless {
                        active.running.stop();
                        active.stopped = true;
                    }
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
        let Some(active) = self.search.as_mut() else {
            return Status::Idle;
        };
        if active.held.is_some() {
            return Status::Holding;
        }
        let started = *active.started_ms.get_or_insert_with(clock);
        let last = std::cell::Cell::new(active.elapsed_ms);
        let elapsed = || {
            let now = clock().saturating_sub(started);
            last.set(last.get().max(now));
            now
        };
        let done = step_running(active.running.as_mut(), node_budget, &elapsed, out);
        active.elapsed_ms = last.get();
        match done {
            None => Status::Searching,
            Some(best) if active.infinite && !active.stopped => {
                active.held = Some(best);
                Status::Holding
            }
            Some(best) => {
                out(&best);
                self.end_search();
                self.run_deferred(out)
            }
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
        if let Some(active) = self.search.take() {
            out(&format!("bestmove {}", active.fallback));
            self.table = TranspositionTable::try_new(self.options.hash_mb);
        }
    }

    /// Ends the running search now: `stop`, then its `bestmove`.
    fn finish_now(&mut self, out: &mut dyn FnMut(&str)) {
        let Some(active) = self.search.as_mut() else {
            return;
        };
        let best = match active.held.take() {
            Some(best) => best,
            None => {
                active.running.stop();
                active.stopped = true;
                let elapsed = active.elapsed_ms;
                loop {
                    if let Some(best) =
                        step_running(active.running.as_mut(), u64::MAX, &|| elapsed, out)
                    {
                        break best;
                    }
                }
            }
        };
        out(&best);
        self.end_search();
    }

    /// Takes the table back from the finished search.
    fn end_search(&mut self) {
        if let Some(active) = self.search.take() {
            self.table = Some(active.running.into_table());
        }
    }

    /// Runs the lines that waited for the search, until one starts another search.
    fn run_deferred(&mut self, out: &mut dyn FnMut(&str)) -> Status {
        while self.search.is_none() {
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
    /// its table).
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
                self.game = ApiGame::start(self.variant());
                if let Some(table) = &mut self.table {
                    table.clear();
                }
            }
            "setoption" => match parse_setoption(rest) {
                Ok(change) => self.set_option(change, out),
                Err(SetOptionError::UnknownVariant(e)) => {
                    out(&format!("info string {e}; keeping {}", self.variant().id()))
                }
                Err(e) => out(&format!("info string {e}")),
            },
            "position" => match parse_position(self.variant(), rest) {
                Ok(game) => self.game = game,
                Err(e) => out(&format!("info string {e}")),
            },
            "go" => self.go(rest, out),
            "stop" | "ponderhit" => {}
            "d" => {
                for l in diagram(&self.game).lines() {
                    out(l);
                }
            }
            "quit" => return Control::Quit,
            other => {
                let shown: String = other.chars().take(32).collect();
                out(&format!(
                    "info string unknown command '{}'",
                    shown.escape_debug()
                ));
            }
        }
        Control::Continue
    }

    /// The network an `EvalFile` value names: the built-in one, none, or a file's.
    fn load_network(&self, name: &str) -> Result<Option<Arc<Network>>, String> {
        match name {
            BUILT_IN_NETWORK => Ok(self.default_network.clone()),
            NO_NETWORK => Ok(None),
            path => {
                let read = self.file_reader.as_ref().ok_or_else(|| {
                    "files cannot be read here; the host loads a network with loadNetwork"
                        .to_string()
                })?;
                let bytes = read(path)?;
                Network::from_bytes(&bytes)
                    .map(|n| Some(Arc::new(n)))
                    .map_err(|e| e.to_string())
            }
        }
    }

    fn set_option(&mut self, change: OptionChange, out: &mut dyn FnMut(&str)) {
        match change {
            OptionChange::Variant(variant) => self.game = ApiGame::start(variant),
            OptionChange::EvalFile(name) => match self.load_network(&name) {
                Ok(network) => self.set_network(network),
                Err(e) => out(&format!(
                    "info string EvalFile {}: {e}; keeping the current evaluation",
                    name.chars().take(64).collect::<String>().escape_debug()
                )),
            },
            OptionChange::Hash(mb) => {
                // Allocated now, so a size that cannot be had is refused here and
                // the old table stays.
                match TranspositionTable::try_new(mb) {
                    Some(table) => {
                        self.table = Some(table);
                        self.options.hash_mb = mb;
                    }
                    None => out(&format!(
                        "info string cannot allocate {mb} MiB for Hash; keeping {}",
                        self.options.hash_mb
                    )),
                }
            }
            OptionChange::MultiPv(n) => self.options.multipv = n,
            OptionChange::SkillLevel(n) => self.options.skill_level = n,
            OptionChange::LimitStrength(on) => self.options.limit_strength = on,
            OptionChange::Elo(elo) => self.options.elo = elo,
        }
    }

    fn go(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
        let mut words = rest.split_whitespace();
        if words.next() == Some("perft") {
            self.go_perft(words.next(), out);
            return;
        }
        let limits = match parse_go(&self.game, rest) {
            Ok(limits) => limits,
            Err(e) => {
                out(&format!("info string {e}"));
                return;
            }
        };
        let table = match self.table.take() {
            Some(table) => table,
            None => match TranspositionTable::try_new(self.options.hash_mb) {
                Some(table) => table,
                None => {
                    out(&format!(
                        "info string cannot allocate {} MiB for Hash",
                        self.options.hash_mb
                    ));
                    out(&format_bestmove(None));
                    return;
                }
            },
        };
        self.searches += 1;
        let options = SearchOptions {
            multipv: self.options.multipv,
            strength: self.options.strength(),
            seed: self.seed ^ self.searches.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            network: self.network.clone(),
        };
        let infinite = limits.infinite;
        let endless = !limits.is_finite();
        let running = self.game.start_search(limits, options, table);
        let fallback = running
            .fallback()
            .map_or_else(|| "(none)".to_string(), |a| uci::action_to_uci(&a));
        self.search = Some(ActiveSearch {
            running,
            infinite,
            endless,
            stopped: false,
            started_ms: None,
            elapsed_ms: 0,
            held: None,
            fallback,
        });
    }

    fn go_perft(&mut self, depth: Option<&str>, out: &mut dyn FnMut(&str)) {
        let depth = match depth.map(str::parse::<i64>) {
            Some(Ok(d)) if (0..=i64::from(MAX_PERFT_DEPTH)).contains(&d) => d as u32,
            Some(Ok(d)) => {
                out(&format!(
                    "info string perft depth {d} out of range 0..={MAX_PERFT_DEPTH}"
                ));
                return;
            }
            _ => {
                out("info string 'go perft' needs a depth");
                return;
            }
        };
        let mut total = 0;
        if depth == 0 {
            total = 1;
        } else {
            for (action, count) in self.game.played().divide(depth) {
                out(&format!("{}: {count}", uci::action_to_uci(&action)));
                total += count;
            }
        }
        out("");
        out(&format!("Nodes searched: {total}"));
    }
}

/// Steps `search` by `budget` nodes, sending each completed iteration's `info` line
/// to `out`; returns the `bestmove` line once the search has ended.
fn step_running(
    search: &mut dyn SteppedSearch,
    budget: u64,
    elapsed: &dyn Fn() -> u64,
    out: &mut dyn FnMut(&str),
) -> Option<String> {
    match search.step(budget, &elapsed, &mut |info| out(&format_info(info))) {
        Progress::Running => None,
        Progress::Done(result) => Some(format_bestmove(result.best.as_ref())),
    }
}
