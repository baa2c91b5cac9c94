//! Racing Kings (RULES.md §3): a race of the kings to the eighth rank.
//!
//! Rules implemented:
//!
//! - Start `8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1`; orthodox movement of kings,
//!   queens, rooks, bishops and knights. There are **no pawns** (a pawn anywhere is an
//!   invalid position), no castling and no en passant (a FEN with castling rights or an
//!   e.p. square is rejected as [`PositionProblem::UnsupportedState`]).
//! - **No checks, for either side**: a move is legal only if it leaves the mover's
//!   king unattacked *and* does not attack the enemy king, directly or by discovery.
//!   So neither side is ever in check, and a position with a king in check is invalid.
//! - **Goal**: the king on rank 8. Black's king on rank 8 wins for Black at once. When
//!   White's king stands on rank 8 with Black to move, Black gets one more move if it
//!   has a *legal* move (discovered-check rule included) that puts its king on rank 8;
//!   otherwise White has won at once. Reading of RULES.md's "the game goes on for that
//!   one move": Black may then play **any** legal move; afterwards (White to move, a
//!   king on rank 8) the game is over: both kings on rank 8 is a draw
//!   ([`EndReason::VariantDraw`]), White's alone a White win ([`EndReason::VariantWin`]).
//! - A finished game has no legal actions (perft counts 0 below it).
//! - Stalemate (no legal move, game not decided by the goal) is a draw. No
//!   dead-position rule. The 75-move rule and fivefold repetition as orthodox (the
//!   halfmove clock is reset by captures only, as there are no pawns); a goal reached
//!   on the 150th ply still decides the game, but while Black's extra move is pending
//!   the 75-move rule draws, as nothing is decided yet.
//! - [`Position::cannot_mate`] reads "could never win": true once the game is decided
//!   against the side (or drawn), and for Black while its extra move is pending (the
//!   best it can get is a draw); false otherwise, which is always sound.
//!
//! Generation reuses the orthodox generator through a filtering sink: the squares
//! from which each role would attack the enemy king and the pieces whose departure
//! would uncover one of our sliders onto it are computed once per node, so a move is
//! filtered with two mask operations and no make/unmake. `is_legal` is independent:
//! it checks the action's shape and plays it on a copy of the board.
//!
//! Shortcuts: the orthodox generator's (see `movegen`), on an orthodox board where
//! the mover is never in check, so only its pins and king-step tests come into play.
//! The ban on attacking the enemy king uses straight lines too: a move checks
//! directly only from a square its role attacks the king from (computed from the
//! king's square), and by discovery only if the mover alone blocked one of our
//! sliders' lines to that king.
//!
//! ```
//! use alfiere::notation::{fen, uci};
//! use alfiere::variants::racingkings::RacingKings;
//! use alfiere::{Color, EndReason, Position, Outcome};
//! let start = RacingKings::start();
//! assert_eq!(fen::write_fen(&start), "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1");
//! assert_eq!(alfiere::perft::perft(&start, 2), 421);
//! // White reaches rank 8 and Black's king cannot follow: White has won.
//! let mut pos: RacingKings = fen::read_fen("8/6K1/8/8/8/8/k7/8 w - - 0 1").unwrap();
//! pos.play(&uci::parse_action(&pos, "g7g8").unwrap()).unwrap();
//! assert_eq!(pos.outcome(), Some(Outcome::win(Color::White, EndReason::VariantWin)));
//! assert_eq!(pos.count_legal_actions(), 0);
//! ```

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::{standard_ending, EndReason, Outcome, Position};
use crate::movegen::{self, Counter, Orthodox, Sink};
use crate::moves::{Action, ActionList};
use crate::setup::{PositionError, PositionProblem, Setup, SetupParts};
use crate::types::{Color, Piece, Rank, Role, Square};
use crate::variant::{PgnStyle, TurnShape};
use crate::variants::chess::Chess;
use crate::variants::delegate::from_orthodox;
use crate::variants::Variant;

/// The goal rank (rank 8) as a mask.
const GOAL: Bitboard = Bitboard::from_rank(Rank::EIGHTH);

/// A position of Racing Kings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RacingKings {
    /// The orthodox position, always without pawns, castling rights or e.p. square.
    chess: Chess,
}

impl Default for RacingKings {
    fn default() -> RacingKings {
        RacingKings::start()
    }
}

/// What a move of ours must avoid so as not to attack the enemy king.
#[derive(Debug, Clone, Copy)]
struct NoCheck {
    /// The enemy king.
    their_king: Square,
    /// Squares from which a knight, bishop or rook would attack the enemy king.
    knight: Bitboard,
    bishop: Bitboard,
    rook: Bitboard,
    /// Our pieces that alone stand between one of our sliders and the enemy king:
    /// moving one off that line uncovers a check.
    discoverers: Bitboard,
}

impl NoCheck {
    fn new(board: &Board, us: Color, their_king: Square) -> NoCheck {
        let occupied = board.occupied();
        let ours = board.by_color(us);
        let discoverers = movegen::line_blockers(board, their_king, us, ours);
        NoCheck {
            their_king,
            knight: attacks::knight_attacks(their_king),
            bishop: attacks::bishop_attacks(their_king, occupied),
            rook: attacks::rook_attacks(their_king, occupied),
            discoverers,
        }
    }

    /// Target squares of a piece of `role` on `from` that would attack the enemy
    /// king. Using the occupancy before the move is exact in a position without
    /// checks: the vacated `from` could only open the moving piece's own line to the
    /// king if it already attacked the king along that line.
    #[inline]
    fn checking_targets(&self, role: Role, from: Square) -> Bitboard {
        let direct = match role {
            Role::Knight => self.knight,
            Role::Bishop => self.bishop,
            Role::Rook => self.rook,
            Role::Queen => self.bishop | self.rook,
            // A king never stands next to the other one; there are no pawns.
            Role::King | Role::Pawn => Bitboard::EMPTY,
        };
        if self.discoverers.contains(from) {
            direct | !attacks::line(self.their_king, from)
        } else {
            direct
        }
    }
}

/// Passes on the orthodox legal actions that do not attack the enemy king.
struct Filter<'a, S> {
    inner: &'a mut S,
    no_check: NoCheck,
}

impl<S: Sink> Sink for Filter<'_, S> {
    #[inline]
    fn action(&mut self, action: Action) {
        // Only king steps arrive here (no castling or e.p. in Racing Kings).
        if let Action::Normal { role, from, to, .. } = action {
            if self.no_check.checking_targets(role, from).contains(to) {
                return;
            }
        }
        self.inner.action(action);
    }

    #[inline]
    fn piece_moves(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        let targets = targets - self.no_check.checking_targets(role, from);
        self.inner.piece_moves(board, role, from, targets);
    }

    #[inline]
    fn pawn_moves(&mut self, _: &Board, _: Color, _: Square, _: Bitboard) {
        // Racing Kings has no pawns (validated), so the generator never gets here.
    }
}

impl RacingKings {
    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.chess.board
    }

    /// Whether the game is already decided by the goal rank (see the module docs).
    fn goal_outcome(&self) -> Option<Outcome> {
        let board = &self.chess.board;
        let on_goal = board.by_role(Role::King) & GOAL;
        if on_goal.is_empty() {
            return None;
        }
        let white = (on_goal & board.by_color(Color::White)).any();
        let black = (on_goal & board.by_color(Color::Black)).any();
        if white && black {
            return Some(Outcome::draw(EndReason::VariantDraw));
        }
        if black {
            return Some(Outcome::win(Color::Black, EndReason::VariantWin));
        }
        if self.chess.turn == Color::Black && self.black_can_reach_goal() {
            // Black's one extra move: the game goes on.
            return None;
        }
        Some(Outcome::win(Color::White, EndReason::VariantWin))
    }

    /// Whether the side to move (Black) has a legal king move onto rank 8.
    fn black_can_reach_goal(&self) -> bool {
        let board = &self.chess.board;
        let us = self.chess.turn;
        let Some(king) = board.king_of(us) else {
            return false;
        };
        ((attacks::king_attacks(king) & GOAL) - board.by_color(us))
            .into_iter()
            .any(|to| {
                move_is_legal(
                    board,
                    us,
                    &Action::Normal {
                        role: Role::King,
                        from: king,
                        to,
                        capture: board.role_at(to),
                        promotion: None,
                    },
                )
            })
    }

    /// Generates the legal actions into `out`, assuming the game is not over.
    #[inline]
    fn generate<S: Sink>(&self, out: &mut S) {
        let board = &self.chess.board;
        let Some(their_king) = board.king_of(!self.chess.turn) else {
            return;
        };
        let mut filter = Filter {
            inner: out,
            no_check: NoCheck::new(board, self.chess.turn, their_king),
        };
        movegen::generate(
            Orthodox {
                board,
                us: self.chess.turn,
                castling: Bitboard::EMPTY,
                ep_square: None,
            },
            &mut filter,
        );
    }

    fn start_board() -> Board {
        let mut board = Board::empty();
        for (rank, text) in [(0u32, "qrbnNBRQ"), (1, "krbnNBRK")] {
            for (file, c) in (0u32..).zip(text.chars()) {
                if let Some(piece) = Piece::from_char(c) {
                    board.put(Square::from_index_masked(rank * 8 + file), piece);
                }
            }
        }
        board
    }
}

/// Whether a Racing Kings action is legal on `board` with `us` to move, decided by
/// its shape and by playing it on a copy of the board (independent of generation).
fn move_is_legal(board: &Board, us: Color, action: &Action) -> bool {
    let Action::Normal {
        role,
        from,
        to,
        capture,
        promotion,
    } = *action
    else {
        return false;
    };
    if role == Role::Pawn
        || promotion.is_some()
        || board.piece_at(from) != Some(Piece::new(us, role))
        || board.by_color(us).contains(to)
        || board.role_at(to) != capture
        || capture == Some(Role::King)
        || !attacks::attacks(us, role, from, board.occupied()).contains(to)
    {
        return false;
    }
    let mut after = board.clone();
    after.take(to);
    after.take(from);
    after.put(to, Piece::new(us, role));
    let occupied = after.occupied();
    match (after.king_of(us), after.king_of(!us)) {
        (Some(ours), Some(theirs)) => {
            after.attackers_to(ours, !us, occupied).is_empty()
                && after.attackers_to(theirs, us, occupied).is_empty()
        }
        _ => false,
    }
}

impl Position for RacingKings {
    const VARIANT: Variant = Variant::RacingKings;
    const NAME: &'static str = "Racing Kings";
    const PGN_TAG: Option<&'static str> = Some("Racing Kings");
    const OTHER_NAMES: &'static [&'static str] = &["racing-kings"];
    const HELP: &'static str = "Racing Kings: no checks allowed, by either side. The first king to reach the eighth rank wins; if White gets there first, Black may still draw by reaching it with the very next move.";
    const BOARDS: u8 = 1;
    const REBOUNDING_DIAGONALS: bool = false;
    const CASTLES_FROM_ANYWHERE: bool = false;
    const TURN_SHAPE: TurnShape = TurnShape::Single;
    const OWN_ENDING_WORDS: (&'static str, &'static str) = (
        "reaching the eighth rank",
        "both kings reaching the eighth rank",
    );
    const PGN_STYLE: PgnStyle = PgnStyle::ONE_PER_ACTION;
    const REPETITION_RULE: bool = true;
    const VARIED_START: bool = false;
    const MOVE_COUNT_RULES: bool = true;
    type Searched = Self;

    from_orthodox!(chess: turn, placement, attackers, checkers, halfmove_clock, fullmove_number);
    const GOAL: Bitboard = GOAL;

    fn check_refusal(&self) -> Option<crate::game::Refusal> {
        Some(crate::game::Refusal::GivesCheck)
    }

    /// The orthodox geometry: a Racing Kings position never has a check to load.
    fn attackers_in_setup(setup: &Setup, square: Square, color: Color) -> Option<Bitboard> {
        Chess::from_setup(setup)
            .ok()
            .map(|chess| chess.attackers(square, color))
    }

    fn start() -> RacingKings {
        let board = RacingKings::start_board();
        let key = Chess::full_key(&board, Color::White, Bitboard::EMPTY);
        RacingKings {
            chess: Chess {
                board,
                turn: Color::White,
                castling: Bitboard::EMPTY,
                ep_square: None,
                halfmoves: 0,
                fullmoves: 1,
                key,
            },
        }
    }

    fn from_setup(setup: &Setup) -> Result<RacingKings, PositionError> {
        let mut problems = Vec::new();
        setup.reject_unsupported(SetupParts::default(), &mut problems);
        Chess::validate_orthodox(setup, &mut problems);
        let board = &setup.board;
        for sq in board.by_role(Role::Pawn) {
            problems.push(PositionProblem::Variant(format!(
                "pawn on {sq}: Racing Kings has no pawns"
            )));
        }
        if setup.castling_rights.any() {
            problems.push(PositionProblem::UnsupportedState("castling"));
        }
        if !setup.ep_squares.is_empty() {
            problems.push(PositionProblem::UnsupportedState("en passant"));
        }
        let turn = setup.turn;
        if let (Some(ours), Some(theirs)) = (board.king_of(turn), board.king_of(!turn)) {
            if movegen::checkers(board, !turn, theirs).any() {
                problems.push(PositionProblem::OppositeCheck);
            }
            if movegen::checkers(board, turn, ours).any() {
                problems.push(PositionProblem::Variant(
                    "the side to move is in check, but checks are illegal in Racing Kings"
                        .to_string(),
                ));
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let key = Chess::full_key(board, turn, Bitboard::EMPTY);
        Ok(RacingKings {
            chess: Chess {
                board: board.clone(),
                turn,
                castling: Bitboard::EMPTY,
                ep_square: None,
                halfmoves: setup.halfmoves,
                fullmoves: setup.fullmoves.max(1),
                key,
            },
        })
    }

    fn to_setup(&self) -> Setup {
        self.chess.to_setup_orthodox()
    }

    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.goal_outcome().is_none() {
            self.generate(out);
        }
    }

    #[inline]
    fn count_legal_actions(&self) -> usize {
        if self.goal_outcome().is_some() {
            return 0;
        }
        let mut counter = Counter::default();
        self.generate(&mut counter);
        counter.0
    }

    fn is_legal(&self, action: &Action) -> bool {
        self.goal_outcome().is_none() && move_is_legal(&self.chess.board, self.chess.turn, action)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, action: &Action) {
        self.chess.apply(action);
        self.chess.pass_turn();
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.goal_outcome() {
            return Some(outcome);
        }
        // Never in check (checks are illegal), no dead-position rule.
        standard_ending(
            self.chess.turn,
            self.count_legal_actions() == 0,
            || false,
            false,
            Some(self.chess.halfmoves),
        )
    }

    fn cannot_mate(&self, color: Color) -> bool {
        if let Some(outcome) = self.goal_outcome() {
            return outcome.winner != Some(color);
        }
        // White on rank 8 with Black to move and able to follow: a draw at best.
        color == Color::Black && (self.chess.board.by_role(Role::King) & GOAL).any()
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.chess.key
    }

    fn castling_rights(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    fn legal_ep_squares(&self) -> Vec<Square> {
        Vec::new()
    }
}
