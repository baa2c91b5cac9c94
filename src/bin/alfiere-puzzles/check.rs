//! `--check FILE`: replays every puzzle of a file with the criteria of the shipped set
//! (src/puzzles/replay.rs) on every core, names each that fails and why, and exits
//! with an error when any does.

use crate::args::Config;
use alfiere::puzzles::file::read_file;
use alfiere::puzzles::{replay, Prober};
use alfiere::Game;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub fn check_file<G: Game>(config: &Config, path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let rows = read_file(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let prober = Prober::new(config.nodes);
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(row) = rows.get(i) else { break };
                if let Err(reason) = replay::check::<G>(row, &prober) {
                    failures
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(format!("{} (line {}): {reason}", row.id, i + 2));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    for failure in &failures {
        eprintln!("{failure}");
    }
    eprintln!(
        "{}: {} of {} puzzles pass at {} nodes",
        path.display(),
        rows.len() - failures.len(),
        rows.len(),
        config.nodes
    );
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} puzzles failed", failures.len()))
    }
}
