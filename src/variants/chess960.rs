//! Chess960 (RULES.md §10): orthodox chess from one of 960 start positions, numbered
//! 0-959 as Scharnagl did (518 is the orthodox array).
//!
//! A [`Chess960`] position is an orthodox [`Chess`] position whose castling king and
//! rooks may start anywhere on the back rank: the castling rights hold the rooks'
//! squares, and while a side keeps a right its king has not moved, so the king's square
//! is its start square. The orthodox generator castles from whatever squares the
//! position holds (king to the g- or c-file, rook to the f- or d-file), so the search
//! plays Chess960 as [`Chess`] ([`crate::Position::Searched`]): one copy of the search and
//! the network for both. What differs from orthodox chess is only here: the start
//! positions, the validation of castling rights (no fixed files, one right on each side
//! of the king), and the notation the rule set asks for (FEN with the rooks' files,
//! `HAha`; UCI castling as the king taking its own rook; see
//! [`crate::Variant::castles_from_anywhere`]).
//!
//! ```
//! use alfiere::{Chess960, Position, notation::fen};
//! let start = Chess960::from_start_number(518).unwrap();
//! assert_eq!(
//!     fen::write_fen(&start),
//!     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
//! );
//! let pos = Chess960::from_start_number(0).unwrap();
//! assert_eq!(fen::write_fen(&pos), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
//! assert_eq!(pos.start_number(), Some(0));
//! ```

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::Position;
use crate::moves::Action;
use crate::setup::{PositionError, Setup, SetupParts};
use crate::types::{CastlingSide, Color, File, Piece, Rank, Role, Square};
use crate::variant::{PgnStyle, TurnShape};
use crate::variants::chess::{CastlingStarts, Chess};
use crate::variants::delegate::from_orthodox;
use crate::variants::Variant;
use crate::AcceptedProblems;

/// How many start positions there are.
pub const START_POSITIONS: u16 = 960;

/// The number of the orthodox start position.
pub const ORTHODOX_START: u16 = 518;

/// The back rank of start position `n` (0-959), a-file first, by Scharnagl's scheme:
/// `n` read in mixed radix gives the light-squared bishop's file (b, d, f, h), the
/// dark-squared bishop's (a, c, e, g), the queen's empty square (of six), the knights'
/// pair of empty squares (of ten), and the three squares left take rook, king, rook.
pub fn start_rank(n: u16) -> Option<[Role; 8]> {
    if n >= START_POSITIONS {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut rest = usize::from(n);
    rank[2 * (rest % 4) + 1] = Some(Role::Bishop);
    rest /= 4;
    rank[2 * (rest % 4)] = Some(Role::Bishop);
    rest /= 4;
    let queen = rest % 6;
    rest /= 6;
    place_on_empty(&mut rank, queen, Role::Queen);
    // The ten ways to choose two of five empty squares, in Scharnagl's order.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (first, second) = KNIGHTS[rest];
    // The second knight first, so the first one's index still counts the same squares.
    place_on_empty(&mut rank, second, Role::Knight);
    place_on_empty(&mut rank, first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_on_empty(&mut rank, 0, role);
    }
    let mut out = [Role::Pawn; 8];
    for (slot, role) in out.iter_mut().zip(rank) {
        *slot = role?;
    }
    Some(out)
}

/// Puts `role` on the `index`-th empty square of `rank`.
fn place_on_empty(rank: &mut [Option<Role>; 8], index: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|slot| slot.is_none()).nth(index) {
        *slot = Some(role);
    }
}

/// `setup` with X-FEN's reading of `KQkq`: FEN reads `K` and `Q` as the h- and a-file
/// rooks, and a right on a corner where no rook of its side stands means the outermost
/// rook on that side of the king (RULES.md §10), as other engines read it.
fn with_xfen_rights(setup: &Setup) -> Setup {
    let mut setup = setup.clone();
    for rook in setup.castling_rights & Bitboard::CORNERS {
        let color = if rook.rank() == Rank::FIRST {
            Color::White
        } else {
            Color::Black
        };
        if setup.board.piece_at(rook) == Some(Piece::new(color, Role::Rook)) {
            continue;
        }
        let side = if rook.file() == File::H {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        if let Some(outermost) = setup.outermost_rook(color, side) {
            setup.castling_rights.remove(rook);
            setup.castling_rights.add(outermost);
        }
    }
    setup
}

/// A position of Chess960.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chess960 {
    chess: Chess,
}

impl Default for Chess960 {
    fn default() -> Chess960 {
        Chess960::start()
    }
}

impl From<Chess960> for Chess {
    /// The same position: the orthodox rules castle from the squares it holds, so the
    /// search plays it as orthodox chess.
    fn from(pos: Chess960) -> Chess {
        pos.chess
    }
}

impl Chess960 {
    /// Start position `n` (0-959; 518 is the orthodox array), White to move, every
    /// castling right; `None` for a number out of range.
    pub fn from_start_number(n: u16) -> Option<Chess960> {
        let rank = start_rank(n)?;
        let mut setup = Setup::empty();
        for (file, role) in rank.into_iter().enumerate() {
            let file = File(file as u8);
            for color in Color::ALL {
                let back = color.back_rank();
                let pawns = Rank::SECOND.relative(color);
                setup
                    .board
                    .put(Square::from_coords(file, back), Piece::new(color, role));
                setup.board.put(
                    Square::from_coords(file, pawns),
                    Piece::new(color, Role::Pawn),
                );
                if role == Role::Rook {
                    setup.castling_rights.add(Square::from_coords(file, back));
                }
            }
        }
        Chess960::from_setup(&setup).ok()
    }

    /// The number of this position if it is a start position, exactly as
    /// [`Chess960::from_start_number`] makes it (every castling right, White to move,
    /// clocks at their start), `None` otherwise.
    pub fn start_number(&self) -> Option<u16> {
        let mut rank = [Role::Pawn; 8];
        for (file, slot) in rank.iter_mut().enumerate() {
            *slot = self
                .chess
                .board
                .role_at(Square::from_coords(File(file as u8), Rank::FIRST))?;
        }
        let n = (0..START_POSITIONS).find(|&n| start_rank(n) == Some(rank))?;
        (Chess960::from_start_number(n).as_ref() == Some(self)).then_some(n)
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.chess.board
    }
}

impl Position for Chess960 {
    const VARIANT: Variant = Variant::Chess960;
    const NAME: &'static str = "Chess960";
    const PGN_TAG: Option<&'static str> = Some("Chess960");
    const OTHER_NAMES: &'static [&'static str] = &[
        "fischerandom",
        "fischer random",
        "fischer-random",
        "chess 960",
        "960",
        "frc",
    ];
    const HELP: &'static str = "Chess960 (Fischer random): orthodox chess from one of 960 start positions (pick a number 0-959 beside the variant, or leave it empty for a random one); Black mirrors White. Castling puts the king on g1 or c1 and the rook on f1 or d1, whatever their start squares: move the king onto its rook, or two squares when that is unambiguous.";
    const BOARDS: u8 = 1;
    const REBOUNDING_DIAGONALS: bool = false;
    const CASTLES_FROM_ANYWHERE: bool = true;
    const TURN_SHAPE: TurnShape = TurnShape::Single;
    const OWN_ENDING_WORDS: (&'static str, &'static str) = Variant::GENERAL_ENDING_WORDS;
    const PGN_STYLE: PgnStyle = PgnStyle::ONE_PER_ACTION;
    const REPETITION_RULE: bool = true;
    const GOAL: Bitboard = Bitboard::EMPTY;
    const MOVE_COUNT_RULES: bool = true;
    const VARIED_START: bool = true;
    type Searched = Chess;

    from_orthodox!(chess: to_setup, turn, placement, legal_actions, tactical_actions, count_legal_actions, is_legal, attackers, checkers, outcome, cannot_mate, zobrist, halfmove_clock, fullmove_number, castling_rights, legal_ep_squares);

    /// The orthodox array, start position 518 (a game names its own start with a FEN or
    /// [`Chess960::from_start_number`]).
    fn start() -> Chess960 {
        Chess960 {
            chess: Chess::start(),
        }
    }

    fn from_setup(setup: &Setup) -> Result<Chess960, PositionError> {
        Chess960::from_setup_accepting(setup, AcceptedProblems::NONE)
    }

    /// As orthodox chess, every kind can be accepted.
    fn from_setup_accepting(
        setup: &Setup,
        accepted: AcceptedProblems,
    ) -> Result<Chess960, PositionError> {
        let mut problems = Vec::new();
        setup.reject_unsupported(SetupParts::default(), &mut problems);
        let setup = &with_xfen_rights(setup);
        let chess = Chess::from_setup_with(setup, CastlingStarts::Anywhere, &mut problems);
        if problems.iter().all(|problem| accepted.accepts(problem)) {
            Ok(Chess960 { chess })
        } else {
            Err(PositionError { problems })
        }
    }

    /// Through orthodox chess's one out-of-line copy: the search plays `Chess`, so
    /// this path is cold (notation, records, perft), and a second inlined copy of the
    /// action code would only grow the WebAssembly module.
    fn play_unchecked(&mut self, action: &Action) {
        crate::game::play_out_of_line(&mut self.chess, action);
    }

    fn pass(&self) -> Option<Chess960> {
        self.chess.pass().map(|chess| Chess960 { chess })
    }
}
