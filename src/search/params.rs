//! Every tunable constant of the search in one place ([`TUNABLES`] lists the margins),
//! and the shape of the per-rule-set policy ([`Policy`]: null move, what to do at the
//! horizon in mid-turn positions), which each rule set states in `rule_sets.rs`.
//!
//! The numbers are conventional starting points, to be tuned in matches; the margins
//! declared with [`tunable!`] can be changed by UCI option in a `tune` build
//! (`scripts/tune-margins.sh` plays those matches).

use super::tunable::{tunable, Tunable};
use crate::game::{Phase, Position};

/// The deepest iteration (in actions).
pub const MAX_DEPTH: i32 = 96;

/// Aspiration windows start at this depth, this wide, and widen by doubling: most
/// iterations end near the previous score, and a narrow window cuts more.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
tunable!(ASPIRATION_DELTA = 25 in 10..=60 as "AspirationDelta");

/// Null move: from this depth, reduced by `BASE + depth / DIVISOR`. Passing is
/// almost always worse than the best move, so a position still above beta after a
/// pass is cut.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
pub const NULL_MOVE_BASE_REDUCTION: i32 = 3;
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;
tunable!(
    /// ... plus one action per `SURPLUS_DIVISOR` centipawns the static score stands
    /// above beta, at most `MAX_SURPLUS_REDUCTION`.
    NULL_MOVE_SURPLUS_DIVISOR = 200 in 80..=400 as "NullMoveSurplusDivisor"
);
pub const NULL_MOVE_MAX_SURPLUS_REDUCTION: i32 = 3;

/// Reverse futility: near the leaves, a static score this far above beta is kept.
pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 6;
tunable!(REVERSE_FUTILITY_MARGIN = 85 in 40..=160 as "ReverseFutilityMargin");

/// Razoring: near the leaves, a node whose static score stands more than
/// `MARGIN * depth` below alpha is settled by quiescence when that fails low too
/// (a quiet move rarely wins back that much so close to the horizon).
pub const RAZOR_MAX_DEPTH: i32 = 3;
tunable!(RAZOR_MARGIN = 250 in 100..=500 as "RazorMargin");

/// History pruning: near the leaves, a quiet move whose combined history is below
/// `-MARGIN * depth` is skipped (it has failed in this kind of position again and
/// again).
pub const HISTORY_PRUNING_MAX_DEPTH: i32 = 3;
tunable!(HISTORY_PRUNING_MARGIN = 4000 in 1000..=10000 as "HistoryPruningMargin");

/// Futility: a quiet move at depth `d` that cannot lift the static score by
/// `BASE + PER_DEPTH * d` to alpha is skipped.
pub const FUTILITY_MAX_DEPTH: i32 = 3;
tunable!(FUTILITY_BASE = 90 in 20..=200 as "FutilityBase");
tunable!(FUTILITY_PER_DEPTH = 90 in 30..=200 as "FutilityPerDepth");

/// Late-move pruning: at depth `d`, quiet moves after the first
/// `BASE + d * d` are skipped (well-ordered lists rarely have the best move late).
pub const LATE_MOVE_PRUNING_MAX_DEPTH: i32 = 3;
pub const LATE_MOVE_PRUNING_BASE: usize = 4;
/// ... and only this share of them where the static score is worse than two actions
/// ago (a worsening position rarely turns around through a late quiet move).
pub const LATE_MOVE_PRUNING_WORSENING_NUM: usize = 2;
pub const LATE_MOVE_PRUNING_WORSENING_DEN: usize = 3;

/// Late-move reductions: `BASE + ln(depth) * ln(moves) / DIVISOR` (both given in
/// hundredths), from this depth and after this many moves.
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_MOVES: usize = 3;
tunable!(LMR_BASE_PERCENT = 75 in 0..=150 as "LmrBasePercent");
tunable!(LMR_DIVISOR_PERCENT = 225 in 150..=350 as "LmrDivisorPercent");

/// Singular extension: from this depth, a table move whose lower bound was found
/// at most `DEPTH_MARGIN` shallower is searched one action deeper when every other
/// action, searched to half depth, stays below its score less `MARGIN * depth`: the
/// game hangs on that move, so it deserves a closer look.
pub const SINGULAR_MIN_DEPTH: i32 = 8;
pub const SINGULAR_DEPTH_MARGIN: i32 = 3;
tunable!(SINGULAR_MARGIN = 2 in 1..=6 as "SingularMargin");

/// ProbCut: from this depth, at a node outside the principal variation, a capture
/// that wins at least `beta + MARGIN` by static exchange and holds that bound in
/// quiescence and in a search `REDUCTION` actions shallower cuts the node: a good
/// capture that clears beta by that much at a lower depth rarely fails at full
/// depth. The margin is `IMPROVING` smaller where the static score is improving.
pub const PROBCUT_MIN_DEPTH: i32 = 5;
tunable!(PROBCUT_MARGIN = 200 in 80..=350 as "ProbcutMargin");
pub const PROBCUT_IMPROVING: i32 = 50;
pub const PROBCUT_REDUCTION: i32 = 4;

/// Internal iterative reduction: without a table move, a node is searched one
/// action shallower (its ordering is poor, and the next visit has a move).
pub const IIR_MIN_DEPTH: i32 = 4;

/// Quiescence stops following captures this many actions below the horizon.
pub const QUIESCENCE_MAX_PLIES: usize = 24;
tunable!(
    /// Quiescence delta pruning: a capture that cannot lift the static score to alpha
    /// even with this margin is skipped.
    DELTA_MARGIN = 200 in 50..=400 as "DeltaMargin"
);
/// A side whose opponent may finish a king race next gets no stand-pat this many
/// plies below the horizon: the first, where the main search's last action made the
/// threat. Deeper the static score stands, or two kings on rank 7 would make every
/// node full-width.
pub const QUIESCENCE_RACE_THREAT_PLIES: usize = 1;

/// Mid-turn positions with [`MidTurn::Expand`] are expanded fully (no stand-pat) in
/// the first plies of quiescence; deeper, the static score stands, to keep
/// quiescence finite.
pub const QUIESCENCE_EXPAND_PLIES: usize = 2;

/// Move-ordering ranks: table move, then winning captures and queen promotions by
/// MVV-LVA, then killers, the countermove, quiet moves by history, losing captures,
/// under-promotions.
pub const ORDER_TABLE_MOVE: i32 = 3_000_000;
pub const ORDER_CAPTURE: i32 = 2_000_000;
pub const ORDER_KILLER: i32 = 1_000_000;
pub const ORDER_COUNTER: i32 = 999_000;
/// A quiet action whose history is not looked up yet: above every history score
/// (so the first pick that reaches the quiet actions finds one) and below the
/// countermove. Most nodes cut off on the table move, a capture or a killer, and
/// never pay for the history lookups of their quiet actions.
pub const ORDER_QUIET_PENDING: i32 = ORDER_COUNTER - 1;
pub const ORDER_UNDER_PROMOTION: i32 = -1_000_000;
/// Continuation histories score a quiet action after the actions played this many
/// actions before it: with one action a turn, the opponent's last (a reply), one's
/// own last (a plan), and one's own before that (a plan two moves long).
pub const CONTINUATION_PLIES: [usize; 3] = [1, 2, 4];
/// History scores stay within this bound.
pub const HISTORY_MAX: i32 = 16_384;
/// A quiet cut-off at depth `d` adds `HISTORY_BONUS * d * d` (capped at half the
/// bound) to its history and takes as much from the quiet actions tried before.
pub const HISTORY_BONUS: i32 = 32;
/// Victim values for MVV-LVA ordering, by role (a king ranks highest, for rule sets
/// where it can be taken).
pub const MVV_VICTIM: [i32; 6] = [1, 3, 3, 5, 9, 20];
/// Captures that lose material by static exchange go after the quiet actions.
pub const ORDER_BAD_CAPTURE: i32 = -500_000;
/// Piece values for static exchange evaluation (a king is worth more than any
/// exchange, so it only captures last).
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];
/// Near the leaves, captures losing more than `SEE_CAPTURE_MARGIN * depth` and quiet
/// moves losing more than `SEE_QUIET_MARGIN * depth * depth` by static exchange are
/// skipped: the material they give away is rarely won back.
pub const SEE_PRUNING_MAX_DEPTH: i32 = 6;
tunable!(SEE_CAPTURE_MARGIN = 90 in 30..=200 as "SeeCaptureMargin");
tunable!(SEE_QUIET_MARGIN = 25 in 10..=80 as "SeeQuietMargin");
/// Victim values (centipawns) for quiescence delta pruning, by role.
pub const DELTA_VICTIM_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];

/// Nodes between two looks at the clock inside a slice.
pub const NODES_BETWEEN_CLOCK_CHECKS: u64 = 2048;

/// Time management: the share of the clock for one turn is
/// `time / moves_to_go + increment * INC_NUM / INC_DEN`, with `moves_to_go` this when
/// the GUI gives none; the hard limit is `HARD_FACTOR` times that, at most
/// `1 / MAX_SHARE` of the clock; `MOVE_OVERHEAD_MS` is kept for the GUI, the pipe
/// and a busy machine. 40 rather than 30 keeps more of the clock for long games
/// (+17 ± 34 in self-play at 5 s + 0.05 s).
pub const DEFAULT_MOVES_TO_GO: u64 = 40;
pub const INC_NUM: u64 = 3;
pub const INC_DEN: u64 = 4;
pub const HARD_FACTOR: u64 = 4;
pub const MAX_SHARE: u64 = 4;
pub const MOVE_OVERHEAD_MS: u64 = 50;
/// A fixed `movetime` is kept to within this (the caller asked for that time).
pub const MOVETIME_OVERHEAD_MS: u64 = 20;
/// With a clock, the soft limit is scaled by these percentages after 0, 1, 2, ...
/// completed iterations in a row with the same best action: a changing mind needs
/// more time, a settled one less.
pub const TIME_STABILITY_PERCENT: [u64; 5] = [140, 115, 100, 85, 70];
/// ... plus up to `TIME_FALL_PERCENT` when the best score fell by up to
/// `TIME_FALL_MAX_CP` in the last iteration (trouble is brewing: look deeper).
pub const TIME_FALL_PERCENT: i32 = 40;
pub const TIME_FALL_MAX_CP: i32 = 80;
/// ... times `(TIME_EFFORT_BASE - effort) * TIME_EFFORT_SCALE / 100` percent, where
/// effort is the percentage of the search's nodes spent on the best action: a
/// search that went mostly into one action has settled, one spread over rivals has
/// not (effort runs from about 40 to 90 in middlegames near the soft limit).
pub const TIME_EFFORT_BASE: u64 = 150;
pub const TIME_EFFORT_SCALE: u64 = 135;

/// What the search does with a mid-turn position at the horizon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MidTurn {
    /// The rule set has no mid-turn positions.
    None,
    /// Search the rest of the turn: the main search extends to the turn's end and
    /// quiescence expands every action (Marseillais' second action, Avalanche's push
    /// and promotion choice: few and decisive).
    Expand,
    /// Take the static score, which counts the actions left as tempo (Progressive:
    /// finishing a series of `n` actions is exponential in `n`).
    StandPat,
}

/// The search toggles of one rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Whether null-move pruning is sound enough. Off in Racing Kings (a race of
    /// tempi where the extra-move rule makes a pass meaningful) and in the
    /// multi-action rule sets (a pass there is not a legal turn shape).
    pub null_move: bool,
    pub mid_turn: MidTurn,
    /// Whether static exchange evaluation applies: orthodox geometry (not Alice's
    /// two boards, not Billiards' rebounds) and one action per turn, so the
    /// opponent recaptures at once.
    pub see: bool,
    /// Whether king moves decide the game (Racing Kings): they are never pruned or
    /// reduced, as a check would be in orthodox chess.
    pub king_race: bool,
    /// Whether a turn may have several actions (mate distances reported in actions).
    pub multi_action: bool,
    /// Whether only mate and stalemate leave a side without actions (no goal
    /// square, no series or push endings), so quiescence may judge a position
    /// before generating its actions.
    pub only_mate_ends: bool,
    /// Whether the pruning refinements measured in orthodox chess are used: the
    /// correction history, razoring, the table's bound as the pruning estimate and
    /// history pruning. Orthodox chess only: in Chess-Gi razoring lost games (a drop
    /// is a threat quiescence does not see), and in Alice and Billiards the set
    /// missed held mates within their depth.
    pub refined_pruning: bool,
    /// Whether quiescence, where a turn of two or more actions starts, also tries the
    /// quiet first actions that attack a piece the turn's next action could take
    /// (Marseillais: "attack, then take" in one turn is the commonest threat there,
    /// and captures alone never see it).
    pub quiet_threats: bool,
}

/// Whether `pos` must not be judged by its static score (no stand-pat, no horizon):
/// a mid-turn position whose rule set (its `policy`) expands turns, or Avalanche's
/// push and promotion-choice steps.
#[inline]
pub fn expands_at_horizon<G: Position>(policy: &Policy, pos: &G) -> bool {
    match policy.mid_turn {
        MidTurn::None | MidTurn::StandPat => false,
        MidTurn::Expand => {
            let turn = pos.turn_state();
            !turn.is_turn_start() || turn.phase != Phase::Move
        }
    }
}

/// Whether the static-score shortcuts (reverse futility, null move, futility and
/// late-move pruning) may be used at `pos`: only where a turn starts, since in
/// mid-turn positions the side will act again.
#[inline]
pub fn static_pruning_allowed<G: Position>(pos: &G) -> bool {
    let turn = pos.turn_state();
    turn.is_turn_start() && turn.phase == Phase::Move
}

/// Every tunable margin, in the order the tool tries them.
pub static TUNABLES: &[&Tunable] = &[
    &REVERSE_FUTILITY_MARGIN,
    &FUTILITY_BASE,
    &FUTILITY_PER_DEPTH,
    &RAZOR_MARGIN,
    &NULL_MOVE_SURPLUS_DIVISOR,
    &PROBCUT_MARGIN,
    &ASPIRATION_DELTA,
    &LMR_BASE_PERCENT,
    &LMR_DIVISOR_PERCENT,
    &HISTORY_PRUNING_MARGIN,
    &SEE_CAPTURE_MARGIN,
    &SEE_QUIET_MARGIN,
    &DELTA_MARGIN,
    &SINGULAR_MARGIN,
];

impl Tunable {
    /// The margin whose UCI name is `name` (in any case).
    pub fn named(name: &str) -> Option<&'static Tunable> {
        TUNABLES
            .iter()
            .copied()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_margin_has_one_name_and_a_range_around_its_value() {
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert!(t.min < t.max, "{}: nothing to try", t.name);
            assert!(
                t.name.chars().all(|c| c.is_ascii_alphanumeric()),
                "{}: a UCI name without spaces or underscores",
                t.name
            );
            for other in &TUNABLES[..i] {
                assert!(!t.name.eq_ignore_ascii_case(other.name), "{} twice", t.name);
            }
            assert!(std::ptr::eq(Tunable::named(t.name).unwrap(), *t));
        }
        assert!(Tunable::named("NoSuchMargin").is_none());
    }
}
