//! Accuracy: how much of their winning chances each side kept, as a percentage.
//!
//! Per decision (an action, or a whole multi-action turn), lichess's published
//! curve on the drop of the mover's win percentage:
//! `103.1668·e^(−0.04354·drop) − 3.1669`, clamped to 0..100, and 100 when the
//! chance did not drop. Per game and side, the mean of two averages of those figures
//! (lichess's scheme, written here from its description): one weighted by how
//! volatile the game was around each decision (the standard deviation of the win
//! percentages in a window of positions, between 0.5 and 12, the window a tenth of
//! the game between 2 and 8 positions), so that errors in sharp positions count
//! more; and the harmonic mean, so that one disaster is not averaged away.

use crate::types::{ByColor, Color};

/// The lowest per-decision accuracy the harmonic mean takes: a decision that threw
/// away everything would otherwise make the game's figure 0 whatever else happened.
const HARMONIC_FLOOR: f64 = 1.0;

/// The accuracy of one decision that took the mover's win percentage from
/// `before` to `after`.
pub fn decision_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    (103.1668 * (-0.04354 * drop).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One decision for the game's accuracy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decision {
    pub mover: Color,
    /// The mover's win percentage before and after.
    pub before: f64,
    pub after: f64,
}

/// Each side's accuracy over `decisions`, in game order; `white_percents` is White's
/// win percentage before the first decision and after each one (one more entry than
/// `decisions`). A side without a decision gets `None`.
pub fn game_accuracy(decisions: &[Decision], white_percents: &[f64]) -> ByColor<Option<f64>> {
    if decisions.is_empty() || white_percents.len() != decisions.len() + 1 {
        return ByColor::new_with(|_| None);
    }
    let window = (decisions.len() / 10).clamp(2, 8).min(white_percents.len());
    // The first decisions reuse the game's first window, so every decision has one.
    let weights = (0..decisions.len()).map(|i| {
        let start = (i + 2)
            .saturating_sub(window)
            .min(white_percents.len() - window);
        standard_deviation(&white_percents[start..start + window]).clamp(0.5, 12.0)
    });
    let mut weighted = ByColor::new_with(|_| 0.0);
    let mut weight_sum = ByColor::new_with(|_| 0.0);
    let mut inverse_sum = ByColor::new_with(|_| 0.0);
    let mut count = ByColor::new_with(|_| 0usize);
    for (decision, weight) in decisions.iter().zip(weights) {
        let accuracy = decision_accuracy(decision.before, decision.after);
        let side = decision.mover;
        *weighted.get_mut(side) += accuracy * weight;
        *weight_sum.get_mut(side) += weight;
        *inverse_sum.get_mut(side) += 1.0 / accuracy.max(HARMONIC_FLOOR);
        *count.get_mut(side) += 1;
    }
    let side = |color: Color| {
        let n = *count.get(color);
        (n > 0).then(|| {
            let weighted_mean = weighted.get(color) / weight_sum.get(color);
            let harmonic_mean = n as f64 / inverse_sum.get(color);
            (weighted_mean + harmonic_mean) / 2.0
        })
    };
    ByColor::new_with(side)
}

fn standard_deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_decision_curve() {
        assert_eq!(decision_accuracy(60.0, 60.0), 100.0);
        assert_eq!(decision_accuracy(40.0, 70.0), 100.0);
        // A drop of 10 points: 103.1668·e^(−0.4354) − 3.1669 = 63.58.
        assert!((decision_accuracy(60.0, 50.0) - 63.58).abs() < 0.01);
        assert_eq!(decision_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn a_clean_game_is_100_and_a_blunder_costs() {
        let clean: Vec<Decision> = (0..20)
            .map(|i| Decision {
                mover: if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                before: 50.0,
                after: 50.0,
            })
            .collect();
        let percents = vec![50.0; 21];
        let acc = game_accuracy(&clean, &percents);
        assert_eq!((acc.white, acc.black), (Some(100.0), Some(100.0)));

        let mut blundered = clean.clone();
        blundered[10].before = 50.0;
        blundered[10].after = 10.0;
        let mut percents = vec![50.0; 11];
        percents.extend(std::iter::repeat_n(10.0, 10));
        let acc = game_accuracy(&blundered, &percents);
        let white = acc.white.unwrap();
        assert!(white < 80.0 && white > 20.0, "{white}");
        assert_eq!(acc.black, Some(100.0));
    }

    #[test]
    fn sides_without_decisions_and_short_games() {
        let one = [Decision {
            mover: Color::Black,
            before: 50.0,
            after: 45.0,
        }];
        let acc = game_accuracy(&one, &[55.0, 45.0]);
        assert_eq!(acc.white, None);
        let black = acc.black.unwrap();
        assert!((black - decision_accuracy(50.0, 45.0)).abs() < 1e-9);
        assert_eq!(game_accuracy(&[], &[50.0]).white, None);
    }
}
