//! Judging actions from evaluations: the win chance of an evaluation, and the mark an
//! action (or a whole turn) earns by what it threw away.
//!
//! Win chance follows the logistic lichess fitted to its players' results (its
//! "Win%" page): `50 + 50·(2/(1+e^(−0.00368208·cp)) − 1)`, with the evaluation capped
//! at ±1000 centipawns and a forced mate counted as the cap. The marks use lichess's
//! thresholds on the drop of the mover's win chance, in points of win percentage:
//! 5 (inaccuracy, `?!`), 10 (mistake, `?`) and 15 (blunder, `??`), so a drop in an
//! already decided position, where the curve is flat, earns no mark. Mates are judged
//! apart, by the evaluation on the other side of the change (see [`judge`]).

use crate::types::Color;
use serde::Serialize;

/// The logistic's slope per centipawn (lichess's fit of game results to Stockfish
/// evaluations).
pub const WIN_CHANCE_SLOPE: f64 = 0.003_682_08;

/// Evaluations beyond this many centipawns count as this many: past it, the curve
/// says nothing a player could use.
pub const CP_CEILING: i32 = 1000;

/// Drops of the mover's win chance, in percentage points, that earn each mark.
pub const INACCURACY_DROP: f64 = 5.0;
pub const MISTAKE_DROP: f64 = 10.0;
pub const BLUNDER_DROP: f64 = 15.0;

/// An engine's evaluation of a position, from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Eval {
    /// Centipawns, positive when White stands better.
    Cp(i32),
    /// A forced mate: positive when White mates, in moves of the mating side (in the
    /// multi-action rule sets, in actions: UCI's `score mate` of this engine).
    Mate(i32),
    /// The game is over in this position: its result (`1-0`, `0-1`, `1/2-1/2`).
    Result(&'static str),
}

impl Eval {
    /// The evaluation from `color`'s point of view, as a centipawn figure for the
    /// win chance: a mate for `color` is the ceiling, a finished game its result.
    fn centipawns_for(self, color: Color) -> i32 {
        let white = match self {
            Eval::Cp(cp) => cp.clamp(-CP_CEILING, CP_CEILING),
            Eval::Mate(m) if m > 0 => CP_CEILING,
            Eval::Mate(_) => -CP_CEILING,
            Eval::Result("1-0") => CP_CEILING,
            Eval::Result("0-1") => -CP_CEILING,
            Eval::Result(_) => 0,
        };
        if color == Color::White {
            white
        } else {
            -white
        }
    }

    /// `color`'s chance to win in percent (0 to 100; 50 for an even position).
    /// A finished game is 100, 0 or 50 exactly.
    pub fn win_percent(self, color: Color) -> f64 {
        if let Eval::Result(result) = self {
            return match (result, color) {
                ("1-0", Color::White) | ("0-1", Color::Black) => 100.0,
                ("1/2-1/2", _) => 50.0,
                _ => 0.0,
            };
        }
        let cp = f64::from(self.centipawns_for(color));
        50.0 + 50.0 * (2.0 / (1.0 + (-WIN_CHANCE_SLOPE * cp).exp()) - 1.0)
    }

    /// Whether a forced mate is on the board: `Some(true)` when `color` mates (or
    /// has won), `Some(false)` when `color` is mated (or has lost), else `None`.
    fn mating(self, color: Color) -> Option<bool> {
        let white_mates = match self {
            Eval::Mate(m) => m > 0,
            Eval::Result("1-0") => true,
            Eval::Result("0-1") => false,
            _ => return None,
        };
        Some(white_mates == (color == Color::White))
    }

    /// The evaluation as PGN's `[%eval …]` writes it: pawns with two decimals, or
    /// `#N`/`#-N`; `None` for a finished game, whose result says it all.
    pub fn pgn_value(self) -> Option<String> {
        match self {
            Eval::Cp(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                Some(format!("{sign}{}.{:02}", abs / 100, abs % 100))
            }
            Eval::Mate(m) => Some(format!("#{m}")),
            Eval::Result(_) => None,
        }
    }

    /// Reads the value of a `[%eval …]` command: `0.31`, `-1.5`, `#3`, `#-2`.
    /// Decimal digits are read by hand, to the centipawn (no float parser: it would
    /// cost the WebAssembly module kilobytes).
    pub fn from_pgn_value(text: &str) -> Option<Eval> {
        let text = text.trim();
        if let Some(mate) = text.strip_prefix('#') {
            return mate.parse::<i32>().ok().filter(|m| *m != 0).map(Eval::Mate);
        }
        let (negative, unsigned) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (pawns, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if pawns.is_empty() && fraction.is_empty() || !digits(pawns) || !digits(fraction) {
            return None;
        }
        let pawns: i32 = if pawns.is_empty() {
            0
        } else {
            pawns.parse().ok().filter(|p| *p <= 100_000)?
        };
        // Hundredths, rounded on the third decimal.
        let mut hundredths = 0;
        for (i, b) in fraction.bytes().take(3).enumerate() {
            let d = i32::from(b - b'0');
            match i {
                0 => hundredths += 10 * d,
                1 => hundredths += d,
                _ => hundredths += i32::from(d >= 5),
            }
        }
        let cp = pawns * 100 + hundredths;
        Some(Eval::Cp(if negative { -cp } else { cp }))
    }
}

/// The mark of an action or turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The Numeric Annotation Glyph: `$6` (`?!`), `$2` (`?`), `$4` (`??`).
    pub const fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    pub const fn glyph(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The mark a NAG stands for, if it is one of the three.
    pub const fn from_nag(nag: u8) -> Option<Mark> {
        match nag {
            6 => Some(Mark::Inaccuracy),
            2 => Some(Mark::Mistake),
            4 => Some(Mark::Blunder),
            _ => None,
        }
    }
}

/// Why a mark was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// The mover's win chance dropped by at least a threshold.
    WinChance,
    /// The mover had a forced mate and let it go.
    MissedMate,
    /// The mover had no mate against them and now has one.
    AllowedMate,
}

impl Cause {
    pub const ALL: [Cause; 3] = [Cause::WinChance, Cause::MissedMate, Cause::AllowedMate];

    /// How reports spell it (a report's `cause`), the one spelling for writing and
    /// reading.
    pub const fn name(self) -> &'static str {
        match self {
            Cause::WinChance => "win-chance",
            Cause::MissedMate => "missed-mate",
            Cause::AllowedMate => "allowed-mate",
        }
    }

    pub fn from_name(name: &str) -> Option<Cause> {
        Cause::ALL.into_iter().find(|cause| cause.name() == name)
    }
}

impl Serialize for Cause {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The verdict on one decision (an action, or a whole multi-action turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub mark: Mark,
    pub cause: Cause,
}

/// Judges a decision by `mover` that turned the evaluation `before` into `after`
/// (both White's view). Forced decisions are never judged (the caller skips them).
///
/// Mates come first, judged by the evaluation on the other side of the change, since
/// a mate's size says nothing about how bad losing it is: walking into a forced mate
/// is a blunder unless the position was already lost (below −7 and −10 pawns: a
/// mistake and an inaccuracy); letting a forced mate go is a blunder unless what
/// remains still wins big (above +7 and +10 pawns). Exchanging one mate for a
/// slower one is not marked. Everything else is judged by the win chance's drop.
pub fn judge(mover: Color, before: Eval, after: Eval) -> Option<Verdict> {
    let mate_before = before.mating(mover);
    let mate_after = after.mating(mover);
    let cp_before = before.centipawns_for(mover);
    let cp_after = after.centipawns_for(mover);
    let by_cp = |cp: i32, [soft, medium]: [i32; 2]| {
        if cp > soft {
            Mark::Inaccuracy
        } else if cp > medium {
            Mark::Mistake
        } else {
            Mark::Blunder
        }
    };
    let allowed = mate_before != Some(false) && mate_after == Some(false);
    if allowed {
        return Some(Verdict {
            mark: by_cp(-cp_before, [999, 700]),
            cause: Cause::AllowedMate,
        });
    }
    let missed = mate_before == Some(true) && mate_after != Some(true);
    if missed {
        return Some(Verdict {
            mark: by_cp(cp_after, [999, 700]),
            cause: Cause::MissedMate,
        });
    }
    if mate_before == Some(true) {
        return None;
    }
    let drop = win_chance_drop(mover, before, after);
    let mark = if drop >= BLUNDER_DROP {
        Mark::Blunder
    } else if drop >= MISTAKE_DROP {
        Mark::Mistake
    } else if drop >= INACCURACY_DROP {
        Mark::Inaccuracy
    } else {
        return None;
    };
    Some(Verdict {
        mark,
        cause: Cause::WinChance,
    })
}

/// How many points of win chance `mover` lost from `before` to `after` (both
/// White's view; negative for a gain): what [`judge`] marks when no mate decides.
pub fn win_chance_drop(mover: Color, before: Eval, after: Eval) -> f64 {
    before.win_percent(mover) - after.win_percent(mover)
}

/// The verdict on a decision as the analysis gives it, the one rule of the report,
/// of its deeper looks and of a practised turn ([`super::TurnJudge`]): [`judge`]'s,
/// unless the decision is `blameless`, which is never marked: forced (every action
/// of it the only legal one), or the whole turn the engine's own best for the
/// position before it (its drop is then two searches disagreeing about one line,
/// not anything the mover lost).
pub fn verdict(mover: Color, before: Eval, after: Eval, blameless: bool) -> Option<Verdict> {
    if blameless {
        return None;
    }
    judge(mover, before, after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn a_cause_is_written_and_read_by_one_name() {
        for cause in Cause::ALL {
            let json = serde_json::to_string(&cause).unwrap();
            assert_eq!(json, format!("\"{}\"", cause.name()));
            assert_eq!(Cause::from_name(cause.name()), Some(cause));
        }
        assert_eq!(Cause::from_name("WinChance"), None);
    }
    #[test]
    fn win_percent_is_the_published_logistic() {
        assert!((Eval::Cp(0).win_percent(White) - 50.0).abs() < 1e-9);
        // 2/(1+e^(-0.368208)) - 1 = 0.18205…: 59.10 points.
        assert!((Eval::Cp(100).win_percent(White) - 59.10).abs() < 0.01);
        assert!((Eval::Cp(100).win_percent(Black) - 40.90).abs() < 0.01);
        assert_eq!(
            Eval::Cp(5000).win_percent(White),
            Eval::Cp(1000).win_percent(White)
        );
        assert_eq!(
            Eval::Mate(3).win_percent(White),
            Eval::Cp(1000).win_percent(White)
        );
        assert_eq!(
            Eval::Mate(-3).win_percent(White),
            Eval::Cp(-1000).win_percent(White)
        );
        assert_eq!(Eval::Result("0-1").win_percent(Black), 100.0);
        assert_eq!(Eval::Result("1/2-1/2").win_percent(White), 50.0);
    }

    #[test]
    fn marks_follow_the_thresholds() {
        // +0.30 to -0.30 for White: 52.8 to 47.2, a drop of 5.5: an inaccuracy.
        let v = judge(White, Eval::Cp(30), Eval::Cp(-30)).unwrap();
        assert_eq!((v.mark, v.cause), (Mark::Inaccuracy, Cause::WinChance));
        assert_eq!(judge(White, Eval::Cp(30), Eval::Cp(0)), None);
        assert_eq!(
            judge(White, Eval::Cp(0), Eval::Cp(-150)).unwrap().mark,
            Mark::Mistake
        );
        assert_eq!(
            judge(White, Eval::Cp(50), Eval::Cp(-300)).unwrap().mark,
            Mark::Blunder
        );
        // Black's drop is White's gain.
        assert_eq!(
            judge(Black, Eval::Cp(-50), Eval::Cp(300)).unwrap().mark,
            Mark::Blunder
        );
        assert_eq!(
            judge(Black, Eval::Cp(50), Eval::Cp(200)).unwrap().mark,
            Mark::Mistake
        );
        assert_eq!(judge(White, Eval::Cp(-50), Eval::Cp(300)), None);
    }

    #[test]
    fn a_lost_position_stays_lost_without_marks() {
        // From -8 to -11 pawns: the curve is flat there.
        assert_eq!(judge(White, Eval::Cp(-800), Eval::Cp(-1100)), None);
        assert_eq!(judge(Black, Eval::Cp(900), Eval::Cp(1500)), None);
    }

    #[test]
    fn mates() {
        let allowed = judge(White, Eval::Cp(20), Eval::Mate(-2)).unwrap();
        assert_eq!(
            (allowed.mark, allowed.cause),
            (Mark::Blunder, Cause::AllowedMate)
        );
        assert_eq!(
            judge(White, Eval::Cp(-800), Eval::Mate(-4)).unwrap().mark,
            Mark::Mistake
        );
        assert_eq!(
            judge(White, Eval::Cp(-1200), Eval::Mate(-4)).unwrap().mark,
            Mark::Inaccuracy
        );
        // Already being mated: a faster mate is no news.
        assert_eq!(judge(White, Eval::Mate(-5), Eval::Mate(-2)), None);
        let missed = judge(Black, Eval::Mate(-3), Eval::Cp(-200)).unwrap();
        assert_eq!(
            (missed.mark, missed.cause),
            (Mark::Blunder, Cause::MissedMate)
        );
        assert_eq!(
            judge(Black, Eval::Mate(-3), Eval::Cp(-1500)).unwrap().mark,
            Mark::Inaccuracy
        );
        assert_eq!(judge(White, Eval::Mate(2), Eval::Mate(6)), None);
        // Mating is keeping the mate.
        assert_eq!(judge(White, Eval::Mate(1), Eval::Result("1-0")), None);
        // A stalemate instead of the mate.
        assert_eq!(
            judge(White, Eval::Mate(2), Eval::Result("1/2-1/2"))
                .unwrap()
                .mark,
            Mark::Blunder
        );
    }

    #[test]
    fn pgn_values_round_trip() {
        for (eval, text) in [
            (Eval::Cp(31), "0.31"),
            (Eval::Cp(-150), "-1.50"),
            (Eval::Cp(-5), "-0.05"),
            (Eval::Cp(0), "0.00"),
            (Eval::Mate(3), "#3"),
            (Eval::Mate(-2), "#-2"),
        ] {
            assert_eq!(eval.pgn_value().as_deref(), Some(text));
            assert_eq!(Eval::from_pgn_value(text), Some(eval));
        }
        assert_eq!(Eval::from_pgn_value("1.5"), Some(Eval::Cp(150)));
        assert_eq!(Eval::from_pgn_value("+0.5"), Some(Eval::Cp(50)));
        assert_eq!(Eval::from_pgn_value("-.25"), Some(Eval::Cp(-25)));
        assert_eq!(Eval::from_pgn_value("0.126"), Some(Eval::Cp(13)));
        assert_eq!(Eval::from_pgn_value("3"), Some(Eval::Cp(300)));
        for bad in [
            "", "#", "#0", "x", "NaN", "inf", "1e300", ".", "-", "1.2.3", "1,5", "99999999",
        ] {
            assert_eq!(Eval::from_pgn_value(bad), None, "{bad}");
        }
    }
}
