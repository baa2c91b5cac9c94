//! One fixed-node search of a position from a fresh table: the measurement every
//! puzzle criterion rests on, and the same in the miner and in the replay test, so
//! a shipped puzzle's checks can be repeated exactly.

use crate::analysis::Eval;
use crate::eval::nnue::Networks;
use crate::game::Position;
use crate::moves::Action;
use crate::search::score::{is_mate, Score};
use crate::search::{Limits, NoClock, Repetitions, Search, SearchOptions, TranspositionTable};
use crate::types::Color;

/// The table of every probe, in MiB: enough for the node budgets puzzles use, small
/// enough that allocating a fresh one per probe costs little.
const TABLE_MB: usize = 8;

/// One root action's result in a probe.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub action: Action,
    /// The internal score from the view of the side to act at the root.
    pub score: i32,
    /// Its line, starting with `action`.
    pub pv: Vec<Action>,
}

/// The side to act's chance to win by a search score, in percent, by the analysis'
/// curve ([`Eval::win_percent`]); a forced win is 100, a forced loss 0.
pub fn win_percent(score: Score) -> f64 {
    match score {
        Score::Mate(n) if n > 0 => 100.0,
        Score::Mate(_) => 0.0,
        Score::Cp(cp) => Eval::Cp(cp).win_percent(Color::White),
    }
}

impl Candidate {
    /// The side to act's chance to win ([`win_percent`]).
    pub fn win_percent(&self) -> f64 {
        // Only the mate's sign matters here, not how the count is reckoned.
        win_percent(Score::from_internal(self.score, false))
    }

    /// Whether the score is a forced win for the side to act.
    pub fn is_forced_win(&self) -> bool {
        is_mate(self.score) && self.score > 0
    }
}

/// What a probe found: the best actions (best first) and the nodes the search
/// needed before its best action settled on the final one.
#[derive(Debug, Clone, PartialEq)]
pub struct Probed {
    pub candidates: Vec<Candidate>,
    /// Nodes searched when the best action became the final one and stayed so.
    pub nodes_to_settle: u64,
}

impl Probed {
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }

    pub fn second(&self) -> Option<&Candidate> {
        self.candidates.get(1)
    }
}

/// Runs probes with one node budget and one evaluation.
#[derive(Debug, Clone)]
pub struct Prober {
    pub nodes: u64,
    /// The learned evaluations, for the rule sets they serve (the search decides).
    pub networks: Networks,
}

impl Prober {
    /// A prober with the native binary's built-in networks.
    pub fn new(nodes: u64) -> Prober {
        Prober {
            nodes,
            networks: Networks::built_in(),
        }
    }

    /// Searches `pos` with `lines` principal variations.
    pub fn probe<G: Position>(&self, pos: &G, lines: usize) -> Probed {
        let mut search =
            Search::<G::Searched>::for_rule_set::<G>(TranspositionTable::new(TABLE_MB));
        search.set_options(SearchOptions {
            multipv: lines,
            networks: self.networks.clone(),
            // A probe starts from the position alone, with no game before it: the
            // eager rule's only extra draw is a return to the puzzle's own position,
            // a shuffle that is no solution. The strict rule finds 27 of the 2,200
            // shipped puzzles ambiguous that way (docs/puzzles.md): kept until they
            // are mined again.
            repetitions: Repetitions::Eager,
            ..SearchOptions::default()
        });
        search.start(G::Searched::from(pos.clone()), Limits::nodes(self.nodes));
        let mut settled: Option<(Action, u64)> = None;
        let result = search.run(&NoClock, &mut |info| {
            if info.multipv != 1 {
                return;
            }
            if let Some(&first) = info.pv.first() {
                if settled.map(|(a, _)| a) != Some(first) {
                    settled = Some((first, info.nodes));
                }
            }
        });
        let candidates: Vec<Candidate> = result
            .lines
            .iter()
            .map(|line| Candidate {
                action: line.action,
                score: line.score,
                pv: line.pv.clone(),
            })
            .collect();
        let best = candidates.first().map(|c| c.action);
        let nodes_to_settle = match settled {
            Some((action, nodes)) if Some(action) == best => nodes.max(1),
            _ => result.nodes.max(1),
        };
        Probed {
            candidates,
            nodes_to_settle,
        }
    }
}

/// The probe budget of the shipped puzzles: the miner's default, and the budget the
/// replay test checks them at. Deep enough that the search's answer in the middle
/// game is stable, small enough that checking 2,000 puzzles fits in the tests.
pub const SHIPPED_NODES: u64 = 50_000;
