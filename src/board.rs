//! One board's placement of pieces: no side to move, no clocks, no rights.
//!
//! Alice chess keeps every piece in one [`Board`] (each square holds at most one piece
//! across both boards) plus a mask of the squares whose piece stands on board B; a
//! [`Placement`] is that pair, the view through which notation and the UI see a
//! position's pieces in every variant.
//!
//! ```
//! use alfiere::{Board, Color, Piece, Role, Square};
//! let board = Board::starting_position();
//! assert_eq!(board.piece_at(Square::E1), Some(Piece::new(Color::White, Role::King)));
//! assert_eq!(board.occupied().count(), 32);
//! ```

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{ByColor, ByRole, Color, File, Piece, Rank, Role, Square};

/// Piece placement on one 8x8 board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Board {
    by_role: ByRole<Bitboard>,
    by_color: ByColor<Bitboard>,
}

impl Board {
    /// An empty board.
    pub fn empty() -> Board {
        Board::default()
    }

    /// The orthodox starting array.
    pub fn starting_position() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            let file = File(file as u8);
            let at = |rank| Square::from_coords(file, rank);
            board.put(at(Rank::FIRST), Piece::new(Color::White, role));
            board.put(at(Rank::SECOND), Piece::new(Color::White, Role::Pawn));
            board.put(at(Rank::SEVENTH), Piece::new(Color::Black, Role::Pawn));
            board.put(at(Rank::EIGHTH), Piece::new(Color::Black, role));
        }
        board
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color.white | self.by_color.black
    }

    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role]
    }

    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role] & self.by_color[piece.color]
    }

    /// Bishops and queens.
    #[inline]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.by_role[Role::Bishop] | self.by_role[Role::Queen]
    }

    /// Rooks and queens.
    #[inline]
    pub fn orthogonal_sliders(&self) -> Bitboard {
        self.by_role[Role::Rook] | self.by_role[Role::Queen]
    }

    /// The king of `color`, if there is exactly one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        self.by_piece(Piece::new(color, Role::King)).single_square()
    }

    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color.white.contains(sq) {
            Some(Color::White)
        } else if self.by_color.black.contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            None
        } else if self.by_role[Role::Pawn].contains(sq) {
            Some(Role::Pawn)
        } else if self.by_role[Role::Knight].contains(sq) {
            Some(Role::Knight)
        } else if self.by_role[Role::Bishop].contains(sq) {
            Some(Role::Bishop)
        } else if self.by_role[Role::Rook].contains(sq) {
            Some(Role::Rook)
        } else if self.by_role[Role::Queen].contains(sq) {
            Some(Role::Queen)
        } else {
            Some(Role::King)
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = self.color_at(sq)?;
        let role = self.role_at(sq)?;
        Some(Piece::new(color, role))
    }

    /// Puts a piece on an empty square.
    ///
    /// The square must be empty (debug-asserted); use [`Board::set`] to replace.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(!self.occupied().contains(sq));
        self.by_role[piece.role].add(sq);
        self.by_color[piece.color].add(sq);
    }

    /// Removes and returns the piece on `sq`, if any.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_role[piece.role].remove(sq);
        self.by_color[piece.color].remove(sq);
        Some(piece)
    }

    /// Removes a piece known to stand on `sq` (no look-up; debug-asserted).
    #[inline]
    pub fn discard(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.piece_at(sq), Some(piece));
        self.by_role[piece.role].remove(sq);
        self.by_color[piece.color].remove(sq);
    }

    /// Moves a piece known to stand on `from` to the empty square `to`.
    #[inline]
    pub fn move_piece(&mut self, from: Square, to: Square, piece: Piece) {
        debug_assert_eq!(self.piece_at(from), Some(piece));
        debug_assert!(!self.occupied().contains(to));
        let both = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[piece.role] ^= both;
        self.by_color[piece.color] ^= both;
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.take(sq);
        if let Some(piece) = piece {
            self.put(sq, piece);
        }
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Pieces of `color` that attack `sq` with orthodox movement, given `occupied`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        self.by_color[color]
            & ((attacks::rook_attacks(sq, occupied) & self.orthogonal_sliders())
                | (attacks::bishop_attacks(sq, occupied) & self.diagonal_sliders())
                | (attacks::knight_attacks(sq) & self.by_role[Role::Knight])
                | (attacks::king_attacks(sq) & self.by_role[Role::King])
                | (attacks::pawn_attacks(!color, sq) & self.by_role[Role::Pawn]))
    }

    /// Whether any piece of `color` attacks `sq` with orthodox movement, given
    /// `occupied` (cheap leapers first, so most answers come early).
    #[inline]
    pub fn is_attacked(&self, sq: Square, color: Color, occupied: Bitboard) -> bool {
        let them = self.by_color[color];
        ((attacks::knight_attacks(sq) & self.by_role[Role::Knight])
            | (attacks::king_attacks(sq) & self.by_role[Role::King])
            | (attacks::pawn_attacks(!color, sq) & self.by_role[Role::Pawn]))
            & them
            != Bitboard::EMPTY
            || (attacks::rook_attacks(sq, occupied) & self.orthogonal_sliders() & them).any()
            || (attacks::bishop_attacks(sq, occupied) & self.diagonal_sliders() & them).any()
    }

    /// Squares attacked by `color` with orthodox movement, given `occupied`.
    pub fn attacked_by(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let mut result = Bitboard::EMPTY;
        for sq in self.by_color[color] {
            if let Some(role) = self.role_at(sq) {
                result |= attacks::attacks(color, role, sq, occupied);
            }
        }
        result
    }
}

/// Which of Alice's two boards a piece stands on; every other variant uses only `A`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardId {
    A,
    B,
}

impl BoardId {
    /// `"a"` or `"b"`.
    pub const fn name(self) -> &'static str {
        match self {
            BoardId::A => "a",
            BoardId::B => "b",
        }
    }
}

/// A piece, where it stands, and on which board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacedPiece {
    pub square: Square,
    pub piece: Piece,
    pub board: BoardId,
}

/// The pieces of a position as they are seen: one board of squares plus the mask of
/// squares whose piece stands on board B (always empty outside Alice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement<'a> {
    pub board: &'a Board,
    pub board_b: Bitboard,
}

impl<'a> Placement<'a> {
    /// A single-board placement.
    pub fn single(board: &'a Board) -> Placement<'a> {
        Placement {
            board,
            board_b: Bitboard::EMPTY,
        }
    }

    /// Which board the piece on `sq` stands on (A for an empty square).
    pub fn board_of(&self, sq: Square) -> BoardId {
        if self.board_b.contains(sq) {
            BoardId::B
        } else {
            BoardId::A
        }
    }

    /// The piece on `sq` with its board.
    pub fn at(&self, sq: Square) -> Option<PlacedPiece> {
        self.board.piece_at(sq).map(|piece| PlacedPiece {
            square: sq,
            piece,
            board: self.board_of(sq),
        })
    }

    /// Every piece, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = PlacedPiece> + 'a {
        let board = self.board;
        let board_b = self.board_b;
        board.pieces().map(move |(square, piece)| PlacedPiece {
            square,
            piece,
            board: if board_b.contains(square) {
                BoardId::B
            } else {
                BoardId::A
            },
        })
    }
}
