//! Turns as the analysis judges them: the player decides a whole turn, so a
//! multi-action turn (Progressive, Marseillais, Avalanche) is one decision, judged
//! from the position before its first action to the position after its last; its
//! mark goes on the action of the turn after which the mover's win chance fell the
//! most (docs/analysis.md).

use super::judge::Eval;
use crate::api::MoveInfo;
use crate::types::Color;

/// The actions `start..end` of a game, one side's turn; positions `start` (before)
/// and `end` (after) bound it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    pub start: usize,
    pub end: usize,
}

/// The turns of a game's actions, in order; a game that stops mid-turn ends with
/// the part played.
pub fn turns(moves: &[MoveInfo]) -> Vec<Turn> {
    let mut turns = Vec::new();
    let mut start = 0;
    for (i, mv) in moves.iter().enumerate() {
        let last = i + 1 == moves.len();
        let side_changes = moves.get(i + 1).is_some_and(|next| next.color != mv.color);
        if mv.ends_turn || last || side_changes {
            turns.push(Turn { start, end: i + 1 });
            start = i + 1;
        }
    }
    turns
}

/// The action of `turn` after which `mover`'s win chance fell the most (the first
/// such; the turn's first action when nothing fell or evaluations are missing).
pub fn culprit(turn: &Turn, mover: Color, evals: &[Option<Eval>]) -> usize {
    let drop = |i: usize| match (evals[i], evals[i + 1]) {
        (Some(before), Some(after)) => before.win_percent(mover) - after.win_percent(mover),
        _ => 0.0,
    };
    let mut worst = turn.start;
    for i in turn.start + 1..turn.end {
        if drop(i) > drop(worst) {
            worst = i;
        }
    }
    worst
}
