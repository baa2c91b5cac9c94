//! [`UciCodec`]: the state of a UCI conversation (the lines that wait for a search)
//! over an engine session it borrows for each call. The engine session stays its
//! owner's: the native binary's [`super::UciSession`] holds one beside the codec, and
//! so does the wasm `Session`, whose typed door calls the same engine session without
//! going through this codec.

use super::options::{option_lines, parse_setoption};
use super::output::{diagram, format_bestmove, format_event};
use super::{parse_go, parse_position, Control, Status, NODES_PER_STEP};
use crate::api::ApiErrorKind;
use crate::engine::{EngineSession, Event, Job, SearchJob};
use crate::notation::uci;
use crate::variants::Variant;
use std::collections::VecDeque;

/// The longest input line handled; longer lines are refused as a whole.
pub const MAX_LINE_LEN: usize = 1 << 20;

/// Lines in, typed calls on a borrowed [`EngineSession`]; its events out, as lines.
#[derive(Debug, Default)]
pub struct UciCodec {
    /// Lines read during a search that must wait for its end, in order.
    deferred: VecDeque<String>,
}

/// Sends an event's line.
fn print(event: Event, variant: Variant, out: &mut dyn FnMut(&str)) {
    out(&format_event(&event, variant));
}

/// The conversation's status, as the engine session's (and `Quit` once said).
pub fn status_of(engine: &EngineSession) -> Status {
    match engine.status() {
        crate::engine::Status::Idle => Status::Idle,
        crate::engine::Status::Running => Status::Running,
        crate::engine::Status::Holding => Status::Holding,
    }
}

impl UciCodec {
    /// A codec with no line waiting.
    pub fn new() -> UciCodec {
        UciCodec::default()
    }

    /// Handles one line of input on `engine`, sending output lines to `out`.
    pub fn handle_line(
        &mut self,
        engine: &mut EngineSession,
        line: &str,
        out: &mut dyn FnMut(&str),
    ) -> Control {
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
        if engine.is_busy() {
            if !self.deferred.is_empty() {
                self.deferred.push_back(line.to_string());
                return Control::Continue;
            }
            match command {
                "stop" | "quit" => {
                    let variant = engine.variant();
                    engine.stop(&mut |e| print(e, variant, out));
                    return if command == "quit" {
                        Control::Quit
                    } else {
                        Control::Continue
                    };
                }
                "go" | "setoption" | "ucinewgame" => {
                    engine.interrupt();
                    self.deferred.push_back(line.to_string());
                    return Control::Continue;
                }
                _ => {}
            }
        }
        execute(engine, line, out)
    }

    /// Searches about `node_budget` nodes of the running search; `clock` reads the
    /// time in milliseconds from any fixed origin. Sends `info` lines, and at the
    /// end `bestmove` followed by the output of the lines that waited for it.
    pub fn step(
        &mut self,
        engine: &mut EngineSession,
        node_budget: u64,
        clock: &dyn Fn() -> u64,
        out: &mut dyn FnMut(&str),
    ) -> Status {
        if !engine.is_busy() {
            return Status::Idle;
        }
        let variant = engine.variant();
        match engine.step(node_budget, clock, &mut |e| print(e, variant, out)) {
            crate::engine::Status::Idle => self.run_deferred(engine, out),
            _ => status_of(engine),
        }
    }

    /// Steps the running search to its end (for finite searches: a `go infinite`
    /// search stops at [`Status::Holding`], waiting for `stop`).
    pub fn run_search(
        &mut self,
        engine: &mut EngineSession,
        clock: &dyn Fn() -> u64,
        out: &mut dyn FnMut(&str),
    ) -> Status {
        loop {
            match self.step(engine, NODES_PER_STEP, clock, out) {
                Status::Running => {}
                status => return status,
            }
        }
    }

    /// After a panic inside [`UciCodec::step`] (a bug): drops the search, answers
    /// its fallback `bestmove` and starts a fresh table. The caller reports the error.
    pub fn recover_from_failed_search(
        &mut self,
        engine: &mut EngineSession,
        out: &mut dyn FnMut(&str),
    ) {
        let variant = engine.variant();
        engine.recover_from_failed_job(&mut |e| print(e, variant, out));
    }

    /// Runs the lines that waited for the search, until one starts another search.
    fn run_deferred(&mut self, engine: &mut EngineSession, out: &mut dyn FnMut(&str)) -> Status {
        while !engine.is_busy() {
            let Some(line) = self.deferred.pop_front() else {
                break;
            };
            if execute(engine, &line, out) == Control::Quit {
                self.deferred.clear();
                return Status::Quit;
            }
        }
        status_of(engine)
    }
}

/// Carries out one command (no search is running, or the command does not need the
/// session idle).
fn execute(engine: &mut EngineSession, line: &str, out: &mut dyn FnMut(&str)) -> Control {
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
            if let Err(e) = engine.new_game() {
                out(&format!("info string {e}"));
            }
        }
        "setoption" => {
            if let Err(e) = parse_setoption(rest).and_then(|c| engine.set_option(c)) {
                if e.kind == ApiErrorKind::UnknownVariant {
                    out(&format!(
                        "info string {e}; keeping {}",
                        engine.variant().id()
                    ));
                } else {
                    out(&format!("info string {e}"));
                }
            }
        }
        "position" => {
            if let Err(e) = parse_position(engine.variant(), rest)
                .and_then(|game| engine.set_position(game).map_err(|e| e.message))
            {
                out(&format!("info string {e}"));
            }
        }
        "go" => go(engine, rest, out),
        "stop" | "ponderhit" => {}
        "d" => {
            for l in diagram(engine.game()).lines() {
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

fn go(engine: &mut EngineSession, rest: &str, out: &mut dyn FnMut(&str)) {
    let mut words = rest.split_whitespace();
    if words.next() == Some("perft") {
        go_perft(engine, words.next(), out);
        return;
    }
    let limits = match parse_go(engine.game(), rest) {
        Ok(limits) => limits,
        Err(e) => {
            out(&format!("info string {e}"));
            return;
        }
    };
    if let Err(e) = engine.start(Job::Search(SearchJob::new(limits))) {
        out(&format!("info string {e}"));
        out(&format_bestmove(None, engine.variant()));
    }
}

fn go_perft(engine: &EngineSession, depth: Option<&str>, out: &mut dyn FnMut(&str)) {
    let Some(Ok(depth)) = depth.map(str::parse::<i64>) else {
        out("info string 'go perft' needs a depth");
        return;
    };
    match engine.perft_divide(depth) {
        Ok(divided) => {
            let mut total = u64::from(depth == 0);
            for (action, count) in divided {
                let token = uci::action_to_uci_in(&action, engine.variant());
                out(&format!("{token}: {count}"));
                total += count;
            }
            out("");
            out(&format!("Nodes searched: {total}"));
        }
        Err(e) => out(&format!("info string {e}")),
    }
}
