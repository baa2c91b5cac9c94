//! The search margins that self-play matches tune (`scripts/tune-margins.sh`).
//!
//! Each is declared once with [`tunable!`]: in a normal build it is a constant, folded
//! into the code like any other; in a build with the `tune` feature it is a value the
//! UCI option `Tune <Name>` sets, so a match can play one value against another
//! without a rebuild. The list `params::TUNABLES` names them for the UCI layer and the
//! tool.

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering};

/// One tunable margin: its UCI name, the value the engine ships with, and the range a
/// tuning run may try.
#[derive(Debug)]
pub struct Tunable {
    /// The name after `Tune ` in the UCI option.
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    #[cfg(feature = "tune")]
    value: AtomicI32,
}

impl Tunable {
    pub const fn new(name: &'static str, default: i32, min: i32, max: i32) -> Tunable {
        Tunable {
            name,
            default,
            min,
            max,
            #[cfg(feature = "tune")]
            value: AtomicI32::new(default),
        }
    }

    /// The value the search uses.
    #[inline(always)]
    pub fn get(&self) -> i32 {
        #[cfg(feature = "tune")]
        {
            self.value.load(Ordering::Relaxed)
        }
        #[cfg(not(feature = "tune"))]
        {
            self.default
        }
    }

    /// Sets the value for every later search of this process (`tune` builds only: the
    /// margins are process-wide, as a UCI engine is one game at a time).
    #[cfg(feature = "tune")]
    pub fn set(&self, value: i32) {
        self.value.store(value, Ordering::Relaxed);
    }
}

/// Two margins are equal when they are the same margin (each is one item).
impl PartialEq for Tunable {
    fn eq(&self, other: &Tunable) -> bool {
        self.name == other.name
    }
}
impl Eq for Tunable {}

/// Declares a tunable margin: a `const` in a normal build (no cost), a `static` the
/// `Tune <Name>` option sets in a `tune` build.
macro_rules! tunable {
    ($(#[$doc:meta])* $id:ident = $default:literal in $min:literal..=$max:literal as $uci:literal) => {
        $(#[$doc])*
        #[cfg(not(feature = "tune"))]
        pub const $id: $crate::search::tunable::Tunable =
            $crate::search::tunable::Tunable::new($uci, $default, $min, $max);
        $(#[$doc])*
        #[cfg(feature = "tune")]
        pub static $id: $crate::search::tunable::Tunable =
            $crate::search::tunable::Tunable::new($uci, $default, $min, $max);
    };
}
pub(crate) use tunable;
