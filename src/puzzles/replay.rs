//! Checking a shipped puzzle again: its actions are legal, every solver step is
//! still unique at the probe's node budget (the criteria of [`super::criteria`]),
//! and a mate or race ends the game with the solver's win. The opponent's replies are
//! not required to stay the engine's first choice: a change of the search may pick
//! another of equal worth without making the puzzle wrong.

use super::criteria::{judge_step, StepVerdict};
use super::file::PuzzleRow;
use super::probe::Prober;
use crate::game::{EndReason, Game};
use crate::notation::{fen, uci};

/// Checks `row` as a puzzle of rule set `G`.
///
/// # Errors
/// What is wrong, naming the step.
pub fn check<G: Game>(row: &PuzzleRow, prober: &Prober) -> Result<(), String> {
    let mut pos: G = fen::read_fen(&row.fen).map_err(|e| format!("FEN: {e}"))?;
    let mut actions = Vec::with_capacity(row.moves.len());
    for (i, token) in row.moves.iter().enumerate() {
        let action = uci::parse_action(&pos, token)
            .map_err(|e| format!("action {} '{token}': {e}", i + 1))?;
        let mut next = pos.clone();
        next.play_unchecked(&action);
        actions.push((pos, action, next.clone()));
        pos = next;
    }
    let solver = actions[0].2.turn();
    for (i, (before, action, after)) in actions.iter().enumerate().skip(1) {
        if before.outcome().is_some() {
            return Err(format!(
                "action {} '{}' comes after the game ended",
                i + 1,
                row.moves[i]
            ));
        }
        if before.turn() != solver {
            continue;
        }
        if after.outcome().and_then(|o| o.winner) == Some(solver) {
            continue;
        }
        let probed = prober.probe(before, 2);
        let best = probed.best().map(|c| c.action);
        if best != Some(*action) {
            let found = best.map_or("nothing".into(), |a| uci::action_to_uci(&a));
            return Err(format!(
                "step {} '{}': the search prefers {found}",
                i + 1,
                row.moves[i]
            ));
        }
        if judge_step(&probed) != StepVerdict::Unique {
            return Err(format!(
                "step {} '{}' is not unique ({:?})",
                i + 1,
                row.moves[i],
                judge_step(&probed)
            ));
        }
    }
    let (last_before, _, last) = actions.last().expect("a row has actions");
    if last_before.turn() != solver {
        return Err("the line does not end with a solver action".into());
    }
    let ends_in = |reason| {
        last.outcome()
            .is_some_and(|o| o.reason == reason && o.winner == Some(solver))
    };
    let claims = |theme: &str| row.themes.iter().any(|t| t == theme);
    if claims("mate") && !ends_in(EndReason::Checkmate) {
        return Err("a mate puzzle that does not end in mate".into());
    }
    if claims("race") && !ends_in(EndReason::VariantWin) {
        return Err("a race puzzle that does not end with the race won".into());
    }
    Ok(())
}
