//! The engine session in the middle and its doors beside it: jobs' events as plain
//! data (`JobEvent`: an id, a kind, a `final` flag), the UCI codec borrowing an engine
//! session its owner also calls directly, one spelling of the status, and the wasm
//! door's typed path kept off the UCI codec.

use alfiere::api::Game;
use alfiere::engine::{
    AnalysisJob, EngineSession, EventKind, EventValue, Job, JobEvent, JobReporter, OptionChange,
    SearchJob, Status,
};
use alfiere::search::Limits;
use alfiere::uci::{self, Control, UciCodec};
use alfiere::Variant;
use std::path::Path;

/// Runs the session's job to its end; returns its events as data.
fn run_as_data(engine: &mut EngineSession, id: u32) -> Vec<JobEvent> {
    let mut reporter = JobReporter::new(id, engine.game());
    let mut events = Vec::new();
    engine.run(&|| 0, &mut |e| {
        events.push(reporter.event(e).expect("an answer"))
    });
    events
}

#[test]
fn a_searchs_events_are_data_with_its_id_and_only_the_answer_final() {
    let mut engine = EngineSession::new();
    engine.set_position_moves(None, &["e4", "e5"]).unwrap();
    engine
        .start(Job::Search(SearchJob::new(Limits::depth(3))))
        .unwrap();
    let events = run_as_data(&mut engine, 41);
    assert!(events.len() >= 4, "{events:?}");
    assert!(events.iter().all(|e| e.id == 41));
    let (answer, infos) = events.split_last().unwrap();
    assert!(answer.last && answer.kind == EventKind::Best);
    assert!(infos.iter().all(|e| !e.last && e.kind == EventKind::Info));
    let EventValue::Best(report) = &answer.value else {
        panic!("{answer:?}")
    };
    assert_eq!(report.depth, 3);
    // The plain form every door hands on: `{id, kind, final, value}`.
    let json = serde_json::to_value(answer).unwrap();
    assert_eq!(json["id"], 41);
    assert_eq!(json["kind"], "best");
    assert_eq!(json["final"], true);
    assert_eq!(json["value"]["bestmove"], report.bestmove.as_str());
    let info = serde_json::to_value(&infos[0]).unwrap();
    assert_eq!(
        (info["kind"].as_str(), info["final"].as_bool()),
        (Some("info"), Some(false))
    );
    assert_eq!(info["value"]["depth"], 1);
}

#[test]
fn a_games_analysis_reports_progress_then_its_final_answer_as_data() {
    let game = marseillais_after_two_turns();
    let mut engine = EngineSession::new();
    engine
        .start(Job::Analysis(AnalysisJob {
            game,
            limits: Limits::nodes(300),
        }))
        .unwrap();
    let events = run_as_data(&mut engine, 7);
    let (answer, progress) = events.split_last().unwrap();
    assert!(
        answer.last && answer.kind == EventKind::Analysis,
        "{answer:?}"
    );
    assert!(!progress.is_empty());
    assert!(progress
        .iter()
        .all(|e| !e.last && e.kind == EventKind::Progress && e.id == 7));
    let json = serde_json::to_value(answer).unwrap();
    assert_eq!(json["value"]["report"]["variant"], "marseillais");
    assert!(json["value"]["pgn"].as_str().unwrap().contains("[Variant"));
    let step = serde_json::to_value(&progress[0]).unwrap();
    assert_eq!(step["value"]["total"], progress.len());
}

/// A Game that plays `line` (packed) from the position `engine` searched: the line as
/// data takes no notation to replay.
fn replayed(position: &Game, actions: &[u32]) -> Game {
    let mut game = position.clone();
    for &code in actions {
        game.play_packed(code).unwrap();
    }
    game
}

#[test]
fn a_searchs_lines_come_as_data_packed_actions_and_verbose_moves() {
    // Marseillais after one turn: two actions a turn, so the line's turns show in it.
    let mut engine = EngineSession::new();
    engine
        .set_option(OptionChange::Variant(Variant::Marseillais))
        .unwrap();
    engine.set_position_moves(None, &["e4", "d4"]).unwrap();
    let position = engine.game().clone();
    engine
        .start(Job::Search(SearchJob::new(Limits::depth(3))))
        .unwrap();
    let events = run_as_data(&mut engine, 3);
    let infos: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.value {
            EventValue::Info(info) => Some(info),
            _ => None,
        })
        .collect();
    assert!(!infos.is_empty());
    for info in infos {
        assert!(!info.pv.is_empty());
        // One action per UCI token, the same actions three ways.
        assert_eq!(info.actions.len(), info.pv.len(), "{info:?}");
        assert_eq!(info.moves.len(), info.pv.len());
        let lans: Vec<&str> = info.moves.iter().map(|m| m.lan.as_str()).collect();
        assert_eq!(lans, info.pv);
        let played = replayed(&position, &info.actions);
        let history = played.history();
        let sans: Vec<&str> = history[2..].iter().map(|m| m.san.as_str()).collect();
        assert_eq!(
            sans,
            info.moves
                .iter()
                .map(|m| m.san.as_str())
                .collect::<Vec<_>>()
        );
        // Black acts twice, then White: the turns are in the moves.
        assert_eq!(info.moves[0].color, alfiere::types::Color::Black);
        assert!(!info.moves[0].ends_turn);
        if info.moves.len() > 1 {
            assert!(info.moves[1].ends_turn);
        }
    }
    let json = serde_json::to_value(&events[0]).unwrap();
    assert!(json["value"]["actions"][0].is_u64());
    assert_eq!(json["value"]["moves"][0]["color"], "b");
    assert!(json["value"]["moves"][0]["san"].is_string());
}

#[test]
fn an_analysiss_best_lines_come_as_data_with_their_first_turn_described() {
    let game = marseillais_after_two_turns();
    let mut engine = EngineSession::new();
    engine
        .start(Job::Analysis(AnalysisJob {
            game: game.clone(),
            limits: Limits::nodes(300),
        }))
        .unwrap();
    let events = run_as_data(&mut engine, 9);
    let EventValue::Analysis(result) = &events.last().unwrap().value else {
        panic!("{:?}", events.last())
    };
    let mut checked = 0;
    for ply in &result.report.plies {
        let Some(best) = &ply.best else { continue };
        let mut before = game.clone();
        while before.record().plies() > ply.ply {
            before.undo();
        }
        assert_eq!(best.actions.len(), best.pv.len());
        let played = replayed(&before, &best.actions);
        let uci: Vec<String> = played.history()[ply.ply..]
            .iter()
            .map(|m| m.lan.clone())
            .collect();
        assert_eq!(uci, best.pv);
        // The first turn: up to the action that ends it, as verbose moves.
        let turn: Vec<&str> = best.turn.iter().map(|m| m.san.as_str()).collect();
        let ends = best.turn.iter().position(|m| m.ends_turn);
        // (A line cut short may end inside its first turn.)
        let whole = best.turn.len() == best.pv.len();
        assert!(
            ends == Some(best.turn.len() - 1) || (ends.is_none() && whole),
            "{turn:?}"
        );
        assert_eq!(turn, best.pv_san[..turn.len()]);
        checked += 1;
    }
    assert!(checked >= 2);
}

#[test]
fn a_search_with_no_legal_action_ends_with_a_refused_answer() {
    let mut engine = EngineSession::new();
    engine
        .set_position_moves(None, &["f3", "e5", "g4", "Qh4#"])
        .unwrap();
    engine
        .start(Job::Search(SearchJob::new(Limits::depth(2))))
        .unwrap();
    let mut reporter = JobReporter::new(1, engine.game());
    let mut answers = Vec::new();
    engine.run(&|| 0, &mut |e| answers.push(reporter.event(e)));
    let error = answers.pop().unwrap().unwrap_err();
    assert_eq!(error.kind, alfiere::api::ApiErrorKind::GameOver);
}

#[test]
fn the_uci_codec_borrows_an_engine_session_its_owner_also_calls() {
    let mut engine = EngineSession::new();
    let mut codec = UciCodec::new();
    let mut out = Vec::new();
    // A typed call, then raw lines on the same session: one rule set, one position.
    engine
        .set_option(OptionChange::Variant(Variant::RacingKings))
        .unwrap();
    codec.handle_line(&mut engine, "position startpos moves h2h3", &mut |l| {
        out.push(l.to_string())
    });
    assert_eq!(engine.game().history_uci(), ["h2h3"]);
    assert_eq!(
        codec.handle_line(&mut engine, "go depth 2", &mut |l| out.push(l.to_string())),
        Control::Continue
    );
    assert_eq!(engine.status(), Status::Running);
    assert_eq!(uci::status_of(&engine), uci::Status::Running);
    // A typed job is refused while the raw one runs; the codec then ends it.
    assert!(engine
        .start(Job::Search(SearchJob::new(Limits::depth(1))))
        .is_err());
    codec.run_search(&mut engine, &|| 0, &mut |l| out.push(l.to_string()));
    let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
    let mut game = Game::start(Variant::RacingKings);
    game.play_text("h2h3").unwrap();
    assert!(game.play_text(best).is_ok(), "{out:?}");
    // A raw option change is the session's, seen by the typed door.
    codec.handle_line(&mut engine, "setoption name MultiPV value 3", &mut |_| {});
    assert_eq!(engine.options().multipv, 3);
    assert_eq!(engine.status(), Status::Idle);
}

/// The code of a source file (line comments dropped).
fn code_of(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_wasm_session_owns_the_engine_session_and_prints_no_uci_on_its_typed_path() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let session = code_of(&src.join("wasm/session.rs"));
    for name in [
        "UciSession",
        "format_event",
        "format_info",
        "format_bestmove",
    ] {
        assert!(!session.contains(name), "src/wasm/session.rs names {name}");
    }
    assert!(session.contains("engine: EngineSession"));
    // The engine is below its doors: nothing in src/engine reaches into the UCI codec.
    for entry in std::fs::read_dir(src.join("engine")).unwrap() {
        let path = entry.unwrap().path();
        assert!(
            !code_of(&path).contains("crate::uci"),
            "{} uses the UCI codec",
            path.display()
        );
    }
}

/// A Marseillais game after `1. e4,d4 e5,d5`.
fn marseillais_after_two_turns() -> Game {
    let mut game = Game::start(Variant::Marseillais);
    for m in ["e4", "d4", "e5", "d5"] {
        game.play_text(m).unwrap();
    }
    game
}
