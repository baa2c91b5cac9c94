//! The wasm-bindgen classes (`Game`, `Engine`) compiled to wasm32 and run by
//! wasm-bindgen-test in Node and in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --lib`, see
//! `scripts/test.d/20-wasm-bindgen-test.sh`): JS values in, JS values out, typed
//! errors, a sliced search. They live in the library because the crate's binaries do
//! not build for wasm32, and an integration test would need them.

use super::engine::Engine;
use super::game::{legal_moves, validate_fen, variants, Game};
use js_sys::{Array, Function, Object, Reflect};
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
    let e4 = game.play(s("e4")).unwrap();
    assert_eq!(text_field(&e4, "san"), "e4");
    assert_eq!(text_field(&e4, "lan"), "e2e4");
    assert_eq!(text_field(&e4, "flags"), "b");
    game.play(s("e7e5")).unwrap();
    let nf3 = game
        .play(object(&[("from", s("g1")), ("to", s("f3"))]))
        .unwrap();
    assert_eq!(text_field(&nf3, "san"), "Nf3");
    assert_eq!(game.turn(), "b");
    assert!(game.legal_moves().contains(&"b8c6".to_string()));
    let dests = game.dests();
    assert_eq!(Array::from(&dests.get(&s("g8"))).length(), 3);
    assert!(game.undo().is_object());
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[wasm_bindgen_test]
fn errors_are_typed_and_leave_the_game_unchanged() {
    let mut game = Game::new(s("chess"), JsValue::UNDEFINED).unwrap();
    game.play(s("d4")).unwrap();
    let fen = game.fen();
    let cases: Vec<(JsValue, &str)> = vec![
        (game.play(s("Ke3")).unwrap_err(), "IllegalMoveError"),
        (
            game.play(JsValue::NULL).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            game.play(JsValue::from(7)).unwrap_err(),
            "InvalidArgumentError",
        ),
        (game.load(s("8/8 w")).unwrap_err(), "InvalidFenError"),
        (
            game.load(JsValue::TRUE).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            game.load_pgn(s("1. e4 e5 2. Ke3")).unwrap_err(),
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
        error_kind(game.play(s(&long)).unwrap_err()),
        ("IllegalMoveError".to_string(), "ILLEGAL_MOVE".to_string())
    );
    assert_eq!(game.fen(), fen);
}

#[wasm_bindgen_test]
fn every_rule_set_is_listed_and_plays() {
    let list = variants();
    assert_eq!(list.length(), 10);
    for entry in list.iter() {
        let id = text_field(&entry, "id");
        let mut game = Game::new(s(&id), JsValue::UNDEFINED).unwrap();
        let first = game.legal_moves()[0].clone();
        game.play(s(&first)).unwrap();
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
}

/// Runs a started search to its end in small slices; returns the result and the
/// number of info objects seen.
fn drive(engine: &mut Engine) -> (JsValue, u32) {
    let infos = Array::new();
    let sink = infos.clone();
    let on_info = Closure::<dyn FnMut(JsValue)>::new(move |info: JsValue| {
        sink.push(&info);
    });
    let callback: &Function = on_info.as_ref().unchecked_ref();
    for slice in 0..100_000 {
        let result = engine
            .step(JsValue::from(500), JsValue::from(slice), callback.into())
            .unwrap();
        if !result.is_null() {
            return (result, infos.length());
        }
    }
    panic!("the search did not end");
}

#[wasm_bindgen_test]
fn engine_searches_in_slices_and_finds_mate() {
    let mut engine = Engine::new(JsValue::UNDEFINED).unwrap();
    engine.set_option(s("Hash"), JsValue::from(2)).unwrap();
    engine
        .position(
            s("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
            Array::new().into(),
        )
        .unwrap();
    engine.go(object(&[("depth", JsValue::from(4))])).unwrap();
    assert!(engine.is_searching());
    let (result, infos) = drive(&mut engine);
    assert_eq!(text_field(&result, "bestmove"), "d1d8");
    assert_eq!(field(&field(&result, "score"), "mate"), JsValue::from(1));
    assert!(infos >= 1);
    assert!(!engine.is_searching());
}

#[wasm_bindgen_test]
fn engine_stop_ends_an_infinite_search_with_a_legal_move() {
    let mut engine = Engine::new(s("alice")).unwrap();
    engine.set_option(s("Hash"), JsValue::from(1)).unwrap();
    engine.go(object(&[("infinite", JsValue::TRUE)])).unwrap();
    let first = engine
        .step(JsValue::from(2000), JsValue::from(0), JsValue::UNDEFINED)
        .unwrap();
    assert!(first.is_null());
    engine.stop();
    let result = engine
        .step(JsValue::from(2000), JsValue::from(1), JsValue::UNDEFINED)
        .unwrap();
    let best = text_field(&result, "bestmove");
    let legal = Game::new(s("alice"), JsValue::UNDEFINED)
        .unwrap()
        .legal_moves();
    assert!(legal.contains(&best), "{best}");
}

#[wasm_bindgen_test]
fn engine_refuses_bad_input_and_keeps_its_position() {
    let mut engine = Engine::new(s("chess")).unwrap();
    let moves: JsValue = Array::of1(&s("e2e4")).into();
    engine.position(JsValue::NULL, moves).unwrap();
    let fen = engine.fen();
    let bad_moves: JsValue = Array::of2(&s("e2e4"), &s("zz")).into();
    let cases: Vec<(JsValue, &str)> = vec![
        (
            engine.position(JsValue::NULL, bad_moves).unwrap_err(),
            "IllegalMoveError",
        ),
        (
            engine.position(s("nonsense"), JsValue::NULL).unwrap_err(),
            "InvalidFenError",
        ),
        (
            engine.position(JsValue::NULL, s("e2e4")).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            engine.set_option(s("Hash"), s("lots")).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            engine.set_option(s("UCI_Variant"), s("shogi")).unwrap_err(),
            "UnknownVariantError",
        ),
        (
            engine
                .set_option(JsValue::NULL, JsValue::from(1))
                .unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            engine.go(object(&[("depth", s("deep"))])).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            engine.go(JsValue::from(5)).unwrap_err(),
            "InvalidArgumentError",
        ),
        (
            engine
                .step(JsValue::from(10), JsValue::from(0), JsValue::UNDEFINED)
                .unwrap_err(),
            "InvalidArgumentError",
        ),
    ];
    for (error, name) in cases {
        assert_eq!(error_kind(error).0, name);
    }
    assert_eq!(engine.fen(), fen);
    assert_eq!(engine.variant(), "chess");
    engine.go(JsValue::UNDEFINED).unwrap();
    let bad_step = engine
        .step(s("many"), JsValue::from(0), JsValue::UNDEFINED)
        .unwrap_err();
    assert_eq!(error_kind(bad_step).0, "InvalidArgumentError");
    let bad_callback = engine
        .step(JsValue::from(10), JsValue::from(0), JsValue::from(3))
        .unwrap_err();
    assert_eq!(error_kind(bad_callback).0, "InvalidArgumentError");
}
