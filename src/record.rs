//! A played game: the start position, every action with the position after it, undo,
//! repetition counting (RULES.md §1.2: positions compared at turn starts, by a key
//! that counts an e.p. square only when the capture is legal), the automatic
//! fivefold rule, draw claims (threefold, 50 moves, also "after my declared move"),
//! and endings by resignation, agreement or time.
//!
//! A timed game also keeps its [`TimeControl`] and the time each action took
//! ([`Record::play_timed`]); what each clock shows follows from them
//! ([`Record::remaining`], [`Record::clocks`]). The record never reads a clock.
//!
//! ```
//! use alfiere::{Chess, Position, Record, notation::san};
//! let mut record = Record::new(Chess::start());
//! for mv in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     let action = san::parse_san(record.current(), mv).unwrap();
//!     record.play(&action).unwrap();
//! }
//! assert_eq!(record.repetition_count(), 3);
//! assert!(record.claimable_draw().is_some());
//! ```

use crate::clock::{ClockReading, ClockRun, ClockStep, TimeControl};
use crate::game::{EndReason, IllegalActionError, Outcome, Position};
use crate::moves::Action;
use crate::types::Color;
use std::fmt;

/// Why an action could not be added to a record; the record is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The game is already over.
    GameOver(Outcome),
    /// The action is not legal in the current position.
    Illegal(IllegalActionError),
    /// A draw was claimed but no claim is valid.
    NoClaim,
    /// The action came after the mover's time ran out: it was not played, and the
    /// game ended by time forfeit with this outcome.
    OutOfTime(Outcome),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::GameOver(o) => write!(f, "the game is over ({o})"),
            RecordError::Illegal(e) => write!(f, "{e}"),
            RecordError::NoClaim => f.write_str("no draw can be claimed here"),
            RecordError::OutOfTime(o) => write!(f, "the time ran out before the move ({o})"),
        }
    }
}

impl std::error::Error for RecordError {}

/// A game as played.
#[derive(Debug, Clone, PartialEq)]
pub struct Record<G: Position> {
    start: G,
    entries: Vec<(Action, G)>,
    ending: Option<Outcome>,
    time_control: TimeControl,
    /// The time each action of `entries` took, ms, where it is known.
    used: Vec<Option<u64>>,
}

impl<G: Position> Record<G> {
    /// A game from `start`.
    pub fn new(start: G) -> Record<G> {
        Record {
            start,
            entries: Vec::new(),
            ending: None,
            time_control: TimeControl::Untimed,
            used: Vec::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The current position.
    pub fn current(&self) -> &G {
        self.entries.last().map_or(&self.start, |(_, g)| g)
    }

    /// The actions played, in order.
    pub fn actions(&self) -> impl Iterator<Item = &Action> + '_ {
        self.entries.iter().map(|(a, _)| a)
    }

    /// Each action with the position it was played in.
    pub fn history(&self) -> impl Iterator<Item = (&G, &Action)> + '_ {
        let befores = std::iter::once(&self.start).chain(self.entries.iter().map(|(_, g)| g));
        befores.zip(self.entries.iter().map(|(a, _)| a))
    }

    /// Number of actions played.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Plays a legal action.
    ///
    /// # Errors
    /// [`RecordError`] when the game is over or the action is illegal; the record is
    /// unchanged.
    pub fn play(&mut self, action: &Action) -> Result<(), RecordError> {
        if let Some(outcome) = self.outcome() {
            return Err(RecordError::GameOver(outcome));
        }
        let mut next = self.current().clone();
        next.play(action).map_err(RecordError::Illegal)?;
        self.entries.push((*action, next));
        self.used.push(None);
        Ok(())
    }

    /// Plays a legal action that took `used_ms` of its mover's time.
    ///
    /// # Errors
    /// As [`Self::play`]; and [`RecordError::OutOfTime`] when the game is timed and
    /// the mover had less time than that left: the action is not played and the game
    /// ends by time forfeit ([`Self::flag`]).
    pub fn play_timed(&mut self, action: &Action, used_ms: u64) -> Result<(), RecordError> {
        let mover = self.current().turn();
        let allowance = self
            .time_control
            .is_timed()
            .then(|| self.clock_run().allowance(mover));
        // Played first, so an ended game and an illegal action are refused as such;
        // taken back if it took too long (one legality test per rule set, not two).
        self.play(action)?;
        if allowance.is_some_and(|allowance| used_ms as i64 > allowance) {
            self.undo();
            return Err(RecordError::OutOfTime(self.flag(mover)));
        }
        if let Some(last) = self.used.last_mut() {
            *last = Some(used_ms);
        }
        Ok(())
    }

    /// How the game is timed ([`TimeControl::Untimed`] unless set).
    pub fn time_control(&self) -> &TimeControl {
        &self.time_control
    }

    /// Sets how the game is timed; the times already recorded stay.
    pub fn set_time_control(&mut self, control: TimeControl) {
        self.time_control = control;
    }

    /// The time the `index`-th action (0-based) took, ms, where it is known.
    pub fn time_used(&self, index: usize) -> Option<u64> {
        self.used.get(index).copied().flatten()
    }

    /// The time each action took, ms, where it is known ([`Self::time_used`] of
    /// every action).
    pub fn times_used(&self) -> &[Option<u64>] {
        &self.used
    }

    /// Sets the time the `index`-th action took (`None`: unknown); false when there
    /// is no such action.
    pub fn set_time_used(&mut self, index: usize, used_ms: Option<u64>) -> bool {
        match self.used.get_mut(index) {
            Some(slot) => {
                *slot = used_ms;
                true
            }
            None => false,
        }
    }

    /// Each action's mover and whether it ended the turn: all the clocks need of the
    /// rule set, so their arithmetic ([`ClockRun::replay`]) is compiled once.
    pub fn clock_steps(&self) -> Vec<ClockStep> {
        // A plain loop: iterator adapters here cost the module more bytes.
        let mut steps = Vec::with_capacity(self.entries.len());
        let mut before = &self.start;
        for (_, after) in &self.entries {
            let mover = before.turn();
            steps.push(ClockStep {
                mover,
                ends_turn: after.turn() != mover,
            });
            before = after;
        }
        steps
    }

    /// The clocks after every action played.
    pub fn clock_run(&self) -> ClockRun {
        ClockRun::replay(&self.time_control, &self.clock_steps(), &self.used)
    }

    /// The time left on `color`'s clock after the last action, ms (negative once
    /// overstepped); `None` when the game runs no clock.
    pub fn remaining(&self, color: Color) -> Option<i64> {
        self.time_control
            .is_timed()
            .then(|| self.clock_run().remaining(color))
    }

    /// What the clocks show after the last action (times left, increments, the side
    /// to act's delay left); `None` when the game runs no clock.
    pub fn clock_reading(&self) -> Option<ClockReading> {
        self.time_control
            .is_timed()
            .then(|| self.clock_run().reading(self.current().turn()))
    }

    /// For each action played, what its mover's clock showed after it (the PGN
    /// `%clk`), where the action's time is known and the game runs a clock.
    pub fn clocks(&self) -> Vec<Option<i64>> {
        ClockRun::clocks(&self.time_control, &self.clock_steps(), &self.used)
    }

    /// Plays a legal action even where the game has ended by an automatic rule (a
    /// dead position, the 75-move rule, a fifth repetition), as a UCI GUI whose rules
    /// differ may play on; any manual ending (resignation, agreement) is dropped.
    ///
    /// # Errors
    /// The action is not legal in the current position; the record is unchanged.
    pub fn play_past_end(&mut self, action: &Action) -> Result<(), IllegalActionError> {
        let mut next = self.current().clone();
        next.play(action)?;
        self.ending = None;
        self.entries.push((*action, next));
        self.used.push(None);
        Ok(())
    }

    /// Takes back the last action (and any manual ending); returns it.
    pub fn undo(&mut self) -> Option<Action> {
        self.ending = None;
        self.used.pop();
        self.entries.pop().map(|(a, _)| a)
    }

    /// How often the current position has occurred (1 if new). Only positions at the
    /// start of a turn count; elsewhere the answer is 1.
    pub fn repetition_count(&self) -> usize {
        let current = self.current();
        if !G::REPETITION_RULE || !current.turn_state().is_turn_start() {
            return 1;
        }
        let key = current.zobrist();
        let mut count = 1;
        // Walk back until an irreversible action: nothing before it can repeat.
        for i in (0..self.entries.len()).rev() {
            let (action, _) = &self.entries[i];
            let before = if i == 0 {
                &self.start
            } else {
                &self.entries[i - 1].1
            };
            if before.is_irreversible(action) {
                break;
            }
            if before.turn_state().is_turn_start() && before.zobrist() == key {
                count += 1;
            }
        }
        count
    }

    /// The ending, if the game is over: a manual ending, the position's own ending, or
    /// fivefold repetition.
    #[inline(never)] // Called from many cold paths; one copy per rule set.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(ending) = self.ending {
            return Some(ending);
        }
        if let Some(outcome) = self.current().outcome() {
            return Some(outcome);
        }
        if self.repetition_count() >= 5 {
            return Some(Outcome::draw(EndReason::FivefoldRepetition));
        }
        None
    }

    /// A draw the side to act may claim now: threefold repetition or the 50-move rule.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        if self.outcome().is_some() {
            return None;
        }
        if self.repetition_count() >= 3 {
            Some(EndReason::ThreefoldRepetition)
        } else if G::MOVE_COUNT_RULES
            && self.current().halfmove_clock() >= crate::game::FIFTY_MOVE_PLIES
        {
            Some(EndReason::FiftyMoves)
        } else {
            None
        }
    }

    /// A draw the side to act may claim by declaring `action` (FIDE 9.2.1, 9.3.1).
    pub fn claimable_after(&self, action: &Action) -> Option<EndReason> {
        let mut copy = self.clone();
        copy.play(action).ok()?;
        if copy.current().outcome().is_some() {
            return None;
        }
        if copy.repetition_count() >= 3 {
            Some(EndReason::ThreefoldRepetition)
        } else if G::MOVE_COUNT_RULES
            && copy.current().halfmove_clock() >= crate::game::FIFTY_MOVE_PLIES
        {
            Some(EndReason::FiftyMoves)
        } else {
            None
        }
    }

    /// Ends the game by a valid draw claim.
    ///
    /// # Errors
    /// [`RecordError::NoClaim`] when no claim is valid now.
    pub fn claim_draw(&mut self) -> Result<Outcome, RecordError> {
        let reason = self.claimable_draw().ok_or(RecordError::NoClaim)?;
        let outcome = Outcome::draw(reason);
        self.ending = Some(outcome);
        Ok(outcome)
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Outcome {
        let outcome = Outcome::win(!color, EndReason::Resignation);
        self.ending.get_or_insert(outcome);
        outcome
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Outcome {
        let outcome = Outcome::draw(EndReason::Agreement);
        self.ending.get_or_insert(outcome);
        outcome
    }

    /// `color` ran out of time: a loss, or a draw if the opponent could never mate.
    pub fn flag(&mut self, color: Color) -> Outcome {
        let outcome = if self.current().cannot_mate(!color) {
            Outcome::draw(EndReason::TimeForfeit)
        } else {
            Outcome::win(!color, EndReason::TimeForfeit)
        };
        self.ending.get_or_insert(outcome);
        outcome
    }
}
