//! Resolving a line of PGN move tokens (variations included) against the rules,
//! written once for every rule set.
//!
//! The walk only needs a few things of the game being read: fork it (a variation
//! starts before its move), ask whether it has ended and whose action it is, read and
//! play one action in lenient SAN, and write a token back in strict SAN. Those are
//! [`LineCursor`], an object-safe trait every [`Record`] implements, so
//! [`resolve_line`] is one function rather than one copy per rule set. With the
//! non-generic tag check and the out-of-line calls of `pgn.rs`, that took 4.7 KB off
//! the gzipped WebAssembly module (249,438 to 244,726 bytes), at no cost a reader
//! could measure: the calls are per token, not per node. A cursor also starts a game
//! afresh and sets its clocks, so a whole game is read through it
//! ([`super::pgn::read_first_game`]) and no reading is compiled per rule set.

use super::fen::{self, FenError};
use super::pgn_syntax::{RawMove, TokenNumber};
use super::pgn_tree::{token_number, token_san, PgnError, PgnLine, PgnMove};
use super::san;
use crate::clock::{ClockStep, TimeControl};
use crate::game::{Outcome, Position};
use crate::moves::Action;
use crate::record::Record;
use crate::types::Color;
use crate::AcceptedProblems;

/// A played line as PGN reading walks it (see the module docs). Public but not
/// nameable outside the crate: [`crate::api::AnyRecord::line_cursor`] hands one out
/// for [`super::pgn::read_first_game`].
pub trait LineCursor {
    /// An independent copy, to start a variation from.
    fn fork(&self) -> Box<dyn LineCursor>;
    /// The ending, if the game is over.
    fn ended(&self) -> Option<Outcome>;
    /// The side to act.
    fn turn(&self) -> Color;
    /// The number written before a token starting here ([`token_number`]).
    fn number(&self) -> TokenNumber;
    /// Reads one action in lenient SAN and plays it; the message says why not.
    fn play_san(&mut self, text: &str) -> Result<Action, String>;
    /// The strict SAN of the last `count` actions as one token ([`token_san`]).
    fn last_token_san(&self, count: usize) -> String;
    /// Starts the game afresh from `fen`, a position with problems of the kinds in
    /// `accepted` allowed; unchanged on error. (Also how a game loads a FEN:
    /// `api::any_record::load_fen`.)
    fn restart(&mut self, fen: &str, accepted: AcceptedProblems) -> Result<(), FenError>;
    /// [`Record::clock_steps`].
    fn clock_steps(&self) -> Vec<ClockStep>;
    /// Times the game by `control`, the `i`-th action having taken `times[i]`.
    fn set_times(&mut self, control: TimeControl, times: Vec<Option<u64>>);
    /// `side` ran out of time ([`Record::flag`]).
    fn flag(&mut self, side: Color);
}

impl<G: Position> LineCursor for Record<G> {
    fn fork(&self) -> Box<dyn LineCursor> {
        Box::new(self.clone())
    }

    fn ended(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn turn(&self) -> Color {
        self.current().turn()
    }

    fn number(&self) -> TokenNumber {
        token_number(self.current())
    }

    fn play_san(&mut self, text: &str) -> Result<Action, String> {
        let action = san::parse_san(self.current(), text).map_err(|e| e.to_string())?;
        self.play(&action).map_err(|e| e.to_string())?;
        Ok(action)
    }

    fn last_token_san(&self, count: usize) -> String {
        token_san(self.history().skip(self.len().saturating_sub(count)))
    }

    fn restart(&mut self, fen: &str, accepted: AcceptedProblems) -> Result<(), FenError> {
        *self = Record::new(fen::read_fen_accepting::<G>(fen, accepted)?);
        Ok(())
    }

    fn clock_steps(&self) -> Vec<ClockStep> {
        Record::clock_steps(self)
    }

    fn set_times(&mut self, control: TimeControl, times: Vec<Option<u64>>) {
        self.set_time_control(control);
        for (i, used) in times.into_iter().enumerate() {
            self.set_time_used(i, used);
        }
    }

    fn flag(&mut self, side: Color) {
        Record::flag(self, side);
    }
}

/// Resolves a line of tokens played after `line`'s history (whose repetitions and
/// endings count: a move after an automatic ending is an error), playing them onto
/// `line`: a main line is read in place, a variation on a fork.
pub(super) fn resolve_line(
    game_index: usize,
    line: &mut dyn LineCursor,
    comment_before: &[String],
    raw: &[RawMove],
) -> Result<PgnLine, PgnError> {
    let mut moves = Vec::with_capacity(raw.len());
    for m in raw {
        let error = |message: String| PgnError {
            game: game_index,
            line: m.line,
            column: m.column,
            message,
        };
        if let Some(outcome) = line.ended() {
            return Err(error(format!(
                "move '{}' after the game ended ({outcome})",
                m.token
            )));
        }
        let before = line.fork();
        let side = line.turn();
        let number = line.number();
        let mut actions = Vec::new();
        for part in m.token.split([',', '/']) {
            if !actions.is_empty() && line.turn() != side {
                return Err(error(format!(
                    "'{part}' in '{}' is not part of the same turn",
                    m.token
                )));
            }
            if let Some(outcome) = line.ended() {
                return Err(error(format!(
                    "move '{part}' after the game ended ({outcome})"
                )));
            }
            actions.push(line.play_san(part).map_err(error)?);
        }
        let mut variations = Vec::with_capacity(m.variations.len());
        for v in &m.variations {
            variations.push(resolve_line(
                game_index,
                before.fork().as_mut(),
                &v.comment_before,
                &v.moves,
            )?);
        }
        moves.push(PgnMove {
            san: line.last_token_san(actions.len()),
            number,
            actions,
            nags: m.nags.clone(),
            comments: m.comments.clone(),
            variations,
        });
    }
    Ok(PgnLine {
        comment_before: comment_before.to_vec(),
        moves,
    })
}
