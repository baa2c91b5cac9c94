//! Editing the board and asking what attacks a square: `put`, `remove` and
//! `attackers` for every rule set. An edit gives a new position that the rule set
//! must accept as it would from a FEN (with the same accepted kinds of problem,
//! [`crate::accepted`]); the game then starts again from it.

use super::info::SquareInfo;
use super::{parse_square, ApiError, ApiErrorKind, Game};
use crate::bitboard::Bitboard;
use crate::board::BoardId;
use crate::setup::Setup;
use crate::types::{Color, Piece, Role, Square};
use crate::AcceptedProblems;

impl Game {
    /// The squares of `color`'s pieces attacking `square`, a1 first.
    ///
    /// # Errors
    /// `InvalidArgument` for a malformed square.
    pub fn attackers(&self, square: &str, color: Color) -> Result<Vec<Square>, ApiError> {
        let square = parse_square(square, "square")?;
        Ok(self.inner.attackers(square, color).into_iter().collect())
    }

    /// Puts `piece` on `square` (on Alice's `board`, A when not given), replacing
    /// whatever stood there. The result may have problems of the kinds in `accepted`.
    ///
    /// # Errors
    /// `InvalidArgument` for a malformed square or a board outside Alice;
    /// `InvalidPosition` when the rule set does not allow the result (a second king,
    /// a pawn on its last rank, the side not to act in check…) and the problem is not
    /// of an accepted kind. Then nothing changes.
    pub fn put(
        &mut self,
        piece: Piece,
        square: &str,
        board: Option<BoardId>,
        accepted: AcceptedProblems,
    ) -> Result<(), ApiError> {
        let square = parse_square(square, "square")?;
        let alice = self.variant().boards() == 2;
        if board.is_some() && !alice {
            return Err(ApiError::new(
                ApiErrorKind::InvalidArgument,
                format!(
                    "{} has one board; a board is named only in Alice",
                    self.variant().name()
                ),
            ));
        }
        self.edit(square, Some((piece, board)), accepted)
    }

    /// Removes the piece on `square` and returns it, or `None` (nothing changes) when
    /// the square is empty. The result may have problems of the kinds in `accepted`.
    ///
    /// # Errors
    /// `InvalidArgument` for a malformed square; `InvalidPosition` when the rule set
    /// does not allow the position without it (a king, usually) and the problem is
    /// not of an accepted kind.
    pub fn remove(
        &mut self,
        square: &str,
        accepted: AcceptedProblems,
    ) -> Result<Option<SquareInfo>, ApiError> {
        let square = parse_square(square, "square")?;
        let Some(removed) = self.board().into_iter().find(|p| p.square == square) else {
            return Ok(None);
        };
        self.edit(square, None, accepted)?;
        Ok(Some(removed))
    }

    /// Empties `square`, puts `piece` there if given, and starts the game again from
    /// the result (its moves, their notes and a `Result` tag go; the other tags
    /// stay). What the edit invalidates is cleared first: the en-passant squares (no
    /// double step just happened), the square's promoted-piece mark, and each
    /// castling right whose rook or king is no longer at home.
    fn edit(
        &mut self,
        square: Square,
        piece: Option<(Piece, Option<BoardId>)>,
        accepted: AcceptedProblems,
    ) -> Result<(), ApiError> {
        // Through the FEN text, which every rule set already reads and writes: no
        // per-rule-set editing code (the WebAssembly module's size).
        let Ok(mut setup) = crate::notation::fen::parse_fen(&self.fen()) else {
            return Err(ApiError::new(
                ApiErrorKind::InvalidPosition,
                "the current position could not be read back",
            ));
        };
        setup.board.take(square);
        setup.board_b.remove(square);
        setup.promoted.remove(square);
        setup.ep_squares.clear();
        if let Some((piece, board)) = piece {
            setup.board.put(square, piece);
            if board == Some(BoardId::B) {
                setup.board_b.add(square);
            }
        }
        keep_castling_rights_at_home(&mut setup);
        let fen = crate::notation::fen::write_setup(&setup);
        super::any_record::load_fen(self.inner.as_mut(), &fen, accepted)
            .map_err(|e| ApiError::new(ApiErrorKind::InvalidPosition, e.message))?;
        self.notes.clear_plies();
        self.notes.remove_tag("Result");
        Ok(())
    }
}

/// Keeps a castling right only while a rook of the right's side stands on its square
/// on that side's back rank, with that side's king on the same rank.
fn keep_castling_rights_at_home(setup: &mut Setup) {
    let board = &setup.board;
    let mut kept = Bitboard::EMPTY;
    for rook in setup.castling_rights {
        let at_home = board.piece_at(rook).is_some_and(|p| {
            let back = Bitboard::from_rank(p.color.back_rank());
            p.role == Role::Rook
                && back.contains(rook)
                && board.king_of(p.color).is_some_and(|k| back.contains(k))
        });
        if at_home {
            kept.add(rook);
        }
    }
    setup.castling_rights = kept;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(color: Color, role: Role) -> Piece {
        Piece::new(color, role)
    }

    #[test]
    fn attackers_are_the_rule_sets_own() {
        let g = Game::new("chess", Some("4k3/8/8/3p4/4P3/5N2/8/R3K3 w Q - 0 1")).unwrap();
        let names = |list: Vec<Square>| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(names(g.attackers("d5", Color::White).unwrap()), ["e4"]);
        assert_eq!(names(g.attackers("e4", Color::Black).unwrap()), ["d5"]);
        assert_eq!(names(g.attackers("d4", Color::White).unwrap()), ["f3"]);
        assert_eq!(names(g.attackers("a8", Color::White).unwrap()), ["a1"]);
        assert!(g.attackers("z9", Color::White).is_err());
        // Billiards bishops rebound off the edges, so a bishop on c1 attacks c5 (via
        // a3), which an orthodox bishop does not.
        let b = Game::new("billiards", Some("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")).unwrap();
        let plain = Game::new("chess", Some("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")).unwrap();
        assert!(
            b.attackers("c5", Color::White).unwrap().len()
                > plain.attackers("c5", Color::White).unwrap().len()
        );
    }

    #[test]
    fn put_and_remove_edit_the_position_or_change_nothing() {
        let mut g = Game::new("chess", None).unwrap();
        g.play_text("e4").unwrap();
        // A seventeenth white piece is refused; replacing the pawn is not.
        let refused = g
            .put(
                piece(Color::White, Role::Queen),
                "d5",
                None,
                AcceptedProblems::NONE,
            )
            .unwrap_err();
        assert_eq!(refused.kind, ApiErrorKind::InvalidPosition);
        assert_eq!(g.history().len(), 1);
        g.put(
            piece(Color::White, Role::Queen),
            "e4",
            None,
            AcceptedProblems::NONE,
        )
        .unwrap();
        assert_eq!(
            g.fen(),
            "rnbqkbnr/pppppppp/8/8/4Q3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        assert!(g.history().is_empty());
        // Removing a rook drops its castling right; removing the king would be illegal.
        let rook = g.remove("h1", AcceptedProblems::NONE).unwrap().unwrap();
        assert_eq!((rook.role, rook.color), (Role::Rook, Color::White));
        assert!(g.fen().contains(" b Qkq "));
        assert_eq!(g.remove("e5", AcceptedProblems::NONE).unwrap(), None);
        let before = g.fen();
        assert_eq!(
            g.remove("e1", AcceptedProblems::NONE).unwrap_err().kind,
            ApiErrorKind::InvalidPosition
        );
        assert_eq!(
            g.put(
                piece(Color::White, Role::King),
                "a5",
                None,
                AcceptedProblems::NONE
            )
            .unwrap_err()
            .kind,
            ApiErrorKind::InvalidPosition
        );
        assert_eq!(
            g.put(
                piece(Color::Black, Role::Pawn),
                "a1",
                None,
                AcceptedProblems::NONE
            )
            .unwrap_err()
            .kind,
            ApiErrorKind::InvalidPosition
        );
        assert!(g
            .put(
                piece(Color::White, Role::Queen),
                "e4",
                Some(BoardId::B),
                AcceptedProblems::NONE
            )
            .is_err());
        assert_eq!(g.fen(), before);
        // Putting the king back on its own square keeps the right; the king elsewhere
        // loses them all.
        g.put(
            piece(Color::White, Role::King),
            "e1",
            None,
            AcceptedProblems::NONE,
        )
        .unwrap();
        assert!(g.fen().contains(" b Qkq "));
        g.remove("f1", AcceptedProblems::NONE).unwrap();
        g.remove("e1", AcceptedProblems::NONE).unwrap_err();
    }

    #[test]
    fn alice_pieces_go_on_the_named_board() {
        let mut g = Game::new("alice", None).unwrap();
        g.remove("b1", AcceptedProblems::NONE).unwrap();
        g.remove("g1", AcceptedProblems::NONE).unwrap();
        g.put(
            piece(Color::White, Role::Knight),
            "e4",
            Some(BoardId::B),
            AcceptedProblems::NONE,
        )
        .unwrap();
        let knight = g
            .board()
            .into_iter()
            .find(|p| p.square.to_string() == "e4")
            .unwrap();
        assert_eq!(knight.board, Some(BoardId::B));
        g.put(
            piece(Color::White, Role::Knight),
            "d4",
            None,
            AcceptedProblems::NONE,
        )
        .unwrap();
        let knight = g
            .board()
            .into_iter()
            .find(|p| p.square.to_string() == "d4")
            .unwrap();
        assert_eq!(knight.board, Some(BoardId::A));
    }
}
