//! [`GameAnalysis`]: the stepped job that searches every position of a played game
//! and judges every decision, for any rule set (it works on [`Game`]s, so it is
//! compiled once, not once per rule set).
//!
//! Positions are searched from the last to the first with one transposition table,
//! as strong analysers do: what the engine learns about the end of the game (a mate,
//! a won ending) is in the table when it searches the positions that led there.
//! Then every decision marked an inaccuracy, a mistake or a blunder is looked at
//! again: the positions before and after it are searched anew with
//! [`CONFIRM_FACTOR`] times the budget, and the report judges with what the deeper
//! searches found, so every mark is a drop the engine is sure of (docs/analysis.md,
//! "Confirmed marks").
//! The job holds the game twice, whatever its length: as given, and as one cursor
//! moved to the position searched by taking back and replaying actions (each search
//! needs the actions before its position, for repetitions); a copy of the game per
//! position would grow with the square of its length (docs/analysis.md, "Memory").
//! Like the search it drives, the job never reads a clock and starts no thread: the
//! caller steps it with node budgets and passes a clock only for `movetime`.

use super::accuracy;
use super::judge::{self, Cause, Eval, Mark, Verdict};
use super::position_search::PositionSearch;
use super::report::{BestLine, GameReport, MarkCounts, PlyReport};
use super::turns::{self, Turn};
use crate::api::{ApiError, ApiErrorKind, Game, MoveInfo};
use crate::moves::Action;
use crate::search::ordering::pack;
use crate::search::{Clock, Limits, Repetitions, SearchOptions, TranspositionTable};
use crate::types::{ByColor, Color};

/// The most actions a game may have to be analysed (far beyond any real game; it
/// bounds the memory a hostile PGN can ask for).
pub const MAX_ANALYSED_PLIES: usize = 2000;

/// How many times the first search's budget a marked decision's two positions get
/// when they are looked at again: marks are few against a game's positions, so a
/// fourfold budget on them costs the whole analysis about two fifths more, and a mark
/// that only a short search saw (a defence found two plies deeper) goes away.
pub const CONFIRM_FACTOR: u32 = 4;

/// What the job keeps of one position's search.
#[derive(Debug, Clone, PartialEq)]
struct Analysed {
    eval: Eval,
    /// Written out when the search ends, while the cursor is at its position.
    best: Option<BestLine>,
}

/// How far a job has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct AnalysisProgress {
    /// Positions analysed, and in all.
    pub done: usize,
    pub total: usize,
    /// Nodes searched so far.
    pub nodes: u64,
}

/// What a step ended with.
#[derive(Debug, Clone, PartialEq)]
pub enum AnalysisStep {
    Running(AnalysisProgress),
    Done(GameReport),
}

struct Running {
    index: usize,
    /// A second, deeper look at a marked decision's position.
    deeper: bool,
    search: PositionSearch,
}

/// A game's analysis under way.
pub struct GameAnalysis {
    /// The game as given, with its notes and times, to write the analysis into.
    game: Game,
    /// The game up to one of its positions (the one searched, while a search runs;
    /// its notes are never read): see [`Self::seek`].
    cursor: Game,
    moves: Vec<MoveInfo>,
    /// Whether each action was the only legal one.
    forced: Vec<bool>,
    limits: Limits,
    options: SearchOptions,
    table: Option<TranspositionTable>,
    found: Vec<Option<Analysed>>,
    /// The next position to search, counting down; `None` when all were started.
    next: Option<usize>,
    /// Positions searched again with the deeper budget.
    confirmed: Vec<bool>,
    running: Option<Running>,
    stopped: bool,
    nodes: u64,
}

impl GameAnalysis {
    /// A job over `game`'s actions from its start position, each position searched
    /// within `limits` (depth, nodes or movetime: at least one, and nothing else).
    ///
    /// # Errors
    /// `InvalidArgument` for limits that would not end, or a game too long.
    pub fn new(
        game: &Game,
        limits: Limits,
        options: SearchOptions,
        table: TranspositionTable,
    ) -> Result<GameAnalysis, ApiError> {
        check_limits(&limits)?;
        // A judge scores only the draws either side can force: a position seen once
        // earlier in the game is no draw (docs/analysis.md, "Repetitions").
        let options = SearchOptions {
            repetitions: Repetitions::Strict,
            ..options
        };
        let moves = game.history();
        if moves.len() > MAX_ANALYSED_PLIES {
            return Err(ApiError::new(
                ApiErrorKind::InvalidArgument,
                format!(
                    "the game has {} actions; at most {MAX_ANALYSED_PLIES} are analysed",
                    moves.len()
                ),
            ));
        }
        let mut cursor = game.clone();
        while cursor.undo().is_some() {}
        let mut forced = Vec::with_capacity(moves.len());
        for mv in &moves {
            forced.push(turns::only_action(&cursor));
            // Past an automatic ending too: an imported game may have played on.
            cursor
                .play_uci_past_end(&mv.lan)
                .map_err(|e| ApiError::new(ApiErrorKind::IllegalMove, e.to_string()))?;
        }
        let last = moves.len();
        Ok(GameAnalysis {
            found: vec![None; last + 1],
            confirmed: vec![false; last + 1],
            game: game.clone(),
            cursor,
            moves,
            forced,
            limits,
            options,
            table: Some(table),
            next: Some(last),
            running: None,
            stopped: false,
            nodes: 0,
        })
    }

    /// Positions in all.
    pub fn total(&self) -> usize {
        self.moves.len() + 1
    }

    /// The game analysed, as it was given.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game analysed, as it was given (to write the report into).
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Moves the cursor to the position before action `index` (the end for the
    /// last), the actions before it played. Searches go from the end backwards, so
    /// this mostly takes actions back; a deeper look may replay a few.
    fn seek(&mut self, index: usize) {
        while self.cursor.record().plies() > index {
            self.cursor.undo();
        }
        while self.cursor.record().plies() < index {
            let lan = &self.moves[self.cursor.record().plies()].lan;
            // It played when the job was made; no `expect`, whose message would
            // bring the error's `Debug` formatting into the wasm (2 KB).
            if self.cursor.play_uci_past_end(lan).is_err() {
                break;
            }
        }
    }

    /// How far the job has come.
    pub fn progress(&self) -> AnalysisProgress {
        AnalysisProgress {
            done: self.found.iter().filter(|f| f.is_some()).count(),
            total: self.total(),
            nodes: self.nodes,
        }
    }

    /// Searches about `node_budget` more nodes; `clock` gives milliseconds on any
    /// steady scale (only `movetime` reads it).
    pub fn step(&mut self, node_budget: u64, clock: &dyn Clock) -> AnalysisStep {
        if self.running.is_none() && !self.stopped {
            self.start_next(clock);
        }
        let Some(running) = self.running.take() else {
            return AnalysisStep::Done(self.report());
        };
        match running.search.step(node_budget, clock) {
            Err(search) => self.running = Some(Running { search, ..running }),
            Ok(searched) => {
                self.nodes += searched.nodes;
                // The cursor is still at the search's position: only a start moves it.
                if let Some(found) = searched.found {
                    self.found[running.index] = Some(Analysed {
                        eval: found.eval,
                        best: best_line(&mut self.cursor, &found.pv),
                    });
                }
                if running.deeper {
                    self.confirmed[running.index] = true;
                }
                self.table = Some(searched.table);
            }
        }
        if self.running.is_none() && (self.stopped || !self.has_work()) {
            return AnalysisStep::Done(self.report());
        }
        AnalysisStep::Running(self.progress())
    }

    /// Ends the job: the search under way stops (its result counts if it finished an
    /// iteration), no other position is searched, and the next step returns the
    /// report of what was analysed.
    pub fn stop(&mut self) {
        self.stopped = true;
        if let Some(running) = self.running.as_mut() {
            running.search.stop();
        }
    }

    /// The table, with what the job learnt (for the next job).
    pub fn into_table(self) -> Option<TranspositionTable> {
        self.table
    }

    /// Whether a position is left to search: in the first pass, or again for a
    /// mark to confirm.
    fn has_work(&self) -> bool {
        self.next.is_some() || !self.to_confirm().is_empty()
    }

    /// The positions of the decisions marked by what is found so far that were not
    /// yet searched again (a finished position needs no search). Inaccuracies too:
    /// issue 54's agreement benchmark found Stockfish's mistakes marked `?!` far
    /// more often than the reverse, and a `?!` that only a short search saw is as
    /// wrong as a `??` (docs/analysis.md, "Confirmed marks"). Only an inaccuracy
    /// judged by a mate is left as found: a mate let go while still winning big, or
    /// walked into from a position already lost.
    ///
    /// A turn of several actions counts as marked so if it would be from the best
    /// position the mover reached within it: the mover chose each of those, so a
    /// start scored below one of them is a search that contradicts itself, and only a
    /// deeper look tells which is right (docs/analysis.md, "Confirmed marks").
    fn to_confirm(&self) -> Vec<usize> {
        let evals = self.evals();
        let mut positions = Vec::new();
        for turn in turns::turns(&self.moves) {
            // Only a turn whose start is searched: the first pass goes from the last
            // position to the first, so a turn's later positions are found first.
            let marked = evals[turn.start].is_some()
                && (turn.start..turn.end).any(|from| {
                    self.verdict(
                        &Turn {
                            start: from,
                            ..turn
                        },
                        &evals,
                    )
                    .is_some_and(|v| v.mark != Mark::Inaccuracy || v.cause == Cause::WinChance)
                });
            if !marked {
                continue;
            }
            for index in [turn.start, turn.end] {
                let settled = matches!(evals[index], Some(Eval::Result(_)));
                if !self.confirmed[index] && !settled && !positions.contains(&index) {
                    positions.push(index);
                }
            }
        }
        positions
    }

    /// Starts the search of the next position, first settling the finished ones
    /// that need no search; once all were searched, the next deeper look.
    fn start_next(&mut self, clock: &dyn Clock) {
        while let Some(index) = self.next {
            self.next = index.checked_sub(1);
            self.seek(index);
            if let Some(outcome) = self.cursor.outcome() {
                self.found[index] = Some(Analysed {
                    eval: Eval::Result(outcome.result_token()),
                    best: None,
                });
                continue;
            }
            let limits = self.limits.clone();
            self.start_search(index, limits, false, clock);
            return;
        }
        // Deeper looks from the end of the game backwards, as the first pass.
        if let Some(&index) = self.to_confirm().iter().max() {
            let limits = deeper(&self.limits);
            self.start_search(index, limits, true, clock);
        }
    }

    fn start_search(&mut self, index: usize, limits: Limits, deeper: bool, clock: &dyn Clock) {
        self.seek(index);
        let search = PositionSearch::start(
            &self.cursor,
            limits,
            self.options.clone(),
            self.table.take(),
            clock,
        );
        self.running = Some(Running {
            index,
            deeper,
            search,
        });
    }

    /// Each position's evaluation, where it was analysed.
    fn evals(&self) -> Vec<Option<Eval>> {
        self.found
            .iter()
            .map(|f| f.as_ref().map(|f| f.eval))
            .collect()
    }

    /// The verdict on `turn` by `evals` (none for a forced turn, for the engine's
    /// own best turn, or for a turn with a position not analysed): the one rule the
    /// report and the deeper looks share.
    fn verdict(&self, turn: &Turn, evals: &[Option<Eval>]) -> Option<Verdict> {
        let mover = self.moves[turn.start].color;
        let forced = (turn.start..turn.end).all(|i| self.is_forced(i));
        let blameless = forced || self.played_best(turn);
        judge::verdict(mover, evals[turn.start]?, evals[turn.end]?, blameless)
    }

    /// Whether `turn` is the best turn the search of the position before it found
    /// (the one a mark would name as better). Its drop is two searches disagreeing
    /// about one line, not anything the mover lost: 50 of the 1,587 marks on the 80
    /// games of the agreement benchmark were such, "Inaccuracy. Qd4+ was best." after
    /// Qd4+ (docs/analysis.md, "The engine's own best turn"). Practice accepts the
    /// best turn the same way.
    fn played_best(&self, turn: &Turn) -> bool {
        let Some(best) = self.found[turn.start]
            .as_ref()
            .and_then(|f| f.best.as_ref())
        else {
            return false;
        };
        let played = &self.moves[turn.start..turn.end];
        best.pv.len() >= played.len() && played.iter().zip(&best.pv).all(|(mv, uci)| mv.lan == *uci)
    }

    /// Whether action `i` was the only legal one.
    fn is_forced(&self, i: usize) -> bool {
        self.forced[i]
    }

    /// The report of the positions analysed so far.
    pub fn report(&self) -> GameReport {
        let evals = self.evals();
        let mut plies: Vec<PlyReport> = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, mv)| self.ply_report(i, mv, &evals))
            .collect();
        let mut counts = ByColor::new_with(|_| MarkCounts::default());
        let mut decisions = Vec::new();
        for (number, turn) in turns::turns(&self.moves).iter().enumerate() {
            for ply in &mut plies[turn.start..turn.end] {
                ply.turn = number;
            }
            plies[turn.end - 1].ends_turn = true;
            let mover = self.moves[turn.start].color;
            let (Some(before), Some(after)) = (evals[turn.start], evals[turn.end]) else {
                continue;
            };
            decisions.push(accuracy::Decision {
                mover,
                before: before.win_percent(mover),
                after: after.win_percent(mover),
            });
            let Some(verdict) = self.verdict(turn, &evals) else {
                continue;
            };
            // The turn's mark goes on its last action (turns::marked_action).
            let marked = turns::marked_action(turn);
            plies[marked].class = Some(verdict.mark);
            plies[marked].cause = Some(verdict.cause);
            counts.get_mut(mover).add(verdict.mark);
        }
        // White's win percentage along the judged turns (after a stop, the analysed
        // tail of the game, which is what is then measured).
        let white = |mover: Color, percent: f64| match mover {
            Color::White => percent,
            Color::Black => 100.0 - percent,
        };
        let white_percents: Vec<f64> = decisions
            .first()
            .map(|d| white(d.mover, d.before))
            .into_iter()
            .chain(decisions.iter().map(|d| white(d.mover, d.after)))
            .collect();
        let accuracy = accuracy::game_accuracy(&decisions, &white_percents);
        GameReport {
            variant: self.game.variant().id(),
            tags: self.game.headers(),
            start: evals[0],
            plies,
            accuracy: ByColor::new_with(|c| accuracy.get(c).map(round_tenth)),
            counts,
            complete: self.found.iter().all(Option::is_some),
            nodes: self.nodes,
        }
    }

    fn ply_report(&self, i: usize, mv: &MoveInfo, evals: &[Option<Eval>]) -> PlyReport {
        PlyReport {
            ply: i,
            turn: 0,
            ends_turn: false,
            color: mv.color,
            san: mv.san.clone(),
            uci: mv.lan.clone(),
            eval: evals[i + 1],
            best: self.found[i].as_ref().and_then(|f| f.best.clone()),
            win_before: evals[i].map(|e| round_tenth(e.win_percent(mv.color))),
            win_after: evals[i + 1].map(|e| round_tenth(e.win_percent(mv.color))),
            forced: self.is_forced(i),
            class: None,
            cause: None,
        }
    }
}

/// Searches need a bound of their own: a depth, a node count or a time.
pub(super) fn check_limits(limits: &Limits) -> Result<(), ApiError> {
    let bounded = limits.depth.is_some() || limits.nodes.is_some() || limits.movetime.is_some();
    let clocks = limits.wtime.is_some() || limits.btime.is_some() || limits.infinite;
    if !bounded || clocks {
        return Err(ApiError::new(
            ApiErrorKind::InvalidArgument,
            "an analysis needs nodes, depth or movetime per position (and no clock times)",
        ));
    }
    Ok(())
}

/// The budget of a deeper look: [`CONFIRM_FACTOR`] times the nodes or the time, and
/// two plies more of depth (a factor of about four in nodes at this engine's
/// branching).
fn deeper(limits: &Limits) -> Limits {
    let factor = u64::from(CONFIRM_FACTOR);
    Limits {
        depth: limits.depth.map(|d| d + 2),
        nodes: limits.nodes.map(|n| n.saturating_mul(factor)),
        movetime: limits.movetime.map(|ms| ms.saturating_mul(factor)),
        ..limits.clone()
    }
}

/// The line `pv` from `position`, in UCI, SAN and packed, and its first turn as
/// verbose moves (cut where an action would not be legal, which a correct search
/// never gives); `position` is left as it was.
pub(super) fn best_line(position: &mut Game, pv: &[Action]) -> Option<BestLine> {
    let mut uci = Vec::new();
    let mut san = Vec::new();
    let mut turn = Vec::new();
    for action in pv {
        let Ok(info) = position.play_action(action) else {
            break;
        };
        uci.push(info.lan.clone());
        san.push(info.san.clone());
        if turn.last().is_none_or(|m: &MoveInfo| !m.ends_turn) {
            turn.push(info);
        }
    }
    for _ in &uci {
        position.undo();
    }
    Some(BestLine {
        uci: uci.first()?.clone(),
        san: san.first()?.clone(),
        actions: pv[..uci.len()].iter().map(pack).collect(),
        pv: uci,
        pv_san: san,
        turn,
    })
}

pub(super) fn round_tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A classic Marseillais job after White's two-action first turn and Black's,
    /// with the evaluations of its five positions set by hand (White's view).
    fn judged(evals: [i32; 5]) -> GameAnalysis {
        let mut game = Game::new("marseillais", None).unwrap();
        for text in ["e4", "d4", "e5", "d5"] {
            game.play_text(text).unwrap();
        }
        let mut job = GameAnalysis::new(
            &game,
            Limits::nodes(1000),
            SearchOptions::default(),
            TranspositionTable::new(1),
        )
        .unwrap();
        for (found, cp) in job.found.iter_mut().zip(evals) {
            *found = Some(Analysed {
                eval: Eval::Cp(cp),
                best: None,
            });
        }
        job
    }

    #[test]
    fn a_turn_whose_own_positions_contradict_its_start_is_looked_at_again() {
        // As in the case planted_blunders found (README, "Does a mark mean
        // something?"), a start at -4.66 and the position after White's first
        // action at -1.93; the turn ends at -5.20. From the start the drop is 2.4
        // points, no mark at all; from the position White chose within the turn, 20:
        // a blunder, so both ends of the turn get a deeper look.
        let mut looked = judged([-466, -193, -520, -520, -520]).to_confirm();
        looked.sort();
        assert_eq!(looked, [0, 2]);
        // The same turn with its own positions below its start: no mark, and no
        // deeper look.
        assert!(judged([-466, -500, -520, -520, -520])
            .to_confirm()
            .is_empty());
    }

    #[test]
    fn the_engines_own_best_turn_is_never_marked() {
        // White's turn from +1.00 to -1.00 would be a blunder (a drop of 36 points).
        let mut job = judged([100, -100, -100, -100, -100]);
        let blunder = job.report().plies[1].class;
        assert_eq!(blunder, Some(Mark::Blunder));
        // The search of the position before found the turn played (e4, d4) best:
        // the drop is its two searches disagreeing about one line, and not marked.
        let mut start = job.cursor.clone();
        while start.undo().is_some() {}
        let played: Vec<Action> = job.moves[..2]
            .iter()
            .map(|mv| start.play_uci_past_end(&mv.lan).unwrap())
            .collect();
        while start.undo().is_some() {}
        job.found[0].as_mut().unwrap().best = best_line(&mut start, &played);
        assert_eq!(job.report().plies[1].class, None);
        assert!(job.to_confirm().is_empty());
        // Its first action alone is not the turn: still judged.
        job.found[0].as_mut().unwrap().best = best_line(&mut start, &played[..1]);
        assert_eq!(job.report().plies[1].class, Some(Mark::Blunder));
    }

    #[test]
    fn every_inaccuracy_is_looked_at_again() {
        // White's turn from +1.00 (59.1 points) to +0.10 (50.9), +0.20 and +0.40:
        // drops of 8.2, 7.3 and 5.4, inaccuracies all, so both ends of the turn are
        // looked at again.
        for end in [10, 20, 40] {
            let mut looked = judged([100, 80, end, end, end]).to_confirm();
            looked.sort();
            assert_eq!(looked, [0, 2], "a turn ending at {end}");
        }
        // To +0.60 (55.5), a drop of 3.6: no mark, nothing to look at.
        assert!(judged([100, 80, 60, 60, 60]).to_confirm().is_empty());
        // Once looked at, not again.
        let mut job = judged([100, 80, 40, 40, 40]);
        job.confirmed[0] = true;
        job.confirmed[2] = true;
        assert!(job.to_confirm().is_empty());
    }
}
