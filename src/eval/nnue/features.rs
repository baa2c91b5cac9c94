//! The network's inputs: which features a position turns on, seen from one side.
//!
//! Orthodox chess uses 768 features per point of view: one per (piece relative to the
//! viewer: own or the opponent's, role, square), with the board mirrored vertically for
//! Black so that both sides see "their" pieces moving up the board. The layout leaves
//! room to grow by whole blocks of 768 (a second board for Alice) and by hand counts
//! (Chess-Gi): [`FeatureSet`] names the layout a network was trained on, and a file
//! for one layout is never read as another.

use crate::board::Board;
use crate::types::{Color, Piece, Role, Square};

/// The feature layouts a network file may declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeatureSet {
    /// 768 piece-square features per point of view (orthodox chess).
    PieceSquare,
}

impl FeatureSet {
    /// The id stored in a network file.
    pub const fn id(self) -> u32 {
        match self {
            FeatureSet::PieceSquare => 1,
        }
    }

    pub fn from_id(id: u32) -> Option<FeatureSet> {
        match id {
            1 => Some(FeatureSet::PieceSquare),
            _ => None,
        }
    }

    /// The number of inputs per point of view.
    pub const fn inputs(self) -> usize {
        match self {
            FeatureSet::PieceSquare => 768,
        }
    }
}

/// The piece-square feature of `piece` on `square` from `viewer`'s point of view.
#[inline]
pub fn piece_square(viewer: Color, piece: Piece, square: Square) -> usize {
    let theirs = usize::from(piece.color != viewer);
    let relative = match viewer {
        Color::White => square.index(),
        Color::Black => square.index() ^ 56,
    };
    (theirs * 6 + piece.role.index()) * 64 + relative
}

/// The pieces that differ between two boards: what `from` has and `to` lacks
/// (removed), and what `to` has and `from` lacks (added). A move changes at most a
/// few (four for castling), so an accumulator follows it by these alone.
pub fn board_diff(from: &Board, to: &Board, mut visit: impl FnMut(Piece, Square, bool)) {
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            let piece = Piece { color, role };
            let before = from.by_piece(piece);
            let after = to.by_piece(piece);
            for square in before & !after {
                visit(piece, square, false);
            }
            for square in after & !before {
                visit(piece, square, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_distinct_and_mirror_between_the_sides() {
        let mut seen = std::collections::HashSet::new();
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for index in 0..64 {
                    let square = Square::new(index).unwrap();
                    let f = piece_square(Color::White, Piece { color, role }, square);
                    assert!(f < FeatureSet::PieceSquare.inputs());
                    assert!(seen.insert(f));
                    // Black sees the mirrored board with the colours swapped.
                    let mirrored = Square::new(index ^ 56).unwrap();
                    let g = piece_square(
                        Color::Black,
                        Piece {
                            color: !color,
                            role,
                        },
                        mirrored,
                    );
                    assert_eq!(f, g);
                }
            }
        }
        assert_eq!(seen.len(), 768);
    }
}
