//! Game analysis (`alfiere::analysis`): marks and accuracy on real searches, the
//! annotated PGN's round trip in every rule set, multi-action turns judged as turns,
//! stopping, and refused input.

use alfiere::analysis::{
    analyse, annotate, evals_in_notes, notes_analysis, AnalysisStep, Eval, GameAnalysis, Mark,
};
use alfiere::api::{ApiErrorKind, Game};
use alfiere::search::{Limits, NoClock, SearchOptions, TranspositionTable};
use alfiere::Variant;

mod common;
use common::random_api_game;

fn played(variant: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(variant, None).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    game
}

#[test]
fn a_hung_queen_is_a_blunder_and_the_sound_moves_are_not_marked() {
    // 3. Qxf7+?? gives the queen away for a pawn (3... Kxf7).
    let game = played("chess", &["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7"]);
    let report = analyse(&game, Limits::depth(7), SearchOptions::default()).unwrap();
    assert_eq!(report.plies.len(), 6);
    assert_eq!(report.plies[4].class, Some(Mark::Blunder));
    assert_eq!(report.plies[5].class, None, "taking the queen is right");
    assert_eq!(report.plies[1].class, None);
    assert_eq!(report.counts.white.blunder, 1);
    assert_eq!(report.counts.black.blunder, 0);
    let (w, b) = (
        report.accuracy.white.unwrap(),
        report.accuracy.black.unwrap(),
    );
    assert!(w < b, "white {w} black {b}");
    // After Kxf7 Black is a queen up: White's view strongly negative.
    match report.plies[5].eval.unwrap() {
        Eval::Cp(cp) => assert!(cp < -500, "{cp}"),
        other => panic!("{other:?}"),
    }
    let best = report.plies[4].best.as_ref().unwrap();
    assert_ne!(best.uci, "h5f7");
    assert_eq!(best.pv[0], best.uci);
}

#[test]
fn a_forced_move_is_never_marked() {
    // After 2. Qh5+ the king has no square and only g6 blocks: the only legal reply,
    // unmarked even though it loses material to 3. Qxg6+.
    let game = played("chess", &["e4", "f5", "Qh5+", "g6"]);
    let report = analyse(&game, Limits::depth(6), SearchOptions::default()).unwrap();
    assert!(report.plies[3].forced);
    assert_eq!(report.plies[3].class, None);
}

#[test]
fn the_same_budget_gives_the_same_report() {
    let game = random_api_game(Variant::Chess, 16, 7);
    let a = analyse(&game, Limits::nodes(3000), SearchOptions::default()).unwrap();
    let b = analyse(&game, Limits::nodes(3000), SearchOptions::default()).unwrap();
    assert_eq!(a, b);
    assert!(a.complete);
}

#[test]
fn annotated_pgn_round_trips_in_every_rule_set() {
    for (i, variant) in Variant::ALL.iter().enumerate() {
        let mut game = random_api_game(*variant, 14, 11 + i as u64);
        let report = analyse(&game, Limits::nodes(2500), SearchOptions::default()).unwrap();
        annotate(&mut game, &report).unwrap();
        let pgn = game.pgn(&[]);
        let mut back = Game::start(*variant);
        back.load_pgn(&pgn)
            .unwrap_or_else(|e| panic!("{variant}: {e}\n{pgn}"));
        assert_eq!(back.history_uci(), game.history_uci(), "{variant}");
        let evals = evals_in_notes(&back);
        // A turn's evaluation is written after its last action.
        let expected: Vec<Option<Eval>> = std::iter::once(report.start)
            .chain(report.plies.iter().map(|p| p.eval.filter(|_| p.ends_turn)))
            .map(|e| e.filter(|e| e.pgn_value().is_some()))
            .collect();
        assert_eq!(evals, expected, "{variant}\n{pgn}");
        // Writing the reloaded game gives the same text: NAGs and variations too.
        assert_eq!(back.pgn(&[]), pgn, "{variant}");
    }
}

#[test]
fn multi_action_turns_are_judged_once_per_turn() {
    for variant in [
        Variant::Marseillais,
        Variant::ProgressiveScottish,
        Variant::Avalanche,
    ] {
        let game = random_api_game(variant, 24, 3);
        let report = analyse(&game, Limits::nodes(2000), SearchOptions::default()).unwrap();
        let mut marked_turns = std::collections::HashMap::new();
        for p in &report.plies {
            if p.class.is_some() {
                *marked_turns.entry(p.turn).or_insert(0) += 1;
            }
        }
        assert!(
            marked_turns.values().all(|n| *n == 1),
            "{variant}: {marked_turns:?}"
        );
        let turns = report.plies.last().unwrap().turn + 1;
        assert!(
            turns < report.plies.len(),
            "{variant}: turns of several actions"
        );
        // A turn's plies are consecutive and of one colour.
        for pair in report.plies.windows(2) {
            assert!(pair[1].turn == pair[0].turn || pair[1].turn == pair[0].turn + 1);
            if pair[1].turn == pair[0].turn {
                assert_eq!(pair[1].color, pair[0].color);
            }
        }
    }
}

#[test]
fn a_stopped_analysis_keeps_the_analysed_tail() {
    let game = random_api_game(Variant::Chess, 20, 5);
    let mut job = GameAnalysis::new(
        &game,
        Limits::nodes(4000),
        SearchOptions::default(),
        TranspositionTable::new(4),
    )
    .unwrap();
    let mut steps = 0;
    let report = loop {
        steps += 1;
        if steps == 40 {
            job.stop();
        }
        if let AnalysisStep::Done(report) = job.step(500, &NoClock) {
            break report;
        }
    };
    assert!(!report.complete);
    let analysed: Vec<bool> = report.plies.iter().map(|p| p.eval.is_some()).collect();
    // Analysed from the end: a tail of evaluations, nothing before it.
    let first = analysed.iter().position(|a| *a).expect("some analysed");
    assert!(
        first > 0 && analysed[first..].iter().all(|a| *a),
        "{analysed:?}"
    );
}

#[test]
fn bad_limits_and_foreign_reports_are_refused() {
    let game = played("chess", &["e4", "e5"]);
    let table = || TranspositionTable::new(1);
    for limits in [
        Limits::default(),
        Limits {
            infinite: true,
            ..Limits::depth(3)
        },
    ] {
        let err = GameAnalysis::new(&game, limits, SearchOptions::default(), table())
            .err()
            .unwrap();
        assert_eq!(err.kind, ApiErrorKind::InvalidArgument);
    }
    let report = analyse(&game, Limits::depth(3), SearchOptions::default()).unwrap();
    let mut other = played("chess", &["d4", "d5"]);
    let before = other.pgn(&[]);
    assert_eq!(
        annotate(&mut other, &report).unwrap_err().kind,
        ApiErrorKind::InvalidArgument
    );
    assert_eq!(other.pgn(&[]), before);
    let mut alice = played("alice", &["e4", "e5"]);
    assert!(annotate(&mut alice, &report).is_err());
}

#[test]
fn annotating_twice_replaces_the_evaluations() {
    let mut game = played("chess", &["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7"]);
    let report = analyse(&game, Limits::depth(5), SearchOptions::default()).unwrap();
    annotate(&mut game, &report).unwrap();
    let once = game.pgn(&[]);
    annotate(&mut game, &report).unwrap();
    assert_eq!(game.pgn(&[]), once);
    assert_eq!(once.matches("[%eval").count(), 7);
}

#[test]
fn an_annotated_pgn_gives_back_its_marks_counts_and_accuracy() {
    for (variant, moves) in [
        (
            "chess",
            &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"][..],
        ),
        ("chess", &["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7"][..]),
    ] {
        let mut game = played(variant, moves);
        let report = analyse(&game, Limits::depth(6), SearchOptions::default()).unwrap();
        annotate(&mut game, &report).unwrap();
        let mut back = Game::start(Variant::Chess);
        back.load_pgn(&game.pgn(&[])).unwrap();
        let notes = notes_analysis(&back);
        assert_eq!(notes.counts, report.counts);
        assert_eq!(notes.accuracy, report.accuracy, "{moves:?}");
        let marks: Vec<Option<Mark>> = report.plies.iter().map(|p| p.class).collect();
        assert_eq!(notes.marks, marks);
        assert_eq!(notes.evals.len(), moves.len() + 1);
    }
    // A game without notes has nothing to show.
    let bare = notes_analysis(&played("chess", &["e4"]));
    assert!(bare.is_empty());
    assert_eq!(bare.accuracy.white, None);
}

#[test]
fn a_mistake_or_a_blunder_is_searched_again_deeper_before_it_is_marked() {
    // 3. Qxf7+?? gives the queen away, and 2. Qh5?! is an inaccuracy: the two
    // positions of each are searched again with four times the budget; the other
    // positions once.
    let game = played("chess", &["e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7"]);
    let budget = 20_000;
    let report = analyse(&game, Limits::nodes(budget), SearchOptions::default()).unwrap();
    assert_eq!(report.plies[4].class, Some(Mark::Blunder));
    assert_eq!(report.plies[2].class, Some(Mark::Inaccuracy));
    let marked = report.plies.iter().filter(|p| p.class.is_some()).count();
    assert_eq!(marked, 2, "{:?}", report.plies);
    // Seven positions searched once, four of them again with 4x the nodes.
    let first_pass = 7 * budget;
    let deeper = 4 * 4 * budget;
    assert!(
        report.nodes >= first_pass + deeper * 9 / 10,
        "{} nodes",
        report.nodes
    );
    assert!(
        report.nodes <= (first_pass + deeper) * 11 / 10,
        "{} nodes",
        report.nodes
    );
}

#[test]
fn a_turns_mark_sits_on_its_last_action_in_the_report_the_pgn_and_read_back() {
    // Issue 53: live `5. Ke2?!,g4`, exported `5. Ke2,g4 $6`, read back on g4. One rule
    // (docs/analysis.md): the mark of a multi-action turn goes on its last action.
    let marseillais = played(
        "marseillais",
        &[
            "e4", "Qh5", "Nf6", "Nxh5", "d4", "Nc3", "e6", "Bb4", "Bd2", "a3",
        ],
    );
    let games = [
        marseillais,
        random_api_game(Variant::ProgressiveScottish, 24, 3),
        random_api_game(Variant::Avalanche, 24, 3),
        random_api_game(Variant::MarseillaisBalanced, 24, 5),
    ];
    let mut mid_turn_decisions = 0;
    for mut game in games {
        let variant = game.variant();
        let report = analyse(&game, Limits::nodes(4000), SearchOptions::default()).unwrap();
        let marks: Vec<Option<Mark>> = report.plies.iter().map(|p| p.class).collect();
        assert!(marks.iter().any(Option::is_some), "{variant}: some mark");
        for p in report.plies.iter().filter(|p| p.class.is_some()) {
            assert!(
                p.ends_turn,
                "{variant}: the mark of turn {} on {}",
                p.turn, p.san
            );
            mid_turn_decisions += usize::from(p.ply > 0 && report.plies[p.ply - 1].turn == p.turn);
        }
        annotate(&mut game, &report).unwrap();
        let pgn = game.pgn(&[]);
        let mut back = Game::start(variant);
        back.load_pgn(&pgn).unwrap();
        assert_eq!(notes_analysis(&back).marks, marks, "{variant}\n{pgn}");
        // The verdict names the engine's whole better turn, as the page does.
        for p in report.plies.iter().filter(|p| p.class.is_some()) {
            let first = report.plies.iter().find(|q| q.turn == p.turn).unwrap();
            let mut walker = game.clone();
            while walker.record().plies() > first.ply {
                walker.undo();
            }
            let mut sans = Vec::new();
            for token in &first.best.as_ref().unwrap().pv {
                let info = walker.play_text(token).unwrap();
                sans.push(info.san);
                if info.ends_turn {
                    break;
                }
            }
            let words = format!("{} was best.", sans.join(", "));
            let text = pgn.split_whitespace().collect::<Vec<_>>().join(" "); // lines wrap
            assert!(text.contains(&words), "{variant}: “{words}” in\n{pgn}");
        }
    }
    assert!(
        mid_turn_decisions > 0,
        "some marked turn has several actions"
    );
}
