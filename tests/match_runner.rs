//! The match runner `alfiere-match`: plays whole games with alfiere as the arbiter,
//! counts results, and charges illegal actions and silent engines to the right side.

use std::path::{Path, PathBuf};
use std::process::Command;

fn runner() -> Command {
    Command::new(env!("CARGO_BIN_EXE_alfiere-match"))
}

fn last_lines(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn random_movers_finish_their_games_in_every_variant() {
    for variant in alfiere::Variant::ALL {
        let output = runner()
            .args(["--variant", variant.id(), "--games", "2", "--quiet"])
            .args([
                "--engine",
                "cmd=random name=a",
                "--engine",
                "cmd=random name=b",
            ])
            .output()
            .unwrap();
        let text = last_lines(&output);
        assert!(output.status.success(), "{variant}: {text}");
        assert!(text.contains("games 2 "), "{variant}: {text}");
        assert!(
            text.contains("illegal actions 0 time losses 0 engine failures 0"),
            "{text}"
        );
    }
}

/// Writes an executable fake engine that answers `bestmove <token>` to every `go`.
fn fake_engine(dir: &Path, token: &str) -> PathBuf {
    let path = dir.join(format!("fake-{token}.sh"));
    let script = format!(
        "#!/bin/sh\nwhile read line; do case \"$line\" in\n uci) echo uciok;;\n isready) echo readyok;;\n go*) echo 'bestmove {token}';;\n quit) exit 0;;\n esac; done\n"
    );
    std::fs::write(&path, script).unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&path, perms).unwrap();
    path
}

#[test]
fn illegal_actions_lose_and_are_counted() {
    let dir = std::env::temp_dir().join(format!("alfiere-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fake = fake_engine(&dir, "a1a1");
    let pgn = dir.join("games.pgn");
    let output = runner()
        .args(["--games", "2", "--tc", "1+0"])
        .args(["--engine", "cmd=random name=rand"])
        .args(["--engine", &format!("cmd={} name=fake", fake.display())])
        .args(["--pgn", pgn.to_str().unwrap()])
        .output()
        .unwrap();
    let text = last_lines(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("wins 2 draws 0 losses 0"), "{text}");
    assert!(text.contains("illegal actions 2"), "{text}");
    assert!(text.contains("played illegal 'a1a1'"), "{text}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(games.matches("[Event \"alfiere-match\"]").count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_refused() {
    let output = runner().args(["--engine", "cmd=random"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("two --engine"));
    let output = runner()
        .args([
            "--engine",
            "cmd=random",
            "--engine",
            "cmd=random",
            "--tc",
            "fast",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}
