//! Orthodox legal move generation, shared by every rule set built on the orthodox
//! board (chess, Chess-Gi, Racing Kings, Progressive, Marseillais, Avalanche).
//!
//! It generates strictly legal actions without playing them: check evasions are
//! limited to the checker and the squares between it and the king, pinned pieces to
//! their pin line, king steps are tested with the king lifted off the board, and the
//! rare en-passant capture is tested by replaying its occupancy.

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
    let them = board.by_color(!us);
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.orthogonal_sliders() & them)
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.diagonal_sliders() & them);
    let mut pinned = Bitboard::EMPTY;
    let occupied = board.occupied();
    for sniper in snipers {
        let between = attacks::between(king, sniper) & occupied;
        if !between.more_than_one() {
            pinned |= between & board.by_color(us);
        }
    }
    pinned
}

#[inline]
fn push_normal(out: &mut ActionList, board: &Board, role: Role, from: Square, targets: Bitboard) {
    for to in targets {
        out.push(Action::Normal {
            role,
            from,
            to,
            capture: board.role_at(to),
            promotion: None,
        });
    }
}

#[inline]
fn push_pawn(out: &mut ActionList, board: &Board, us: Color, from: Square, targets: Bitboard) {
    let last_rank = Bitboard::from_rank(us.promotion_rank());
    for to in targets {
        let capture = board.role_at(to);
        if last_rank.contains(to) {
            for promotion in Role::PROMOTIONS {
                out.push(Action::Normal {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: Some(promotion),
                });
            }
        } else {
            out.push(Action::Normal {
                role: Role::Pawn,
                from,
                to,
                capture,
                promotion: None,
            });
        }
    }
}

/// Where a pawn of `us` on `from` may move (pushes and captures), ignoring pins and
/// checks.
#[inline]
pub(crate) fn pawn_targets(board: &Board, us: Color, from: Square) -> Bitboard {
    let occupied = board.occupied();
    let single = Bitboard::from_square(from).shift_forward(us) & !occupied;
    let double = single.shift_forward(us)
        & !occupied
        & Bitboard::relative_rank(us, Rank::FOURTH);
    (attacks::pawn_attacks(us, from) & board.by_color(!us)) | single | double
}

/// Whether the en-passant capture `from`x`ep` leaves the capturer's king safe.
pub(crate) fn ep_is_safe(board: &Board, us: Color, king: Square, from: Square, ep: Square) -> bool {
    let captured = Square::from_coords(ep.file(), from.rank());
    let occupied = (board.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
        | Bitboard::from_square(ep);
    let attackers = board.attackers_to(king, !us, occupied) & !Bitboard::from_square(captured);
    attackers.is_empty()
}

/// Appends every legal orthodox action (the list is not cleared).
pub(crate) fn generate(pos: Orthodox<'_>, out: &mut ActionList) {
    let Orthodox {
        board,
        us,
        castling,
        ep_square,
    } = pos;
    let Some(king) = board.king_of(us) else {
        return;
    };
    let them = !us;
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let checkers = checkers(board, us, king);

    // King steps, tested with the king lifted so it cannot hide behind itself.
    let lifted = occupied ^ Bitboard::from_square(king);
    for to in attacks::king_attacks(king) & !ours {
        if board.attackers_to(to, them, lifted).is_empty() {
            out.push(Action::Normal {
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
    let mask = match checkers.single_square() {
        Some(checker) => attacks::between(king, checker) | checkers,
        None => !ours,
    };
    let pinned = pinned(board, us, king);
    let free = ours & !pinned;

    for from in board.by_role(Role::Knight) & free {
        push_normal(out, board, Role::Knight, from, attacks::knight_attacks(from) & mask & !ours);
    }
    for role in [Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_role(role) & ours {
            let mut targets = attacks::attacks(us, role, from, occupied) & mask & !ours;
            if pinned.contains(from) {
                targets &= attacks::line(king, from);
            }
            push_normal(out, board, role, from, targets);
        }
    }
    for from in board.by_role(Role::Pawn) & ours {
        let mut targets = pawn_targets(board, us, from) & mask;
        if pinned.contains(from) {
            targets &= attacks::line(king, from);
        }
        push_pawn(out, board, us, from, targets);
    }

    if let Some(ep) = ep_square {
        // The captured pawn stands behind the e.p. square; a check by any other
        // piece cannot be answered by e.p., which the replay below catches.
        for from in attacks::pawn_attacks(them, ep) & board.by_role(Role::Pawn) & ours {
            if ep_is_safe(board, us, king, from, ep) {
                out.push(Action::EnPassant { from, to: ep });
            }
        }
    }

    if checkers.is_empty() {
        generate_castling(board, us, king, castling, out);
    }
}

/// Castling with the orthodox king and rook squares: path empty, king not in check
/// (the caller checks), no transit or arrival square attacked.
pub(crate) fn generate_castling(
    board: &Board,
    us: Color,
    king: Square,
    castling: Bitboard,
    out: &mut ActionList,
) {
    if king != CastlingSide::king_from(us) {
        return;
    }
    let rights = castling & Bitboard::from_rank(us.back_rank()) & board.by_piece(crate::Piece::new(us, Role::Rook));
    for rook in rights {
        if let Some(action) = castling_if_legal(board, us, king, rook) {
            out.push(action);
        }
    }
}

fn castling_if_legal(board: &Board, us: Color, king: Square, rook: Square) -> Option<Action> {
    let side = if rook > king {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    };
    let king_to = side.king_to(us);
    let rook_to = side.rook_to(us);
    let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
    let path = (attacks::between(king, rook)
        | attacks::between(king, king_to)
        | attacks::between(rook, rook_to)
        | Bitboard::from_square(king_to)
        | Bitboard::from_square(rook_to))
        - movers;
    if (path & board.occupied()).any() {
        return None;
    }
    let occupied = board.occupied() - movers;
    let king_path = attacks::between(king, king_to) | Bitboard::from_square(king_to);
    for sq in king_path {
        if board.attackers_to(sq, !us, occupied).any() {
            return None;
        }
    }
    Some(Action::Castle { king, rook })
}
