//! Building a puzzle's line from the position after the setup action: the solver's
//! unique winning actions, the opponent's best replies, until the game is won or the
//! win is clear in material (see [`super::criteria`]).

use super::criteria::{
    judge_step, material_balance, wins_outright, Rejection, StepVerdict, Strictness,
    BEFORE_MISTAKE_AT_MOST_PERCENT, MATERIAL_GAIN, MAX_SOLVER_ACTIONS,
};
use super::probe::Prober;
use crate::game::Position;
use crate::moves::Action;
use crate::types::Color;

/// A puzzle's solved line.
#[derive(Debug, Clone)]
pub struct Solved<G> {
    /// The position before the setup action (the puzzle file's FEN).
    pub before: G,
    /// The opponent's action that sets the puzzle up.
    pub setup: Action,
    /// `positions[0]` is the position after the setup action, `positions[i + 1]` the
    /// one after `actions[i]`.
    pub positions: Vec<G>,
    /// The line: solver actions and the opponent's replies, ending with a solver
    /// action.
    pub actions: Vec<Action>,
    pub solver: Color,
    /// Whether the line's last action ends the game with the solver's win.
    pub wins_game: bool,
    /// For each solver action, the nodes its probe needed to settle on it.
    pub settle_nodes: Vec<u64>,
    /// Material the solver gained, in centipawns, against the position before the
    /// setup action, after the opponent's best answer to the line.
    pub material_gain: i32,
    /// The solver's chance to win after the line, by the last solver probe.
    pub final_percent: f64,
}

impl<G: Position> Solved<G> {
    /// Whether the `i`th action of the line is the solver's.
    pub fn is_solver_action(&self, i: usize) -> bool {
        self.positions[i].turn() == self.solver
    }

    /// The solver's actions in the line.
    pub fn solver_actions(&self) -> usize {
        (0..self.actions.len())
            .filter(|&i| self.is_solver_action(i))
            .count()
    }

    /// The solver's turns the line spans (a turn is one action outside the
    /// multi-action rule sets).
    pub fn solver_turns(&self) -> usize {
        (0..self.actions.len())
            .filter(|&i| self.is_solver_action(i) && self.positions[i].turn_state().is_turn_start())
            .count()
    }

    /// What the line asked of the engine and of the person ([`super::rating`]).
    pub fn effort(&self) -> super::rating::Effort {
        let mut nodes = 0;
        let mut step = 0;
        for i in 0..self.actions.len() {
            if self.is_solver_action(i) {
                if self.positions[i].turn_state().is_turn_start() {
                    nodes += self.settle_nodes[step];
                }
                step += 1;
            }
        }
        super::rating::Effort {
            nodes,
            solver_turns: self.solver_turns(),
            quiet_first: is_quiet(&self.actions[0], &self.positions[1]),
        }
    }

    /// The actions of the solver's last turn in the line.
    pub fn last_turn_actions(&self) -> usize {
        let mut count = 0;
        for i in (0..self.actions.len()).rev() {
            if !self.is_solver_action(i) {
                break;
            }
            count += 1;
            if self.positions[i].turn_state().is_turn_start() {
                break;
            }
        }
        count
    }
}

/// Whether `action` is quiet: no capture, no promotion, and `after` (the position it
/// leads to) not in check.
pub fn is_quiet<G: Position>(action: &Action, after: &G) -> bool {
    !(action.is_capture() || action.promotion().is_some() || after.is_check())
}

/// One step of the walk.
struct Walk<G> {
    positions: Vec<G>,
    actions: Vec<Action>,
    settle_nodes: Vec<u64>,
    percents: Vec<f64>,
}

/// A candidate puzzle: the opponent's turn that may hold a mistake, and its last
/// action, which sets the puzzle up.
#[derive(Debug, Clone)]
pub struct Mistake<G> {
    /// The position at the start of the opponent's turn: in the multi-action rule
    /// sets the mistake may be any action of the turn, so the game is judged from
    /// here. The same position as `before` where a turn is one action.
    pub turn_start: G,
    /// The position before the setup action (the puzzle file's FEN).
    pub before: G,
    pub setup: Action,
}

/// One solver turn, its actions each the probe's best.
struct Turn<G> {
    actions: Vec<Action>,
    /// The positions after each action.
    positions: Vec<G>,
    settle_nodes: Vec<u64>,
    percents: Vec<f64>,
    /// The first probe saw a forced win.
    forced_win: bool,
}

/// Finds the solver's turn from `start` and judges it: every action wins, and at
/// each step any other winning action is one of the turn's later actions (the
/// players take a turn's actions in any order that stays legal), so the turn is the
/// one way to win, unless it wins outright ([`wins_outright`]).
fn solver_turn<G: Position>(
    start: &G,
    solver: Color,
    prober: &Prober,
) -> Result<Turn<G>, StepVerdict> {
    let mut pos = start.clone();
    let mut turn = Turn {
        actions: Vec::new(),
        positions: Vec::new(),
        settle_nodes: Vec::new(),
        percents: Vec::new(),
        forced_win: false,
    };
    let mut probes = Vec::new();
    loop {
        let probed = prober.probe(&pos, alternatives_to_see(&pos));
        let best = probed.best().cloned().ok_or(StepVerdict::NotWinning)?;
        if turn.actions.is_empty() {
            turn.forced_win = best.is_forced_win();
        }
        let mut next = pos.clone();
        next.play_unchecked(&best.action);
        turn.actions.push(best.action);
        turn.settle_nodes.push(probed.nodes_to_settle);
        turn.percents.push(best.win_percent());
        probes.push(probed);
        pos = next;
        turn.positions.push(pos.clone());
        if pos.outcome().is_some() || pos.turn() != solver {
            break;
        }
    }
    let strictness = Strictness::Mining {
        single_action: start.turn_state().length == 1,
    };
    for (j, probed) in probes.iter().enumerate() {
        if !wins_outright(&turn.positions[j], &pos, solver) {
            match judge_step(probed, &turn.actions[j..], strictness) {
                StepVerdict::Unique => {}
                verdict => return Err(verdict),
            }
        }
    }
    Ok(turn)
}

/// Lines a solver step's probe must see: one more than the actions left in the
/// turn, so that a winning action outside the turn cannot hide behind the turn's
/// own actions taken in another order.
pub fn alternatives_to_see<G: Position>(pos: &G) -> usize {
    let turn = pos.turn_state();
    usize::from(turn.length.saturating_sub(turn.played)).max(1) + 1
}

/// Builds the line of the puzzle that `mistake` sets up.
///
/// # Errors
/// The [`Rejection`] that turned the candidate away.
pub fn solve<G: Position>(mistake: &Mistake<G>, prober: &Prober) -> Result<Solved<G>, Rejection> {
    let (before, setup) = (&mistake.before, &mistake.setup);
    let mut start = before.clone();
    if start.play(setup).is_err() || start.outcome().is_some() {
        return Err(Rejection::NotWinning);
    }
    let solver = start.turn();
    if mistake.turn_start.turn() == solver {
        return Err(Rejection::NotWinning);
    }
    let ahead = prober.probe(&mistake.turn_start, 1);
    let solver_before = 100.0 - ahead.best().map_or(50.0, |c| c.win_percent());
    if solver_before > BEFORE_MISTAKE_AT_MOST_PERCENT {
        return Err(Rejection::AlreadyWinning);
    }

    let mut walk = Walk {
        positions: vec![start.clone()],
        actions: Vec::new(),
        settle_nodes: Vec::new(),
        percents: Vec::new(),
    };
    let mut first_verdict = None;
    let mut forced_win = false;
    let mut stopped_for_length = false;
    loop {
        let pos = walk
            .positions
            .last()
            .expect("the walk has a position")
            .clone();
        if pos.outcome().is_some() {
            break;
        }
        if pos.turn() != solver {
            let Some(reply) = prober.probe(&pos, 1).best().map(|c| c.action) else {
                break;
            };
            let mut next = pos;
            next.play_unchecked(&reply);
            walk.actions.push(reply);
            walk.positions.push(next);
            continue;
        }
        if walk.settle_nodes.len() >= MAX_SOLVER_ACTIONS {
            stopped_for_length = true;
            break;
        }
        let turn = solver_turn(&pos, solver, prober);
        if first_verdict.is_none() {
            first_verdict = Some(turn.as_ref().map_or_else(|v| *v, |_| StepVerdict::Unique));
            forced_win = turn.as_ref().is_ok_and(|t| t.forced_win);
        }
        let Ok(turn) = turn else {
            break;
        };
        walk.actions.extend(turn.actions);
        walk.positions.extend(turn.positions);
        walk.settle_nodes.extend(turn.settle_nodes);
        walk.percents.extend(turn.percents);
    }

    match first_verdict {
        None | Some(StepVerdict::NotWinning) => return Err(Rejection::NotWinning),
        Some(StepVerdict::Ambiguous) => return Err(Rejection::Ambiguous),
        Some(StepVerdict::Unique) => {}
    }
    // The opponent may lose by its own forced action (Avalanche: a push that leaves
    // its king attacked); the line still ends with the solver's last action.
    let walk_won = walk
        .positions
        .last()
        .and_then(|p| p.outcome())
        .and_then(|o| o.winner)
        == Some(solver);
    // Drop trailing opponent replies: the line ends with a solver action.
    while !walk.actions.is_empty() && {
        let i = walk.actions.len() - 1;
        walk.positions[i].turn() != solver
    } {
        walk.actions.pop();
        walk.positions.pop();
    }
    let last = walk.positions.last().expect("the walk has a position");
    if last.outcome().and_then(|o| o.winner) == Some(solver) {
        let gain = material_balance(last, solver) - material_balance(before, solver);
        return Ok(finish(before, setup, walk, solver, true, gain));
    }
    if forced_win && walk_won && !walk.actions.is_empty() {
        let last = walk.positions.last().expect("the walk has a position");
        let gain = material_balance(last, solver) - material_balance(before, solver);
        return Ok(finish(before, setup, walk, solver, false, gain));
    }
    if forced_win {
        return Err(if stopped_for_length {
            Rejection::TooLong
        } else {
            Rejection::AmbiguousMate
        });
    }
    cut_at_material(before, setup, walk, solver, prober)
}

/// Ends a line without a mate after the solver turn that wins the most material
/// (the earliest of equals), once the opponent has answered; none wins enough:
/// [`Rejection::NoMaterialWon`].
fn cut_at_material<G: Position>(
    before: &G,
    setup: &Action,
    walk: Walk<G>,
    solver: Color,
    prober: &Prober,
) -> Result<Solved<G>, Rejection> {
    let reference = material_balance(before, solver);
    let mut best: Option<(usize, i32)> = None;
    for end in 1..=walk.actions.len() {
        let after = &walk.positions[end];
        let solver_acted = walk.positions[end - 1].turn() == solver;
        // Only where the solver's turn is over: the opponent answers next.
        if !solver_acted || after.turn() == solver {
            continue;
        }
        // The opponent's whole answer: the line's own replies, then the engine's.
        let mut answered = after.clone();
        let mut next = end;
        while answered.outcome().is_none() && answered.turn() != solver {
            let reply = match walk.actions.get(next) {
                Some(&action) => action,
                None => match prober.probe(&answered, 1).best() {
                    Some(reply) => reply.action,
                    None => break,
                },
            };
            answered.play_unchecked(&reply);
            next += 1;
        }
        let gain = material_balance(&answered, solver) - reference;
        if best.is_none_or(|(_, g)| gain > g) {
            best = Some((end, gain));
        }
    }
    let Some((end, gain)) = best.filter(|&(_, g)| g >= MATERIAL_GAIN) else {
        return Err(Rejection::NoMaterialWon);
    };
    let mut walk = walk;
    walk.actions.truncate(end);
    walk.positions.truncate(end + 1);
    let solver_steps = (0..end)
        .filter(|&i| walk.positions[i].turn() == solver)
        .count();
    walk.settle_nodes.truncate(solver_steps);
    walk.percents.truncate(solver_steps);
    Ok(finish(before, setup, walk, solver, false, gain))
}

fn finish<G: Position>(
    before: &G,
    setup: &Action,
    walk: Walk<G>,
    solver: Color,
    wins_game: bool,
    material_gain: i32,
) -> Solved<G> {
    Solved {
        before: before.clone(),
        setup: *setup,
        final_percent: walk.percents.last().copied().unwrap_or(0.0),
        positions: walk.positions,
        actions: walk.actions,
        solver,
        wins_game,
        settle_nodes: walk.settle_nodes,
        material_gain,
    }
}
