//! Whether the side to act can still win the game before its turn ends: the question
//! a puzzle whose last turn wins in several actions asks after each of the person's
//! actions (`PuzzleSession.answer` in JS). The opponent does not act inside the turn,
//! so this is a search of one player's actions only: every way of playing the rest of
//! the turn, until one wins the game (a mate, the rule set's own win) or all are
//! seen. Positions reached by the same actions in another order are seen once.

use crate::game::{play_out_of_line, Position};
use crate::moves::{Action, ActionList};
use crate::search::position_key;
use crate::types::Color;
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

/// The positions of the line being searched, from the turn's position on, behind one
/// interface: the search below is compiled once, not once per rule set (a puzzle
/// helper, so a call per step costs it little; the per-rule-set copies were about
/// 15 KB of the WebAssembly module).
trait Line {
    /// The last position's key (positions reached in another order are seen once).
    fn key(&self) -> u64;
    /// The side to act in the last position.
    fn turn(&self) -> Color;
    /// The last position's legal actions.
    fn actions(&self, list: &mut ActionList);
    /// Plays one of the last position's legal actions, onto a copy of it.
    fn push(&mut self, action: &Action);
    /// Takes the last action back.
    fn pop(&mut self);
    /// Whether `winner` has won in the last position, the turn having passed.
    fn won_by(&self, winner: Color) -> bool;
}

/// A turn's position and the positions played from it.
struct Stack<G> {
    first: G,
    played: Vec<G>,
}

impl<G: Position> Stack<G> {
    fn last(&self) -> &G {
        self.played.last().unwrap_or(&self.first)
    }
}

impl<G: Position> Line for Stack<G> {
    fn key(&self) -> u64 {
        position_key(self.last())
    }

    fn turn(&self) -> Color {
        self.last().turn()
    }

    fn actions(&self, list: &mut ActionList) {
        self.last().legal_actions(list);
    }

    fn push(&mut self, action: &Action) {
        let mut next = self.last().clone();
        play_out_of_line(&mut next, action);
        self.played.push(next);
    }

    fn pop(&mut self) {
        self.played.pop();
    }

    fn won_by(&self, winner: Color) -> bool {
        let pos = self.last();
        // Only a check can be a mate where the rule set has no goal square to reach,
        // and the ending test is costly.
        (pos.is_check() || !G::GOAL.is_empty())
            && pos.outcome().and_then(|o| o.winner) == Some(winner)
    }
}

struct Search {
    winner: Color,
    nodes: u64,
    max_nodes: u64,
    /// Positions without a win: `u32::MAX` when seen to the turn's end, else the
    /// actions searched below them.
    no_win: HashMap<u64, u32>,
}

impl Search {
    /// Whether the line's last position (the winner to act, inside the turn) wins
    /// within `depth` actions.
    fn search(&mut self, line: &mut dyn Line, depth: u32) -> Found {
        let key = line.key();
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
        line.actions(&mut actions);
        let mut found = Found::NoWin;
        for action in &actions {
            line.push(action);
            // The game is won when the other side is to act and cannot go on, so only
            // a position where the turn passed needs the ending test; inside the
            // turn, a position without actions (a stalemate) has no win below.
            let below = if line.turn() == self.winner {
                self.search(line, depth - 1)
            } else if line.won_by(self.winner) {
                Found::Win
            } else {
                Found::NoWin
            };
            line.pop();
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
    let mut line = Stack {
        first: pos.clone(),
        played: Vec::new(),
    };
    line_can_win(&mut line, max_nodes)
}

/// [`turn_can_win`] from the line's first position, for every rule set at once.
fn line_can_win(line: &mut dyn Line, max_nodes: u64) -> Option<bool> {
    let mut search = Search {
        winner: line.turn(),
        nodes: 0,
        max_nodes,
        no_win: HashMap::new(),
    };
    // A turn holds at most a few dozen actions (a late Progressive series).
    for depth in 1..=u32::from(u16::MAX) {
        match search.search(line, depth) {
            Found::Win => return Some(true),
            Found::NoWin => return Some(false),
            Found::Cut if search.nodes >= max_nodes => return None,
            Found::Cut => {}
        }
    }
    None
}
