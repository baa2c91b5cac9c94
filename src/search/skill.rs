//! Playing strength: the `Skill Level` (0-20) and `UCI_LimitStrength` / `UCI_Elo`
//! options, mapped to a smaller search and to occasional human-like inaccuracies.
//!
//! A weakened engine searches with a node and depth cap and several lines
//! (MultiPV 4, more at the beginner levels); at the end it usually plays the best
//! line, but with a probability that grows as the level falls it picks another
//! line whose score is within a level-dependent margin of the best, favouring the
//! closer ones. So it never plays a move that the search sees losing much more than
//! the best (no random blunders): its mistakes are near misses, and the small
//! search makes it miss deeper tactics, as a weaker player does.
//!
//! Mapping: `UCI_Elo` picks a level through [`ELO_AT_LEVEL`] (interpolated), then
//!
//! | level | depth cap | node cap  | lines | margin (cp) | inaccuracy chance |
//! |------:|----------:|----------:|------:|------------:|------------------:|
//! | 0     | 1         | 750       | 10    | 760         | 80 %              |
//! | 2     | 2         | 1 260     | 7     | 450         | 59 %              |
//! | 4     | 3         | 1 700     | 4     | 320         | 48 %              |
//! | 10    | 6         | 24 000    | 4     | 200         | 30 %              |
//! | 15    | 8         | 215 000   | 4     | 100         | 15 %              |
//! | 16    | 9         | 333 000   | 4     | 80          | 12 %              |
//! | 19    | 15        | 1 240 000 | 4     | 20          | 3 %               |
//! | 20    | none      | none      | 1     | 0           | 0                 |
//!
//! Below level 4 (the beginner levels) the engine weighs more lines and strays
//! further and more often, so that level 0 plays like someone in their first games.
//! From level 16 up the search evaluates with the rule set's network, where it has
//! one, and the depth cap rises two plies a level, so that the top levels lead up to
//! full strength without a gap.

use super::score::is_mate;

/// The lowest and highest `UCI_Elo`.
pub const ELO_MIN: u32 = 400;
pub const ELO_MAX: u32 = 2850;
/// The highest `Skill Level` (full strength).
pub const LEVEL_MAX: u32 = 20;
/// The Elo of each level 0..=20 (rising), on Stockfish's `UCI_Elo` scale:
/// `UCI_Elo` picks the level by this table. Measured in matches (docs/strength.md,
/// "Levels"): levels 8, 12, 15, 16, 19 and 20 against Stockfish 15.1 at a nearby
/// `UCI_Elo`, levels 0 and 4 through alfiere's own levels; the rest interpolated.
/// Levels 0-15 search with the hand-written evaluation, levels 16-19 and full
/// strength with the built-in network, as when they were measured. Full strength
/// measures about 2330 (against `UCI_Elo` 2400 and 2600), so any higher `UCI_Elo`
/// plays at full strength.
pub const ELO_AT_LEVEL: [u32; 21] = [
    450, 600, 745, 890, 1040, 1170, 1300, 1440, 1570, 1610, 1660, 1700, 1750, 1790, 1830, 1850,
    1910, 1997, 2083, 2170, 2330,
];

/// From this level up the search evaluates with the rule set's network where there
/// is one, as full strength does: with the hand-written evaluation the table rose
/// 250 Elo from level 19 to full strength in one step. The levels below keep the
/// hand-written evaluation, with which they were measured and whose mistakes look
/// human.
const NETWORK_FROM_LEVEL: f64 = 16.0;
/// Plies of depth cap added per level above [`NETWORK_FROM_LEVEL`], on top of the half
/// ply of every level. At one ply every two levels, level 19 was capped at depth 10,
/// shallower than full strength searches on a blitz clock: even with the network it
/// measured about 300 Elo below full strength (docs/strength.md, "Levels").
const TOP_EXTRA_DEPTH_PER_LEVEL: f64 = 1.5;

/// Lines searched at a weakened level, to choose from.
const WEAK_MULTIPV: usize = 4;
/// Below this level the engine plays as a beginner: it weighs more lines, strays
/// further from the best and more often, as people in their first games do (they
/// drop pieces, miss captures), so level 0 reaches a real beginner.
const BEGINNER_LEVELS: f64 = 4.0;
/// At level 0, this many lines more than [`WEAK_MULTIPV`] (falling to none at
/// [`BEGINNER_LEVELS`]).
const BEGINNER_EXTRA_LINES: f64 = 6.0;
/// At level 0, this many centipawns more margin (falling quadratically to none).
const BEGINNER_EXTRA_MARGIN: f64 = 360.0;
/// At level 0, this much more inaccuracy chance (falling quadratically to none).
const BEGINNER_EXTRA_INACCURACY: f64 = 0.2;
/// `NODES_GROWTH ^ level`, as `exp(level * ln NODES_GROWTH)`: the module already has
/// `exp` and `ln`, while `powf` would add the C library's `pow` (2 KB of WebAssembly).
/// The caps it gives are the same (`node_caps_as_with_powf`).
fn growth(level: f64) -> f64 {
    (level * NODES_GROWTH.ln()).exp()
}

/// The node cap is `NODES_AT_LEVEL_0 * NODES_GROWTH ^ level`, times the lines over
/// [`WEAK_MULTIPV`] at the beginner levels.
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

    /// Whether the search evaluates with the rule set's network, where it has one:
    /// full strength and the levels from 16 up.
    pub fn uses_network(&self) -> bool {
        self.level >= NETWORK_FROM_LEVEL
    }

    /// The deepest iteration allowed: one ply more every two levels, and from level
    /// 16 up two plies more a level.
    pub fn max_depth(&self) -> Option<u32> {
        let top = (self.level - NETWORK_FROM_LEVEL).max(0.0);
        self.is_weakened()
            .then(|| (1.0 + self.level / 2.0 + TOP_EXTRA_DEPTH_PER_LEVEL * top) as u32)
    }

    /// The most nodes allowed per search.
    ///
    /// The extra lines of the beginner levels get nodes of their own: without them
    /// the cap ends the first iteration before those lines are searched, and the
    /// engine always plays its best line.
    pub fn max_nodes(&self) -> Option<u64> {
        self.is_weakened().then(|| {
            let lines = self.multipv() as f64 / WEAK_MULTIPV as f64;
            (NODES_AT_LEVEL_0 * growth(self.level) * lines) as u64
        })
    }

    /// How many lines to search.
    pub fn multipv(&self) -> usize {
        if self.is_weakened() {
            WEAK_MULTIPV + (BEGINNER_EXTRA_LINES * self.beginner_share()).round() as usize
        } else {
            1
        }
    }

    /// How far below the best line (in centipawns) a chosen line may be.
    pub fn margin(&self) -> i32 {
        let base = (f64::from(LEVEL_MAX) - self.level) * MARGIN_PER_LEVEL;
        (base + BEGINNER_EXTRA_MARGIN * self.beginner_share().powi(2)) as i32
    }

    /// The chance of not playing the best line.
    pub fn inaccuracy_chance(&self) -> f64 {
        let base =
            (f64::from(LEVEL_MAX) - self.level) / f64::from(LEVEL_MAX) * INACCURACY_AT_LEVEL_0;
        base + BEGINNER_EXTRA_INACCURACY * self.beginner_share().powi(2)
    }

    /// How far into the beginner levels this is: 1 at level 0, 0 from
    /// [`BEGINNER_LEVELS`] up.
    fn beginner_share(&self) -> f64 {
        ((BEGINNER_LEVELS - self.level) / BEGINNER_LEVELS).max(0.0)
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

    /// A number in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_caps_as_with_powf() {
        // Every level the Elo mapping can give (it interpolates), every line count.
        for step in 0..=2000 {
            let level = f64::from(step) / 100.0;
            for lines in [0.5, 1.0, 1.5, 2.0, 3.0] {
                let old = (NODES_AT_LEVEL_0 * NODES_GROWTH.powf(level) * lines) as u64;
                let new = (NODES_AT_LEVEL_0 * growth(level) * lines) as u64;
                assert_eq!(old, new, "level {level}, lines {lines}");
            }
        }
        for elo in 0..=3000 {
            let level = Strength::from_elo(elo).level();
            assert_eq!(
                (NODES_AT_LEVEL_0 * NODES_GROWTH.powf(level)) as u64,
                (NODES_AT_LEVEL_0 * growth(level)) as u64,
                "UCI_Elo {elo}"
            );
        }
    }

    #[test]
    fn mapping() {
        assert!(!Strength::full().is_weakened());
        assert_eq!(Strength::from_elo(ELO_MAX), Strength::full());
        assert_eq!(Strength::from_elo(100).level(), 0.0);
        let beginner = Strength::from_level(0);
        assert_eq!(beginner.max_depth(), Some(1));
        assert_eq!(beginner.max_nodes(), Some(750));
        assert_eq!(Strength::from_level(10).max_depth(), Some(6));
        // The top levels deepen two plies a level towards full strength.
        let top: Vec<Option<u32>> = (15..=19)
            .map(|level| Strength::from_level(level).max_depth())
            .collect();
        assert_eq!(top, [Some(8), Some(9), Some(11), Some(13), Some(15)]);
        assert!(!Strength::from_level(15).uses_network());
        assert!(Strength::from_level(16).uses_network() && Strength::full().uses_network());
        assert_eq!(Strength::from_elo(1570).level(), 8.0);
        assert!(Strength::from_elo(1500).level() > 7.0);
        // Above what full strength measures, full strength.
        assert_eq!(Strength::from_elo(2330), Strength::full());
        assert!(Strength::from_elo(2300).is_weakened());
        assert!(ELO_AT_LEVEL.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn weakening_eases_steadily_towards_full_strength() {
        let levels: Vec<Strength> = (0..=LEVEL_MAX).map(Strength::from_level).collect();
        for pair in levels.windows(2) {
            let (lower, higher) = (pair[0], pair[1]);
            assert!(lower.margin() >= higher.margin(), "{lower:?}");
            assert!(
                lower.inaccuracy_chance() >= higher.inaccuracy_chance(),
                "{lower:?}"
            );
            assert!(lower.multipv() >= higher.multipv(), "{lower:?}");
            assert!(lower.max_nodes() <= higher.max_nodes() || !higher.is_weakened());
            assert!(lower.max_depth() <= higher.max_depth() || !higher.is_weakened());
        }
        let beginner = Strength::from_level(0);
        assert_eq!(
            beginner.multipv(),
            WEAK_MULTIPV + BEGINNER_EXTRA_LINES as usize
        );
        assert!((beginner.inaccuracy_chance() - 0.8).abs() < 1e-9);
        // Even a beginner never leaves a queen en prise on purpose.
        assert!(beginner.margin() < 900, "{}", beginner.margin());
        // From the beginner levels up, the earlier mapping holds.
        let novice = Strength::from_level(BEGINNER_LEVELS as u32);
        assert_eq!(novice.multipv(), WEAK_MULTIPV);
        assert_eq!(novice.margin(), 320);
    }

    #[test]
    fn choices_stay_within_the_margin() {
        let weak = Strength::from_level(0);
        let mut rng = SplitMix(7);
        let scores = [50, 40, 50 - weak.margin() - 1, -900];
        let mut picked = [0usize; 4];
        for _ in 0..2000 {
            picked[weak.choose(&scores, &mut || rng.next_u64())] += 1;
        }
        // The best line as often as the inaccuracy chance leaves it (about 400 of
        // 2000 at level 0), the near one the rest of the time.
        let expected_best = (1.0 - weak.inaccuracy_chance()) * 2000.0;
        assert!(
            (picked[0] as f64 - expected_best).abs() < 100.0,
            "{picked:?}"
        );
        assert!(picked[1] > 1000, "{picked:?}");
        assert_eq!(picked[2] + picked[3], 0, "{picked:?}");
        // Full strength always plays the best line.
        let mut rng = SplitMix(7);
        for _ in 0..100 {
            assert_eq!(Strength::full().choose(&scores, &mut || rng.next_u64()), 0);
        }
    }
}
