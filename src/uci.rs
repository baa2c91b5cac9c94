//! The UCI protocol layer of the native `alfiere` binary.
//!
//! [`UciSession`] turns one input line into output lines; the binary's `main` only
//! reads standard input and prints. Every bad input (garbage, unknown commands or
//! options, bad FENs, illegal actions, bad `go` arguments) is answered with
//! `info string <reason>` and leaves the session's state as it was; nothing here
//! panics on input.
//!
//! A search `go` does not run inside [`UciSession::handle_line`]: the session
//! prepares a [`SearchJob`] (position, history, limits, options and the
//! transposition table), which the caller takes with [`UciSession::take_search`]
//! and runs, usually on a thread, with [`SearchJob::run`] and a stop flag; the job
//! prints `info` lines and `bestmove` and gives the table back for
//! [`UciSession::finish_search`]. [`UciSession::run_pending_search`] does all of that
//! in place for finite searches (scripts, tests).
//!
//! ```
//! use alfiere::uci::UciSession;
//! let mut session = UciSession::new();
//! let mut out = Vec::new();
//! session.handle_line("position startpos moves f2f3 e7e5 g2g4", &mut |l| out.push(l.to_string()));
//! session.handle_line("go depth 3", &mut |l| out.push(l.to_string()));
//! session.run_pending_search(&mut |l| out.push(l.to_string()));
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

use crate::game::Game;
use crate::moves::{Action, ActionList};
use crate::notation::{fen, uci};
use crate::perft;
use crate::search::skill::{ELO_MAX, ELO_MIN, LEVEL_MAX};
use crate::search::{
    position_key, Limits, Progress, Search, SearchInfo, SearchOptions, Strength, TranspositionTable,
};
use crate::types::{File, Rank, Square};
use crate::variants::{AnyGame, Variant};
use crate::with_game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The deepest `go perft` accepted (deeper ones would block the loop for hours).
pub const MAX_PERFT_DEPTH: u32 = 12;

/// The longest input line handled; longer lines are refused as a whole.
pub const MAX_LINE_LEN: usize = 1 << 20;

/// Whether the loop should go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Continue,
    Quit,
}

/// The default and largest `Hash` sizes in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_HASH_MB: usize = TranspositionTable::MAX_MB;
/// The largest `MultiPV`.
pub const MAX_MULTIPV: usize = 64;
/// The default `UCI_Elo`.
pub const DEFAULT_ELO: u32 = 1500;
/// Nodes a search runs between two looks at the stop flag.
const NODES_PER_STEP: u64 = 4096;

/// The engine options of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineOptions {
    pub hash_mb: usize,
    pub multipv: usize,
    pub skill_level: u32,
    pub limit_strength: bool,
    pub elo: u32,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: DEFAULT_HASH_MB,
            multipv: 1,
            skill_level: LEVEL_MAX,
            limit_strength: false,
            elo: DEFAULT_ELO,
        }
    }
}

impl EngineOptions {
    /// The playing strength these options ask for: `UCI_Elo` when
    /// `UCI_LimitStrength` is on, else the `Skill Level`.
    pub fn strength(&self) -> Strength {
        if self.limit_strength {
            Strength::from_elo(self.elo)
        } else {
            Strength::from_level(self.skill_level)
        }
    }
}

/// The state of one UCI conversation.
#[derive(Debug, Clone)]
pub struct UciSession {
    variant: Variant,
    game: AnyGame,
    /// Keys of the turn-start positions before the current one, since the last
    /// irreversible action (for repetitions inside the search).
    history: Vec<u64>,
    options: EngineOptions,
    /// The table, allocated at the first search; `None` while a job has it.
    table: Option<TranspositionTable>,
    /// Set when the table must be emptied once a running job gives it back.
    clear_table: bool,
    pending: Option<SearchJob>,
    searches: u64,
}

/// A prepared search: everything it needs, ready to run on another thread.
#[derive(Debug, Clone)]
pub struct SearchJob {
    game: AnyGame,
    history: Vec<u64>,
    limits: Limits,
    options: SearchOptions,
    table: TranspositionTable,
}

/// Plays `tokens` from `game`, collecting the keys of turn-start positions since the
/// last irreversible action.
fn play_with_history<G: Game>(mut game: G, tokens: &[&str]) -> Result<(G, Vec<u64>), String> {
    let mut history = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let action = uci::parse_action(&game, token).map_err(|e| {
            format!(
                "{e} (move {} of the list) in {}",
                i + 1,
                fen::write_fen(&game)
            )
        })?;
        if game.turn_state().is_turn_start() {
            history.push(position_key(&game));
        }
        let irreversible = game.is_irreversible(&action);
        game.play_unchecked(&action);
        if irreversible {
            history.clear();
        }
    }
    Ok((game, history))
}

impl Default for UciSession {
    fn default() -> UciSession {
        UciSession::new()
    }
}

fn build<G: Game>(fen_text: Option<&str>, tokens: &[&str]) -> Result<(G, Vec<u64>), String> {
    let start = match fen_text {
        None => G::start(),
        Some(text) => fen::read_fen::<G>(text).map_err(|e| e.to_string())?,
    };
    play_with_history(start, tokens)
}

/// Builds a position of `variant` from the arguments of a UCI `position` command
/// (`startpos [moves ...]` or `fen <fen> [moves ...]`).
///
/// # Errors
/// A message naming the bad FEN, the illegal action or the malformed command.
pub fn parse_position(variant: Variant, args: &str) -> Result<AnyGame, String> {
    parse_position_with_history(variant, args).map(|(game, _)| game)
}

/// Like [`parse_position`], also returning the [`position_key`]s of the turn-start
/// positions passed since the last irreversible action (the repetition history).
///
/// # Errors
/// As [`parse_position`].
pub fn parse_position_with_history(
    variant: Variant,
    args: &str,
) -> Result<(AnyGame, Vec<u64>), String> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let moves_at = tokens.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (&tokens[..], &[][..]),
    };
    let fen_text = match head.first() {
        Some(&"startpos") if head.len() == 1 => None,
        Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
        Some(&"startpos") => return Err("unexpected text after 'startpos'".to_string()),
        Some(&"fen") => return Err("'position fen' needs a FEN".to_string()),
        _ => return Err("expected 'position startpos' or 'position fen <fen>'".to_string()),
    };
    crate::with_variant!(variant, G, wrap => build::<G>(fen_text.as_deref(), moves)
            .map(|(game, history)| (wrap(game), history)),
        _ => Err(format!("variant {variant} is not implemented")))
}

/// A text diagram of the position: the board (with `|` marking board-B pieces),
/// then `Fen:`, `Key:` and `Checkers:` lines, as Stockfish's `d` prints.
pub fn diagram<G: Game>(game: &G) -> String {
    let placement = game.placement();
    let mut out = String::new();
    let rule = " +---+---+---+---+---+---+---+---+\n";
    out.push_str(rule);
    for rank in (0..8).rev() {
        out.push_str(" |");
        for file in 0..8 {
            let sq = Square::from_coords(File(file), Rank(rank));
            match placement.at(sq) {
                Some(p) if p.board == crate::BoardId::B => {
                    out.push_str(&format!("|{} |", p.piece.char()))
                }
                Some(p) => out.push_str(&format!(" {} |", p.piece.char())),
                None => out.push_str("   |"),
            }
        }
        out.push_str(&format!(" {}\n{rule}", rank + 1));
    }
    out.push_str("   a   b   c   d   e   f   g   h\n\n");
    out.push_str(&format!("Fen: {}\n", fen::write_fen(game)));
    out.push_str(&format!("Key: {:016X}\n", game.zobrist()));
    let checkers: Vec<String> = game.checkers().into_iter().map(|s| s.to_string()).collect();
    out.push_str(&format!("Checkers: {}", checkers.join(" ")));
    out
}

impl UciSession {
    /// A session with orthodox chess at the start position.
    pub fn new() -> UciSession {
        UciSession {
            variant: Variant::Chess,
            game: AnyGame::Chess(crate::Chess::start()),
            history: Vec::new(),
            options: EngineOptions::default(),
            table: None,
            clear_table: false,
            pending: None,
            searches: 0,
        }
    }

    /// The current rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The current position.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The engine options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// The memory of the session's table in bytes (`None` before the first search
    /// and while a job has it).
    pub fn table_bytes(&self) -> Option<usize> {
        self.table.as_ref().map(TranspositionTable::memory_bytes)
    }

    /// The search a `go` prepared, to be run by the caller (see the module docs).
    pub fn take_search(&mut self) -> Option<SearchJob> {
        self.pending.take()
    }

    /// Takes back the table of a finished job.
    pub fn finish_search(&mut self, table: TranspositionTable) {
        // `Hash` may have changed while the job had the table.
        let mut table =
            if table.memory_bytes() == TranspositionTable::bytes_for(self.options.hash_mb) {
                table
            } else {
                TranspositionTable::new(self.options.hash_mb)
            };
        if self.clear_table {
            table.clear();
            self.clear_table = false;
        }
        self.table = Some(table);
    }

    /// Runs the search a `go` prepared, here and now, until it ends by itself
    /// (for finite searches: a `go infinite` would wait for a `stop` that cannot
    /// come). Does nothing without a pending search.
    pub fn run_pending_search(&mut self, out: &mut dyn FnMut(&str)) {
        if let Some(job) = self.take_search() {
            let stop = AtomicBool::new(false);
            let table = job.run(&stop, out);
            self.finish_search(table);
        }
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
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match command {
            "" => {}
            "uci" => self.cmd_uci(out),
            "isready" => out("readyok"),
            "ucinewgame" => {
                if let Ok(game) = AnyGame::start(self.variant) {
                    self.game = game;
                    self.history.clear();
                }
                match &mut self.table {
                    Some(table) => table.clear(),
                    None => self.clear_table = true,
                }
            }
            "setoption" => self.cmd_setoption(rest, out),
            "position" => match parse_position_with_history(self.variant, rest) {
                Ok((game, history)) => {
                    self.game = game;
                    self.history = history;
                }
                Err(e) => out(&format!("info string {e}")),
            },
            "go" => self.cmd_go(rest, out),
            "stop" | "ponderhit" => {}
            "d" => with_game!(&self.game, g => {
                for l in diagram(g).lines() {
                    out(l);
                }
            }),
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

    fn cmd_uci(&self, out: &mut dyn FnMut(&str)) {
        out(&format!("id name alfiere {}", env!("CARGO_PKG_VERSION")));
        out("id author the alfiere developers");
        out(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        out(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        out(&format!(
            "option name Skill Level type spin default {LEVEL_MAX} min 0 max {LEVEL_MAX}"
        ));
        out("option name UCI_LimitStrength type check default false");
        out(&format!(
            "option name UCI_Elo type spin default {DEFAULT_ELO} min {ELO_MIN} max {ELO_MAX}"
        ));
        let vars: Vec<String> = Variant::IMPLEMENTED
            .iter()
            .map(|v| format!("var {}", v.id()))
            .collect();
        out(&format!(
            "option name UCI_Variant type combo default {} {}",
            Variant::Chess.id(),
            vars.join(" ")
        ));
        out("uciok");
    }

    fn cmd_setoption(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
        let Some(after_name) = rest.strip_prefix("name") else {
            out("info string expected 'setoption name <id> [value <x>]'");
            return;
        };
        let (name, value) = match after_name.split_once(" value") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (after_name.trim(), None),
        };
        let is = |option: &str| name.eq_ignore_ascii_case(option);
        if is("UCI_Variant") {
            let Some(value) = value else {
                out("info string UCI_Variant needs a value");
                return;
            };
            match value.parse::<Variant>() {
                Ok(variant) => match AnyGame::start(variant) {
                    Ok(game) => {
                        self.variant = variant;
                        self.game = game;
                        self.history.clear();
                    }
                    Err(e) => out(&format!("info string {e}")),
                },
                Err(e) => out(&format!("info string {e}; keeping {}", self.variant.id())),
            }
        } else if is("Hash") {
            if let Some(mb) = spin_value("Hash", value, 1, MAX_HASH_MB as u64, out) {
                self.options.hash_mb = mb as usize;
                if self.table.is_some() {
                    self.table = Some(TranspositionTable::new(self.options.hash_mb));
                }
            }
        } else if is("MultiPV") {
            if let Some(n) = spin_value("MultiPV", value, 1, MAX_MULTIPV as u64, out) {
                self.options.multipv = n as usize;
            }
        } else if is("Skill Level") {
            if let Some(n) = spin_value("Skill Level", value, 0, u64::from(LEVEL_MAX), out) {
                self.options.skill_level = n as u32;
            }
        } else if is("UCI_Elo") {
            if let Some(n) = spin_value(
                "UCI_Elo",
                value,
                u64::from(ELO_MIN),
                u64::from(ELO_MAX),
                out,
            ) {
                self.options.elo = n as u32;
            }
        } else if is("UCI_LimitStrength") {
            match value.map(str::to_ascii_lowercase).as_deref() {
                Some("true") => self.options.limit_strength = true,
                Some("false") => self.options.limit_strength = false,
                _ => out("info string UCI_LimitStrength needs the value true or false"),
            }
        } else {
            let shown: String = name.chars().take(64).collect();
            out(&format!(
                "info string unknown option '{}'",
                shown.escape_debug()
            ));
        }
    }

    fn cmd_go(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
        let mut words = rest.split_whitespace();
        if rest.split_whitespace().next() == Some("perft") {
            words.next();
            let depth = match words.next().map(str::parse::<i64>) {
                Some(Ok(d)) if (0..=MAX_PERFT_DEPTH as i64).contains(&d) => d as u32,
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
            with_game!(&self.game, g => {
                let mut total = 0;
                if depth == 0 {
                    total = 1;
                } else {
                    for (action, count) in perft::divide(g, depth) {
                        out(&format!("{}: {count}", uci::action_to_uci(&action)));
                        total += count;
                    }
                }
                out("");
                out(&format!("Nodes searched: {total}"));
            });
            return;
        }
        let limits = match with_game!(&self.game, g => parse_go(g, rest)) {
            Ok(limits) => limits,
            Err(e) => {
                out(&format!("info string {e}"));
                return;
            }
        };
        self.searches += 1;
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ self.searches.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let table = self
            .table
            .take()
            .unwrap_or_else(|| TranspositionTable::new(self.options.hash_mb));
        self.pending = Some(SearchJob {
            game: self.game.clone(),
            history: self.history.clone(),
            limits,
            options: SearchOptions {
                multipv: self.options.multipv,
                strength: self.options.strength(),
                seed,
            },
            table,
        });
    }
}

/// Reads a spin option's value within `min..=max`, or explains the problem.
fn spin_value(
    name: &str,
    value: Option<&str>,
    min: u64,
    max: u64,
    out: &mut dyn FnMut(&str),
) -> Option<u64> {
    match value.map(str::parse::<u64>) {
        Some(Ok(n)) if (min..=max).contains(&n) => Some(n),
        _ => {
            let shown: String = value.unwrap_or("").chars().take(32).collect();
            out(&format!(
                "info string {name} needs a whole number in {min}..={max}, not '{}'",
                shown.escape_debug()
            ));
            None
        }
    }
}

/// The `go` keywords that take a number.
const GO_NUMBERS: [&str; 8] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
];

/// Parses the arguments of a search `go` (anything but `perft`).
///
/// # Errors
/// A message naming the bad argument.
pub fn parse_go<G: Game>(pos: &G, args: &str) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut words = args.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let shown = |w: &str| {
            w.chars()
                .take(32)
                .collect::<String>()
                .escape_debug()
                .to_string()
        };
        match word {
            "infinite" => limits.infinite = true,
            "searchmoves" => {
                let mut list = ActionList::new();
                pos.legal_actions(&mut list);
                while let Some(token) = words.peek() {
                    if GO_NUMBERS.contains(token) || *token == "infinite" {
                        break;
                    }
                    let action: Action =
                        uci::parse_action(pos, token).map_err(|e| format!("searchmoves: {e}"))?;
                    limits.searchmoves.push(action);
                    words.next();
                }
                if limits.searchmoves.is_empty() {
                    return Err("'go searchmoves' needs at least one action".to_string());
                }
            }
            "ponder" | "mate" | "perft" => {
                return Err(format!("'go {word}' is not supported here"));
            }
            key if GO_NUMBERS.contains(&key) => {
                let Some(text) = words.next() else {
                    return Err(format!("'go {key}' needs a number"));
                };
                // Clocks may run below zero in some GUIs: that is no time left.
                let clock = matches!(key, "wtime" | "btime" | "winc" | "binc");
                let value = match text.parse::<i64>() {
                    Ok(n) if n >= 0 => n as u64,
                    Ok(_) if clock => 0,
                    _ => {
                        return Err(format!(
                            "'go {key}' needs a whole number of at least 0, not '{}'",
                            shown(text)
                        ))
                    }
                };
                match key {
                    "depth" => limits.depth = Some(value.clamp(1, u64::from(u32::MAX)) as u32),
                    "nodes" => limits.nodes = Some(value.max(1)),
                    "movetime" => limits.movetime = Some(value),
                    "wtime" => limits.wtime = Some(value),
                    "btime" => limits.btime = Some(value),
                    "winc" => limits.winc = Some(value),
                    "binc" => limits.binc = Some(value),
                    _ => limits.movestogo = Some(value),
                }
            }
            other => return Err(format!("unknown 'go' argument '{}'", shown(other))),
        }
    }
    Ok(limits)
}

/// An `info` line.
pub fn format_info(info: &SearchInfo) -> String {
    let pv: Vec<String> = info.pv.iter().map(uci::action_to_uci).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        pv.join(" ")
    )
}

impl SearchJob {
    /// The limits of the search.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The position to search.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The first legal action in the position, as a UCI token (`(none)` when there
    /// is none): a fallback answer.
    pub fn fallback_bestmove(&self) -> String {
        with_game!(&self.game, g => {
            let mut list = ActionList::new();
            g.legal_actions(&mut list);
            list.first().map_or_else(|| "(none)".to_string(), uci::action_to_uci)
        })
    }

    /// Runs the search on this thread, measuring time from now, printing `info`
    /// lines and `bestmove` to `out`; stops soon after `stop` is set. A `go
    /// infinite` search holds its `bestmove` back until `stop`. Returns the table.
    pub fn run(self, stop: &AtomicBool, out: &mut dyn FnMut(&str)) -> TranspositionTable {
        let started = Instant::now();
        let SearchJob {
            game,
            history,
            limits,
            options,
            table,
        } = self;
        with_game!(game, g => run_search(g, &history, limits, options, table, started, stop, out))
    }
}

#[allow(clippy::too_many_arguments)]
fn run_search<G: Game>(
    pos: G,
    history: &[u64],
    limits: Limits,
    options: SearchOptions,
    table: TranspositionTable,
    started: Instant,
    stop: &AtomicBool,
    out: &mut dyn FnMut(&str),
) -> TranspositionTable {
    let infinite = limits.infinite;
    let mut search = Search::<G>::new(table);
    search.set_options(options);
    search.start_with_history(pos, history, limits);
    let clock = || started.elapsed().as_millis() as u64;
    let result = {
        let mut on_info = |info: &SearchInfo| out(&format_info(info));
        loop {
            if stop.load(Ordering::Relaxed) {
                search.stop();
            }
            if let Progress::Done(result) = search.step(NODES_PER_STEP, &clock, &mut on_info) {
                break result;
            }
        }
    };
    if infinite {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    let best = result
        .best
        .as_ref()
        .map_or_else(|| "(none)".to_string(), uci::action_to_uci);
    out(&format!("bestmove {best}"));
    search.into_table()
}
