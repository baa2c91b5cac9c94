//! Whether the side to act can still win the game before its turn ends: the question
//! a puzzle whose last turn wins in several actions asks after each of the person's
//! actions (`PuzzleSession.answer` in JS). The opponent does not act inside the turn,
//! so this is a search of one player's actions only: every way of playing the rest of
//! the turn, until one wins the game (a mate, the rule set's own win) or all are
//! seen. Positions reached by the same actions in another order are seen once.

use crate::game::Position;
use crate::moves::ActionList;
use crate::search::position_key;
use std::collections::HashMap;

/// What a bounded search of the turn's rest found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Found {
    /// A way to win before the turn ends.
    Win,
    /// No way to win, every line seen to the turn's end.
    NoWin,
    /// No win within the actions searched; longer lines were not seen.
    Cut,
}

struct Search {
    winner: crate::types::Color,
    nodes: u64,
    max_nodes: u64,
    /// Positions without a win: `u32::MAX` when seen to the turn's end, else the
    /// actions searched below them.
    no_win: HashMap<u64, u32>,
}

impl Search {
    /// Whether `pos` (the winner to act, inside the turn) wins within `depth` actions.
    fn search<G: Position>(&mut self, pos: &G, depth: u32) -> Found {
        let key = position_key(pos);
        match self.no_win.get(&key) {
            Some(&u32::MAX) => return Found::NoWin,
            Some(&seen) if seen >= depth => return Found::Cut,
            _ => {}
        }
        if depth == 0 || self.nodes >= self.max_nodes {
            return Found::Cut;
        }
        self.nodes += 1;
        let mut actions = ActionList::default();
        pos.legal_actions(&mut actions);
        let mut found = Found::NoWin;
        for action in &actions {
            let mut next = pos.clone();
            next.play_unchecked(action);
            // The game is won when the other side is to act and cannot go on, so only
            // a position where the turn passed needs the (costly) ending test, and
            // only a check can be a mate where the rule set has no goal square to
            // reach; inside the turn, a position without actions (a stalemate) has no
            // win below.
            let below = if next.turn() == self.winner {
                self.search(&next, depth - 1)
            } else if (next.is_check() || !G::GOAL.is_empty())
                && next.outcome().and_then(|o| o.winner) == Some(self.winner)
            {
                return Found::Win;
            } else {
                Found::NoWin
            };
            match below {
                Found::Win => return Found::Win,
                Found::Cut => found = Found::Cut,
                Found::NoWin => {}
            }
        }
        self.no_win.insert(
            key,
            if found == Found::NoWin {
                u32::MAX
            } else {
                depth
            },
        );
        found
    }
}

/// Whether the side to act in `pos` can win the game before its turn ends:
/// `Some(true)` with a way found, `Some(false)` when every way of playing the turn's
/// rest was seen and none wins, `None` when `max_nodes` positions were not enough
/// to tell. A game already over has no turn left to win with: `Some(false)`.
/// Searched by increasing number of actions, so a short win is found first and
/// cheaply.
pub fn turn_can_win<G: Position>(pos: &G, max_nodes: u64) -> Option<bool> {
    if pos.outcome().is_some() {
        return Some(false);
    }
    let mut search = Search {
        winner: pos.turn(),
        nodes: 0,
        max_nodes,
        no_win: HashMap::new(),
    };
    // A turn holds at most a few dozen actions (a late Progressive series).
    for depth in 1..=u32::from(u16::MAX) {
        match search.search(pos, depth) {
            Found::Win => return Some(true),
            Found::NoWin => return Some(false),
            Found::Cut if search.nodes >= max_nodes => return None,
            Found::Cut => {}
        }
    }
    None
}
