//! Progressive chess (RULES.md §6), Scottish ([`ProgressiveScottish`]) and Italian
//! ([`ProgressiveItalian`]) rules.
//!
//! - Series lengths: White 1, Black 2, White 3, Black 4, ...; the `n`-th series has `n`
//!   actions whatever happened earlier (White's series in full move `k` has `2k-1`
//!   actions, Black's `2k`).
//! - Every action is orthodox-legal on its own: the own king is never left in check,
//!   even in mid-series; castling is one action. A player in check at the start of a
//!   series must escape with the first action; if none does, it is checkmate.
//! - En passant only as the first action of a series, against a pawn that double-stepped
//!   during the opponent's previous series and has not moved since, with the passed
//!   square empty; several candidates can exist, only one can be taken.
//! - A player with no legal action who is not in check draws (stalemate), also in
//!   mid-series.
//! - Draw by ten consecutive completed series without capture or pawn move
//!   ([`EndReason::TenSeries`](crate::EndReason::TenSeries)); no repetition rule and no
//!   50/75-move rule.
//! - **Scottish**: any action may check, and a check ends the series at once (the next
//!   series still has its normal length).
//! - **Italian**: only the last action of a series may check; a checking action earlier
//!   in the series is illegal. So a player in check whose every escape would check in
//!   mid-series is mated ("progressive checkmate"), and one whose every action would
//!   check in mid-series is stalemated.
//! - Dead positions and "cannot mate": orthodox for Scottish (mate is the orthodox
//!   static condition there). In Italian a king step that uncovers a check is illegal in
//!   mid-series, so a king hemmed in by such discoveries can be mated by bishops of one
//!   colour against bishops of that colour: Italian calls those positions dead only
//!   when one side has a bare king.
//!
//! The multi-action machinery, the e.p. state and the FEN dialect (`S:K:Q`) are in
//! `series.rs`. The Italian generator filters checking actions with precomputed masks
//! (direct-check squares per role, pieces that would uncover a check), playing only
//! promotions, castling and e.p. captures out exactly.
//!
//! ```
//! use alfiere::variants::progressive::{ProgressiveItalian, ProgressiveScottish};
//! use alfiere::{Position, perft};
//! assert_eq!(perft::perft(&ProgressiveScottish::start(), 3), 8902);
//! assert_eq!(perft::perft(&ProgressiveItalian::start(), 3), 8902);
//! ```

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::{self, Sink};
use crate::moves::Action;
use crate::types::{Color, Piece, Role, Square};
use crate::variants::marseillais::Marseillais;
use crate::variants::series::{series_game, SeriesCore, SeriesLengths, SeriesRules};
use crate::variants::Variant;

/// Scottish rules: a check ends the series.
const SCOTTISH: SeriesRules = SeriesRules {
    variant: Variant::ProgressiveScottish,
    key_tag: 0x21,
    check_ends_series: true,
    ep_by_second_action: false,
    progressive: true,
    lengths: SeriesLengths::Progressive,
    check_only_last: false,
};

/// Italian rules: only the last action of a series may check.
const ITALIAN: SeriesRules = SeriesRules {
    variant: Variant::ProgressiveItalian,
    // Its own tags, so the two rule sets never share keys.
    key_tag: 0x25,
    check_ends_series: false,
    check_only_last: true,
    ..SCOTTISH
};

/// Generates the orthodox actions but the checks, before a series' last action
/// (Italian rules; en passant is added by the series core).
#[inline]
pub(crate) fn generate_no_early_check<S: Sink>(core: &SeriesCore, out: &mut S) {
    let board = &core.chess.board;
    let us = core.chess.turn;
    match board.king_of(!us) {
        Some(their_king) if !core.next_is_last() => {
            let mut filter = NoCheck {
                inner: out,
                masks: CheckMasks::new(board, us, their_king),
                core,
            };
            movegen::generate(core.orthodox(), &mut filter);
        }
        _ => movegen::generate(core.orthodox(), out),
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
struct NoCheck<'a, S> {
    inner: &'a mut S,
    masks: CheckMasks,
    core: &'a SeriesCore,
}

impl<S: Sink> NoCheck<'_, S> {
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

impl<S: Sink> Sink for NoCheck<'_, S> {
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
            _ => self.core.gives_check(&action),
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

series_game!(
    /// A position of Progressive chess with Scottish rules (a check ends the series).
    ///
    /// ```
    /// use alfiere::variants::progressive::ProgressiveScottish;
    /// use alfiere::{Position, notation::fen};
    /// let start = ProgressiveScottish::start();
    /// assert_eq!(start.turn_state().length, 1);
    /// assert_eq!(fen::write_fen(&start), fen::STARTING_FEN);
    /// ```
    ProgressiveScottish,
    SCOTTISH,
    searched as Marseillais,
    {
        const NAME: &'static str = "Progressive (Scottish)";
        const PGN_TAG: Option<&'static str> = Some("Progressive (Scottish)");
        const OTHER_NAMES: &'static [&'static str] = &[];
        const HELP: &'static str = "Progressive (Scottish): White plays one move, Black two, White three, and so on. A check ends the series at once.";
    }
);

series_game!(
    /// A position of Progressive chess with Italian rules (only the last action of a
    /// series may check).
    ProgressiveItalian,
    ITALIAN,
    searched as Marseillais,
    {
        const NAME: &'static str = "Progressive (Italian)";
        const PGN_TAG: Option<&'static str> = Some("Progressive (Italian)");
        const OTHER_NAMES: &'static [&'static str] = &[];
        const HELP: &'static str = "Progressive (Italian): series of one, two, three… moves. Only the last move of a series may give check.";
    }
);
