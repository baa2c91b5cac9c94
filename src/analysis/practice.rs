//! [`TurnJudge`]: the engine's side of "practice your mistakes". A person replays a
//! decision of an analysed game from the position before it; the job judges the turn
//! they try as the analysis judged the one they played: the position before the turn
//! and the position after it are searched with the same budget (in that order
//! reversed, after first, with one table, as the analysis goes from the end of a game
//! to its start), and the analysis's own rule ([`super::judge::verdict`]) marks the
//! turn. A turn with no mark lost nothing the engine can see: it is accepted. The
//! engine's best turn from the position before comes with the answer, to be shown
//! when the person asks. A turn that would be marked is first compared with that best
//! turn searched the same way (the position after it, with the same budget): the two
//! searches of the position before and after a turn are different trees, and at a small
//! budget the best turn's own line can fall as far when searched from the position
//! after it, so the person would be refused the very turn the engine names. A
//! multi-action turn (Progressive, Marseillais, Avalanche) is judged whole, from before
//! its first action to after its last (docs/analysis.md).
//!
//! Like [`super::GameAnalysis`], the job is stepped by node budgets and reads no clock
//! of its own.

use super::job::{best_line, check_limits, round_tenth};
use super::judge::{self, Cause, Eval, Mark};
use super::position_search::{Found, PositionSearch};
use super::report::BestLine;
use super::turns::{self, only_action};
use crate::api::{ApiError, ApiErrorKind, Game};
use crate::moves::Action;
use crate::search::{Clock, Limits, Repetitions, SearchOptions, TranspositionTable};
use crate::types::Color;
use serde::Serialize;

/// The positions a judgement searches: before the turn, after it, and after the
/// engine's best turn (only when the tried turn would be marked).
const BEFORE: usize = 0;
const AFTER: usize = 1;
const BEST_AFTER: usize = 2;

/// The answer: the turn tried, its mark by the analysis's rule (none: accepted), the
/// two evaluations (White's view) and the mover's win chances, and the engine's best
/// turn from the position before.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnJudgement {
    /// The side that tried the turn.
    pub mover: Color,
    /// The turn tried, in SAN and as UCI tokens.
    pub san: Vec<String>,
    pub uci: Vec<String>,
    /// Whether both positions were searched (false after a stop: then nothing is
    /// accepted or marked).
    pub complete: bool,
    /// The turn loses nothing the engine sees: no mark.
    pub accepted: bool,
    pub mark: Option<Mark>,
    pub cause: Option<Cause>,
    pub before: Option<Eval>,
    pub after: Option<Eval>,
    #[serde(rename = "winBefore")]
    pub win_before: Option<f64>,
    #[serde(rename = "winAfter")]
    pub win_after: Option<f64>,
    /// The engine's best line from the position before the turn.
    pub best: Option<BestLine>,
    /// Its first turn, in SAN (one action where turns have one).
    #[serde(rename = "bestTurn")]
    pub best_turn: Vec<String>,
    /// Nodes searched in all.
    pub nodes: u64,
}

/// What a step ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum JudgeStep {
    Running,
    Done(Box<TurnJudgement>),
}

/// A turn's judgement under way.
pub struct TurnJudge {
    /// The game before the turn and after it (each with the game's earlier actions,
    /// which tell the search what repeats), then after the best turn (the position
    /// before until that is asked for).
    positions: [Game; 3],
    mover: Color,
    /// Every action of the turn was the only legal one.
    forced: bool,
    san: Vec<String>,
    uci: Vec<String>,
    limits: Limits,
    options: SearchOptions,
    table: Option<TranspositionTable>,
    found: [Option<Found>; 3],
    /// The positions still to search, the next last.
    queue: Vec<usize>,
    /// The position being searched, and its search.
    running: Option<(usize, PositionSearch)>,
    stopped: bool,
    nodes: u64,
}

fn invalid(message: String) -> ApiError {
    ApiError::new(ApiErrorKind::InvalidArgument, message)
}

impl TurnJudge {
    /// A judgement of the turn `game` ends with: its actions from `from` (by default
    /// the start of its last turn) to its end, which must be one whole turn of one
    /// side. Each position is searched within `limits` (depth, nodes or movetime).
    ///
    /// # Errors
    /// `InvalidArgument` for limits that would not end, a game without actions, or
    /// actions from `from` that are not one whole turn.
    pub fn new(
        game: &Game,
        from: Option<usize>,
        limits: Limits,
        options: SearchOptions,
        table: TranspositionTable,
    ) -> Result<TurnJudge, ApiError> {
        check_limits(&limits)?;
        // The analysis's rule of repetitions, so the judge is the analysis's.
        let options = SearchOptions {
            repetitions: Repetitions::Strict,
            ..options
        };
        let moves = game.history();
        if moves.len() > super::MAX_ANALYSED_PLIES {
            return Err(invalid(format!(
                "the game has {} actions; at most {} are judged",
                moves.len(),
                super::MAX_ANALYSED_PLIES
            )));
        }
        let Some(last) = turns::turns(&moves).last().copied() else {
            return Err(invalid("the game has no turn to judge".into()));
        };
        let from = from.unwrap_or(last.start);
        if from != last.start {
            return Err(invalid(format!(
                "from must be {} (where the game's last turn starts), not {from}",
                last.start
            )));
        }
        let unfinished = !moves[moves.len() - 1].ends_turn && game.outcome().is_none();
        if unfinished {
            return Err(invalid(
                "the game's last turn is not finished: play the whole turn".into(),
            ));
        }
        let attempt = &moves[from..];
        let mut before = game.clone();
        let mut forced = true;
        for _ in attempt {
            before.undo();
            forced &= only_action(&before);
        }
        Ok(TurnJudge {
            positions: [before.clone(), game.clone(), before],
            mover: attempt[0].color,
            forced,
            san: attempt.iter().map(|m| m.san.clone()).collect(),
            uci: attempt.iter().map(|m| m.lan.clone()).collect(),
            limits,
            options,
            table: Some(table),
            found: [None, None, None],
            queue: vec![BEFORE, AFTER],
            running: None,
            stopped: false,
            nodes: 0,
        })
    }

    /// Searches about `node_budget` more nodes; `clock` gives milliseconds on any
    /// steady scale (only `movetime` reads it).
    pub fn step(&mut self, node_budget: u64, clock: &dyn Clock) -> JudgeStep {
        if self.running.is_none() && !self.stopped {
            self.start_next(clock);
        }
        let Some((index, search)) = self.running.take() else {
            return JudgeStep::Done(Box::new(self.judgement()));
        };
        match search.step(node_budget, clock) {
            Err(search) => self.running = Some((index, search)),
            Ok(searched) => {
                self.nodes += searched.nodes;
                self.found[index] = searched.found;
                self.table = Some(searched.table);
            }
        }
        if self.running.is_none() && !self.stopped && self.queue.is_empty() {
            self.queue_best_turn();
        }
        if self.running.is_none() && (self.stopped || self.queue.is_empty()) {
            return JudgeStep::Done(Box::new(self.judgement()));
        }
        JudgeStep::Running
    }

    /// Ends the job: the search under way stops, and the next step answers with what
    /// was found (`complete: false` unless both positions were searched).
    pub fn stop(&mut self) {
        self.stopped = true;
        if let Some((_, search)) = self.running.as_mut() {
            search.stop();
        }
    }

    /// The table, with what the job learnt.
    pub fn into_table(self) -> Option<TranspositionTable> {
        self.table
    }

    /// Once both positions are searched: when the tried turn would be marked and the
    /// engine's best turn is another, queues the position after the best turn, to be
    /// searched as the one after the tried turn was (once).
    fn queue_best_turn(&mut self) {
        // Once searched, the position after the best turn has its value (a stopped
        // judgement asks for nothing more).
        if self.found[BEST_AFTER].is_some() {
            return;
        }
        let (Some(before), Some(after)) = (&self.found[BEFORE], &self.found[AFTER]) else {
            return;
        };
        if judge::verdict(self.mover, before.eval, after.eval, self.forced).is_none() {
            return;
        }
        let (best, after_best) = first_turn(&self.positions[BEFORE], &before.pv);
        if best.uci.is_empty() || best.uci == self.uci {
            return;
        }
        self.positions[BEST_AFTER] = after_best;
        self.queue.push(BEST_AFTER);
    }

    /// Starts the next search; a position where the game is over needs none.
    fn start_next(&mut self, clock: &dyn Clock) {
        while let Some(index) = self.queue.pop() {
            let position = &self.positions[index];
            if let Some(outcome) = position.outcome() {
                self.found[index] = Some(Found {
                    eval: Eval::Result(outcome.result_token()),
                    pv: Vec::new(),
                });
                continue;
            }
            let search = PositionSearch::start(
                position,
                self.limits.clone(),
                self.options.clone(),
                self.table.take(),
                clock,
            );
            self.running = Some((index, search));
            return;
        }
    }

    /// The answer from what was found so far.
    fn judgement(&mut self) -> TurnJudgement {
        let eval = |index: usize| self.found[index].as_ref().map(|found| found.eval);
        // The value of the position before is its best turn's, searched as the tried
        // turn was when that was needed (see `queue_best_turn`).
        let (before, after) = (eval(BEST_AFTER).or(eval(BEFORE)), eval(AFTER));
        let pv = self.found[BEFORE]
            .as_ref()
            .map_or(&[][..], |found| &found.pv[..]);
        let (best_turn, _) = first_turn(&self.positions[BEFORE], pv);
        let complete = before.is_some() && after.is_some();
        // The engine's own best turn loses nothing by the engine's own judgement,
        // whatever a second search of the same budget makes of the position after.
        let blameless = self.forced || best_turn.uci == self.uci;
        let verdict = match (before, after) {
            (Some(before), Some(after)) => judge::verdict(self.mover, before, after, blameless),
            _ => None,
        };
        let win = |eval: Option<Eval>| eval.map(|e| round_tenth(e.win_percent(self.mover)));
        TurnJudgement {
            mover: self.mover,
            san: self.san.clone(),
            uci: self.uci.clone(),
            complete,
            accepted: complete && verdict.is_none(),
            mark: verdict.map(|v| v.mark),
            cause: verdict.map(|v| v.cause),
            before,
            after,
            win_before: win(before),
            win_after: win(after),
            best: best_line(&mut self.positions[BEFORE], pv),
            best_turn: best_turn.san,
            nodes: self.nodes,
        }
    }
}

/// The first turn of a line, in SAN and UCI.
struct LineTurn {
    san: Vec<String>,
    uci: Vec<String>,
}

/// The actions of `pv` from `position` up to the end of the first turn, and the game
/// after them.
fn first_turn(position: &Game, pv: &[Action]) -> (LineTurn, Game) {
    let mut game = position.clone();
    let mut turn = LineTurn {
        san: Vec::new(),
        uci: Vec::new(),
    };
    for action in pv {
        let Ok(info) = game.play_action(action) else {
            break;
        };
        turn.san.push(info.san);
        turn.uci.push(info.lan);
        if info.ends_turn || game.outcome().is_some() {
            break;
        }
    }
    (turn, game)
}
