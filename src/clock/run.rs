//! The clocks of a game as its actions are played ([`ClockRun`]) and what they show
//! between two actions ([`ClockReading`]).

use super::{Period, TimeControl, MAX_SECONDS};
use crate::types::{ByColor, Color};

/// One action played, for the clocks: its mover and whether it ended the mover's
/// turn (all the clocks need to know of the rule set).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockStep {
    pub mover: Color,
    pub ends_turn: bool,
}

/// What a timed game's clocks show between two actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockReading {
    /// Each side's time left, ms (negative once overstepped).
    pub remaining: ByColor<i64>,
    /// The increment each side earns for its current turn, ms.
    pub increment: ByColor<u64>,
    /// The delay the side to act may still use in its turn before its clock is
    /// charged, ms (0 without a Bronstein delay).
    pub delay_left: u64,
}

/// The clocks of a game as its actions are played: each side's time left, the
/// period each side is in, and the turn in progress (for the delay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockRun {
    control: TimeControl,
    /// Time left, ms; negative once a side has overstepped.
    remaining: ByColor<i64>,
    period: ByColor<usize>,
    /// Turns completed in the current period.
    turns_in_period: ByColor<u32>,
    /// Time used so far in the turn in progress, and how much of it was charged.
    turn_used: u64,
    turn_charged: u64,
}

impl ClockRun {
    /// Both clocks at the start (0 for a control that runs no clock).
    pub fn new(control: &TimeControl) -> ClockRun {
        let start = control.initial_ms().unwrap_or(0) as i64;
        ClockRun {
            control: control.clone(),
            remaining: ByColor {
                white: start,
                black: start,
            },
            period: ByColor { white: 0, black: 0 },
            turns_in_period: ByColor { white: 0, black: 0 },
            turn_used: 0,
            turn_charged: 0,
        }
    }

    /// Time left on `color`'s clock, ms (negative when overstepped).
    pub fn remaining(&self, color: Color) -> i64 {
        self.remaining[color]
    }

    fn current_period(&self, color: Color) -> Option<Period> {
        match &self.control {
            TimeControl::Periods(periods) => {
                periods.get(self.period[color]).or(periods.last()).copied()
            }
            _ => None,
        }
    }

    /// The increment `color` earns for its turn in progress, ms.
    pub fn increment(&self, color: Color) -> u64 {
        self.current_period(color).map_or(0, |p| p.increment_ms)
    }

    /// What the clocks show now, for `to_act` to act.
    pub fn reading(&self, to_act: Color) -> ClockReading {
        ClockReading {
            remaining: self.remaining,
            increment: ByColor::new_with(|c| self.increment(c)),
            delay_left: self.delay_left(to_act),
        }
    }

    /// The delay `color` still has in the turn in progress, ms.
    fn delay_left(&self, color: Color) -> u64 {
        self.current_period(color)
            .map_or(0, |p| p.delay_ms.saturating_sub(self.turn_used))
    }

    /// How long `color`, to act, may still think in the turn in progress before its
    /// flag falls: the time left plus what is left of the delay, ms.
    pub fn allowance(&self, color: Color) -> i64 {
        self.remaining[color] + self.delay_left(color) as i64
    }

    /// What charging `used_ms` more of the turn in progress costs `color`'s clock.
    fn charge(&self, color: Color, used_ms: u64) -> u64 {
        let delay = self.current_period(color).map_or(0, |p| p.delay_ms);
        let total = self.turn_used.saturating_add(used_ms);
        total.saturating_sub(delay) - self.turn_charged
    }

    /// The clocks after `steps`, the `i`-th action having taken `used[i]` (0 where
    /// unknown). Compiled once: a record of any rule set gives its steps.
    pub fn replay(control: &TimeControl, steps: &[ClockStep], used: &[Option<u64>]) -> ClockRun {
        let mut run = ClockRun::new(control);
        for (step, used) in steps.iter().zip(used) {
            run.act(step.mover, used.unwrap_or(0), step.ends_turn);
        }
        run
    }

    /// After each of `steps` (taking `used`, as [`Self::replay`]), what its mover's
    /// clock showed (the PGN `%clk`), where the action's time is known and the
    /// control runs a clock.
    pub fn clocks(
        control: &TimeControl,
        steps: &[ClockStep],
        used: &[Option<u64>],
    ) -> Vec<Option<i64>> {
        let timed = control.is_timed();
        let mut run = ClockRun::new(control);
        steps
            .iter()
            .zip(used)
            .map(|(step, known)| {
                run.act(step.mover, known.unwrap_or(0), step.ends_turn);
                (timed && known.is_some()).then(|| run.remaining(step.mover))
            })
            .collect()
    }

    /// `color` played an action that took `used_ms`; `ends_turn` when the other side
    /// acts next (then the increment is added and the turn counts in the period).
    pub fn act(&mut self, color: Color, used_ms: u64, ends_turn: bool) {
        let used_ms = used_ms.min(MAX_SECONDS * 1000);
        if let TimeControl::Hourglass { .. } = self.control {
            self.remaining[color] -= used_ms as i64;
            self.remaining[!color] += used_ms as i64;
            return;
        }
        if !self.control.is_timed() {
            return;
        }
        let charge = self.charge(color, used_ms);
        self.remaining[color] -= charge as i64;
        self.turn_used = self.turn_used.saturating_add(used_ms);
        self.turn_charged += charge;
        if ends_turn {
            self.end_turn(color);
        }
    }

    fn end_turn(&mut self, color: Color) {
        self.turn_used = 0;
        self.turn_charged = 0;
        let Some(period) = self.current_period(color) else {
            return;
        };
        self.remaining[color] += period.increment_ms as i64;
        self.turns_in_period[color] += 1;
        if period.moves == Some(self.turns_in_period[color]) {
            self.turns_in_period[color] = 0;
            let TimeControl::Periods(periods) = &self.control else {
                return;
            };
            // After the last period, a last period with a move count repeats.
            let next = (self.period[color] + 1).min(periods.len() - 1);
            self.period[color] = next;
            self.remaining[color] += periods[next].base_ms as i64;
        }
    }

    /// The time an action must have taken for `color`'s clock to show `after_ms`
    /// once it is played (the inverse of [`Self::act`], for reading `%clk`); `None`
    /// when no time gives that (the clock shows more than the control allows).
    pub fn used_for(&self, color: Color, after_ms: i64, ends_turn: bool) -> Option<u64> {
        let mut probe = self.clone();
        probe.act(color, 0, ends_turn);
        // What the clock shows with no time used, less what it shows: the charge.
        let charge = probe.remaining[color] - after_ms;
        if charge < 0 {
            return None;
        }
        let charge = charge as u64;
        if let TimeControl::Hourglass { .. } = self.control {
            return Some(charge);
        }
        if charge == 0 {
            return Some(0);
        }
        let delay = self.current_period(color).map_or(0, |p| p.delay_ms);
        // `turn_used + used - delay = turn_charged + charge`, with the delay spent.
        Some((self.turn_charged + charge + delay).saturating_sub(self.turn_used))
    }
}
