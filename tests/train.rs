//! The trainer `alfiere-train`: it learns a known function from a small synthetic
//! data set, its quantised export scores as the float model it came from, it is
//! reproducible, `--init` carries a network through unchanged, and bad input is a
//! message with exit code 2.

use alfiere::eval::nnue::{Extras, Network};
use alfiere::notation::fen::write_fen;
use alfiere::search::skill::SplitMix;
use alfiere::{ActionList, Chess, Color, Position, Role};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn trainer() -> Command {
    Command::new(env!("CARGO_BIN_EXE_alfiere-train"))
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfiere-train-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Material in pawns from White's point of view (1, 3, 3, 5, 9).
fn material(pos: &Chess) -> i32 {
    let value = |role| match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    };
    pos.placement()
        .board
        .pieces()
        .map(|(_, p)| value(p.role) * if p.color == Color::White { 1 } else { -1 })
        .sum()
}

/// Positions in the synthetic data. Validation holds out whole games, and from
/// 2,000 positions (about 130 games) material was learnt too roughly for new games
/// to show it clearly; 5,000 still train in well under a second.
const SYNTHETIC: usize = 5000;

/// Every tenth position of seeded random games (so that the positions come from
/// many games: neighbours in a game are alike), with its material balance.
fn labelled() -> &'static [(Chess, i32)] {
    static POSITIONS: OnceLock<Vec<(Chess, i32)>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut rng = SplitMix(42);
        let mut positions = Vec::new();
        let mut list = ActionList::new();
        while positions.len() < SYNTHETIC {
            let mut pos = Chess::start();
            for _ in 0..150 {
                pos.legal_actions(&mut list);
                if list.is_empty() || positions.len() == SYNTHETIC {
                    break;
                }
                let action = list[(rng.next_u64() % list.len() as u64) as usize];
                pos.play_unchecked(&action);
                if rng.next_u64() % 10 == 0 {
                    positions.push((pos.clone(), material(&pos)));
                }
            }
        }
        positions
    })
}

/// The [`labelled`] positions as a data file, scored material × 100 cp with a result
/// that follows it, and one line that does not parse.
fn synthetic_data() -> &'static Path {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let mut text = String::new();
        for (pos, balance) in labelled() {
            let result = match balance {
                b if *b >= 3 => "1.0",
                b if *b <= -3 => "0.0",
                _ => "0.5",
            };
            let line = format!("{} | {} | {result}\n", write_fen(pos), balance * 100);
            text.push_str(&line);
        }
        text.push_str("not a position | 0 | 0.5\n");
        let path = scratch("data").join("synthetic.txt");
        std::fs::write(&path, text).unwrap();
        path
    })
}

fn run(args: &[&str]) -> (Output, String) {
    let output = trainer().args(args).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    (output, text)
}

/// The number after `label` on the summary line starting with `label`.
fn figure(text: &str, label: &str) -> f64 {
    let line = text
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no '{label}' in\n{text}"));
    line[label.len()..]
        .split_whitespace()
        .next()
        .and_then(|w| w.trim_end_matches(',').parse().ok())
        .unwrap_or_else(|| panic!("no number in '{line}'"))
}

/// Trains on the synthetic data; the network file's path and the printed text.
fn train(dir: &Path, name: &str, extra: &[&str]) -> (PathBuf, String) {
    let out = dir.join(name);
    let data = synthetic_data().to_str().unwrap();
    let mut args = vec!["--data", data, "--out", out.to_str().unwrap()];
    args.extend_from_slice(&[
        "--batch",
        "100",
        "--lr",
        "0.01",
        "--validation",
        "0.1",
        "--threads",
        "2",
    ]);
    args.extend_from_slice(extra);
    let (output, text) = run(&args);
    assert!(
        output.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (out, text)
}

/// The summary's line `quantised: largest difference X cp, mean Y cp (signed Z),
/// K of N positions within ...`.
struct Agreement {
    max_cp: f64,
    mean_cp: f64,
    mean_signed_cp: f64,
    close: usize,
    positions: usize,
}

fn agreement(text: &str) -> Agreement {
    let line = text
        .lines()
        .find(|l| l.starts_with("quantised: "))
        .unwrap_or_else(|| panic!("no agreement line in\n{text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |i: usize| -> f64 {
        words[i]
            .trim_end_matches([',', ')'])
            .parse()
            .unwrap_or_else(|_| panic!("word {i} of '{line}'"))
    };
    Agreement {
        max_cp: number(3),
        mean_cp: number(6),
        mean_signed_cp: number(9),
        close: number(10) as usize,
        positions: number(12) as usize,
    }
}

fn read_network(path: &Path) -> Network {
    Network::from_bytes(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn training_learns_material_and_the_export_scores_as_the_float_model() {
    let dir = scratch("learn");
    let (out, text) = train(&dir, "net.nnue", &["--epochs", "6"]);
    assert_eq!(figure(&text, "positions used:"), SYNTHETIC as f64, "{text}");
    assert_eq!(figure(&text, "epochs:"), 6.0, "{text}");
    assert!(text.contains("skipped: 1"), "{text}");
    let start = text
        .lines()
        .find_map(|l| l.strip_prefix("start: validation loss "))
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("{text}"));
    let end = figure(&text, "validation loss:");
    assert!(
        end < start / 3.0,
        "validation loss {end} from {start}\n{text}"
    );
    // The float model and the engine's integer network agree: the binary scores
    // every validation position with both (`Network::output` after `refresh`).
    // Rounding the output weights to steps of 1/QB leaves a few centipawns either
    // way (the test `init_with_no_epochs_writes_the_network_back` shows that the
    // definitions themselves agree to under 1 cp), and no common offset.
    let fit = agreement(&text);
    assert!(fit.mean_cp <= 8.0 && fit.max_cp <= 40.0, "{text}");
    assert!(fit.mean_signed_cp.abs() <= 2.0, "{text}");
    assert!(fit.close * 4 >= fit.positions * 3, "{text}");
    // And the engine reads it as trained, whichever side is to act: its score has
    // the sign of the material balance in the data's decisive positions.
    let net = read_network(&out);
    let (mut agree, mut decisive) = (0, 0);
    for (pos, balance) in labelled() {
        let balance = balance * pos.turn().fold(1, -1);
        if balance.abs() >= 3 {
            decisive += 1;
            let score = net.output(
                &net.refresh(pos.placement().board, &Extras::of(pos)),
                pos.turn(),
            );
            agree += usize::from(score.signum() == balance.signum());
        }
    }
    assert!(
        decisive >= 200 && agree * 10 >= decisive * 9,
        "{agree} of {decisive}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_same_seed_and_threads_write_the_same_file() {
    let dir = scratch("same");
    let (a, _) = train(&dir, "a.nnue", &["--epochs", "2", "--seed", "7"]);
    let (b, _) = train(&dir, "b.nnue", &["--epochs", "2", "--seed", "7"]);
    let (c, _) = train(&dir, "c.nnue", &["--epochs", "2", "--seed", "8"]);
    let bytes = |p: &Path| std::fs::read(p).unwrap();
    assert!(bytes(&a) == bytes(&b), "same seed, different networks");
    assert!(bytes(&a) != bytes(&c), "the seed changes nothing");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn init_with_no_epochs_writes_the_network_back() {
    let dir = scratch("init");
    let (first, _) = train(&dir, "first.nnue", &["--epochs", "1"]);
    let init = first.to_str().unwrap();
    let (again, text) = train(&dir, "again.nnue", &["--epochs", "0", "--init", init]);
    assert_eq!(
        std::fs::read(&first).unwrap(),
        std::fs::read(&again).unwrap()
    );
    assert!(text.contains("epochs: 0"), "{text}");
    // The float model is now the network's own values: only the integer
    // divisions' truncation is left between the two implementations.
    let fit = agreement(&text);
    assert!(fit.max_cp <= 1.1, "{text}");
    assert_eq!(fit.close, fit.positions, "{text}");
    // Training on from it moves it.
    let (on, _) = train(&dir, "on.nnue", &["--epochs", "1", "--init", init]);
    assert_ne!(read_network(&first), read_network(&on));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_and_files_exit_with_code_2() {
    let dir = scratch("bad");
    let data = synthetic_data().to_str().unwrap();
    let out = dir.join("out.nnue");
    let out = out.to_str().unwrap();
    let garbage = dir.join("garbage.txt");
    std::fs::write(&garbage, "hello\nworld | 1 | 2\n").unwrap();
    let garbage = garbage.to_str().unwrap();
    let missing = dir.join("missing.txt");
    let missing = missing.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec![],
        vec!["--data", data],
        vec!["--data", data, "--out", out, "--epochs", "x"],
        vec!["--data", data, "--out", out, "--wdl", "2"],
        vec!["--data", missing, "--out", out],
        vec!["--data", garbage, "--out", out],
        vec!["--data", data, "--out", out, "--init", missing],
        vec!["--data", data, "--out", out, "--init", garbage],
        vec!["--data", data, "--out", "/nonexistent-dir/net.nnue"],
    ];
    for args in cases {
        let output = trainer().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
    }
    assert!(!Path::new(out).exists(), "nothing written on bad input");
    let _ = std::fs::remove_dir_all(&dir);
}
