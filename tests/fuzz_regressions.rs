//! Replays saved fuzz inputs on the stable toolchain, through the very code the
//! fuzz targets run (`fuzz/src`, included here as a module): every file of
//! `fuzz/regressions/<target>/` (inputs that once crashed a target; each must pass
//! now) and every file of the committed minimised corpora `fuzz/corpus/<target>/`
//! (about 2,200 small inputs, under a second in the test profile). See
//! docs/reliability.md.

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod alfiere_fuzz;

use std::path::{Path, PathBuf};

fn fuzz_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(sub)
}

/// Runs every file under `<dir>/<target>/` through its target; returns how many.
fn replay(dir: &Path) -> usize {
    let Ok(targets) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut replayed = 0;
    let mut targets: Vec<PathBuf> = targets.map(|e| e.unwrap().path()).collect();
    targets.sort();
    for target in targets.iter().filter(|p| p.is_dir()) {
        let name = target.file_name().unwrap().to_str().unwrap();
        let mut files: Vec<PathBuf> = std::fs::read_dir(target)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for file in &files {
            let data = std::fs::read(file).unwrap();
            let run = std::panic::catch_unwind(|| alfiere_fuzz::run_target(name, &data));
            match run {
                Ok(known) => assert!(known, "no fuzz target called {name}"),
                Err(_) => panic!("{} fails again", file.display()),
            }
            replayed += 1;
        }
        eprintln!("{name}: {} inputs replayed", files.len());
    }
    replayed
}

#[test]
fn saved_crash_inputs_pass() {
    let replayed = replay(&fuzz_dir("regressions"));
    assert!(replayed >= 4, "{replayed} regression inputs");
}

/// Every committed corpus input passes.
#[test]
fn committed_corpora_pass() {
    let replayed = replay(&fuzz_dir("corpus"));
    assert!(replayed >= 1_000, "{replayed} corpus inputs");
}
