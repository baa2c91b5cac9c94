//! [`AnyRecord`]: the object-safe face of a [`Record`] of any rule set, implemented
//! once for every `Record<G>`; [`new_any_record`] picks the rule set.

use super::error::{ApiError, ApiErrorKind};
use super::info::{MoveInfo, TurnInfo};
use crate::bitboard::Bitboard;
use crate::board::Placement;
use crate::game::{EndReason, Outcome, Position};
use crate::moves::{Action, ActionList};
use crate::notation::annotations::Annotations;
use crate::notation::pgn_syntax::RawMove;
use crate::notation::uci::UciActionError;
use crate::notation::{fen, pgn, san, uci};
use crate::record::Record;
use crate::search::{
    position_key, stepped, Limits, SearchOptions, SteppedSearch, TranspositionTable,
};

use crate::refusal::Refusal;
use crate::setup::{Hand, Setup};
use crate::types::{Color, Role, Square};
use crate::variants::Variant;
use crate::AcceptedProblems;

/// The [`Record`] of a game of any rule set: the object-safe interface every
/// `Record<G>` implements, so a rule set chosen at run time is dispatched once.
/// `Sync` as well as `Send`: a game is plain data, and front ends that share
/// objects between threads (the Python package) need both.
pub trait AnyRecord: Send + Sync {
    fn variant(&self) -> Variant;
    fn clone_box(&self) -> Box<dyn AnyRecord>;
    fn fen(&self) -> String;
    fn turn_info(&self) -> TurnInfo;
    fn turn_state(&self) -> crate::game::TurnState;
    fn is_check(&self) -> bool;
    fn legal_actions(&self) -> Vec<Action>;
    /// Legal actions described, optionally only those leaving `from`.
    fn describe_legal(&self, from: Option<Square>) -> Vec<MoveInfo>;
    /// The legal actions in SAN, optionally only those leaving `from`: the `san` of
    /// each of [`Self::describe_legal`], from one move generation.
    fn legal_sans(&self, from: Option<Square>) -> Vec<String>;
    /// Resolves SAN (lenient) or a UCI token against the legal actions.
    fn parse_move(&self, text: &str) -> Result<Action, ApiError>;
    /// Plays an action; when `used_ms` is given, one that took that much of its
    /// mover's time ([`Record::play_timed`]). One entry for both: each is compiled
    /// once per rule set (the WebAssembly module's size).
    fn play_action(&mut self, action: &Action, used_ms: Option<u64>) -> Result<MoveInfo, ApiError>;
    fn time_control(&self) -> crate::clock::TimeControl;
    fn set_time_control(&mut self, control: crate::clock::TimeControl);
    /// [`Record::clock_reading`].
    fn clock_reading(&self) -> Option<crate::clock::ClockReading>;
    /// [`Record::time_used`] of every action.
    fn times_used(&self) -> Vec<Option<u64>>;
    /// [`Record::clocks`].
    fn clocks(&self) -> Vec<Option<i64>>;
    /// `color` ran out of time ([`Record::flag`]).
    fn flag(&mut self, color: Color) -> Outcome;
    fn undo(&mut self) -> Option<MoveInfo>;
    fn history(&self) -> Vec<MoveInfo>;
    fn history_actions(&self) -> Vec<Action>;
    /// A line of actions from the current position as numbered PGN tokens (a
    /// variation's moves), up to the first that is not legal.
    fn line_moves(&self, line: &[Action]) -> Vec<RawMove>;
    /// How many actions were played.
    fn plies(&self) -> usize;
    fn outcome(&self) -> Option<Outcome>;
    fn claimable_draw(&self) -> Option<EndReason>;
    fn claim_draw(&mut self) -> Result<Outcome, ApiError>;
    fn resign(&mut self, color: Color) -> Outcome;
    fn agree_draw(&mut self) -> Outcome;
    fn repetition_count(&self) -> usize;
    fn fifty_moves_reached(&self) -> bool;
    fn hand(&self, color: Color) -> Option<Hand>;
    /// The game as PGN with its notes; `tags` override the notes' tags, `set_up` is
    /// the `FEN` tag's value when the game did not start at the rule set's start.
    fn pgn(&self, tags: &[(String, String)], notes: &Annotations, set_up: Option<String>)
        -> String;
    /// The FEN of the position the game started from.
    fn start_fen(&self) -> String;
    /// The game as PGN reading walks it ([`pgn::read_first_game`]: the reading is
    /// compiled once, not once per rule set).
    fn line_cursor(&mut self) -> &mut dyn crate::notation::pgn_line::LineCursor;

    fn perft(&self, depth: u32) -> u64;
    /// Whether the side to act can still win before its turn ends
    /// ([`crate::search::turn_win::turn_can_win`]); `None` past `max_nodes`.
    fn turn_can_win(&self, max_nodes: u64) -> Option<bool>;
    /// The perft count below each legal action of the position (`go perft`).
    fn divide(&self, depth: u32) -> Vec<(Action, u64)>;
    /// Resolves a UCI token against the position's legal actions (whether or not
    /// the game has ended).
    fn parse_uci(&self, token: &str) -> Result<Action, UciActionError>;
    /// Plays the legal action a UCI token names, also after an automatic ending
    /// ([`Record::play_past_end`]); the game is unchanged on error.
    fn play_uci_past_end(&mut self, token: &str) -> Result<Action, UciActionError>;
    /// The search's repetition history: the [`position_key`]s of the turn-start
    /// positions before the current one, since the last irreversible action.
    fn repetition_keys(&self) -> Vec<u64>;
    /// Starts a search of the position, with the repetitions of the game so far.
    fn start_search(
        &self,
        limits: Limits,
        options: SearchOptions,
        table: TranspositionTable,
    ) -> Box<dyn SteppedSearch>;
    fn placement(&self) -> Placement<'_>;
    /// The position's Zobrist key.
    fn zobrist(&self) -> u64;
    /// The pieces giving check.
    fn checkers(&self) -> Bitboard;
    /// The pieces of `color` attacking `square` ([`Position::attackers`]).
    fn attackers(&self, square: Square, color: Color) -> Bitboard;
    /// The position as setup data.
    fn setup(&self) -> Setup;
    /// [`Position::drop_refusal`] of the current position.
    fn drop_refusal(&self, role: Role, to: Square) -> Option<Refusal>;
    /// [`Position::check_refusal`] of the current position.
    fn check_refusal(&self) -> Option<Refusal>;
    /// [`Position::shift_in_setup`].
    fn shift_in_setup(&self, setup: &mut Setup, from: Square, to: Square);
    /// [`Position::attackers_in_setup`].
    fn attackers_in_setup(&self, setup: &Setup, square: Square, color: Color) -> Option<Bitboard>;
}

/// The refusal reasoning's view of a played game, through its vtable: the rule sets'
/// generation and attacks are not copied again (the WebAssembly module's size).
impl crate::refusal::Probe for dyn AnyRecord + '_ {
    fn legal(&self) -> Vec<Action> {
        self.legal_actions()
    }
    fn over(&self) -> bool {
        self.outcome().is_some()
    }
    fn phase(&self) -> crate::game::Phase {
        self.turn_state().phase
    }
    fn side(&self) -> Color {
        self.turn_state().side
    }
    fn setup(&self) -> Setup {
        AnyRecord::setup(self)
    }
    fn own_drop_refusal(&self, role: Role, to: Square) -> Option<Refusal> {
        self.drop_refusal(role, to)
    }
    fn own_check_refusal(&self) -> Option<Refusal> {
        self.check_refusal()
    }
    fn attacking(&self, square: Square, color: Color) -> Bitboard {
        self.attackers(square, color)
    }
    fn shift(&self, setup: &mut Setup, from: Square, to: Square) {
        self.shift_in_setup(setup, from, to);
    }
    fn attacking_in(&self, setup: &Setup, square: Square, color: Color) -> Option<Bitboard> {
        self.attackers_in_setup(setup, square, color)
    }
}

/// Whether `action` leaves `from` (any action when no square is asked; a drop leaves none).
/// Not inlined: it would be copied into each rule set's copy of both callers (the
/// WebAssembly module's size).
#[inline(never)]
fn leaves(action: &Action, from: Option<Square>) -> bool {
    from.is_none() || (action.from() == from && !matches!(action, Action::Drop { .. }))
}

/// Replaces the game by the position of `fen`, accepting the position problems of
/// the kinds in `accepted` ([`Position::from_setup_accepting`]); unchanged on error.
/// Through the game's PGN cursor, which starts games from `FEN` tags the same way:
/// not a second copy per rule set (the WebAssembly module's size).
pub(crate) fn load_fen(
    record: &mut dyn AnyRecord,
    fen: &str,
    accepted: AcceptedProblems,
) -> Result<(), ApiError> {
    record
        .line_cursor()
        .restart(fen, accepted)
        .map_err(|e| error_text(ApiErrorKind::InvalidFen, &e))
}

/// A new game at the start position of `variant`.
pub fn new_any_record(variant: Variant) -> Box<dyn AnyRecord> {
    crate::with_variant!(variant, G => Box::new(Record::new(G::start())))
}

impl<G: Position> AnyRecord for Record<G> {
    fn variant(&self) -> Variant {
        G::VARIANT
    }

    fn clone_box(&self) -> Box<dyn AnyRecord> {
        Box::new(self.clone())
    }

    fn fen(&self) -> String {
        fen::write_fen(self.current())
    }

    fn turn_info(&self) -> TurnInfo {
        self.current().turn_state().into()
    }

    fn is_check(&self) -> bool {
        self.current().is_check()
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut list = ActionList::new();
        self.current().legal_actions(&mut list);
        list.iter().copied().collect()
    }

    fn describe_legal(&self, from: Option<Square>) -> Vec<MoveInfo> {
        let pos = self.current();
        self.legal_actions()
            .iter()
            .filter(|a| leaves(a, from))
            .map(|a| MoveInfo::new(pos, a))
            .collect()
    }

    fn legal_sans(&self, from: Option<Square>) -> Vec<String> {
        let legal = self.legal_actions();
        let mut sans = Vec::new();
        for action in legal.iter().filter(|a| leaves(a, from)) {
            sans.push(san::write_plain(&legal, action) + san::check_suffix(self.current(), action));
        }
        sans
    }

    fn parse_move(&self, text: &str) -> Result<Action, ApiError> {
        let pos = self.current();
        let trimmed = text.trim();
        if uci::is_well_formed(trimmed) {
            if let Ok(action) = uci::parse_action(pos, trimmed) {
                return Ok(action);
            }
        }
        if trimmed.is_empty() {
            return Err(ApiError::new(ApiErrorKind::IllegalMove, "empty move"));
        }
        san::parse_san(pos, trimmed).map_err(|e| san_error(&e, fen::write_fen(pos)))
    }

    fn play_action(&mut self, action: &Action, used_ms: Option<u64>) -> Result<MoveInfo, ApiError> {
        let info = MoveInfo::new(self.current(), action);
        match used_ms {
            Some(used_ms) => self.play_timed(action, used_ms),
            None => self.play(action),
        }
        .map_err(record_error)?;
        Ok(info)
    }

    fn time_control(&self) -> crate::clock::TimeControl {
        Record::time_control(self).clone()
    }

    fn set_time_control(&mut self, control: crate::clock::TimeControl) {
        Record::set_time_control(self, control);
    }

    fn clock_reading(&self) -> Option<crate::clock::ClockReading> {
        Record::clock_reading(self)
    }

    fn clocks(&self) -> Vec<Option<i64>> {
        Record::clocks(self)
    }

    fn times_used(&self) -> Vec<Option<u64>> {
        // A copy of the record's list: a loop over `time_used` was vectorised into
        // 1 KB per rule set.
        Record::times_used(self).to_vec()
    }

    fn flag(&mut self, color: Color) -> Outcome {
        Record::flag(self, color)
    }

    fn undo(&mut self) -> Option<MoveInfo> {
        let action = self.undo()?;
        Some(MoveInfo::new(self.current(), &action))
    }

    fn history(&self) -> Vec<MoveInfo> {
        Record::history(self)
            .map(|(before, action)| MoveInfo::new(before, action))
            .collect()
    }

    fn line_moves(&self, line: &[Action]) -> Vec<RawMove> {
        let mut variation = Record::new(self.current().clone());
        for action in line {
            if variation.play_past_end(action).is_err() {
                break;
            }
        }
        pgn::record_moves(&variation).0
    }

    fn history_actions(&self) -> Vec<Action> {
        self.actions().copied().collect()
    }

    fn plies(&self) -> usize {
        self.len()
    }

    fn outcome(&self) -> Option<Outcome> {
        Record::outcome(self)
    }

    fn claimable_draw(&self) -> Option<EndReason> {
        Record::claimable_draw(self)
    }

    fn claim_draw(&mut self) -> Result<Outcome, ApiError> {
        Record::claim_draw(self).map_err(|e| ApiError::new(ApiErrorKind::NoClaim, e.to_string()))
    }

    fn resign(&mut self, color: Color) -> Outcome {
        Record::resign(self, color)
    }

    fn agree_draw(&mut self) -> Outcome {
        Record::agree_draw(self)
    }

    fn repetition_count(&self) -> usize {
        Record::repetition_count(self)
    }

    fn fifty_moves_reached(&self) -> bool {
        G::MOVE_COUNT_RULES && self.current().halfmove_clock() >= crate::game::FIFTY_MOVE_PLIES
    }

    fn hand(&self, color: Color) -> Option<Hand> {
        self.current().hand(color)
    }

    fn pgn(
        &self,
        tags: &[(String, String)],
        notes: &Annotations,
        set_up: Option<String>,
    ) -> String {
        pgn::write_annotated(self, tags, notes, set_up)
    }

    fn start_fen(&self) -> String {
        fen::write_fen(self.start())
    }

    fn line_cursor(&mut self) -> &mut dyn crate::notation::pgn_line::LineCursor {
        self
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self.current(), depth)
    }

    fn turn_can_win(&self, max_nodes: u64) -> Option<bool> {
        crate::search::turn_win::turn_can_win(self.current(), max_nodes)
    }

    fn divide(&self, depth: u32) -> Vec<(Action, u64)> {
        crate::perft::divide(self.current(), depth)
    }

    fn parse_uci(&self, token: &str) -> Result<Action, UciActionError> {
        uci::parse_action(self.current(), token)
    }

    fn play_uci_past_end(&mut self, token: &str) -> Result<Action, UciActionError> {
        let action = uci::parse_action(self.current(), token)?;
        // Legal, as just resolved among the legal actions.
        self.play_past_end(&action)
            .map_err(|_| UciActionError::Illegal(token.chars().take(16).collect()))?;
        Ok(action)
    }

    fn repetition_keys(&self) -> Vec<u64> {
        let mut keys = Vec::new();
        for (before, action) in Record::history(self) {
            if before.turn_state().is_turn_start() {
                keys.push(position_key(before));
            }
            if before.is_irreversible(action) {
                keys.clear();
            }
        }
        keys
    }

    fn start_search(
        &self,
        limits: Limits,
        options: SearchOptions,
        table: TranspositionTable,
    ) -> Box<dyn SteppedSearch> {
        let history = self.repetition_keys();
        stepped::start(self.current(), &history, limits, options, table)
    }

    fn placement(&self) -> Placement<'_> {
        self.current().placement()
    }

    fn zobrist(&self) -> u64 {
        self.current().zobrist()
    }

    fn checkers(&self) -> Bitboard {
        self.current().checkers()
    }

    fn attackers(&self, square: Square, color: Color) -> Bitboard {
        self.current().attackers(square, color)
    }

    fn setup(&self) -> Setup {
        self.current().to_setup()
    }

    fn turn_state(&self) -> crate::game::TurnState {
        self.current().turn_state()
    }

    fn drop_refusal(&self, role: Role, to: Square) -> Option<Refusal> {
        self.current().drop_refusal(role, to)
    }

    fn check_refusal(&self) -> Option<Refusal> {
        self.current().check_refusal()
    }

    fn shift_in_setup(&self, setup: &mut Setup, from: Square, to: Square) {
        G::shift_in_setup(setup, from, to);
    }

    fn attackers_in_setup(&self, setup: &Setup, square: Square, color: Color) -> Option<Bitboard> {
        G::attackers_in_setup(setup, square, color)
    }
}

/// An error of `kind` with `error`'s text. The error mappings of the rule sets'
/// records are not generic: one copy each, not one per rule set (the WebAssembly size).
#[inline(never)]
fn error_text(kind: ApiErrorKind, error: &dyn std::fmt::Display) -> ApiError {
    ApiError::new(kind, error.to_string())
}

/// A refused action: the game is over, or the action is illegal.
#[inline(never)]
fn record_error(error: crate::record::RecordError) -> ApiError {
    let kind = match error {
        crate::record::RecordError::GameOver(_) | crate::record::RecordError::OutOfTime(_) => {
            ApiErrorKind::GameOver
        }
        _ => ApiErrorKind::IllegalMove,
    };
    error_text(kind, &error)
}

/// SAN that names no legal action in the position `fen`.
#[inline(never)]
fn san_error(error: &san::SanError, fen: String) -> ApiError {
    ApiError::new(ApiErrorKind::IllegalMove, format!("{error} in {fen}"))
}
