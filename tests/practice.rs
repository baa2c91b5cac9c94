//! "Practice your mistakes", the engine's side: the practice job judges a turn tried
//! from the position before an analysed decision as the analysis judges a played one
//! (the positions before and after searched with the same budget, the analysis's
//! verdict rule): a sound move is accepted, a blunder refused with the engine's better
//! turn, a multi-action turn judged whole, and a bad request refused.

use alfiere::analysis::TurnJudgement;
use alfiere::api::{ApiErrorKind, Game};
use alfiere::engine::{EngineSession, Event, Job, PracticeJob};
use alfiere::search::Limits;
use alfiere::Variant;

fn played(variant: &str, moves: &[&str]) -> Game {
    let mut game = Game::new(variant, None).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    game
}

/// Runs a practice job to its end through the engine session; its answer.
fn judged(game: Game, from: Option<usize>, nodes: u64) -> TurnJudgement {
    let mut engine = EngineSession::new();
    engine
        .start(Job::Practice(PracticeJob {
            game,
            from,
            limits: Limits::nodes(nodes),
        }))
        .unwrap();
    let mut events = Vec::new();
    engine.run(&|| 0, &mut |e| events.push(e));
    assert_eq!(events.len(), 1, "one answer: {events:?}");
    let Some(Event::Judgement { judgement, .. }) = events.pop() else {
        panic!("not a judgement");
    };
    assert!(!engine.is_busy());
    *judgement
}

const OPENING: [&str; 4] = ["e4", "e5", "Qh5", "Nc6"];

#[test]
fn a_sound_move_is_accepted() {
    let mut moves = OPENING.to_vec();
    moves.push("Bc4");
    let j = judged(played("chess", &moves), None, 20_000);
    assert!(j.complete && j.accepted, "{j:?}");
    assert_eq!((j.mark, j.cause), (None, None));
    assert_eq!(j.san, ["Bc4"]);
    assert_eq!(j.uci, ["f1c4"]);
    assert_eq!(j.mover, alfiere::Color::White);
    assert!(j.before.is_some() && j.after.is_some() && j.win_before.is_some());
    assert_eq!(j.best_turn.len(), 1);
    assert_eq!(j.best.as_ref().unwrap().san, j.best_turn[0]);
}

#[test]
fn a_hung_queen_is_refused_with_the_better_move() {
    let mut moves = OPENING.to_vec();
    moves.push("Qxf7+");
    let j = judged(played("chess", &moves), None, 20_000);
    assert!(j.complete && !j.accepted, "{j:?}");
    assert_eq!(j.mark.map(|m| m.glyph()), Some("??"));
    assert!(j.win_after.unwrap() < j.win_before.unwrap() - 15.0);
    assert_ne!(j.best_turn, ["Qxf7+"]);
    // Where the analysis marks the same move.
    let report = alfiere::analysis::analyse(
        &played("chess", &moves),
        Limits::nodes(20_000),
        Default::default(),
    )
    .unwrap();
    assert_eq!(report.plies[4].class, j.mark);
}

#[test]
fn the_engines_own_best_turn_is_accepted() {
    let mut moves = OPENING.to_vec();
    moves.push("Qxf7+");
    let refused = judged(played("chess", &moves), None, 20_000);
    let mut best = OPENING.to_vec();
    best.extend(refused.best_turn.iter().map(String::as_str));
    let j = judged(played("chess", &best), None, 20_000);
    assert!(j.accepted, "{j:?}");
}

#[test]
fn a_multi_action_turn_is_judged_whole() {
    // Marseillais: White's first turn f3, g4 lets Black mate in one turn (e5, Qh4#);
    // the judgement is of the two actions together, from the start position.
    let j = judged(played("marseillais", &["f3", "g4"]), None, 20_000);
    assert_eq!(j.san, ["f3", "g4"]);
    assert!(j.complete && !j.accepted, "{j:?}");
    assert_eq!(j.mark.map(|m| m.glyph()), Some("??"));
    assert_eq!(j.cause, Some(alfiere::analysis::Cause::AllowedMate));
    // The better turn is a whole turn too: two actions, accepted when played (not a
    // fixed opening turn: what the engine thinks of one moves with its search).
    assert_eq!(j.best_turn.len(), 2, "{:?}", j.best_turn);
    let best: Vec<&str> = j.best_turn.iter().map(String::as_str).collect();
    let j = judged(played("marseillais", &best), Some(0), 20_000);
    assert!(j.accepted, "{j:?}");
    assert_eq!(j.san, best);
}

#[test]
fn alice_and_chessgi_turns_are_judged() {
    let j = judged(played("alice", &["e4", "d5", "Bb5"]), None, 5_000);
    assert!(j.complete, "{j:?}");
    assert_eq!(j.san, ["Bb5"]);
    let j = judged(played("chessgi", &["e4", "d5", "exd5"]), None, 5_000);
    assert!(j.complete && j.best_turn.len() == 1, "{j:?}");
}

#[test]
fn bad_requests_are_refused_and_the_session_stays_idle() {
    let mut engine = EngineSession::new();
    let cases = [
        // No turn at all.
        (played("chess", &[]), None, Limits::nodes(100)),
        // Half a Marseillais turn.
        (
            played("marseillais", &["e4", "d4", "e5"]),
            None,
            Limits::nodes(100),
        ),
        // From the middle of the last turn.
        (
            played("marseillais", &["e4", "d4", "e5", "d5"]),
            Some(3),
            Limits::nodes(100),
        ),
        // No budget.
        (played("chess", &["e4"]), None, Limits::default()),
    ];
    for (game, from, limits) in cases {
        let error = engine
            .start(Job::Practice(PracticeJob { game, from, limits }))
            .unwrap_err();
        assert_eq!(
            error.kind,
            ApiErrorKind::InvalidArgument,
            "{}",
            error.message
        );
        assert!(!engine.is_busy());
    }
    assert_eq!(engine.variant(), Variant::Chess);
}

#[test]
fn a_stopped_judgement_accepts_nothing() {
    let mut engine = EngineSession::new();
    engine
        .start(Job::Practice(PracticeJob {
            game: played("chess", &["e4", "e5", "Nf3"]),
            from: None,
            limits: Limits::nodes(5_000_000),
        }))
        .unwrap();
    let mut events = Vec::new();
    engine.step(1000, &|| 0, &mut |e| events.push(e));
    engine.stop(&mut |e| events.push(e));
    let Some(Event::Judgement { judgement, .. }) = events.pop() else {
        panic!("not a judgement: {events:?}");
    };
    assert!(!judgement.complete && !judgement.accepted && judgement.mark.is_none());
}

#[test]
fn a_turn_that_ends_the_game_needs_no_search_after_it() {
    let j = judged(played("chess", &["f3", "e5", "g4", "Qh4#"]), None, 5_000);
    assert!(j.accepted, "{j:?}");
    assert_eq!(j.after, Some(alfiere::analysis::Eval::Result("0-1")));
}

#[test]
fn every_rule_set_judges_its_whole_turns() {
    for (n, variant) in Variant::ALL.into_iter().enumerate() {
        // A few turns chosen by a fixed sequence, so the game is the same every run.
        let mut game = Game::start(variant);
        let mut seed = 17 + n;
        let mut turns = 0;
        while turns < 5 && game.outcome().is_none() {
            let moves = game.legal_moves();
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345) % (1 << 31);
            let info = game.play_text(&moves[seed % moves.len()]).unwrap();
            turns += usize::from(info.ends_turn);
        }
        let history = game.history();
        let last_turn = history
            .iter()
            .rev()
            .skip(1)
            .take_while(|m| !m.ends_turn)
            .count()
            + 1;
        let j = judged(game, None, 3_000);
        assert!(j.complete, "{variant}: {j:?}");
        assert_eq!(j.san.len(), last_turn, "{variant}: the whole last turn");
        assert_eq!(j.mover, history.last().unwrap().color, "{variant}");
        assert!(!j.best_turn.is_empty(), "{variant}: {j:?}");
        assert_eq!(j.accepted, j.mark.is_none(), "{variant}");
    }
}
