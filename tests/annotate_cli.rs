//! `alfiere annotate`: a PGN file with games of several rule sets and a broken game
//! in the middle, in PGN and JSON, on one and two threads, and with two threads for
//! each position's search (`--search-threads`).

use alfiere::Variant;
use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::random_api_game;

fn random_pgn(variant: Variant, plies: usize, seed: u64) -> String {
    let mut game = random_api_game(variant, plies, seed);
    game.set_header("Event", &format!("seed {seed}")).unwrap();
    game.pgn(&[])
}

fn file() -> String {
    [
        random_pgn(Variant::Chess, 12, 1),
        "[Event \"broken\"]\n\n1. e4 e5 2. Ke3 *\n".to_string(),
        random_pgn(Variant::Marseillais, 14, 2),
        random_pgn(Variant::Alice, 10, 3),
    ]
    .join("\n")
}

fn annotate(args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alfiere"))
        .arg("annotate")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap(),
    )
}

#[test]
fn a_broken_game_is_reported_and_the_rest_are_annotated() {
    let (out, err, code) = annotate(&["--nodes", "1500", "--threads", "2"], &file());
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("<stdin> game 2 (line") && err.contains("illegal move 'Ke3'"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // Three games out, in file order, each loadable with its evaluations.
    let events: Vec<&str> = out.lines().filter(|l| l.starts_with("[Event ")).collect();
    assert_eq!(
        events,
        [
            "[Event \"seed 1\"]",
            "[Event \"seed 2\"]",
            "[Event \"seed 3\"]"
        ]
    );
    assert!(out.contains("[Variant \"Marseillais\"]") && out.contains("[Variant \"Alice\"]"));
    assert!(out.matches("[%eval ").count() > 20, "{out}");
}

#[test]
fn json_is_the_same_on_one_and_two_threads() {
    let input = file();
    let (one, _, _) = annotate(&["--nodes", "1500", "--threads", "1", "--json"], &input);
    let (two, _, _) = annotate(&["--nodes", "1500", "--threads", "2", "--json"], &input);
    // The same but for the nodes counted, which are the same too: the whole line.
    assert_eq!(one, two);
    let games: Vec<serde_json::Value> = one
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1]["variant"], "marseillais");
    let ply = &games[0]["plies"][0];
    for key in ["ply", "color", "san", "uci", "eval", "best", "class"] {
        assert!(ply.get(key).is_some(), "{key} in {ply}");
    }
    assert!(ply["eval"].get("cp").is_some() || ply["eval"].get("mate").is_some());
    assert!(games[0]["accuracy"]["w"].is_number());
    assert_eq!(games[0]["tags"]["Event"], "seed 1");
}

#[test]
fn each_position_may_be_searched_on_several_threads() {
    // Two games at once, each position's search on two threads (the engine's
    // `Threads 2`): every game annotated, every decision judged.
    let (out, err, code) = annotate(
        &[
            "--nodes",
            "3000",
            "--threads",
            "2",
            "--search-threads",
            "2",
            "--json",
        ],
        &file(),
    );
    assert_eq!(code, 1, "the broken game: {err}");
    let games: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 3);
    for game in &games {
        let plies = game["plies"].as_array().unwrap();
        assert!(!plies.is_empty());
        assert!(plies.iter().all(|p| p.get("eval").is_some()), "{game}");
    }
}

#[test]
fn usage_errors() {
    for args in [
        &["--nodes", "0"][..],
        &["--depth", "3", "--nodes", "9"],
        &["--frobnicate"],
        &["--threads"],
        &["--search-threads", "0"],
        &["--search-threads", "257"],
    ] {
        let (out, err, code) = annotate(args, "");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains("usage: alfiere annotate"), "{err}");
    }
    let (_, err, code) = annotate(&["/no/such/file.pgn"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/no/such/file.pgn"), "{err}");
}
