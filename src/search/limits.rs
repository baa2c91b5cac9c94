//! What bounds a search (UCI `go` arguments) and how clock times become a time
//! budget: a soft limit (no new iteration after it) and a hard limit (stop at once).
//! Pure arithmetic: the search core never reads a clock itself.

use super::params::{
    DEFAULT_MOVES_TO_GO, HARD_FACTOR, INC_DEN, INC_NUM, MAX_SHARE, MOVETIME_OVERHEAD_MS,
    MOVE_OVERHEAD_MS, TIME_EFFORT_BASE, TIME_EFFORT_SCALE,
};
use crate::game::TurnState;
use crate::moves::Action;
use crate::types::Color;

/// The bounds of one search; all `None`/`false` means "until stopped".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations up to this depth (in actions).
    pub depth: Option<u32>,
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// Exactly this long, in milliseconds.
    pub movetime: Option<u64>,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    /// Search until stopped, even past every depth (UCI `go infinite`).
    pub infinite: bool,
    /// Only these root actions (UCI `searchmoves`); empty for all.
    pub searchmoves: Vec<Action>,
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A search of a fixed time.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(ms),
            ..Limits::default()
        }
    }

    /// Whether the search ends by itself (a depth, node, time or clock limit).
    pub fn is_finite(&self) -> bool {
        !self.infinite
            && (self.depth.is_some()
                || self.nodes.is_some()
                || self.movetime.is_some()
                || self.wtime.is_some()
                || self.btime.is_some())
    }

    /// Whether the search is bounded by time (so a forced move need not be thought
    /// over).
    pub fn uses_clock(&self) -> bool {
        !self.infinite && (self.movetime.is_some() || self.wtime.is_some() || self.btime.is_some())
    }
}

/// Time limits in milliseconds since the search started.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimeBudget {
    /// No new iteration starts after this.
    pub soft_ms: Option<u64>,
    /// The search stops at this.
    pub hard_ms: Option<u64>,
}

impl TimeBudget {
    /// The budget for the side `side` to act in a turn at state `turn`.
    ///
    /// With a clock, one turn gets `time / moves_to_go + 3/4 increment`; the
    /// actions still to play in a multi-action turn share it equally.
    pub fn new(limits: &Limits, side: Color, turn: TurnState) -> TimeBudget {
        if limits.infinite {
            return TimeBudget::default();
        }
        if let Some(ms) = limits.movetime {
            let hard = ms.saturating_sub(MOVETIME_OVERHEAD_MS).max(1);
            return TimeBudget {
                soft_ms: Some(hard),
                hard_ms: Some(hard),
            };
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else {
            return TimeBudget::default();
        };
        let inc = inc.unwrap_or(0);
        let moves_to_go = limits
            .movestogo
            .filter(|&m| m > 0)
            .unwrap_or(DEFAULT_MOVES_TO_GO);
        let actions_left = u64::from(turn.length.saturating_sub(turn.played)).max(1);
        let usable = time.saturating_sub(MOVE_OVERHEAD_MS).max(1);
        let per_turn = usable / moves_to_go + inc * INC_NUM / INC_DEN;
        // Never more than a share of what is left, even with an increment: short of
        // time on a busy machine, spending the whole increment drains the clock.
        let ceiling = (usable / MAX_SHARE / actions_left).max(1);
        let soft = (per_turn / actions_left).clamp(1, ceiling);
        let hard = (soft * HARD_FACTOR).min(ceiling);
        TimeBudget {
            soft_ms: Some(soft.min(hard)),
            hard_ms: Some(hard),
        }
    }
}

/// The share of the soft limit, in percent, when `best_nodes` of the search's
/// `total_nodes` went into the best action (see `TIME_EFFORT_BASE`).
pub fn effort_scale_percent(best_nodes: u64, total_nodes: u64) -> u64 {
    let effort = (best_nodes.min(total_nodes) * 100)
        .checked_div(total_nodes)
        .unwrap_or(100);
    TIME_EFFORT_BASE.saturating_sub(effort) * TIME_EFFORT_SCALE / 100
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budgets() {
        let single = TurnState::single(Color::White);
        let limits = Limits {
            wtime: Some(60_000),
            btime: Some(1_000),
            ..Limits::default()
        };
        let white = TimeBudget::new(&limits, Color::White, single);
        assert_eq!(
            white.soft_ms,
            Some((60_000 - MOVE_OVERHEAD_MS) / DEFAULT_MOVES_TO_GO)
        );
        assert!(white.hard_ms.unwrap() <= 60_000 / 4);
        let black = TimeBudget::new(&limits, Color::Black, TurnState::single(Color::Black));
        assert!(black.hard_ms.unwrap() < 1_000 / 3);
        // Two actions left share the turn's time.
        let two = TurnState {
            length: 2,
            ..single
        };
        let shared = TimeBudget::new(&limits, Color::White, two);
        assert_eq!(shared.soft_ms.unwrap(), white.soft_ms.unwrap() / 2);
        // movetime is hard, less the overhead.
        let fixed = TimeBudget::new(&Limits::movetime(500), Color::White, single);
        assert_eq!(fixed.hard_ms, Some(500 - MOVETIME_OVERHEAD_MS));
        // Nothing given: unbounded.
        assert_eq!(
            TimeBudget::new(&Limits::depth(3), Color::White, single),
            TimeBudget::default()
        );
    }

    #[test]
    fn a_short_clock_with_increment_is_not_drained() {
        let single = TurnState::single(Color::White);
        for time in [60, 100, 200, 400, 1_000] {
            let limits = Limits {
                wtime: Some(time),
                winc: Some(100),
                ..Limits::default()
            };
            let budget = TimeBudget::new(&limits, Color::White, single);
            let usable = time.saturating_sub(MOVE_OVERHEAD_MS).max(1);
            // At most a quarter of what is left, so a slow pipe can still be paid
            // from the increment.
            assert!(budget.hard_ms.unwrap() <= (usable / 4).max(1), "{time}");
            assert!(budget.soft_ms.unwrap() <= budget.hard_ms.unwrap(), "{time}");
        }
    }

    #[test]
    fn focused_searches_stop_sooner_than_divided_ones() {
        // Nearly every node on the best action: less time; a third of them: more.
        let focused = effort_scale_percent(95, 100);
        let divided = effort_scale_percent(33, 100);
        assert!(focused < 100 && divided > 100, "{focused} {divided}");
        assert_eq!(effort_scale_percent(0, 0), effort_scale_percent(1, 1));
        // Never past the whole search's nodes, never a zero budget.
        assert_eq!(
            effort_scale_percent(200, 100),
            effort_scale_percent(100, 100)
        );
        assert!(effort_scale_percent(100, 100) > 0);
    }
}
