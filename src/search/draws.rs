//! Game endings inside the search: repetitions along the search path and before the
//! root (by one of two rules, [`Repetitions`]), the 50-move rule, positions where
//! neither side can ever win, and the score of a position without legal actions
//! (whatever ending `outcome()` names).

use super::frame::Edge;
use super::score::{mate_in, mated_in, DRAW};
use super::Search;
use crate::game::{Outcome, Position};
use crate::types::Color;

/// Which returns to an earlier position the search scores as a draw. RULES.md §1.2
/// stays the rule of the game (threefold claimed, fivefold automatic); these are the
/// search's guesses of where a line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Repetitions {
    /// Any return to a turn-start position seen since the last irreversible action,
    /// on the search path or once in the game before the root: the side that goes
    /// back is taken to settle for the draw it could become. Play uses it; the rule
    /// `Strict` played weaker against it (docs/analysis.md, "Repetitions").
    #[default]
    Eager,
    /// Only a draw either side can force: a return to a position first seen strictly
    /// after the root (whoever repeated once can repeat again), or a position that
    /// stands for the third time counting the game before the root. A position seen
    /// once earlier in the game is not a draw. The analysis and the puzzle probes use
    /// it: a judge must never score a real position as a draw that is not one.
    Strict,
}

/// The score of `outcome` for the side to act in `pos`, `ply` actions from the root.
pub fn outcome_score<G: Position>(pos: &G, outcome: Outcome, ply: usize) -> i32 {
    match outcome.winner {
        Some(winner) if winner == pos.turn() => mate_in(ply),
        Some(_) => mated_in(ply),
        None => DRAW,
    }
}

/// The score of a position without legal actions: `outcome()` says who won.
pub fn terminal_score<G: Position>(pos: &G, ply: usize) -> i32 {
    pos.outcome()
        .map_or(DRAW, |outcome| outcome_score(pos, outcome, ply))
}

impl<G: Position> Search<G> {
    /// The draw (or ending) score of a node before its actions are generated, if the
    /// game is over or drawn there.
    pub(super) fn early_ending(
        &self,
        pos: &G,
        ply: usize,
        turn_start: bool,
        key: u64,
    ) -> Option<i32> {
        if ply == 0 {
            return None;
        }
        // The 50-move claim, unless a mate is on the board (decided once actions
        // are generated).
        if self.move_count_rules
            && pos.halfmove_clock() >= crate::game::FIFTY_MOVE_PLIES
            && !pos.is_check()
        {
            return Some(DRAW);
        }
        if self.repetition_rule && turn_start && self.is_repetition(ply, key) {
            return Some(DRAW);
        }
        // Neither side can ever win: dead positions and their kin (cheap, and only
        // possible with few pieces).
        if pos.placement().board.occupied().count() <= 6
            && pos.cannot_mate(Color::White)
            && pos.cannot_mate(Color::Black)
        {
            return Some(DRAW);
        }
        // Endings of a rule set's own (Progressive's ten quiet series, the goal of
        // Racing Kings, Avalanche's self-check) leave no legal actions: the move
        // loop asks `outcome()` then.
        None
    }

    /// Whether the turn-start position at `ply` with `key` ends the line as a
    /// repetition by the options' [`Repetitions`] rule, counting its occurrences on
    /// the search path and in the game before the root with no irreversible action
    /// (or null move) in between.
    pub(super) fn is_repetition(&self, ply: usize, key: u64) -> bool {
        let strict = self.options.repetitions == Repetitions::Strict;
        let mut earlier_occurrences = 0;
        let mut i = ply;
        while i > 0 {
            if self.frames[i].edge != Edge::Reversible {
                return false;
            }
            i -= 1;
            let earlier = &self.frames[i];
            if earlier.turn_start && earlier.key == key {
                if !strict || i > 0 {
                    return true;
                }
                earlier_occurrences += 1;
            }
        }
        if !strict {
            return self.game_history.contains(&key);
        }
        earlier_occurrences += self.game_history.iter().filter(|&&k| k == key).count();
        earlier_occurrences >= 2
    }
}
