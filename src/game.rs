//! The [`Position`] trait: what every rule set provides, and the shared vocabulary of
//! turns ([`TurnState`]), endings ([`Outcome`], [`EndReason`]) and errors.
//!
//! A `Position` value is one position of a rule set with everything its rules need
//! (turn state, hands, boards, clocks); it is copied and played forward (copy-make).
//! Its type also states the rule set's facts as constants (name, PGN tag and
//! numbering, boards, turn shape, draw rules, help text), which [`Variant`] reads. A
//! [`crate::Record`] holds a played game: its positions, undo, repetitions and draw
//! claims. Generic code (`perft<G>`, the search) is monomorphised per rule set;
//! [`crate::api::Game`] dispatches once at the API edge, through the object-safe
//! [`crate::api::AnyRecord`].
//!
//! # How each rule set plugs in
//!
//! - **Chess** (`variants/chess.rs`): the orthodox position: a `Board`, the side to
//!   act, the castling rooks' squares, an e.p. square, the clocks and the key. Its
//!   legal generator (`movegen.rs`) works on a board, a side, castling rooks and an
//!   e.p. square, so the rule sets below reuse it. Castling is computed from the
//!   king's and the castling rooks' squares (RULES.md §10); orthodox chess accepts
//!   them only on e, a and h.
//! - **Chess960**: wraps `Chess`, accepting castling rooks anywhere on the back rank
//!   (Shredder-FEN and X-FEN rights, king-takes-rook UCI); it takes nearly every method
//!   unchanged (`from_orthodox!`), and the search plays it as `Chess`.
//! - **Chess-Gi**: wraps `Chess` and adds `ByColor<Hand>`. A captured piece, promoted
//!   or not, goes into the captor's hand as the piece it is; `Action::Drop` adds drops
//!   (only on blocking squares when in check); pawn drops are allowed on the own first
//!   rank, from which pawns step one square; the hands enter the hash
//!   (`zobrist::hand`) and [`Position::hand`]; drops reset the clock
//!   (`Action::is_zeroing`), and [`Position::is_irreversible`] is false for every
//!   action, so repetition history is never cut.
//! - **Racing Kings**: wraps `Chess` without pawns or castling; its legal filter also
//!   rejects actions that attack the enemy king, and `outcome()` applies the goal rank
//!   with Black's one extra move (`EndReason::VariantWin` / `VariantDraw`).
//! - **Alice**: its own position: one `Board` of every piece plus the mask of those on
//!   board B (`Placement`), so every piece is seen with its board. Generation works
//!   per board (R1-R3) and the transfer (R4) flips the piece's bit; the hash adds
//!   `zobrist::on_board_b`.
//! - **Billiards**: wraps `Chess` with a rebounding diagonal slider (precomputed
//!   rebounding rays in `variants/billiards.rs`), used for moves, checks, pins and the
//!   squares a king may not cross. Pins are found along the rebounding rays from the
//!   king (a pinned piece may move along its bent pin path); only en passant is
//!   checked by replaying the occupancy.
//! - **Progressive** (Scottish, Italian) and **Marseillais** (classic, balanced): one
//!   series core (`variants/series.rs`) around `Chess`, with the series length and
//!   the actions played, the e.p. candidates of the previous series and the rule set's
//!   rules as data; the side changes only when the series ends (or, where a check ends
//!   it, on a check). Every action is orthodox-legal; the Italian filter rejects a
//!   checking action before the last. The four search as `Marseillais`.
//! - **Avalanche**: wraps `Chess` with a stage: a move, then a push (an
//!   `Action::Push` of an enemy pawn), and a promotion choice at the start of a turn
//!   when a pushed pawn stands on its last rank. Moves into check are legal when a push
//!   follows; a self-checking push ends the game (`EndReason::SelfCheck`).
//!
//! The search negates a score only when [`Position::turn`] changes between two
//! positions, never by depth parity.

use crate::bitboard::Bitboard;
use crate::board::Placement;
use crate::moves::{Action, ActionList};
use crate::setup::{Hand, PositionError, Setup};
use crate::types::{Color, Square};
use crate::variant::{PgnStyle, TurnShape, Variant};
use std::fmt;

/// What the side to act is doing within its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Phase {
    /// An ordinary action (a move, a drop).
    #[default]
    Move,
    /// Avalanche: the push of an enemy pawn after the move.
    Push,
    /// Avalanche: the choice of piece for a pawn pending promotion.
    PromotionChoice,
}

/// Whose action it is and how far the turn has gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnState {
    /// The side to act.
    pub side: Color,
    /// Actions this turn has in all (1 in orthodox chess; `n` in the `n`-th
    /// Progressive series; 2 in Marseillais; Avalanche counts its move and push).
    pub length: u16,
    /// Actions of this turn already played.
    pub played: u16,
    /// What the next action is.
    pub phase: Phase,
}

impl TurnState {
    /// The state of a one-action turn.
    pub const fn single(side: Color) -> TurnState {
        TurnState {
            side,
            length: 1,
            played: 0,
            phase: Phase::Move,
        }
    }

    /// Whether no action of the turn has been played yet.
    pub const fn is_turn_start(&self) -> bool {
        self.played == 0
    }
}

/// Why a game ended (or can be ended by a claim).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// In check with no legal action (including Progressive's "progressive checkmate").
    Checkmate,
    /// Not in check with no legal action, also in mid-turn.
    Stalemate,
    /// Neither side can ever mate (the dead-position subset of RULES.md §1.1).
    InsufficientMaterial,
    /// 150 plies without capture or pawn move.
    SeventyFiveMoves,
    /// The same position a fifth time.
    FivefoldRepetition,
    /// Claimed: 100 plies without capture or pawn move.
    FiftyMoves,
    /// Claimed: the same position a third time.
    ThreefoldRepetition,
    /// Progressive: ten completed series without capture or pawn move.
    TenSeries,
    /// A variant's own goal was reached (Racing Kings: the king on rank 8).
    VariantWin,
    /// A variant's own draw (Racing Kings: both kings on rank 8).
    VariantDraw,
    /// Avalanche: a push left the pusher's own king attacked.
    SelfCheck,
    /// Avalanche: the chosen promotion piece attacks the pusher's king.
    PromotionCheck,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    Agreement,
    /// A player ran out of time (a draw if the opponent could never mate).
    TimeForfeit,
}

impl EndReason {
    /// A stable snake_case name, used by the JS API and PGN `Termination`.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::SeventyFiveMoves => "seventyfive_moves",
            EndReason::FivefoldRepetition => "fivefold_repetition",
            EndReason::FiftyMoves => "fifty_moves",
            EndReason::ThreefoldRepetition => "threefold_repetition",
            EndReason::TenSeries => "ten_series",
            EndReason::VariantWin => "variant_win",
            EndReason::VariantDraw => "variant_draw",
            EndReason::SelfCheck => "self_check",
            EndReason::PromotionCheck => "promotion_check",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::TimeForfeit => "time_forfeit",
        }
    }
}

impl EndReason {
    /// The words for this ending after "wins by" or "Draw by", as players read them
    /// ("the 75-move rule", "threefold repetition (claimed)"); `own` are the words
    /// for a rule set's own win and own draw ([`Variant::own_ending_words`]).
    const fn words(self, own: (&'static str, &'static str)) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::SeventyFiveMoves => "the 75-move rule",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::FiftyMoves => "the 50-move rule (claimed)",
            EndReason::ThreefoldRepetition => "threefold repetition (claimed)",
            EndReason::TenSeries => "ten series without a capture or pawn move",
            EndReason::VariantWin => own.0,
            EndReason::VariantDraw => own.1,
            EndReason::SelfCheck => "a push into their own check",
            EndReason::PromotionCheck => "a promoted piece attacking the king",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::TimeForfeit => "time forfeit",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words(Variant::GENERAL_ENDING_WORDS))
    }
}

/// Plies without capture or pawn move after which a draw may be claimed (the 50-move
/// rule, RULES.md §1.1).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// Plies without capture or pawn move after which the game is drawn (the 75-move
/// rule; a mate on the last of them still wins).
pub const SEVENTY_FIVE_MOVE_PLIES: u32 = 150;

/// The endings every rule set shares, in RULES.md §1.1's precedence: checkmate (no
/// legal action and in check), dead position, stalemate (no legal action), the
/// 75-move rule. `side` is the side to act; `in_check` is asked only when it has no
/// legal action; `halfmoves` is `None` where the 75-move rule does not apply
/// (Progressive). A rule set checks its own endings before or after, as its rules
/// order them.
pub(crate) fn standard_ending(
    side: Color,
    stuck: bool,
    in_check: impl FnOnce() -> bool,
    dead: bool,
    halfmoves: Option<u32>,
) -> Option<Outcome> {
    if stuck && in_check() {
        return Some(Outcome::win(!side, EndReason::Checkmate));
    }
    if dead {
        return Some(Outcome::draw(EndReason::InsufficientMaterial));
    }
    if stuck {
        return Some(Outcome::draw(EndReason::Stalemate));
    }
    if halfmoves.is_some_and(|h| h >= SEVENTY_FIVE_MOVE_PLIES) {
        return Some(Outcome::draw(EndReason::SeventyFiveMoves));
    }
    None
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl Outcome {
    pub const fn win(winner: Color, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result_token(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl Outcome {
    /// The outcome in words, the one wording of the project (the JS API's
    /// `outcome().text`, which the page shows): a sentence without a final full stop,
    /// "Black wins by checkmate", "Draw by the 75-move rule", "Draw by threefold
    /// repetition (claimed)", the rule set's own words for its own endings ("White wins
    /// by reaching the eighth rank" in Racing Kings), and for Avalanche's self-check
    /// "White wins: Black pushed into their own check".
    ///
    /// ```
    /// use alfiere::{Color, EndReason, Outcome, Variant};
    /// let goal = Outcome::win(Color::White, EndReason::VariantWin);
    /// assert_eq!(goal.text(Variant::RacingKings), "White wins by reaching the eighth rank");
    /// let claim = Outcome::draw(EndReason::FiftyMoves);
    /// assert_eq!(claim.text(Variant::Chess), "Draw by the 50-move rule (claimed)");
    /// ```
    pub fn text(&self, variant: Variant) -> String {
        self.sentence(variant.own_ending_words())
    }

    fn sentence(&self, own: (&'static str, &'static str)) -> String {
        let words = self.reason.words(own);
        match self.winner {
            Some(winner) if self.reason == EndReason::SelfCheck => format!(
                "{} wins: {} pushed into their own check",
                winner.title(),
                (!winner).title()
            ),
            Some(winner) => format!("{} wins by {words}", winner.title()),
            None => format!("Draw by {words}"),
        }
    }
}

/// [`Outcome::text`] where the rule set is not at hand: a rule set's own endings in
/// general words ([`Variant::GENERAL_ENDING_WORDS`]).
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence(Variant::GENERAL_ENDING_WORDS))
    }
}

/// The error for an action that is not legal in a position; the position is unchanged.
/// It keeps the data; `notation` writes it (`illegal action e2e5 in <FEN>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalActionError {
    /// The action that was refused.
    pub action: Action,
    /// The position it was refused in (boxed: the error stays small on the `Ok` path).
    pub position: Box<Setup>,
}

impl std::error::Error for IllegalActionError {}

/// Why an action is not legal here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The turn asks for something else now (Avalanche's push or promotion choice).
    OtherPhase,
    /// No piece of the side to act stands on the origin.
    NotOwnPiece,
    /// The piece does not move that way, or its way is blocked.
    CannotMoveThere,
    /// A piece of the side to act stands on the destination.
    OwnPieceThere,
    /// After it the own king would be attacked by `by`.
    KingAttacked { by: Bitboard },
    /// Progressive (Italian): a check before the last action of the series.
    CheckMidSeries,
    /// Racing Kings: no action may give check.
    GivesCheck,
    /// Chess-Gi: no such piece in the hand.
    NotInHand,
    /// Chess-Gi: a pawn may not be dropped on its promotion rank.
    PawnDropOnLastRank,
    /// Not legal for a reason none of the above names.
    NotLegal,
}

impl Refusal {
    /// A stable snake_case name, for the JS API.
    pub const fn name(self) -> &'static str {
        match self {
            Refusal::GameOver => "game_over",
            Refusal::OtherPhase => "other_phase",
            Refusal::NotOwnPiece => "not_own_piece",
            Refusal::CannotMoveThere => "cannot_move_there",
            Refusal::OwnPieceThere => "own_piece_there",
            Refusal::KingAttacked { .. } => "king_attacked",
            Refusal::CheckMidSeries => "check_mid_series",
            Refusal::GivesCheck => "gives_check",
            Refusal::NotInHand => "not_in_hand",
            Refusal::PawnDropOnLastRank => "pawn_drop_on_last_rank",
            Refusal::NotLegal => "not_legal",
        }
    }

    /// The reason in words, a sentence without a final full stop.
    pub const fn text(self) -> &'static str {
        match self {
            Refusal::GameOver => "The game is over",
            Refusal::OtherPhase => "This is not that part of the turn",
            Refusal::NotOwnPiece => "There is no piece of the side to act there",
            Refusal::CannotMoveThere => "That piece does not move there",
            Refusal::OwnPieceThere => "One of your own pieces stands there",
            Refusal::KingAttacked { .. } => "Your king would be attacked",
            Refusal::CheckMidSeries => "A check is only allowed with the last action of a series",
            Refusal::GivesCheck => "No move may give check in Racing Kings",
            Refusal::NotInHand => "There is no such piece in your pocket",
            Refusal::PawnDropOnLastRank => "A pawn may not be dropped on its promotion rank",
            Refusal::NotLegal => "That is not a legal move here",
        }
    }
}

/// One position of a rule set, with all the state its rules need.
pub trait Position: Clone + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The rule set.
    const VARIANT: Variant;

    /// The type the search plays this rule set's positions as: `Self`, except where
    /// the rules are data in the positions: the four series rule sets (series.rs)
    /// all search as `Marseillais`, and Chess960 as `Chess`, so the WebAssembly module
    /// holds one copy of the search for each group (the search takes the rule set's
    /// policy and draw rules as data, `Search::for_rule_set`).
    type Searched: Position + From<Self>;

    /// The display name, as people write it ("Chess-Gi").
    const NAME: &'static str;

    /// The PGN `Variant` tag's value (RULES.md's name in brackets); `None` for
    /// orthodox chess, whose games carry no such tag.
    const PGN_TAG: Option<&'static str>;

    /// Other names programs, sites and older files use for the rule set, matched
    /// case-insensitively by [`Variant::from_name`].
    const OTHER_NAMES: &'static [&'static str];

    /// One paragraph on how to play, for a front end's help (the page's "How to play"
    /// panel is generated from it).
    const HELP: &'static str;

    /// How many boards the pieces stand on (Alice has two).
    const BOARDS: u8;

    /// Whether the diagonal moves of bishops and queens rebound off the edges
    /// (Billiards).
    const REBOUNDING_DIAGONALS: bool;

    /// Whether the castling king and rooks may start anywhere on the back rank
    /// (Chess960): FEN names castling rights by the rooks' files, UCI writes castling
    /// as the king taking its own rook.
    const CASTLES_FROM_ANYWHERE: bool;

    /// How a turn is made.
    const TURN_SHAPE: TurnShape;

    /// The words for the rule set's own win and own draw (the endings
    /// `EndReason::VariantWin` and `VariantDraw`), as in "White wins by ...";
    /// [`Variant::GENERAL_ENDING_WORDS`] where it has no goal of its own.
    const OWN_ENDING_WORDS: (&'static str, &'static str);

    /// How its turns are numbered and grouped in PGN.
    const PGN_STYLE: PgnStyle;

    /// Whether repeated positions end or may end the game (threefold claims,
    /// fivefold). Progressive has no repetition rule (RULES.md §6).
    const REPETITION_RULE: bool;

    /// The squares a king races to, where reaching them wins (Racing Kings' eighth
    /// rank); empty in rule sets without such a goal.
    const GOAL: Bitboard;

    /// Whether games start from several positions (Chess960's 960), so a PGN names
    /// its start with `SetUp`/`FEN` even when it is [`Position::start`].
    const VARIED_START: bool;

    /// Whether the 50-move claim and the 75-move ending apply (counted in actions).
    /// Progressive replaces them with its ten-series draw.
    const MOVE_COUNT_RULES: bool;

    /// The start position.
    fn start() -> Self;

    /// Validates a setup, listing every problem found.
    ///
    /// # Errors
    /// [`PositionError`] with all problems when the setup is not a legal position of
    /// this rule set.
    fn from_setup(setup: &Setup) -> Result<Self, PositionError>;

    /// Validates a setup like [`Position::from_setup`], but accepts the problems of the
    /// kinds in `accepted` ([`crate::accepted`]); every other problem is still
    /// reported. A rule set accepts nothing by default (this refuses as
    /// `from_setup` does); orthodox chess accepts every kind.
    ///
    /// # Errors
    /// [`PositionError`] listing every problem when one is not of an accepted kind.
    fn from_setup_accepting(
        setup: &Setup,
        accepted: crate::AcceptedProblems,
    ) -> Result<Self, PositionError> {
        let _ = accepted;
        Self::from_setup(setup)
    }

    /// The position as setup data (the inverse of [`Position::from_setup`]).
    fn to_setup(&self) -> Setup;

    /// The side to act.
    fn turn(&self) -> Color;

    /// Whose action it is and how far the turn has gone.
    fn turn_state(&self) -> TurnState {
        TurnState::single(self.turn())
    }

    /// The pieces, with the board each stands on.
    fn placement(&self) -> Placement<'_>;

    /// A side's hand, in rule sets with drops.
    fn hand(&self, color: Color) -> Option<Hand> {
        let _ = color;
        None
    }

    /// Appends every legal action to `out` (which it clears first).
    fn legal_actions(&self, out: &mut ActionList);

    /// Appends to `out` (which it clears first) every legal action that captures or
    /// promotes, in the order [`Position::legal_actions`] gives them, and perhaps other
    /// legal actions too: quiescence filters what it gets. The default is every
    /// legal action; rule sets with a cheaper way override it.
    fn tactical_actions(&self, out: &mut ActionList) {
        self.legal_actions(out);
    }

    /// The number of legal actions (perft's bulk count at the last ply).
    fn count_legal_actions(&self) -> usize {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.len()
    }

    /// Whether `action` is legal here.
    fn is_legal(&self, action: &Action) -> bool {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.contains(action)
    }

    /// Plays a legal action.
    ///
    /// # Panics
    /// May panic, or leave a position that breaks the rules, if `action` is not legal;
    /// use [`Position::play`] for actions that are not known to be legal.
    fn play_unchecked(&mut self, action: &Action);

    /// Plays `action` if it is legal, and leaves the position unchanged otherwise.
    ///
    /// # Errors
    /// [`IllegalActionError`] when the action is not legal.
    fn play(&mut self, action: &Action) -> Result<(), IllegalActionError> {
        if self.is_legal(action) {
            play_out_of_line(self, action);
            Ok(())
        } else {
            Err(IllegalActionError {
                action: *action,
                position: Box::new(self.to_setup()),
            })
        }
    }

    /// The position after a pass: the same pieces, the other side to act, no
    /// en-passant square, the full-move number advanced after Black (the search's
    /// null move; a UI's "pass"). `None` where it would not be a position of the rule
    /// set: when the side to act is in check, or in the middle of a multi-action turn.
    ///
    /// The default builds the position through [`Position::to_setup`] and
    /// [`Position::from_setup`], which works for every rule set; the rule sets whose search
    /// passes override it with a direct flip that must give the same position.
    fn pass(&self) -> Option<Self> {
        Self::from_setup(&passed(self.to_setup())).ok()
    }

    /// Enemy pieces giving check to the side to act.
    fn checkers(&self) -> Bitboard;

    /// The pieces of `color` that attack `square`: those that could capture a piece
    /// of the other colour standing there, pins and whose turn it is aside (pawns
    /// diagonally, no X-rays; in Alice, a piece on the square's board when it is
    /// occupied, on either board when it is empty).
    fn attackers(&self, square: Square, color: Color) -> Bitboard;

    /// Whether the side to act is in check.
    fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Endings that follow from the position alone, in RULES.md's precedence
    /// (mate, dead position, stalemate, 75-move rule, variant endings); repetition
    /// needs the history and is decided by [`crate::Record`].
    fn outcome(&self) -> Option<Outcome>;

    /// Whether `color` could never mate by any legal sequence (the time-forfeit test).
    fn cannot_mate(&self, color: Color) -> bool;

    /// The repetition key: same key ⇔ same position in the sense of RULES.md §1.2.
    fn zobrist(&self) -> u64;

    /// Plies (actions) since the last capture, pawn move, drop or push.
    fn halfmove_clock(&self) -> u32;

    /// Full move number, starting at 1.
    fn fullmove_number(&self) -> u32;

    /// Castling rights, as the squares of the castling rooks.
    fn castling_rights(&self) -> Bitboard;

    /// En-passant squares with a legal capture, for FEN and repetition.
    fn legal_ep_squares(&self) -> Vec<crate::Square>;

    /// Moves the piece on `from` to `to` in `setup` (capturing what stands there), as
    /// this rule set moves pieces, legal or not: what [`crate::refusal`] tries.
    fn shift_in_setup(setup: &mut Setup, from: Square, to: Square) {
        shift_piece(setup, from, to);
    }

    /// The pieces of `color` attacking `square` in `setup` (only its pieces and side
    /// to act set), or `None` when it is no position to ask: the orthodox geometry by
    /// default; a rule set with its own (rebounds, two boards) overrides it.
    fn attackers_in_setup(setup: &Setup, square: Square, color: Color) -> Option<Bitboard>
    where
        Self: Sized,
    {
        Self::from_setup(setup)
            .ok()
            .map(|game| game.attackers(square, color))
    }

    /// The reason this rule set refuses an action that would give check here, if it
    /// does (Racing Kings always; Progressive Italian before the last action).
    fn check_refusal(&self) -> Option<Refusal> {
        None
    }

    /// The reason this rule set refuses a drop of `role` on `to`, if one of its own.
    fn drop_refusal(&self, role: crate::types::Role, to: Square) -> Option<Refusal> {
        let _ = (role, to);
        None
    }

    /// Whether, after `action`, no earlier position can ever repeat (captures and pawn
    /// moves in orthodox chess; never in Chess-Gi, where captured pieces return).
    fn is_irreversible(&self, action: &Action) -> bool {
        action.is_zeroing()
    }
}

/// Moves the piece on `from` to `to` in `setup`, capturing what stands there (the
/// default [`Position::shift_in_setup`]; one copy, not one per rule set).
#[inline(never)]
pub fn shift_piece(setup: &mut Setup, from: Square, to: Square) {
    if let Some(piece) = setup.board.take(from) {
        setup.board.take(to);
        setup.board.put(to, piece);
    }
}

/// [`Position::play_unchecked`] through a call that is never inlined: the cold paths
/// (notation, records, the session, perft's divide) share one copy of each rule set's
/// action code instead of each inlining its own (about 19 KB less in the gzipped
/// WebAssembly module); the search and perft's inner loops call the trait directly.
#[inline(never)]
pub fn play_out_of_line<G: Position>(game: &mut G, action: &Action) {
    game.play_unchecked(action);
}

/// `setup` with the other side to act and no e.p. square: what [`Position::pass`] builds
/// its position from.
pub(crate) fn passed(mut setup: Setup) -> Setup {
    setup.turn = !setup.turn;
    setup.ep_squares.clear();
    if setup.turn == Color::White {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup
}
