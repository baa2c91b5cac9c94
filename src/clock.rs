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

use crate::types::{ByColor, Color};
use std::fmt;
use std::str::FromStr;

/// The longest `TimeControl` text read.
pub const MAX_TIME_CONTROL_TEXT: usize = 256;

/// The most periods a time control has.
pub const MAX_PERIODS: usize = 8;

/// The longest time a period, increment or delay may give: 100 days (keeps every
/// sum of a game far inside `i64` milliseconds).
pub const MAX_SECONDS: u64 = 100 * 24 * 3600;

/// One period of a time control: `moves` turns (or the rest of the game) in `base`
/// time, with a Fischer increment and a Bronstein delay per turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// Turns to play in the period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// Time added to the clock when the period begins, ms.
    pub base_ms: u64,
    /// Time added after each turn of the period, ms.
    pub increment_ms: u64,
    /// Time of each turn of the period that is not charged, ms.
    pub delay_ms: u64,
}

/// How a game is timed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum TimeControl {
    /// No clock (`-`).
    #[default]
    Untimed,
    /// A clock of unknown kind (`?`): no times can be computed.
    Unknown,
    /// A sand clock of `total_ms` (`*180`): what one side uses, the other gains.
    Hourglass { total_ms: u64 },
    /// Periods in order; after the last, a last period with a move count repeats.
    Periods(Vec<Period>),
}

impl TimeControl {
    /// Sudden death in `base_ms` with an increment of `increment_ms` per turn.
    pub fn fischer(base_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl::Periods(vec![Period {
            moves: None,
            base_ms,
            increment_ms,
            delay_ms: 0,
        }])
    }

    /// Whether the control runs a clock (a known kind other than `-`).
    pub fn is_timed(&self) -> bool {
        matches!(
            self,
            TimeControl::Hourglass { .. } | TimeControl::Periods(_)
        )
    }

    /// The time on each clock before the first action, ms (`None` untimed).
    pub fn initial_ms(&self) -> Option<u64> {
        match self {
            TimeControl::Hourglass { total_ms } => Some(*total_ms),
            TimeControl::Periods(periods) => periods.first().map(|p| p.base_ms),
            _ => None,
        }
    }

    /// The first period's increment, ms (0 for an untimed game or an hourglass).
    pub fn increment_ms(&self) -> u64 {
        match self {
            TimeControl::Periods(periods) => periods.first().map_or(0, |p| p.increment_ms),
            _ => 0,
        }
    }
}

/// Why a `TimeControl` text was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControlError {
    /// The text, cut to 40 characters.
    pub text: String,
    pub reason: &'static str,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a time control like 300+3 or 40/5400:1800 ({})",
            self.text, self.reason
        )
    }
}

impl std::error::Error for TimeControlError {}

/// Seconds with up to three decimals, as milliseconds.
fn parse_seconds(text: &str) -> Result<u64, &'static str> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !(fraction.is_empty() || digits(fraction)) || text.ends_with('.') {
        return Err("seconds are digits, like 300 or 0.5");
    }
    if fraction.len() > 3 {
        return Err("seconds have at most three decimals");
    }
    let seconds: u64 = whole.parse().map_err(|_| "too many seconds")?;
    if seconds > MAX_SECONDS {
        return Err("more than 100 days");
    }
    let millis: u64 = format!("{fraction:0<3}").parse().unwrap_or(0);
    Ok(seconds * 1000 + millis)
}

fn write_seconds(f: &mut fmt::Formatter<'_>, ms: u64) -> fmt::Result {
    write!(f, "{}", ms / 1000)?;
    let rest = ms % 1000;
    if rest != 0 {
        let digits = format!("{rest:03}");
        write!(f, ".{}", digits.trim_end_matches('0'))?;
    }
    Ok(())
}

fn parse_period(text: &str) -> Result<Period, &'static str> {
    let (moves, rest) = match text.split_once('/') {
        Some((moves, rest)) => {
            let count: u32 = moves
                .parse()
                .ok()
                .filter(|n| (1..=1000).contains(n) && moves.bytes().all(|b| b.is_ascii_digit()))
                .ok_or("a move count is a number from 1 to 1000")?;
            (Some(count), rest)
        }
        None => (None, text),
    };
    let (rest, delay_ms) = match rest.split_once('d') {
        Some((rest, delay)) => (rest, parse_seconds(delay)?),
        None => (rest, 0),
    };
    let (base, increment_ms) = match rest.split_once('+') {
        Some((base, increment)) => (base, parse_seconds(increment)?),
        None => (rest, 0),
    };
    let base_ms = parse_seconds(base)?;
    if base_ms == 0 && increment_ms == 0 && delay_ms == 0 {
        return Err("a period gives no time");
    }
    Ok(Period {
        moves,
        base_ms,
        increment_ms,
        delay_ms,
    })
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads the PGN form (see the module docs); surrounding spaces are ignored.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let error = |reason| TimeControlError {
            text: text.chars().take(40).collect(),
            reason,
        };
        if text.len() > MAX_TIME_CONTROL_TEXT {
            return Err(error("too long"));
        }
        let text = text.trim();
        match text {
            "" => return Err(error("empty")),
            "-" => return Ok(TimeControl::Untimed),
            "?" => return Ok(TimeControl::Unknown),
            _ => {}
        }
        if let Some(seconds) = text.strip_prefix('*') {
            let total_ms = parse_seconds(seconds).map_err(error)?;
            if total_ms == 0 {
                return Err(error("a sand clock of no time"));
            }
            return Ok(TimeControl::Hourglass { total_ms });
        }
        let parts: Vec<&str> = text.split(':').collect();
        if parts.len() > MAX_PERIODS {
            return Err(error("more than 8 periods"));
        }
        let periods = parts
            .iter()
            .map(|part| parse_period(part))
            .collect::<Result<Vec<Period>, _>>()
            .map_err(error)?;
        if periods[..periods.len() - 1]
            .iter()
            .any(|p| p.moves.is_none())
        {
            return Err(error(
                "only the last period may be for the rest of the game",
            ));
        }
        Ok(TimeControl::Periods(periods))
    }
}

impl fmt::Display for TimeControl {
    /// The PGN form, which [`TimeControl::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Untimed => f.write_str("-"),
            TimeControl::Unknown => f.write_str("?"),
            TimeControl::Hourglass { total_ms } => {
                f.write_str("*")?;
                write_seconds(f, *total_ms)
            }
            TimeControl::Periods(periods) => {
                for (i, period) in periods.iter().enumerate() {
                    if i > 0 {
                        f.write_str(":")?;
                    }
                    if let Some(moves) = period.moves {
                        write!(f, "{moves}/")?;
                    }
                    write_seconds(f, period.base_ms)?;
                    if period.increment_ms > 0 {
                        f.write_str("+")?;
                        write_seconds(f, period.increment_ms)?;
                    }
                    if period.delay_ms > 0 {
                        f.write_str("d")?;
                        write_seconds(f, period.delay_ms)?;
                    }
                }
                Ok(())
            }
        }
    }
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

/// Milliseconds in the `%clk` form `H:MM:SS`, with tenths when they are not whole
/// seconds (`0:04:57.3`); a negative time as `0:00:00`.
pub fn write_clk(ms: i64) -> String {
    let ms = ms.max(0) as u64;
    let seconds = ms / 1000;
    let mut text = format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    );
    let tenths = ms % 1000 / 100;
    if ms % 1000 != 0 {
        text.push_str(&format!(".{tenths}"));
    }
    text
}

/// Reads the `%clk` form `H:MM:SS[.f]` (also `MM:SS`) as milliseconds.
pub fn parse_clk(text: &str) -> Option<i64> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let (seconds, hours_minutes) = parts.split_last()?;
    let mut total: u64 = 0;
    for part in hours_minutes {
        if part.is_empty() || part.len() > 4 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        total = total * 60 + part.parse::<u64>().ok()?;
    }
    let ms = parse_seconds(seconds).ok()?;
    if ms >= 60_000 {
        return None;
    }
    Some((total * 60_000 + ms) as i64)
}

/// Splits the `[%clk ...]` command out of a comment: the time it gives and the
/// comment without it (trimmed); `None` when the comment has no readable one.
pub fn take_clk(comment: &str) -> Option<(i64, String)> {
    let start = comment.find("[%clk")?;
    let end = start + comment[start..].find(']')?;
    let ms = parse_clk(&comment[start + "[%clk".len()..end])?;
    let (before, after) = (comment[..start].trim(), comment[end + 1..].trim());
    let rest = match (before.is_empty(), after.is_empty()) {
        (false, false) => format!("{before} {after}"),
        _ => format!("{before}{after}"),
    };
    Some((ms, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clk_text_round_trips() {
        assert_eq!(write_clk(297_000), "0:04:57");
        assert_eq!(write_clk(3_723_400), "1:02:03.4");
        assert_eq!(parse_clk("1:02:03.4"), Some(3_723_400));
        assert_eq!(parse_clk("04:57"), Some(297_000));
        assert_eq!(parse_clk("0:4:75"), None);
        assert_eq!(
            take_clk("[%clk 0:04:57] good"),
            Some((297_000, "good".to_string()))
        );
        assert_eq!(take_clk("no clock"), None);
    }
}
