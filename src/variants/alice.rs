//! Alice chess (RULES.md §4): two boards, A and B; the orthodox array starts on A.
//!
//! The rules implemented:
//!
//! - **R1** A piece moves on the board it stands on, blocked only by pieces on that
//!   board, and captures only enemy pieces on that board.
//! - **R2** The move must be legal as an ordinary move on that board alone: a king may
//!   not step onto a square attacked on its departure board (with the king lifted off
//!   it), and castling needs its usual conditions there (king not in check, path empty,
//!   transit and arrival squares not attacked).
//! - **R3** The arrival square must be empty on the other board. As each square holds
//!   at most one piece across both boards, a target is either empty on both boards or
//!   holds an enemy piece on the mover's board, which is captured.
//! - **R4** The piece then transfers to the same square of the other board (a promoted
//!   pawn as its new piece; castling moves king and rook across, so both arrival
//!   squares must be empty on B). Afterwards the mover's king must not be attacked by
//!   enemy pieces on the king's board.
//! - Check comes only from enemy pieces on the king's own board: a piece on the king's
//!   board cannot block a check (it leaves the board), one from the other board can.
//! - No en passant at all (a FEN e.p. square is rejected as unsupported state).
//! - A pawn on its second rank may double-step on either board; the square it passes
//!   over must be empty on its own board only, the arrival square on both.
//! - Endings: checkmate, the dead position only for K v K, stalemate, the 75-move rule;
//!   repetition and the 50-move rule as orthodox, "position" meaning both boards (the
//!   hash adds [`zobrist::on_board_b`] for every board-B piece). `cannot_mate` is true
//!   only for a bare king (a king can never give check, so it cannot mate).
//!
//! Castling rights need the king and the rook unmoved, so both stand on board A (any
//! move transfers a piece to B); a setup granting a right to a piece on B is rejected.
//!
//! The position is one [`Board`] holding every piece plus the mask of squares whose
//! piece stands on board B; a board's occupancy is `occupied & !board_b` (A) or
//! `occupied & board_b` (B), and attacks on a board use only that board's pieces.
//!
//! Shortcuts, and why they hold with two boards: each board's geometry is orthodox,
//! and only the king's board can check it.
//!
//! - In double check only the king moves: the two lines meet only at the king; a
//!   piece of the king's board leaves it, so it can capture one checker but block
//!   nothing; a piece of the other board lands on one square of one line and
//!   captures nothing (it captures on its own board only).
//! - In single check, a piece of the king's board may only capture the checker
//!   (it cannot stay to block), and a piece of the other board only block it, on the
//!   segment between checker and king.
//! - A piece of the other board never uncovers a check (it is not on the king's
//!   board). A piece of the king's board always leaves it, so it uncovers whatever
//!   line it alone blocked, whatever its target: it may not move at all then, unless
//!   it captures the lone checker without uncovering another (tested per move,
//!   like a capture that takes one of two blockers off a line).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, Placement};
use crate::game::{standard_ending, Outcome, Position};
use crate::movegen::{CastlingPath, Counter, Sink};
use crate::moves::{Action, ActionList};
use crate::setup::{ExtraState, PositionError, PositionProblem, Setup};
use crate::types::{CastlingSide, Color, Piece, Rank, Role, Square};
use crate::variant::{PgnStyle, TurnShape};
use crate::variants::chess::{castling_touched, Chess};
use crate::variants::Variant;
use crate::zobrist;

/// Pieces in `them` (all of colour `color`) attacking `sq`, given one board's
/// occupancy `occ`.
#[inline]
fn attackers(board: &Board, sq: Square, color: Color, them: Bitboard, occ: Bitboard) -> Bitboard {
    them & ((attacks::rook_attacks(sq, occ) & board.orthogonal_sliders())
        | (attacks::bishop_attacks(sq, occ) & board.diagonal_sliders())
        | (attacks::knight_attacks(sq) & board.by_role(Role::Knight))
        | (attacks::king_attacks(sq) & board.by_role(Role::King))
        | (attacks::pawn_attacks(!color, sq) & board.by_role(Role::Pawn)))
}

/// Whether any piece in `them` (all of colour `color`) attacks `sq` given `occ`
/// (cheap leapers first, so most answers come early).
#[inline]
fn is_attacked(board: &Board, sq: Square, color: Color, them: Bitboard, occ: Bitboard) -> bool {
    ((attacks::knight_attacks(sq) & board.by_role(Role::Knight))
        | (attacks::king_attacks(sq) & board.by_role(Role::King))
        | (attacks::pawn_attacks(!color, sq) & board.by_role(Role::Pawn)))
        & them
        != Bitboard::EMPTY
        || (attacks::rook_attacks(sq, occ) & board.orthogonal_sliders() & them).any()
        || (attacks::bishop_attacks(sq, occ) & board.diagonal_sliders() & them).any()
}

/// A position of Alice chess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alice {
    /// Every piece, on either board.
    board: Board,
    /// Squares whose piece stands on board B (always a subset of the occupied squares).
    board_b: Bitboard,
    turn: Color,
    /// Squares of rooks that may still castle.
    castling: Bitboard,
    halfmoves: u32,
    fullmoves: u32,
    /// Zobrist key of placement (both boards), side and castling.
    key: u64,
}

impl Default for Alice {
    fn default() -> Alice {
        Alice::start()
    }
}

impl Alice {
    /// The board holding every piece (see [`Alice::board_b`] for which board each is on).
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The squares whose piece stands on board B.
    #[inline]
    pub fn board_b(&self) -> Bitboard {
        self.board_b
    }

    /// The squares of the board the piece on `sq` stands on (board A for an empty
    /// square): `!board_b` or `board_b`.
    #[inline]
    fn board_mask(&self, sq: Square) -> Bitboard {
        if self.board_b.contains(sq) {
            self.board_b
        } else {
            !self.board_b
        }
    }

    /// The key computed from scratch.
    fn full_key(board: &Board, board_b: Bitboard, turn: Color, castling: Bitboard) -> u64 {
        let mut key = Chess::full_key(board, turn, castling);
        for sq in board_b {
            if let Some(piece) = board.piece_at(sq) {
                key ^= zobrist::on_board_b(piece, sq);
            }
        }
        key
    }

    /// Key of `piece` on `sq` on board B (`on_b`) or A.
    #[inline]
    fn piece_key(piece: Piece, sq: Square, on_b: bool) -> u64 {
        if on_b {
            zobrist::piece_square(piece, sq) ^ zobrist::on_board_b(piece, sq)
        } else {
            zobrist::piece_square(piece, sq)
        }
    }

    /// Whether only the two kings are left (the one dead position of RULES.md §4).
    pub fn is_dead_position(&self) -> bool {
        self.board.occupied() == self.board.by_role(Role::King)
    }

    /// Enemy pieces on the king's board attacking the king of `color`.
    fn checkers_of(&self, color: Color) -> Bitboard {
        match self.board.king_of(color) {
            Some(king) => {
                let mask = self.board_mask(king);
                attackers(
                    &self.board,
                    king,
                    !color,
                    self.board.by_color(!color) & mask,
                    self.board.occupied() & mask,
                )
            }
            None => Bitboard::EMPTY,
        }
    }

    /// Where a pawn of `us` on `from` may move on the board `mask` (R1, R3), ignoring
    /// king safety.
    fn pawn_targets(&self, us: Color, from: Square, mask: Bitboard) -> Bitboard {
        let occ = self.board.occupied();
        let step = Bitboard::from_square(from).shift_forward(us) & !(occ & mask);
        let double = (step & Bitboard::relative_rank(us, Rank::THIRD)).shift_forward(us) & !occ;
        (attacks::pawn_attacks(us, from) & self.board.by_color(!us) & mask) | (step & !occ) | double
    }

    /// The castling action with `rook`, if R2-R4 allow it (the caller checks the
    /// right and that the king, on e1/e8 of board A, is not in check).
    fn castling_if_legal(&self, us: Color, king: Square, rook: Square) -> Option<Action> {
        let board = &self.board;
        let path = CastlingPath::new(us, king, rook);
        let CastlingPath {
            king_to, movers, ..
        } = path;
        let a = !self.board_b;
        let occ = board.occupied();
        let occ_a = occ & a;
        let occ_b = occ & self.board_b;
        if (self.board_b & movers).any() {
            return None;
        }
        // Usual conditions on A (R2); both arrival squares empty on B (R3).
        if (path.must_be_empty & occ_a).any() {
            return None;
        }
        let arrivals = Bitboard::from_square(king_to) | Bitboard::from_square(path.rook_to);
        if (arrivals & occ_b).any() {
            return None;
        }
        let them = !us;
        let theirs = board.by_color(them);
        let lifted = occ_a - movers;
        if path
            .king_path
            .into_iter()
            .any(|sq| is_attacked(board, sq, them, theirs & a, lifted))
        {
            return None;
        }
        // R4: the king lands on B, where the rook landing beside it may shield it.
        if is_attacked(
            board,
            king_to,
            them,
            theirs & self.board_b,
            occ_b | arrivals,
        ) {
            return None;
        }
        Some(Action::Castle { king, rook })
    }

    /// Appends every legal action to `out`.
    fn generate<S: Sink>(&self, out: &mut S) {
        let board = &self.board;
        let us = self.turn;
        let them = !us;
        let Some(king) = board.king_of(us) else {
            return;
        };
        let occ = board.occupied();
        let ours = board.by_color(us);
        let theirs = board.by_color(them);
        // The king's board ("home") and the other one.
        let home = self.board_mask(king);
        let away = !home;
        let occ_home = occ & home;
        let occ_away = occ & away;
        let theirs_home = theirs & home;
        let theirs_away = theirs & away;
        let checkers = attackers(board, king, them, theirs_home, occ_home);

        // King: R2 on the departure board (king lifted), R4 on the arrival board.
        let lifted = occ_home ^ Bitboard::from_square(king);
        for to in attacks::king_attacks(king) & (!occ | theirs_home) {
            if !is_attacked(board, to, them, theirs_home, lifted)
                && !is_attacked(board, to, them, theirs_away, occ_away)
            {
                out.action(Action::Normal {
                    role: Role::King,
                    from: king,
                    to,
                    capture: board.role_at(to),
                    promotion: None,
                });
            }
        }
        if checkers.more_than_one() {
            return;
        }

        // Pieces on the king's board leave it, so they cannot block; they may capture a
        // lone checker. A capture on that board also removes a blocker: capturing the
        // only piece between the king and an enemy slider uncovers it (`xray`), and our
        // piece that is the only blocker (pinned), or one of exactly two blockers with
        // an enemy piece it might capture, gets a test per move (`tested`).
        let mut xray = Bitboard::EMPTY;
        let mut tested = Bitboard::EMPTY;
        let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.orthogonal_sliders())
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.diagonal_sliders()))
            & theirs_home;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occ_home;
            match blockers.count() {
                1 => {
                    if (blockers & ours).any() {
                        tested |= blockers;
                    } else {
                        xray |= blockers;
                    }
                }
                2 if (blockers & ours).count() == 1 => tested |= blockers & ours,
                _ => {}
            }
        }
        let home_mask = match checkers.single_square() {
            Some(_) => checkers,
            None => Bitboard::FULL,
        } & ((!occ | theirs_home) - xray);
        // Pieces from the other board arrive on the king's board: there they may block
        // a slider's check, never capture a checker.
        let away_mask = match checkers.single_square() {
            Some(checker) => attacks::between(king, checker),
            None => Bitboard::FULL,
        } & (!occ | theirs_away);

        let safe_after = |from: Square, to: Square| {
            let gone = Bitboard::from_square(from) | Bitboard::from_square(to);
            attackers(board, king, them, theirs_home - gone, occ_home - gone).is_empty()
        };

        let movers = ours - Bitboard::from_square(king);
        for (pieces, occ_x, mask) in [
            (movers & home, occ_home, home_mask),
            (movers & away, occ_away, away_mask),
        ] {
            // An empty home mask means the lone checker can only be taken by
            // uncovering another check, so no piece there, tested or not, may move.
            if mask.is_empty() {
                continue;
            }
            for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                for from in pieces & board.by_role(role) {
                    let reach = attacks::attacks(us, role, from, occ_x);
                    let targets = if tested.contains(from) {
                        let mut t = Bitboard::EMPTY;
                        for to in reach & (!occ | (theirs & home)) {
                            if safe_after(from, to) {
                                t.add(to);
                            }
                        }
                        t
                    } else {
                        reach & mask
                    };
                    out.piece_moves(board, role, from, targets);
                }
            }
            // Pawns move as sets, the tested ones one by one.
            let pawns = pieces & board.by_role(Role::Pawn);
            let free = pawns - tested;
            let step = free.shift_forward(us) & !occ_x;
            let single = step & !occ & mask;
            let double =
                (step & Bitboard::relative_rank(us, Rank::THIRD)).shift_forward(us) & !occ & mask;
            let forward = us.fold(8, -8);
            out.pawn_shift(board, us, single, forward);
            out.pawn_shift(board, us, double, 2 * forward);
            crate::movegen::pawn_captures(out, board, us, free, theirs & occ_x & mask);
            for from in pawns & tested {
                let mut t = Bitboard::EMPTY;
                for to in self.pawn_targets(us, from, home) {
                    if safe_after(from, to) {
                        t.add(to);
                    }
                }
                out.pawn_moves(board, us, from, t);
            }
        }

        if checkers.is_empty() && king.rank() == us.back_rank() && !self.board_b.contains(king) {
            let rights = self.castling
                & Bitboard::from_rank(us.back_rank())
                & board.by_piece(Piece::new(us, Role::Rook));
            for rook in rights {
                if let Some(action) = self.castling_if_legal(us, king, rook) {
                    out.action(action);
                }
            }
        }
    }

    /// Plays an action without any check (see [`Position::play_unchecked`]).
    fn apply(&mut self, action: &Action) {
        let us = self.turn;
        match *action {
            Action::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                let from_b = self.board_b.contains(from);
                if let Some(captured) = capture {
                    // The victim stands on the mover's board (R1).
                    let victim = Piece::new(!us, captured);
                    self.board.discard(to, victim);
                    self.key ^= Alice::piece_key(victim, to, from_b);
                }
                let mover = Piece::new(us, role);
                let placed = Piece::new(us, promotion.unwrap_or(role));
                self.board.discard(from, mover);
                self.board.put(to, placed);
                // R4: the piece arrives on the other board.
                self.key ^=
                    Alice::piece_key(mover, from, from_b) ^ Alice::piece_key(placed, to, !from_b);
                self.board_b.remove(from);
                self.board_b.set(to, !from_b);
                let touched = castling_touched(us, role, from, to);
                if (self.castling & touched).any() {
                    self.discard_castling(touched);
                }
                if role == Role::Pawn || capture.is_some() {
                    self.halfmoves = 0;
                } else {
                    self.halfmoves += 1;
                }
            }
            Action::Castle { king, rook } => {
                let side = if rook > king {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let k = Piece::new(us, Role::King);
                let r = Piece::new(us, Role::Rook);
                let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
                self.board.discard(king, k);
                self.board.discard(rook, r);
                self.board.put(king_to, k);
                self.board.put(rook_to, r);
                // Both start on A (castling rights) and cross to B.
                self.key ^= Alice::piece_key(k, king, false)
                    ^ Alice::piece_key(k, king_to, true)
                    ^ Alice::piece_key(r, rook, false)
                    ^ Alice::piece_key(r, rook_to, true);
                self.board_b.remove(king);
                self.board_b.remove(rook);
                self.board_b.add(king_to);
                self.board_b.add(rook_to);
                self.discard_castling(Bitboard::from_rank(us.back_rank()));
                self.halfmoves += 1;
            }
            Action::EnPassant { .. }
            | Action::Drop { .. }
            | Action::Push { .. }
            | Action::PromotionChoice { .. } => {
                debug_assert!(false, "not an Alice action: {action:?}");
            }
        }
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
        self.key ^= zobrist::side();
    }

    fn discard_castling(&mut self, rooks: Bitboard) {
        for rook in self.castling & rooks {
            self.key ^= zobrist::castling(rook);
        }
        self.castling = self.castling - rooks;
    }

    /// Whether a normal move has the right shape: the mover is ours, the target is
    /// reachable on the mover's board and empty on both boards or an enemy on the
    /// mover's board (R1, R3), the capture and promotion fields match.
    fn normal_shape_ok(
        &self,
        role: Role,
        from: Square,
        to: Square,
        capture: Option<Role>,
        promotion: Option<Role>,
    ) -> bool {
        let us = self.turn;
        let board = &self.board;
        if board.piece_at(from) != Some(Piece::new(us, role))
            || board.role_at(to) != capture
            || capture == Some(Role::King)
        {
            return false;
        }
        let mask = self.board_mask(from);
        let target_ok = match capture {
            None => true,
            Some(_) => board.color_at(to) == Some(!us) && mask.contains(to),
        };
        let reach = match role {
            Role::Pawn => self.pawn_targets(us, from, mask),
            _ => attacks::attacks(us, role, from, board.occupied() & mask),
        };
        let promotes = role == Role::Pawn && to.rank() == us.promotion_rank();
        let promotion_ok = match promotion {
            None => !promotes,
            Some(p) => promotes && Role::PROMOTIONS.contains(&p),
        };
        target_ok && reach.contains(to) && promotion_ok
    }
}

impl Position for Alice {
    const VARIANT: Variant = Variant::Alice;
    const NAME: &'static str = "Alice";
    const PGN_TAG: Option<&'static str> = Some("Alice");
    const OTHER_NAMES: &'static [&'static str] = &[];
    const HELP: &'static str = "Alice: two boards. A piece moves on the board it stands on, then passes through the looking glass to the same square of the other board, which must be empty. Check only comes from pieces on the king’s own board.";
    const BOARDS: u8 = 2;
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

    fn start() -> Alice {
        let board = Board::starting_position();
        let key = Alice::full_key(&board, Bitboard::EMPTY, Color::White, Bitboard::CORNERS);
        Alice {
            board,
            board_b: Bitboard::EMPTY,
            turn: Color::White,
            castling: Bitboard::CORNERS,
            halfmoves: 0,
            fullmoves: 1,
            key,
        }
    }

    /// The piece arrives on the other board (R4).
    fn shift_in_setup(setup: &mut Setup, from: Square, to: Square) {
        if let Some(piece) = setup.board.take(from) {
            let on_b = setup.board_b.contains(from);
            setup.board.take(to);
            setup.board.put(to, piece);
            setup.board_b.remove(from);
            if on_b {
                setup.board_b.remove(to);
            } else {
                setup.board_b.add(to);
            }
        }
    }

    fn attackers_in_setup(setup: &Setup, square: Square, color: Color) -> Option<Bitboard> {
        Alice::from_setup(setup)
            .ok()
            .map(|alice| alice.attackers(square, color))
    }

    fn from_setup(setup: &Setup) -> Result<Alice, PositionError> {
        let mut problems = Vec::new();
        if setup.hands.is_some() {
            problems.push(PositionProblem::UnsupportedState("a hand of pieces"));
        }
        if setup.extra != ExtraState::Default {
            problems.push(PositionProblem::UnsupportedState("a seventh FEN field"));
        }
        if !setup.ep_squares.is_empty() {
            problems.push(PositionProblem::UnsupportedState("an en-passant square"));
        }
        for sq in setup.board_b - setup.board.occupied() {
            problems.push(PositionProblem::Variant(format!(
                "the empty square {sq} is marked as board B"
            )));
        }
        // Kings, piece counts, pawns and castling rights as in orthodox chess; a
        // right also needs its king and rook on board A.
        Chess::validate_orthodox(setup, &mut problems);
        let board = setup.board.clone();
        let board_b = setup.board_b & board.occupied();
        for rook in setup.castling_rights {
            let color = match rook.rank() {
                Rank::FIRST => Color::White,
                Rank::EIGHTH => Color::Black,
                _ => continue, // reported by the orthodox check
            };
            let king = board.king_of(color);
            let on_b = board_b.contains(rook) || king.is_some_and(|king| board_b.contains(king));
            if on_b && !problems.contains(&PositionProblem::BadCastlingRight(rook)) {
                problems.push(PositionProblem::BadCastlingRight(rook));
            }
        }
        let turn = setup.turn;
        let castling = setup.castling_rights & Bitboard::CORNERS;
        let key = Alice::full_key(&board, board_b, turn, castling);
        let alice = Alice {
            board,
            board_b,
            turn,
            castling,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            key,
        };
        if problems.is_empty() {
            if alice.checkers_of(!turn).any() {
                problems.push(PositionProblem::OppositeCheck);
            }
            // One move opens at most two lines on the king's board (departure and
            // capture square) or gives one check on it by arriving.
            if alice.checkers_of(turn).count() > 2 {
                problems.push(PositionProblem::ImpossibleCheck);
            }
        }
        if problems.is_empty() {
            Ok(alice)
        } else {
            Err(PositionError { problems })
        }
    }

    fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            board_b: self.board_b,
            turn: self.turn,
            castling_rights: self.castling,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            ..Setup::empty()
        }
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn placement(&self) -> Placement<'_> {
        Placement {
            board: &self.board,
            board_b: self.board_b,
        }
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        self.generate(out);
    }

    fn count_legal_actions(&self) -> usize {
        let mut counter = Counter::default();
        self.generate(&mut counter);
        counter.0
    }

    /// Decided without the generator: the action's shape, then the position after it
    /// is built and the mover's king tested on its board (plus R2 for king moves).
    fn is_legal(&self, action: &Action) -> bool {
        let us = self.turn;
        let Some(king) = self.board.king_of(us) else {
            return false;
        };
        match *action {
            Action::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                if !self.normal_shape_ok(role, from, to, capture, promotion) {
                    return false;
                }
                if role == Role::King {
                    // R2: the step must be safe on the departure board.
                    let mask = self.board_mask(from);
                    let lifted = (self.board.occupied() & mask) - Bitboard::from_square(from);
                    let them = self.board.by_color(!us) & mask;
                    if attackers(&self.board, to, !us, them, lifted).any() {
                        return false;
                    }
                }
                let mut after = self.clone();
                after.apply(action);
                after.checkers_of(us).is_empty()
            }
            Action::Castle { king: k, rook } => {
                k == king
                    && k.rank() == us.back_rank()
                    && self.castling.contains(rook)
                    && Bitboard::from_rank(us.back_rank()).contains(rook)
                    && self.board.piece_at(rook) == Some(Piece::new(us, Role::Rook))
                    && self.checkers_of(us).is_empty()
                    && self.castling_if_legal(us, king, rook).is_some()
            }
            Action::EnPassant { .. }
            | Action::Drop { .. }
            | Action::Push { .. }
            | Action::PromotionChoice { .. } => false,
        }
    }

    #[inline]
    fn play_unchecked(&mut self, action: &Action) {
        self.apply(action);
    }

    /// A direct flip (Alice has no e.p.), refused when the side to act is in check on
    /// its king's board.
    fn pass(&self) -> Option<Alice> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        if next.turn == Color::Black {
            next.fullmoves = next.fullmoves.saturating_add(1);
        }
        next.turn = !next.turn;
        next.key ^= zobrist::side();
        Some(next)
    }

    fn checkers(&self) -> Bitboard {
        self.checkers_of(self.turn)
    }

    fn attackers(&self, square: Square, color: Color) -> Bitboard {
        let them = self.board.by_color(color);
        let on = |mask: Bitboard| {
            attackers(
                &self.board,
                square,
                color,
                them & mask,
                self.board.occupied() & mask,
            )
        };
        if self.board.occupied().contains(square) {
            on(self.board_mask(square))
        } else {
            on(self.board_b) | on(!self.board_b)
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

    /// Sound and simple: a bare king can never give check; anything more might mate.
    fn cannot_mate(&self, color: Color) -> bool {
        (self.board.by_color(color) - self.board.by_role(Role::King)).is_empty()
    }

    fn zobrist(&self) -> u64 {
        self.key
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
        Vec::new()
    }
}
