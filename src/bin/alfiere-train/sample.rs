//! One training position, stored compactly: which squares are occupied, by what, the
//! pieces in hand (Chess-Gi) or which pieces stand on board B (Alice), who is to act
//! and how far into the turn, the search score, the game result and which game it
//! comes from. 40 bytes a position, so ten million fit in about 400 MB; the network's
//! inputs are decoded from it when needed.

use alfiere::eval::nnue::{
    hand_feature, piece_square_on, turn_features, Extras, FeatureSet, Hands, TurnInputs, HAND_DEPTH,
};
use alfiere::notation::fen::read_fen;
use alfiere::variants::{
    Marseillais, MarseillaisBalanced, ProgressiveItalian, ProgressiveScottish,
};
use alfiere::{
    Alice, Avalanche, Billiards, Bitboard, Board, Chess, ChessGi, Color, Piece, Position,
    RacingKings, Role, Square, Variant,
};

/// The most pieces a position may have: one nibble each in [`Sample::pieces`].
pub const MAX_PIECES: usize = 32;
/// The roles a hand holds (all but the king), one nibble each per side in
/// [`Sample::hands`].
const HELD: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// The rule sets whose data the trainer reads: those `alfiere-datagen` writes, each
/// with a network kind (Chess960 comes in the teacher's records, as orthodox chess).
pub const VARIANTS: [Variant; 10] = alfiere::eval::nnue::DATA_VARIANTS;

/// The sample of a FEN of `variant` (one of [`VARIANTS`]), unlabelled, in its kind's
/// layout.
fn read_position(variant: Variant, fen: &str) -> Result<Sample, String> {
    fn read<G: Position>(fen: &str) -> Result<Sample, String> {
        let pos: G = read_fen(fen).map_err(|e| format!("FEN: {e}"))?;
        let layout = FeatureSet::of_variant(G::VARIANT)
            .ok_or_else(|| format!("{} has no network layout", G::VARIANT.name()))?;
        Sample::of_position(&pos, layout)
    }
    match variant {
        Variant::Chess => read::<Chess>(fen),
        Variant::ChessGi => read::<ChessGi>(fen),
        Variant::RacingKings => read::<RacingKings>(fen),
        Variant::Billiards => read::<Billiards>(fen),
        Variant::Avalanche => read::<Avalanche>(fen),
        Variant::Marseillais => read::<Marseillais>(fen),
        Variant::MarseillaisBalanced => read::<MarseillaisBalanced>(fen),
        Variant::ProgressiveScottish => read::<ProgressiveScottish>(fen),
        Variant::ProgressiveItalian => read::<ProgressiveItalian>(fen),
        Variant::Alice => read::<Alice>(fen),
        other => Err(format!("no training data for {}", other.name())),
    }
}

/// A position with its labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// The occupied squares (bit `i` for square index `i`).
    occupied: u64,
    /// The pieces on the occupied squares, lowest square first, one nibble each
    /// (colour × 8 + role), two to a byte.
    pieces: [u8; MAX_PIECES / 2],
    /// Chess-Gi: the counts in hand, White's then Black's, in [`HELD`] order, one
    /// nibble each (at most 15), two to a byte. Alice (which has no hands): bit `i`
    /// (of the first four bytes) for the `i`-th piece, lowest square first, standing
    /// on board B. Shared so that a sample stays 40 bytes; `layout` tells which.
    hands: [u8; HELD.len()],
    /// The actions the side to act has after the current one in its turn (at most
    /// 255), and the turn's length (at most 255): what the turn's features read.
    left: u8,
    length: u8,
    /// The search score in centipawns, White's point of view.
    score: i16,
    /// The game result for White in half points (0, 1 or 2).
    result: u8,
    black_to_act: bool,
    /// The layout the inputs are read in (the data's rule set's).
    layout: FeatureSet,
    /// Which game of the data the position comes from, as the loader tells them
    /// apart: validation holds out whole games.
    game: u32,
}

// The memory budget rests on this size (ten million positions in about 400 MB).
const _: () = assert!(std::mem::size_of::<Sample>() == 40);

/// The active inputs of a position: the side to act's, then the other side's.
pub struct Features {
    pub us: Vec<usize>,
    pub them: Vec<usize>,
}

impl Features {
    pub fn new() -> Features {
        Features {
            us: Vec::with_capacity(MAX_PIECES),
            them: Vec::with_capacity(MAX_PIECES),
        }
    }
}

impl Sample {
    /// Reads a data line of `variant`: `<FEN> | <score cp, White's view> | <result,
    /// White's view>`.
    pub fn parse(line: &str, variant: Variant) -> Result<Sample, String> {
        // From the right: Alice's FENs mark board B's pieces with `|` too.
        let mut fields: Vec<&str> = line.rsplitn(3, '|').map(str::trim).collect();
        fields.reverse();
        let [fen, score, result] = fields[..] else {
            return Err(format!("{} fields, 3 expected", fields.len()));
        };
        let score: i32 = score
            .parse()
            .map_err(|_| format!("score '{score}' is not a whole number"))?;
        let result = match result {
            "1.0" | "1" => 2,
            "0.5" => 1,
            "0.0" | "0" => 0,
            _ => return Err(format!("result '{result}' is not 1.0, 0.5 or 0.0")),
        };
        let mut sample = read_position(variant, fen)?;
        sample.set_labels(score, result);
        Ok(sample)
    }

    /// The sample of `pos`, unlabelled, read in `layout`: its board, side to act, and
    /// what `layout` reads beside them (the hands, board B, the turn).
    pub fn of_position<G: Position>(pos: &G, layout: FeatureSet) -> Result<Sample, String> {
        let board = pos.placement().board;
        let mut sample = Sample::from_board(board, pos.turn())?;
        sample.layout = layout;
        let extras = Extras::of(pos);
        if layout.has_hands() {
            sample.set_hands(&extras.hands);
        }
        if layout.boards() > 1 {
            for (i, (square, _)) in board.pieces().enumerate() {
                if extras.board_b.contains(square) {
                    sample.hands[i / 8] |= 1 << (i % 8);
                }
            }
        }
        sample.left = extras.turn.left.min(255) as u8;
        sample.length = extras.turn.length.min(255) as u8;
        Ok(sample)
    }

    /// Sets the score (centipawns, White's view) and the result (White's half points).
    fn set_labels(&mut self, white_cp: i32, result: u8) {
        // Saturating: beyond a few thousand centipawns the target is 0 or 1 anyway.
        self.score = white_cp.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        self.result = result.min(2);
    }

    /// A sample of `board` with `turn` to act, its score (centipawns, White's view)
    /// and result (White's half points), read in the orthodox layout: how the
    /// teacher's records (orthodox chess and Chess960) become samples.
    pub fn labelled(
        board: &Board,
        turn: Color,
        white_cp: i32,
        result: u8,
    ) -> Result<Sample, String> {
        let mut sample = Sample::from_board(board, turn)?;
        sample.set_labels(white_cp, result);
        Ok(sample)
    }

    /// The search or teacher score in centipawns, White's point of view.
    #[cfg(test)]
    pub fn white_cp(&self) -> i16 {
        self.score
    }

    /// A sample of `board` with `turn` to act (score 0, a draw), read in the orthodox
    /// layout.
    pub fn from_board(board: &Board, turn: Color) -> Result<Sample, String> {
        let mut sample = Sample {
            occupied: 0,
            pieces: [0; MAX_PIECES / 2],
            hands: [0; HELD.len()],
            left: 0,
            length: 1,
            score: 0,
            result: 1,
            black_to_act: turn == Color::Black,
            layout: FeatureSet::PieceSquare,
            game: 0,
        };
        // `pieces()` goes from a1 upwards, the order in which the bits are decoded.
        for (i, (square, piece)) in board.pieces().enumerate() {
            if i == MAX_PIECES {
                return Err(format!("more than {MAX_PIECES} pieces"));
            }
            sample.occupied |= 1 << square.index();
            let code = (piece.color.index() * 8 + piece.role.index()) as u8;
            sample.pieces[i / 2] |= code << (4 * (i % 2));
        }
        Ok(sample)
    }

    /// Stores `hands` (a count above 15 is kept as 15: the features stop at
    /// [`HAND_DEPTH`] anyway).
    pub fn set_hands(&mut self, hands: &Hands) {
        self.hands = [0; HELD.len()];
        for (i, (holder, role)) in held_slots().enumerate() {
            let count = hands[holder].count(role).min(15);
            self.hands[i / 2] |= count << (4 * (i % 2));
        }
    }

    /// The count in hand of nibble `slot` (in [`held_slots`] order); none in a
    /// layout without hands.
    fn held(&self, slot: usize) -> u8 {
        if !self.layout.has_hands() {
            return 0;
        }
        (self.hands[slot / 2] >> (4 * (slot % 2))) & 0xf
    }

    /// Whether the `i`-th piece (lowest square first) stands on Alice's board B.
    fn on_board_b(&self, i: usize) -> bool {
        self.layout.boards() > 1 && self.hands[i / 8] & (1 << (i % 8)) != 0
    }

    /// The hands again.
    pub fn hands(&self) -> Hands {
        let mut hands = Hands::default();
        for (i, (holder, role)) in held_slots().enumerate() {
            for _ in 0..self.held(i) {
                hands.get_mut(holder).add(role);
            }
        }
        hands
    }

    /// The turn as the turn's features read it.
    fn turn_inputs(&self) -> TurnInputs {
        TurnInputs {
            side: self.turn(),
            left: u16::from(self.left),
            length: u16::from(self.length),
        }
    }

    /// What the engine's network reads beside the board: the hands, board B, the turn.
    pub fn extras(&self) -> Extras {
        let mut board_b = Bitboard::EMPTY;
        for (i, (square, _)) in self.pieces().enumerate() {
            if self.on_board_b(i) {
                board_b |= Bitboard::from_square(square);
            }
        }
        Extras {
            board_b,
            hands: self.hands(),
            turn: self.turn_inputs(),
        }
    }

    /// The game result for White in half points (0, 1 or 2).
    pub fn white_result(&self) -> u8 {
        self.result
    }

    pub fn game(&self) -> u32 {
        self.game
    }

    pub fn set_game(&mut self, game: u32) {
        self.game = game;
    }

    pub fn turn(&self) -> Color {
        if self.black_to_act {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The pieces with their squares, lowest square first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut bits = self.occupied;
        (0..).map_while(move |i: usize| {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros();
            bits &= bits - 1;
            let code = usize::from((self.pieces[i / 2] >> (4 * (i % 2))) & 0xf);
            let color = if code >= 8 {
                Color::Black
            } else {
                Color::White
            };
            // Codes are written by `from_board` alone, so role and square are valid;
            // the fallbacks only keep this free of panics.
            let role = Role::ALL.get(code % 8).copied().unwrap_or(Role::Pawn);
            let square = Square::new(index).unwrap_or(Square::A1);
            Some((square, Piece { color, role }))
        })
    }

    /// The board again.
    pub fn board(&self) -> Board {
        let mut board = Board::empty();
        for (square, piece) in self.pieces() {
            board.put(square, piece);
        }
        board
    }

    /// Fills `out` with the active inputs of both points of view.
    pub fn features(&self, out: &mut Features) {
        self.features_seen(out, false);
    }

    /// As [`Sample::features`], of the board mirrored left to right when `mirror`
    /// (files a and h swapped; the labels are kept).
    pub fn features_seen(&self, out: &mut Features, mirror: bool) {
        let us = self.turn();
        out.us.clear();
        out.them.clear();
        for (i, (square, piece)) in self.pieces().enumerate() {
            let square = if mirror {
                square.flip_horizontal()
            } else {
                square
            };
            let on_b = self.on_board_b(i);
            out.us
                .push(piece_square_on(self.layout, us, piece, square, on_b));
            out.them
                .push(piece_square_on(self.layout, !us, piece, square, on_b));
        }
        for (i, (holder, role)) in held_slots().enumerate() {
            for count in 1..=usize::from(self.held(i)).min(HAND_DEPTH) {
                out.us.push(hand_feature(us, holder, role, count));
                out.them.push(hand_feature(!us, holder, role, count));
            }
        }
        if self.layout.has_turn() {
            let turn = self.turn_inputs();
            out.us
                .extend(turn_features(self.layout, us, turn).into_iter().flatten());
            out.them
                .extend(turn_features(self.layout, !us, turn).into_iter().flatten());
        }
    }

    /// Whether this sample is seen mirrored in the epoch salted with `salt`: a
    /// hash of the position, so the choice does not depend on how a batch is split.
    pub fn mirrored_in(&self, salt: u64) -> bool {
        let mut x = self.occupied ^ u64::from(self.game) ^ salt;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (x ^ (x >> 31)) & 1 == 1
    }

    /// The training target for the side to act: `wdl` × result + (1 − `wdl`) ×
    /// the score's win probability.
    pub fn target(&self, wdl: f32) -> f32 {
        let (score, result) = (f32::from(self.score), f32::from(self.result) / 2.0);
        let (score, result) = match self.turn() {
            Color::White => (score, result),
            Color::Black => (-score, 1.0 - result),
        };
        wdl * result + (1.0 - wdl) * sigmoid(score / SCORE_SCALE)
    }
}

/// The (holder, role) of each hand nibble, in storage order.
fn held_slots() -> impl Iterator<Item = (Color, Role)> {
    Color::ALL
        .into_iter()
        .flat_map(|holder| HELD.map(move |role| (holder, role)))
}

/// Centipawns per unit of the win-probability sigmoid: the network's output scale.
pub const SCORE_SCALE: f32 = alfiere::eval::nnue::SCALE as f32;

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_its_board_turn_and_labels() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1";
        let sample = Sample::parse(&format!("{fen} | -120 | 0.0"), Variant::Chess).unwrap();
        let pos: Chess = read_fen(fen).unwrap();
        assert_eq!(&sample.board(), pos.placement().board);
        assert_eq!(sample.turn(), Color::Black);
        // Black to act, White lost: the result is a win for the side to act.
        assert!((sample.target(1.0) - 1.0).abs() < 1e-6);
        assert!((sample.target(0.0) - sigmoid(120.0 / 400.0)).abs() < 1e-6);
        let mut features = Features::new();
        sample.features(&mut features);
        assert_eq!(features.us.len(), pos.placement().board.occupied().count());
    }

    #[test]
    fn racing_kings_samples_read_in_their_own_layout() {
        // Either side to act at the start sees the same race (Black's view mirrors
        // the files), which the same board read as orthodox chess does not.
        let white = Sample::parse(
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1 | 0 | 0.5",
            Variant::RacingKings,
        )
        .unwrap();
        let black = Sample::parse(
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ b - - 0 1 | 0 | 0.5",
            Variant::RacingKings,
        )
        .unwrap();
        let sorted = |sample: &Sample| {
            let mut features = Features::new();
            sample.features(&mut features);
            features.us.sort_unstable();
            features.them.sort_unstable();
            (features.us, features.them)
        };
        assert_eq!(sorted(&white), sorted(&black));
        let mut orthodox = black;
        orthodox.layout = FeatureSet::PieceSquare;
        assert_ne!(sorted(&white), sorted(&orthodox));
        assert!(Sample::parse(
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1 | 0 | 0.5",
            Variant::Chess960
        )
        .is_err());
    }

    #[test]
    fn a_mirrored_sample_has_the_mirrored_boards_inputs() {
        let sample =
            Sample::parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 | 500 | 1.0", Variant::Chess).unwrap();
        let mirror =
            Sample::parse("3k4/8/8/8/8/8/8/3K3R w - - 0 1 | 500 | 1.0", Variant::Chess).unwrap();
        let (mut seen, mut expected) = (Features::new(), Features::new());
        sample.features_seen(&mut seen, true);
        mirror.features(&mut expected);
        seen.us.sort_unstable();
        seen.them.sort_unstable();
        expected.us.sort_unstable();
        expected.them.sort_unstable();
        assert_eq!((seen.us, seen.them), (expected.us, expected.them));
        // About half of the positions are mirrored in an epoch, and not the same half.
        let mut samples = vec![sample; 64];
        for (i, one) in samples.iter_mut().enumerate() {
            one.occupied = 1 << i;
        }
        let count = |salt| samples.iter().filter(|s| s.mirrored_in(salt)).count();
        assert!((16..=48).contains(&count(1)), "{}", count(1));
        let differ = samples
            .iter()
            .filter(|s| s.mirrored_in(1) != s.mirrored_in(2))
            .count();
        assert!(differ > 8, "{differ}");
    }

    #[test]
    fn bad_lines_are_reasons() {
        for bad in [
            "",
            "8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 0.5",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | x | 0.5",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 2",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 1 | 1",
        ] {
            assert!(Sample::parse(bad, Variant::Chess).is_err(), "{bad}");
        }
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(Sample::parse(&format!("{start} | 99999 | 1.0"), Variant::Chess).is_ok());
        // A rule set without data, and a FEN of another rule set.
        assert!(Sample::parse(&format!("{start} | 0 | 1.0"), Variant::Chess960).is_err());
        let gi = "r1bqkbnr/pppp1ppp/2n5/8/4P3/8/PPP2PPP/RNBQKBNR[Pp] w KQkq - 0 4";
        assert!(Sample::parse(&format!("{gi} | 0 | 0.5"), Variant::Chess).is_err());
    }

    #[test]
    fn a_chess_gi_line_keeps_its_hands_and_turns_on_their_features() {
        // Sixteen pawns in White's hand: stored as 15, seen up to the depth.
        let fen = "4k3/8/8/8/8/8/8/4K3[NPPPPPPPPPPPPPPPPnq] b - - 0 60";
        let sample = Sample::parse(&format!("{fen} | 35 | 0.5"), Variant::ChessGi).unwrap();
        let pos: ChessGi = read_fen(fen).unwrap();
        assert_eq!(&sample.board(), pos.placement().board);
        let hands = sample.hands();
        assert_eq!(hands.white.count(Role::Pawn), 15);
        assert_eq!(hands.white.count(Role::Knight), 1);
        assert_eq!(hands.black.count(Role::Knight), 1);
        assert_eq!(hands.black.count(Role::Queen), 1);
        assert_eq!(hands.black.count(Role::Pawn), 0);
        let mut features = Features::new();
        sample.features(&mut features);
        assert_eq!(features.us.len(), 2 + HAND_DEPTH + 3);
        // Black to act: its own knight in hand is "ours", White's pawns "theirs".
        let ours = |holder, role, count| hand_feature(Color::Black, holder, role, count);
        assert!(features.us.contains(&ours(Color::Black, Role::Knight, 1)));
        assert!(features
            .us
            .contains(&ours(Color::White, Role::Pawn, HAND_DEPTH)));
        assert!(!features.us.contains(&ours(Color::Black, Role::Pawn, 1)));
        let theirs = |holder, role, count| hand_feature(Color::White, holder, role, count);
        assert!(features
            .them
            .contains(&theirs(Color::Black, Role::Queen, 1)));
        // An orthodox line has no hands, so no such features.
        let chess =
            Sample::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0 | 0.5", Variant::Chess).unwrap();
        chess.features(&mut features);
        assert_eq!(features.us.len(), 2);
    }

    #[test]
    fn a_series_line_turns_on_the_turns_features_and_an_alice_line_board_b() {
        // Progressive, Black's series of 4 with one action played: the current one
        // and two after it.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 4:1";
        let sample =
            Sample::parse(&format!("{fen} | 35 | 0.5"), Variant::ProgressiveScottish).unwrap();
        let mut features = Features::new();
        sample.features(&mut features);
        assert_eq!(features.us.len(), 32 + 2);
        let turn = TurnInputs {
            side: Color::Black,
            left: 2,
            length: 4,
        };
        let [left, length] = turn_features(FeatureSet::Progressive, Color::Black, turn);
        assert!(features.us.contains(&left.unwrap()) && features.us.contains(&length.unwrap()));
        let [left, _] = turn_features(FeatureSet::Progressive, Color::White, turn);
        assert!(features.them.contains(&left.unwrap()));
        assert_eq!(sample.extras().turn, turn);
        // The same board at the series' start reads other turn features.
        let start = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 4:0";
        let other =
            Sample::parse(&format!("{start} | 35 | 0.5"), Variant::ProgressiveScottish).unwrap();
        let mut seen = Features::new();
        other.features(&mut seen);
        assert_ne!(seen.us, features.us);
        // Marseillais: one turn feature while a second action follows, none after.
        let first = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:0";
        let second = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 2:1";
        for (fen, count) in [(first, 33), (second, 32)] {
            let sample = Sample::parse(&format!("{fen} | 0 | 0.5"), Variant::Marseillais).unwrap();
            sample.features(&mut features);
            assert_eq!(features.us.len(), count, "{fen}");
        }
        // Alice: the pieces on board B read in the second block of 768, and back.
        let fen = "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/2|K|R1B1R b - - 4 11";
        let sample = Sample::parse(&format!("{fen} | -40 | 0.0"), Variant::Alice).unwrap();
        let pos: Alice = read_fen(fen).unwrap();
        assert_eq!(sample.extras().board_b, pos.placement().board_b);
        assert_eq!(sample.hands(), Hands::default());
        sample.features(&mut features);
        let on_b = features.us.iter().filter(|&&f| f >= 768).count();
        assert_eq!(on_b, pos.placement().board_b.count());
        assert!(on_b > 5);
    }
}
