//! Playing strength: the `Skill Level` (0-20) and `UCI_LimitStrength` / `UCI_Elo`
//! options, mapped to a smaller search and to occasional human-like inaccuracies.
//!
//! A weakened engine searches with a node and depth cap and several lines
//! (MultiPV 4); at the end it usually plays the best line, but with a probability
//! that grows as the level falls it picks another line whose score is within a
//! level-dependent margin of the best, favouring the closer ones. So it never plays
//! a move that the search sees losing much more than the best (no random
//! blunders): its mistakes are near misses, and the small search makes it miss
//! deeper tactics, as a weaker player does.
//!
//! Mapping: `UCI_Elo` picks a level through [`ELO_AT_LEVEL`] (interpolated), then
//!
//! | level | depth cap | node cap  | margin (cp) | inaccuracy chance |
//! |------:|----------:|----------:|------------:|------------------:|
//! | 0     | 1         | 300       | 400         | 60 %              |
//! | 5     | 3         | 2 700     | 300         | 45 %              |
//! | 10    | 6         | 24 000    | 200         | 30 %              |
//! | 15    | 8         | 215 000   | 100         | 15 %              |
//! | 19    | 10        | 1 240 000 | 20          | 3 %               |
//! | 20    | none      | none      | 0           | 0                 |

use super::score::is_mate;

/// The lowest and highest `UCI_Elo`.
pub const ELO_MIN: u32 = 400;
pub const ELO_MAX: u32 = 2850;
/// The highest `Skill Level` (full strength).
pub const LEVEL_MAX: u32 = 20;
/// The Elo of each level 0..=20 (rising): `UCI_Elo` picks the level by this table.
/// These are targets, evenly spaced from a beginner's 400 to full strength, not yet
/// calibrated in matches (docs/strength.md, "Levels", says what has been measured).
pub const ELO_AT_LEVEL: [u32; 21] = [
    400, 520, 640, 760, 880, 1000, 1120, 1240, 1360, 1480, 1600, 1720, 1840, 1960, 2080, 2200,
    2320, 2440, 2560, 2700, 2850,
];

/// Lines searched at a weakened level, to choose from.
const WEAK_MULTIPV: usize = 4;
/// The node cap is `NODES_AT_LEVEL_0 * NODES_GROWTH ^ level`.
const NODES_AT_LEVEL_0: f64 = 300.0;
const NODES_GROWTH: f64 = 1.55;
/// The margin grows by this many centipawns per level below the top.
const MARGIN_PER_LEVEL: f64 = 20.0;
/// The chance of an inaccuracy at level 0 (falling linearly to 0 at the top).
const INACCURACY_AT_LEVEL_0: f64 = 0.6;

/// A playing strength.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strength {
    /// 0.0 ..= 20.0; 20 is full strength.
    level: f64,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::full()
    }
}

impl Strength {
    /// Full strength.
    pub const fn full() -> Strength {
        Strength {
            level: LEVEL_MAX as f64,
        }
    }

    /// A `Skill Level` (clamped to 0..=20).
    pub fn from_level(level: u32) -> Strength {
        Strength {
            level: f64::from(level.min(LEVEL_MAX)),
        }
    }

    /// A `UCI_Elo` target (clamped to 400..=2850), through the Elo of
    /// each level ([`ELO_AT_LEVEL`]), interpolated between levels.
    pub fn from_elo(elo: u32) -> Strength {
        let elo = f64::from(elo.clamp(ELO_MIN, ELO_MAX));
        let table = ELO_AT_LEVEL.map(f64::from);
        if elo <= table[0] {
            return Strength::from_level(0);
        }
        for level in 1..table.len() {
            if elo <= table[level] {
                let (low, high) = (table[level - 1], table[level]);
                return Strength {
                    level: (level - 1) as f64 + (elo - low) / (high - low),
                };
            }
        }
        Strength::full()
    }

    /// The level, 0.0 ..= 20.0.
    pub fn level(&self) -> f64 {
        self.level
    }

    /// Whether this is less than full strength.
    pub fn is_weakened(&self) -> bool {
        self.level < f64::from(LEVEL_MAX)
    }

    /// The deepest iteration allowed.
    pub fn max_depth(&self) -> Option<u32> {
        self.is_weakened().then(|| 1 + (self.level / 2.0) as u32)
    }

    /// The most nodes allowed per search.
    pub fn max_nodes(&self) -> Option<u64> {
        self.is_weakened()
            .then(|| (NODES_AT_LEVEL_0 * NODES_GROWTH.powf(self.level)) as u64)
    }

    /// How many lines to search.
    pub fn multipv(&self) -> usize {
        if self.is_weakened() {
            WEAK_MULTIPV
        } else {
            1
        }
    }

    /// How far below the best line (in centipawns) a chosen line may be.
    pub fn margin(&self) -> i32 {
        ((f64::from(LEVEL_MAX) - self.level) * MARGIN_PER_LEVEL) as i32
    }

    /// The chance of not playing the best line.
    pub fn inaccuracy_chance(&self) -> f64 {
        (f64::from(LEVEL_MAX) - self.level) / f64::from(LEVEL_MAX) * INACCURACY_AT_LEVEL_0
    }

    /// Chooses among lines given as scores, best first; returns the index. `random`
    /// is a source of uniform 64-bit numbers.
    pub fn choose(&self, scores: &[i32], random: &mut impl FnMut() -> u64) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        if !self.is_weakened() || scores.len() < 2 {
            return 0;
        }
        let uniform = |r: u64| (r >> 11) as f64 / (1u64 << 53) as f64;
        if uniform(random()) >= self.inaccuracy_chance() {
            return 0;
        }
        // Never give up a mate for the engine, and never walk into one it sees.
        let margin = self.margin();
        let candidates: Vec<(usize, i32)> = scores
            .iter()
            .enumerate()
            .skip(1)
            .filter(|&(_, &s)| !is_mate(s) && !is_mate(best) && best - s <= margin)
            .map(|(i, &s)| (i, margin + 1 - (best - s)))
            .collect();
        let total: i64 = candidates.iter().map(|&(_, w)| i64::from(w)).sum();
        if total <= 0 {
            return 0;
        }
        let mut pick = (random() % total as u64) as i64;
        for (i, w) in candidates {
            if pick < i64::from(w) {
                return i;
            }
            pick -= i64::from(w);
        }
        0
    }
}

/// A small deterministic random source (SplitMix64) for the choice.
#[derive(Debug, Clone)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping() {
        assert!(!Strength::full().is_weakened());
        assert_eq!(Strength::from_elo(ELO_MAX), Strength::full());
        assert_eq!(Strength::from_elo(100).level(), 0.0);
        let beginner = Strength::from_level(0);
        assert_eq!(beginner.max_depth(), Some(1));
        assert_eq!(beginner.max_nodes(), Some(300));
        assert_eq!(Strength::from_level(10).max_depth(), Some(6));
        assert!(Strength::from_elo(1500).level() > 8.0);
    }

    #[test]
    fn choices_stay_within_the_margin() {
        let weak = Strength::from_level(0);
        let mut rng = SplitMix(7);
        let scores = [50, 40, -400, -900];
        let mut picked = [0usize; 4];
        for _ in 0..2000 {
            picked[weak.choose(&scores, &mut || rng.next_u64())] += 1;
        }
        assert!(picked[0] > 600, "{picked:?}");
        assert!(picked[1] > 300, "{picked:?}");
        assert_eq!(picked[2] + picked[3], 0, "{picked:?}");
        // Full strength always plays the best line.
        let mut rng = SplitMix(7);
        for _ in 0..100 {
            assert_eq!(Strength::full().choose(&scores, &mut || rng.next_u64()), 0);
        }
    }
}
