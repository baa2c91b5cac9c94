//! The validation split: a seeded share of the games held out, whole.
//!
//! Positions of one game are near copies of each other (most pieces stand where
//! they stood a ply before, and they share the result), so holding out single
//! positions would measure how well the network remembers games it has seen;
//! holding out games measures how it does on new ones.

use crate::sample::Sample;
use alfiere::search::skill::SplitMix;

/// `samples` as (training, validation), the validation positions those of the
/// games whose seeded draw falls below `share`. Should every game be drawn, they
/// all train and nothing is held out.
pub fn split(mut samples: Vec<Sample>, share: f64, seed: u64) -> (Vec<Sample>, Vec<Sample>) {
    let held = |sample: &Sample| draw(seed, sample.game()) < share;
    let validation: Vec<Sample> = samples.iter().filter(|s| held(s)).copied().collect();
    // In place: the training set is nearly all of the data, too big to copy.
    samples.retain(|s| !held(s));
    if samples.is_empty() {
        return (validation, Vec::new());
    }
    (samples, validation)
}

/// A uniform number in [0, 1) for `game`, fixed by `seed`.
fn draw(seed: u64, game: u32) -> f64 {
    // Seed in the high half, game in the low: distinct pairs, distinct streams.
    let mut rng = SplitMix(seed.rotate_left(32) ^ u64::from(game));
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use alfiere::{Board, Color};

    fn samples() -> Vec<Sample> {
        let start = Board::starting_position();
        (0..10_000u32)
            .map(|i| {
                let mut sample = Sample::from_board(&start, Color::White).unwrap();
                sample.set_game(i / 10);
                sample
            })
            .collect()
    }

    #[test]
    fn a_share_of_whole_games_is_held_out_the_same_way_every_time() {
        let (train, validation) = split(samples(), 0.1, 3);
        assert_eq!(train.len() + validation.len(), 10_000);
        assert!(
            (700..1300).contains(&validation.len()),
            "{}",
            validation.len()
        );
        assert_eq!(validation.len() % 10, 0, "games are held out whole");
        assert!(validation
            .iter()
            .all(|v| train.iter().all(|t| t.game() != v.game())));
        assert_eq!(split(samples(), 0.1, 3).1, validation);
        assert_ne!(split(samples(), 0.1, 4).1, validation);
    }

    #[test]
    fn no_share_holds_nothing_out_and_training_is_never_empty() {
        assert!(split(samples(), 0.0, 1).1.is_empty());
        let one_game: Vec<Sample> = samples().into_iter().take(5).collect();
        let (train, _) = split(one_game, 0.5, 1);
        assert_eq!(train.len(), 5);
    }
}
