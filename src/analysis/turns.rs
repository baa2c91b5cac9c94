//! Turns as the analysis judges them: the player decides a whole turn, so a
//! multi-action turn (Progressive, Marseillais, Avalanche) is one decision, judged
//! from the position before its first action to the position after its last; its
//! mark goes on its last action (docs/analysis.md).

use crate::api::{Game, MoveInfo};

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

/// The action of `turn` that carries the turn's mark: its last. The turn is what was
/// judged, and its last action is where the decision closes: where its evaluation
/// and verdict are written, and in Marseillais and Avalanche the end of the turn's
/// one PGN token, after which a NAG stands. So the mark sits on the same action in
/// the report, the page, the PGN and a PGN read back (docs/analysis.md).
pub fn marked_action(turn: &Turn) -> usize {
    turn.end - 1
}

/// Whether the side to act in `position` has one legal action only: a turn made of
/// such actions was forced, and is never marked.
pub fn only_action(position: &Game) -> bool {
    position.record().legal_actions().len() == 1
}
