//! Game endings inside the search: repetitions along the search path and before the
//! root, the 50-move rule, positions where neither side can ever win, and the score
//! of a position without legal actions (whatever ending `outcome()` names).

use super::frame::Edge;
use super::score::{mate_in, mated_in, DRAW};
use super::Search;
use crate::game::{Outcome, Position};
use crate::types::Color;

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

    /// Whether the turn-start position at `ply` with `key` occurred before, on the
    /// search path or in the game before the root, with no irreversible action
    /// (or null move) in between.
    pub(super) fn is_repetition(&self, ply: usize, key: u64) -> bool {
        let mut i = ply;
        while i > 0 {
            if self.frames[i].edge != Edge::Reversible {
                return false;
            }
            i -= 1;
            let earlier = &self.frames[i];
            if earlier.turn_start && earlier.key == key {
                return true;
            }
        }
        self.game_history.contains(&key)
    }
}
