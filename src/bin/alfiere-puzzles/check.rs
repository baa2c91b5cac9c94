//! `--check FILE`: replays every puzzle of a file with the criteria of the shipped set
//! (src/puzzles/replay.rs) on every core, checks its rating against the formula
//! (src/puzzles/rating.rs) on what the replay measured, names each puzzle that fails
//! and why, and exits with an error when any does. With `--rerate`, the ratings are
//! written again instead (after a change of the formula). With `--second-look`, every
//! puzzle is also judged by mining's second look (src/puzzles/second_look.rs).

use crate::args::Config;
use alfiere::puzzles::file::{read_file, HEADER};
use alfiere::puzzles::rating::rating;
use alfiere::puzzles::second_look::first_doubtful_step_of_row;
use alfiere::puzzles::{replay, Prober};
use alfiere::Position;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub fn check_file<G: Position>(config: &Config, path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = read_file(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let prober = Prober::new(config.nodes);
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let ratings = Mutex::new(vec![None; rows.len()]);
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(row) = rows.get(i) else { break };
                let checked = replay::check::<G>(row, &prober).and_then(|effort| {
                    let formula = rating(effort);
                    ratings.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(formula);
                    if formula == row.rating || config.rerate {
                        Ok(())
                    } else {
                        Err(format!("rated {}, the formula says {formula}", row.rating))
                    }
                });
                let checked = checked.and_then(|()| {
                    if config.second_look {
                        looked_again::<G>(row, &prober)
                    } else {
                        Ok(())
                    }
                });
                if let Err(reason) = checked {
                    failures
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(format!("{} (line {}): {reason}", row.id, i + 2));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    if config.rerate {
        let ratings = ratings.into_inner().unwrap_or_else(|e| e.into_inner());
        let mut text = format!("{HEADER}\n");
        for (row, new) in rows.iter_mut().zip(ratings) {
            row.rating = new.unwrap_or(row.rating);
            text.push_str(&row.to_line());
            text.push('\n');
        }
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
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

/// Mining's second look at a shipped puzzle's line: the step it doubts, if any.
fn looked_again<G: Position>(
    row: &alfiere::puzzles::PuzzleRow,
    prober: &Prober,
) -> Result<(), String> {
    match first_doubtful_step_of_row::<G>(row, prober)? {
        Some(i) => Err(format!(
            "step {} '{}': another winning action at the second look",
            i + 1,
            row.moves[i]
        )),
        None => Ok(()),
    }
}
