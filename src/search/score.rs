//! Search scores: centipawns, mate scores counted in actions from the root, their
//! transposition-table form (counted from the stored node), and the reported form
//! (`cp X` or `mate M`).

use std::fmt;

/// Beyond every real score.
pub const INFINITY: i32 = 32_000;
/// The score of mating at the root itself; a mate `n` actions away is `MATE - n`.
pub const MATE: i32 = 31_000;
/// The deepest ply (action) a search line may reach, quiescence included.
pub const MAX_PLY: usize = 160;
/// Scores at least this high (or low) are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The score of a drawn position.
pub const DRAW: i32 = 0;

/// Winning by mate at `ply` actions from the root.
#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Losing by mate at `ply` actions from the root.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether a score says mate (for either side).
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// A score as stored in the table: mate distances counted from the node, so the
/// entry stays right when the position is reached at another ply.
#[inline]
pub const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A score as reported to the user, from the side to act at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate: positive when the side to act mates, negative when it is mated. In
    /// one-action rule sets the count is in moves of the mating side (UCI's usual
    /// meaning); in multi-action rule sets (Progressive, Marseillais, Avalanche) it is
    /// in actions, since turns there have different lengths.
    Mate(i32),
}

impl Score {
    /// The reported form of an internal score.
    pub fn from_internal(score: i32, multi_action: bool) -> Score {
        if !is_mate(score) {
            return Score::Cp(score);
        }
        let actions = MATE - score.abs();
        let count = if multi_action {
            actions
        } else {
            (actions + 1) / 2
        };
        Score::Mate(if score > 0 { count } else { -count })
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        let s = mate_in(7);
        assert_eq!(from_table(to_table(s, 3), 3), s);
        assert_eq!(from_table(to_table(-s, 5), 5), -s);
        assert_eq!(from_table(to_table(42, 5), 5), 42);
    }

    #[test]
    fn reported_mates() {
        assert_eq!(Score::from_internal(mate_in(1), false), Score::Mate(1));
        assert_eq!(Score::from_internal(mate_in(3), false), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(2), false), Score::Mate(-1));
        assert_eq!(Score::from_internal(mate_in(3), true), Score::Mate(3));
        assert_eq!(Score::from_internal(-35, false).to_string(), "cp -35");
    }
}
