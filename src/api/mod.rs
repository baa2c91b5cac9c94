//! A played game of any rule set behind one interface, for front ends that choose
//! the rule set at run time (the JS API in `src/wasm/`, tests, tools).
//!
//! [`Game`] holds a [`crate::Record`] of the chosen rule set behind the
//! object-safe [`AnyRecord`] trait, so dispatch happens once when the game is made,
//! not per call site. Every method validates its input and either succeeds or returns
//! an [`ApiError`] leaving the game unchanged; `load` and `load_pgn` are atomic.
//!
//! ```
//! use alfiere::api::Game;
//! let mut game = Game::new("chess", None).unwrap();
//! let mv = game.play_text("e4").unwrap();
//! assert_eq!((mv.san.as_str(), mv.flags.as_str()), ("e4", "b"));
//! assert_eq!(game.play_text("e4").unwrap_err().kind.name(), "IllegalMoveError");
//! assert_eq!(game.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! ```

mod any_record;
mod checks;
mod edit;
mod error;
mod info;
mod notes;
mod placement;
mod refusal;
mod serial;

pub use any_record::AnyRecord;
pub use checks::CheckInfo;
pub use error::{quote, ApiError, ApiErrorKind};
pub use info::{ActionKind, MoveInfo, OutcomeInfo, SquareInfo, TurnInfo, VariantInfo};
pub use notes::PositionComment;
pub use placement::{placement, placement_hands};
pub use refusal::RefusalInfo;

use crate::game::{EndReason, Outcome};
use crate::moves::Action;
use crate::notation::annotations::{Annotations, COMPUTED_TAGS, MAX_COMMENT_BYTES, MAX_TAGS};
use crate::notation::uci::UciActionError;
use crate::search::{Limits, SearchOptions, SteppedSearch, TranspositionTable};
use crate::setup::Hand;
use crate::types::{Color, Role, Square};
use crate::variants::Variant;
use crate::AcceptedProblems;

/// The longest text accepted as a move, FEN or variant id; PGN has its own cap.
pub const MAX_SHORT_TEXT: usize = 512;

pub use crate::perft::MAX_PERFT_DEPTH;

/// A game of a rule set chosen at run time.
pub struct Game {
    inner: Box<dyn AnyRecord>,
    /// Tags, comments, NAGs and variations.
    notes: Annotations,
    /// The time the action being played took, ms, while a timed play is under way.
    next_time: Option<u64>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            inner: self.inner.clone_box(),
            notes: self.notes.clone(),
            next_time: None,
        }
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Game({}, {})", self.inner.variant(), self.inner.fen())
    }
}

/// Parses a rule-set id or display name.
pub fn parse_variant(id: &str) -> Result<Variant, ApiError> {
    if id.len() > MAX_SHORT_TEXT {
        return Err(ApiError::new(
            ApiErrorKind::UnknownVariant,
            "variant id too long",
        ));
    }
    id.parse().map_err(|e: crate::UnknownVariantError| {
        ApiError::new(ApiErrorKind::UnknownVariant, e.to_string())
    })
}

/// A move's origin: a square, or a drop like `N@` (its role).
fn parse_origin(from: &str) -> Result<(Option<Square>, Option<Role>), ApiError> {
    match from.strip_suffix('@') {
        Some(letter) => {
            let mut chars = letter.chars();
            let role = chars
                .next()
                .and_then(Role::from_char)
                .filter(|_| chars.next().is_none());
            let role = role.ok_or_else(|| {
                ApiError::new(
                    ApiErrorKind::InvalidArgument,
                    format!("'{}' is not a drop like N@", quote(from, 8)),
                )
            })?;
            Ok((None, Some(role)))
        }
        None => Ok((Some(parse_square(from, "from")?), None)),
    }
}

fn parse_square(text: &str, what: &str) -> Result<Square, ApiError> {
    text.parse().map_err(|_| {
        ApiError::new(
            ApiErrorKind::InvalidArgument,
            format!("{what} '{}' is not a square like e4", quote(text, 16)),
        )
    })
}

impl Game {
    /// A new game of rule set `variant` (an id or name), from `fen` or the start.
    ///
    /// # Errors
    /// `UnknownVariant` or `InvalidFen`.
    pub fn new(variant: &str, fen: Option<&str>) -> Result<Game, ApiError> {
        let mut game = Game::start(parse_variant(variant)?);
        if let Some(fen) = fen {
            game.load(fen)?;
        }
        Ok(game)
    }

    /// A Chess960 game at start position `n` (0-959; 518 is the orthodox array).
    ///
    /// # Errors
    /// `InvalidArgument` for a number out of range.
    pub fn chess960_start(n: u32) -> Result<Game, ApiError> {
        let start = u16::try_from(n)
            .ok()
            .and_then(crate::variants::chess960::Chess960::from_start_number)
            .ok_or_else(|| {
                ApiError::new(
                    ApiErrorKind::InvalidArgument,
                    format!("a Chess960 start position is numbered 0-959, not {n}"),
                )
            })?;
        Game::new(
            Variant::Chess960.id(),
            Some(&crate::notation::fen::write_fen(&start)),
        )
    }

    /// The Chess960 start number of the game's start position, if it is one (in any
    /// rule set: an orthodox game from the usual array is number 518).
    pub fn chess960_number(&self) -> Option<u16> {
        let setup = crate::notation::fen::parse_fen(&self.inner.start_fen()).ok()?;
        let start =
            <crate::variants::chess960::Chess960 as crate::Position>::from_setup(&setup).ok()?;
        start.start_number()
    }

    /// A new game of `variant` at its start position.
    pub fn start(variant: Variant) -> Game {
        Game {
            inner: any_record::new_any_record(variant),
            notes: Annotations::default(),
            next_time: None,
        }
    }

    pub fn variant(&self) -> Variant {
        self.inner.variant()
    }

    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// Replaces the game by the position of `fen` (atomic).
    ///
    /// # Errors
    /// `InvalidFen` with every problem found.
    pub fn load(&mut self, fen: &str) -> Result<(), ApiError> {
        self.load_accepting(fen, AcceptedProblems::NONE)
    }

    /// Replaces the game by the position of `fen` (atomic), accepting the position
    /// problems of the kinds in `accepted` ([`crate::accepted`]).
    ///
    /// # Errors
    /// `InvalidFen` with every problem found, when one is not of an accepted kind.
    pub fn load_accepting(
        &mut self,
        fen: &str,
        accepted: AcceptedProblems,
    ) -> Result<(), ApiError> {
        if fen.len() > MAX_SHORT_TEXT {
            return Err(ApiError::new(ApiErrorKind::InvalidFen, "FEN too long"));
        }
        any_record::load_fen(self.inner.as_mut(), fen, accepted)?;
        // A new game from that position: the notes of the old moves and its result
        // go, its tags (players, event) stay.
        self.notes.clear_plies();
        self.notes.remove_tag("Result");
        Ok(())
    }

    /// Whether `fen` is a valid position of the rule set; the error says why not.
    pub fn validate_fen(variant: Variant, fen: &str) -> Result<(), ApiError> {
        if fen.len() > MAX_SHORT_TEXT {
            return Err(ApiError::new(ApiErrorKind::InvalidFen, "FEN too long"));
        }
        any_record::load_fen(
            any_record::new_any_record(variant).as_mut(),
            fen,
            AcceptedProblems::NONE,
        )
    }

    /// Every problem that keeps `fen` from being a position of the rule set, each in
    /// the words [`Game::validate_fen`]'s error joins (none when it is one): a board
    /// editor lists them as they appear.
    pub fn fen_problems(variant: Variant, fen: &str) -> Vec<String> {
        if fen.len() > MAX_SHORT_TEXT {
            return vec!["FEN too long".into()];
        }
        crate::with_variant!(variant, G => {
            match crate::notation::fen::read_fen_accepting::<G>(fen, AcceptedProblems::NONE) {
                Ok(_) => Vec::new(),
                Err(error) => error.problems.iter().map(ToString::to_string).collect(),
            }
        })
    }

    /// Plays a move given as SAN (lenient) or a UCI token.
    ///
    /// # Errors
    /// `IllegalMove` (also for text that is no move at all) or `GameOver`.
    pub fn play_text(&mut self, text: &str) -> Result<MoveInfo, ApiError> {
        if text.len() > MAX_SHORT_TEXT {
            return Err(ApiError::new(
                ApiErrorKind::IllegalMove,
                "move text too long",
            ));
        }
        self.ensure_not_over()?;
        let action = self.inner.parse_move(text)?;
        self.play(&action)
    }

    /// Plays a legal action (an engine's, say).
    ///
    /// # Errors
    /// `IllegalMove` or `GameOver`; the game is unchanged.
    pub fn play_action(&mut self, action: &Action) -> Result<MoveInfo, ApiError> {
        self.ensure_not_over()?;
        self.play(action)
    }

    /// A line of legal actions from the current position as the rule set's
    /// numbered PGN tokens (a variation's moves), up to the first that is not legal.
    pub fn line_moves(&self, line: &[Action]) -> Vec<crate::notation::pgn_syntax::RawMove> {
        self.inner.line_moves(line)
    }

    /// A line of actions from the current position as verbose moves, up to the first
    /// that is not legal (a search's line, described for a page); the game stays.
    pub fn describe_line(&self, line: &[Action]) -> Vec<MoveInfo> {
        let mut walker = self.inner.clone_box();
        line.iter()
            .map_while(|action| walker.play_action(action, None).ok())
            .collect()
    }

    /// Plays the legal action whose packed form ([`crate::search::ordering::pack`])
    /// is `code`: how a game's line reaches the engine without notation.
    ///
    /// # Errors
    /// `IllegalMove` for a code that names no legal action, `GameOver`.
    pub fn play_packed(&mut self, code: u32) -> Result<MoveInfo, ApiError> {
        self.ensure_not_over()?;
        let action = self
            .inner
            .legal_actions()
            .into_iter()
            .find(|a| crate::search::ordering::pack(a) == code)
            .ok_or_else(|| {
                ApiError::new(
                    ApiErrorKind::IllegalMove,
                    format!("action code {code} names no legal action in {}", self.fen()),
                )
            })?;
        self.play(&action)
    }

    /// The position the game started from and its actions in packed form, for
    /// [`Self::play_packed`].
    pub fn packed_line(&self) -> (String, Vec<u32>) {
        let actions = self.inner.history_actions();
        let codes = actions.iter().map(crate::search::ordering::pack).collect();
        (self.inner.start_fen(), codes)
    }

    /// Plays a legal action (that took `used_ms` of its mover's time, when given)
    /// and keeps the notes in step.
    fn play(&mut self, action: &Action) -> Result<MoveInfo, ApiError> {
        let info = self.inner.play_action(action, self.next_time.take())?;
        self.notes.played(self.inner.plies(), action);
        Ok(info)
    }

    /// [`Self::play_text`] for an action that took `used_ms` of its mover's time.
    ///
    /// # Errors
    /// As [`Self::play_text`]; `GameOver` also when the time ran out before the
    /// action: then it is not played and the game ends by time forfeit.
    pub fn play_text_timed(&mut self, text: &str, used_ms: u64) -> Result<MoveInfo, ApiError> {
        self.next_time = Some(used_ms);
        let played = self.play_text(text);
        self.next_time = None;
        played
    }

    /// [`Self::play_from_to`] for an action that took `used_ms` of its mover's time.
    ///
    /// # Errors
    /// As [`Self::play_from_to`] and [`Self::play_text_timed`].
    pub fn play_from_to_timed(
        &mut self,
        (from, to, promotion): (&str, &str, Option<&str>),
        used_ms: u64,
    ) -> Result<MoveInfo, ApiError> {
        self.next_time = Some(used_ms);
        let played = self.play_from_to(from, to, promotion);
        self.next_time = None;
        played
    }

    /// The game's time control in the PGN form, `None` when it runs no clock.
    pub fn time_control(&self) -> Option<String> {
        let control = self.inner.time_control();
        control.is_timed().then(|| control.to_string())
    }

    /// Times the game with `text`, the PGN `TimeControl` form (`300+3`, `40/5400:1800`,
    /// `*180`, `-` or `none` for no clock); the times recorded so far stay.
    ///
    /// # Errors
    /// `InvalidTimeControl`, quoting the text; the game is unchanged.
    pub fn set_time_control(&mut self, text: &str) -> Result<(), ApiError> {
        let control = if text.trim() == "none" {
            crate::clock::TimeControl::Untimed
        } else {
            text.parse::<crate::clock::TimeControl>()
                .map_err(|e| ApiError::new(ApiErrorKind::InvalidTimeControl, e.to_string()))?
        };
        self.inner.set_time_control(control);
        Ok(())
    }

    /// White's and Black's time left after the last action, ms (negative once
    /// overstepped), while the game runs a clock.
    pub fn remaining(&self) -> Option<(i64, i64)> {
        self.inner
            .clock_reading()
            .map(|r| (r.remaining.white, r.remaining.black))
    }

    /// What the clocks show after the last action, while the game runs a clock.
    pub fn clock_reading(&self) -> Option<crate::clock::ClockReading> {
        self.inner.clock_reading()
    }

    /// The time each action took, ms, where known.
    pub fn times_used(&self) -> Vec<Option<u64>> {
        self.inner.times_used()
    }

    /// What each action's mover had left after it (the PGN `%clk`), where known.
    pub fn clocks(&self) -> Vec<Option<i64>> {
        self.inner.clocks()
    }

    /// `color` ran out of time: a loss, or a draw where the opponent could never win.
    pub fn flag(&mut self, color: Color) -> Outcome {
        self.inner.flag(color)
    }

    /// Plays the move from `from` to `to` (`from` may be `P@`, `N@`... for a drop),
    /// with `promotion` naming the piece when the move promotes.
    ///
    /// # Errors
    /// `InvalidArgument` for malformed squares or pieces, `IllegalMove`, `GameOver`.
    pub fn play_from_to(
        &mut self,
        from: &str,
        to: &str,
        promotion: Option<&str>,
    ) -> Result<MoveInfo, ApiError> {
        let to_sq = parse_square(to, "to")?;
        let promotion = match promotion {
            None | Some("") => None,
            Some(p) => {
                let mut chars = p.chars();
                let role = chars
                    .next()
                    .and_then(Role::from_char)
                    .filter(|r| chars.next().is_none() && !matches!(r, Role::Pawn | Role::King));
                Some(role.ok_or_else(|| {
                    ApiError::new(
                        ApiErrorKind::InvalidArgument,
                        format!("promotion '{}' is not one of q, r, b, n", quote(p, 8)),
                    )
                })?)
            }
        };
        let (from_sq, drop_role) = parse_origin(from)?;
        self.ensure_not_over()?;
        let candidates: Vec<Action> = self
            .inner
            .legal_actions()
            .into_iter()
            .filter(|a| match (drop_role, a) {
                (Some(role), Action::Drop { role: r, to }) => *r == role && *to == to_sq,
                (Some(_), _) => false,
                (None, Action::Drop { .. }) => false,
                (None, Action::Castle { king, rook }) => {
                    Some(*king) == from_sq && (a.to() == to_sq || *rook == to_sq)
                }
                (None, _) => a.from() == from_sq && a.to() == to_sq,
            })
            .collect();
        let description = format!(
            "{}{}{}",
            quote(from, 8),
            quote(to, 8),
            promotion.map_or(String::new(), |r| r.char().to_string())
        );
        let chosen = candidates.iter().find(|a| a.promotion() == promotion);
        match chosen {
            Some(action) => {
                let action = *action;
                self.play(&action)
            }
            None if !candidates.is_empty() && promotion.is_none() => Err(ApiError::new(
                ApiErrorKind::IllegalMove,
                format!("{description} needs a promotion piece (q, r, b or n)"),
            )),
            None => Err(ApiError::new(
                ApiErrorKind::IllegalMove,
                format!("illegal move {description} in {}", self.fen()),
            )),
        }
    }

    fn ensure_not_over(&self) -> Result<(), ApiError> {
        match self.inner.outcome() {
            Some(outcome) => Err(ApiError::new(
                ApiErrorKind::GameOver,
                format!("the game is over ({})", outcome.text(self.variant())),
            )),
            None => Ok(()),
        }
    }

    /// The legal moves, optionally only those leaving `square`.
    ///
    /// # Errors
    /// `InvalidArgument` for a malformed square.
    pub fn moves(&self, square: Option<&str>) -> Result<Vec<MoveInfo>, ApiError> {
        let square = square.map(|s| parse_square(s, "square")).transpose()?;
        Ok(self.inner.describe_legal(square))
    }

    /// The legal moves in SAN, optionally only those leaving `square`: the `san` of
    /// each of [`moves`](Self::moves), without the rest of the description.
    ///
    /// # Errors
    /// `InvalidArgument` for a malformed square.
    pub fn sans(&self, square: Option<&str>) -> Result<Vec<String>, ApiError> {
        let square = square.map(|s| parse_square(s, "square")).transpose()?;
        Ok(self.inner.legal_sans(square))
    }

    /// The legal actions as UCI tokens.
    pub fn legal_moves(&self) -> Vec<String> {
        let variant = self.variant();
        self.inner
            .legal_actions()
            .iter()
            .map(|action| crate::notation::uci::action_to_uci_in(action, variant))
            .collect()
    }

    /// Destinations by origin, as board UIs want them: `e2 -> [e3, e4]`; drops under
    /// `N@` etc.; castling under the king's square with both the king's arrival and
    /// the rook's square.
    pub fn dests(&self) -> Vec<(String, Vec<String>)> {
        let mut out: Vec<(String, Vec<String>)> = Vec::new();
        let mut add = |key: String, to: Square| {
            let to = to.to_string();
            match out.iter_mut().find(|(k, _)| *k == key) {
                Some((_, list)) => {
                    if !list.contains(&to) {
                        list.push(to);
                    }
                }
                None => out.push((key, vec![to])),
            }
        };
        for action in self.inner.legal_actions() {
            match action {
                Action::Drop { role, to } => add(format!("{}@", role.upper_char()), to),
                Action::Castle { king, rook } => {
                    // The king's arrival only where the king moves (Chess960 may
                    // leave it on its square: then only onto the rook).
                    if action.to() != king {
                        add(king.to_string(), action.to());
                    }
                    add(king.to_string(), rook);
                }
                _ => {
                    if let Some(from) = action.from() {
                        add(from.to_string(), action.to());
                    }
                }
            }
        }
        out
    }

    /// Takes back the last action.
    pub fn undo(&mut self) -> Option<MoveInfo> {
        self.inner.undo()
    }

    /// Every action played, described.
    pub fn history(&self) -> Vec<MoveInfo> {
        self.inner.history()
    }

    /// The actions played as UCI tokens.
    pub fn history_uci(&self) -> Vec<String> {
        let variant = self.variant();
        self.inner
            .history_actions()
            .iter()
            .map(|action| crate::notation::uci::action_to_uci_in(action, variant))
            .collect()
    }

    pub fn turn(&self) -> Color {
        self.inner.turn_info().side
    }

    pub fn turn_info(&self) -> TurnInfo {
        self.inner.turn_info()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }

    /// The outcome described in the rule set's words, while the game is over.
    pub fn outcome_info(&self) -> Option<OutcomeInfo> {
        self.outcome().map(|outcome| self.describe(outcome))
    }

    /// An outcome of this game (from [`Self::resign`], [`Self::claim_draw`] ...)
    /// described in the rule set's words.
    pub fn describe(&self, outcome: Outcome) -> OutcomeInfo {
        OutcomeInfo::new(outcome, self.variant())
    }

    pub fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    pub fn is_checkmate(&self) -> bool {
        self.outcome()
            .is_some_and(|o| o.reason == EndReason::Checkmate)
    }

    pub fn is_stalemate(&self) -> bool {
        self.outcome()
            .is_some_and(|o| o.reason == EndReason::Stalemate)
    }

    /// A drawn game, or a draw the side to act may claim now.
    pub fn is_draw(&self) -> bool {
        match self.outcome() {
            Some(o) => o.winner.is_none(),
            None => self.inner.claimable_draw().is_some(),
        }
    }

    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn is_threefold_repetition(&self) -> bool {
        self.inner.repetition_count() >= 3
    }

    /// Neither side can ever mate (the dead-position rule).
    pub fn is_insufficient_material(&self) -> bool {
        self.outcome()
            .is_some_and(|o| o.reason == EndReason::InsufficientMaterial)
    }

    pub fn is_draw_by_fifty_moves(&self) -> bool {
        self.inner.fifty_moves_reached()
    }

    /// The draw the side to act may claim now.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        self.inner.claimable_draw()
    }

    /// Claims a draw.
    ///
    /// # Errors
    /// `NoClaim` when no claim is valid.
    pub fn claim_draw(&mut self) -> Result<Outcome, ApiError> {
        self.inner.claim_draw()
    }

    pub fn resign(&mut self, color: Color) -> Outcome {
        self.inner.resign(color)
    }

    pub fn agree_draw(&mut self) -> Outcome {
        self.inner.agree_draw()
    }

    /// The pieces, a1 first (with their board in Alice).
    pub fn board(&self) -> Vec<SquareInfo> {
        // From the placement, not per rule set (the WebAssembly module's size).
        let alice = self.variant().boards() == 2;
        placement::square_infos(&self.inner.placement(), alice)
    }

    /// A side's hand in Chess-Gi.
    pub fn hand(&self, color: Color) -> Option<Hand> {
        self.inner.hand(color)
    }

    /// The game as PGN with its tags, comments, NAGs and variations; `tags` are
    /// added (overriding the game's own for this text only).
    pub fn pgn(&self, tags: &[(String, String)]) -> String {
        self.inner.pgn(tags, &self.notes, self.set_up_fen())
    }

    /// Replaces the game by the main line of the first game of `text` (atomic).
    ///
    /// # Errors
    /// `InvalidPgn` with the line and column of the problem.
    ///
    /// A `[Variant]` tag naming another implemented rule set switches the game to it.
    pub fn load_pgn(&mut self, text: &str) -> Result<(), ApiError> {
        self.load_pgn_accepting(text, AcceptedProblems::NONE)
    }

    /// Replaces the game like [`Game::load_pgn`], accepting a `FEN` tag with
    /// position problems of the kinds in `accepted` ([`crate::accepted`]).
    ///
    /// # Errors
    /// `InvalidPgn` with the line and column of the problem.
    pub fn load_pgn_accepting(
        &mut self,
        text: &str,
        accepted: AcceptedProblems,
    ) -> Result<(), ApiError> {
        if text.len() > crate::notation::pgn_syntax::MAX_INPUT_BYTES {
            return Err(ApiError::new(ApiErrorKind::InvalidPgn, "PGN text too long"));
        }
        let variant = crate::notation::pgn::first_game_variant(text)
            .map_err(|e| ApiError::new(ApiErrorKind::InvalidPgn, e.to_string()))?;
        let mut fresh = any_record::new_any_record(variant);
        let notes =
            crate::notation::pgn::read_first_game(text, accepted, variant, fresh.line_cursor())
                .map_err(|e| ApiError::new(ApiErrorKind::InvalidPgn, e.to_string()))?
                .ok_or_else(|| {
                    ApiError::new(ApiErrorKind::InvalidPgn, "no game in the PGN text")
                })?;
        self.notes = notes;
        self.inner = fresh;
        Ok(())
    }

    /// Perft of the current position.
    ///
    /// # Errors
    /// `InvalidArgument` above [`MAX_PERFT_DEPTH`].
    pub fn perft(&self, depth: u32) -> Result<u64, ApiError> {
        if depth > MAX_PERFT_DEPTH {
            return Err(ApiError::new(
                ApiErrorKind::InvalidArgument,
                format!("perft depth {depth} is above the limit of {MAX_PERFT_DEPTH}"),
            ));
        }
        Ok(self.inner.perft(depth))
    }

    /// The game's record, behind the interface every rule set's record shares.
    pub fn record(&self) -> &dyn AnyRecord {
        self.inner.as_ref()
    }

    /// Plays the legal action a UCI token names, also where the game has ended by an
    /// automatic rule (UCI `position ... moves`, where a GUI may play on); unchanged
    /// on error.
    ///
    /// # Errors
    /// A malformed token, or one that names no legal action.
    pub fn play_uci_past_end(&mut self, token: &str) -> Result<Action, UciActionError> {
        let action = self.inner.play_uci_past_end(token)?;
        self.notes.played(self.inner.plies(), &action);
        Ok(action)
    }

    /// Starts a search of the current position; the game's repetitions count.
    pub fn start_search(
        &self,
        limits: Limits,
        options: SearchOptions,
        table: TranspositionTable,
    ) -> Box<dyn SteppedSearch> {
        self.inner.start_search(limits, options, table)
    }
}
