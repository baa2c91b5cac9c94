//! The run's counts (games, positions, results from White's view) and the progress
//! line printed from them.

use crate::adjudicate::Verdict;
use alfiere::Color;
use std::time::Duration;

#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub games: u64,
    pub positions: u64,
    pub white_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    /// Games given up for want of a balanced opening.
    pub skipped: u64,
    /// Games played from a Chess960 array (teacher mode).
    pub chess960: u64,
}

impl Tally {
    pub fn add(&mut self, verdict: Verdict, positions: u64) {
        self.games += 1;
        self.positions += positions;
        match verdict {
            Verdict::Win(Color::White) => self.white_wins += 1,
            Verdict::Draw => self.draws += 1,
            Verdict::Win(Color::Black) => self.black_wins += 1,
        }
    }

    /// One line: counts, rates and results after `elapsed`.
    pub fn summary(&self, elapsed: Duration) -> String {
        let seconds = elapsed.as_secs_f64().max(1e-3);
        let mut skipped = if self.skipped > 0 {
            format!(" skipped {}", self.skipped)
        } else {
            String::new()
        };
        if self.chess960 > 0 {
            skipped.push_str(&format!(" chess960 games {}", self.chess960));
        }
        format!(
            "games {} positions {} ({:.1} positions/s, {:.1} per game) W/D/L {}/{}/{}{skipped} in {:.0} s",
            self.games,
            self.positions,
            self.positions as f64 / seconds,
            self.positions as f64 / self.games.max(1) as f64,
            self.white_wins,
            self.draws,
            self.black_wins,
            seconds
        )
    }
}
