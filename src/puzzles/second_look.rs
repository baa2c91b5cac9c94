//! The miner's second look: every solver step of a finished line judged again by a
//! search [`SECOND_LOOK_FACTOR`] times deeper, seeing one more line than the first
//! probe, before the puzzle is kept.
//!
//! The first probe shares its budget among its lines, so the runner-up gets the
//! least of it: an alternative it scores at +1.5 may be as good as the answer at a
//! greater depth, and a learner told that a winning move is wrong is worse off
//! (docs/puzzles.md, "Checked against Stockfish"). Blunders of the setup are many and
//! kept puzzles few, so looking again only at lines that passed costs little. The
//! replay of shipped puzzles does not look again: it checks the first probe's
//! criteria, which every mined puzzle met.

use super::criteria::{judge_step, wins_outright, Rejection, StepVerdict, Strictness};
use super::file::PuzzleRow;
use super::line::{alternatives_to_see, Solved};
use super::probe::Prober;
use super::replay::play_line;
use crate::game::Position;
use crate::moves::Action;
use crate::types::Color;

/// How many times the first probe's nodes the second look searches.
pub const SECOND_LOOK_FACTOR: u64 = 8;

/// Judges every solver step of `solved` again at [`SECOND_LOOK_FACTOR`] times
/// `prober`'s nodes with one more line: the same criteria as mining's first look
/// ([`Strictness::Mining`]). A step that wins the game at once, or a turn that ends by
/// winning it, is not looked at again (the players accept any action that does).
///
/// # Errors
/// [`Rejection::AmbiguousDeeper`] when the deeper search finds another winning
/// action at some step, or no longer finds the answer the best.
pub fn look_again<G: Position>(solved: &Solved<G>, prober: &Prober) -> Result<(), Rejection> {
    match first_doubtful_step(&solved.positions, &solved.actions, solved.solver, prober) {
        Some(_) => Err(Rejection::AmbiguousDeeper),
        None => Ok(()),
    }
}

/// The first solver step of a line that the second look does not find unique (its
/// index in `actions`), or `None`: `positions[i]` is the position before
/// `actions[i]`, and `positions` has one more, the position after the line.
pub fn first_doubtful_step<G: Position>(
    positions: &[G],
    actions: &[Action],
    solver: Color,
    prober: &Prober,
) -> Option<usize> {
    let deeper = Prober {
        nodes: prober.nodes.saturating_mul(SECOND_LOOK_FACTOR),
        networks: prober.networks.clone(),
    };
    let single_action = positions[0].turn_state().length == 1;
    let strictness = Strictness::Mining { single_action };
    let solver_acts = |j: usize| positions[j].turn() == solver;
    (0..actions.len()).filter(|&i| solver_acts(i)).find(|&i| {
        // The rest of the solver's turn, in any order, is what this step allows.
        let turn_end = (i..actions.len())
            .find(|&j| positions[j + 1].turn() != solver)
            .map_or(actions.len(), |j| j + 1);
        if wins_outright(&positions[i + 1], &positions[turn_end], solver) {
            return false;
        }
        let pos = &positions[i];
        let probed = deeper.probe(pos, alternatives_to_see(pos) + 1);
        judge_step(&probed, &actions[i..turn_end], strictness) != StepVerdict::Unique
    })
}

/// The second look at a shipped puzzle's line (`row`, as its file has it): the first
/// solver step it doubts, as an index into `row.moves` (the setup action is 0).
///
/// # Errors
/// What [`play_line`] finds wrong with the row.
pub fn first_doubtful_step_of_row<G: Position>(
    row: &PuzzleRow,
    prober: &Prober,
) -> Result<Option<usize>, String> {
    let steps = play_line::<G>(row)?;
    let solver = steps[0].2.turn();
    let line = &steps[1..];
    let positions: Vec<G> = line
        .iter()
        .map(|(before, _, _)| before.clone())
        .chain(steps.last().map(|(_, _, after)| after.clone()))
        .collect();
    let actions: Vec<Action> = line.iter().map(|(_, action, _)| *action).collect();
    Ok(first_doubtful_step(&positions, &actions, solver, prober).map(|i| i + 1))
}
