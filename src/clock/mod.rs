//! Time controls and the clock arithmetic of a timed game, as data: the core never
//! reads a clock, so the time each action took is given to it (milliseconds), and
//! what is left on each side's clock follows from the control and those times.
//!
//! A [`TimeControl`] is written in the PGN standard's `TimeControl` tag form
//! (section 9.6.1): `?` unknown, `-` no clock, `*180` an hourglass (sand clock) of
//! 180 s, and otherwise periods joined by `:`, each `[moves/]seconds[+increment]`:
//! `300+3` (5 minutes, a Fischer increment of 3 s a move), `40/5400+30:1800+30`
//! (FIDE classical: 40 moves in 90 minutes, then 30 minutes, 30 s a move throughout).
//! A Bronstein delay, which the standard has no form for, is written `d5` after the
//! seconds (`300d5`): of each turn's time, the first 5 s are not charged. Seconds may
//! have up to three decimals (`0.5+0.1`).
//!
//! Increments, delays and move counts are per **turn**, not per action: in the
//! multi-action rule sets (Progressive, Marseillais, Avalanche) a turn of several
//! actions earns one increment and one delay, and counts as one move of a period.
//!
//! ```
//! use alfiere::clock::{ClockRun, TimeControl};
//! use alfiere::Color;
//! let control: TimeControl = "300+3".parse().unwrap();
//! let mut run = ClockRun::new(&control);
//! run.act(Color::White, 4_000, true); // White thinks 4 s: 300 - 4 + 3
//! assert_eq!(run.remaining(Color::White), 299_000);
//! assert_eq!(control.to_string(), "300+3");
//! assert!("5 minutes".parse::<TimeControl>().is_err());
//! ```

mod control;
mod run;

pub(crate) use control::parse_seconds;
pub use control::{
    Period, TimeControl, TimeControlError, MAX_PERIODS, MAX_SECONDS, MAX_TIME_CONTROL_TEXT,
};
pub use run::{ClockReading, ClockRun, ClockStep};
