//! Chess-Gi (RULES.md §2): orthodox chess plus drops, as Fairy-Stockfish's `chessgi`.
//!
//! - Start: the orthodox array with both hands empty,
//!   `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1`.
//! - A captured piece (e.p. included) changes colour and goes into the captor's hand.
//!   A captured **promoted** piece keeps its promoted role (a queen that was a pawn
//!   enters the hand as a queen), so no promoted-piece mask is kept; `~` markers in a
//!   FEN are read and ignored, and never written.
//! - Instead of moving, the side to act may drop a piece from its hand
//!   ([`Action::Drop`]) on any empty square. A drop cannot uncover a check, so when not
//!   in check every drop is legal; in check, drops are legal only between the king and
//!   a single sliding checker (never against a double, knight, pawn or adjacent check).
//!   Drops may check and mate, pawn drops included.
//! - Pawn drops are allowed on the dropper's own first rank and forbidden on its
//!   promotion rank. A pawn on its first rank steps one square only; a pawn on its
//!   second rank may double-step however it got there (the orthodox generator already
//!   double-steps only from the second rank). En passant, promotion as orthodox.
//! - Castling only with the original king and rook: rights are rook squares, lost when
//!   king or rook moves or the rook is captured, and never gained by a drop.
//! - Endings: checkmate, stalemate and the 75-move rule; **no dead-position rule**
//!   (material never leaves the game). The 50/75-move clock is reset by pawn moves,
//!   captures and drops. [`Position::is_irreversible`] is false for every action, so
//!   repetition history is never cut (a captured piece can come back).
//! - Repetition: the key adds `zobrist::hand(color, role, nth)` for each piece in hand
//!   (derived keys beyond the table's 32 per role).
//! - Validation: one king per side; no pawn on its own promotion rank (pawns may stand
//!   on their own first rank); no king in hand; castling and e.p. as orthodox. Piece
//!   counts are not checked against what play can reach (more than 16 pieces of a
//!   side come back from the hands, and the perft data itself holds a 34-piece
//!   position); only more than 64 pieces on the board and in hand together (one
//!   square for each) are rejected. A FEN without a hand field means empty hands.
//!
//! Shortcuts: moves use the orthodox generator and its shortcuts (the geometry is
//! orthodox; see `movegen`). Drops add two: a drop fills one square and empties none,
//! so it can never uncover a check (every drop is legal when not in check); and it
//! never captures, so in check it answers only a lone slider, on the segment between
//! it and the king (never a leaper's check, never a double check).
//!
//! ```
//! use alfiere::variants::chessgi::ChessGi;
//! use alfiere::{Position, notation::fen};
//! let pos: ChessGi = fen::read_fen("4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1").unwrap();
//! assert_eq!(pos.count_legal_actions(), 5 + 62); // king steps, knight drops
//! assert_eq!(fen::write_fen(&ChessGi::start()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
//! ```

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::{standard_ending, Outcome, Position};
use crate::movegen;
use crate::moves::{Action, ActionList};
use crate::setup::{Hand, PositionError, PositionProblem, Setup, SetupParts};
use crate::types::{ByColor, Color, Piece, Role, Square};
use crate::variant::{PgnStyle, TurnShape};
use crate::variants::delegate::from_orthodox;
use crate::variants::{Chess, Variant};
use crate::zobrist;

/// A position of Chess-Gi: an orthodox position plus both hands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessGi {
    /// The orthodox part; its key also carries the hand keys (`zobrist::hand`).
    chess: Chess,
    hands: ByColor<Hand>,
}

impl Default for ChessGi {
    fn default() -> ChessGi {
        ChessGi::start()
    }
}

/// Most pieces on the board and in hand together: one square for each.
const MAX_PIECES: usize = 64;

/// The key of the `nth` (0-based) piece of a role in a hand: `zobrist::hand`, whose
/// table numbers 32 pieces per role, then derived keys for the (unreachable) rest.
#[inline]
fn hand_key(color: Color, role: Role, nth: usize) -> u64 {
    if nth < 32 {
        zobrist::hand(color, role, nth)
    } else {
        zobrist::extra(
            0x6a_0000 | (color.index() * 8 + role.index()) as u64,
            nth as u64,
        )
    }
}

/// The key of a whole hand: one key per piece, numbered per role.
fn hands_key(hands: &ByColor<Hand>) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        for role in Role::IN_HAND {
            for nth in 0..hands[color].count(role) as usize {
                key ^= hand_key(color, role, nth);
            }
        }
    }
    key
}

impl ChessGi {
    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.chess.board
    }

    /// Both hands.
    #[inline]
    pub fn hands(&self) -> &ByColor<Hand> {
        &self.hands
    }

    /// Squares where the side to act may drop a piece (pawns further exclude their
    /// promotion rank): every empty square when not in check, the squares between the
    /// king and a single checker when in check (empty for leapers and contact checks).
    #[inline]
    fn drop_squares(&self) -> Bitboard {
        let board = &self.chess.board;
        let us = self.chess.turn;
        let empty = !board.occupied();
        let Some(king) = board.king_of(us) else {
            return empty;
        };
        let checkers = movegen::checkers(board, us, king);
        if checkers.is_empty() {
            empty
        } else {
            match checkers.single_square() {
                Some(checker) => attacks::between(king, checker),
                None => Bitboard::EMPTY,
            }
        }
    }

    #[inline]
    fn add_to_hand(&mut self, color: Color, role: Role) {
        let nth = self.hands[color].count(role) as usize;
        self.hands[color].add(role);
        self.chess.key ^= hand_key(color, role, nth);
    }

    /// Everything `from_setup` checks about material and rights.
    fn validate_material(
        setup: &Setup,
        hands: &ByColor<Hand>,
        problems: &mut Vec<PositionProblem>,
    ) {
        let board = &setup.board;
        for color in Color::ALL {
            let kings = board.by_piece(Piece::new(color, Role::King)).count();
            if kings == 0 {
                problems.push(PositionProblem::MissingKing(color));
            } else if kings > 1 {
                problems.push(PositionProblem::TooManyKings(color));
            }
            if hands[color].count(Role::King) > 0 {
                problems.push(PositionProblem::Variant(format!(
                    "{color} has a king in hand"
                )));
            }
            // Own first rank is fine in Chess-Gi; only the promotion rank is not.
            let promotion_rank = Bitboard::from_rank(color.promotion_rank());
            for sq in board.by_piece(Piece::new(color, Role::Pawn)) & promotion_rank {
                problems.push(PositionProblem::PawnOnBackRank(sq));
            }
        }
        // Unreachable material is accepted (the perft data holds Kiwipete with a pawn
        // in each hand, 34 pieces); only what the representation cannot hold is not.
        let total = board.occupied().count() + hands.white.total() + hands.black.total();
        if total > MAX_PIECES {
            problems.push(PositionProblem::Variant(format!(
                "{total} pieces on the board and in hand, at most {MAX_PIECES}"
            )));
        }
        Chess::validate_castling_rights(setup, problems);
    }
}

impl Position for ChessGi {
    const VARIANT: Variant = Variant::ChessGi;
    const NAME: &'static str = "Chess-Gi";
    const PGN_TAG: Option<&'static str> = Some("Chessgi");
    const OTHER_NAMES: &'static [&'static str] = &[];
    const HELP: &'static str = "Chess-Gi: a captured piece changes colour and goes into your pocket. Instead of moving you may drop a piece from your pocket on any empty square (pawns not on your last rank). Promoted pieces stay promoted when captured.";
    const BOARDS: u8 = 1;
    const REBOUNDING_DIAGONALS: bool = false;
    const CASTLES_FROM_ANYWHERE: bool = false;
    const TURN_SHAPE: TurnShape = TurnShape::Single;
    const OWN_ENDING_WORDS: (&'static str, &'static str) = Variant::GENERAL_ENDING_WORDS;
    const PGN_STYLE: PgnStyle = PgnStyle::ONE_PER_ACTION;
    const REPETITION_RULE: bool = true;
    const GOAL: Bitboard = Bitboard::EMPTY;
    const VARIED_START: bool = false;
    const MOVE_COUNT_RULES: bool = true;
    type Searched = Self;

    from_orthodox!(chess: turn, placement, checkers, attackers, zobrist, halfmove_clock, fullmove_number, castling_rights, legal_ep_squares);

    fn start() -> ChessGi {
        ChessGi {
            chess: Chess::start(),
            hands: ByColor::default(),
        }
    }

    fn from_setup(setup: &Setup) -> Result<ChessGi, PositionError> {
        let mut problems = Vec::new();
        let parts = SetupParts {
            hands: true,
            ..SetupParts::default()
        };
        setup.reject_unsupported(parts, &mut problems);
        let hands = setup.hands.unwrap_or_default();
        ChessGi::validate_material(setup, &hands, &mut problems);
        let ep = Chess::validate_ep(setup, &mut problems);
        let board = setup.board.clone();
        let turn = setup.turn;
        let castling = setup.castling_rights & Bitboard::CORNERS;
        // Keep the e.p. square only where a legal capture exists (RULES.md §1.2).
        let ep_square = ep.filter(|&ep| movegen::ep_capture_exists(&board, turn, ep));
        if problems.is_empty() {
            if let Some(their_king) = board.king_of(!turn) {
                if movegen::checkers(&board, !turn, their_king).any() {
                    problems.push(PositionProblem::OppositeCheck);
                }
            }
            if let Some(king) = board.king_of(turn) {
                // A move gives at most two checks, a drop one.
                if movegen::checkers(&board, turn, king).count() > 2 {
                    problems.push(PositionProblem::ImpossibleCheck);
                }
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let key = Chess::full_key(&board, turn, castling) ^ hands_key(&hands);
        Ok(ChessGi {
            chess: Chess {
                board,
                turn,
                castling,
                ep_square,
                halfmoves: setup.halfmoves,
                fullmoves: setup.fullmoves.max(1),
                key,
            },
            hands,
        })
    }

    fn to_setup(&self) -> Setup {
        Setup {
            hands: Some(self.hands),
            ..self.chess.to_setup_orthodox()
        }
    }

    fn hand(&self, color: Color) -> Option<Hand> {
        Some(self.hands[color])
    }

    /// The orthodox geometry (a setup of pieces alone has no hands to load).
    fn attackers_in_setup(setup: &Setup, square: Square, color: Color) -> Option<Bitboard> {
        Chess::from_setup(setup)
            .ok()
            .map(|chess| chess.attackers(square, color))
    }

    fn drop_refusal(&self, role: Role, to: Square) -> Option<crate::game::Refusal> {
        use crate::game::Refusal;
        let us = self.chess.turn;
        if self.hands[us].count(role) == 0 {
            return Some(Refusal::NotInHand);
        }
        (role == Role::Pawn && to.rank() == us.promotion_rank())
            .then_some(Refusal::PawnDropOnLastRank)
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        movegen::generate(self.chess.orthodox(), out);
        let hand = self.hands[self.chess.turn];
        if hand.is_empty() {
            return;
        }
        let squares = self.drop_squares();
        if squares.is_empty() {
            return;
        }
        let no_pawns = Bitboard::from_rank(self.chess.turn.promotion_rank());
        for role in Role::IN_HAND {
            if hand.count(role) == 0 {
                continue;
            }
            let targets = if role == Role::Pawn {
                squares - no_pawns
            } else {
                squares
            };
            for to in targets {
                out.push(Action::Drop { role, to });
            }
        }
    }

    #[inline]
    fn count_legal_actions(&self) -> usize {
        let mut counter = movegen::Counter::default();
        movegen::generate(self.chess.orthodox(), &mut counter);
        let hand = self.hands[self.chess.turn];
        if hand.is_empty() {
            return counter.0;
        }
        let squares = self.drop_squares();
        let pieces = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .filter(|&role| hand.count(role) > 0)
            .count();
        let mut total = counter.0 + pieces * squares.count();
        if hand.count(Role::Pawn) > 0 {
            total += (squares - Bitboard::from_rank(self.chess.turn.promotion_rank())).count();
        }
        total
    }

    fn is_legal(&self, action: &Action) -> bool {
        match *action {
            Action::Drop { role, to } => {
                let board = &self.chess.board;
                let us = self.chess.turn;
                if role == Role::King
                    || self.hands[us].count(role) == 0
                    || board.occupied().contains(to)
                    || (role == Role::Pawn && to.rank() == us.promotion_rank())
                {
                    return false;
                }
                let Some(king) = board.king_of(us) else {
                    return false;
                };
                // Play it on a copy and test the king.
                let mut after = board.clone();
                after.put(to, Piece::new(us, role));
                after.attackers_to(king, !us, after.occupied()).is_empty()
            }
            _ => movegen::is_legal(self.chess.orthodox(), action),
        }
    }

    #[inline]
    fn play_unchecked(&mut self, action: &Action) {
        let us = self.chess.turn;
        match *action {
            Action::Drop { role, to } => {
                let piece = Piece::new(us, role);
                self.hands[us].remove(role);
                let nth = self.hands[us].count(role) as usize;
                self.chess.board.put(to, piece);
                self.chess.key ^= hand_key(us, role, nth) ^ zobrist::piece_square(piece, to);
                self.chess.ep_square = None;
                self.chess.halfmoves = 0;
            }
            _ => {
                if let Some(captured) = action.capture() {
                    self.add_to_hand(us, captured);
                }
                self.chess.apply(action);
            }
        }
        self.chess.pass_turn();
    }

    /// The orthodox pass; the hands stay.
    fn pass(&self) -> Option<ChessGi> {
        Some(ChessGi {
            chess: self.chess.pass()?,
            hands: self.hands,
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        // No dead-position rule: material never leaves the game.
        standard_ending(
            self.chess.turn,
            self.count_legal_actions() == 0,
            || self.is_check(),
            false,
            Some(self.chess.halfmoves),
        )
    }

    fn cannot_mate(&self, _color: Color) -> bool {
        // Pieces change owner but never leave, so either side may end up with any of
        // them. A lone king, or king and one minor piece, against a bare king never
        // mates wherever the piece stands; any more material may (a pawn promotes; two
        // minors of one side mate with help, and a captured bishop may be dropped on
        // either square colour).
        let board = &self.chess.board;
        let on_board = board.occupied() - board.by_role(Role::King);
        let hands = [self.hands.white, self.hands.black];
        let majors_or_pawns = (on_board & (board.by_role(Role::Pawn) | board.orthogonal_sliders()))
            .count()
            + hands
                .iter()
                .map(|h| h.count(Role::Pawn) + h.count(Role::Rook) + h.count(Role::Queen))
                .map(usize::from)
                .sum::<usize>();
        let pieces = on_board.count() + hands.iter().map(Hand::total).sum::<usize>();
        majors_or_pawns == 0 && pieces <= 1
    }

    /// Never: a captured piece can come back, so any earlier position may repeat.
    fn is_irreversible(&self, _action: &Action) -> bool {
        false
    }
}
