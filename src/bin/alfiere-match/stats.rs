//! Match statistics: wins, draws and losses of the first engine, its score, and the
//! Elo difference with a 95% error margin from the per-game score variance (the
//! usual logistic model: expected score 1 / (1 + 10^(-d/400))).

/// Results from the first engine's point of view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score fraction in [0, 1].
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// Elo difference and its 95% margin; `None` before any game. A score of 0 or 1
    /// has no finite difference and reports ±infinity.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let s = self.score();
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let margin_score = 1.96 * (variance / n).sqrt();
        let diff = elo_of(s);
        let high = elo_of((s + margin_score).min(1.0));
        let low = elo_of((s - margin_score).max(0.0));
        Some((diff, (high - low) / 2.0))
    }

    /// `W-D-L`, score and Elo, on one line.
    pub fn summary(&self) -> String {
        // `+ 0.0` turns a negative zero into zero, so an even match prints `+0`.
        let elo = match self.elo().map(|(d, m)| (d + 0.0, m)) {
            Some((d, m)) if d.is_finite() && m.is_finite() => format!("{d:+.0} +/- {m:.0}"),
            Some((d, _)) if d.is_infinite() => format!("{}inf", if d > 0.0 { "+" } else { "-" }),
            Some((d, _)) => format!("{d:+.0} +/- inf"),
            None => "n/a".to_string(),
        };
        format!(
            "games {} wins {} draws {} losses {} score {:.1}% elo {elo}",
            self.games(),
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        )
    }
}

/// The Elo difference that predicts score `s`.
pub fn elo_of(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 10,
            draws: 5,
            losses: 10,
        };
        let (d, m) = t.elo().unwrap();
        assert!(d.abs() < 1e-9);
        assert!(m > 50.0 && m < 300.0, "{m}");
    }

    #[test]
    fn three_quarters_is_about_191() {
        assert!((elo_of(0.75) - 190.85).abs() < 0.1);
        let t = Tally {
            wins: 75,
            draws: 0,
            losses: 25,
        };
        assert!((t.elo().unwrap().0 - 190.85).abs() < 0.1);
        assert!(t.summary().contains("score 75.0%"));
    }

    #[test]
    fn perfect_score_is_infinite() {
        let t = Tally {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        assert_eq!(t.elo().unwrap().0, f64::INFINITY);
        assert!(t.summary().ends_with("+inf"));
    }
}
