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
//! position onto itself) instead of the ranks. Alice has a second block of 768 for the
//! pieces on board B. The multi-action rule sets add the turn: which one of the
//! actions the side to act still has after this one (Marseillais, Avalanche,
//! Progressive) and, in Progressive, how long the series is (the next one is one
//! longer), each one-hot and seen as own or the opponent's.
//!
//! [`FeatureSet`] names a network's rule set family as well as its layout: Billiards'
//! network has orthodox chess's 768 inputs but its own id, so it is never used for
//! orthodox chess (or the reverse), and a file for one layout is never read as another.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::Position;
use crate::setup::Hand;
use crate::types::{ByColor, Color, Piece, Role, Square};

/// The network kinds a file may declare: a feature layout and the rule sets it is
/// for ([`crate::eval`]'s registry names the kind each rule set reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeatureSet {
    /// 768 piece-square features per point of view (orthodox chess, Chess960).
    PieceSquare,
    /// The 768 piece-square features and the hands' counts (Chess-Gi).
    PieceSquareHands,
    /// The 768 piece-square features, Black's point of view mirrored left to right
    /// (Racing Kings).
    RacingKings,
    /// The 768 piece-square features (Billiards: the same inputs as orthodox chess,
    /// judged under rebounding diagonals).
    Billiards,
    /// The 768 piece-square features and the actions left in the turn (Avalanche: the
    /// push after the move, the move after a promotion choice).
    Avalanche,
    /// The 768 piece-square features and the actions left in the turn (Marseillais,
    /// classic and balanced: whether a second action follows).
    Marseillais,
    /// The 768 piece-square features, the actions left in the series and the series'
    /// length (Progressive, Scottish and Italian).
    Progressive,
    /// 768 piece-square features for each of Alice's two boards.
    Alice,
}

/// The counts of one role in hand that have a feature of their own; more pieces of
/// that role add nothing (rare: captures rarely pile up more than a few of a kind).
pub const HAND_DEPTH: usize = 8;
/// The roles a hand holds (kings are never captured).
const HELD_ROLES: usize = 5;
/// The piece-square block before the hands' features.
const PIECE_SQUARE_INPUTS: usize = 768;
/// The most pieces that can stand on the board (on both of Alice's boards together).
const MAX_PIECES: usize = 32;
/// Progressive's series lengths and actions left that have a feature of their own:
/// by the 16th series almost every game is decided.
const SERIES_DEPTH: usize = 16;

impl FeatureSet {
    /// Every kind, in id order.
    pub const ALL: [FeatureSet; 8] = [
        FeatureSet::PieceSquare,
        FeatureSet::PieceSquareHands,
        FeatureSet::RacingKings,
        FeatureSet::Billiards,
        FeatureSet::Avalanche,
        FeatureSet::Marseillais,
        FeatureSet::Progressive,
        FeatureSet::Alice,
    ];

    /// The id stored in a network file.
    pub const fn id(self) -> u32 {
        match self {
            FeatureSet::PieceSquare => 1,
            FeatureSet::PieceSquareHands => 2,
            FeatureSet::RacingKings => 3,
            FeatureSet::Billiards => 4,
            FeatureSet::Avalanche => 5,
            FeatureSet::Marseillais => 6,
            FeatureSet::Progressive => 7,
            FeatureSet::Alice => 8,
        }
    }

    pub fn from_id(id: u32) -> Option<FeatureSet> {
        FeatureSet::ALL.into_iter().find(|set| set.id() == id)
    }

    /// The number of inputs per point of view.
    pub const fn inputs(self) -> usize {
        self.turn_offset() + 2 * (self.left_depth() + self.length_depth())
    }

    /// The boards whose pieces have features: 2 in Alice, 1 elsewhere.
    pub const fn boards(self) -> usize {
        match self {
            FeatureSet::Alice => 2,
            _ => 1,
        }
    }

    /// Whether the layout has the hands' features.
    pub const fn has_hands(self) -> bool {
        matches!(self, FeatureSet::PieceSquareHands)
    }

    /// The actions left after the current one that have a feature of their own (one
    /// per count, more count as the largest): 0 for a layout without the turn.
    pub const fn left_depth(self) -> usize {
        match self {
            FeatureSet::Marseillais => 1,
            FeatureSet::Avalanche => 2,
            FeatureSet::Progressive => SERIES_DEPTH,
            _ => 0,
        }
    }

    /// The turn lengths from 2 on that have a feature of their own: only Progressive's
    /// series grow (in Marseillais and Avalanche the length follows from the rest).
    pub const fn length_depth(self) -> usize {
        match self {
            FeatureSet::Progressive => SERIES_DEPTH,
            _ => 0,
        }
    }

    /// Whether the layout has the turn's features.
    pub const fn has_turn(self) -> bool {
        self.left_depth() + self.length_depth() > 0
    }

    /// The most features on at once from one point of view: every piece, and one
    /// feature each for the actions left and the length (a hand's pieces are off the
    /// board, so they share the pieces' count).
    pub const fn max_active(self) -> usize {
        MAX_PIECES + (self.left_depth() > 0) as usize + (self.length_depth() > 0) as usize
    }

    /// Where the hands' features start.
    const fn hands_offset(self) -> usize {
        PIECE_SQUARE_INPUTS * self.boards()
    }

    /// Where the turn's features start.
    const fn turn_offset(self) -> usize {
        self.hands_offset()
            + if self.has_hands() {
                2 * HELD_ROLES * HAND_DEPTH
            } else {
                0
            }
    }

    /// How people name it (in messages): the rule sets it is for.
    pub const fn name(self) -> &'static str {
        match self {
            FeatureSet::PieceSquare => "piece-square (chess, chess960)",
            FeatureSet::PieceSquareHands => "piece-square with hands (chessgi)",
            FeatureSet::RacingKings => "racing kings piece-square (racingkings)",
            FeatureSet::Billiards => "billiards piece-square (billiards)",
            FeatureSet::Avalanche => "avalanche piece-square with the turn (avalanche)",
            FeatureSet::Marseillais => {
                "marseillais piece-square with the turn (marseillais, marseillais-balanced)"
            }
            FeatureSet::Progressive => {
                "progressive piece-square with the series (progressive-scottish, progressive-italian)"
            }
            FeatureSet::Alice => "alice two-board piece-square (alice)",
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

/// Where the side to act stands in its turn, as the turn's features see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnInputs {
    /// The side to act.
    pub side: Color,
    /// The actions it has after the current one in this turn (0 in a one-action turn).
    pub left: u16,
    /// The turn's length in actions (1 in orthodox chess; `n` in Progressive's `n`-th
    /// series).
    pub length: u16,
}

impl TurnInputs {
    /// The turn of `pos`.
    #[inline]
    pub fn of<G: Position>(pos: &G) -> TurnInputs {
        let state = pos.turn_state();
        TurnInputs {
            side: state.side,
            left: state.length.saturating_sub(state.played + 1),
            length: state.length,
        }
    }

    /// A one-action turn of `side`.
    pub const fn single(side: Color) -> TurnInputs {
        TurnInputs {
            side,
            left: 0,
            length: 1,
        }
    }
}

/// What a network reads of a position beside its board's pieces: which squares are
/// on Alice's board B, the hands, and the turn. Each layout reads only its own part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extras {
    pub board_b: Bitboard,
    pub hands: Hands,
    pub turn: TurnInputs,
}

impl Extras {
    /// Everything of `pos` beside its board.
    #[inline]
    pub fn of<G: Position>(pos: &G) -> Extras {
        Extras {
            board_b: pos.placement().board_b,
            hands: Hands::of(pos),
            turn: TurnInputs::of(pos),
        }
    }

    /// A one-board position without hands, `side` to act in a one-action turn.
    pub fn single(side: Color) -> Extras {
        Extras {
            board_b: Bitboard::EMPTY,
            hands: Hands::default(),
            turn: TurnInputs::single(side),
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

/// The turn's features of `turn` from `viewer`'s point of view in layout `set`: at
/// most one for the actions left (none when it is the turn's last) and one for the
/// length (none for a one-action turn).
pub fn turn_features(set: FeatureSet, viewer: Color, turn: TurnInputs) -> [Option<usize>; 2] {
    let (left_depth, length_depth) = (set.left_depth(), set.length_depth());
    let base = set.turn_offset() + usize::from(turn.side != viewer) * (left_depth + length_depth);
    let left = usize::from(turn.left).min(left_depth);
    let length = usize::from(turn.length.saturating_sub(1)).min(length_depth);
    [
        (left > 0).then(|| base + left - 1),
        (length > 0).then(|| base + left_depth + length - 1),
    ]
}

/// The piece-square feature of `piece` on `square` from `viewer`'s point of view, in
/// layout `set` (on board A of Alice's two).
#[inline]
pub fn piece_square(set: FeatureSet, viewer: Color, piece: Piece, square: Square) -> usize {
    let theirs = usize::from(piece.color != viewer);
    let relative = match viewer {
        Color::White => square.index(),
        Color::Black => square.index() ^ set.black_mirror(),
    };
    (theirs * 6 + piece.role.index()) * 64 + relative
}

/// [`piece_square`] on board B when `on_b` (Alice's second block of 768).
#[inline]
pub fn piece_square_on(
    set: FeatureSet,
    viewer: Color,
    piece: Piece,
    square: Square,
    on_b: bool,
) -> usize {
    piece_square(set, viewer, piece, square) + usize::from(on_b) * PIECE_SQUARE_INPUTS
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

/// [`board_diff`] of Alice's two boards: `(piece, square, on board B, added)` for each
/// piece that differs in place or board (a move there also changes the piece's board).
pub fn two_board_diff(
    (from, from_b): (&Board, Bitboard),
    (to, to_b): (&Board, Bitboard),
    mut visit: impl FnMut(Piece, Square, bool, bool),
) {
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            let piece = Piece { color, role };
            let (before, after) = (from.by_piece(piece), to.by_piece(piece));
            for (mask_before, mask_after, on_b) in [(!from_b, !to_b, false), (from_b, to_b, true)] {
                let (before, after) = (before & mask_before, after & mask_after);
                for square in before & !after {
                    visit(piece, square, on_b, false);
                }
                for square in after & !before {
                    visit(piece, square, on_b, true);
                }
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
            (FeatureSet::Billiards, 56),
            (FeatureSet::Avalanche, 56),
            (FeatureSet::Marseillais, 56),
            (FeatureSet::Progressive, 56),
            (FeatureSet::Alice, 56),
        ] {
            features_of_one_layout_are_distinct_and_mirror(set, mirror);
        }
    }

    #[test]
    fn the_two_board_diff_with_board_b_empty_is_the_plain_diff() {
        // The wasm follows one-board kinds by `two_board_diff` with board B empty.
        use crate::notation::fen::read_fen;
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        ];
        let boards: Vec<Board> = fens
            .iter()
            .map(|fen| {
                read_fen::<crate::Chess>(fen)
                    .unwrap()
                    .placement()
                    .board
                    .clone()
            })
            .collect();
        for from in &boards {
            for to in &boards {
                let (mut plain, mut two) = (Vec::new(), Vec::new());
                board_diff(from, to, |p, s, added| plain.push((p, s, added)));
                two_board_diff(
                    (from, Bitboard::EMPTY),
                    (to, Bitboard::EMPTY),
                    |p, s, on_b, added| {
                        assert!(!on_b);
                        two.push((p, s, added));
                    },
                );
                assert_eq!(plain, two);
            }
        }
    }

    #[test]
    fn alices_board_b_and_the_turn_have_blocks_of_their_own() {
        // Board B: a second block of 768 after board A's.
        let piece = Piece {
            color: Color::Black,
            role: Role::Queen,
        };
        let a = piece_square_on(FeatureSet::Alice, Color::White, piece, Square::H8, false);
        let b = piece_square_on(FeatureSet::Alice, Color::White, piece, Square::H8, true);
        assert_eq!(b, a + 768);
        assert_eq!(FeatureSet::Alice.inputs(), 1536);
        // The turn: one feature for the actions left and one for the length, own or
        // the opponent's, each distinct and inside the layout.
        for set in FeatureSet::ALL {
            let mut seen = std::collections::HashSet::new();
            for side in Color::ALL {
                for length in 1..40u16 {
                    for played in 0..length {
                        let turn = TurnInputs {
                            side,
                            left: length - played - 1,
                            length,
                        };
                        let [white, black] =
                            Color::ALL.map(|viewer| turn_features(set, viewer, turn));
                        // Each viewer sees the side to act as itself or the opponent.
                        let mut swapped = turn;
                        swapped.side = !side;
                        assert_eq!(white, turn_features(set, Color::Black, swapped));
                        for f in white.into_iter().chain(black).flatten() {
                            assert!((768 * set.boards()..set.inputs()).contains(&f), "{set:?}");
                            seen.insert(f);
                        }
                    }
                }
            }
            let expected = 2 * (set.left_depth() + set.length_depth());
            assert_eq!(seen.len(), expected, "{set:?}");
            assert_eq!(set.has_turn(), expected > 0);
        }
        assert_eq!(FeatureSet::Marseillais.inputs(), 770);
        assert_eq!(FeatureSet::Avalanche.inputs(), 772);
        assert_eq!(FeatureSet::Progressive.inputs(), 832);
        assert_eq!(FeatureSet::Billiards.inputs(), 768);
        assert_eq!(FeatureSet::PieceSquareHands.inputs(), 848);
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
