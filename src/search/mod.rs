//! The search engine: iterative deepening alpha-beta over any rule set, driven in
//! slices.
//!
//! A [`Search`] is generic over the [`Position`] (monomorphised per rule set; dispatch
//! once at the edge, [`stepped::SteppedSearch`] behind [`crate::api::Game`]). It never reads a clock and never
//! prints: time comes from an injected [`Clock`], and progress goes to a callback
//! as [`SearchInfo`]. It has no threads either; the caller drives it with
//! [`Search::step`], giving each call a node budget, so a browser worker can yield
//! to its event loop every few milliseconds and still see `stop` in time:
//!
//! ```
//! use alfiere::search::{Limits, NoClock, Progress, Search, TranspositionTable};
//! use alfiere::{Chess, Position};
//! let mut search = Search::<Chess>::new(TranspositionTable::new(1));
//! search.start(Chess::start(), Limits::depth(3));
//! let result = loop {
//!     match search.step(500, &NoClock, &mut |_info| {}) {
//!         Progress::Running => {} // yield to the event loop here
//!         Progress::Done(result) => break result,
//!     }
//! };
//! assert!(Chess::start().is_legal(&result.best.unwrap()));
//! ```
//!
//! How the pieces fit: `root.rs` runs iterative deepening, aspiration windows and
//! MultiPV; `alphabeta.rs` the main search, `quiescence.rs` the captures below the
//! horizon, `frame.rs` the per-ply state that makes pausing and resuming exact,
//! `draws.rs` game endings inside the tree, `ordering.rs` move ordering,
//! `correction.rs` the static-score corrections, `tt.rs` the transposition table
//! (which also carries the histories of `memory.rs` from one search to the next),
//! `limits.rs` time budgets, `skill.rs` weakened play,
//! `params.rs` every constant and the per-rule-set policy, `bench.rs` the fixed
//! node-count signature.
//!
//! Multi-action turns: depth counts actions, a score is negated only when the side
//! to act changes, mate distances count actions, and the best result's first action
//! is the one to play (its PV goes on with the rest of the turn).

mod alphabeta;
pub mod bench;
mod checks;
mod correction;
mod draws;
mod frame;
pub mod limits;
mod memory;
#[cfg(test)]
mod network_tests;
pub mod ordering;
#[cfg(not(target_arch = "wasm32"))]
mod parallel;
pub mod params;
mod quiescence;
mod root;
pub(crate) mod rule_sets;
pub mod score;
pub mod see;
pub mod skill;
pub mod stepped;
mod stepping;
mod table_words;
pub mod tt;
pub mod tunable;
pub mod turn_win;

pub use draws::Repetitions;
pub use limits::{Limits, TimeBudget};
#[cfg(not(target_arch = "wasm32"))]
pub use parallel::{StartThread, Threads, MAX_THREADS};
pub use rule_sets::{policy, possible_policy};
pub use score::Score;
pub use skill::Strength;
pub use stepped::SteppedSearch;
pub use tt::TranspositionTable;

use crate::eval::nnue::{AccumulatorCache, Extras, FeatureSet, Networks};
use crate::game::Position;
use crate::moves::{Action, ActionList};
use crate::zobrist;
use crate::Variant;
use correction::CorrectionHistory;
use frame::{Edge, Frame};
use ordering::{ContinuationHistory, Countermoves, History};
use params::{Policy, MAX_DEPTH, NODES_BETWEEN_CLOCK_CHECKS};
use root::{RootEvent, RootMove, RootState};
use score::INFINITY;
use std::cell::RefCell;
use std::sync::Arc;

/// Milliseconds since the search started, as the caller measures them.
pub trait Clock {
    fn elapsed_ms(&self) -> u64;
}

impl<F: Fn() -> u64> Clock for F {
    fn elapsed_ms(&self) -> u64 {
        self()
    }
}

/// A clock that stands still (for searches bounded by depth or nodes only).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// The key of a position for the table and for repetitions: the rule set's
/// repetition key mixed with the whole turn state, so positions that differ only in
/// how far a turn has gone never share an entry.
#[inline]
pub fn position_key<G: Position>(pos: &G) -> u64 {
    let turn = pos.turn_state();
    let phase = match turn.phase {
        crate::game::Phase::Move => 0u64,
        crate::game::Phase::Push => 1,
        crate::game::Phase::PromotionChoice => 2,
    };
    let packed = u64::from(turn.length) | u64::from(turn.played) << 16 | phase << 32;
    pos.zobrist() ^ zobrist::extra(0x7475_726e, packed)
}

/// The speed of `nodes` searched in `elapsed_ms`; unknown (0) before the clock has
/// moved.
#[inline]
fn nodes_per_second(nodes: u64, elapsed_ms: u64) -> u64 {
    nodes
        .saturating_mul(1000)
        .checked_div(elapsed_ms)
        .unwrap_or(0)
}

/// A progress report: one line per completed iteration and MultiPV line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// The line's rank, from 1.
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub time_ms: u64,
    pub nps: u64,
    /// Permille of the table used by this search.
    pub hashfull: u32,
    pub pv: Vec<Action>,
}

/// One root action's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub action: Action,
    /// The internal score (see [`score`]).
    pub score: i32,
    pub pv: Vec<Action>,
    pub seldepth: usize,
}

/// The outcome of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The action to play; `None` only when there is no legal action.
    pub best: Option<Action>,
    pub score: Score,
    /// The deepest completed iteration (0 if none completed).
    pub depth: u32,
    /// The best line, starting with `best`.
    pub pv: Vec<Action>,
    pub nodes: u64,
    /// The lines of the last completed iteration, best first.
    pub lines: Vec<Line>,
}

/// What a step ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Progress {
    /// The budget ran out; call [`Search::step`] again.
    Running,
    Done(SearchResult),
}

/// Settings that persist between searches.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchOptions {
    /// Lines to search and report (UCI `MultiPV`).
    pub multipv: usize,
    pub strength: Strength,
    /// Seeds the choice of weakened levels.
    pub seed: u64,
    /// The learned evaluations: a search uses the one of the layout its rule set
    /// reads (the evaluation's registry says which); a rule set without one, and every
    /// search without a network of its layout, uses the hand-written evaluation.
    pub networks: Networks,
    /// Which returns to an earlier position count as draws (the analysis and the
    /// puzzle probes ask for [`Repetitions::Strict`]).
    pub repetitions: Repetitions,
    /// The threads a search started through [`stepped::start`] runs on (UCI
    /// `Threads`; natively only: WebAssembly has no threads).
    #[cfg(not(target_arch = "wasm32"))]
    pub threads: Threads,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            multipv: 1,
            strength: Strength::full(),
            seed: 0x5eed,
            networks: Networks::none(),
            repetitions: Repetitions::Eager,
            #[cfg(not(target_arch = "wasm32"))]
            threads: Threads::one(),
        }
    }
}

/// Returned up the recursion when a slice's node budget is used up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Paused;

/// A search over positions of rule set `G`.
#[repr(C)]
pub struct Search<G: Position> {
    tt: TranspositionTable,
    options: SearchOptions,
    policy: Policy,
    /// The rule set's `Position::REPETITION_RULE` and `Position::MOVE_COUNT_RULES`, as data:
    /// rule sets searched as another type (`Position::Searched`) keep their own.
    repetition_rule: bool,
    move_count_rules: bool,
    /// The rule set searched (its learned histories are kept under it).
    variant: Variant,
    history: History,
    countermoves: Countermoves,
    continuation: ContinuationHistory,
    correction: CorrectionHistory,
    killers: Vec<[u32; 2]>,
    lmr_table: Vec<u8>,
    frames: Vec<Frame>,
    game_history: Vec<u64>,
    limits: Limits,
    budget: TimeBudget,
    max_depth: i32,
    multipv: usize,
    root_moves: Vec<RootMove>,
    state: RootState,
    completed: Vec<Line>,
    completed_depth: i32,
    /// Completed iterations in a row that kept the best action, and the score of the
    /// one before the last (for time management).
    stable_iterations: u32,
    previous_best_score: Option<i32>,
    latest_best_score: Option<i32>,
    nodes: u64,
    slice_nodes: u64,
    slice_limit: u64,
    seldepth: usize,
    stop_requested: bool,
    last_reported: Option<(Action, Vec<Action>)>,
    result: Option<SearchResult>,
    /// The learned evaluation's accumulators, when the options carry a network for
    /// this rule set (a cell: evaluating updates them behind `&self`).
    nnue: Option<RefCell<AccumulatorCache>>,
    /// Boxed, so the layout of `Search` does not depend on `G` and its code that
    /// uses nothing of `G` compiles to one copy for all rule sets.
    root: Option<Box<G>>,
    /// 0 for the search that decides; k > 0 for the k-th helper thread of a parallel
    /// search (`parallel.rs`), whose iterations follow [`Search::next_iteration`].
    #[cfg(not(target_arch = "wasm32"))]
    helper: u32,
}

impl<G: Position> Search<G> {
    /// The toggles some rule set searched as `G` has ([`rule_sets::possible_policy`]).
    const POSSIBLE_POLICY: Policy = rule_sets::possible_policy(G::VARIANT);

    /// Whether quiescence tries quiet threats (`Policy::quiet_threats`): false at
    /// compile time in the copies of the search no rule set with them is searched as,
    /// so the code leaves them (the WebAssembly size: -571 bytes gzipped). The same for
    /// every toggle made the module 1.2 KB larger: the copies compress worse.
    #[inline(always)]
    fn quiet_threats(&self) -> bool {
        Self::POSSIBLE_POLICY.quiet_threats && self.policy.quiet_threats
    }

    /// A search using `table` (kept between searches; see [`Search::into_table`]).
    pub fn new(table: TranspositionTable) -> Search<G> {
        Self::new_for(table, G::VARIANT)
    }

    /// A search of rule set `P`'s positions, played as the type `G` its search uses
    /// ([`Position::Searched`]: the four series rule sets as `Marseillais`, Chess960 as
    /// `Chess`), with `P`'s own policy and draw rules. The only way to search as
    /// another type: `Search::<Marseillais>::new` would apply Marseillais' rules to
    /// Progressive positions.
    pub fn for_rule_set<P: Position<Searched = G>>(table: TranspositionTable) -> Search<G> {
        Self::new_for(table, P::VARIANT)
    }

    /// [`Search::new`] for the positions of rule set `variant`, which `G` searches
    /// (`G::VARIANT`, or a rule set whose [`Position::Searched`] is `G`): its policy and
    /// draw rules are data here, so one copy of the search serves several rule sets
    /// (the WebAssembly size); nothing in this function depends on `G` either.
    #[inline(never)]
    fn new_for(table: TranspositionTable, variant: Variant) -> Search<G> {
        let (repetition_rule, move_count_rules) =
            crate::with_variant!(variant, V => (V::REPETITION_RULE, V::MOVE_COUNT_RULES));
        let mut table = table;
        let learned = *table.take_learned(variant);
        Search {
            tt: table,
            options: SearchOptions::default(),
            policy: rule_sets::policy(variant),
            repetition_rule,
            move_count_rules,
            variant,
            history: learned.history,
            countermoves: learned.countermoves,
            continuation: learned.continuation,
            correction: learned.correction,
            killers: vec![[0; 2]; score::MAX_PLY + 2],
            lmr_table: alphabeta::lmr_table(),
            frames: Vec::new(),
            root: None,
            game_history: Vec::new(),
            limits: Limits::default(),
            budget: TimeBudget::default(),
            max_depth: MAX_DEPTH,
            multipv: 1,
            root_moves: Vec::new(),
            state: RootState::default(),
            completed: Vec::new(),
            completed_depth: 0,
            stable_iterations: 0,
            previous_best_score: None,
            latest_best_score: None,
            nodes: 0,
            slice_nodes: 0,
            slice_limit: 0,
            seldepth: 0,
            stop_requested: false,
            last_reported: None,
            result: None,
            nnue: None,
            #[cfg(not(target_arch = "wasm32"))]
            helper: 0,
        }
    }

    /// Sets MultiPV, strength and seed for the next searches.
    pub fn set_options(&mut self, options: SearchOptions) {
        // The rule set searched, not `G`'s: Progressive is searched as Marseillais.
        let layout = FeatureSet::of_variant(self.variant);
        // The lower levels keep the hand-written evaluation, with which their Elo
        // (skill::ELO_AT_LEVEL) was measured; the top levels play with the network.
        self.nnue = layout
            .and_then(|set| options.networks.get(set))
            .filter(|_| options.strength.uses_network())
            .map(|net| RefCell::new(AccumulatorCache::new(Arc::clone(net))));
        self.options = options;
    }

    /// The static evaluation of `pos`, `ply` actions from the root: the network's
    /// where the search has one, the hand-written one otherwise.
    #[inline]
    pub(crate) fn evaluate(&self, pos: &G, ply: usize) -> i32 {
        match &self.nnue {
            Some(cache) => {
                let raw = cache
                    .borrow_mut()
                    .evaluate(pos.placement().board, &Extras::of(pos), ply);
                crate::eval::scale_learned(pos, raw)
            }
            None => crate::eval::evaluate(pos),
        }
    }

    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// The transposition table.
    pub fn table(&self) -> &TranspositionTable {
        &self.tt
    }

    /// Gives the table back, with the histories this search learnt, to keep for the
    /// next search (of any rule set; another rule set's histories start afresh).
    pub fn into_table(self) -> TranspositionTable {
        let variant = self.variant;
        self.into_table_for(variant)
    }

    /// [`Search::into_table`] for `variant` (always `G::VARIANT`; one copy, as
    /// [`Search::new_for`]).
    #[inline(never)]
    fn into_table_for(self, variant: Variant) -> TranspositionTable {
        let mut table = self.tt;
        table.keep_learned(Box::new(memory::Learned {
            variant,
            history: self.history,
            countermoves: self.countermoves,
            continuation: self.continuation,
            correction: self.correction,
        }));
        table
    }

    /// Nodes searched so far by the current search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Starts a search of `pos`.
    pub fn start(&mut self, pos: G, limits: Limits) {
        self.start_with_history(pos, &[], limits);
    }

    /// Starts a search of `pos`, reached in a game through earlier turn-start
    /// positions whose [`position_key`]s are `history` (since the last irreversible
    /// action), so repetitions of them count as draws.
    pub fn start_with_history(&mut self, pos: G, history: &[u64], limits: Limits) {
        let limits = self.reset(history, limits, pos.turn(), pos.turn_state());
        let mut list = ActionList::new();
        pos.legal_actions(&mut list);
        let key = position_key(&pos);
        self.order_root_moves(&list, &limits.searchmoves, key, pos.turn());

        self.ensure_frame(1);
        let root_eval = if pos.is_check() {
            -INFINITY
        } else {
            self.static_scores(&pos, 0, None).1
        };
        let frame = &mut self.frames[0];
        frame.key = key;
        frame.turn_start = pos.turn_state().is_turn_start();
        frame.edge = Edge::Reversible;
        frame.suspended = false;
        frame.side = pos.turn();
        // The root's static score, for the "improving" test two actions down.
        frame.state = frame::NodeState {
            static_eval: root_eval,
            ..frame::NodeState::default()
        };
        self.limits = limits;
        if self.root_moves.is_empty() {
            let score = draws::terminal_score(&pos, 0);
            self.result = Some(SearchResult {
                best: None,
                score: Score::from_internal(score, self.policy.multi_action),
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
                lines: Vec::new(),
            });
        }
        self.root = Some(Box::new(pos));
    }

    /// Clears what the last search left and sets this one's limits (capped by the
    /// strength), depth, clock budget and lines; returns the capped limits. Uses
    /// nothing of `G`: never inlined, so the ten rule sets' copies are identical and
    /// wasm-opt keeps one (the WebAssembly size).
    #[inline(never)]
    fn reset(
        &mut self,
        history: &[u64],
        limits: Limits,
        turn: crate::Color,
        turn_state: crate::TurnState,
    ) -> Limits {
        let mut limits = limits;
        let strength = self.options.strength;
        if let Some(cap) = strength.max_depth() {
            limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
        }
        if let Some(cap) = strength.max_nodes() {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        self.tt.new_search();
        self.killers.fill([0; 2]);
        self.clear_suspended(0);
        self.game_history = history.to_vec();
        self.max_depth = limits
            .depth
            .map_or(MAX_DEPTH, |d| (d.min(MAX_DEPTH as u32) as i32).max(1));
        self.budget = TimeBudget::new(&limits, turn, turn_state);
        self.multipv = self.options.multipv.max(strength.multipv()).max(1);
        self.state = RootState::default();
        self.completed.clear();
        self.completed_depth = 0;
        self.stable_iterations = 0;
        self.previous_best_score = None;
        self.latest_best_score = None;
        self.nodes = 0;
        self.seldepth = 0;
        self.stop_requested = false;
        self.last_reported = None;
        self.result = None;

        limits
    }

    /// The root actions (the legal ones, or those of `searchmoves` among them) in a
    /// first order (the table's action, then the history), so a search stopped before
    /// its first iteration plays the first. Never inlined, as above.
    #[inline(never)]
    fn order_root_moves(
        &mut self,
        legal: &ActionList,
        searchmoves: &[Action],
        key: u64,
        side: crate::Color,
    ) {
        let mut actions: Vec<Action> = legal.to_vec();
        if !searchmoves.is_empty() {
            let allowed: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| searchmoves.contains(a))
                .collect();
            if !allowed.is_empty() {
                actions = allowed;
            }
        }
        let table_move = self.tt.probe(key).map_or(0, |h| h.action);
        let mut scored: Vec<(i32, Action)> = actions
            .iter()
            .map(|a| {
                (
                    ordering::order_score(a, table_move, [0; 2], 0, |q| self.history.get(side, q)),
                    *a,
                )
            })
            .collect();
        root::sort_scored_actions(&mut scored);
        self.root_moves = scored.into_iter().map(|(_, a)| RootMove::new(a)).collect();
    }

    /// Makes this started search the `index`-th helper (from 1) of a parallel search:
    /// it iterates on its own schedule ([`Search::next_iteration`]); the caller keeps
    /// its result out of the answer.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn become_helper(&mut self, index: u32) {
        self.helper = index;
        // Odd helpers begin one iteration deeper (see `next_iteration`).
        self.state.depth = (1 + (index % 2) as i32).min(self.max_depth);
    }

    /// The iteration after `depth`: the next one, except that a helper thread skips
    /// one when `depth + index` is a multiple of 4, so that at any moment about half
    /// of the threads work one iteration ahead of the search that decides, and the
    /// shared table holds the deeper results it will ask for next instead of every
    /// thread repeating the same tree. Never past the deepest iteration allowed.
    #[inline]
    fn next_iteration(&self, depth: i32) -> i32 {
        #[cfg(not(target_arch = "wasm32"))]
        if self.helper > 0 {
            let skip = (depth + self.helper as i32) % 4 == 0;
            return (depth + 1 + i32::from(skip)).min(self.max_depth.max(depth + 1));
        }
        depth + 1
    }

    /// Asks the search to end: the next [`Search::step`] returns its result.
    pub fn stop(&mut self) {
        self.stop_requested = true;
    }

    /// Searches about `node_budget` more nodes (at least one), then returns
    /// [`Progress::Running`], or the result once a limit is reached, the deepest
    /// iteration is done, or [`Search::stop`] was called. Reports every completed
    /// iteration's lines to `on_info`.
    pub fn step(
        &mut self,
        node_budget: u64,
        clock: &dyn Clock,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Progress {
        if let Some(result) = &self.result {
            return Progress::Done(result.clone());
        }
        if self.root.is_none() {
            return Progress::Done(SearchResult {
                best: None,
                score: Score::Cp(0),
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
                lines: Vec::new(),
            });
        }
        let budget = node_budget.max(1);
        let first = self.nodes;
        loop {
            let elapsed = clock.elapsed_ms();
            let out_of_time = self.budget.hard_ms.is_some_and(|hard| elapsed >= hard);
            let out_of_nodes = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            if self.stop_requested || out_of_time || out_of_nodes {
                return Progress::Done(self.finish(elapsed, on_info));
            }
            let used = self.nodes - first;
            if used >= budget {
                return Progress::Running;
            }
            let mut limit = (budget - used).min(NODES_BETWEEN_CLOCK_CHECKS);
            if let Some(n) = self.limits.nodes {
                limit = limit.min(n - self.nodes);
            }
            self.slice_limit = limit;
            self.slice_nodes = 0;
            match self.run_root() {
                Err(Paused) => {}
                Ok(RootEvent::Iteration) => {
                    let elapsed = clock.elapsed_ms();
                    self.report_iteration(elapsed, on_info);
                    if self.iterations_done(elapsed) {
                        return Progress::Done(self.finish(elapsed, on_info));
                    }
                }
                Ok(RootEvent::Finished) => {
                    let elapsed = clock.elapsed_ms();
                    return Progress::Done(self.finish(elapsed, on_info));
                }
            }
        }
    }

    /// Runs the search to its end in one go (for fixed-depth or fixed-node searches,
    /// or with a real clock).
    pub fn run(&mut self, clock: &dyn Clock, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        loop {
            if let Progress::Done(result) = self.step(u64::MAX, clock, on_info) {
                return result;
            }
        }
    }

    /// Whether no further iteration should start.
    #[inline(never)]
    fn iterations_done(&self, elapsed: u64) -> bool {
        if self.limits.infinite {
            return false;
        }
        if let Some(soft) = self.budget.soft_ms {
            // A clock budget stretches while the best action keeps changing or its
            // score falls, and shrinks once it has been stable for a while.
            let percent = if self.limits.uses_clock() && self.limits.movetime.is_none() {
                self.time_scale_percent()
            } else {
                100
            };
            let scaled = soft.saturating_mul(percent) / 100;
            let limit = self.budget.hard_ms.map_or(scaled, |hard| scaled.min(hard));
            if elapsed >= limit {
                return true;
            }
        }
        if self.limits.uses_clock() {
            // A forced move, or a mate already seen in full: nothing to think about.
            if self.root_moves.len() == 1 {
                return true;
            }
            if let Some(best) = self.completed.first() {
                if score::is_mate(best.score)
                    && score::MATE - best.score.abs() < self.completed_depth
                {
                    return true;
                }
            }
        }
        false
    }

    /// The share of the soft time limit to use, in percent, from how stable the
    /// best action has been, how much its score fell in the last iteration and how
    /// much of the search went into it.
    #[inline(never)]
    fn time_scale_percent(&self) -> u64 {
        let stability = params::TIME_STABILITY_PERCENT
            [(self.stable_iterations as usize).min(params::TIME_STABILITY_PERCENT.len() - 1)];
        let fall = match (self.previous_best_score, self.completed.first()) {
            (Some(before), Some(now)) if !score::is_mate(before) && !score::is_mate(now.score) => {
                (before - now.score).clamp(0, params::TIME_FALL_MAX_CP)
            }
            _ => 0,
        };
        let percent =
            stability + (fall * params::TIME_FALL_PERCENT / params::TIME_FALL_MAX_CP) as u64;
        percent * self.node_effort_percent() / 100
    }

    /// The share of the soft time limit, in percent, from how much of the search went
    /// into the best action: little, and the others are close rivals worth settling;
    /// nearly all, and more time will rarely change the choice.
    #[inline(never)]
    fn node_effort_percent(&self) -> u64 {
        let Some(best) = self.completed.first() else {
            return 100;
        };
        let best_nodes = self
            .root_moves
            .iter()
            .find(|rm| rm.action == best.action)
            .map_or(0, |rm| rm.nodes);
        limits::effort_scale_percent(best_nodes, self.nodes)
    }

    #[inline(never)]
    fn info(&self, line: &Line, multipv: usize, depth: i32, elapsed: u64) -> SearchInfo {
        SearchInfo {
            depth: depth.max(1) as u32,
            seldepth: line.seldepth.max(depth.max(1) as usize) as u32,
            multipv,
            score: Score::from_internal(line.score, self.policy.multi_action),
            nodes: self.nodes,
            time_ms: elapsed,
            nps: nodes_per_second(self.nodes, elapsed),
            hashfull: self.tt.hashfull(),
            pv: line.pv.clone(),
        }
    }

    #[inline(never)]
    fn report_iteration(&mut self, elapsed: u64, on_info: &mut dyn FnMut(&SearchInfo)) {
        if let Some(first) = self.completed.first() {
            let kept = self
                .last_reported
                .as_ref()
                .is_some_and(|(action, _)| *action == first.action);
            self.stable_iterations = if kept { self.stable_iterations + 1 } else { 0 };
            self.previous_best_score = self.latest_best_score;
            self.latest_best_score = Some(first.score);
        }
        for (k, line) in self.completed.iter().enumerate() {
            on_info(&self.info(line, k + 1, self.completed_depth, elapsed));
        }
        if let Some(first) = self.completed.first() {
            self.last_reported = Some((first.action, first.pv.clone()));
        }
    }

    /// Ends the search: the lines of the last completed iteration (the first one
    /// replaced by a better action found in the unfinished iteration), the choice
    /// among them for weakened levels, and a last report if the best line changed.
    #[inline(never)]
    fn finish(&mut self, elapsed: u64, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        let mut lines = self.completed.clone();
        if let Some(current) = self.root_moves.first() {
            let improved = current.score > -INFINITY
                && lines.first().is_none_or(|l| l.action != current.action);
            if lines.is_empty() || improved {
                let line = Line {
                    action: current.action,
                    score: if current.score > -INFINITY {
                        current.score
                    } else {
                        0
                    },
                    pv: current.pv.clone(),
                    seldepth: current.seldepth,
                };
                if lines.is_empty() {
                    lines.push(line);
                } else {
                    lines[0] = line;
                }
            }
        }
        let choice = if lines.len() > 1 {
            let scores: Vec<i32> = lines.iter().map(|l| l.score).collect();
            let root_key = self.frames.first().map_or(0, |f| f.key);
            let mut rng = skill::SplitMix(self.options.seed ^ root_key);
            self.options
                .strength
                .choose(&scores, &mut || rng.next_u64())
        } else {
            0
        };
        // The best line is reported once more if it changed since the last report
        // (a weakened level may then play another line, as the choice says).
        if let Some(best) = lines.first() {
            let changed = self
                .last_reported
                .as_ref()
                .is_none_or(|(a, pv)| *a != best.action || *pv != best.pv);
            if changed {
                let depth = self.completed_depth.max(1);
                on_info(&self.info(best, 1, depth, elapsed));
                self.last_reported = Some((best.action, best.pv.clone()));
            }
        }
        let chosen = lines.get(choice).cloned();
        let result = SearchResult {
            best: chosen.as_ref().map(|l| l.action),
            score: Score::from_internal(
                chosen.as_ref().map_or(0, |l| l.score),
                self.policy.multi_action,
            ),
            depth: self.completed_depth.max(0) as u32,
            pv: chosen.map(|l| l.pv).unwrap_or_default(),
            nodes: self.nodes,
            lines,
        };
        self.result = Some(result.clone());
        result
    }
}
