//! An analysis written into a game's PGN notes, and read back from them.
//!
//! Each action's comment gets the evaluation after it as the `[%eval …]` command
//! lichess and ChessBase write (`[%eval 0.31]`, `[%eval #-3]`); a marked action gets
//! its NAG (`$6` `?!`, `$2` `?`, `$4` `??`) and a sentence; after a mistake or a
//! blunder the engine's best line from the start of the turn follows as a variation,
//! in the rule set's own PGN tokens. Reading back only needs the comments, so an
//! annotated PGN from anywhere shows its evaluations without a new analysis.

use super::judge::{Cause, Eval, Mark};
use super::report::{GameReport, PlyReport};
use crate::api::{ApiError, ApiErrorKind, Game};
use crate::notation::pgn_syntax::RawVariation;

const EVAL_COMMAND: &str = "[%eval ";

/// Writes `report` into `game`'s notes. Earlier `[%eval]` commands on the same
/// plies are replaced; other comments, NAGs and variations stay.
///
/// # Errors
/// `InvalidArgument` when the report is not of this game (other actions, or more).
pub fn annotate(game: &mut Game, report: &GameReport) -> Result<(), ApiError> {
    let history = game.history();
    let matches = report.plies.len() <= history.len()
        && report
            .plies
            .iter()
            .zip(&history)
            .all(|(p, mv)| p.uci == mv.lan);
    if !matches || report.variant != game.variant().id() {
        return Err(ApiError::new(
            ApiErrorKind::InvalidArgument,
            "the analysis is of another game (its actions differ from this game's)",
        ));
    }
    if let Some(start) = report.start {
        game.edit_notes_at(0, |at| set_eval(&mut at.comments, start))?;
    }
    for ply in report.plies.iter().filter(|p| p.ends_turn) {
        let turn: Vec<&PlyReport> = report.plies.iter().filter(|p| p.turn == ply.turn).collect();
        // In a multi-action rule set a turn is one decision: its mark (its NAG), its
        // evaluation and its verdict all go on its last action (mid-turn positions
        // share its PGN token in Marseillais and Avalanche).
        let verdict = turn
            .iter()
            .find_map(|p| p.class.map(|mark| (mark, p.cause)));
        if let Some((mark, _)) = verdict {
            for p in &turn {
                game.edit_notes_at(p.ply + 1, |at| {
                    at.nags.retain(|nag| Mark::from_nag(*nag).is_none());
                    if p.ply == ply.ply {
                        at.nags.push(mark.nag());
                    }
                })?;
            }
            if mark >= Mark::Mistake {
                if let Some((at_ply, variation)) = best_turn_variation(game, turn[0]) {
                    game.edit_notes_at(at_ply, |at| {
                        if !at.variations.contains(&variation) {
                            at.variations.push(variation);
                        }
                    })?;
                }
            }
        }
        let best = verdict.and_then(|_| best_turn_sans(game, turn[0]));
        game.edit_notes_at(ply.ply + 1, |at| {
            if let Some(eval) = ply.eval {
                set_eval(&mut at.comments, eval);
            }
            if let Some((mark, cause)) = verdict {
                let sentence = verdict_sentence(mark, cause, best.as_deref());
                match at.comments.first_mut() {
                    Some(comment) if comment.starts_with("[%eval") => {
                        comment.push(' ');
                        comment.push_str(&sentence);
                    }
                    _ => at.comments.insert(0, sentence),
                }
            }
        })?;
    }
    Ok(())
}

/// Replaces the `[%eval]` command of a ply's comments by `eval`'s (none for a
/// finished game, whose result says it all); a verdict an earlier analysis wrote
/// beside the command goes with it.
fn set_eval(comments: &mut Vec<String>, eval: Eval) {
    for comment in comments.iter_mut() {
        let mut stripped = false;
        while let Some((start, end)) = find_eval(comment) {
            crate::notation::annotations::replace_in_comment(comment, start..end, "");
            *comment = comment.trim().to_string();
            stripped = true;
        }
        if stripped && is_verdict(comment) {
            comment.clear();
        }
    }
    comments.retain(|c| !c.is_empty());
    if let Some(value) = eval.pgn_value() {
        comments.insert(0, format!("{EVAL_COMMAND}{value}]"));
    }
}

/// Whether `text` is a sentence [`verdict_sentence`] writes.
fn is_verdict(text: &str) -> bool {
    ["Inaccuracy", "Mistake", "Blunder"].iter().any(|name| {
        text.strip_prefix(name)
            .is_some_and(|rest| rest.starts_with(['.', ':']) && rest.ends_with('.'))
    })
}

/// The byte range of the first `[%eval …]` command in `comment` (any white space
/// after the name: a comment may have been wrapped or re-spaced on the way).
fn find_eval(comment: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(at) = comment[from..].find("[%eval") {
        let start = from + at;
        let rest = &comment[start + "[%eval".len()..];
        if rest.starts_with(char::is_whitespace) {
            let end = start + comment[start..].find(']')? + 1;
            return Some((start, end));
        }
        from = start + 1;
    }
    None
}

/// The evaluation a comment's `[%eval …]` command gives (a depth after a comma, as
/// some tools write, is ignored).
pub fn eval_in_comment(comment: &str) -> Option<Eval> {
    let (start, end) = find_eval(comment)?;
    let value = comment[start + "[%eval".len()..end - 1].trim();
    Eval::from_pgn_value(value.split(',').next().unwrap_or(value))
}

/// The evaluations a game's comments carry: the start position's first, then after
/// each action; `None` where a ply has none.
pub fn evals_in_notes(game: &Game) -> Vec<Option<Eval>> {
    let plies = game.record().plies();
    (0..=plies)
        .map(|ply| {
            game.notes_at(ply)
                .and_then(|at| at.comments.iter().find_map(|c| eval_in_comment(c)))
        })
        .collect()
}

/// The engine's best line from the start of a turn (`first` is the turn's first
/// action) as a variation of the turn's first token, with the notes ply it belongs
/// to.
fn best_turn_variation(game: &Game, first: &PlyReport) -> Option<(usize, RawVariation)> {
    let best = first.best.as_ref()?;
    let mut start = game.clone();
    while start.record().plies() > first.ply {
        start.undo();
    }
    let mut walker = start.clone();
    let mut actions = Vec::new();
    for token in &best.pv {
        match walker.play_uci_past_end(token) {
            Ok(action) => actions.push(action),
            Err(_) => break,
        }
    }
    let moves = start.line_moves(&actions);
    (!moves.is_empty()).then(|| {
        (
            first.ply + 1,
            RawVariation {
                comment_before: Vec::new(),
                moves,
            },
        )
    })
}

/// The engine's best turn from the start of a turn (`first` is its first action), its
/// actions in SAN separated by commas, as the page names it: `e3, Nc3`.
fn best_turn_sans(game: &Game, first: &PlyReport) -> Option<String> {
    let best = first.best.as_ref()?;
    let mut walker = game.clone();
    while walker.record().plies() > first.ply {
        walker.undo();
    }
    let mut sans = Vec::new();
    for token in &best.pv {
        let Ok(info) = walker.play_text(token) else {
            break;
        };
        sans.push(info.san);
        if info.ends_turn {
            break;
        }
    }
    (!sans.is_empty()).then(|| sans.join(", "))
}

/// `Blunder. Nf3 was best.`, or with the mate that was missed or allowed.
fn verdict_sentence(mark: Mark, cause: Option<Cause>, best: Option<&str>) -> String {
    let name = match mark {
        Mark::Inaccuracy => "Inaccuracy",
        Mark::Mistake => "Mistake",
        Mark::Blunder => "Blunder",
    };
    let why = match cause {
        Some(Cause::MissedMate) => ": a forced mate was missed",
        Some(Cause::AllowedMate) => ": it allows a forced mate",
        _ => "",
    };
    match best {
        Some(best) => format!("{name}{why}. {best} was best."),
        None => format!("{name}{why}."),
    }
}
