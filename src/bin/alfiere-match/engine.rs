//! The players of a match: a UCI engine running as a child process, or the built-in
//! random mover (a baseline opponent that needs no process).

pub use crate::uci_process::{EngineError, UciProcess};
use std::time::{Duration, Instant};

/// A fixed search limit used instead of the clock (e.g. "the engine at depth 1").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixedLimit {
    Depth(u32),
    Nodes(u64),
    MoveTime(u64),
}

impl FixedLimit {
    /// The `go` arguments of the limit.
    pub fn go_args(self) -> String {
        match self {
            FixedLimit::Depth(d) => format!("depth {d}"),
            FixedLimit::Nodes(n) => format!("nodes {n}"),
            FixedLimit::MoveTime(ms) => format!("movetime {ms}"),
        }
    }
}

/// How to start one player, from `--engine key=value ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// Shown in results and PGN tags.
    pub name: String,
    /// Program to run, or `random` for the built-in random mover.
    pub command: String,
    /// Arguments of the program.
    pub args: Vec<String>,
    /// `setoption` pairs sent after `uci`.
    pub options: Vec<(String, String)>,
    /// A fixed limit per action; `None` plays on the clock.
    pub limit: Option<FixedLimit>,
}

impl EngineSpec {
    /// Parses `cmd=PATH [name=N] [arg=A]... [option.NAME=VALUE]... [depth=D|nodes=N|movetime=MS]`.
    pub fn parse(spec: &str) -> Result<EngineSpec, String> {
        let mut out = EngineSpec {
            name: String::new(),
            command: String::new(),
            args: Vec::new(),
            options: Vec::new(),
            limit: None,
        };
        for part in spec.split_whitespace() {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}' is not key=value"))?;
            let number = |v: &str| -> Result<u64, String> {
                v.parse()
                    .map_err(|_| format!("'{v}' is not a number in '{part}'"))
            };
            match key {
                "cmd" => out.command = value.to_string(),
                "name" => out.name = value.to_string(),
                "arg" => out.args.push(value.to_string()),
                "depth" => out.limit = Some(FixedLimit::Depth(number(value)? as u32)),
                "nodes" => out.limit = Some(FixedLimit::Nodes(number(value)?)),
                "movetime" => out.limit = Some(FixedLimit::MoveTime(number(value)?)),
                _ => match key.strip_prefix("option.") {
                    Some(name) => out.options.push((
                        name.replace('_', " ").replace("UCI ", "UCI_"),
                        value.to_string(),
                    )),
                    None => return Err(format!("unknown engine setting '{key}'")),
                },
            }
        }
        if out.command.is_empty() {
            return Err(format!("no cmd= in engine '{spec}'"));
        }
        if out.name.is_empty() {
            out.name = out
                .command
                .rsplit('/')
                .next()
                .unwrap_or(&out.command)
                .to_string();
        }
        Ok(out)
    }

    pub fn is_random(&self) -> bool {
        self.command == "random"
    }
}

impl UciProcess {
    /// Starts the program and completes the `uci` / `isready` handshake with the
    /// given variant and options.
    pub fn start(spec: &EngineSpec, variant_id: &str) -> Result<UciProcess, EngineError> {
        let mut process = UciProcess::spawn(&spec.command, &spec.args)?;
        process.send("uci")?;
        process.wait_for("uciok", Duration::from_secs(10))?;
        // Chess960 is asked for as GUIs do, with the standard `UCI_Chess960` (Stockfish
        // has no `UCI_Variant`; alfiere honours both).
        match variant_id.parse::<alfiere::Variant>() {
            Ok(variant) if variant.castles_from_anywhere() => {
                process.send("setoption name UCI_Chess960 value true")?;
            }
            _ if variant_id != "chess" => {
                process.send(&format!("setoption name UCI_Variant value {variant_id}"))?;
            }
            _ => {}
        }
        for (name, value) in &spec.options {
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        process.sync()?;
        Ok(process)
    }

    /// Sends the position and the `go` command; returns the `bestmove` token and the
    /// time the engine took.
    pub fn best_action(
        &mut self,
        position: &str,
        go: &str,
        timeout: Duration,
    ) -> Result<(String, Duration), EngineError> {
        self.send(position)?;
        let started = Instant::now();
        self.send(go)?;
        let line = self.wait_for("bestmove", timeout)?;
        let took = started.elapsed();
        let token = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok((token, took))
    }
}
