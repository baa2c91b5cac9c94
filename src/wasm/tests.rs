//! The wasm-bindgen classes (`Game`, `Session`) compiled to wasm32 and run by
//! wasm-bindgen-test in Node and in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --lib`, see
//! `scripts/test.d/20-wasm-bindgen-test.sh`): JS values in, JS values out, typed
//! errors, a sliced search. They live in the library because the crate's binaries do
//! not build for wasm32, and an integration test would need them.

use super::game::{legal_moves, placement, placement_hands, validate_fen, variants, Game};
use super::session::Session;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::wasm_bindgen_test;

fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

fn field(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap()
}

fn text_field(value: &JsValue, key: &str) -> String {
    field(value, key)
        .as_string()
        .unwrap_or_else(|| panic!("{key} is not a string"))
}

/// The `name` and `code` of a thrown error.
fn error_kind(error: JsValue) -> (String, String) {
    assert!(error.is_instance_of::<js_sys::Error>(), "not an Error");
    (text_field(&error, "name"), text_field(&error, "code"))
}

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &(*k).into(), v).unwrap();
    }
    o.into()
}

#[wasm_bindgen_test]
fn game_plays_san_uci_and_squares() {
    let mut game = Game::new(JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap();
    let e4 = game.play(s("e4"), JsValue::UNDEFINED).unwrap();
    assert_eq!(text_field(&e4, "san"), "e4");
    assert_eq!(text_field(&e4, "lan"), "e2e4");
    assert_eq!(text_field(&e4, "flags"), "b");
    game.play(s("e7e5"), JsValue::UNDEFINED).unwrap();
    let nf3 = game
        .play(
            object(&[("from", s("g1")), ("to", s("f3"))]),
            JsValue::UNDEFINED,
        )
        .unwrap();
    assert_eq!(text_field(&nf3, "san"), "Nf3");
    assert_eq!(game.turn(), "b");
    assert!(game.legal_moves().contains(&"b8c6".to_string()));
    let dests = js_sys::Map::from(game.dests());
    assert_eq!(Array::from(&dests.get(&s("g8"))).length(), 3);
    assert!(game.undo().is_object());
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[wasm_bindgen_test]
fn the_accept_option_names_the_problems_accepted() {
    let seventeen = s("5k2/8/3N1N2/2NBQQN1/3R1R2/2NPRPN1/3N1N2/4K3 w - - 0 1");
    let mut game = Game::new(JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap();
    let strict = game
        .load(seventeen.clone(), JsValue::UNDEFINED)
        .unwrap_err();
    assert_eq!(error_kind(strict).0, "InvalidFenError");
    let kinds: Array = [s("too-many-pieces")].into_iter().collect();
    game.load(seventeen, object(&[("accept", kinds.into())]))
        .unwrap();
    assert_eq!(game.perft(JsValue::from(2)).unwrap(), 70.0);
    let unknown: Array = [s("too-many-kings")].into_iter().collect();
    let refused = game
        .load(
            s("8/8/8/8/8/8/8/8 w - - 0 1"),
            object(&[("accept", unknown.into())]),
        )
        .unwrap_err();
    assert_eq!(error_kind(refused).0, "InvalidArgumentError");
}

#[wasm_bindgen_test]
fn errors_are_typed_and_leave_the_game_unchanged() {
    let mut game = Game::new(s("chess"), JsValue::UNDEFINED).unwrap();
    game.play(s("d4"), JsValue::UNDEFINED).unwrap();
    let fen = game.fen();
    let cases: Vec<(JsValue, &str)> = vec![
        (
            game.play(s("Ke3"), JsValue::UNDEFINED).unwrap_err(),
            "IllegalMoveError",
        ),
        (
            game.play(JsValue::NULL, JsValue::UNDEFINED).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            game.play(JsValue::from(7), JsValue::UNDEFINED).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            game.load(s("8/8 w"), JsValue::UNDEFINED).unwrap_err(),
            "InvalidFenError",
        ),
        (
            game.load(JsValue::TRUE, JsValue::UNDEFINED).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            game.load_pgn(s("1. e4 e5 2. Ke3"), JsValue::UNDEFINED)
                .unwrap_err(),
            "InvalidPgnError",
        ),
        (
            game.perft(JsValue::from(99)).unwrap_err(),
            "InvalidArgumentError",
        ),
        (game.claim_draw().unwrap_err(), "NoClaimError"),
        (
            Game::new(s("shogi"), JsValue::UNDEFINED).err().unwrap(),
            "UnknownVariantError",
        ),
    ];
    for (error, name) in cases {
        assert_eq!(error_kind(error).0, name);
    }
    assert_eq!(game.fen(), fen);
    assert_eq!(game.history(JsValue::UNDEFINED).unwrap().length(), 1);
    let long = "x".repeat(1 << 20);
    assert_eq!(
        error_kind(game.play(s(&long), JsValue::UNDEFINED).unwrap_err()),
        ("IllegalMoveError".to_string(), "ILLEGAL_MOVE".to_string())
    );
    assert_eq!(game.fen(), fen);
}

#[wasm_bindgen_test]
fn every_rule_set_is_listed_and_plays() {
    let list = Array::from(&variants());
    assert_eq!(list.length(), 11);
    for entry in list.iter() {
        let id = text_field(&entry, "id");
        let mut game = Game::new(s(&id), JsValue::UNDEFINED).unwrap();
        let first = game.legal_moves()[0].clone();
        game.play(s(&first), JsValue::UNDEFINED).unwrap();
        assert_eq!(
            game.history(JsValue::UNDEFINED).unwrap().length(),
            1,
            "{id}"
        );
        assert!(game.perft(JsValue::from(2)).unwrap() > 0.0, "{id}");
    }
    assert_eq!(
        legal_moves(JsValue::UNDEFINED, JsValue::UNDEFINED)
            .unwrap()
            .len(),
        20
    );
    let ok = validate_fen(s("8/8/8/8/8/8/8/K1k5 w - - 0 1"), JsValue::UNDEFINED).unwrap();
    assert_eq!(field(&ok, "ok"), JsValue::TRUE);
    let bad = validate_fen(JsValue::from(3), JsValue::UNDEFINED).unwrap();
    assert_eq!(field(&bad, "ok"), JsValue::FALSE);
    // Each problem on its own: two white kings and a pawn on rank 1.
    let two = validate_fen(s("4k3/8/8/8/8/8/8/P3KK2 w - - 0 1"), JsValue::UNDEFINED).unwrap();
    assert_eq!(Array::from(&field(&two, "problems")).length(), 2);
}

/// Runs the session's search to its end in small slices; returns every line.
fn drive(session: &mut Session) -> Vec<String> {
    let mut lines = Vec::new();
    for slice in 0..100_000 {
        lines.extend(
            session
                .step(JsValue::from(500), JsValue::from(slice))
                .unwrap(),
        );
        if session.status() != "running" {
            return lines;
        }
    }
    panic!("the search did not end");
}

#[wasm_bindgen_test]
fn session_searches_in_slices_and_finds_mate() {
    let mut session = Session::new(JsValue::from(7)).unwrap();
    assert!(session
        .handle_line(JsValue::from("setoption name Hash value 2"))
        .unwrap()
        .is_empty());
    assert!(session
        .handle_line(JsValue::from(
            "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"
        ))
        .unwrap()
        .is_empty());
    assert!(session
        .handle_line(JsValue::from("go depth 4"))
        .unwrap()
        .is_empty());
    assert_eq!(session.status(), "running");
    let lines = drive(&mut session);
    assert_eq!(lines.last().unwrap(), "bestmove d1d8");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(session.status(), "idle");
}

#[wasm_bindgen_test]
fn session_stop_ends_an_infinite_search_with_a_legal_move() {
    let mut session = Session::new(JsValue::UNDEFINED).unwrap();
    session
        .handle_line(JsValue::from("setoption name UCI_Variant value alice"))
        .unwrap();
    session
        .handle_line(JsValue::from("setoption name Hash value 1"))
        .unwrap();
    session.handle_line(JsValue::from("go infinite")).unwrap();
    assert!(!session
        .step(JsValue::from(2000), JsValue::from(0))
        .unwrap()
        .iter()
        .any(|l| l.starts_with("bestmove")));
    let lines = session.handle_line(JsValue::from("stop")).unwrap();
    let best = lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_string();
    let legal = Game::new(s("alice"), JsValue::UNDEFINED)
        .unwrap()
        .legal_moves();
    assert!(legal.contains(&best), "{best}");
    assert_eq!(session.status(), "idle");
}

#[wasm_bindgen_test]
fn session_refuses_bad_input_and_keeps_its_position() {
    let mut session = Session::new(JsValue::UNDEFINED).unwrap();
    session
        .handle_line(JsValue::from("position startpos moves e2e4"))
        .unwrap();
    let fen = || {
        let mut s = Session::new(JsValue::UNDEFINED).unwrap();
        s.handle_line(JsValue::from("position startpos moves e2e4"))
            .unwrap();
        s.handle_line(JsValue::from("d")).unwrap()
    };
    for bad in [
        "position startpos moves e2e4 zz",
        "position fen nonsense",
        "setoption name Hash value lots",
        "setoption name UCI_Variant value shogi",
        "go depth deep",
        "go perft 99",
        "sideways",
    ] {
        let lines = session.handle_line(JsValue::from(bad)).unwrap();
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(lines[0].starts_with("info string "), "{bad}: {lines:?}");
    }
    assert_eq!(session.handle_line(JsValue::from("d")).unwrap(), fen());
    assert_eq!(session.status(), "idle");
    assert!(session
        .handle_line(JsValue::from("quit"))
        .unwrap()
        .is_empty());
    assert_eq!(session.status(), "quit");
}

#[wasm_bindgen_test]
fn billiards_moves_have_their_path_as_squares() {
    let mut game = Game::new(s("billiards"), s("7k/p7/8/8/8/8/8/2B1K3 w - - 0 1")).unwrap();
    let played = game.play(s("Bc5"), JsValue::UNDEFINED).unwrap();
    let path: Vec<String> = Array::from(&field(&played, "path"))
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(path, ["c1", "a3", "c5"]);
    let king = game.play(s("Kg8"), JsValue::UNDEFINED).unwrap();
    assert!(field(&king, "path").is_undefined());
}

#[wasm_bindgen_test]
fn checkers_are_squares_with_paths() {
    let game = Game::new(s("billiards"), s("4k3/p7/8/8/8/8/2B5/4K3 b - - 0 1")).unwrap();
    let checks = Array::from(&game.checkers());
    assert_eq!(checks.length(), 1);
    let check = checks.get(0);
    assert_eq!(text_field(&check, "square"), "c2");
    assert!(field(&check, "board").is_undefined());
    let path: Vec<String> = Array::from(&field(&check, "path"))
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(path, ["c2", "a4", "e8"]);
    let quiet = Game::new(JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap();
    assert_eq!(Array::from(&quiet.checkers()).length(), 0);
}

#[wasm_bindgen_test]
fn placement_reads_any_fen_in_the_shape_of_board() {
    let fen = "rnbqkbnr/pppp1ppp/8/4|p3/4|P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let game = Game::new(s("alice"), s(fen)).unwrap();
    let drawn = placement(s(fen), s("alice")).unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&drawn).unwrap(),
        js_sys::JSON::stringify(&game.board()).unwrap()
    );
    let e4 = Array::from(&Array::from(&drawn).get(4)).get(4);
    assert_eq!(text_field(&e4, "board"), "b");
    // Not a legal position, still drawn; hands apart.
    let gi = "8/8/8/8/8/8/8/KK6[Qp] w - - 0 1";
    assert_eq!(
        Array::from(&placement(s(gi), JsValue::UNDEFINED).unwrap()).length(),
        8
    );
    let hands = placement_hands(s(gi)).unwrap();
    assert_eq!(field(&field(&hands, "w"), "q").as_f64(), Some(1.0));
    assert!(placement_hands(s("8/8/8/8/8/8/8/8")).unwrap().is_null());
    let bad = placement(s("8/8/8/8/8/8/8/7x w - - 0 1"), JsValue::UNDEFINED).unwrap_err();
    assert_eq!(
        error_kind(bad),
        ("InvalidFenError".into(), "INVALID_FEN".into())
    );
    let not_text = placement(JsValue::from_f64(1.0), JsValue::UNDEFINED).unwrap_err();
    assert_eq!(error_kind(not_text).0, "InvalidArgumentError");
    let unknown = placement(s("8/8/8/8/8/8/8/8"), s("xiangqi")).unwrap_err();
    assert_eq!(error_kind(unknown).0, "UnknownVariantError");
}

/// Advances the typed analysis to its end in small slices; returns its events.
fn advance_all(session: &mut Session) -> Vec<JsValue> {
    let mut events = Vec::new();
    for slice in 0..100_000 {
        events.extend(
            session
                .advance(JsValue::from(500), JsValue::from(slice))
                .unwrap()
                .iter(),
        );
        if session.status() != "running" {
            return events;
        }
    }
    panic!("the analysis did not end");
}

#[wasm_bindgen_test]
fn session_typed_door_analyses_a_games_line_and_reports_objects() {
    let mut session = Session::new(JsValue::from(7)).unwrap();
    assert_eq!(
        session
            .set_option(s("UCI_Variant"), s("racingkings"))
            .unwrap(),
        "racingkings"
    );
    assert_eq!(
        session.set_option(s("MultiPV"), JsValue::from(2)).unwrap(),
        "racingkings"
    );
    let mut game = Game::new(s("racingkings"), JsValue::UNDEFINED).unwrap();
    game.play(s("Kh3"), JsValue::UNDEFINED).unwrap();
    let line = game.engine_line();
    let request = object(&[
        ("kind", s("search")),
        ("line", line),
        ("depth", JsValue::from(3)),
    ]);
    session.start(JsValue::from(9), request).unwrap();
    let events = advance_all(&mut session);
    let done = events.last().unwrap();
    assert_eq!(field(done, "kind"), s("best"));
    assert_eq!(field(done, "final"), JsValue::TRUE);
    assert_eq!(field(done, "id"), JsValue::from(9));
    let result = field(done, "value");
    let best = field(&result, "bestmove").as_string().unwrap();
    assert!(game.legal_moves().contains(&best), "{best}");
    // The typed door prints no UCI.
    assert!(field(done, "uci").is_undefined());
    assert_eq!(Array::from(&field(&result, "lines")).length(), 2);
    assert_eq!(field(&events[0], "kind"), s("info"));
    assert_eq!(field(&events[0], "final"), JsValue::FALSE);
    assert_eq!(
        field(&field(&events[0], "value"), "depth"),
        JsValue::from(1)
    );
    assert_eq!(session.status(), "idle");
}

#[wasm_bindgen_test]
fn session_typed_door_judges_a_practised_turn_as_a_job() {
    let mut session = Session::new(JsValue::UNDEFINED).unwrap();
    let mut game = Game::new(s("marseillais"), JsValue::UNDEFINED).unwrap();
    game.play(s("f3"), JsValue::UNDEFINED).unwrap();
    game.play(s("g4"), JsValue::UNDEFINED).unwrap();
    let practice = |extra: (&str, JsValue)| {
        object(&[
            ("kind", s("practice")),
            ("line", game.engine_line()),
            ("nodes", JsValue::from(2000)),
            extra,
        ])
    };
    // `from` must be where the last turn starts: refused, and nothing starts.
    let refused = session.start(JsValue::from(3), practice(("from", JsValue::from(1))));
    assert_eq!(error_name(refused), "InvalidArgumentError");
    assert_eq!(session.status(), "idle");
    session
        .start(JsValue::from(4), practice(("from", JsValue::from(0))))
        .unwrap();
    let events = advance_all(&mut session);
    assert_eq!(events.len(), 1, "a judgement sends its answer only");
    let done = &events[0];
    assert_eq!(field(done, "kind"), s("judgement"));
    assert_eq!(field(done, "final"), JsValue::TRUE);
    assert_eq!(field(done, "id"), JsValue::from(4));
    let judgement = field(done, "value");
    assert_eq!(field(&judgement, "complete"), JsValue::TRUE);
    // The whole two-action turn is judged.
    let san: Vec<String> = Array::from(&field(&judgement, "san"))
        .iter()
        .filter_map(|m| m.as_string())
        .collect();
    assert_eq!(san, ["f3", "g4"]);
    assert_eq!(session.status(), "idle");
}

#[wasm_bindgen_test]
fn session_typed_door_refuses_with_typed_errors_and_changes_nothing() {
    let mut session = Session::new(JsValue::UNDEFINED).unwrap();
    let refused = |session: &mut Session, request: JsValue| {
        if request.is_object() {
            let _ = Reflect::set(&request, &s("kind"), &s("search"));
        }
        error_name(session.start(JsValue::from(1), request))
    };
    let depth = ("depth", JsValue::from(2));
    assert_eq!(
        refused(
            &mut session,
            object(&[("fen", s("not a fen")), depth.clone()])
        ),
        "InvalidFenError"
    );
    let moves: JsValue = Array::of2(&s("e4"), &s("e4")).into();
    assert_eq!(
        refused(&mut session, object(&[("moves", moves), depth.clone()])),
        "IllegalMoveError"
    );
    let mate: JsValue = ["f3", "e5", "g4", "Qh4#"]
        .iter()
        .map(|m| s(m))
        .collect::<Array>()
        .into();
    assert_eq!(
        refused(&mut session, object(&[("moves", mate), depth.clone()])),
        "GameOverError"
    );
    assert_eq!(
        refused(&mut session, object(&[("depth", JsValue::from(0))])),
        "InvalidArgumentError"
    );
    assert_eq!(refused(&mut session, s("deep")), "InvalidArgumentError");
    let unknown = object(&[("kind", s("meditate"))]);
    assert_eq!(
        error_name(session.start(JsValue::from(1), unknown)),
        "InvalidArgumentError"
    );
    let search = object(&[("kind", s("search")), depth.clone()]);
    assert_eq!(
        error_name(session.start(JsValue::from(-1), search)),
        "InvalidArgumentError"
    );
    assert_eq!(
        error_name(session.set_option(s("UCI_Variant"), s("shogi")).map(|_| ())),
        "UnknownVariantError"
    );
    assert_eq!(
        error_name(
            session
                .set_option(s("Hash"), JsValue::from(1.5))
                .map(|_| ())
        ),
        "InvalidArgumentError"
    );
    assert_eq!(session.variant(), "chess");
    assert_eq!(session.status(), "idle");
}

/// The `name` of the error a call threw.
fn error_name(result: Result<(), JsValue>) -> String {
    error_kind(result.unwrap_err()).0
}

#[wasm_bindgen_test]
fn clocks_take_times_and_refuse_bad_ones() {
    let mut game = Game::new(s("chess"), JsValue::UNDEFINED).unwrap();
    assert!(game.clock().is_null() && game.time_control().is_null());
    let refused = game.set_time_control(s("3 minutes")).unwrap_err();
    assert_eq!(
        error_kind(refused),
        (
            "InvalidTimeControlError".to_string(),
            "INVALID_TIME_CONTROL".to_string()
        )
    );
    game.set_time_control(s("60+1")).unwrap();
    assert_eq!(game.time_control().as_string().as_deref(), Some("60+1"));
    let timed = |ms: f64| object(&[("time", JsValue::from(ms))]);
    for bad in [-1.0, f64::NAN, 1e13] {
        let error = game.play(s("e4"), timed(bad)).unwrap_err();
        assert_eq!(error_kind(error).0, "InvalidArgumentError");
    }
    game.play(s("e4"), timed(0.0)).unwrap();
    game.play(s("e5"), timed(2_500.0)).unwrap();
    let clock = game.clock();
    assert_eq!(field(&clock, "w").as_f64(), Some(61_000.0));
    assert_eq!(field(&clock, "b").as_f64(), Some(58_500.0));
    assert_eq!(field(&clock, "binc").as_f64(), Some(1_000.0));
    let after_fall = game.play(s("Nf3"), timed(61_001.0)).unwrap_err();
    assert_eq!(error_kind(after_fall).0, "GameOverError");
    assert_eq!(text_field(&game.outcome(), "reason"), "time_forfeit");
}
