//! Repetitions inside the search, by both rules (`alfiere::search::Repetitions`): play's
//! eager rule scores any return to an earlier position as a draw; the judge's strict
//! rule (the analysis, the puzzle probes, `UCI_AnalyseMode`) only a draw either side
//! can force. The position of issue 54 with its history, a mate whose line passes
//! positions seen once, and a real third occurrence.

use alfiere::analysis::{analyse, Eval};
use alfiere::api::Game;
use alfiere::search::bench::build_position;
use alfiere::search::{
    position_key, Limits, NoClock, Repetitions, Score, Search, SearchOptions, TranspositionTable,
};
use alfiere::uci::UciSession;
use alfiere::{ActionList, Chess, Position};

/// A game of Stockfish-limited players (issue 54): after 20. Nab1, 20... Ra8 would
/// repeat the position after 18... h6 once, and White is winning (Stockfish: +6.6).
const WON_GAME: &[&str] = &[
    "e4", "c5", "d4", "Qb6", "d5", "g6", "Nd2", "Bg7", "a4", "d6", "Ne2", "Nf6", "a5", "Qa6",
    "Nc3", "b5", "Bxb5+", "Bd7", "Bxa6", "O-O", "Bb7", "Na6", "Bxa6", "Nh5", "Qf3", "Rfb8", "Ndb1",
    "Bc8", "Bb5", "Rxb5", "h3", "Rb4", "O-O", "Ba6", "Re1", "h6", "Na3", "Re8", "Nab1",
];

fn won_game() -> Game {
    let mut game = Game::new("chess", None).unwrap();
    for san in WON_GAME {
        game.play_text(san).unwrap();
    }
    game
}

/// The UCI session's lines for `position`, then `go depth N` with `UCI_AnalyseMode`
/// on or off.
fn uci_search(position: &str, depth: u32, analyse_mode: bool) -> Vec<String> {
    let mut session = UciSession::new();
    let mut out = Vec::new();
    for line in [
        format!("setoption name UCI_AnalyseMode value {analyse_mode}"),
        position.to_string(),
        format!("go depth {depth}"),
    ] {
        session.handle_line(&line, &mut |l| out.push(l.to_string()));
    }
    session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
    out
}

/// The score of the last `info depth` line: centipawns, or a mate as ±100,000.
fn last_score(out: &[String]) -> i32 {
    let line = out
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth "))
        .unwrap_or_else(|| panic!("no info line: {out:?}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score").unwrap();
    let value: i32 = words[at + 2].parse().unwrap();
    match words[at + 1] {
        "cp" => value,
        "mate" => value.signum() * 100_000,
        other => panic!("{other} in {line}"),
    }
}

#[test]
fn a_position_seen_once_before_is_no_draw_for_the_judge() {
    let moves: Vec<String> = won_game().history().into_iter().map(|m| m.lan).collect();
    let position = format!("position startpos moves {}", moves.join(" "));
    let judged = uci_search(&position, 8, true);
    let score = last_score(&judged);
    assert!(
        score < -300,
        "Black is lost, not drawing: {score} {judged:?}"
    );
    // Play keeps the eager rule: going back to the position after 18... h6 is taken
    // for the draw it could become (docs/analysis.md, "Repetitions").
    let played = uci_search(&position, 8, false);
    assert_eq!(last_score(&played), 0, "{played:?}");
}

#[test]
fn the_analysis_does_not_mark_a_sound_move_for_an_imagined_draw() {
    let report = analyse(&won_game(), Limits::depth(8), SearchOptions::default()).unwrap();
    let last = report.plies.last().unwrap();
    assert_eq!(last.san, "Nab1");
    assert_eq!(last.class, None, "{last:?}");
    match last.eval.unwrap() {
        Eval::Cp(cp) => assert!(cp > 300, "White is winning: {cp}"),
        Eval::Mate(n) => assert!(n > 0, "{n}"),
        other => panic!("{other:?}"),
    }
}

/// Searches `pos` to `depth` with `history` before the root, by `rule`.
fn search_with(pos: &Chess, history: &[u64], depth: u32, rule: Repetitions) -> Score {
    let mut search = Search::<Chess>::new(TranspositionTable::new(4));
    search.set_options(SearchOptions {
        repetitions: rule,
        ..SearchOptions::default()
    });
    search.start_with_history(pos.clone(), history, Limits::depth(depth));
    search.run(&NoClock, &mut |_| {}).score
}

/// The keys of the positions after each legal action of `pos`.
fn children_keys(pos: &Chess) -> Vec<u64> {
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    list.iter()
        .map(|a| {
            let mut child = pos.clone();
            child.play_unchecked(a);
            position_key(&child)
        })
        .collect()
}

#[test]
fn a_mate_through_positions_seen_once_is_kept() {
    // Mates in 2 of tests/data/mates/chess.txt. Every position the winner's first
    // action can reach stood once before in the game, as after checks that went
    // back and forth: the mate is still there.
    // Their winning first actions are quiet piece moves, after which the earlier
    // positions can repeat.
    for (fen, mate) in [
        (
            "r1bqk1nr/pppp3p/3b4/4Npp1/1n6/4P3/PBPP1PPP/R2QKBNR w KQkq - 0 7",
            2,
        ),
        ("8/8/4k3/8/4K3/8/8/5rr1 b - - 2 64", 3),
    ] {
        let pos: Chess = build_position(fen).unwrap();
        let seen_once = children_keys(&pos);
        let depth = 2 * mate as u32 + 3;
        assert_eq!(
            search_with(&pos, &seen_once, depth, Repetitions::Strict),
            Score::Mate(mate),
            "{fen}"
        );
        // The eager rule gives the mate away for a draw that is not one.
        assert_ne!(
            search_with(&pos, &seen_once, depth, Repetitions::Eager),
            Score::Mate(mate),
            "{fen}"
        );
    }
}

#[test]
fn a_third_occurrence_is_a_draw_by_both_rules() {
    // Black, a rook down, can only hope for the repetition its knight move offers:
    // after these moves 6... Ng8 gives the start position for the third time.
    let twice = "position fen 4k1n1/8/8/8/8/8/8/R3K1N1 w - - 0 1 \
                 moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1";
    for analyse_mode in [true, false] {
        let out = uci_search(twice, 4, analyse_mode);
        assert_eq!(out.last().unwrap(), "bestmove f6g8", "{out:?}");
        assert_eq!(last_score(&out), 0, "{out:?}");
    }
    // Once before: the same knight move gives only a second occurrence, which the
    // judge does not score as a draw.
    let once = "position fen 4k1n1/8/8/8/8/8/8/R3K1N1 w - - 0 1 moves g1f3 g8f6 f3g1";
    let out = uci_search(once, 4, true);
    assert!(last_score(&out) < -300, "{out:?}");
}

#[test]
fn a_perpetual_check_is_a_draw_for_the_judge() {
    // Black, two rooks down, checks forever from f1, f4, c1 and e3: the checks come
    // back to positions first seen inside the search, which either side can repeat
    // again, so the judge scores the draw (a threefold needs no more).
    let pos: Chess = build_position("6k1/RR6/8/8/5q2/7P/6P1/7K b - - 0 1").unwrap();
    for rule in [Repetitions::Strict, Repetitions::Eager] {
        match search_with(&pos, &[], 12, rule) {
            Score::Cp(cp) => assert!(cp.abs() < 50, "{rule:?}: {cp}"),
            other => panic!("{rule:?}: {other:?}"),
        }
    }
}
