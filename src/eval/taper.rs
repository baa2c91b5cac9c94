//! Tapered scores: every evaluation term is a pair (middlegame, endgame) that is
//! blended by the game phase, so a term can matter more while queens are on the
//! board (king safety) or once they are off (king activity, passed pawns).

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A (middlegame, endgame) pair of centipawn values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

/// The phase of a board with every piece of the orthodox array on it.
pub const MAX_PHASE: i32 = 24;

impl S {
    /// The value for a game `phase` (0 = bare endgame, [`MAX_PHASE`] = opening).
    #[inline]
    pub fn taper(self, phase: i32) -> i32 {
        let phase = phase.clamp(0, MAX_PHASE);
        (self.0 * phase + self.1 * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0, self.1 + rhs.1)
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0, self.1 - rhs.1)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, rhs: S) {
        *self = *self + rhs;
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, rhs: S) {
        *self = *self - rhs;
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, rhs: i32) -> S {
        S(self.0 * rhs, self.1 * rhs)
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}
