//! The search engine: mates found with their exact scores in every rule set (checked
//! against a brute-force solver), legal best actions in random positions of every
//! rule set under tiny budgets, sliced searches equal to unsliced ones, MultiPV,
//! the table's memory bound, draws inside the search, weakened levels, a few
//! tactical sanity checks, time control through the native layer (`movetime`,
//! `stop`), and the bench signature through the `alfiere` binary.

mod common;

use alfiere::eval::nnue::Networks;
use alfiere::notation::uci::{action_to_uci, parse_action};
use alfiere::search::bench::{self, build_position};
use alfiere::search::{
    position_key, Limits, NoClock, Progress, Score, Search, SearchOptions, SearchResult, Strength,
    TranspositionTable,
};
use alfiere::uci::UciSession;
use alfiere::{with_variant, Action, ActionList, Chess, Color, Position, Square, Variant};
use common::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Whether `attacker` can force a win from `pos` within `plies` actions, by brute
/// force over every legal action (the rules' `outcome()` decides who won).
fn wins_within<G: Position>(pos: &G, attacker: Color, plies: u32) -> bool {
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    if list.is_empty() {
        return pos.outcome().and_then(|o| o.winner) == Some(attacker);
    }
    if plies == 0 {
        return false;
    }
    let child_wins = |a: &Action| {
        let mut child = pos.clone();
        child.play_unchecked(a);
        wins_within(&child, attacker, plies - 1)
    };
    if pos.turn() == attacker {
        list.iter().any(child_wins)
    } else {
        list.iter().all(child_wins)
    }
}

/// The fewest actions in which the side to act forces a win, up to `max`.
fn forced_win_distance<G: Position>(pos: &G, max: u32) -> Option<u32> {
    (1..=max).find(|&d| wins_within(pos, pos.turn(), d))
}

/// Whether turns of the rule set may have several actions (mates then count actions).
fn multi_action(variant: Variant) -> bool {
    alfiere::search::policy(variant).multi_action
}

/// The reported mate score for a win in `actions` actions.
fn mate_score(variant: Variant, actions: u32) -> Score {
    let n = if multi_action(variant) {
        actions
    } else {
        actions.div_ceil(2)
    };
    Score::Mate(n as i32)
}

fn search<G: Position>(pos: &G, limits: Limits) -> SearchResult {
    let mut s = Search::<G>::new(TranspositionTable::new(4));
    s.start(pos.clone(), limits);
    s.run(&NoClock, &mut |_| {})
}

fn tokens(actions: &[Action]) -> String {
    actions
        .iter()
        .map(action_to_uci)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Asserts that a result's best action and whole PV are legal from `pos`.
fn assert_legal_result<G: Position>(pos: &G, result: &SearchResult, context: &str) {
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    match result.best {
        None => assert!(
            list.is_empty(),
            "no best action but legal ones exist: {context}"
        ),
        Some(best) => {
            assert!(
                pos.is_legal(&best),
                "illegal best action {best:?}: {context}"
            );
            assert_eq!(
                result.pv.first(),
                Some(&best),
                "PV does not start with best: {context}"
            );
        }
    }
    let mut line = pos.clone();
    for action in &result.pv {
        assert!(
            line.is_legal(action),
            "illegal PV action {} in {}: {context}",
            action_to_uci(action),
            tokens(&result.pv)
        );
        line.play_unchecked(action);
    }
}

// ---------------------------------------------------------------------------
// Mates
// ---------------------------------------------------------------------------

/// Hand-built positions with a forced win in the given number of actions (checked
/// by brute force in the test): mates in 1, 2 and 3 moves in one-action rule sets,
/// wins in 1 to 5 actions in multi-action ones, and the rule sets' own wins (Racing
/// Kings' goal, Avalanche's winning promotion choice).
const MATES: &[(Variant, &str, u32)] = &[
    (Variant::Chess, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
    (
        Variant::Chess,
        "2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1",
        3,
    ),
    (Variant::Chess, "k7/8/8/8/2K5/8/8/1Q6 w - - 0 1", 5),
    (Variant::Chess, "7k/8/8/4K3/8/8/8/R7 w - - 0 1", 5),
    // Chess960: castling mates, long (king b1 to c1, rook a1 to d1) and short with the
    // king staying on g1 (only the rook moves), and a back-rank mate in two.
    (Variant::Chess960, "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1", 1),
    (Variant::Chess960, "4rkr1/4p1p1/8/8/8/8/8/6KR w H - 0 1", 1),
    (
        Variant::Chess960,
        "2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1",
        3,
    ),
    (Variant::ChessGi, "k7/8/1K6/8/8/8/8/8[Q] w - - 0 1", 1),
    (Variant::ChessGi, "k7/8/2K5/8/8/8/8/8[R] w - - 0 1", 3),
    (Variant::ChessGi, "k7/8/8/3K4/8/8/8/8[R] w - - 0 1", 5),
    (Variant::RacingKings, "8/6K1/8/8/8/8/k7/8 w - - 0 1", 1),
    (Variant::RacingKings, "8/8/6K1/8/8/8/k7/8 w - - 0 1", 3),
    (Variant::RacingKings, "8/8/8/6K1/8/8/k7/8 w - - 0 1", 5),
    (Variant::Alice, "startpos moves e2e4 d7d5 f1e2 d5e4", 1),
    (Variant::Alice, "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1", 3),
    (Variant::Alice, "k7/8/2K5/8/8/8/8/7|R w - - 0 1", 5),
    (
        Variant::Billiards,
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        1,
    ),
    (
        Variant::Billiards,
        "2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1",
        3,
    ),
    (Variant::Billiards, "k7/8/8/3K4/8/8/8/7R w - - 0 1", 5),
    (
        Variant::ProgressiveScottish,
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        1,
    ),
    (
        Variant::ProgressiveScottish,
        "k7/8/2K5/8/8/8/8/7R w - - 0 2",
        2,
    ),
    (
        Variant::ProgressiveScottish,
        "k7/8/8/3K4/8/8/8/7R w - - 0 2",
        3,
    ),
    (
        Variant::ProgressiveItalian,
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        1,
    ),
    (
        Variant::ProgressiveItalian,
        "k7/8/2K5/8/8/8/8/7R w - - 0 2",
        3,
    ),
    (
        Variant::Marseillais,
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        1,
    ),
    (Variant::Marseillais, "k7/8/2K5/8/8/8/8/7R w - - 0 1", 2),
    (Variant::Marseillais, "k7/8/8/3K4/8/8/8/7R w - - 0 5", 5),
    (
        Variant::MarseillaisBalanced,
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        1,
    ),
    (
        Variant::MarseillaisBalanced,
        "k7/8/2K5/8/8/8/8/7R w - - 0 2",
        2,
    ),
    (
        Variant::MarseillaisBalanced,
        "k7/8/8/3K4/8/8/8/7R w - - 0 2",
        5,
    ),
    (Variant::Avalanche, "4k3/8/8/8/8/8/4K3/3p4 b - - 0 1", 1),
    (Variant::Avalanche, "k7/8/2K5/8/8/8/8/7R w - - 0 1", 3),
    (Variant::Avalanche, "k7/p7/2K5/8/8/8/8/7R w - - 0 1", 5),
];

/// Extra iterations beyond the mate's length: pruning and reductions may hide a
/// quiet mating line for a few plies.
const MATE_DEPTH_MARGIN: u32 = 4;

fn check_mate<G: Position>(variant: Variant, text: &str, actions: u32) {
    let pos: G = build_position(text).unwrap_or_else(|e| panic!("{variant} {text}: {e}"));
    assert_eq!(
        forced_win_distance(&pos, actions),
        Some(actions),
        "{variant} {text}: not a forced win in exactly {actions} actions"
    );
    let result = search(&pos, Limits::depth(actions + MATE_DEPTH_MARGIN));
    let context = format!("{variant} {text}: pv {}", tokens(&result.pv));
    assert_legal_result(&pos, &result, &context);
    assert_eq!(result.score, mate_score(variant, actions), "{context}");
    let mut child = pos.clone();
    child.play_unchecked(&result.best.unwrap());
    assert!(
        wins_within(&child, pos.turn(), actions - 1),
        "the best action does not keep the win: {context}"
    );
    // The loser sees its loss too, one action later (in one-action rule sets).
    if actions > 1 && !multi_action(variant) {
        let defence = search(&child, Limits::depth(actions + MATE_DEPTH_MARGIN));
        assert_eq!(
            defence.score,
            Score::Mate(-((actions as i32 - 1) / 2)),
            "{context}: the defender's view"
        );
    }
}

#[test]
fn mates_are_found_with_exact_scores_in_every_rule_set() {
    for variant in Variant::ALL {
        let cases: Vec<_> = MATES.iter().filter(|(v, _, _)| *v == variant).collect();
        assert!(
            cases.len() >= 2,
            "{variant}: add mate positions for this rule set"
        );
        for (_, text, actions) in cases {
            with_variant!(variant, G => check_mate::<G>(variant, text, *actions));
        }
    }
}

/// Random games of every rule set: wherever one action wins at once, a shallow
/// search reports a mate in 1 and plays a winning action.
fn random_wins_in_one<G: Position>(variant: Variant) -> usize {
    let mut rng = Rng::new(0x51ed ^ variant as u64);
    let mut found = 0;
    for _ in 0..60 {
        let mut pos = G::start();
        for _ in 0..160 {
            let mut list = ActionList::new();
            pos.legal_actions(&mut list);
            if list.is_empty() {
                break;
            }
            let winning: Vec<Action> = list
                .iter()
                .copied()
                .filter(|a| {
                    let mut child = pos.clone();
                    child.play_unchecked(a);
                    child.count_legal_actions() == 0
                        && child.outcome().and_then(|o| o.winner) == Some(pos.turn())
                })
                .collect();
            if !winning.is_empty() {
                let result = search(&pos, Limits::depth(2));
                let context = format!("{variant} {}", alfiere::notation::fen::write_fen(&pos));
                assert_eq!(result.score, Score::Mate(1), "{context}");
                assert!(winning.contains(&result.best.unwrap()), "{context}");
                found += 1;
            }
            let action = list[rng.below(list.len())];
            pos.play_unchecked(&action);
        }
    }
    found
}

#[test]
fn immediate_wins_in_random_games_are_taken() {
    for variant in Variant::ALL {
        let found = with_variant!(variant, G => random_wins_in_one::<G>(variant));
        assert!(found > 0, "{variant}: no immediate win met in random games");
    }
}

/// Racing Kings: a king's step onto rank 8 ends the race, so the horizon must not
/// judge it by the static score. Black blocks the rook's rank with c7c8 and wins on
/// the next turn (Kb7-a8 or -b8). Three plies see it if the side facing that step
/// gets no stand-pat and the step is searched below the horizon; with the network
/// as with the hand-written evaluation (before, the network's search found it at
/// depth 13: its static score does not know that the race is won).
#[test]
fn a_king_race_finish_is_searched_below_the_horizon() {
    let pos: alfiere::RacingKings =
        build_position("7R/1kr5/5K2/3b4/2B5/6r1/5Q2/8 b - - 18 28").unwrap();
    for networks in [Networks::none(), Networks::built_in()] {
        let mut s = Search::new(TranspositionTable::new(4));
        s.set_options(SearchOptions {
            networks: networks.clone(),
            ..SearchOptions::default()
        });
        s.start(pos.clone(), Limits::depth(3));
        let result = s.run(&NoClock, &mut |_| {});
        let context = format!(
            "with the network: {}, pv {}",
            networks != Networks::none(),
            tokens(&result.pv)
        );
        assert_eq!(result.score, Score::Mate(2), "{context}");
        assert_eq!(action_to_uci(&result.best.unwrap()), "c7c8", "{context}");
    }
}

/// In Marseillais, "attack, then take" within one turn is seen at the horizon: after
/// `1. e3,Qf3 c6,e6 2. Nc3,Bd3`, a two-action search for Black must not answer
/// `Qh4,d5`, which loses the queen to `g3,gxh4` (a quiet action, then a capture:
/// before quiescence tried quiet threats, depth 2 chose exactly that turn).
#[test]
fn a_two_action_threat_is_seen_below_the_horizon() {
    let pos: alfiere::variants::marseillais::Marseillais =
        build_position("startpos moves e2e3 d1f3 c7c6 e7e6 b1c3 f1d3").unwrap();
    let result = search(&pos, Limits::depth(2));
    let line = tokens(&result.pv);
    assert!(!line.starts_with("d8h4"), "pv {line}");
    // And from White's side, the threat is the answer to that turn.
    let after: alfiere::variants::marseillais::Marseillais =
        build_position("startpos moves e2e3 d1f3 c7c6 e7e6 b1c3 f1d3 d8h4 d7d5").unwrap();
    let result = search(&after, Limits::depth(1));
    assert!(
        matches!(result.score, Score::Cp(cp) if cp >= 500),
        "score {:?}, pv {}",
        result.score,
        tokens(&result.pv)
    );
}

// ---------------------------------------------------------------------------
// Legality under tiny budgets, and slicing
// ---------------------------------------------------------------------------

/// Searches random positions of a random game with tiny, varied budgets: node
/// limits, depth limits run in small slices, a stop before the first iteration.
fn legal_under_tiny_budgets<G: Position>(variant: Variant) -> usize {
    let mut rng = Rng::new(0xb0d9e7 ^ variant as u64);
    let mut table = TranspositionTable::new(1);
    let mut checked = 0;
    for game in 0..6 {
        let mut pos = G::start();
        for ply in 0..80 {
            let mut list = ActionList::new();
            pos.legal_actions(&mut list);
            if (ply + game) % 3 == 0 || list.is_empty() {
                let mut s = Search::<G>::new(table);
                let limits = match rng.below(3) {
                    0 => Limits::nodes(1 + rng.below(300) as u64),
                    1 => Limits::depth(1 + rng.below(3) as u32),
                    _ => Limits::default(),
                };
                let infinite = limits == Limits::default();
                s.start(pos.clone(), limits);
                if infinite {
                    // Stopped before anything was searched: the first legal action.
                    s.stop();
                }
                let result = loop {
                    let budget = 1 + rng.below(200) as u64;
                    if let Progress::Done(r) = s.step(budget, &NoClock, &mut |_| {}) {
                        break r;
                    }
                };
                let context = format!(
                    "{variant} game {game} ply {ply}: {}",
                    alfiere::notation::fen::write_fen(&pos)
                );
                assert_legal_result(&pos, &result, &context);
                table = s.into_table();
                checked += 1;
            }
            if list.is_empty() {
                break;
            }
            let action = list[rng.below(list.len())];
            pos.play_unchecked(&action);
        }
    }
    checked
}

#[test]
fn best_actions_are_legal_in_random_positions_of_every_rule_set() {
    for variant in Variant::ALL {
        let checked = with_variant!(variant, G => legal_under_tiny_budgets::<G>(variant));
        assert!(checked > 30, "{variant}: only {checked} positions");
    }
}

/// A search run in slices of random sizes gives exactly the result of one run.
fn sliced_equals_whole<G: Position>(variant: Variant, text: &str, depth: u32, seed: u64) {
    let pos: G = build_position(text).unwrap();
    let mut whole_infos = Vec::new();
    let mut s = Search::<G>::new(TranspositionTable::new(2));
    s.start(pos.clone(), Limits::depth(depth));
    let whole = s.run(&NoClock, &mut |i| whole_infos.push(i.clone()));

    let mut rng = Rng::new(seed);
    let mut sliced_infos = Vec::new();
    let mut s = Search::<G>::new(TranspositionTable::new(2));
    s.start(pos.clone(), Limits::depth(depth));
    let mut steps = 0;
    let sliced = loop {
        steps += 1;
        let budget = 1 + rng.below(if steps % 2 == 0 { 7 } else { 400 }) as u64;
        if let Progress::Done(r) = s.step(budget, &NoClock, &mut |i| sliced_infos.push(i.clone())) {
            break r;
        }
    };
    let context = format!("{variant} {text} depth {depth}");
    assert!(
        steps > 3 || whole.nodes < 1000,
        "{context}: too few slices ({steps})"
    );
    assert_legal_result(&pos, &sliced, &context);
    assert_eq!(sliced, whole, "{context}");
    assert_eq!(sliced_infos, whole_infos, "{context}");
}

#[test]
fn slicing_gives_the_same_result_as_one_run() {
    for variant in Variant::ALL {
        let depth = bench::depth(variant).saturating_sub(3).max(3);
        for (i, text) in bench::positions(variant).iter().enumerate() {
            with_variant!(variant, G =>
                sliced_equals_whole::<G>(variant, text, depth, 17 + i as u64));
        }
    }
    // Orthodox chess at the bench's full depth as well, deep enough for ProbCut and
    // singular extensions (from depth 5 and 8) to pause and resume.
    let depth = bench::depth(Variant::Chess);
    for (i, text) in bench::positions(Variant::Chess).iter().enumerate() {
        sliced_equals_whole::<Chess>(Variant::Chess, text, depth, 41 + i as u64);
    }
}

#[test]
fn a_stopped_search_plays_a_sensible_first_action() {
    // Stopped before any iteration: the queen capture is ordered first.
    let pos: Chess =
        build_position("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1").unwrap();
    let mut s = Search::<Chess>::new(TranspositionTable::new(1));
    s.start(pos.clone(), Limits::default());
    s.stop();
    let Progress::Done(result) = s.step(1000, &NoClock, &mut |_| {}) else {
        panic!("a stopped search goes on");
    };
    assert_eq!(result.nodes, 0);
    assert_eq!(action_to_uci(&result.best.unwrap()), "f3h4");
    // No legal action: no best action, and the score says why.
    let mated: Chess = build_position("startpos moves f2f3 e7e5 g2g4 d8h4").unwrap();
    let result = search(&mated, Limits::depth(3));
    assert_eq!(result.best, None);
    assert_eq!(result.score, Score::Mate(0));
}

// ---------------------------------------------------------------------------
// MultiPV, table memory, draws, strength
// ---------------------------------------------------------------------------

fn score_key(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::Mate(n) => -1_000_000 - i64::from(n),
    }
}

#[test]
fn multipv_lines_are_distinct_and_ordered() {
    for (variant, text) in [
        (
            Variant::Chess,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            Variant::ChessGi,
            "startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
        ),
        (Variant::Marseillais, "startpos moves e2e4 d2d4"),
    ] {
        with_variant!(variant, G => {
            let pos: G = build_position(text).unwrap();
            let mut s = Search::<G>::new(TranspositionTable::new(4));
            s.set_options(SearchOptions { multipv: 4, ..SearchOptions::default() });
            s.start(pos.clone(), Limits::depth(4));
            let mut infos = Vec::new();
            let result = s.run(&NoClock, &mut |i| infos.push(i.clone()));
            assert_eq!(result.lines.len(), 4, "{variant}");
            for depth in 1..=4 {
                let lines: Vec<_> = infos.iter().filter(|i| i.depth == depth).collect();
                assert_eq!(
                    lines.iter().map(|i| i.multipv).collect::<Vec<_>>(),
                    vec![1, 2, 3, 4],
                    "{variant} depth {depth}"
                );
                let mut firsts: Vec<Action> = lines.iter().map(|i| i.pv[0]).collect();
                for pair in lines.windows(2) {
                    assert!(score_key(pair[0].score) >= score_key(pair[1].score), "{variant} depth {depth}: {pair:?}");
                }
                firsts.sort_by_key(action_to_uci);
                firsts.dedup();
                assert_eq!(firsts.len(), 4, "{variant} depth {depth}: lines not distinct");
            }
            for line in &result.lines {
                assert!(pos.is_legal(&line.action));
            }
            assert_eq!(result.best, Some(result.lines[0].action));
        });
    }
}

#[test]
fn table_memory_is_bounded_by_hash() {
    for mb in [1, 2, 5] {
        let table = TranspositionTable::new(mb);
        let bytes = table.memory_bytes();
        assert!(bytes <= mb << 20, "{mb} MiB: {bytes} bytes");
        assert_eq!(bytes, TranspositionTable::bytes_for(mb));
        let mut s = Search::<Chess>::new(table);
        s.start(
            build_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap(),
            Limits::nodes(200_000),
        );
        let mut hashfull = 0;
        s.run(&NoClock, &mut |i| hashfull = i.hashfull);
        assert!(hashfull <= 1000);
        assert_eq!(s.table().memory_bytes(), bytes, "the table grew");
    }
    // Through the UCI options.
    let mut session = UciSession::new();
    let mut out = Vec::new();
    session.handle_line("setoption name Hash value 1", &mut |l| {
        out.push(l.to_string())
    });
    session.handle_line("go nodes 5000", &mut |l| out.push(l.to_string()));
    session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    assert_eq!(
        session.table_bytes(),
        Some(TranspositionTable::bytes_for(1))
    );
    assert!(session.table_bytes().unwrap() <= 1 << 20);
}

#[test]
fn fifty_move_rule_and_repetitions_draw_inside_the_search() {
    // Queen against king without a mate in one: winning, unless the 50-move rule
    // ends the game after the next action.
    let fresh: Chess = build_position("k7/8/8/8/8/8/8/KQ6 w - - 0 80").unwrap();
    let late: Chess = build_position("k7/8/8/8/8/8/8/KQ6 w - - 99 80").unwrap();
    assert_eq!(forced_win_distance(&late, 1), None);
    match search(&fresh, Limits::depth(4)).score {
        Score::Cp(cp) => assert!(cp > 500, "{cp}"),
        Score::Mate(n) => assert!(n > 0),
    }
    assert_eq!(search(&late, Limits::depth(4)).score, Score::Cp(0));

    // Every action leads back to an earlier position of the game: a draw.
    let mut list = ActionList::new();
    fresh.legal_actions(&mut list);
    let history: Vec<u64> = list
        .iter()
        .map(|a| {
            let mut child = fresh.clone();
            child.play_unchecked(a);
            position_key(&child)
        })
        .collect();
    let mut s = Search::<Chess>::new(TranspositionTable::new(1));
    s.start_with_history(fresh.clone(), &history, Limits::depth(4));
    assert_eq!(s.run(&NoClock, &mut |_| {}).score, Score::Cp(0));

    // Through UCI: the history of `position ... moves` reaches the search. Black,
    // a rook down, can only hope for the repetition its knight move offers.
    let mut session = UciSession::new();
    let mut out = Vec::new();
    session.handle_line(
        "position fen 4k1n1/8/8/8/8/8/8/R3K1N1 w - - 0 1 moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1",
        &mut |l| out.push(l.to_string()),
    );
    assert!(out.is_empty(), "{out:?}");
    session.handle_line("go depth 3", &mut |l| out.push(l.to_string()));
    session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
    assert_eq!(out.last().unwrap(), "bestmove f6g8", "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("info depth 3 ") && l.contains(" score cp 0 ")),
        "{out:?}"
    );
}

#[test]
fn weakened_levels_play_legal_plausible_moves() {
    let free_queen: Chess =
        build_position("rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1").unwrap();
    let mut choices = std::collections::BTreeSet::new();
    for seed in 0..24 {
        for (level, pos) in [
            (0, Chess::start()),
            (0, free_queen.clone()),
            (10, Chess::start()),
        ] {
            let mut s = Search::<Chess>::new(TranspositionTable::new(1));
            s.set_options(SearchOptions {
                multipv: 1,
                strength: Strength::from_level(level),
                seed,
                ..SearchOptions::default()
            });
            s.start(pos.clone(), Limits::default());
            let result = s.run(&NoClock, &mut |_| {});
            let best = result.best.unwrap();
            assert!(pos.is_legal(&best));
            // Small searches: the node cap of the level (quiescence may overshoot
            // by a little).
            let cap = Strength::from_level(level).max_nodes().unwrap();
            assert!(
                result.nodes <= cap + 64,
                "level {level}: {} nodes",
                result.nodes
            );
            if pos == free_queen {
                // Never a blunder: the free queen is always taken.
                assert_eq!(action_to_uci(&best), "f3h4", "seed {seed}");
            } else if level == 0 {
                choices.insert(action_to_uci(&best));
            }
        }
    }
    // Not always the same move at the start: some variety.
    assert!(choices.len() >= 2, "{choices:?}");
    // The Elo option maps onto levels.
    assert!(Strength::from_elo(400).level() < 1.0);
    assert!(!Strength::from_elo(2850).is_weakened());
}

// ---------------------------------------------------------------------------
// Self-play
// ---------------------------------------------------------------------------

/// A game of the engine against itself from the start, with small searches; every
/// action must be legal and the game must stay consistent until it ends or the
/// action limit.
fn self_play<G: Position>(variant: Variant, actions: usize) -> (usize, Option<alfiere::Outcome>) {
    let record = common::selfplay::self_play(G::start(), 1500, actions, |pos, result| {
        let context = format!(
            "{variant} self-play: {}",
            alfiere::notation::fen::write_fen(pos)
        );
        assert_legal_result(pos, result, &context);
    });
    (record.len(), record.outcome())
}

#[test]
fn self_play_games_stay_legal_in_every_rule_set() {
    for variant in Variant::ALL {
        let (played, outcome) = with_variant!(variant, G => self_play::<G>(variant, 60));
        assert!(
            played >= 10 || outcome.is_some(),
            "{variant}: {played} actions"
        );
    }
}

// ---------------------------------------------------------------------------
// Sanity: material is not given away
// ---------------------------------------------------------------------------

#[test]
fn attacked_pieces_are_saved_and_free_material_is_taken() {
    let cases: [(&str, &[&str]); 4] = [
        // The black queen on d4 is attacked by a pawn and a knight: it must move.
        (
            "rnb1kbnr/pppp1ppp/8/4p3/3qP3/2P2N2/PP1P1PPP/RNBQKB1R b KQkq - 0 1",
            &["d4"],
        ),
        // A free queen.
        (
            "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
            &["f3"],
        ),
        // The knight on f6 is attacked by a pawn: it moves, or Qe7 pins the pawn
        // to the king.
        (
            "rnbqkb1r/pppp1ppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            &["f6", "d8"],
        ),
        // A rook hangs to a bishop: take it.
        ("4k3/8/8/8/8/2r5/8/B3K3 w - - 0 1", &["a1"]),
    ];
    for (fen, froms) in cases {
        let pos: Chess = build_position(fen).unwrap();
        let result = search(&pos, Limits::depth(6));
        let best = result.best.unwrap();
        let from = best
            .from()
            .map(|s: Square| s.to_string())
            .unwrap_or_default();
        assert!(
            froms.contains(&from.as_str()),
            "{fen}: played {}",
            action_to_uci(&best)
        );
    }
}

// ---------------------------------------------------------------------------
// Time: movetime and stop through the native layer
// ---------------------------------------------------------------------------

#[test]
fn movetime_is_respected_within_50_ms() {
    for (variant, movetime) in [("chess", 300u64), ("chessgi", 200), ("marseillais", 150)] {
        let mut session = UciSession::new();
        let mut out = Vec::new();
        session.handle_line(
            &format!("setoption name UCI_Variant value {variant}"),
            &mut |l| out.push(l.to_string()),
        );
        session.handle_line(&format!("go movetime {movetime}"), &mut |l| {
            out.push(l.to_string())
        });
        let started = Instant::now();
        let clock = || started.elapsed().as_millis() as u64;
        let mut answered = None;
        session.run_search(&clock, &mut |l| {
            if l.starts_with("bestmove") {
                answered = Some(started.elapsed());
            }
            out.push(l.to_string());
        });
        let elapsed = answered.expect("bestmove").as_millis() as u64;
        assert!(
            elapsed <= movetime + 50 && elapsed + 50 >= movetime,
            "{variant}: movetime {movetime} answered after {elapsed} ms"
        );
        let last_info = out
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap();
        assert!(last_info.contains(" pv "), "{last_info}");
    }
}

#[test]
fn stop_ends_go_infinite_promptly() {
    let mut session = UciSession::new();
    session.handle_line("position startpos moves e2e4", &mut |_| {});
    session.handle_line("go infinite", &mut |_| {});
    assert!(session.is_busy() && !session.job_is_finite());
    let started = Instant::now();
    let clock = || started.elapsed().as_millis() as u64;
    let mut early = Vec::new();
    while started.elapsed() < Duration::from_millis(300) {
        session.step(alfiere::uci::NODES_PER_STEP, &clock, &mut |l| {
            early.push(l.to_string())
        });
    }
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:?}"
    );
    assert!(
        early.iter().any(|l| l.starts_with("info depth")),
        "{early:?}"
    );
    let stopped = Instant::now();
    let mut lines = Vec::new();
    session.handle_line("stop", &mut |l| lines.push(l.to_string()));
    assert!(
        stopped.elapsed() < Duration::from_millis(100),
        "{:?}",
        stopped.elapsed()
    );
    let best = lines.last().unwrap();
    let token = best.strip_prefix("bestmove ").unwrap();
    let pos: Chess = build_position("startpos moves e2e4").unwrap();
    assert!(parse_action(&pos, token).is_ok(), "{best}");
    assert!(!session.is_busy());
}

const BINARY: &str = env!("CARGO_BIN_EXE_alfiere");

/// The binary, with a reader thread timestamping its output lines.
struct Engine {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: mpsc::Receiver<(Instant, String)>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(BINARY)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn alfiere");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<(Instant, String)> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) => {
                    let done = line.starts_with(prefix);
                    seen.push((at, line));
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no '{prefix}' within {timeout:?}: {seen:?}"),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_binary_keeps_reading_while_searching_and_stops_promptly() {
    let mut engine = Engine::start();
    engine.send("uci");
    let handshake = engine.until("uciok", Duration::from_secs(10));
    for option in [
        "Hash",
        "MultiPV",
        "Skill Level",
        "UCI_LimitStrength",
        "UCI_Elo",
        "UCI_Variant",
    ] {
        assert!(
            handshake
                .iter()
                .any(|(_, l)| l.starts_with(&format!("option name {option} type"))),
            "{option} missing"
        );
    }
    engine.send("setoption name UCI_Variant value racingkings");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    // Still reading: isready is answered during the search.
    engine.send("isready");
    let lines = engine.until("readyok", Duration::from_secs(5));
    assert!(
        !lines.iter().any(|(_, l)| l.starts_with("bestmove")),
        "{lines:?}"
    );
    std::thread::sleep(Duration::from_millis(200));
    let stopped = Instant::now();
    engine.send("stop");
    let lines = engine.until("bestmove", Duration::from_secs(5));
    let (at, best) = lines.last().unwrap();
    assert!(
        at.duration_since(stopped) < Duration::from_millis(250),
        "{:?}",
        at.duration_since(stopped)
    );
    let pos = alfiere::RacingKings::start();
    assert!(
        parse_action(&pos, best.strip_prefix("bestmove ").unwrap()).is_ok(),
        "{best}"
    );
    // A finite search answers by itself; info lines carry every field.
    engine.send("setoption name UCI_Variant value chess");
    engine.send("position startpos moves a2a3");
    engine.send("go depth 4");
    let lines = engine.until("bestmove", Duration::from_secs(30));
    let info = lines
        .iter()
        .rev()
        .find(|(_, l)| l.starts_with("info depth 4 "))
        .unwrap_or_else(|| panic!("{lines:?}"));
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.1.contains(field), "{field} missing in {}", info.1);
    }
    engine.send("quit");
    let status = engine.child.wait().unwrap();
    assert!(status.success());
}

// ---------------------------------------------------------------------------
// The bench signature
// ---------------------------------------------------------------------------

/// The node counts of `alfiere bench`, per rule set (1 460 390 in all; every rule set
/// but Progressive with the built-in networks). They change when the search, the
/// evaluation, a network or a rule set's generator changes the tree: update them
/// then, on purpose.
const BENCH_SIGNATURE: [(Variant, u64); 11] = [
    (Variant::Chess, 106681),
    (Variant::Chess960, 74959),
    (Variant::ChessGi, 163496),
    (Variant::RacingKings, 84681),
    (Variant::Alice, 31018),
    (Variant::Billiards, 36989),
    (Variant::ProgressiveScottish, 134889),
    (Variant::ProgressiveItalian, 150889),
    (Variant::Marseillais, 213613),
    (Variant::MarseillaisBalanced, 380745),
    (Variant::Avalanche, 82430),
];

#[test]
fn bench_signature() {
    let output = Command::new(BINARY)
        .arg("bench")
        .stdin(Stdio::null())
        .output()
        .expect("run alfiere bench");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let mut by_variant = std::collections::BTreeMap::<String, u64>::new();
    for line in text.lines().filter(|l| l.starts_with("info string bench ")) {
        let rest = &line["info string bench ".len()..];
        let variant = rest.split_whitespace().next().unwrap().to_string();
        let nodes: u64 = rest
            .split(": nodes ")
            .nth(1)
            .and_then(|t| t.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        *by_variant.entry(variant).or_default() += nodes;
    }
    let total: u64 = by_variant.values().sum();
    assert!(
        text.contains(&format!("\nNodes searched: {total}\n")),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("Nodes/second: ")),
        "{text}"
    );
    let mut expected = std::collections::BTreeMap::new();
    for (variant, nodes) in BENCH_SIGNATURE {
        expected.insert(variant.id().to_string(), nodes);
    }
    assert_eq!(by_variant, expected, "bench signature changed:\n{text}");
}

/// The toggles a search type's copy of the search keeps (`possible_policy`) cover every
/// rule set searched as that type, and leave out what none of them has: quiet threats
/// are Marseillais' (classic and balanced, searched as `Marseillais` with the
/// Progressive pair), nowhere else.
#[test]
fn possible_policy_covers_the_rule_sets_searched_as_each_type() {
    for variant in Variant::ALL {
        let searched =
            with_variant!(variant, G => <<G as Position>::Searched as Position>::VARIANT);
        let own = alfiere::search::policy(variant);
        let possible = alfiere::search::possible_policy(searched);
        assert!(!own.quiet_threats || possible.quiet_threats, "{variant:?}");
        assert!(!own.king_race || possible.king_race, "{variant:?}");
        assert!(!own.null_move || possible.null_move, "{variant:?}");
        assert!(!own.see || possible.see, "{variant:?}");
        assert!(
            !own.refined_pruning || possible.refined_pruning,
            "{variant:?}"
        );
    }
    assert!(alfiere::search::possible_policy(Variant::Marseillais).quiet_threats);
    for searched in [Variant::Chess, Variant::RacingKings, Variant::Avalanche] {
        assert!(
            !alfiere::search::possible_policy(searched).quiet_threats,
            "{searched:?}"
        );
    }
}
