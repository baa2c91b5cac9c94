//! The miner's progress bar and its closing report: games, candidates, each
//! rejection reason's count, puzzles per CPU hour, and the spread of the ratings and
//! themes found.

use crate::args::Config;
use alfiere::puzzles::{PuzzleRow, Rejection};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::fmt::Write;

/// A bar counting puzzles found, on standard error when it is a terminal.
pub fn progress_bar(count: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(count as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} puzzles, eta {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar
}

/// The CPU time this process has used, all threads, from `/proc/self/stat` (Linux;
/// its clock ticks are 1/100 s there): on a shared machine the wall time times the
/// threads would count other programs' time too.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which may hold spaces) end with ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

/// Without a terminal (a log file, CI) the bar is hidden: a line every
/// [`LOG_EVERY`] instead, so a long run still shows where it is.
const LOG_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Writes the progress line when the bar is hidden and a minute has passed since the
/// last one.
pub fn log_progress(bar: &ProgressBar, tally: &Tally, puzzles: usize) {
    static LAST: std::sync::Mutex<Option<std::time::Instant>> = std::sync::Mutex::new(None);
    if !bar.is_hidden() {
        return;
    }
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    let now = std::time::Instant::now();
    if last.is_some_and(|t| now.duration_since(t) < LOG_EVERY) {
        return;
    }
    *last = Some(now);
    let rejected: Vec<String> = tally
        .rejected
        .iter()
        .map(|(reason, n)| format!("{} {n}", reason.name()))
        .collect();
    eprintln!(
        "[{:.0} s] {puzzles} puzzles from {} candidates in {} games (rejected: {})",
        bar.elapsed().as_secs_f64(),
        tally.candidates,
        tally.games,
        rejected.join(", ")
    );
}

/// What the games in order gave.
#[derive(Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub candidates: u64,
    pub rejected: BTreeMap<Rejection, u64>,
}

impl Tally {
    pub fn reject(&mut self, reason: Rejection) {
        *self.rejected.entry(reason).or_default() += 1;
    }

    /// The closing report.
    pub fn summary(&self, config: &Config, rows: &[PuzzleRow], cpu_seconds: f64) -> String {
        let mut out = String::new();
        let per_hour = rows.len() as f64 / (cpu_seconds / 3600.0).max(1e-9);
        let _ = writeln!(
            out,
            "{}: {} puzzles from {} candidates in {} games; {:.0} CPU s ({} threads), {:.0} puzzles per CPU hour",
            config.variant.id(),
            rows.len(),
            self.candidates,
            self.games,
            cpu_seconds,
            config.threads,
            per_hour
        );
        for reason in Rejection::ALL {
            let n = self.rejected.get(&reason).copied().unwrap_or(0);
            let _ = writeln!(out, "  rejected, {}: {n}", reason.name());
        }
        let mut ratings: Vec<u32> = rows.iter().map(|r| r.rating).collect();
        ratings.sort_unstable();
        if !ratings.is_empty() {
            let at = |q: f64| ratings[((ratings.len() - 1) as f64 * q).round() as usize];
            let _ = writeln!(
                out,
                "  ratings: min {} p10 {} p25 {} median {} p75 {} p90 {} max {}",
                at(0.0),
                at(0.1),
                at(0.25),
                at(0.5),
                at(0.75),
                at(0.9),
                at(1.0)
            );
        }
        let mut themes: BTreeMap<&str, usize> = BTreeMap::new();
        for theme in rows.iter().flat_map(|r| r.themes.iter()) {
            *themes.entry(theme).or_default() += 1;
        }
        let listed: Vec<String> = themes.iter().map(|(t, n)| format!("{t} {n}")).collect();
        let _ = writeln!(out, "  themes: {}", listed.join(", "));
        out
    }
}
