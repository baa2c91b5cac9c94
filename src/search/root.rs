//! The root: iterative deepening, aspiration windows and MultiPV, as a state machine
//! that a pause leaves intact, so the next slice resumes the same root action of the
//! same iteration (the nodes below resume through their frames).

use super::frame::ChildStage;
use super::params::{ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH};
use super::score::{is_mate, INFINITY};
use super::{Line, Paused, Search};
use crate::game::Position;
use crate::moves::Action;

/// A root action with what the search knows of it.
#[derive(Debug, Clone)]
pub struct RootMove {
    pub action: Action,
    /// Its score in the iteration under way (`-INFINITY` when only known to be
    /// below alpha).
    pub score: i32,
    /// Its score in the last completed iteration.
    pub previous: i32,
    pub pv: Vec<Action>,
    pub seldepth: usize,
    /// The nodes searched below it in this search, over every iteration.
    pub nodes: u64,
}

impl RootMove {
    pub fn new(action: Action) -> RootMove {
        RootMove {
            action,
            score: -INFINITY,
            previous: -INFINITY,
            pv: vec![action],
            seldepth: 0,
            nodes: 0,
        }
    }
}

/// Where the root stands.
#[derive(Debug, Clone, Copy)]
pub struct RootState {
    /// The iteration under way.
    pub depth: i32,
    /// The MultiPV line being searched (0-based).
    pub line: usize,
    /// Whether the line's window has been set.
    pub line_started: bool,
    /// The aspiration window of the current pass.
    pub window: (i32, i32),
    pub delta: i32,
    /// The root action being searched.
    pub index: usize,
    pub alpha: i32,
    pub best: i32,
    pub child: ChildStage,
    pub child_depth: i32,
    /// The search's node count when the current root action's search began.
    pub child_nodes_start: u64,
}

impl Default for RootState {
    fn default() -> RootState {
        RootState {
            depth: 1,
            line: 0,
            line_started: false,
            window: (-INFINITY, INFINITY),
            delta: ASPIRATION_DELTA.get(),
            index: 0,
            alpha: -INFINITY,
            best: -INFINITY,
            child: ChildStage::None,
            child_depth: 0,
            child_nodes_start: 0,
        }
    }
}

/// What a root run ended with (besides a pause).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootEvent {
    /// An iteration completed.
    Iteration,
    /// The deepest iteration allowed is done.
    Finished,
}

impl<G: Position> Search<G> {
    /// Runs the root until an iteration completes, the search is finished, or the
    /// slice's budget runs out.
    pub(super) fn run_root(&mut self) -> Result<RootEvent, Paused> {
        let Some(root) = self.root.as_deref().cloned() else {
            return Ok(RootEvent::Finished);
        };
        let side = root.turn();
        let count = self.root_moves.len();
        let lines = self.multipv.min(count);
        loop {
            let mut st = self.state;
            if st.depth > self.max_depth {
                return Ok(RootEvent::Finished);
            }
            if !st.line_started {
                let previous = self.root_moves[st.line].previous;
                st.window = if st.depth >= ASPIRATION_MIN_DEPTH
                    && previous > -INFINITY
                    && !is_mate(previous)
                {
                    (
                        previous - ASPIRATION_DELTA.get(),
                        previous + ASPIRATION_DELTA.get(),
                    )
                } else {
                    (-INFINITY, INFINITY)
                };
                st.delta = ASPIRATION_DELTA.get();
                st.line_started = true;
                st.index = st.line;
                st.alpha = st.window.0;
                st.best = -INFINITY;
                st.child = ChildStage::None;
            }
            while st.index < count {
                let i = st.index;
                let action = self.root_moves[i].action;
                let mut child = root.clone();
                child.play_unchecked(&action);
                if st.child == ChildStage::None {
                    let gives_check = child.turn() != side && child.is_check();
                    st.child_depth = st.depth - 1 + i32::from(gives_check);
                    st.child_nodes_start = self.nodes;
                    st.child = if i == st.line {
                        ChildStage::Full
                    } else {
                        ChildStage::ZeroWindow
                    };
                }
                let edge = Self::edge_of(&root, &action);
                let score = loop {
                    self.state = st;
                    let beta = if st.child == ChildStage::Full {
                        st.window.1
                    } else {
                        st.alpha + 1
                    };
                    self.frames[0].current = Some(action);
                    let s =
                        self.search_child(side, &child, 0, st.child_depth, st.alpha, beta, edge)?;
                    if st.child == ChildStage::ZeroWindow && s > st.alpha && s < st.window.1 {
                        st.child = ChildStage::Full;
                    } else {
                        break s;
                    }
                };
                st.child = ChildStage::None;
                st.index += 1;
                self.record_root_score(&mut st, i, score);
                if score >= st.window.1 {
                    break;
                }
            }
            if self.finish_window(&mut st, lines) {
                return Ok(RootEvent::Iteration);
            }
            self.state = st;
        }
    }

    /// Records the score of root action `i` (its line and the window's best). Uses
    /// nothing of `G`: never inlined, so the ten rule sets' copies are identical and
    /// wasm-opt keeps one (the WebAssembly size).
    #[inline(never)]
    fn record_root_score(&mut self, st: &mut RootState, i: usize, score: i32) {
        let action = self.root_moves[i].action;
        self.root_moves[i].nodes += self.nodes - st.child_nodes_start;
        if i == st.line || score > st.alpha {
            let seldepth = self.seldepth;
            let child_pv = self.frames[1].pv.clone();
            let rm = &mut self.root_moves[i];
            rm.score = score;
            rm.seldepth = seldepth;
            rm.pv.clear();
            rm.pv.push(action);
            rm.pv.extend_from_slice(&child_pv);
            st.best = st.best.max(score);
            if score > st.alpha {
                st.alpha = score;
                // The best so far goes first, so a stopped search plays it.
                self.root_moves[st.line..=i].rotate_right(1);
            }
        } else {
            self.root_moves[i].score = -INFINITY;
        }
    }

    /// After a pass over the line's actions: widens a failed window, or settles the
    /// line and, after the last one, completes the iteration (then `true`). Uses
    /// nothing of `G` (never inlined, as above).
    #[inline(never)]
    fn finish_window(&mut self, st: &mut RootState, lines: usize) -> bool {
        let (low, high) = st.window;
        if st.best <= low && low > -INFINITY {
            // Failed low: widen downwards and search the line again.
            st.window.0 = (low - st.delta).max(-INFINITY);
            st.delta = st.delta.saturating_mul(2);
            st.index = st.line;
            st.alpha = st.window.0;
            st.best = -INFINITY;
        } else if st.best >= high && high < INFINITY {
            st.window.1 = (high + st.delta).min(INFINITY);
            st.delta = st.delta.saturating_mul(2);
            st.index = st.line;
            st.alpha = st.window.0;
            st.best = -INFINITY;
        } else {
            sort_root_moves(&mut self.root_moves[st.line..]);
            // Keep the finished lines in score order too: a later line may score
            // above an earlier one (different windows, a fuller table).
            sort_root_moves(&mut self.root_moves[..=st.line]);
            st.line += 1;
            st.line_started = false;
            if st.line >= lines {
                for rm in &mut self.root_moves {
                    rm.previous = rm.score;
                }
                self.completed_depth = st.depth;
                self.completed = self.root_moves[..lines]
                    .iter()
                    .map(|rm| Line {
                        action: rm.action,
                        score: rm.score,
                        pv: rm.pv.clone(),
                        seldepth: rm.seldepth,
                    })
                    .collect();
                st.depth = self.next_iteration(st.depth);
                st.line = 0;
                self.state = *st;
                return true;
            }
        }
        false
    }
}

/// Sorts root moves best first, equal scores in their order. Not generic, so the
/// sort is compiled once rather than once per rule set (the WebAssembly size).
#[inline(never)]
pub fn sort_root_moves(moves: &mut [RootMove]) {
    insertion_sort_by_score(moves, |m| m.score);
}

/// Sorts actions by their ordering score, best first (not generic, as above).
#[inline(never)]
pub fn sort_scored_actions(scored: &mut [(i32, Action)]) {
    insertion_sort_by_score(scored, |s| s.0);
}

/// A stable sort, highest `score` first. Root lists are short (a few hundred actions
/// at most, sorted a few times per iteration), where an insertion sort is as quick as
/// the standard library's and about 10 KB smaller in the WebAssembly module.
fn insertion_sort_by_score<T>(items: &mut [T], score: impl Fn(&T) -> i32) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && score(&items[j - 1]) < score(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}
