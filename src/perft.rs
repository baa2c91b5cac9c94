//! Perft: counting the leaves of the action tree, the standard correctness check of
//! a move generator (RULES.md: every action is one ply; a finished game has no
//! legal actions; repetition and the move-count rules are not applied).
//!
//! ```
//! use alfiere::{Chess, Position, perft};
//! assert_eq!(perft::perft(&Chess::start(), 3), 8902);
//! ```

use crate::game::Position;
use crate::moves::{Action, ActionList};

/// The deepest perft the UCI `go perft` and the JS `Game.perft` accept: deeper ones
/// would run for hours (one limit for every front end).
pub const MAX_PERFT_DEPTH: u32 = 12;

/// Leaf count at `depth`, counting the last ply in bulk.
#[inline(never)]
pub fn perft<G: Position>(game: &G, depth: u32) -> u64 {
    let mut lists = vec![ActionList::new(); depth as usize];
    perft_bulk_in(game, depth, &mut lists)
}

/// Leaf count at `depth`, playing every action down to the leaves (no bulk
/// counting): measures make-move speed as well as generation.
pub fn perft_full<G: Position>(game: &G, depth: u32) -> u64 {
    let mut lists = vec![ActionList::new(); depth as usize];
    perft_full_in(game, depth, &mut lists)
}

/// One reusable action list per ply, so no node pays for a fresh list.
fn perft_bulk_in<G: Position>(game: &G, depth: u32, lists: &mut [ActionList]) -> u64 {
    match (depth, lists.split_first_mut()) {
        (0, _) | (_, None) => 1,
        (1, _) => game.count_legal_actions() as u64,
        (_, Some((list, rest))) => {
            game.legal_actions(list);
            let mut total = 0;
            for action in list.iter() {
                let mut child = game.clone();
                child.play_unchecked(action);
                total += perft_bulk_in(&child, depth - 1, rest);
            }
            total
        }
    }
}

fn perft_full_in<G: Position>(game: &G, depth: u32, lists: &mut [ActionList]) -> u64 {
    match (depth, lists.split_first_mut()) {
        (0, _) | (_, None) => 1,
        (1, Some((list, _))) => {
            // Play each leaf (kept observable so it is not optimised away) without a
            // call per leaf.
            game.legal_actions(list);
            for action in list.iter() {
                let mut child = game.clone();
                child.play_unchecked(action);
                std::hint::black_box(&child);
            }
            list.len() as u64
        }
        (_, Some((list, rest))) => {
            game.legal_actions(list);
            let mut total = 0;
            for action in list.iter() {
                let mut child = game.clone();
                child.play_unchecked(action);
                total += perft_full_in(&child, depth - 1, rest);
            }
            total
        }
    }
}

/// The perft count below each legal action (`go perft`'s divide).
pub fn divide<G: Position>(game: &G, depth: u32) -> Vec<(Action, u64)> {
    let mut list = ActionList::new();
    game.legal_actions(&mut list);
    list.iter()
        .map(|action| {
            let mut child = game.clone();
            crate::game::play_out_of_line(&mut child, action);
            (*action, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
