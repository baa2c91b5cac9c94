//! The reference's own position: a plain 64-square array (with Alice's board of each
//! piece), read from a [`Setup`] and played forward by the simplest possible make,
//! with nothing incremental. Only what legality depends on is kept.

use alfiere::{Action, CastlingSide, Color, ExtraState, Piece, Role, Setup, Square, Variant};

/// A position as the reference sees it.
#[derive(Clone, Debug)]
pub struct RefPosition {
    pub variant: Variant,
    pub squares: [Option<Piece>; 64],
    /// Alice: whether the piece on the square stands on board B.
    pub on_b: [bool; 64],
    pub turn: Color,
    /// Castling rights, as the squares of the castling rooks.
    pub castling: Vec<Square>,
    /// The setup's e.p. squares (targets and, in multi-action turns, pending steps).
    pub ep: Vec<Square>,
    /// Chess-Gi hands, by colour index and role index.
    pub hands: [[u8; 6]; 2],
    pub fullmoves: u32,
    pub extra: ExtraState,
}

impl RefPosition {
    pub fn from_setup(variant: Variant, setup: &Setup) -> RefPosition {
        let mut squares = [None; 64];
        let mut on_b = [false; 64];
        for sq in Square::all() {
            squares[sq.index()] = setup.board.piece_at(sq);
            on_b[sq.index()] = setup.board_b.contains(sq);
        }
        let mut hands = [[0u8; 6]; 2];
        if let Some(h) = &setup.hands {
            for color in Color::ALL {
                for role in Role::ALL {
                    hands[color.index()][role.index()] = h[color].count(role);
                }
            }
        }
        RefPosition {
            variant,
            squares,
            on_b,
            turn: setup.turn,
            castling: setup.castling_rights.into_iter().collect(),
            ep: setup.ep_squares.clone(),
            hands,
            fullmoves: setup.fullmoves.max(1),
            extra: setup.extra,
        }
    }

    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    pub fn king(&self, color: Color) -> Option<Square> {
        Square::all().find(|&sq| self.at(sq) == Some(Piece::new(color, Role::King)))
    }

    /// The pieces of `color`, with their squares.
    pub fn pieces(&self, color: Color) -> Vec<(Square, Piece)> {
        Square::all()
            .filter_map(|sq| self.at(sq).map(|p| (sq, p)))
            .filter(|(_, p)| p.color == color)
            .collect()
    }

    fn lift(&mut self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()].take()
    }

    fn place(&mut self, sq: Square, piece: Piece, on_b: bool) {
        self.squares[sq.index()] = Some(piece);
        self.on_b[sq.index()] = on_b;
    }

    /// A captured piece goes to the captor's hand in Chess-Gi.
    fn captured(&mut self, captor: Color, piece: Option<Piece>) {
        if let (Variant::ChessGi, Some(piece)) = (self.variant, piece) {
            self.hands[captor.index()][piece.role.index()] += 1;
        }
    }

    /// The board after `action` by the side to act (the turn is not passed: legality
    /// only asks about the board). In Alice every moved piece changes board (R4).
    pub fn after(&self, action: &Action) -> RefPosition {
        self.make(action, self.variant == Variant::Alice)
    }

    /// Alice's R2: the board after `action` played on its departure board alone,
    /// before the piece transfers.
    pub fn after_without_transfer(&self, action: &Action) -> RefPosition {
        self.make(action, false)
    }

    fn make(&self, action: &Action, alice: bool) -> RefPosition {
        let mut next = self.clone();
        let us = self.turn;
        match *action {
            Action::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let board_b = self.on_b[from.index()] ^ alice;
                let piece = next.lift(from).expect("a piece on the departure square");
                let taken = next.lift(to);
                next.captured(us, taken);
                let role = promotion.unwrap_or(piece.role);
                next.place(to, Piece::new(us, role), board_b);
            }
            Action::EnPassant { from, to } => {
                let board_b = self.on_b[from.index()] ^ alice;
                let pawn = next.lift(from).expect("a pawn");
                let victim = Square::from_coords(to.file(), from.rank());
                let taken = next.lift(victim);
                next.captured(us, taken);
                next.place(to, pawn, board_b);
            }
            Action::Castle { king, rook } => {
                let side = if rook.index() > king.index() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let k = next.lift(king).expect("a king");
                let r = next.lift(rook).expect("a rook");
                let board_b = self.on_b[king.index()] ^ alice;
                next.place(side.king_to(us), k, board_b);
                next.place(side.rook_to(us), r, board_b);
            }
            Action::Drop { role, to } => {
                next.hands[us.index()][role.index()] -= 1;
                next.place(to, Piece::new(us, role), false);
            }
            Action::Push { from, to } => {
                let pawn = next.lift(from).expect("a pawn to push");
                next.place(to, pawn, false);
            }
            Action::PromotionChoice { square, role } => {
                next.place(square, Piece::new(us, role), false);
            }
        }
        next
    }
}
