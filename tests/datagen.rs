//! The training-data generator `alfiere-datagen`: every line it writes parses (a
//! legal FEN, an integer score, a result of 1.0, 0.5 or 0.0), the positions are
//! quiet, the same seed writes the same file, and bad arguments exit with code 2.

use alfiere::notation::fen::read_fen;
use alfiere::{Chess, Position};
use std::path::PathBuf;
use std::process::Command;

fn datagen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_alfiere-datagen"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfiere-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs two games at a tiny node budget into `out` and returns the file's text.
fn generate(out: &PathBuf, threads: &str) -> String {
    let output = datagen()
        .args(["--games", "2", "--nodes", "300", "--seed", "1"])
        .args(["--threads", threads])
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("games 2 "), "{stderr}");
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn two_games_write_quiet_parsable_reproducible_lines() {
    let first = generate(&scratch("first.txt"), "1");
    assert!(first.lines().count() >= 10, "{first}");
    for line in first.lines() {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        let position = read_fen::<Chess>(fields[0]).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(!position.is_check(), "{line}");
        assert!(position.outcome().is_none(), "{line}");
        let score: i32 = fields[1].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(score.abs() < 30_000, "{line}");
        assert!(["1.0", "0.5", "0.0"].contains(&fields[2]), "{line}");
    }
    // The same seed, the same file; with two workers, the same games.
    assert_eq!(generate(&scratch("second.txt"), "1"), first);
    let mut threaded: Vec<&str> = Vec::new();
    let text = generate(&scratch("threaded.txt"), "2");
    threaded.extend(text.lines());
    let mut single: Vec<&str> = first.lines().collect();
    threaded.sort_unstable();
    single.sort_unstable();
    assert_eq!(threaded, single);
}

#[test]
fn runs_append_to_the_file() {
    let out = scratch("appended.txt");
    let once = generate(&out, "1");
    let twice = generate(&out, "1");
    assert_eq!(twice, format!("{once}{once}"));
}

#[test]
fn bad_arguments_exit_with_code_2() {
    for args in [
        vec!["--games", "2"],
        vec!["--out", "/tmp/x", "--games", "two"],
        vec!["--out", "/tmp/x", "--games", "2", "--threads", "0"],
        vec!["--out", "/tmp/x", "--games", "2", "--bogus", "1"],
        vec!["--out", "/tmp/x", "--nodes"],
    ] {
        let output = datagen().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn the_searches_evaluate_with_the_network_given() {
    use alfiere::eval::nnue::{FeatureSet, Network, HIDDEN};
    // A network that scores every position 0: every score written is then a draw's.
    let zero = Network {
        feature_set: FeatureSet::PieceSquare,
        feature_weights: vec![0; FeatureSet::PieceSquare.inputs() * HIDDEN],
        feature_bias: [0; HIDDEN],
        output_weights: [0; 2 * HIDDEN],
        output_bias: 0,
    };
    let network = scratch("zero.nnue");
    std::fs::write(&network, zero.to_bytes()).unwrap();
    let out = scratch("zero.txt");
    let output = datagen()
        .args(["--games", "1", "--nodes", "300", "--seed", "3", "--network"])
        .arg(&network)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.lines().count() > 0);
    for line in text.lines() {
        assert_eq!(line.split(" | ").nth(1), Some("0"), "{line}");
    }
    // A file that is no network is refused before any game.
    let bad = scratch("bad.nnue");
    std::fs::write(&bad, b"not a network").unwrap();
    let output = datagen()
        .args(["--games", "1", "--network"])
        .arg(&bad)
        .arg("--out")
        .arg(scratch("bad.txt"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not an alfiere network"));
}
