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

/// The rule sets that gained a network kind in issue 57.
const ISSUE_57: [alfiere::Variant; 7] = {
    use alfiere::Variant::*;
    [
        Billiards,
        Avalanche,
        Marseillais,
        MarseillaisBalanced,
        ProgressiveScottish,
        ProgressiveItalian,
        Alice,
    ]
};

/// Whether `fen` reads as a position of `variant` that writes back the same FEN, and
/// whether that position is within a turn (not its first action).
fn round_trip(variant: alfiere::Variant, fen: &str) -> Result<bool, String> {
    alfiere::with_variant!(variant, G => {
        let pos: G = read_fen(fen).map_err(|e| e.to_string())?;
        let again = alfiere::notation::fen::write_fen(&pos);
        if again != fen {
            return Err(format!("wrote back {again}"));
        }
        if pos.is_check() {
            return Err("in check".to_string());
        }
        Ok(!pos.turn_state().is_turn_start())
    })
}

#[test]
fn every_rule_set_of_issue_57_writes_lines_of_its_own_fen_that_train_a_network() {
    use alfiere::eval::nnue::{FeatureSet, Network};
    let trainer = || Command::new(env!("CARGO_BIN_EXE_alfiere-train"));
    for variant in ISSUE_57 {
        let out = scratch(&format!("{}.txt", variant.id()));
        let output = datagen()
            .args(["--games", "2", "--nodes", "200", "--seed", "5"])
            .args(["--variant", variant.id(), "--opening-plies", "4"])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{variant:?}: {stderr}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.lines().count() >= 4, "{variant:?}: {text}");
        let mut mid_turn = 0;
        for line in text.lines() {
            let fields: Vec<&str> = line.split(" | ").collect();
            assert_eq!(fields.len(), 3, "{line}");
            let within = round_trip(variant, fields[0]).unwrap_or_else(|e| panic!("{line}: {e}"));
            mid_turn += usize::from(within);
            assert!(fields[1].parse::<i32>().is_ok(), "{line}");
        }
        if matches!(
            variant,
            alfiere::Variant::ProgressiveScottish | alfiere::Variant::ProgressiveItalian
        ) {
            assert!(
                mid_turn > 0,
                "{variant:?}: no position within a series\n{text}"
            );
        }
        // The trainer reads them in the rule set's own kind.
        let net = scratch(&format!("{}.nnue", variant.id()));
        let output = trainer()
            .args(["--variant", variant.id(), "--epochs", "1", "--threads", "1"])
            .arg("--data")
            .arg(&out)
            .arg("--out")
            .arg(&net)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{variant:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            stdout.contains(", 0 lines skipped"),
            "{variant:?}: {stdout}"
        );
        let network = Network::from_bytes(&std::fs::read(&net).unwrap()).unwrap();
        assert_eq!(Some(network.feature_set), FeatureSet::of_variant(variant));
    }
}

#[test]
fn a_network_of_another_kind_is_refused_before_any_game() {
    use alfiere::eval::nnue::{FeatureSet, Network, HIDDEN};
    let zero = |set: FeatureSet| Network {
        feature_set: set,
        feature_weights: vec![0; set.inputs() * HIDDEN],
        feature_bias: [0; HIDDEN],
        output_weights: [0; 2 * HIDDEN],
        output_bias: 0,
    };
    // Billiards' network has orthodox chess's inputs, yet serves Billiards alone.
    for (set, variant) in [
        (FeatureSet::Billiards, "chess"),
        (FeatureSet::PieceSquare, "billiards"),
        (FeatureSet::Marseillais, "progressive-scottish"),
    ] {
        let network = scratch(&format!("{set:?}.nnue"));
        std::fs::write(&network, zero(set).to_bytes()).unwrap();
        let output = datagen()
            .args(["--games", "1", "--variant", variant, "--network"])
            .arg(&network)
            .arg("--out")
            .arg(scratch("refused.txt"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{set:?} for {variant}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("does not serve"), "{stderr}");
    }
}

#[test]
fn fewer_skipped_plies_keep_more_of_each_game() {
    // The same games (same seed), their positions kept from 2 actions after the
    // opening instead of 8: Progressive's games are a few long series.
    let lines = |skip: &str| {
        let out = scratch(&format!("skip-{skip}.txt"));
        let output = datagen()
            .args([
                "--games",
                "3",
                "--nodes",
                "200",
                "--seed",
                "2",
                "--opening-plies",
                "3",
            ])
            .args(["--variant", "progressive-scottish", "--skip-plies", skip])
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read_to_string(&out).unwrap()
    };
    let (fewer, default) = (lines("2"), lines("8"));
    assert!(
        fewer.lines().count() > default.lines().count(),
        "{fewer}\n--\n{default}"
    );
    // Every line kept after 8 is also kept after 2, in the same order.
    let mut rest = fewer.lines();
    for line in default.lines() {
        assert!(rest.any(|l| l == line), "{line}");
    }
}
