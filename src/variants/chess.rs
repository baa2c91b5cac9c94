//! Orthodox chess (RULES.md §1): FIDE movement, castling, en passant and promotion;
//! checkmate, stalemate, the dead-position subset (K v K, K+N v K, K + bishops v
//! K + bishops all on one square colour), the 75-move rule as automatic endings; the
//! 50-move rule and threefold repetition as claims (in [`crate::Record`]).
//!
//! The position stores its en-passant square only when a legal en-passant capture
//! exists (§1.2), so equal positions are equal values with equal keys, and FEN
//! output writes the square only then.
//!
//! Legal generation is `movegen`'s, whose module docs list the orthodox shortcuts it
//! takes (check segments, "king only" in double check, pin lines) and why they hold.

use crate::bitboard::Bitboard;
use crate::board::{Board, Placement};
use crate::game::{standard_ending, Outcome, Position};
use crate::movegen::{self, Orthodox};
use crate::moves::{Action, ActionList};
use crate::setup::{PositionError, PositionProblem, Setup, SetupParts};
use crate::types::{CastlingSide, Color, File, Piece, Rank, Role, Square};
use crate::variant::{PgnStyle, TurnShape};
use crate::variants::Variant;
use crate::zobrist;
use crate::AcceptedProblems;

/// Castling rights a move of `role` by `us` from `from` to `to` may end: the right of
/// a rook leaving or captured on either square, and every right of `us` when its king
/// moves. A right exists only while its king and rook are unmoved, so the rook's square
/// and the king's side say it all, wherever the two started (Chess960 included).
#[inline]
pub(crate) fn castling_touched(us: Color, role: Role, from: Square, to: Square) -> Bitboard {
    let squares = Bitboard::from_square(from) | Bitboard::from_square(to);
    if role == Role::King {
        squares | Bitboard::from_rank(us.back_rank())
    } else {
        squares
    }
}

/// Where a rule set's castling king and rooks may start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CastlingStarts {
    /// The king on the e-file, the rooks in the corners (every rule set but Chess960).
    Orthodox,
    /// The king anywhere on its back rank, with at most one castling rook on each side
    /// of it (Chess960, RULES.md §10).
    Anywhere,
}

/// A position of orthodox chess.
///
/// A position accepted on purpose ([`Position::from_setup_accepting`]: extra material,
/// the side not to move in check, a missing king) plays by the same rules, with two
/// answers RULES.md never needs: a king is never captured (a move onto the enemy
/// king's square is no move), and a side without a king makes every move its pieces
/// can (no king to keep safe, no castling), as chess.js does for such boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chess {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    /// Squares of rooks that may still castle.
    pub(crate) castling: Bitboard,
    /// Set after a double step when an enemy pawn attacks the passed square.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Zobrist key of placement, side and castling (the e.p. part is added on demand).
    pub(crate) key: u64,
}

impl Default for Chess {
    fn default() -> Chess {
        Chess::start()
    }
}

impl Chess {
    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The orthodox view used by the shared generator.
    #[inline]
    pub(crate) fn orthodox(&self) -> Orthodox<'_> {
        Orthodox {
            board: &self.board,
            us: self.turn,
            castling: self.castling,
            ep_square: self.ep_square,
        }
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub(crate) fn full_key(board: &Board, turn: Color, castling: Bitboard) -> u64 {
        let mut key = 0;
        for (sq, piece) in board.pieces() {
            key ^= zobrist::piece_square(piece, sq);
        }
        for rook in castling {
            key ^= zobrist::castling(rook);
        }
        if turn == Color::Black {
            key ^= zobrist::side();
        }
        key
    }

    /// The en-passant square, kept only while some pawn may legally capture there.
    #[inline]
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    #[inline]
    fn toggle_piece(&mut self, piece: Piece, sq: Square) {
        self.key ^= zobrist::piece_square(piece, sq);
    }

    fn discard_castling(&mut self, rooks: Bitboard) {
        for rook in self.castling & rooks {
            self.key ^= zobrist::castling(rook);
        }
        self.castling = self.castling - rooks;
    }

    /// Applies an action's effect on the board, rights, e.p. square, clocks and key,
    /// without passing the turn (multi-action variants decide when it passes).
    #[inline(always)]
    pub(crate) fn apply(&mut self, action: &Action) {
        let us = self.turn;
        self.ep_square = None;
        match *action {
            Action::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                if let Some(captured) = capture {
                    let victim = Piece::new(!us, captured);
                    self.board.discard(to, victim);
                    self.toggle_piece(victim, to);
                }
                let mover = Piece::new(us, role);
                match promotion {
                    None => {
                        self.board.move_piece(from, to, mover);
                        self.key ^=
                            zobrist::piece_square(mover, from) ^ zobrist::piece_square(mover, to);
                    }
                    Some(promoted) => {
                        let placed = Piece::new(us, promoted);
                        self.board.discard(from, mover);
                        self.board.put(to, placed);
                        self.key ^=
                            zobrist::piece_square(mover, from) ^ zobrist::piece_square(placed, to);
                    }
                }
                let touched = castling_touched(us, role, from, to);
                if (self.castling & touched).any() {
                    self.discard_castling(touched);
                }
                if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 {
                    let passed =
                        Square::from_index_masked(((from.index() + to.index()) / 2) as u32);
                    // Keep the square only when a capture is legal, so equal positions
                    // are equal values with equal keys (RULES.md §1.2).
                    if movegen::ep_capture_exists(&self.board, !us, passed) {
                        self.ep_square = Some(passed);
                    }
                }
                if role == Role::Pawn || capture.is_some() {
                    self.halfmoves = 0;
                } else {
                    self.halfmoves = self.halfmoves.saturating_add(1);
                }
            }
            Action::Castle { king, rook } => {
                let side = CastlingSide::of(king, rook);
                let k = Piece::new(us, Role::King);
                let r = Piece::new(us, Role::Rook);
                self.board.discard(king, k);
                self.board.discard(rook, r);
                self.board.put(side.king_to(us), k);
                self.board.put(side.rook_to(us), r);
                self.key ^= zobrist::piece_square(k, king)
                    ^ zobrist::piece_square(k, side.king_to(us))
                    ^ zobrist::piece_square(r, rook)
                    ^ zobrist::piece_square(r, side.rook_to(us));
                self.discard_castling(Bitboard::from_rank(us.back_rank()));
                self.halfmoves = self.halfmoves.saturating_add(1);
            }
            Action::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                let pawn = Piece::new(us, Role::Pawn);
                self.board.discard(captured, Piece::new(!us, Role::Pawn));
                self.toggle_piece(Piece::new(!us, Role::Pawn), captured);
                self.board.discard(from, pawn);
                self.board.put(to, pawn);
                self.toggle_piece(pawn, from);
                self.toggle_piece(pawn, to);
                self.halfmoves = 0;
            }
            Action::Drop { .. } | Action::Push { .. } | Action::PromotionChoice { .. } => {
                debug_assert!(false, "not an orthodox action: {action:?}");
            }
        }
    }

    /// Whether the side to move has no king: only in a position accepted on purpose
    /// ([`crate::accepted`]), where it moves by `movegen::kingless_actions`.
    #[inline]
    fn is_kingless(&self) -> bool {
        self.board.king_of(self.turn).is_none()
    }

    /// Passes the turn to the other side.
    #[inline]
    pub(crate) fn pass_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
        self.key ^= zobrist::side();
    }

    /// Whether the pieces left can never mate, for either side (RULES.md §1.1: K v K,
    /// K+N v K, K + bishops v K + bishops with all bishops on one square colour).
    pub fn is_dead_position(&self) -> bool {
        let b = &self.board;
        if (b.by_role(Role::Pawn) | b.orthogonal_sliders()).any() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        if knights.any() {
            // A single knight with bare kings.
            return knights.count() == 1 && bishops.is_empty();
        }
        (bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty()
    }

    /// Validation shared with the variants built on the orthodox board, with the
    /// orthodox castling starts.
    pub(crate) fn validate_orthodox(setup: &Setup, problems: &mut Vec<PositionProblem>) {
        Chess::validate_orthodox_with(setup, CastlingStarts::Orthodox, problems);
    }

    /// [`Chess::validate_orthodox`] with the castling starts of the rule set; returns
    /// the valid castling rights.
    pub(crate) fn validate_orthodox_with(
        setup: &Setup,
        starts: CastlingStarts,
        problems: &mut Vec<PositionProblem>,
    ) -> Bitboard {
        let board = &setup.board;
        for color in Color::ALL {
            let kings = board.by_piece(Piece::new(color, Role::King)).count();
            if kings == 0 {
                problems.push(PositionProblem::MissingKing(color));
            } else if kings > 1 {
                problems.push(PositionProblem::TooManyKings(color));
            }
            if board.by_color(color).count() > 16 {
                problems.push(PositionProblem::TooManyPieces(color));
            }
        }
        for sq in board.by_role(Role::Pawn) & Bitboard::BACK_RANKS {
            problems.push(PositionProblem::PawnOnBackRank(sq));
        }
        Chess::validate_castling_rights_with(setup, starts, problems)
    }

    /// Each castling right needs its rook on an orthodox corner and the king on e1/e8.
    pub(crate) fn validate_castling_rights(setup: &Setup, problems: &mut Vec<PositionProblem>) {
        Chess::validate_castling_rights_with(setup, CastlingStarts::Orthodox, problems);
    }

    /// Each castling right needs a rook of its side on its square on that side's back
    /// rank, and the side's only king on the same rank (orthodox starts: the rook in a
    /// corner, the king on the e-file; Chess960: one right on each side of the king at
    /// most). Returns the valid rights.
    pub(crate) fn validate_castling_rights_with(
        setup: &Setup,
        starts: CastlingStarts,
        problems: &mut Vec<PositionProblem>,
    ) -> Bitboard {
        let board = &setup.board;
        let mut valid = Bitboard::EMPTY;
        for rook in setup.castling_rights {
            let ok = board.color_at(rook).is_some_and(|color| {
                let back = Bitboard::from_rank(color.back_rank());
                let kings = board.by_piece(Piece::new(color, Role::King)) & back;
                let Some(king) = kings.single_square() else {
                    return false;
                };
                let home = board.role_at(rook) == Some(Role::Rook)
                    && back.contains(rook)
                    && board.by_piece(Piece::new(color, Role::King)).count() == 1;
                match starts {
                    CastlingStarts::Orthodox => {
                        home && Bitboard::CORNERS.contains(rook) && king.file() == File::E
                    }
                    CastlingStarts::Anywhere => {
                        let side = CastlingSide::of(king, rook);
                        // A second right on the same side of the same king.
                        home && !valid.into_iter().any(|other| {
                            back.contains(other) && CastlingSide::of(king, other) == side
                        })
                    }
                }
            });
            if ok {
                valid.add(rook);
            } else {
                problems.push(PositionProblem::BadCastlingRight(rook));
            }
        }
        valid
    }

    /// Validates the e.p. square: a pawn of the side not to act just double-stepped
    /// past it.
    pub(crate) fn validate_ep(
        setup: &Setup,
        problems: &mut Vec<PositionProblem>,
    ) -> Option<Square> {
        match setup.ep_squares.as_slice() {
            [] => None,
            [ep] => {
                let us = setup.turn;
                let board = &setup.board;
                let ok = ep.rank() == Rank::SIXTH.relative(us)
                    && !board.occupied().contains(*ep)
                    && ep
                        .offset(0, us.fold(1, -1))
                        .is_some_and(|from| !board.occupied().contains(from))
                    && ep.offset(0, us.fold(-1, 1)).is_some_and(|pawn| {
                        board.piece_at(pawn) == Some(Piece::new(!us, Role::Pawn))
                    });
                if ok {
                    Some(*ep)
                } else {
                    problems.push(PositionProblem::BadEnPassant(*ep));
                    None
                }
            }
            [_, second, ..] => {
                problems.push(PositionProblem::BadEnPassant(*second));
                None
            }
        }
    }

    /// Builds the orthodox part of a position from a setup, listing problems.
    pub(crate) fn from_setup_orthodox(setup: &Setup, problems: &mut Vec<PositionProblem>) -> Chess {
        Chess::from_setup_with(setup, CastlingStarts::Orthodox, problems)
    }

    /// [`Chess::from_setup_orthodox`] with the castling starts of the rule set. Only
    /// valid castling rights are kept, so a position accepted with a bad right never
    /// castles with it.
    pub(crate) fn from_setup_with(
        setup: &Setup,
        starts: CastlingStarts,
        problems: &mut Vec<PositionProblem>,
    ) -> Chess {
        let castling = Chess::validate_orthodox_with(setup, starts, problems);
        let ep = Chess::validate_ep(setup, problems);
        let board = setup.board.clone();
        let turn = setup.turn;
        // Keep the e.p. square only where a legal capture exists, as play does.
        let ep_square = ep.filter(|&ep| movegen::ep_capture_exists(&board, turn, ep));
        let key = Chess::full_key(&board, turn, castling);
        let chess = Chess {
            board,
            turn,
            castling,
            ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            key,
        };
        // Checks can be judged whenever both kings are unique, whatever else is wrong.
        if chess.board.king_of(turn).is_some() && chess.board.king_of(!turn).is_some() {
            if let Some(their_king) = chess.board.king_of(!turn) {
                if movegen::checkers(&chess.board, !turn, their_king).any() {
                    problems.push(PositionProblem::OppositeCheck);
                }
            }
            if let Some(king) = chess.board.king_of(turn) {
                if movegen::checkers(&chess.board, turn, king).count() > 2 {
                    problems.push(PositionProblem::ImpossibleCheck);
                }
            }
        }
        chess
    }

    /// The setup of the orthodox part.
    pub(crate) fn to_setup_orthodox(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            castling_rights: self.castling,
            ep_squares: self.legal_ep_square().into_iter().collect(),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            ..Setup::empty()
        }
    }

    /// Whether `color` has material that could ever mate (sound: says "cannot" only
    /// when no legal sequence mates).
    pub(crate) fn cannot_mate_orthodox(board: &Board, color: Color) -> bool {
        let ours = board.by_color(color);
        let theirs = board.by_color(!color);
        if (ours & (board.by_role(Role::Pawn) | board.orthogonal_sliders())).any() {
            return false;
        }
        let our_knights = ours & board.by_role(Role::Knight);
        let our_bishops = ours & board.by_role(Role::Bishop);
        let their_kings_only = (theirs - board.by_role(Role::King)).is_empty();
        if our_knights.any() {
            // A lone knight mates only with enemy pieces to hem the king in.
            return our_knights.count() == 1 && our_bishops.is_empty() && their_kings_only;
        }
        if our_bishops.is_empty() {
            return true;
        }
        // Bishops of one colour mate only if enemy pieces can stand on the other colour.
        let colour = if (our_bishops & Bitboard::DARK_SQUARES).any() {
            Bitboard::DARK_SQUARES
        } else {
            Bitboard::LIGHT_SQUARES
        };
        if (our_bishops - colour).any() {
            return false;
        }
        let their_others = theirs - board.by_role(Role::King);
        (their_others - (board.by_role(Role::Bishop) & colour)).is_empty()
    }
}

impl Position for Chess {
    const VARIANT: Variant = Variant::Chess;
    const NAME: &'static str = "Chess";
    const PGN_TAG: Option<&'static str> = None;
    const OTHER_NAMES: &'static [&'static str] = &["standard", "orthodox", "normal"];
    const HELP: &'static str = "Orthodox chess.";
    const BOARDS: u8 = 1;
    const REBOUNDING_DIAGONALS: bool = false;
    const CASTLES_FROM_ANYWHERE: bool = false;
    const TURN_SHAPE: TurnShape = TurnShape::Single;
    const OWN_ENDING_WORDS: (&'static str, &'static str) = Variant::GENERAL_ENDING_WORDS;
    const PGN_STYLE: PgnStyle = PgnStyle::ONE_PER_ACTION;
    const REPETITION_RULE: bool = true;
    const GOAL: Bitboard = Bitboard::EMPTY;
    const VARIED_START: bool = false;
    const MOVE_COUNT_RULES: bool = true;
    type Searched = Self;

    fn start() -> Chess {
        let board = Board::starting_position();
        let key = Chess::full_key(&board, Color::White, Bitboard::CORNERS);
        Chess {
            board,
            turn: Color::White,
            castling: Bitboard::CORNERS,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            key,
        }
    }

    fn from_setup(setup: &Setup) -> Result<Chess, PositionError> {
        Chess::from_setup_accepting(setup, AcceptedProblems::NONE)
    }

    /// Every kind can be accepted: the move generator keeps a side without a king to
    /// pseudo-legal moves and never captures a king (see [`Chess`]).
    fn from_setup_accepting(
        setup: &Setup,
        accepted: AcceptedProblems,
    ) -> Result<Chess, PositionError> {
        let mut problems = Vec::new();
        setup.reject_unsupported(SetupParts::default(), &mut problems);
        let chess = Chess::from_setup_orthodox(setup, &mut problems);
        // Listed in full when any problem is refused: the caller sees what it accepted too.
        if problems.iter().all(|problem| accepted.accepts(problem)) {
            Ok(chess)
        } else {
            Err(PositionError { problems })
        }
    }

    fn to_setup(&self) -> Setup {
        self.to_setup_orthodox()
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn placement(&self) -> Placement<'_> {
        Placement::single(&self.board)
    }

    // Never inlined: one copy of the generator behind one call, not one in each caller
    // (notation, records, search; 1 KB gzipped of WebAssembly), for a call per node.
    #[inline(never)]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.is_kingless() {
            movegen::kingless_actions(self.orthodox(), false, out);
        } else {
            movegen::generate(self.orthodox(), out);
        }
    }

    #[inline(never)]
    fn tactical_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.is_kingless() {
            movegen::kingless_actions(self.orthodox(), true, out);
        } else {
            movegen::generate_tactical(self.orthodox(), out);
        }
    }

    #[inline(never)]
    fn count_legal_actions(&self) -> usize {
        if self.is_kingless() {
            let mut list = ActionList::new();
            self.legal_actions(&mut list);
            return list.len();
        }
        let mut counter = movegen::Counter::default();
        movegen::generate(self.orthodox(), &mut counter);
        counter.0
    }

    fn is_legal(&self, action: &Action) -> bool {
        movegen::is_legal(self.orthodox(), action)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, action: &Action) {
        self.apply(action);
        self.pass_turn();
    }

    /// A direct flip, equal to the default's setup route: the pass is refused only when
    /// the side to act is in check (the side not to act never is, but in an accepted
    /// position, where passing to it is still allowed); the key carries no e.p. square.
    fn pass(&self) -> Option<Chess> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        next.ep_square = None;
        next.pass_turn();
        Some(next)
    }

    fn attackers(&self, square: Square, color: Color) -> Bitboard {
        let board = &self.board;
        board.attackers_to(square, color, board.occupied())
    }

    fn checkers(&self) -> Bitboard {
        match self.board.king_of(self.turn) {
            Some(king) => movegen::checkers(&self.board, self.turn, king),
            None => Bitboard::EMPTY,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        standard_ending(
            self.turn,
            self.count_legal_actions() == 0,
            || self.is_check(),
            self.is_dead_position(),
            Some(self.halfmoves),
        )
    }

    fn cannot_mate(&self, color: Color) -> bool {
        Chess::cannot_mate_orthodox(&self.board, color)
    }

    fn zobrist(&self) -> u64 {
        match self.legal_ep_square() {
            Some(ep) => self.key ^ zobrist::en_passant(ep),
            None => self.key,
        }
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    fn legal_ep_squares(&self) -> Vec<Square> {
        self.legal_ep_square().into_iter().collect()
    }
}
