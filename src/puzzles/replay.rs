//! Checking a shipped puzzle again: its actions are legal, every solver step is
//! still unique at the probe's node budget (the criteria of [`super::criteria`]: the
//! best action is one of the turn's answers and no other action wins),
//! and a mate or race ends the game with the solver's win; and what it measured on the
//! way gives the puzzle's rating ([`super::rating`]). The opponent's replies are
//! not required to stay the engine's first choice: a change of the search may pick
//! another of equal worth without making the puzzle wrong.

use super::criteria::{judge_step, wins_outright, StepVerdict, Strictness};
use super::file::PuzzleRow;
use super::line::{alternatives_to_see, is_quiet};
use super::probe::Prober;
use super::rating::Effort;
use crate::game::{EndReason, Position};
use crate::moves::Action;
use crate::notation::{fen, uci};

/// One action of a row's line: the position before it, the action, the position after.
pub type Step<G> = (G, Action, G);

/// Plays `row`'s line as a puzzle of rule set `G`, without searching, and checks what
/// the file promises: every action legal and none after the game ended, a solver
/// action last, a `mate` ending in checkmate and a `race` in the race won.
///
/// # Errors
/// What is wrong, naming the action.
pub fn play_line<G: Position>(row: &PuzzleRow) -> Result<Vec<Step<G>>, String> {
    let mut pos: G = fen::read_fen(&row.fen).map_err(|e| format!("FEN: {e}"))?;
    let mut actions = Vec::with_capacity(row.moves.len());
    for (i, token) in row.moves.iter().enumerate() {
        if pos.outcome().is_some() {
            return Err(format!(
                "action {} '{token}' comes after the game ended",
                i + 1
            ));
        }
        let action = uci::parse_action(&pos, token)
            .map_err(|e| format!("action {} '{token}': {e}", i + 1))?;
        let mut next = pos.clone();
        next.play_unchecked(&action);
        actions.push((pos, action, next.clone()));
        pos = next;
    }
    let Some((_, _, start)) = actions.first() else {
        return Err("the line has no actions".into());
    };
    let solver = start.turn();
    let (last_before, _, last) = actions.last().expect("a line with a first action");
    if actions.len() < 2 || last_before.turn() != solver {
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
    Ok(actions)
}

/// Checks `row` as a puzzle of rule set `G` ([`play_line`], then every solver step
/// searched again); returns the effort its rating comes from, as the miner measured
/// it (the same probes).
///
/// # Errors
/// What is wrong, naming the step.
pub fn check<G: Position>(row: &PuzzleRow, prober: &Prober) -> Result<Effort, String> {
    let actions = play_line::<G>(row)?;
    let solver = actions[0].2.turn();
    let mut effort = Effort {
        nodes: 0,
        solver_turns: 0,
        quiet_first: actions
            .get(1)
            .is_some_and(|(_, action, after)| is_quiet(action, after)),
    };
    for (i, (before, _, after)) in actions.iter().enumerate().skip(1) {
        if before.turn() != solver {
            continue;
        }
        // An action or a turn that wins the game at once: any that does is accepted.
        let turn_end = actions[i..]
            .iter()
            .take_while(|(pos, _, _)| pos.turn() == solver)
            .last()
            .map(|(_, _, after)| after);
        let judged = !wins_outright(after, turn_end.unwrap_or(after), solver);
        let turn_start = before.turn_state().is_turn_start();
        if turn_start {
            effort.solver_turns += 1;
        }
        if !judged && !turn_start {
            continue;
        }
        // The turn's actions from here on, which may come in any order.
        let allowed: Vec<Action> = actions[i..]
            .iter()
            .take_while(|(pos, _, _)| pos.turn() == solver)
            .map(|(_, action, _)| *action)
            .collect();
        let probed = prober.probe(before, alternatives_to_see(before));
        if turn_start {
            effort.nodes += probed.nodes_to_settle;
        }
        if !judged {
            continue;
        }
        let verdict = judge_step(&probed, &allowed, Strictness::Replay);
        if verdict != StepVerdict::Unique {
            let found = probed.best().map_or("nothing".into(), |c| {
                uci::action_to_uci_in(&c.action, G::VARIANT)
            });
            return Err(format!(
                "step {} '{}': {verdict:?} (the search prefers {found})",
                i + 1,
                row.moves[i]
            ));
        }
    }
    Ok(effort)
}
