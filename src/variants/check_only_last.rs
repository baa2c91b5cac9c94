//! Series where only the last action may check (the series rules'
//! `check_only_last`: Italian Progressive, RULES.md §6): the generator that leaves out
//! the checks before a series' last action, and the material for which a position is
//! never called dead there. The series core (`series.rs`) calls both for the rule sets
//! whose rules ask for them; this file knows nothing of the series.
//!
//! The generator filters checking actions with precomputed masks (direct-check squares
//! per role, pieces that would uncover a check), playing only promotions, castling and
//! e.p. captures out exactly.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::{self, Orthodox, Sink};
use crate::moves::Action;
use crate::types::{Color, Piece, Role, Square};

/// Generates the orthodox actions of `pos` but the checks (Italian rules, before a
/// series' last action; en passant is added by the series core). `gives_check` plays
/// the rare actions the masks do not judge (castling) out exactly.
#[inline]
pub(crate) fn generate_no_check<S: Sink>(
    pos: Orthodox<'_>,
    gives_check: impl Fn(&Action) -> bool,
    out: &mut S,
) {
    let board = pos.board;
    let us = pos.us;
    match board.king_of(!us) {
        Some(their_king) => {
            let mut filter = NoCheck {
                inner: out,
                masks: CheckMasks::new(board, us, their_king),
                gives_check,
            };
            movegen::generate(pos, &mut filter);
        }
        None => movegen::generate(pos, out),
    }
}

/// Whether both sides have bishops: the material for Italian mates where the defending
/// king's steps would uncover its own bishop (see the module docs). Positions with only
/// minor pieces and both bishop sets are never called dead in Italian.
pub(crate) fn bishops_on_both_sides(board: &Board) -> bool {
    Color::ALL
        .into_iter()
        .all(|color| board.by_piece(Piece::new(color, Role::Bishop)).any())
}

/// Where a move of the side to act would attack the enemy king. The enemy king is
/// never in check while the side acts (a check would have been the series' last
/// action), so a move's direct attack can be read with the occupancy before the move:
/// the vacated departure square could open the mover's own line to the king only if
/// it already attacked the king along that line. Promotions are the exception (the
/// new piece may look back through the square the pawn left), so they are tested with
/// the occupancy after the move.
struct CheckMasks {
    their_king: Square,
    occupied: Bitboard,
    /// Squares from which a pawn, knight, bishop or rook attacks the enemy king.
    pawn: Bitboard,
    knight: Bitboard,
    bishop: Bitboard,
    rook: Bitboard,
    /// Pieces of ours that alone stand between one of our sliders and the enemy king.
    discoverers: Bitboard,
}

impl CheckMasks {
    fn new(board: &Board, us: Color, their_king: Square) -> CheckMasks {
        let occupied = board.occupied();
        let ours = board.by_color(us);
        let discoverers = movegen::line_blockers(board, their_king, us, ours);
        CheckMasks {
            their_king,
            occupied,
            pawn: attacks::pawn_attacks(!us, their_king),
            knight: attacks::knight_attacks(their_king),
            bishop: attacks::bishop_attacks(their_king, occupied),
            rook: attacks::rook_attacks(their_king, occupied),
            discoverers,
        }
    }

    /// Squares leaving which, from `from`, uncovers a check.
    #[inline]
    fn uncovering(&self, from: Square) -> Bitboard {
        if self.discoverers.contains(from) {
            !attacks::line(self.their_king, from)
        } else {
            Bitboard::EMPTY
        }
    }

    /// Targets of a non-promoting move of `role` from `from` that would check.
    #[inline]
    fn checking_targets(&self, role: Role, from: Square) -> Bitboard {
        let direct = match role {
            Role::Pawn => self.pawn,
            Role::Knight => self.knight,
            Role::Bishop => self.bishop,
            Role::Rook => self.rook,
            Role::Queen => self.bishop | self.rook,
            // Kings never stand next to each other.
            Role::King => Bitboard::EMPTY,
        };
        direct | self.uncovering(from)
    }

    /// Whether the promotion `from`-`to` to `role` would check.
    #[inline]
    fn promotion_checks(&self, us: Color, from: Square, to: Square, role: Role) -> bool {
        let after = (self.occupied - Bitboard::from_square(from)) | Bitboard::from_square(to);
        attacks::attacks(us, role, to, after).contains(self.their_king)
            || self.uncovering(from).contains(to)
    }
}

/// Passes on the orthodox legal actions that do not attack the enemy king.
struct NoCheck<'a, S, F> {
    inner: &'a mut S,
    masks: CheckMasks,
    gives_check: F,
}

impl<S: Sink, F: Fn(&Action) -> bool> NoCheck<'_, S, F> {
    /// Passes on the promotions from `from` to `to` that do not check.
    #[inline]
    fn promotions(&mut self, board: &Board, us: Color, from: Square, to: Square) {
        let capture = board.role_at(to);
        for promotion in Role::PROMOTIONS {
            if !self.masks.promotion_checks(us, from, to, promotion) {
                self.inner.action(Action::Normal {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: Some(promotion),
                });
            }
        }
    }
}

impl<S: Sink, F: Fn(&Action) -> bool> Sink for NoCheck<'_, S, F> {
    #[inline]
    fn action(&mut self, action: Action) {
        let checks = match action {
            // King steps can only uncover a check.
            Action::Normal {
                role: Role::King,
                from,
                to,
                ..
            } => self.masks.uncovering(from).contains(to),
            // Castling and the rare others: played out exactly.
            _ => (self.gives_check)(&action),
        };
        if !checks {
            self.inner.action(action);
        }
    }

    #[inline]
    fn piece_moves(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        let targets = targets - self.masks.checking_targets(role, from);
        self.inner.piece_moves(board, role, from, targets);
    }

    #[inline]
    fn pawn_moves(&mut self, board: &Board, us: Color, from: Square, targets: Bitboard) {
        let last_rank = Bitboard::from_rank(us.promotion_rank());
        let plain = (targets - last_rank) - self.masks.checking_targets(Role::Pawn, from);
        self.inner.pawn_moves(board, us, from, plain);
        for to in targets & last_rank {
            self.promotions(board, us, from, to);
        }
    }

    #[inline]
    fn pawn_shift(&mut self, board: &Board, us: Color, targets: Bitboard, offset: i32) {
        let last_rank = Bitboard::from_rank(us.promotion_rank());
        let origin = |to: Square| Square::from_index_masked((to.index() as i32 - offset) as u32);
        let mut plain = (targets - last_rank) - self.masks.pawn;
        // Pawns that uncover a check are few: test their targets one by one.
        for from in self.masks.discoverers & board.by_role(Role::Pawn) {
            let to = Square::from_index_masked((from.index() as i32 + offset) as u32);
            if plain.contains(to) && self.masks.uncovering(from).contains(to) {
                plain.remove(to);
            }
        }
        self.inner.pawn_shift(board, us, plain, offset);
        for to in targets & last_rank {
            self.promotions(board, us, origin(to), to);
        }
    }
}
