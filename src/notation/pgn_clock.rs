//! A timed game in PGN: the `TimeControl` tag (the PGN standard's form, see
//! [`crate::clock`]), a `[%clk 0:04:57]` command in the comment after each move
//! token (what the mover's clock showed once the token's actions were played, the
//! increment included), and `[Termination "time forfeit"]` for a game lost or drawn
//! on time.
//!
//! Reading turns the `%clk` times back into the time each action took (the token's
//! last action carries the token's time); the comments stay as written, so writing a
//! game read from PGN gives its text again. A game whose `%clk` times no play under
//! its time control gives (more time than the control allows, as when a server added
//! time) keeps them as comment text only. Writing puts each token's `%clk` first in
//! its comment, or corrects one already there.
//! Everything here is rule-set independent (one copy in the WebAssembly module).

use crate::clock::{parse_seconds, ClockRun, ClockStep, TimeControl};
use crate::game::{EndReason, Outcome};
use crate::types::Color;

/// The `Termination` tag's value for a game that ended on time.
pub const TIME_FORFEIT: &str = "time forfeit";

/// The time control a game's `TimeControl` tag names, when it reads as one.
pub fn tag_control(tags: &[(String, String)]) -> Option<TimeControl> {
    let (_, value) = tags.iter().rev().find(|(n, _)| n == "TimeControl")?;
    value.parse().ok()
}

/// Whether a game's `Termination` tag says it ended on time.
pub fn ended_on_time(tags: &[(String, String)]) -> bool {
    tags.iter()
        .rev()
        .find(|(n, _)| n == "Termination")
        .is_some_and(|(_, v)| v.trim().eq_ignore_ascii_case(TIME_FORFEIT))
}

/// The side that ran out of time in a game that ended on time with `result`: the
/// loser, or for a draw the side to act (whose clock was running).
pub fn flagged_side(result: Option<&str>, to_act: Color) -> Option<Color> {
    match result? {
        "1-0" => Some(Color::Black),
        "0-1" => Some(Color::White),
        "1/2-1/2" => Some(to_act),
        _ => None,
    }
}

/// The `%clk` time of each token's comments, if one has it.
pub fn token_clk(comments: &[String]) -> Option<i64> {
    comments
        .iter()
        .find_map(|c| find_clk(c))
        .and_then(|(_, ms)| ms)
}

/// Each action's time from the tokens' `%clk` times (`clks[i]` for the token of
/// `sizes[i]` actions): the last action of a token with a time carries it, the
/// others take none; a token without one leaves its actions' times unknown. `None`
/// when some `%clk` is more than the control can give.
pub fn read_times(
    control: &TimeControl,
    steps: &[ClockStep],
    sizes: &[usize],
    clks: &[Option<i64>],
) -> Option<Vec<Option<u64>>> {
    let mut run = ClockRun::new(control);
    let mut times = Vec::with_capacity(steps.len());
    let mut at = 0;
    for (&size, clk) in sizes.iter().zip(clks) {
        for (k, step) in steps.get(at..at + size)?.iter().enumerate() {
            let last = k + 1 == size;
            let used = match clk {
                Some(ms) if last => Some(run.used_for(step.mover, *ms, step.ends_turn)?),
                Some(_) => Some(0),
                None => None,
            };
            run.act(step.mover, used.unwrap_or(0), step.ends_turn);
            times.push(used);
        }
        at += size;
    }
    Some(times)
}

/// Gives a token's comments the `[%clk ...]` command for `ms`: a command already there
/// that reads the same is left as written (a comment read from PGN stays as it was);
/// one that reads otherwise is rewritten in place; without one, it goes first.
pub fn set_clk(comments: &mut Vec<String>, ms: i64) {
    let text = write_clk(ms);
    for comment in comments.iter_mut() {
        if let Some((at, written)) = find_clk(comment) {
            if written.map(write_clk).as_deref() != Some(text.as_str()) {
                super::annotations::replace_in_comment(comment, at, &format!("[%clk {text}]"));
            }
            return;
        }
    }
    let command = format!("[%clk {text}]");
    match comments.first_mut() {
        Some(first) => *first = format!("{command} {first}"),
        None => comments.push(command),
    }
}

/// The tags a timed record decides: `TimeControl` from its control (unless untimed,
/// or `written` already in a form of its own) and `Termination` when it ended on time.
pub fn clock_tags(
    control: &TimeControl,
    outcome: Option<Outcome>,
    written: bool,
) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    if *control != TimeControl::Untimed && !written {
        tags.push(("TimeControl".to_string(), control.to_string()));
    }
    if outcome.is_some_and(|o| o.reason == EndReason::TimeForfeit) {
        tags.push(("Termination".to_string(), TIME_FORFEIT.to_string()));
    }
    tags
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

/// Where a comment's `[%clk ...]` command stands (its bytes, brackets included) and
/// the time it gives, when it reads as one.
pub fn find_clk(comment: &str) -> Option<(std::ops::Range<usize>, Option<i64>)> {
    let start = comment.find("[%clk")?;
    let end = start + comment[start..].find(']')? + 1;
    Some((
        start..end,
        parse_clk(&comment[start + "[%clk".len()..end - 1]),
    ))
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
            find_clk("good [%clk 0:04:57]"),
            Some((5..19, Some(297_000)))
        );
        assert_eq!(find_clk("no clock"), None);
        let mut comments = vec!["[%eval 0.2] [%clk 0:04:57]".to_string()];
        set_clk(&mut comments, 297_000);
        assert_eq!(comments, ["[%eval 0.2] [%clk 0:04:57]"]);
        set_clk(&mut comments, 3_000);
        assert_eq!(comments, ["[%eval 0.2] [%clk 0:00:03]"]);
        let mut bare = vec!["fine".to_string()];
        set_clk(&mut bare, 61_000);
        assert_eq!(bare, ["[%clk 0:01:01] fine"]);
    }
}
