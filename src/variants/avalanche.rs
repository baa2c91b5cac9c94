//! Avalanche (RULES.md §8): every turn is a move of one's own, then a push of one of
//! the opponent's pawns.
//!
//! Rules implemented:
//!
//! - **Move** ([`Action::Normal`], [`Action::Castle`]): a pseudo-legal move of one's own
//!   piece (own pawns promote as usual), legal if the mover's king is safe after it
//!   **or** at least one push exists after it. Castling keeps its orthodox conditions
//!   (not out of, through or into check), so it is always king-safe. There is **no en
//!   passant** at all: no e.p. square is ever stored, and a FEN with one is rejected.
//! - **Push** ([`Action::Push`]): one of the opponent's pawns steps one square straight
//!   forward in its own direction onto an empty square (never a capture, never a
//!   double step). Every push is legal. When no push exists after the move, the turn
//!   ends after the move.
//! - After the push (or after the move when there is none), if the mover's king is
//!   attacked, the mover **loses at once** ([`EndReason::SelfCheck`]), even if the move
//!   mated.
//! - A push onto the pawn's last rank leaves it there, pending, and ends the turn. The
//!   owner's next turn starts with [`Action::PromotionChoice`] (N, B, R or Q); if the
//!   new piece attacks the pusher's king the owner wins at once
//!   ([`EndReason::PromotionCheck`]); otherwise the owner moves and pushes as usual.
//! - At the start of a turn (after the choice, if any) with no legal move: checkmate
//!   if in check, stalemate otherwise. A finished game has no legal actions. Dead
//!   positions as orthodox (they need a board without pawns, where Avalanche plays
//!   like chess). Pushes reset the 50/75-move clock; choices count as (non-zeroing)
//!   actions. Repetition compares turn starts only.
//! - [`Position::cannot_mate`] is the orthodox test, which stays sound: a side without
//!   pawns cannot win by a promotion choice nor by the opponent's self-check (the
//!   opponent could push only its pawns, so every opponent move must be king-safe).
//!
//! # State
//!
//! The position is a [`Chess`] (whose `turn` is the side to act, so the mover during
//! its push) plus a stage, each with its [`TurnState`] and seventh FEN field:
//!
//! | stage | phase | length, played | FEN |
//! |---|---|---|---|
//! | `Move`: a turn start | `Move` | 2, 0 | `-` |
//! | `Choose(e1)`: a turn start, pawn pending on e1 | `PromotionChoice` | 3, 0 | `promote:e1` |
//! | `Chosen(e1)`: the piece on e1 was just chosen | `Move` | 3, 1 | `promoted:e1` |
//! | `Push`: the move is played | `Push` | 2, 1 | `push` |
//!
//! The push phase reports 2, 1 even in a turn that began with a choice: its FEN
//! (`push`, RULES §9) does not say how the turn began, and no rule depends on it.
//!
//! - A **losing push** needs no state of its own: the turn passes as usual, and a turn
//!   start (`Move` or `Choose`) where the side *not* to act is in check can only come
//!   from that side's own push (a move with no push after it must be king-safe), so
//!   [`Position::outcome`] reads `SelfCheck` off the board, winner the side to act. This
//!   is also RULES §9's reading of a six-field FEN, so the position round-trips with
//!   `-` (or `promote:e1` when the push reached the last rank).
//! - A **winning choice** is `Chosen(e1)` with the enemy king attacked (only the new
//!   piece can attack it: at the turn start it was not attacked): the game is over
//!   (`PromotionCheck`), the owner staying the side to act. The board alone cannot
//!   tell this from the other side's self-check (same winner, another reason), which
//!   is why the moment after a choice has its own stage and the project-dialect FEN
//!   field `promoted:e1` (documented in `notation::fen`). A non-winning choice is the
//!   same stage, still mid-turn: repetition does not compare it, and PGN writes the
//!   choice and the turn it opens under one number (`5. =Q Nf3/e6`).
//!
//! The stage enters the key through `zobrist::extra` with tags 0x41-0x43.
//!
//! # Generation
//!
//! Moves come from a bitboard pseudo-legal generator. A normal move takes away at
//! most one push target (its arrival square, or the square in front of a pawn it
//! captures), so with two or more push targets every pseudo-legal move is legal and
//! is emitted unfiltered (perft's bulk counts included); with fewer, a filtering sink
//! tests each move for a push after it or a safe king.
//!
//! Shortcuts: none of the orthodox check evasions or pins apply (a move into check
//! is legal when a push follows). The one shortcut is the push count above, which
//! holds because a move changes the occupancy of at most two squares and can only
//! take away the push target it lands on or the one in front of a pawn it captures.
//! The king-safety test looks at attackers with the move's occupancy, so it needs no
//! pin or check-line reasoning. Castling uses the orthodox conditions.
//!
//! ```
//! use alfiere::notation::{fen, uci};
//! use alfiere::variants::avalanche::Avalanche;
//! use alfiere::{Color, EndReason, Position, Outcome, Phase};
//! let start = Avalanche::start();
//! assert_eq!(alfiere::perft::perft(&start, 2), 160);
//! let mut pos = start.clone();
//! pos.play(&uci::parse_action(&pos, "e2e4").unwrap()).unwrap();
//! assert_eq!(pos.turn_state().phase, Phase::Push);
//! assert!(fen::write_fen(&pos).ends_with(" push"));
//! // Black's pawn on d2 is pushed to d1 while White's king stands on e2: Black's
//! // turn starts with the choice, and a queen on d1 wins at once.
//! let mut pos: Avalanche = fen::read_fen("4k3/8/8/8/8/8/4K3/3p4 b - - 0 1").unwrap();
//! assert_eq!(pos.turn_state().phase, Phase::PromotionChoice);
//! pos.play(&uci::parse_action(&pos, "d1q").unwrap()).unwrap();
//! assert_eq!(pos.outcome(), Some(Outcome::win(Color::Black, EndReason::PromotionCheck)));
//! assert_eq!(fen::write_fen(&pos), "4k3/8/8/8/8/8/4K3/3q4 b - - 1 1 promoted:d1");
//! ```

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::{standard_ending, EndReason, Outcome, Phase, Position, TurnState};
use crate::movegen::{self, Counter, Orthodox, Sink};
use crate::moves::{Action, ActionList};
use crate::setup::{ExtraState, PositionError, PositionProblem, Setup, SetupParts};
use crate::types::{Color, Piece, Rank, Role, Square};
use crate::variant::{PgnStyle, TurnShape};
use crate::variants::chess::Chess;
use crate::variants::delegate::from_orthodox;
use crate::variants::Variant;
use crate::zobrist;

/// Zobrist tags of the stages (the project reserves 0x41..0x4F for Avalanche).
const TAG_PUSH: u64 = 0x41;
const TAG_CHOOSE: u64 = 0x42;
const TAG_CHOSEN: u64 = 0x43;

/// Where the side to act stands within its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Stage {
    /// A turn start: the move comes next.
    Move,
    /// The move is played; a push of an enemy pawn comes next (one exists).
    Push,
    /// A turn start with the side to act's pawn pending promotion on this square.
    Choose(Square),
    /// The piece on this square was just chosen; the move comes next, unless the
    /// piece attacks the enemy king, which wins.
    Chosen(Square),
}

/// A position of Avalanche.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Avalanche {
    /// The orthodox part; `turn` is the side to act, `ep_square` is always `None`.
    chess: Chess,
    stage: Stage,
}

impl Default for Avalanche {
    fn default() -> Avalanche {
        Avalanche::start()
    }
}

/// Squares onto which a pawn of `owner` can be pushed (one step forward, empty).
#[inline]
fn push_targets(board: &Board, owner: Color) -> Bitboard {
    let pawns = board.by_piece(Piece::new(owner, Role::Pawn));
    pawns.shift_forward(owner) - board.occupied()
}

/// Appends every pseudo-legal move of `us` except castling: pieces to any square not
/// holding one of ours, pawn steps, double steps, captures and promotions.
#[inline]
fn generate_pseudo<S: Sink>(board: &Board, us: Color, out: &mut S) {
    let ours = board.by_color(us);
    let occupied = board.occupied();
    // A live position never has the enemy king attacked at our move, so no move can
    // capture it; masking it keeps hand-made positions from producing one.
    let targets = !ours - board.by_piece(Piece::new(!us, Role::King));
    for from in board.by_role(Role::Knight) & ours {
        out.piece_moves(
            board,
            Role::Knight,
            from,
            attacks::knight_attacks(from) & targets,
        );
    }
    for role in [Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_role(role) & ours {
            out.piece_moves(
                board,
                role,
                from,
                attacks::attacks(us, role, from, occupied) & targets,
            );
        }
    }
    if let Some(king) = board.king_of(us) {
        out.piece_moves(
            board,
            Role::King,
            king,
            attacks::king_attacks(king) & targets,
        );
    }
    let pawns = board.by_piece(Piece::new(us, Role::Pawn));
    let empty = !occupied;
    let single = pawns.shift_forward(us) & empty;
    let double = (single & Bitboard::relative_rank(us, Rank::THIRD)).shift_forward(us) & empty;
    let forward = us.fold(8, -8);
    out.pawn_shift(board, us, single, forward);
    out.pawn_shift(board, us, double, 2 * forward);
    movegen::pawn_captures(out, board, us, pawns, board.by_color(!us) & targets);
}

/// Decides whether one pseudo-legal move of `us` is legal: a push exists after it, or
/// the mover's king is safe after it.
#[derive(Debug, Clone, Copy)]
struct MoveTest {
    us: Color,
    king: Square,
    occupied: Bitboard,
    their_pawns: Bitboard,
}

impl MoveTest {
    fn new(board: &Board, us: Color, king: Square) -> MoveTest {
        MoveTest {
            us,
            king,
            occupied: board.occupied(),
            their_pawns: board.by_piece(Piece::new(!us, Role::Pawn)),
        }
    }

    #[inline]
    fn allows(&self, board: &Board, role: Role, from: Square, to: Square) -> bool {
        let them = !self.us;
        let occupied_after = self.occupied.without(from).with(to);
        let pawns_after = self.their_pawns.without(to);
        if (pawns_after.shift_forward(them) - occupied_after).any() {
            return true;
        }
        let king_after = if role == Role::King { to } else { self.king };
        // The piece captured on `to` no longer attacks.
        (board.attackers_to(king_after, them, occupied_after) - Bitboard::from_square(to))
            .is_empty()
    }

    #[inline]
    fn filter(&self, board: &Board, role: Role, from: Square, targets: Bitboard) -> Bitboard {
        targets
            .into_iter()
            .filter(|&to| self.allows(board, role, from, to))
            .collect()
    }
}

/// Passes on the pseudo-legal moves that [`MoveTest`] allows.
struct Filter<'a, S> {
    inner: &'a mut S,
    test: MoveTest,
}

impl<S: Sink> Sink for Filter<'_, S> {
    #[inline]
    fn action(&mut self, action: Action) {
        // Unused: castlings, the only single actions, bypass the filter (a legal
        // castling is king-safe); passing on keeps the sink correct regardless.
        self.inner.action(action);
    }

    #[inline]
    fn piece_moves(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        let targets = self.test.filter(board, role, from, targets);
        self.inner.piece_moves(board, role, from, targets);
    }

    #[inline]
    fn pawn_moves(&mut self, board: &Board, us: Color, from: Square, targets: Bitboard) {
        let targets = self.test.filter(board, Role::Pawn, from, targets);
        self.inner.pawn_moves(board, us, from, targets);
    }

    #[inline]
    fn pawn_shift(&mut self, board: &Board, us: Color, targets: Bitboard, offset: i32) {
        let kept: Bitboard = targets
            .into_iter()
            .filter(|&to| {
                let from = Square::from_index_masked((to.index() as i32 - offset) as u32);
                self.test.allows(board, Role::Pawn, from, to)
            })
            .collect();
        self.inner.pawn_shift(board, us, kept, offset);
    }
}

impl Avalanche {
    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.chess.board
    }

    /// The square of the side to act's pawn waiting for its promotion choice.
    pub fn pending_promotion(&self) -> Option<Square> {
        match self.stage {
            Stage::Choose(sq) => Some(sq),
            _ => None,
        }
    }

    /// The key of the stage, added to the orthodox key.
    #[inline]
    fn stage_key(&self) -> u64 {
        match self.stage {
            Stage::Move => 0,
            Stage::Push => zobrist::extra(TAG_PUSH, 0),
            Stage::Choose(sq) => zobrist::extra(TAG_CHOOSE, sq.index() as u64),
            Stage::Chosen(sq) => zobrist::extra(TAG_CHOSEN, sq.index() as u64),
        }
    }

    /// The win that ends the game whatever else holds: a turn start where the side
    /// not to act is in check (its own push exposed it), or a chosen piece attacking
    /// the enemy king.
    #[inline]
    fn decided(&self) -> Option<Outcome> {
        let us = self.chess.turn;
        let reason = match self.stage {
            Stage::Push => return None,
            Stage::Move | Stage::Choose(_) => EndReason::SelfCheck,
            Stage::Chosen(_) => EndReason::PromotionCheck,
        };
        let board = &self.chess.board;
        let their_king = board.king_of(!us)?;
        board
            .is_attacked(their_king, us, board.occupied())
            .then_some(Outcome::win(us, reason))
    }

    /// Generates the legal moves of a live `Move` or `Chosen` stage.
    #[inline]
    fn generate_moves<S: Sink>(&self, out: &mut S) {
        let board = &self.chess.board;
        let us = self.chess.turn;
        let Some(king) = board.king_of(us) else {
            return;
        };
        // A move removes at most one push target, so two targets make every
        // pseudo-legal move legal.
        if push_targets(board, !us).more_than_one() {
            generate_pseudo(board, us, out);
        } else {
            let mut filter = Filter {
                inner: &mut *out,
                test: MoveTest::new(board, us, king),
            };
            generate_pseudo(board, us, &mut filter);
        }
        if movegen::checkers(board, us, king).is_empty() {
            movegen::generate_castling(board, us, king, self.chess.castling, out);
        }
    }

    /// Appends the pushes of the `Push` stage.
    #[inline]
    fn generate_pushes(&self, out: &mut ActionList) {
        let them = !self.chess.turn;
        let back = them.fold(-8, 8);
        for to in push_targets(&self.chess.board, them) {
            let from = Square::from_index_masked((to.index() as i32 + back) as u32);
            out.push(Action::Push { from, to });
        }
    }

    /// Whether a move of the `Move` stage is legal, decided from its shape and by
    /// playing it on a copy of the board (independent of the generator).
    fn move_is_legal(&self, action: &Action) -> bool {
        let board = &self.chess.board;
        let us = self.chess.turn;
        let Some(king) = board.king_of(us) else {
            return false;
        };
        match *action {
            Action::Normal { .. } => {
                let reach = |role, from| match role {
                    Role::Pawn => movegen::pawn_targets(board, us, from),
                    _ => attacks::attacks(us, role, from, board.occupied()),
                };
                movegen::normal_move_after(board, us, king, action, reach).is_some_and(
                    |(after, king)| {
                        push_targets(&after, !us).any()
                            || after.attackers_to(king, !us, after.occupied()).is_empty()
                    },
                )
            }
            // Orthodox castling conditions; a legal castling is king-safe.
            Action::Castle { .. } => movegen::is_legal(
                Orthodox {
                    board,
                    us,
                    castling: self.chess.castling,
                    ep_square: None,
                },
                action,
            ),
            _ => false,
        }
    }

    /// Pushes the enemy pawn on `from` to `to` and passes the turn.
    fn push(&mut self, from: Square, to: Square) {
        let owner = !self.chess.turn;
        let pawn = Piece::new(owner, Role::Pawn);
        self.chess.board.move_piece(from, to, pawn);
        self.chess.key ^= zobrist::piece_square(pawn, from) ^ zobrist::piece_square(pawn, to);
        self.chess.halfmoves = 0;
        self.chess.pass_turn();
        self.stage = if to.rank() == owner.promotion_rank() {
            Stage::Choose(to)
        } else {
            Stage::Move
        };
    }

    /// Replaces the pending pawn on `square` with a piece of `role`.
    fn choose(&mut self, square: Square, role: Role) {
        let us = self.chess.turn;
        let pawn = Piece::new(us, Role::Pawn);
        let piece = Piece::new(us, role);
        self.chess.board.discard(square, pawn);
        self.chess.board.put(square, piece);
        self.chess.key ^=
            zobrist::piece_square(pawn, square) ^ zobrist::piece_square(piece, square);
        self.chess.halfmoves = self.chess.halfmoves.saturating_add(1);
        self.stage = Stage::Chosen(square);
    }

    /// Reads the stage off a setup, adding the problems of the seventh field.
    fn stage_from_setup(setup: &Setup, problems: &mut Vec<PositionProblem>) -> Stage {
        let board = &setup.board;
        let us = setup.turn;
        let pending =
            board.by_piece(Piece::new(us, Role::Pawn)) & Bitboard::from_rank(us.promotion_rank());
        let mut complain = |text: String| problems.push(PositionProblem::Variant(text));
        match setup.extra {
            ExtraState::Default => match pending.single_square() {
                Some(sq) => Stage::Choose(sq),
                None => {
                    if pending.more_than_one() {
                        complain(format!(
                            "{} pawns of the side to move wait for promotion; at most one can",
                            pending.count()
                        ));
                    }
                    Stage::Move
                }
            },
            ExtraState::AvalancheNone => Stage::Move,
            ExtraState::AvalanchePush => {
                if push_targets(board, !us).is_empty() {
                    complain("push phase, but no enemy pawn can be pushed".to_string());
                }
                Stage::Push
            }
            ExtraState::AvalanchePromote(sq) => {
                if !pending.contains(sq) {
                    complain(format!(
                        "promote:{sq}, but no pawn of the side to move stands on {sq} on its last rank"
                    ));
                }
                Stage::Choose(sq)
            }
            ExtraState::AvalanchePromoted(sq) => {
                let promoted = board.piece_at(sq).is_some_and(|piece| {
                    piece.color == us && Role::PROMOTIONS.contains(&piece.role)
                });
                if sq.rank() != us.promotion_rank() || !promoted {
                    complain(format!(
                        "promoted:{sq}, but no knight, bishop, rook or queen of the side to \
                         move stands on {sq} on its last rank"
                    ));
                }
                // Before the choice the enemy king was safe (or the game was over), so
                // only the new piece can attack it now.
                if let Some(king) = board.king_of(!us) {
                    let others = board.attackers_to(king, us, board.occupied()).without(sq);
                    if others.any() {
                        complain(format!(
                            "promoted:{sq}, but pieces other than the one on {sq} attack the \
                             enemy king"
                        ));
                    }
                }
                Stage::Chosen(sq)
            }
            ExtraState::Series { .. } => {
                problems.push(PositionProblem::UnsupportedState("a series state (S:K)"));
                Stage::Move
            }
        }
    }
}

impl Position for Avalanche {
    const VARIANT: Variant = Variant::Avalanche;
    const NAME: &'static str = "Avalanche";
    const PGN_TAG: Option<&'static str> = Some("Avalanche");
    const OTHER_NAMES: &'static [&'static str] = &[];
    const HELP: &'static str = "Avalanche: after your move, push one of your opponent’s pawns one square forward (highlighted). A pawn pushed to its last rank is promoted by its owner, who chooses the piece. If your own king is attacked after your push, you lose.";
    const BOARDS: u8 = 1;
    const REBOUNDING_DIAGONALS: bool = false;
    const CASTLES_FROM_ANYWHERE: bool = false;
    const TURN_SHAPE: TurnShape = TurnShape::MoveAndPush;
    const OWN_ENDING_WORDS: (&'static str, &'static str) = Variant::GENERAL_ENDING_WORDS;
    const PGN_STYLE: PgnStyle = PgnStyle {
        token_per_turn: true,
        separator: '/',
        ..PgnStyle::ONE_PER_ACTION
    };
    const REPETITION_RULE: bool = true;
    const GOAL: Bitboard = Bitboard::EMPTY;
    const VARIED_START: bool = false;
    const MOVE_COUNT_RULES: bool = true;
    type Searched = Self;

    from_orthodox!(chess: turn, placement, attackers, checkers, halfmove_clock, fullmove_number, castling_rights);

    fn start() -> Avalanche {
        Avalanche {
            chess: Chess::start(),
            stage: Stage::Move,
        }
    }

    fn from_setup(setup: &Setup) -> Result<Avalanche, PositionError> {
        let mut problems = Vec::new();
        let parts = SetupParts {
            seventh_field: true,
            ..SetupParts::default()
        };
        setup.reject_unsupported(parts, &mut problems);
        if !setup.ep_squares.is_empty() {
            problems.push(PositionProblem::UnsupportedState("en passant"));
        }
        let stage = Avalanche::stage_from_setup(setup, &mut problems);
        let orthodox_setup = Setup {
            ep_squares: Vec::new(),
            ..setup.clone()
        };
        let mut orthodox = Vec::new();
        let chess = Chess::from_setup_orthodox(&orthodox_setup, &mut orthodox);
        // Avalanche judges checks itself (below), and a pending pawn may stand on its
        // last rank.
        problems.extend(orthodox.into_iter().filter(|p| match p {
            PositionProblem::OppositeCheck | PositionProblem::ImpossibleCheck => false,
            PositionProblem::PawnOnBackRank(sq) => stage != Stage::Choose(*sq),
            _ => true,
        }));
        let board = &chess.board;
        let us = chess.turn;
        if stage != Stage::Push {
            if let Some(king) = board.king_of(us) {
                // At a turn start the last turn checked us at most three times: the
                // moved piece, a line it opened, and a line the push opened (our own
                // promotion choice adds none).
                if movegen::checkers(board, us, king).count() > 3 {
                    problems.push(PositionProblem::ImpossibleCheck);
                }
            }
        }
        if problems.is_empty() {
            Ok(Avalanche { chess, stage })
        } else {
            Err(PositionError { problems })
        }
    }

    fn to_setup(&self) -> Setup {
        Setup {
            extra: match self.stage {
                Stage::Move => ExtraState::AvalancheNone,
                Stage::Push => ExtraState::AvalanchePush,
                Stage::Choose(sq) => ExtraState::AvalanchePromote(sq),
                Stage::Chosen(sq) => ExtraState::AvalanchePromoted(sq),
            },
            ..self.chess.to_setup_orthodox()
        }
    }

    fn turn_state(&self) -> TurnState {
        let (length, played, phase) = match self.stage {
            Stage::Move => (2, 0, Phase::Move),
            Stage::Push => (2, 1, Phase::Push),
            Stage::Choose(_) => (3, 0, Phase::PromotionChoice),
            Stage::Chosen(_) => (3, 1, Phase::Move),
        };
        TurnState {
            side: self.chess.turn,
            length,
            played,
            phase,
        }
    }

    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.decided().is_some() {
            return;
        }
        match self.stage {
            Stage::Move | Stage::Chosen(_) => self.generate_moves(out),
            Stage::Push => self.generate_pushes(out),
            Stage::Choose(square) => {
                for role in Role::PROMOTIONS {
                    out.push(Action::PromotionChoice { square, role });
                }
            }
        }
    }

    #[inline]
    fn count_legal_actions(&self) -> usize {
        if self.decided().is_some() {
            return 0;
        }
        match self.stage {
            Stage::Move | Stage::Chosen(_) => {
                let mut counter = Counter::default();
                self.generate_moves(&mut counter);
                counter.0
            }
            Stage::Push => push_targets(&self.chess.board, !self.chess.turn).count(),
            Stage::Choose(_) => Role::PROMOTIONS.len(),
        }
    }

    fn is_legal(&self, action: &Action) -> bool {
        if self.decided().is_some() {
            return false;
        }
        let board = &self.chess.board;
        let them = !self.chess.turn;
        match (self.stage, *action) {
            (Stage::Move | Stage::Chosen(_), _) => self.move_is_legal(action),
            (Stage::Push, Action::Push { from, to }) => {
                board.piece_at(from) == Some(Piece::new(them, Role::Pawn))
                    && Bitboard::from_square(from).shift_forward(them) == Bitboard::from_square(to)
                    && !board.occupied().contains(to)
            }
            (Stage::Choose(pending), Action::PromotionChoice { square, role }) => {
                square == pending && Role::PROMOTIONS.contains(&role)
            }
            _ => false,
        }
    }

    fn play_unchecked(&mut self, action: &Action) {
        match (self.stage, *action) {
            (Stage::Push, Action::Push { from, to }) => self.push(from, to),
            (Stage::Choose(_), Action::PromotionChoice { square, role }) => {
                self.choose(square, role)
            }
            (Stage::Move | Stage::Chosen(_), _) => {
                self.chess.apply(action);
                // No en passant in Avalanche.
                self.chess.ep_square = None;
                if push_targets(&self.chess.board, !self.chess.turn).any() {
                    self.stage = Stage::Push;
                } else {
                    self.chess.pass_turn();
                    self.stage = Stage::Move;
                }
            }
            _ => debug_assert!(false, "{action:?} in stage {:?}", self.stage),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.decided() {
            return Some(outcome);
        }
        // Only a move can be missing: a push stage has a push, a choice four.
        let stuck =
            matches!(self.stage, Stage::Move | Stage::Chosen(_)) && self.count_legal_actions() == 0;
        standard_ending(
            self.chess.turn,
            stuck,
            || self.is_check(),
            self.chess.is_dead_position(),
            Some(self.chess.halfmoves),
        )
    }

    /// Sound: a side with no pawn cannot win by the opponent's self-check (the
    /// opponent pushes only *its* pawns) nor by a promotion choice, and without pawns
    /// on its side the orthodox test already answers "can" whenever the opponent has a
    /// pawn, except for a bare king, which can never give check.
    fn cannot_mate(&self, color: Color) -> bool {
        if let Some(outcome) = self.decided() {
            return outcome.winner != Some(color);
        }
        Chess::cannot_mate_orthodox(&self.chess.board, color)
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.chess.key ^ self.stage_key()
    }

    fn legal_ep_squares(&self) -> Vec<Square> {
        Vec::new()
    }
}
