//! Unvalidated position data, as read from a FEN, for every rule set.
//!
//! A [`Setup`] may describe an impossible position; a game type validates it with
//! `Position::from_setup`, which lists every problem it finds ([`crate::PositionError`]).
//!
//! ```
//! use alfiere::Setup;
//! let setup = Setup::starting_position();
//! assert_eq!(setup.board.occupied().count(), 32);
//! ```

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{ByColor, ByRole, CastlingSide, Color, Piece, Role, Square};
use std::fmt;

/// Pieces in one side's hand (Chess-Gi), by role; kings never enter a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand {
    counts: ByRole<u8>,
}

impl Hand {
    /// How many pieces of `role` the hand holds.
    #[inline]
    pub fn count(&self, role: Role) -> u8 {
        self.counts[role]
    }

    /// Adds one piece (saturating at 255).
    pub fn add(&mut self, role: Role) {
        self.counts[role] = self.counts[role].saturating_add(1);
    }

    /// Removes one piece; returns false if there was none.
    pub fn remove(&mut self, role: Role) -> bool {
        if self.counts[role] == 0 {
            false
        } else {
            self.counts[role] -= 1;
            true
        }
    }

    /// Total number of pieces held.
    pub fn total(&self) -> usize {
        self.counts.0.iter().map(|&n| n as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }
}

/// The extra turn state of multi-action rule sets, written in the seventh FEN field
/// (RULES.md §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ExtraState {
    /// No seventh field: the default state at the start of a turn.
    #[default]
    Default,
    /// Progressive and Marseillais: the length of the current series or turn and how
    /// many actions of it have been played (`S:K`); Progressive adds the completed
    /// series in a row without capture or pawn move (`S:K:Q`, written when Q > 0),
    /// which the ten-series draw needs and no other field can hold.
    Series {
        length: u16,
        played: u16,
        quiet: u16,
    },
    /// Avalanche: the side to act has moved and must now push (`push`).
    AvalanchePush,
    /// Avalanche: the side to act must first choose the piece for its pawn on this
    /// square (`promote:e1`).
    AvalanchePromote(Square),
    /// Avalanche: the side to act has just chosen the piece on this square and makes
    /// its move next, unless the piece attacks the enemy king, which has won the game
    /// (`promoted:e1`; a project-dialect extension of RULES.md §9).
    AvalanchePromoted(Square),
    /// Avalanche: an explicit `-`, nothing pending.
    AvalancheNone,
}

/// Unvalidated position data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Every piece, on either board.
    pub board: Board,
    /// Squares whose piece stands on Alice's board B.
    pub board_b: Bitboard,
    /// Pieces in hand, if the FEN had a `[...]` hand field.
    pub hands: Option<ByColor<Hand>>,
    /// Squares marked as promoted pieces (`~` in Chess-Gi FENs; informational).
    pub promoted: Bitboard,
    /// Side to act.
    pub turn: Color,
    /// Castling rights, as the squares of the castling rooks.
    pub castling_rights: Bitboard,
    /// En-passant target squares (usually none or one; Progressive and Marseillais may
    /// list several).
    pub ep_squares: Vec<Square>,
    /// Plies (or actions) since the last capture or pawn move.
    pub halfmoves: u32,
    /// Full move number, starting at 1.
    pub fullmoves: u32,
    /// The seventh field.
    pub extra: ExtraState,
}

impl Setup {
    /// An empty board, White to move.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            board_b: Bitboard::EMPTY,
            hands: None,
            promoted: Bitboard::EMPTY,
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_squares: Vec::new(),
            halfmoves: 0,
            fullmoves: 1,
            extra: ExtraState::Default,
        }
    }

    /// The orthodox starting position with all castling rights.
    pub fn starting_position() -> Setup {
        Setup {
            board: Board::starting_position(),
            castling_rights: Bitboard::CORNERS,
            ..Setup::empty()
        }
    }
}

impl Setup {
    /// The rook of `color` on its back rank farthest from its king towards `side`, if
    /// the king stands on that rank too (X-FEN's meaning of `K` and `Q`).
    pub fn outermost_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let back = Bitboard::from_rank(color.back_rank());
        let king = (self.board.by_piece(Piece::new(color, Role::King)) & back).single_square()?;
        let rooks = self.board.by_piece(Piece::new(color, Role::Rook)) & back;
        let beyond = rooks
            .into_iter()
            .filter(|&rook| rook != king && CastlingSide::of(king, rook) == side);
        match side {
            CastlingSide::KingSide => beyond.max(),
            CastlingSide::QueenSide => beyond.min(),
        }
    }
}

/// Which parts of a [`Setup`] beyond the orthodox fields a rule set has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct SetupParts {
    pub hands: bool,
    pub board_b: bool,
    pub seventh_field: bool,
}

impl Setup {
    /// Reports each part present in the setup that the rule set does not have.
    pub(crate) fn reject_unsupported(&self, has: SetupParts, problems: &mut Vec<PositionProblem>) {
        if self.hands.is_some() && !has.hands {
            problems.push(PositionProblem::UnsupportedState("a hand of pieces"));
        }
        if self.board_b.any() && !has.board_b {
            problems.push(PositionProblem::UnsupportedState("a second board"));
        }
        if self.extra != ExtraState::Default && !has.seventh_field {
            problems.push(PositionProblem::UnsupportedState("a seventh FEN field"));
        }
    }
}

/// Why a setup is not a valid position of a rule set.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PositionProblem {
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// A side has more than 16 pieces.
    TooManyPieces(Color),
    /// The side not to move is in check.
    OppositeCheck,
    /// A check no legal last move could have given (three checkers, or two that
    /// could not check at once).
    ImpossibleCheck,
    /// A castling right whose king or rook is not on its starting square.
    BadCastlingRight(Square),
    /// An en-passant square that no double step could have created.
    BadEnPassant(Square),
    /// State this rule set does not have (hands, board B, a seventh field).
    UnsupportedState(&'static str),
    /// A rule-set specific problem, in words.
    Variant(String),
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::MissingKing(c) => write!(f, "{c} has no king"),
            PositionProblem::TooManyKings(c) => write!(f, "{c} has more than one king"),
            PositionProblem::PawnOnBackRank(sq) => write!(f, "pawn on the back rank at {sq}"),
            PositionProblem::TooManyPieces(c) => write!(f, "{c} has more than 16 pieces"),
            PositionProblem::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionProblem::ImpossibleCheck => f.write_str("impossible check"),
            PositionProblem::BadCastlingRight(sq) => {
                write!(f, "castling right with the rook on {sq}, but king or rook is not on its starting square")
            }
            PositionProblem::BadEnPassant(sq) => write!(f, "impossible en-passant square {sq}"),
            PositionProblem::UnsupportedState(what) => {
                write!(f, "{what} is not part of this variant")
            }
            PositionProblem::Variant(text) => f.write_str(text),
        }
    }
}

/// Every reason a setup is invalid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    pub problems: Vec<PositionProblem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}
