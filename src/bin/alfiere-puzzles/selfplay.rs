//! Seeded self-play games that make mistakes to learn from: full strength against a
//! weakened level (a different level per game), from a few random opening actions.
//! Every time the full-strength side comes to act after a weak action swung the game
//! to it, that action and the position before it are a candidate puzzle.

use alfiere::puzzles::criteria::{BEFORE_MISTAKE_AT_MOST_PERCENT, WINNING_PERCENT};
use alfiere::puzzles::probe::win_percent;
use alfiere::puzzles::themes::PuzzleRules;
use alfiere::puzzles::Mistake;
use alfiere::search::skill::SplitMix;
use alfiere::search::{
    position_key, Limits, NoClock, Search, SearchOptions, Strength, TranspositionTable,
};
use alfiere::{Action, ActionList, Color};

/// Random actions before the engines play, at least and at most.
const OPENING_ACTIONS: (usize, usize) = (2, 7);
/// The weakened side's level, at least and at most: low enough to blunder, high
/// enough that the blunders come in positions of real play.
const WEAK_LEVELS: (u32, u32) = (0, 10);
/// Actions after which a game is given up (long games rarely yield more).
const MAX_ACTIONS: usize = 300;
/// A game is over for the miner once the strong side stands this well (the
/// criteria's "winning"): a later swing would need it to lose its grip first, and
/// the strong side does not blunder, so the rest of the game yields nothing.
const DECIDED_PERCENT: f64 = WINNING_PERCENT;
/// The table of each side, in MiB.
const TABLE_MB: usize = 8;

/// Plays game `seed` and returns its candidates in order.
pub fn candidates<G: PuzzleRules>(seed: u64, play_nodes: u64) -> Vec<Mistake<G>> {
    let mut rng = SplitMix(seed);
    let mut pos = G::game_start(rng.next_u64());
    let mut list = ActionList::new();
    let opening = OPENING_ACTIONS.0 + rng.below(OPENING_ACTIONS.1 - OPENING_ACTIONS.0 + 1);
    let mut history = vec![position_key(&pos)];
    for _ in 0..opening {
        pos.legal_actions(&mut list);
        if list.is_empty() || pos.outcome().is_some() {
            return Vec::new();
        }
        let action = list[rng.below(list.len())];
        pos.play_unchecked(&action);
        history.push(position_key(&pos));
    }
    let strong = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    let level = WEAK_LEVELS.0 + rng.below((WEAK_LEVELS.1 - WEAK_LEVELS.0 + 1) as usize) as u32;
    let networks = alfiere::eval::nnue::Networks::built_in();
    let mut engines = [Color::White, Color::Black].map(|side| {
        let mut search =
            Search::<G::Searched>::for_rule_set::<G>(TranspositionTable::new(TABLE_MB));
        search.set_options(SearchOptions {
            strength: if side == strong {
                Strength::full()
            } else {
                Strength::from_level(level)
            },
            seed: rng.next_u64(),
            networks: networks.clone(),
            ..SearchOptions::default()
        });
        search
    });

    let mut found = Vec::new();
    let mut last: Option<(G, Action)> = None;
    let mut weak_turn_start = pos.clone();
    let mut strong_before: Option<f64> = None;
    for _ in 0..MAX_ACTIONS {
        if pos.outcome().is_some() {
            break;
        }
        let side = pos.turn();
        let at_turn_start = pos.turn_state().is_turn_start();
        let engine = &mut engines[side.index()];
        engine.start_with_history(
            G::Searched::from(pos.clone()),
            &history,
            Limits::nodes(play_nodes),
        );
        let result = engine.run(&NoClock, &mut |_| {});
        let Some(action) = result.best else { break };
        if side == strong && at_turn_start {
            let now = win_percent(result.score);
            if let (Some(earlier), Some((before, setup))) = (strong_before, &last) {
                if earlier <= BEFORE_MISTAKE_AT_MOST_PERCENT && now >= WINNING_PERCENT {
                    found.push(Mistake {
                        turn_start: weak_turn_start.clone(),
                        before: before.clone(),
                        setup: *setup,
                    });
                }
            }
            strong_before = Some(now);
            if now >= DECIDED_PERCENT {
                break;
            }
        }
        if side != strong && at_turn_start {
            weak_turn_start = pos.clone();
        }
        last = Some((pos.clone(), action));
        pos.play_unchecked(&action);
        history.push(position_key(&pos));
    }
    found
}
