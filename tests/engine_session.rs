//! The typed engine session (`alfiere::engine`) on its own and against its UCI codec:
//! the same search through both doors, the same refusals with the same messages, a
//! game's packed line, jobs refused while another runs, and the search report's shape.

use alfiere::api::{ApiErrorKind, Game};
use alfiere::engine::{
    AnalysisJob, EngineSession, Event, Job, OptionChange, OptionValue, SearchJob, SearchReporter,
    Status,
};
use alfiere::search::Limits;
use alfiere::uci::{format_event, UciSession};
use alfiere::Variant;

/// Runs the session's job to its end; returns its events.
fn run(engine: &mut EngineSession) -> Vec<Event> {
    let mut events = Vec::new();
    engine.run(&|| 0, &mut |e| events.push(e));
    events
}

fn uci(session: &mut UciSession, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    session.handle_line(line, &mut |l| out.push(l.to_string()));
    session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
    out
}

#[test]
fn a_search_says_the_same_through_both_doors() {
    for (variant, moves) in [
        (Variant::Chess, vec!["e4", "e5", "Nf3"]),
        (Variant::Marseillais, vec!["e4", "d4"]),
        (Variant::Alice, vec![]),
    ] {
        let mut engine = EngineSession::with_seed(7);
        engine.set_option(OptionChange::Variant(variant)).unwrap();
        engine.set_option(OptionChange::MultiPv(2)).unwrap();
        engine.set_position_moves(None, &moves).unwrap();
        let tokens = engine.game().history_uci().join(" ");
        engine
            .start(Job::Search(SearchJob::new(Limits::depth(4))))
            .unwrap();
        let typed: Vec<String> = run(&mut engine)
            .iter()
            .map(|e| format_event(e, Variant::Chess))
            .collect();

        let mut session = UciSession::with_seed(7);
        uci(
            &mut session,
            &format!("setoption name UCI_Variant value {}", variant.id()),
        );
        uci(&mut session, "setoption name MultiPV value 2");
        uci(&mut session, &format!("position startpos moves {tokens}"));
        let lines = uci(&mut session, "go depth 4");
        assert_eq!(typed, lines, "{variant}");
        assert!(lines.last().unwrap().starts_with("bestmove "));
    }
}

#[test]
fn refusals_carry_the_same_message_in_both_doors_and_change_nothing() {
    let cases = [
        ("Hash", "0", ApiErrorKind::InvalidArgument),
        ("MultiPV", "65", ApiErrorKind::InvalidArgument),
        ("Skill Level", "x", ApiErrorKind::InvalidArgument),
        ("UCI_LimitStrength", "maybe", ApiErrorKind::InvalidArgument),
        ("Nonsense", "1", ApiErrorKind::InvalidArgument),
        ("UCI_Variant", "shogi", ApiErrorKind::UnknownVariant),
    ];
    for (name, value, kind) in cases {
        let error = OptionChange::parse(name, Some(value)).unwrap_err();
        assert_eq!(error.kind, kind, "{name}");
        let mut session = UciSession::new();
        let out = uci(
            &mut session,
            &format!("setoption name {name} value {value}"),
        );
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(
            out[0].starts_with(&format!("info string {}", error.message)),
            "{out:?} vs {}",
            error.message
        );
        assert_eq!(session.options(), EngineSession::new().options());
        assert_eq!(session.variant(), Variant::Chess);
    }
}

#[test]
fn a_bad_position_is_refused_with_its_kind_and_the_old_one_stays() {
    let mut engine = EngineSession::new();
    engine.set_position_moves(None, &["d4"]).unwrap();
    let before = engine.game().fen();
    let kind = |r: Result<(), alfiere::api::ApiError>| r.unwrap_err().kind;
    assert_eq!(
        kind(engine.set_position_moves(Some("not a fen"), &[])),
        ApiErrorKind::InvalidFen
    );
    assert_eq!(
        kind(engine.set_position_moves(None, &["e4", "e4"])),
        ApiErrorKind::IllegalMove
    );
    assert_eq!(
        kind(engine.set_position_moves(None, &["f3", "e5", "g4", "Qh4#", "a3"])),
        ApiErrorKind::GameOver
    );
    assert_eq!(
        kind(engine.set_position(Game::start(Variant::RacingKings))),
        ApiErrorKind::InvalidArgument
    );
    assert_eq!(engine.game().fen(), before);
}

#[test]
fn a_games_packed_line_gives_the_same_position_and_repetitions() {
    let mut game = Game::start(Variant::Chess);
    for mv in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        game.play_text(mv).unwrap();
    }
    let (fen, actions) = game.packed_line();
    let mut engine = EngineSession::new();
    engine
        .set_position_packed(Variant::Chess, &fen, &actions)
        .unwrap();
    assert_eq!(engine.game().fen(), game.fen());
    assert_eq!(engine.game().history_uci(), game.history_uci());
    // A code that names no legal action, or another rule set, is refused.
    let mut wrong = actions.clone();
    wrong.push(1);
    let error = engine
        .set_position_packed(Variant::Chess, &fen, &wrong)
        .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::IllegalMove);
    let error = engine
        .set_position_packed(Variant::Alice, &fen, &actions)
        .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::InvalidArgument);
    assert_eq!(engine.game().fen(), game.fen());
}

#[test]
fn while_a_job_runs_other_jobs_and_settings_wait_and_stop_answers() {
    let mut engine = EngineSession::new();
    let infinite = Limits {
        infinite: true,
        ..Limits::default()
    };
    engine.start(Job::Search(SearchJob::new(infinite))).unwrap();
    assert!(!engine.job_is_finite());
    let busy = engine.start(Job::Search(SearchJob::new(Limits::depth(1))));
    assert_eq!(busy.unwrap_err().kind, ApiErrorKind::InvalidArgument);
    assert!(engine.set_option(OptionChange::Hash(1)).is_err());
    assert!(engine.new_game().is_err());
    let mut events = Vec::new();
    assert_eq!(
        engine.step(2000, &|| 0, &mut |e| events.push(e)),
        Status::Running
    );
    engine.stop(&mut |e| events.push(e));
    assert_eq!(engine.status(), Status::Idle);
    let Some(Event::BestAction {
        best: Some(best), ..
    }) = events.last()
    else {
        panic!("no answer: {events:?}");
    };
    assert!(Game::start(Variant::Chess)
        .record()
        .legal_actions()
        .contains(best));
    assert!(engine.set_option(OptionChange::Hash(1)).is_ok());
}

#[test]
fn the_search_report_has_the_shape_the_js_engine_hands_out() {
    let mut engine = EngineSession::new();
    engine.set_position_moves(None, &["e4"]).unwrap();
    engine
        .start(Job::Search(SearchJob {
            limits: Limits::depth(3),
            multipv: Some(3),
        }))
        .unwrap();
    let mut reporter = SearchReporter::new(engine.game());
    let mut report = None;
    for event in run(&mut engine) {
        if let Some(done) = reporter.event(&event) {
            report = Some(done.unwrap());
        }
    }
    let report = serde_json::to_value(report.unwrap()).unwrap();
    let keys: Vec<&str> = report
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut keys = keys;
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "bestmove", "depth", "lines", "nodes", "nps", "ponder", "pv", "score", "seldepth",
            "time"
        ]
    );
    let lines = report["lines"].as_array().unwrap();
    assert_eq!(
        lines
            .iter()
            .map(|l| l["multipv"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert_eq!(report["pv"][0], report["bestmove"]);
    assert!(report["score"].get("cp").is_some() || report["score"].get("mate").is_some());
    // The option itself is untouched by a job's own multipv.
    assert_eq!(engine.options().multipv, 1);
    // No legal action: the report is a GameOver error.
    let mut mated = EngineSession::new();
    mated
        .set_position_moves(None, &["f3", "e5", "g4", "Qh4#"])
        .unwrap();
    mated
        .start(Job::Search(SearchJob::new(Limits::depth(2))))
        .unwrap();
    let mut reporter = SearchReporter::new(mated.game());
    let error = run(&mut mated)
        .iter()
        .find_map(|e| reporter.event(e))
        .unwrap()
        .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::GameOver);
}

#[test]
fn a_games_analysis_is_a_job_with_progress_and_a_report() {
    let mut game = Game::new("alice", None).unwrap();
    for m in ["e4", "d5", "Bb5", "c6"] {
        game.play_text(m).unwrap();
    }
    let mut engine = EngineSession::new();
    let before = engine.game().fen();
    let job = AnalysisJob {
        game: game.clone(),
        limits: Limits::nodes(3000),
    };
    engine.start(Job::Analysis(job.clone())).unwrap();
    // Another job waits for it.
    assert!(engine
        .start(Job::Search(SearchJob::new(Limits::depth(2))))
        .is_err());
    let events = run(&mut engine);
    let progress: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::Progress(p) => Some(p.done),
            _ => None,
        })
        .collect();
    assert_eq!(progress, [1, 2, 3, 4, 5]);
    let Some(Event::Analysis { report, pgn, .. }) = events.last() else {
        panic!("{:?}", events.last());
    };
    assert!(report.complete);
    assert_eq!(report.variant, "alice");
    assert_eq!(report.plies.len(), 4);
    assert!(
        pgn.contains("[%eval ") && pgn.contains("[Variant \"Alice\"]"),
        "{pgn}"
    );
    // The session's own position is not the job's.
    assert_eq!(engine.game().fen(), before);
    assert_eq!(engine.status(), Status::Idle);
    assert_eq!(
        format_event(events.last().unwrap(), Variant::Chess),
        "info string analysis done of 4 actions"
    );

    // Stopped: the analysed tail only.
    engine.start(Job::Analysis(job)).unwrap();
    let mut first = Vec::new();
    engine.step(500, &|| 0, &mut |e| first.push(e));
    let mut rest = Vec::new();
    engine.stop(&mut |e| rest.push(e));
    let Some(Event::Analysis { report, .. }) = rest.last() else {
        panic!("{rest:?}");
    };
    assert!(!report.complete);
    assert_eq!(engine.status(), Status::Idle);
}

#[test]
fn an_analysis_with_bad_limits_is_refused_and_changes_nothing() {
    let mut engine = EngineSession::new();
    let job = AnalysisJob {
        game: Game::new("chess", None).unwrap(),
        limits: Limits::default(),
    };
    let err = engine.start(Job::Analysis(job)).unwrap_err();
    assert_eq!(err.kind, ApiErrorKind::InvalidArgument);
    assert_eq!(engine.status(), Status::Idle);
    engine
        .start(Job::Search(SearchJob::new(Limits::depth(2))))
        .unwrap();
}

/// The report of `game`'s analysis by `engine` at `nodes` per position.
fn analysis_report(engine: &mut EngineSession, game: &Game, nodes: u64) -> String {
    engine
        .start(Job::Analysis(AnalysisJob {
            game: game.clone(),
            limits: Limits::nodes(nodes),
        }))
        .unwrap();
    let events = run(engine);
    let Some(Event::Analysis { report, .. }) = events.last() else {
        panic!("{:?}", events.last());
    };
    serde_json::to_string(report.as_ref()).unwrap()
}

#[test]
fn a_games_analysis_does_not_depend_on_what_the_session_searched_before() {
    // The page analyses a game on the engine that played it (its table full of that
    // game's searches) or on one that only imported it: the same report either way.
    let mut game = Game::new("marseillais", None).unwrap();
    for m in [
        "e4", "Qh5", "Nf6", "Nxh5", "d4", "Nc3", "e6", "Bb4", "Bd2", "a3",
    ] {
        game.play_text(m).unwrap();
    }
    let fresh = analysis_report(&mut EngineSession::new(), &game, 4000);
    let mut played = EngineSession::new();
    played
        .set_option(OptionChange::Variant(Variant::Marseillais))
        .unwrap();
    for moves in [&["e2e4"][..], &["e2e4", "d2d4", "g8f6"][..]] {
        played.set_position_moves(None, moves).unwrap();
        played
            .start(Job::Search(SearchJob::new(Limits::nodes(60_000))))
            .unwrap();
        run(&mut played);
    }
    // And an analysis of another game in between.
    let mut other = Game::new("marseillais", None).unwrap();
    other.play_text("d4").unwrap();
    other.play_text("d5").unwrap();
    analysis_report(&mut played, &other, 3000);
    assert_eq!(analysis_report(&mut played, &game, 4000), fresh);
}

#[test]
fn the_options_are_reported_under_their_uci_names_from_either_door() {
    use OptionValue::{Flag, Number, Text};
    let mut session = UciSession::new();
    let engine = session.engine_mut();
    let set = |engine: &mut EngineSession, name: &str, value: &str| {
        OptionChange::parse(name, Some(value)).and_then(|change| engine.set_option(change))
    };
    set(engine, "uci_variant", "chess").unwrap();
    set(engine, "UCI_Chess960", "true").unwrap();
    set(engine, "multipv", "3").unwrap();
    set(engine, "EvalFile", "<none>").unwrap();
    // A refused value is not reported.
    assert!(set(engine, "UCI_Elo", "99").is_err());
    uci(&mut session, "setoption name Skill Level value 4");
    let values = session.engine().option_values();
    assert_eq!(
        values,
        [
            ("UCI_Variant", Text("chess")),
            ("UCI_Chess960", Flag(true)),
            ("UCI_AnalyseMode", Flag(false)),
            ("Hash", Number(16)),
            ("Threads", Number(1)),
            ("MultiPV", Number(3)),
            ("Skill Level", Number(4)),
            ("UCI_LimitStrength", Flag(false)),
            ("UCI_Elo", Number(1500)),
            ("EvalFile", Text("<none>")),
        ]
    );
    // Each name and value is one the options read back.
    for (name, value) in values {
        let text = match value {
            Text(text) => text.to_string(),
            Number(n) => n.to_string(),
            Flag(on) => on.to_string(),
        };
        assert!(
            OptionChange::parse(name, Some(&text)).is_ok(),
            "{name} {text}"
        );
    }
    assert_eq!(session.variant(), Variant::Chess960);
}
