//! A [`TimeControl`] and its PGN `TimeControl` text (see the module docs of
//! [`crate::clock`]), read and written.

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
pub(crate) fn parse_seconds(text: &str) -> Result<u64, &'static str> {
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
        // Counted, then read by a plain loop: a `Result` collect's adapter was 1.7 KB
        // of the WebAssembly module.
        // Periods counted by `split` (a byte filter's count was vectorised).
        if text.split(':').count() > MAX_PERIODS {
            return Err(error("more than 8 periods"));
        }
        let mut periods = Vec::new();
        for part in text.split(':') {
            periods.push(parse_period(part).map_err(error)?);
        }
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
