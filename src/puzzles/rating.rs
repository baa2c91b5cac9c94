//! A puzzle's difficulty on the usual 600-2800 scale, from the engine's effort and
//! the line's shape: the nodes the probe of each solver turn's first action needed
//! before its best action settled on the answer (how long the engine itself had to
//! look; the rest of a turn follows from its first action, so counting every action
//! would rate a long Progressive series by its length alone), the line's length in
//! solver turns (every further turn is another decision to get right), and whether
//! the first answer is quiet (no capture, check or promotion: people look at forcing
//! actions first, so a quiet key is harder to see).
//!
//! ```text
//! rating = BASE + PER_DOUBLING · log2(nodes / FLOOR_NODES)
//!        + PER_TURN · (turns − 1) + QUIET_KEY · [quiet first answer]
//! ```
//!
//! clamped to 600-2800, where `nodes` is the
//! sum over the solver's turns (at least `FLOOR_NODES`). The constants were set on a
//! first mining run so that the answers the search settles on at once (a hanging
//! piece taken) rate 600-900 and the quiet multi-turn ones above 2000 (README
//! "Puzzles" gives the spread of each shipped file).

use super::file::{RATING_MAX, RATING_MIN};

/// The rating of a one-action forcing answer the search settles on at once.
const BASE: f64 = 600.0;
/// Nodes below which an answer counts as seen at once.
const FLOOR_NODES: f64 = 150.0;
/// Points for each doubling of the nodes needed.
const PER_DOUBLING: f64 = 170.0;
/// Points for each solver turn after the first.
const PER_TURN: f64 = 110.0;
/// Points for a quiet first answer.
const QUIET_KEY: f64 = 300.0;

/// What a line asked of the engine and of the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    /// Nodes the first action of each solver turn needed to settle, summed.
    pub nodes: u64,
    pub solver_turns: usize,
    /// The first answer captures nothing, gives no check and promotes nothing.
    pub quiet_first: bool,
}

/// The rating of a line.
pub fn rating(effort: Effort) -> u32 {
    let doublings = (effort.nodes as f64 / FLOOR_NODES).max(1.0).log2();
    let turns = effort.solver_turns.saturating_sub(1) as f64;
    let quiet = if effort.quiet_first { QUIET_KEY } else { 0.0 };
    let raw = BASE + PER_DOUBLING * doublings + PER_TURN * turns + quiet;
    (raw.round() as u32).clamp(RATING_MIN, RATING_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn effort(nodes: u64, solver_turns: usize, quiet_first: bool) -> Effort {
        Effort {
            nodes,
            solver_turns,
            quiet_first,
        }
    }

    #[test]
    fn more_effort_more_turns_and_quiet_keys_rate_higher_within_the_scale() {
        assert_eq!(rating(effort(100, 1, false)), 600);
        assert!(rating(effort(50_000, 1, false)) > rating(effort(5_000, 1, false)));
        assert!(rating(effort(5_000, 2, false)) > rating(effort(5_000, 1, false)));
        assert!(rating(effort(5_000, 1, true)) > rating(effort(5_000, 1, false)));
        assert_eq!(rating(effort(u64::MAX / 4, 9, true)), RATING_MAX);
        assert!(rating(effort(1, 1, false)) >= RATING_MIN);
    }
}
