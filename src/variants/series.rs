//! The multi-action core shared by Progressive chess (RULES.md §6) and Marseillais
//! chess (§7): an orthodox position whose side keeps acting until its series (or turn)
//! of `length` actions is played, or cut short by a check where the rules say so.
//!
//! What lives here, for both families:
//!
//! - [`SeriesCore`]: the orthodox [`Chess`] position (its own e.p. square is never
//!   used), the series length and the actions played, Progressive's count of quiet
//!   series, and the en-passant state.
//! - Every action is orthodox-legal on its own (the own king is never left in check,
//!   even in mid-series; castling is one action), so the orthodox generator does the
//!   work; a rule set may only remove actions ([`SeriesRules::allows`], e.g. Italian
//!   Progressive's non-final checks). A player in check at a series start must
//!   therefore escape with the first action.
//! - En passant: only by the first action of a series (Marseillais: also by the second
//!   when the first was an e.p. capture), against a pawn that double-stepped in the
//!   opponent's previous series and has not moved since, with the passed square empty.
//! - Endings ([`SeriesCore::outcome`]): checkmate (in check at a series start with no
//!   legal action), the dead position, stalemate (no legal action, also in
//!   mid-series), then Progressive's ten-series draw, which ends the game and so
//!   leaves no legal actions, or Marseillais' 75-move rule (150 actions).
//! - Shortcuts: the orthodox generator's (see `movegen`), since each action is an
//!   orthodox action judged on the orthodox board; e.p. captures, and Italian
//!   Progressive's test for a check given before the last action, play the action on
//!   a copy instead.
//! - [`SeriesRules`]: what tells the four rule sets apart (lengths, checks, e.p. by
//!   the second action, draw rules), as data each position points to, so the four
//!   share one copy of the code; `progressive.rs` and `marseillais.rs` declare theirs
//!   and their game types with [`series_game!`].
//!
//! # En-passant state
//!
//! Two small square sets (bitboards, no heap):
//!
//! - `ep_targets`: the e.p. squares the side to act may capture on with its next
//!   action. Kept canonical, so equal positions are equal values with equal keys
//!   (RULES.md §1.2): at a series start a square stays only if some legal e.p. capture
//!   of this series uses it, either at once or (Marseillais) as the second action after
//!   another e.p. capture; in mid-series only squares with a legal capture right now.
//! - `double_steps`: the landing squares of the side to act's own pawns that
//!   double-stepped in the current series and have not moved since (and have an enemy
//!   pawn beside them, as no other pawn could ever take them). They become the
//!   opponent's candidates when the series ends.
//!
//! # FEN (RULES.md §9)
//!
//! The e.p. field lists, in square order, both sets as squares passed over: the side
//! to act's targets on its relative sixth rank, and its own pending double steps on
//! its relative third rank (e.g. `e3` with White still in mid-series after `e2e4`, just
//! as an orthodox FEN writes the square behind a pawn that has just double-stepped).
//! The two never occur together. The seventh field `S:K` (series length, actions
//! played; Progressive adds `:Q`, the completed quiet series in a row, when Q > 0) is
//! written only when it differs from the default of a six-field FEN, the start of a
//! series (`K` = 0 and `Q` = 0, where the length follows from side and full-move
//! number). Reading validates the length against the rule set, `K` < `S`, and every
//! e.p. square (rank, the pawn behind it, emptiness of a target, which of the two
//! kinds the series point allows); then keeps, as play does, only the usable ones.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::game::{standard_ending, EndReason, Outcome, Phase, TurnState};
use crate::movegen::{self, Counter, Orthodox, Sink};
use crate::moves::{Action, ActionList};
use crate::setup::{ExtraState, PositionError, PositionProblem, Setup, SetupParts};
use crate::types::{Color, File, Piece, Rank, Role, Square};
use crate::variants::check_only_last;
use crate::variants::chess::Chess;
use crate::variants::Variant;
use crate::zobrist;

/// What distinguishes the multi-action rule sets, as data: the four rule sets' positions
/// share one copy of this module's code (and of the search's over them, which the
/// compiler folds when the code is the same), where a type parameter per rule set made
/// four (the WebAssembly size). `progressive.rs` and `marseillais.rs` declare theirs.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct SeriesRules {
    /// The rule set.
    pub(crate) variant: Variant,
    /// First of the `zobrist::extra` tags of this rule set (length, played, quiet and
    /// pending double steps use the next ones).
    pub(crate) key_tag: u64,
    /// Whether a check ends the series at once (Scottish Progressive, Marseillais).
    pub(crate) check_ends_series: bool,
    /// Whether the second action may capture e.p. after a first e.p. capture
    /// (Marseillais).
    pub(crate) ep_by_second_action: bool,
    /// Progressive's draw rules (the ten-series draw instead of the 75-move rule, no
    /// repetition, the quiet-series count in the state) and its PGN numbering (every
    /// series opens a number; Marseillais writes one token per turn instead).
    pub(crate) progressive: bool,
    /// The series lengths.
    pub(crate) lengths: SeriesLengths,
    /// Whether only the last action of a series may check (Italian Progressive: see
    /// `check_only_last.rs` for its generator and its dead positions).
    pub(crate) check_only_last: bool,
}

/// How long each series is.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum SeriesLengths {
    /// Two actions in every turn (classic Marseillais).
    Two,
    /// One action in White's first turn, then two (balanced Marseillais).
    OneThenTwo,
    /// `2k-1` actions for White and `2k` for Black in full move `k` (Progressive).
    Progressive,
}

impl SeriesRules {
    /// The length of the series `side` starts at full move `fullmoves`, if it fits.
    pub(crate) fn series_length(&self, side: Color, fullmoves: u32) -> Option<u16> {
        match self.lengths {
            SeriesLengths::Two => Some(2),
            SeriesLengths::OneThenTwo => Some(if side == Color::White && fullmoves <= 1 {
                1
            } else {
                2
            }),
            SeriesLengths::Progressive => {
                let length = u64::from(fullmoves.max(1)) * 2 - u64::from(side == Color::White);
                u16::try_from(length).ok()
            }
        }
    }

    /// Whether an orthodox-legal action is also legal in this rule set.
    #[inline]
    fn allows(&self, core: &SeriesCore, action: &Action) -> bool {
        !self.check_only_last || core.next_is_last() || !core.gives_check(action)
    }

    /// Generates the legal actions other than en passant (the generator is given no
    /// e.p. square).
    #[inline]
    fn generate_moves<S: Sink>(&self, core: &SeriesCore, out: &mut S) {
        if self.check_only_last && !core.next_is_last() {
            check_only_last::generate_no_check(core.orthodox(), |a| core.gives_check(a), out);
        } else {
            movegen::generate(core.orthodox(), out);
        }
    }

    /// Whether neither side can ever mate (the dead-position draw).
    pub(crate) fn is_dead_position(&self, chess: &Chess) -> bool {
        chess.is_dead_position()
            && !(self.check_only_last && check_only_last::bishops_on_both_sides(&chess.board))
    }

    /// Whether `color` could never mate by any legal sequence.
    pub(crate) fn cannot_mate(&self, chess: &Chess, color: Color) -> bool {
        Chess::cannot_mate_orthodox(&chess.board, color)
            && !(self.check_only_last && check_only_last::bishops_on_both_sides(&chess.board))
    }
}

/// A position of a multi-action rule set (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeriesCore {
    /// The rule set.
    pub(crate) rules: &'static SeriesRules,
    /// The orthodox part; `chess.ep_square` is always `None`.
    pub(crate) chess: Chess,
    /// Actions of the current series in all.
    pub(crate) length: u16,
    /// Actions of the current series already played (always below `length`).
    pub(crate) played: u16,
    /// Progressive: completed series in a row without capture or pawn move.
    pub(crate) quiet: u16,
    /// E.p. squares the next action may capture on.
    pub(crate) ep_targets: Bitboard,
    /// Landing squares of the side to act's own double steps in this series.
    pub(crate) double_steps: Bitboard,
}

/// The squares beside (same rank, next file) those of `bb`.
#[inline]
fn beside(bb: Bitboard) -> Bitboard {
    let not_a = bb - Bitboard::from_file(File::A);
    let not_h = bb - Bitboard::from_file(File::H);
    Bitboard((not_a.0 >> 1) | (not_h.0 << 1))
}

impl SeriesCore {
    /// The start position of `rules`.
    pub(crate) fn start(rules: &'static SeriesRules) -> SeriesCore {
        SeriesCore {
            rules,
            chess: <Chess as crate::game::Position>::start(),
            length: rules.series_length(Color::White, 1).unwrap_or(1),
            played: 0,
            quiet: 0,
            ep_targets: Bitboard::EMPTY,
            double_steps: Bitboard::EMPTY,
        }
    }

    /// The side to act.
    #[inline]
    pub(crate) fn turn(&self) -> Color {
        self.chess.turn
    }

    /// Whose action it is and how far the series has gone.
    #[inline]
    pub(crate) fn turn_state(&self) -> TurnState {
        TurnState {
            side: self.chess.turn,
            length: self.length,
            played: self.played,
            phase: Phase::Move,
        }
    }

    /// The reason a check is refused here, if it is (Italian Progressive before the
    /// series' last action).
    pub(crate) fn check_refusal(&self) -> Option<crate::game::Refusal> {
        (self.rules.check_only_last && !self.next_is_last())
            .then_some(crate::game::Refusal::CheckMidSeries)
    }

    /// Whether the next action is the last of its series.
    #[inline]
    pub(crate) fn next_is_last(&self) -> bool {
        self.played + 1 >= self.length
    }

    /// The orthodox view for the shared generator, without an e.p. square (the
    /// series rules add e.p. captures themselves).
    #[inline]
    pub(crate) fn orthodox(&self) -> Orthodox<'_> {
        Orthodox {
            board: &self.chess.board,
            us: self.chess.turn,
            castling: self.chess.castling,
            ep_square: None,
        }
    }

    /// Enemy pieces giving check to the side to act.
    pub(crate) fn checkers(&self) -> Bitboard {
        let board = &self.chess.board;
        match board.king_of(self.chess.turn) {
            Some(king) => movegen::checkers(board, self.chess.turn, king),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether `us` (who has just acted) attacks the enemy king.
    #[inline]
    fn attacks_their_king(&self, us: Color) -> bool {
        let board = &self.chess.board;
        board
            .king_of(!us)
            .is_some_and(|king| board.attackers_to(king, us, board.occupied()).any())
    }

    /// Whether `action` (legal for the side to act) would attack the enemy king,
    /// decided exactly by playing it on a copy.
    pub(crate) fn gives_check(&self, action: &Action) -> bool {
        let us = self.chess.turn;
        let mut after = self.chess.clone();
        after.apply(action);
        let board = &after.board;
        board
            .king_of(!us)
            .is_some_and(|king| board.attackers_to(king, us, board.occupied()).any())
    }

    /// Appends the legal e.p. captures onto `target` (none if the king is missing).
    #[inline]
    fn ep_captures<S: Sink>(&self, target: Square, out: &mut S) {
        let board = &self.chess.board;
        let us = self.chess.turn;
        let Some(king) = board.king_of(us) else {
            return;
        };
        let capturers =
            attacks::pawn_attacks(!us, target) & board.by_piece(Piece::new(us, Role::Pawn));
        for from in capturers {
            let action = Action::EnPassant { from, to: target };
            if movegen::ep_is_safe(board, us, king, from, target)
                && self.rules.allows(self, &action)
            {
                out.action(action);
            }
        }
    }

    /// Whether some legal e.p. capture onto `target` exists now.
    fn ep_capture_exists(&self, target: Square) -> bool {
        let mut counter = Counter::default();
        self.ep_captures(target, &mut counter);
        counter.0 > 0
    }

    /// The e.p. squares of `candidates` (valid targets: an enemy pawn behind, the
    /// square empty) that some legal e.p. capture of the series starting now can use.
    fn usable_targets(&self, candidates: Bitboard) -> Bitboard {
        let mut direct = Bitboard::EMPTY;
        for target in candidates {
            if self.ep_capture_exists(target) {
                direct.add(target);
            }
        }
        let rest = candidates - direct;
        if !self.rules.ep_by_second_action
            || self.length < 2
            || rest.is_empty()
            || direct.is_empty()
        {
            return direct;
        }
        // A target whose capture is illegal now may become legal as the second action,
        // after a first e.p. capture that blocks the line it would open.
        let mut usable = direct;
        let mut firsts = ActionList::new();
        for target in direct {
            self.ep_captures(target, &mut firsts);
        }
        for target in rest {
            let reachable = firsts.iter().any(|first| {
                let mut after = self.clone();
                after.chess.apply(first);
                after.played = 1;
                !after.attacks_their_king(self.chess.turn) && after.ep_capture_exists(target)
            });
            if reachable {
                usable.add(target);
            }
        }
        usable
    }

    /// Whether the ten-series draw has ended the game (Progressive).
    #[inline]
    fn ten_series_reached(&self) -> bool {
        self.rules.progressive && self.quiet >= 10
    }

    /// Generates every legal action: none once the ten-series draw has ended the game.
    #[inline]
    pub(crate) fn generate<S: Sink>(&self, out: &mut S) {
        if !self.ten_series_reached() {
            self.generate_unfinished(out);
        }
    }

    /// Generates every action the rules allow, as if the game were not drawn.
    #[inline]
    fn generate_unfinished<S: Sink>(&self, out: &mut S) {
        self.rules.generate_moves(self, out);
        for target in self.ep_targets {
            self.ep_captures(target, out);
        }
    }

    /// Appends every legal action to `out` (cleared first).
    #[inline]
    pub(crate) fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        self.generate(out);
    }

    /// The number of legal actions.
    #[inline]
    pub(crate) fn count_legal_actions(&self) -> usize {
        let mut counter = Counter::default();
        self.generate(&mut counter);
        counter.0
    }

    /// Whether `action` is legal, decided without generating the others.
    pub(crate) fn is_legal(&self, action: &Action) -> bool {
        let orthodox_ok = match *action {
            Action::EnPassant { to, .. } => {
                self.ep_targets.contains(to)
                    && movegen::is_legal(
                        Orthodox {
                            ep_square: Some(to),
                            ..self.orthodox()
                        },
                        action,
                    )
            }
            _ => movegen::is_legal(self.orthodox(), action),
        };
        orthodox_ok && self.rules.allows(self, action) && !self.ten_series_reached()
    }

    /// Plays a legal action: the series goes on, or ends and the turn passes.
    #[inline(always)]
    pub(crate) fn play(&mut self, action: &Action) {
        let us = self.chess.turn;
        let (double_step, ep_capture) = match *action {
            Action::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } => (from.index().abs_diff(to.index()) == 16, None),
            Action::EnPassant { to, .. } => (false, Some(to)),
            _ => (false, None),
        };
        self.chess.apply(action);
        // The orthodox e.p. square does not apply here; ours is `ep_targets`.
        self.chess.ep_square = None;
        self.played += 1;
        if double_step {
            self.double_steps.add(action.to());
        }
        // Whether the action checks matters only when it would not end the series anyway.
        let ends = self.played >= self.length
            || (self.rules.check_ends_series && self.attacks_their_king(us));
        if ends {
            self.end_series(us);
            return;
        }
        if self.double_steps.any() {
            self.double_steps = self.live_double_steps(us);
        }
        self.ep_targets = match ep_capture {
            Some(taken) if self.rules.ep_by_second_action && self.ep_targets.any() => {
                let mut still = Bitboard::EMPTY;
                for target in self.ep_targets.without(taken) {
                    if self.ep_capture_exists(target) {
                        still.add(target);
                    }
                }
                still
            }
            _ => Bitboard::EMPTY,
        };
    }

    /// The double steps of `us` whose pawn is still on its landing square with an
    /// enemy pawn beside it (no other pawn could ever take it en passant).
    #[inline]
    fn live_double_steps(&self, us: Color) -> Bitboard {
        let board = &self.chess.board;
        self.double_steps
            & board.by_piece(Piece::new(us, Role::Pawn))
            & beside(board.by_piece(Piece::new(!us, Role::Pawn)))
    }

    /// Closes the series of `us` and opens the opponent's.
    fn end_series(&mut self, us: Color) {
        let passed = if self.double_steps.any() {
            // The square a pawn passed over is one rank behind its landing square.
            self.live_double_steps(us).shift_forward(!us) - self.chess.board.occupied()
        } else {
            Bitboard::EMPTY
        };
        if self.rules.progressive {
            // The series was quiet iff the clock counts all its actions.
            self.quiet = if self.chess.halfmoves >= u32::from(self.played) {
                self.quiet.saturating_add(1)
            } else {
                0
            };
        }
        self.chess.pass_turn();
        self.length = self
            .rules
            .series_length(self.chess.turn, self.chess.fullmoves)
            .unwrap_or(u16::MAX);
        self.played = 0;
        self.double_steps = Bitboard::EMPTY;
        self.ep_targets = if passed.any() {
            self.usable_targets(passed)
        } else {
            Bitboard::EMPTY
        };
    }

    /// Endings in RULES.md's precedence: checkmate, dead position, stalemate (also in
    /// mid-series), then the ten-series draw (Progressive) or the 75-move rule. The
    /// ten-series draw ends the game, so it leaves no legal actions (a mate given by
    /// the last action of the tenth series still wins).
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        let mut counter = Counter::default();
        self.generate_unfinished(&mut counter);
        // Progressive has the ten-series draw instead of the 75-move rule.
        let halfmoves = (!self.rules.progressive).then_some(self.chess.halfmoves);
        standard_ending(
            self.chess.turn,
            counter.0 == 0,
            || self.checkers().any(),
            self.rules.is_dead_position(&self.chess),
            halfmoves,
        )
        .or_else(|| {
            self.ten_series_reached()
                .then_some(Outcome::draw(EndReason::TenSeries))
        })
    }

    /// The key: placement, side, castling, the series state and the e.p. state.
    pub(crate) fn zobrist(&self) -> u64 {
        let mut key = self.chess.key
            ^ zobrist::extra(self.rules.key_tag, u64::from(self.length))
            ^ zobrist::extra(self.rules.key_tag + 1, u64::from(self.played));
        if self.quiet > 0 {
            key ^= zobrist::extra(self.rules.key_tag + 2, u64::from(self.quiet));
        }
        for target in self.ep_targets {
            key ^= zobrist::en_passant(target);
        }
        for landing in self.double_steps {
            key ^= zobrist::extra(self.rules.key_tag + 3, landing.index() as u64);
        }
        key
    }

    /// The e.p. squares for FEN and setup: targets and pending double steps.
    fn ep_squares(&self) -> Vec<Square> {
        let pending = self.double_steps.shift_forward(!self.chess.turn);
        (self.ep_targets | pending).into_iter().collect()
    }

    /// The position as setup data; the seventh field only when not at its default.
    pub(crate) fn to_setup(&self) -> Setup {
        let mut setup = self.chess.to_setup_orthodox();
        setup.ep_squares = self.ep_squares();
        if self.played > 0 || self.quiet > 0 {
            setup.extra = ExtraState::Series {
                length: self.length,
                played: self.played,
                quiet: self.quiet,
            };
        }
        setup
    }

    /// Validates a setup for rule set `R`, listing every problem.
    pub(crate) fn from_setup(
        rules: &'static SeriesRules,
        setup: &Setup,
    ) -> Result<SeriesCore, PositionError> {
        let mut problems = Vec::new();
        setup.reject_unsupported(
            SetupParts {
                seventh_field: true,
                ..SetupParts::default()
            },
            &mut problems,
        );
        Chess::validate_orthodox(setup, &mut problems);
        let turn = setup.turn;
        let fullmoves = setup.fullmoves.max(1);
        let expected = rules.series_length(turn, fullmoves);
        if expected.is_none() {
            problems.push(PositionProblem::Variant(format!(
                "full-move number {fullmoves} is too large for a series length"
            )));
        }
        let expected = expected.unwrap_or(1);
        let (length, played, quiet) = match setup.extra {
            ExtraState::Default => (expected, 0, 0),
            ExtraState::Series {
                length,
                played,
                quiet,
            } => {
                if length != expected {
                    problems.push(PositionProblem::Variant(format!(
                        "series length {length}, but {} at full move {fullmoves} has {expected}",
                        turn.name()
                    )));
                }
                if played >= length {
                    problems.push(PositionProblem::Variant(format!(
                        "{played} actions played of a series of {length}"
                    )));
                }
                if quiet > 0 && !rules.progressive {
                    problems.push(PositionProblem::Variant(
                        "a quiet-series count is not part of this variant".to_string(),
                    ));
                }
                (expected, played.min(expected.saturating_sub(1)), quiet)
            }
            _ => {
                problems.push(PositionProblem::UnsupportedState(
                    "an Avalanche seventh field",
                ));
                (expected, 0, 0)
            }
        };
        if rules.progressive
            && quiet > 0
            && setup.halfmoves >= u32::from(played)
            && setup.halfmoves < u32::from(played) + u32::from(quiet)
        {
            // A clean current series means the clock also spans the quiet series.
            problems.push(PositionProblem::Variant(format!(
                "{quiet} quiet series but only {} actions without capture or pawn move",
                setup.halfmoves
            )));
        }
        let board = setup.board.clone();
        let castling = setup.castling_rights & Bitboard::CORNERS;
        let key = Chess::full_key(&board, turn, castling);
        let chess = Chess {
            board,
            turn,
            castling,
            ep_square: None,
            halfmoves: setup.halfmoves,
            fullmoves,
            key,
        };
        let kings = (chess.board.king_of(turn), chess.board.king_of(!turn));
        if let (Some(ours), Some(theirs)) = kings {
            if movegen::checkers(&chess.board, !turn, theirs).any() {
                problems.push(PositionProblem::OppositeCheck);
            }
            let checks = movegen::checkers(&chess.board, turn, ours);
            if checks.count() > 2 {
                problems.push(PositionProblem::ImpossibleCheck);
            } else if checks.any() && played > 0 {
                problems.push(PositionProblem::Variant(
                    "the side to act is in check in mid-series".to_string(),
                ));
            }
        }
        let (targets, pending) = Self::read_ep(rules, setup, played, &mut problems);
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let mut core = SeriesCore {
            rules,
            chess,
            length,
            played,
            quiet,
            ep_targets: Bitboard::EMPTY,
            double_steps: pending,
        };
        // Keep only what play would keep, so equal positions are equal values.
        core.double_steps = core.live_double_steps(turn);
        core.ep_targets = if played == 0 {
            core.usable_targets(targets)
        } else {
            let mut now = Bitboard::EMPTY;
            for target in targets {
                if core.ep_capture_exists(target) {
                    now.add(target);
                }
            }
            now
        };
        Ok(core)
    }

    /// The position with the other side to act (the search's null move), as
    /// [`crate::Position::pass`] builds it, under the same rules: one copy for the four
    /// rule sets.
    pub(crate) fn pass(&self) -> Option<SeriesCore> {
        SeriesCore::from_setup(self.rules, &crate::game::passed(self.to_setup())).ok()
    }

    /// Sorts the setup's e.p. squares into targets (relative sixth rank, an enemy pawn
    /// behind, empty) and pending double steps (relative third rank, an own pawn in
    /// front), reporting each square that fits neither or the series point.
    fn read_ep(
        rules: &SeriesRules,
        setup: &Setup,
        played: u16,
        problems: &mut Vec<PositionProblem>,
    ) -> (Bitboard, Bitboard) {
        let us = setup.turn;
        let board = &setup.board;
        let mut targets = Bitboard::EMPTY;
        let mut pending = Bitboard::EMPTY;
        // Targets exist at a series start, or after a first e.p. capture (Marseillais);
        // pending double steps only after an action of the series.
        let targets_allowed = played == 0 || (rules.ep_by_second_action && played == 1);
        for &sq in &setup.ep_squares {
            let pawn_at = |dr: i32, color: Color| {
                sq.offset(0, dr)
                    .is_some_and(|at| board.piece_at(at) == Some(Piece::new(color, Role::Pawn)))
            };
            let is_target = sq.rank() == Rank::SIXTH.relative(us)
                && !board.occupied().contains(sq)
                && pawn_at(us.fold(-1, 1), !us);
            let is_pending = sq.rank() == Rank::THIRD.relative(us) && pawn_at(us.fold(1, -1), us);
            if is_target && targets_allowed && pending.is_empty() {
                targets.add(sq);
            } else if is_pending && played > 0 && targets.is_empty() {
                pending.add(sq.offset(0, us.fold(1, -1)).unwrap_or(sq));
            } else {
                problems.push(PositionProblem::BadEnPassant(sq));
            }
        }
        (targets, pending)
    }
}

/// Declares a public game type over [`SeriesCore`] with rule set `$rules`, and its
/// [`crate::Position`] implementation; the last argument names the type its search plays
/// ([`crate::Position::Searched`]): itself, or `searched as` another series type (all
/// four search as `Marseillais`: their rules are data in the core, and the search
/// takes the rule set's policy and draw rules as data, `Search::for_rule_set`). The block
/// states the rule set's own facts (the [`crate::Position`] constants its series rules
/// do not decide: name, PGN tag, other names, help text).
macro_rules! series_game {
    ($(#[$meta:meta])* $name:ident, $rules:ident, searched as $searched:ident, { $($facts:tt)* }) => {
        $crate::variants::series::series_game!($(#[$meta])* $name, $rules, $searched, { $($facts)* });

        impl From<$name> for $searched {
            /// The same position, with its own rules (they are data in the position):
            /// what the search plays (see [`crate::Position::Searched`]).
            fn from(pos: $name) -> $searched {
                $searched { core: pos.core }
            }
        }
    };
    ($(#[$meta:meta])* $name:ident, $rules:ident, $searched:ident, { $($facts:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name {
            pub(crate) core: $crate::variants::series::SeriesCore,
        }

        impl Default for $name {
            fn default() -> $name {
                <$name as $crate::Position>::start()
            }
        }

        impl $name {
            /// The board.
            #[inline]
            pub fn board(&self) -> &$crate::Board {
                &self.core.chess.board
            }

            /// Completed series in a row without capture or pawn move (always 0 in
            /// Marseillais).
            #[inline]
            pub fn quiet_series(&self) -> u16 {
                self.core.quiet
            }
        }

        impl $crate::Position for $name {
            const VARIANT: $crate::Variant = $rules.variant;
            const REPETITION_RULE: bool = !$rules.progressive;
            const MOVE_COUNT_RULES: bool = !$rules.progressive;
            const GOAL: $crate::Bitboard = $crate::Bitboard::EMPTY;
            const VARIED_START: bool = false;
            // What the series core decides: one board, orthodox pieces and castling,
            // a turn of several actions, no ending of its own, and Progressive's
            // numbering (every series opens a number) against Marseillais' (one token
            // per turn).
            const BOARDS: u8 = 1;
            const REBOUNDING_DIAGONALS: bool = false;
            const CASTLES_FROM_ANYWHERE: bool = false;
            const TURN_SHAPE: $crate::variant::TurnShape = $crate::variant::TurnShape::Series;
            const OWN_ENDING_WORDS: (&'static str, &'static str) =
                $crate::Variant::GENERAL_ENDING_WORDS;
            const PGN_STYLE: $crate::variant::PgnStyle = $crate::variant::PgnStyle {
                series_numbers: $rules.progressive,
                token_per_turn: !$rules.progressive,
                ..$crate::variant::PgnStyle::ONE_PER_ACTION
            };
            $($facts)*
            type Searched = $searched;

            fn start() -> $name {
                $name {
                    core: $crate::variants::series::SeriesCore::start(&$rules),
                }
            }

            fn check_refusal(&self) -> Option<$crate::game::Refusal> {
                self.core.check_refusal()
            }

            fn from_setup(setup: &$crate::Setup) -> Result<$name, $crate::PositionError> {
                $crate::variants::series::SeriesCore::from_setup(&$rules, setup)
                    .map(|core| $name { core })
            }

            fn to_setup(&self) -> $crate::Setup {
                self.core.to_setup()
            }

            #[inline]
            fn turn(&self) -> $crate::Color {
                self.core.turn()
            }

            #[inline]
            fn turn_state(&self) -> $crate::TurnState {
                self.core.turn_state()
            }

            fn placement(&self) -> $crate::Placement<'_> {
                $crate::Placement::single(&self.core.chess.board)
            }

            #[inline]
            fn legal_actions(&self, out: &mut $crate::ActionList) {
                self.core.legal_actions(out);
            }

            #[inline]
            fn count_legal_actions(&self) -> usize {
                self.core.count_legal_actions()
            }

            fn is_legal(&self, action: &$crate::Action) -> bool {
                self.core.is_legal(action)
            }

            #[inline(always)]
            fn play_unchecked(&mut self, action: &$crate::Action) {
                self.core.play(action);
            }

            fn checkers(&self) -> $crate::Bitboard {
                self.core.checkers()
            }

            fn pass(&self) -> Option<$name> {
                self.core.pass().map(|core| $name { core })
            }

            fn attackers(&self, square: $crate::Square, color: $crate::Color) -> $crate::Bitboard {
                $crate::game::Position::attackers(&self.core.chess, square, color)
            }

            fn outcome(&self) -> Option<$crate::Outcome> {
                self.core.outcome()
            }

            fn cannot_mate(&self, color: $crate::Color) -> bool {
                self.core.rules.cannot_mate(&self.core.chess, color)
            }

            fn zobrist(&self) -> u64 {
                self.core.zobrist()
            }

            fn halfmove_clock(&self) -> u32 {
                self.core.chess.halfmoves
            }

            fn fullmove_number(&self) -> u32 {
                self.core.chess.fullmoves
            }

            fn castling_rights(&self) -> $crate::Bitboard {
                self.core.chess.castling
            }

            fn legal_ep_squares(&self) -> Vec<$crate::Square> {
                self.core.ep_targets.into_iter().collect()
            }
        }
    };
}

pub(crate) use series_game;
