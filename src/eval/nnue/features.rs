//! The network's inputs: which features a position turns on, seen from one side.
//!
//! Orthodox chess uses 768 features per point of view: one per (piece relative to the
//! viewer: own or the opponent's, role, square), with the board mirrored vertically for
//! Black so that both sides see "their" pieces moving up the board. Chess-Gi adds the
//! hands: for each (own or the opponent's, role that can be held, k = 1..=
//! [`HAND_DEPTH`]) a feature that is on while the hand holds at least k such pieces,
//! so a network can value the first knight in hand unlike the third. Racing Kings has
//! the same 768 features seen another way: both kings race up the board, so Black's
//! point of view swaps the colours and mirrors the files (a↔h, which maps the start
//! position onto itself) instead of the ranks. The layout leaves
//! room to grow by whole blocks of 768 (a second board for Alice): [`FeatureSet`]
//! names the layout a network was trained on, and a file for one layout is never read
//! as another.

use crate::board::Board;
use crate::game::Position;
use crate::setup::Hand;
use crate::types::{ByColor, Color, Piece, Role, Square};

/// The feature layouts a network file may declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeatureSet {
    /// 768 piece-square features per point of view (orthodox chess).
    PieceSquare,
    /// The 768 piece-square features and the hands' counts (Chess-Gi).
    PieceSquareHands,
    /// The 768 piece-square features, Black's point of view mirrored left to right
    /// (Racing Kings).
    RacingKings,
}

/// The counts of one role in hand that have a feature of their own; more pieces of
/// that role add nothing (rare: captures rarely pile up more than a few of a kind).
pub const HAND_DEPTH: usize = 8;
/// The roles a hand holds (kings are never captured).
const HELD_ROLES: usize = 5;
/// The piece-square block before the hands' features.
const PIECE_SQUARE_INPUTS: usize = 768;

impl FeatureSet {
    /// Every layout, in id order.
    pub const ALL: [FeatureSet; 3] = [
        FeatureSet::PieceSquare,
        FeatureSet::PieceSquareHands,
        FeatureSet::RacingKings,
    ];

    /// The id stored in a network file.
    pub const fn id(self) -> u32 {
        match self {
            FeatureSet::PieceSquare => 1,
            FeatureSet::PieceSquareHands => 2,
            FeatureSet::RacingKings => 3,
        }
    }

    pub fn from_id(id: u32) -> Option<FeatureSet> {
        FeatureSet::ALL.into_iter().find(|set| set.id() == id)
    }

    /// The number of inputs per point of view.
    pub const fn inputs(self) -> usize {
        match self {
            FeatureSet::PieceSquare | FeatureSet::RacingKings => PIECE_SQUARE_INPUTS,
            FeatureSet::PieceSquareHands => PIECE_SQUARE_INPUTS + 2 * HELD_ROLES * HAND_DEPTH,
        }
    }

    /// Whether the layout has the hands' features.
    pub const fn has_hands(self) -> bool {
        matches!(self, FeatureSet::PieceSquareHands)
    }

    /// How people name it (in messages).
    pub const fn name(self) -> &'static str {
        match self {
            FeatureSet::PieceSquare => "piece-square",
            FeatureSet::PieceSquareHands => "piece-square with hands",
            FeatureSet::RacingKings => "racing kings piece-square",
        }
    }

    /// What Black's point of view does to a square's index: mirror the ranks (the
    /// sides play up and down the board) or, in Racing Kings, the files (both race up).
    const fn black_mirror(self) -> usize {
        match self {
            FeatureSet::RacingKings => 7,
            _ => 56,
        }
    }
}

/// The pieces each side holds in hand (empty in rule sets without drops).
pub type Hands = ByColor<Hand>;

impl Hands {
    /// The hands of `pos`: both empty in a rule set without drops.
    #[inline]
    pub fn of<G: Position>(pos: &G) -> Hands {
        Hands {
            white: pos.hand(Color::White).unwrap_or_default(),
            black: pos.hand(Color::Black).unwrap_or_default(),
        }
    }
}

/// The hands feature of `holder` holding at least `count` (1..=[`HAND_DEPTH`]) of
/// `role` (not the king), from `viewer`'s point of view.
#[inline]
pub fn hand_feature(viewer: Color, holder: Color, role: Role, count: usize) -> usize {
    debug_assert!(role != Role::King && (1..=HAND_DEPTH).contains(&count));
    let theirs = usize::from(holder != viewer);
    PIECE_SQUARE_INPUTS + (theirs * HELD_ROLES + role.index()) * HAND_DEPTH + count - 1
}

/// The hands' features that differ between `from` and `to`: `(holder, role, count,
/// added)` for each count threshold crossed.
pub fn hands_diff(from: &Hands, to: &Hands, mut visit: impl FnMut(Color, Role, usize, bool)) {
    for holder in Color::ALL {
        for &role in &Role::ALL[..HELD_ROLES] {
            let before = usize::from(from[holder].count(role)).min(HAND_DEPTH);
            let after = usize::from(to[holder].count(role)).min(HAND_DEPTH);
            for count in after + 1..=before {
                visit(holder, role, count, false);
            }
            for count in before + 1..=after {
                visit(holder, role, count, true);
            }
        }
    }
}

/// The piece-square feature of `piece` on `square` from `viewer`'s point of view, in
/// layout `set`.
#[inline]
pub fn piece_square(set: FeatureSet, viewer: Color, piece: Piece, square: Square) -> usize {
    let theirs = usize::from(piece.color != viewer);
    let relative = match viewer {
        Color::White => square.index(),
        Color::Black => square.index() ^ set.black_mirror(),
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
        // Ranks mirror for the sides of orthodox chess and Chess-Gi, files for Racing
        // Kings' racers.
        for (set, mirror) in [
            (FeatureSet::PieceSquare, 56),
            (FeatureSet::PieceSquareHands, 56),
            (FeatureSet::RacingKings, 7),
        ] {
            features_of_one_layout_are_distinct_and_mirror(set, mirror);
        }
    }

    fn features_of_one_layout_are_distinct_and_mirror(set: FeatureSet, mirror: u32) {
        let mut seen = std::collections::HashSet::new();
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for index in 0..64 {
                    let square = Square::new(index).unwrap();
                    let f = piece_square(set, Color::White, Piece { color, role }, square);
                    assert!(f < set.inputs());
                    assert!(seen.insert(f));
                    // Black sees the mirrored board with the colours swapped.
                    let mirrored = Square::new(index ^ mirror).unwrap();
                    let g = piece_square(
                        set,
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

    #[test]
    fn hand_features_follow_the_board_block_and_mirror_between_the_sides() {
        let mut seen = std::collections::HashSet::new();
        for holder in Color::ALL {
            for &role in &Role::ALL[..HELD_ROLES] {
                for count in 1..=HAND_DEPTH {
                    let f = hand_feature(Color::White, holder, role, count);
                    assert!((768..FeatureSet::PieceSquareHands.inputs()).contains(&f));
                    assert!(seen.insert(f));
                    assert_eq!(f, hand_feature(Color::Black, !holder, role, count));
                }
            }
        }
        assert_eq!(seen.len(), 80);
        for set in FeatureSet::ALL {
            assert_eq!(FeatureSet::from_id(set.id()), Some(set));
        }
        assert_eq!(FeatureSet::from_id(0), None);
    }

    #[test]
    fn a_hands_diff_crosses_each_threshold_once_and_stops_at_the_depth() {
        let hand = |pawns: usize, knights: usize| {
            let mut hand = Hand::default();
            (0..pawns).for_each(|_| hand.add(Role::Pawn));
            (0..knights).for_each(|_| hand.add(Role::Knight));
            hand
        };
        let from = Hands {
            white: hand(2, 1),
            black: hand(10, 0),
        };
        let to = Hands {
            white: hand(4, 0),
            black: hand(12, 0),
        };
        let mut changes = Vec::new();
        hands_diff(&from, &to, |holder, role, count, added| {
            changes.push((holder, role, count, added))
        });
        assert_eq!(
            changes,
            [
                (Color::White, Role::Pawn, 3, true),
                (Color::White, Role::Pawn, 4, true),
                (Color::White, Role::Knight, 1, false),
            ]
        );
    }
}
