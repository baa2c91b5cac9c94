//! A search of a game of any rule set, driven in slices: what the JS `Engine` (in a
//! Web Worker) and other run-time front ends use. It wraps [`crate::search::Search`]
//! behind the object-safe [`RunningSearch`], with actions as UCI tokens, so callers
//! never name the rule set's type.
//!
//! ```
//! use alfiere::api::{ApiGame, EngineSettings};
//! use alfiere::search::Limits;
//! let game = ApiGame::new("chess", None).unwrap();
//! let mut settings = EngineSettings::default();
//! settings.hash_mb = 1;
//! let mut search = game.start_search(&settings, Limits::depth(2));
//! let result = loop {
//!     if let Some(done) = search.step(2_000, 0, &mut |_| {}) {
//!         break done;
//!     }
//! };
//! assert!(game.legal_moves().contains(&result.best.unwrap()));
//! ```

use crate::search::{Score, SearchOptions, Strength, TranspositionTable};

/// Settings kept between searches (UCI options).
#[derive(Debug, Clone, PartialEq)]
pub struct EngineSettings {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Playing strength.
    pub strength: Strength,
    /// Seeds weakened play.
    pub seed: u64,
}

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        EngineSettings {
            hash_mb: 16,
            multipv: 1,
            strength: Strength::full(),
            seed: 0x5eed,
        }
    }
}

impl EngineSettings {
    pub(crate) fn search_options(&self) -> SearchOptions {
        SearchOptions {
            multipv: self.multipv.max(1),
            strength: self.strength,
            seed: self.seed,
        }
    }
}

/// One progress report with its line as UCI tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineInfo {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    pub pv: Vec<String>,
}

impl EngineInfo {
    /// The UCI `info` line.
    pub fn to_uci(&self) -> String {
        let mut line = format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
            self.depth,
            self.seldepth,
            self.multipv,
            self.score,
            self.nodes,
            self.nps,
            self.hashfull,
            self.time_ms
        );
        if !self.pv.is_empty() {
            line.push_str(" pv ");
            line.push_str(&self.pv.join(" "));
        }
        line
    }
}

/// The end of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineResult {
    /// The action to play (`None` when there is none: the game is over).
    pub best: Option<String>,
    /// The rest of the best line (its first token is `best`).
    pub pv: Vec<String>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

impl EngineResult {
    /// The UCI `bestmove` line (`bestmove (none)` without an action).
    pub fn to_uci(&self) -> String {
        let best = self.best.as_deref().unwrap_or("(none)");
        match self.pv.get(1) {
            Some(ponder) => format!("bestmove {best} ponder {ponder}"),
            None => format!("bestmove {best}"),
        }
    }
}

/// A started search.
pub trait RunningSearch: Send {
    /// Searches about `node_budget` more nodes; `elapsed_ms` is the time since the
    /// search started. Returns the result when the search has ended.
    fn step(
        &mut self,
        node_budget: u64,
        elapsed_ms: u64,
        on_info: &mut dyn FnMut(&EngineInfo),
    ) -> Option<EngineResult>;
    /// Ends the search: the next `step` returns the result.
    fn stop(&mut self);
    /// The search's table, to be reused by the next search (its entries stay).
    fn into_table(self: Box<Self>) -> TranspositionTable;
}
