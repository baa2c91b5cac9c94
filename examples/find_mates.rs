//! Finds forced wins for the held mate sets (`tests/data/mates/VARIANT.txt`): plays
//! seeded games of a rule set (engine moves mixed with random ones), probes every
//! turn-start position with a short search, and keeps a position when the search
//! reports a win needing 2, 3 or 4 turns of the winner (in Progressive, whose
//! series grow a turn at a time: 2, 3 or 4 actions of the current series) and a
//! brute-force prover,
//! independent of the search, confirms the exact distance (a win within `d`
//! actions, none within `d - 1`) and that the engine's action keeps the win.
//!
//! ```text
//! cargo run --release --example find_mates -- VARIANT PER_DISTANCE SEED >> tests/data/mates/VARIANT.txt
//! ```
//!
//! Output lines: `FEN;variant;mate N;action`, with N as UCI's `score mate` reports
//! it (moves in one-action rule sets, actions in multi-action ones).

use alfiere::notation::{fen, uci};
use alfiere::search::skill::SplitMix;
use alfiere::search::{position_key, Limits, NoClock, Score, Search, TranspositionTable};
use alfiere::{with_variant, Action, ActionList, Color, Position, Variant};
use std::collections::{HashMap, HashSet};

/// Nodes the prover may visit for one candidate.
const PROVER_BUDGET: u64 = 3_000_000;

/// An exact, exhaustive AND-OR search over the rules (no evaluation, no pruning
/// beyond short-circuiting), memoised by position and actions left.
struct Prover {
    attacker: Color,
    memo: HashMap<(u64, u32), bool>,
    budget: u64,
}

impl Prover {
    /// Whether the attacker wins from `pos` within `plies` actions; `None` when the
    /// budget ran out.
    fn wins<G: Position>(&mut self, pos: &G, plies: u32) -> Option<bool> {
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let mut list = ActionList::new();
        pos.legal_actions(&mut list);
        if list.is_empty() {
            return Some(pos.outcome().and_then(|o| o.winner) == Some(self.attacker));
        }
        if plies == 0 {
            return Some(false);
        }
        let key = (position_key(pos), plies);
        if let Some(&known) = self.memo.get(&key) {
            return Some(known);
        }
        let attacking = pos.turn() == self.attacker;
        // Forcing actions first: checks and captures end searches soonest.
        let mut children: Vec<(i32, G)> = list
            .iter()
            .map(|a| {
                let mut child = pos.clone();
                child.play_unchecked(a);
                let forcing = i32::from(child.is_check()) * 2 + i32::from(a.is_capture());
                (forcing, child)
            })
            .collect();
        children.sort_by_key(|c| -c.0);
        let mut result = !attacking;
        for (_, child) in &children {
            let r = self.wins(child, plies - 1)?;
            if attacking && r {
                result = true;
                break;
            }
            if !attacking && !r {
                result = false;
                break;
            }
        }
        self.memo.insert(key, result);
        Some(result)
    }
}

/// The winner's turns among the first `actions` actions of `pv` from `pos`.
fn winner_turns<G: Position>(pos: &G, pv: &[Action], actions: usize) -> Option<u32> {
    if pv.len() < actions {
        return None;
    }
    let winner = pos.turn();
    let mut line = pos.clone();
    let mut turns = 0;
    for action in &pv[..actions] {
        if line.turn() == winner && line.turn_state().is_turn_start() {
            turns += 1;
        }
        if !line.is_legal(action) {
            return None;
        }
        line.play_unchecked(action);
    }
    Some(turns)
}

fn run<G: Position>(variant: Variant, per: usize, seed: u64) {
    let multi = alfiere::search::policy(variant).multi_action;
    let progressive = matches!(
        variant,
        Variant::ProgressiveScottish | Variant::ProgressiveItalian
    );
    let mut rng = SplitMix(seed ^ 0x6d61_7465);
    // Progressive's short series come early in the game.
    let min_ply = if progressive { 1 } else { 12 };
    let mut found = [0usize; 5];
    // Seeded games may pass through the same position: each is kept once.
    let mut seen = HashSet::new();
    let mut games = 0;
    while found[2..=4].iter().any(|&n| n < per) && games < 400 {
        games += 1;
        let mut pos = G::start();
        let mut list = ActionList::new();
        for ply in 0..240 {
            pos.legal_actions(&mut list);
            if list.is_empty() {
                break;
            }
            if ply >= min_ply && pos.turn_state().is_turn_start() {
                let mut probe = Search::<G>::new(TranspositionTable::new(8));
                probe.start(
                    pos.clone(),
                    Limits {
                        depth: Some(12),
                        nodes: Some(60_000),
                        ..Limits::default()
                    },
                );
                let result = probe.run(&NoClock, &mut |_| {});
                if let Score::Mate(n) = result.score {
                    let actions = if multi { n } else { 2 * n - 1 };
                    let turns = if n > 0 {
                        winner_turns(&pos, &result.pv, actions as usize)
                    } else {
                        None
                    };
                    // Progressive series grow by one action a turn, so a win over
                    // two turns of a mid-game series takes some 3n actions, beyond a
                    // short search: there the sets hold wins of 2 to 4 actions
                    // within the current series instead.
                    let bucket = if progressive {
                        turns.filter(|&t| t == 1).map(|_| actions as u32)
                    } else {
                        turns
                    };
                    if let Some(t) = bucket.filter(|t| (2..=4).contains(t)) {
                        let t = t as usize;
                        if found[t] < per && !seen.contains(&position_key(&pos)) {
                            let mut prover = Prover {
                                attacker: pos.turn(),
                                memo: HashMap::new(),
                                budget: PROVER_BUDGET,
                            };
                            let best = result.best.expect("a best action");
                            let mut child = pos.clone();
                            child.play_unchecked(&best);
                            let d = actions as u32;
                            let exact = prover.wins(&pos, d) == Some(true)
                                && prover.wins(&pos, d - 1) == Some(false)
                                && prover.wins(&child, d - 1) == Some(true);
                            if exact {
                                seen.insert(position_key(&pos));
                                found[t] += 1;
                                println!(
                                    "{};{};mate {};{}",
                                    fen::write_fen(&pos),
                                    variant.id(),
                                    n,
                                    uci::action_to_uci(&best)
                                );
                                eprintln!("{variant}: mate in {t} turns ({n}) after {games} games");
                            }
                        }
                    }
                    // The game is decided: start another.
                    if n.abs() <= 6 {
                        break;
                    }
                }
            }
            // Mostly engine actions (realistic positions), some random ones (variety).
            let action = if rng.next_u64() % 4 == 0 {
                list[(rng.next_u64() % list.len() as u64) as usize]
            } else {
                let mut s = Search::<G>::new(TranspositionTable::new(2));
                s.start(pos.clone(), Limits::nodes(3_000));
                s.run(&NoClock, &mut |_| {}).best.expect("an action")
            };
            pos.play_unchecked(&action);
        }
    }
    eprintln!("{variant}: {found:?} after {games} games");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant: Variant = args
        .get(1)
        .expect("usage: find_mates VARIANT PER_DISTANCE SEED")
        .parse()
        .expect("a variant id");
    let per: usize = args.get(2).map_or(4, |n| n.parse().expect("a count"));
    let seed: u64 = args.get(3).map_or(1, |n| n.parse().expect("a seed"));
    with_variant!(variant, G => run::<G>(variant, per, seed));
}
