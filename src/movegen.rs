//! Orthodox legal move generation, shared by every rule set built on the orthodox
//! board (chess, Chess-Gi, Racing Kings, Progressive, Marseillais, Avalanche).
//!
//! It generates strictly legal actions without playing them: check evasions are
//! limited to the checker and the squares between it and the king, pinned pieces to
//! their pin line, king steps are tested with the king lifted off the board, and the
//! rare en-passant capture is tested by replaying its occupancy.
//!
//! # Shortcuts, and why they hold on the orthodox board
//!
//! Legality is "the mover's king is not attacked afterwards" (the plain definition
//! `tests/reference.rs` holds every generator to); these shortcuts give the same answer
//! without playing the move, because every line of attack is straight:
//!
//! - A slider's check is answered by capturing it or by a piece on the one segment
//!   between it and the king; a leaper's only by capturing it.
//! - In double check only the king may move: two straight lines to the king meet only
//!   at the king, so no single square captures or blocks both.
//! - A pinned piece keeps to the line through its king and pinner: off it, the line
//!   opens; on it, the line stays blocked.
//! - Only en passant empties two squares of one line (the mover's and the captured
//!   pawn's), so it alone is tested by replaying the occupancy.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Action, ActionList};
use crate::types::{CastlingSide, Color, Rank, Role, Square};

/// The orthodox state a generator needs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Orthodox<'a> {
    pub board: &'a Board,
    pub us: Color,
    pub castling: Bitboard,
    pub ep_square: Option<Square>,
}

/// Enemy pieces attacking `king` (of colour `us`).
#[inline]
pub(crate) fn checkers(board: &Board, us: Color, king: Square) -> Bitboard {
    board.attackers_to(king, !us, board.occupied())
}

/// Pieces of colour `us` pinned to their king on `king`.
#[inline]
pub(crate) fn pinned(board: &Board, us: Color, king: Square) -> Bitboard {
    line_blockers(board, king, !us, board.by_color(us))
}

/// Pieces among `candidates` that alone stand between `king` and a slider of colour
/// `snipers` on one line: pinned pieces (the king's own side), or pieces whose
/// move uncovers a check (the snipers' side).
#[inline]
pub(crate) fn line_blockers(
    board: &Board,
    king: Square,
    snipers: Color,
    candidates: Bitboard,
) -> Bitboard {
    let theirs = board.by_color(snipers);
    let sliders = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.orthogonal_sliders()
        | attacks::bishop_attacks(king, Bitboard::EMPTY) & board.diagonal_sliders())
        & theirs;
    let occupied = board.occupied();
    let mut blockers = Bitboard::EMPTY;
    for sniper in sliders {
        let between = attacks::between(king, sniper) & occupied;
        if !between.more_than_one() {
            blockers |= between & candidates;
        }
    }
    blockers
}

/// Where generated actions go: a list, or a counter for perft's bulk counting.
pub(crate) trait Sink {
    /// One action.
    fn action(&mut self, action: Action);
    /// Moves of a non-pawn piece to each target square.
    fn piece_moves(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// Moves of a pawn to each target square (four promotions on the last rank).
    fn pawn_moves(&mut self, board: &Board, us: Color, from: Square, targets: Bitboard);
    /// Pawn moves to each target square from `offset` squares (in index steps) back.
    fn pawn_shift(&mut self, board: &Board, us: Color, targets: Bitboard, offset: i32) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - offset) as u32);
            self.pawn_moves(board, us, from, Bitboard::from_square(to));
        }
    }
}

impl Sink for ActionList {
    #[inline]
    fn action(&mut self, action: Action) {
        self.push(action);
    }

    #[inline]
    fn piece_moves(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Action::Normal {
                role,
                from,
                to,
                capture: board.role_at(to),
                promotion: None,
            });
        }
    }

    #[inline]
    fn pawn_moves(&mut self, board: &Board, us: Color, from: Square, targets: Bitboard) {
        let last_rank = Bitboard::from_rank(us.promotion_rank());
        for to in targets {
            let capture = board.role_at(to);
            if last_rank.contains(to) {
                for promotion in Role::PROMOTIONS {
                    self.push(Action::Normal {
                        role: Role::Pawn,
                        from,
                        to,
                        capture,
                        promotion: Some(promotion),
                    });
                }
            } else {
                self.push(Action::Normal {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: None,
                });
            }
        }
    }

    #[inline]
    fn pawn_shift(&mut self, board: &Board, us: Color, targets: Bitboard, offset: i32) {
        let last_rank = Bitboard::from_rank(us.promotion_rank());
        let origin = |to: Square| Square::from_index_masked((to.index() as i32 - offset) as u32);
        for to in targets - last_rank {
            self.push_pawn(origin(to), to, board.role_at(to), None);
        }
        for to in targets & last_rank {
            let capture = board.role_at(to);
            for promotion in Role::PROMOTIONS {
                self.push_pawn(origin(to), to, capture, Some(promotion));
            }
        }
    }
}

impl ActionList {
    #[inline]
    fn push_pawn(
        &mut self,
        from: Square,
        to: Square,
        capture: Option<Role>,
        promotion: Option<Role>,
    ) {
        self.push(Action::Normal {
            role: Role::Pawn,
            from,
            to,
            capture,
            promotion,
        });
    }
}

/// Counts actions without building them.
#[derive(Debug, Default)]
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline]
    fn action(&mut self, _: Action) {
        self.0 += 1;
    }

    #[inline]
    fn piece_moves(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count();
    }

    #[inline]
    fn pawn_moves(&mut self, _: &Board, us: Color, _: Square, targets: Bitboard) {
        let last_rank = Bitboard::from_rank(us.promotion_rank());
        self.0 += (targets - last_rank).count() + 4 * (targets & last_rank).count();
    }

    #[inline]
    fn pawn_shift(&mut self, board: &Board, us: Color, targets: Bitboard, _: i32) {
        self.pawn_moves(board, us, Square::A1, targets);
    }
}

/// Captures by every pawn of `pawns` (of colour `us`) onto the squares of `victims`,
/// computed as two shifted sets.
#[inline]
pub(crate) fn pawn_captures<S: Sink>(
    out: &mut S,
    board: &Board,
    us: Color,
    pawns: Bitboard,
    victims: Bitboard,
) {
    let not_a = pawns - Bitboard::from_file(crate::types::File::A);
    let not_h = pawns - Bitboard::from_file(crate::types::File::H);
    let (west, east) = match us {
        Color::White => (Bitboard(not_a.0 << 7), Bitboard(not_h.0 << 9)),
        Color::Black => (Bitboard(not_a.0 >> 9), Bitboard(not_h.0 >> 7)),
    };
    out.pawn_shift(board, us, west & victims, us.fold(7, -9));
    out.pawn_shift(board, us, east & victims, us.fold(9, -7));
}

/// Where a pawn of `us` on `from` may move (pushes and captures), ignoring pins and
/// checks.
#[inline]
pub(crate) fn pawn_targets(board: &Board, us: Color, from: Square) -> Bitboard {
    let occupied = board.occupied();
    let single = Bitboard::from_square(from).shift_forward(us) & !occupied;
    let double = single.shift_forward(us) & !occupied & Bitboard::relative_rank(us, Rank::FOURTH);
    (attacks::pawn_attacks(us, from) & board.by_color(!us)) | single | double
}

/// Whether the en-passant capture `from`x`ep` leaves the capturer's king safe.
pub(crate) fn ep_is_safe(board: &Board, us: Color, king: Square, from: Square, ep: Square) -> bool {
    let captured = Square::from_coords(ep.file(), from.rank());
    let occupied =
        (board.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
            | Bitboard::from_square(ep);
    let attackers = board.attackers_to(king, !us, occupied) & !Bitboard::from_square(captured);
    attackers.is_empty()
}

/// Whether some pawn of `us` may legally capture en passant on `ep` (orthodox attacks).
pub(crate) fn ep_capture_exists(board: &Board, us: Color, ep: Square) -> bool {
    let capturers =
        attacks::pawn_attacks(!us, ep) & board.by_piece(crate::Piece::new(us, Role::Pawn));
    // A side without a king (a position accepted on purpose) has no king to expose.
    capturers.any()
        && board.king_of(us).is_none_or(|king| {
            capturers
                .into_iter()
                .any(|from| ep_is_safe(board, us, king, from, ep))
        })
}

/// Appends every legal orthodox action (the list is not cleared).
pub(crate) fn generate<S: Sink>(pos: Orthodox<'_>, out: &mut S) {
    generate_some::<S, false>(pos, out);
}

/// Appends the legal orthodox captures and promotions, in the order [`generate`]
/// gives them (quiescence searches only these, and the order keeps its ties).
pub(crate) fn generate_tactical<S: Sink>(pos: Orthodox<'_>, out: &mut S) {
    generate_some::<S, true>(pos, out);
}

/// Every legal action, or with `TACTICAL` only captures and promotions.
#[inline]
fn generate_some<S: Sink, const TACTICAL: bool>(pos: Orthodox<'_>, out: &mut S) {
    let Orthodox {
        board,
        us,
        castling,
        ep_square,
    } = pos;
    // A side without a king (an accepted position of orthodox chess) moves by
    // [`kingless_actions`], which `Chess` calls itself.
    let Some(king) = board.king_of(us) else {
        return;
    };
    let them = !us;
    let ours = board.by_color(us);
    let occupied = board.occupied();
    // A king is never captured: only an accepted position with the side not to move
    // in check (crate::accepted) has one in reach, and it stays on the board.
    let theirs = board.by_color(them) - board.by_role(Role::King);
    let checkers = checkers(board, us, king);
    // Where non-pawn pieces may go: any square but our own pieces and the enemy king,
    // or only onto enemy pieces.
    let wanted = if TACTICAL {
        theirs
    } else {
        !(ours | board.by_role(Role::King))
    };

    // King steps, tested with the king lifted so it cannot hide behind itself.
    let lifted = occupied ^ Bitboard::from_square(king);
    for to in attacks::king_attacks(king) & wanted {
        if !board.is_attacked(to, them, lifted) {
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

    // Other pieces must capture the checker or block it.
    let evasion = match checkers.single_square() {
        Some(checker) => attacks::between(king, checker) | checkers,
        None => !ours,
    };
    let mask = evasion & wanted;
    let last_rank = Bitboard::from_rank(us.promotion_rank());
    // Pawn pushes: every one, or only promotions.
    let push_mask = if TACTICAL {
        evasion & last_rank
    } else {
        evasion
    };
    let pinned = pinned(board, us, king);
    let free = ours & !pinned;

    for from in board.by_role(Role::Knight) & free {
        out.piece_moves(
            board,
            Role::Knight,
            from,
            attacks::knight_attacks(from) & mask & !ours,
        );
    }
    for role in [Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_role(role) & ours {
            let mut targets = attacks::attacks(us, role, from, occupied) & mask & !ours;
            if pinned.contains(from) {
                targets &= attacks::line(king, from);
            }
            out.piece_moves(board, role, from, targets);
        }
    }
    // Unpinned pawns move as sets; pinned ones one by one along their pin line.
    let pawns = board.by_role(Role::Pawn) & ours;
    let free_pawns = pawns & !pinned;
    let empty = !occupied;
    let single = free_pawns.shift_forward(us) & empty;
    let forward = us.fold(8, -8);
    out.pawn_shift(board, us, single & push_mask, forward);
    if !TACTICAL {
        let double =
            (single & Bitboard::relative_rank(us, Rank::THIRD)).shift_forward(us) & empty & mask;
        out.pawn_shift(board, us, double, 2 * forward);
    }
    pawn_captures(out, board, us, free_pawns, theirs & mask);
    for from in pawns & pinned {
        let targets = pawn_targets(board, us, from)
            & (push_mask | (theirs & mask))
            & attacks::line(king, from);
        out.pawn_moves(board, us, from, targets);
    }

    if let Some(ep) = ep_square {
        // The captured pawn stands behind the e.p. square; a check by any other
        // piece cannot be answered by e.p., which the replay below catches.
        for from in attacks::pawn_attacks(them, ep) & board.by_role(Role::Pawn) & ours {
            if ep_is_safe(board, us, king, from, ep) {
                out.action(Action::EnPassant { from, to: ep });
            }
        }
    }

    if !TACTICAL && checkers.is_empty() {
        generate_castling(board, us, king, castling, out);
    }
}

/// The moves of a side without a king, which only a position accepted on purpose has
/// ([`crate::accepted`]): every move its pieces can make, since no king of its own is
/// to be kept safe (chess.js's answer for such boards); none castles, and an enemy
/// king is never captured. With `tactical`, only captures and promotions. Only
/// orthodox chess accepts such positions, so only it calls this, into a list: not
/// compiled into every rule set's generator (the WebAssembly size).
#[cold]
#[inline(never)]
pub(crate) fn kingless_actions(pos: Orthodox<'_>, tactical: bool, out: &mut ActionList) {
    let Orthodox {
        board,
        us,
        ep_square,
        ..
    } = pos;
    let kings = board.by_role(Role::King);
    let theirs = board.by_color(!us) - kings;
    // Pieces go anywhere but onto their own side and kings; pawns have their own
    // targets, of which kings are left out. Tactical: captures, and promotions.
    let (piece_wanted, pawn_wanted) = if tactical {
        (theirs, theirs | Bitboard::from_rank(us.promotion_rank()))
    } else {
        (!(board.by_color(us) | kings), !kings)
    };
    for from in board.by_color(us) {
        match board.role_at(from) {
            Some(Role::Pawn) => {
                out.pawn_moves(board, us, from, pawn_targets(board, us, from) & pawn_wanted);
            }
            Some(role) => {
                let targets = attacks::attacks(us, role, from, board.occupied()) & piece_wanted;
                out.piece_moves(board, role, from, targets);
            }
            None => {}
        }
    }
    if let Some(ep) = ep_square {
        for from in attacks::pawn_attacks(!us, ep) & board.by_role(Role::Pawn) & board.by_color(us)
        {
            out.action(Action::EnPassant { from, to: ep });
        }
    }
}

/// Castling with the king where it stands and each rook with a right (their start
/// squares, orthodox or Chess960's): path empty, king not in check (the caller
/// checks), no transit or arrival square attacked. A right exists only while its king
/// and rook are unmoved, so the king's square is its start square.
pub(crate) fn generate_castling<S: Sink>(
    board: &Board,
    us: Color,
    king: Square,
    castling: Bitboard,
    out: &mut S,
) {
    if king.rank() != us.back_rank() {
        return;
    }
    let rights = castling
        & Bitboard::from_rank(us.back_rank())
        & board.by_piece(crate::Piece::new(us, Role::Rook));
    for rook in rights {
        if let Some(action) = castling_if_legal(board, us, king, rook) {
            out.action(action);
        }
    }
}

/// The squares a castling of `us` with the king on `king` and the rook on `rook`
/// involves, shared by every rule set that castles.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CastlingPath {
    pub king_to: Square,
    pub rook_to: Square,
    /// The king's and the rook's starting squares.
    pub movers: Bitboard,
    /// Squares that must be empty (apart from king and rook themselves).
    pub must_be_empty: Bitboard,
    /// Squares the king passes or reaches, none of which may be attacked.
    pub king_path: Bitboard,
}

impl CastlingPath {
    pub(crate) fn new(us: Color, king: Square, rook: Square) -> CastlingPath {
        let side = CastlingSide::of(king, rook);
        let king_to = side.king_to(us);
        let rook_to = side.rook_to(us);
        let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
        let must_be_empty = (attacks::between(king, rook)
            | attacks::between(king, king_to)
            | attacks::between(rook, rook_to)
            | Bitboard::from_square(king_to)
            | Bitboard::from_square(rook_to))
            - movers;
        CastlingPath {
            king_to,
            rook_to,
            movers,
            must_be_empty,
            king_path: attacks::between(king, king_to) | Bitboard::from_square(king_to),
        }
    }
}

fn castling_if_legal(board: &Board, us: Color, king: Square, rook: Square) -> Option<Action> {
    let path = CastlingPath::new(us, king, rook);
    if (path.must_be_empty & board.occupied()).any() {
        return None;
    }
    let occupied = board.occupied() - path.movers;
    if path
        .king_path
        .into_iter()
        .any(|sq| board.is_attacked(sq, !us, occupied))
    {
        return None;
    }
    Some(Action::Castle { king, rook })
}

/// The board after a normal move of `us` and the square of `us`'s king then, if the
/// move has a valid shape on `board`: the piece stands on `from`, `to` holds no piece
/// of ours and exactly the `capture` named (never a king), `to` is in
/// `reach(role, from)` (the piece's movement, which rule sets with other sliders
/// supply), and the promotion fits the arrival rank. `None` otherwise. The legality
/// checks that work by playing (independent of the generators) share this.
pub(crate) fn normal_move_after(
    board: &Board,
    us: Color,
    king: Square,
    action: &Action,
    reach: impl Fn(Role, Square) -> Bitboard,
) -> Option<(Board, Square)> {
    let Action::Normal {
        role,
        from,
        to,
        capture,
        promotion,
    } = *action
    else {
        return None;
    };
    if board.piece_at(from) != Some(crate::Piece::new(us, role))
        || board.by_color(us).contains(to)
        || board.role_at(to) != capture
        || capture == Some(Role::King)
    {
        return None;
    }
    let promotes = role == Role::Pawn && to.rank() == us.promotion_rank();
    let promotion_ok = match promotion {
        None => !promotes,
        Some(p) => promotes && Role::PROMOTIONS.contains(&p),
    };
    if !reach(role, from).contains(to) || !promotion_ok {
        return None;
    }
    let mut after = board.clone();
    after.take(to);
    after.take(from);
    after.put(to, crate::Piece::new(us, promotion.unwrap_or(role)));
    let king_after = if role == Role::King { to } else { king };
    Some((after, king_after))
}

/// Whether one action is legal, decided without generating the others: the
/// action's shape is checked against the board, then the king's safety after it.
/// (Independent of [`generate`], so tests can compare the two.)
pub(crate) fn is_legal(pos: Orthodox<'_>, action: &Action) -> bool {
    let Orthodox {
        board,
        us,
        castling,
        ep_square,
    } = pos;
    // A side without a king (an accepted position) has no king to keep safe.
    let king = board.king_of(us);
    match *action {
        Action::Normal { from, .. } => {
            let reach = |role, from| match role {
                Role::Pawn => pawn_targets(board, us, from),
                _ => attacks::attacks(us, role, from, board.occupied()),
            };
            normal_move_after(board, us, king.unwrap_or(from), action, reach).is_some_and(
                |(after, king_after)| {
                    king.is_none()
                        || after
                            .attackers_to(king_after, !us, after.occupied())
                            .is_empty()
                },
            )
        }
        Action::Castle { king: k, rook } => {
            let Some(king) = king else {
                return false;
            };
            k == king
                && castling.contains(rook)
                && checkers(board, us, king).is_empty()
                && king.rank() == us.back_rank()
                && rook.rank() == us.back_rank()
                && board.piece_at(rook) == Some(crate::Piece::new(us, Role::Rook))
                && castling_if_legal(board, us, king, rook).is_some()
        }
        Action::EnPassant { from, to } => {
            ep_square == Some(to)
                && board.piece_at(from) == Some(crate::Piece::new(us, Role::Pawn))
                && attacks::pawn_attacks(us, from).contains(to)
                && king.is_none_or(|king| ep_is_safe(board, us, king, from, to))
        }
        Action::Drop { .. } | Action::Push { .. } | Action::PromotionChoice { .. } => false,
    }
}
