//! The puzzle criteria: when a solver's step counts as the one winning action, when
//! a line has won enough to end, and the names of the reasons a candidate is turned
//! away (counted by the miner).
//!
//! Chances are the analysis' win percentage ([`crate::analysis::Eval::win_percent`]),
//! so "winning" means the same here as in a game report.

use super::probe::{Candidate, Probed};
use crate::game::Position;
use crate::moves::Action;
use crate::search::params::SEE_VALUE;
use crate::types::{Color, Role};

/// The best action must leave the solver at least this chance to win (about +380
/// centipawns): a puzzle's answer wins, it does not merely improve.
pub const WINNING_PERCENT: f64 = 80.0;

/// Every other action must leave the solver at most this chance (about +180
/// centipawns): an alternative that also wins clearly would make the answer
/// ambiguous, one that keeps a small edge is still a miss. Where the answer forces
/// the win (a mate, a race won), only another forced win as fast makes it ambiguous.
pub const OTHERS_AT_MOST_PERCENT: f64 = 66.0;

/// Mining asks more of every other action than the replay does: at most this chance
/// (about +110 centipawns). The margin between the two keeps a shipped puzzle passing
/// the replay when a later search scores an alternative a little higher, and it is
/// what made the chess set unique for a stronger engine (docs/puzzles.md, "Checked
/// against Stockfish"): an alternative the probe puts at +150 is often as good as the
/// answer at a greater depth.
pub const MINED_OTHERS_AT_MOST_PERCENT: f64 = 60.0;

/// How strictly [`judge_step`] judges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strictness {
    /// The shipped puzzle's check: every other action at most
    /// [`OTHERS_AT_MOST_PERCENT`], and where the answer forces the win, only a forced
    /// win as fast competes.
    Replay,
    /// A candidate's: every other action at most [`MINED_OTHERS_AT_MOST_PERCENT`];
    /// and where a turn is one action (`single_action`), any other forced win makes
    /// the step ambiguous, however slow (a person who mates in five where the answer
    /// mates in three has not missed the point, and is told so).
    Mining { single_action: bool },
}

/// The position must have been at most this good for the solver at the start of the
/// opponent's turn that holds the mistake, by the same measure: a puzzle starts where the mistake
/// changed the game, not in a game already won.
pub const BEFORE_MISTAKE_AT_MOST_PERCENT: f64 = 66.0;

/// A line without a mate must have gained at least this much material for the
/// solver (in centipawns, against the position before the setup action, after the
/// opponent's best answer to the last solver action): a decisive material win.
pub const MATERIAL_GAIN: i32 = 200;

/// The most solver actions a line may ask for (in multi-action rule sets, whole
/// turns of Progressive may take several).
pub const MAX_SOLVER_ACTIONS: usize = 10;

/// Why a candidate position was not kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rejection {
    /// The deep search does not find a winning action for the solver.
    NotWinning,
    /// Before the mistake the solver already stood clearly better.
    AlreadyWinning,
    /// The first turn has another way to win.
    Ambiguous,
    /// A forced win whose line has a step with a second winning action, so it cannot
    /// be followed to the end uniquely.
    AmbiguousMate,
    /// A deeper search of a step of the finished line finds another winning action,
    /// or another best one ([`super::second_look`]).
    AmbiguousDeeper,
    /// The line wins no decisive material where it stops being unique.
    NoMaterialWon,
    /// A forced win longer than the line may be.
    TooLong,
    /// The same position is already in the set.
    Duplicate,
    /// The finished puzzle does not fit the file: its FEN does not read back as the
    /// same position, holds a comma (a Progressive en-passant list), or a UCI token
    /// does not read back as the same action.
    Unfit,
}

impl Rejection {
    pub const ALL: [Rejection; 9] = [
        Rejection::NotWinning,
        Rejection::AlreadyWinning,
        Rejection::Ambiguous,
        Rejection::AmbiguousMate,
        Rejection::AmbiguousDeeper,
        Rejection::NoMaterialWon,
        Rejection::TooLong,
        Rejection::Duplicate,
        Rejection::Unfit,
    ];

    /// The reason's name in the miner's report.
    pub const fn name(self) -> &'static str {
        match self {
            Rejection::NotWinning => "not winning",
            Rejection::AlreadyWinning => "already winning before the mistake",
            Rejection::Ambiguous => "two winning first actions",
            Rejection::AmbiguousMate => "forced win not unique to the end",
            Rejection::AmbiguousDeeper => "another winning action at a deeper look",
            Rejection::NoMaterialWon => "no decisive material won",
            Rejection::TooLong => "line too long",
            Rejection::Duplicate => "duplicate position",
            Rejection::Unfit => "does not fit the file",
        }
    }
}

/// What one solver step's probe says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepVerdict {
    /// The best action wins and no other does.
    Unique,
    /// The best action does not win (or, in a replay, is not one of the answers).
    NotWinning,
    /// Another action wins too.
    Ambiguous,
}

/// Whether a solver's step is accepted whatever else would win: it wins the game at
/// once, or it is part of a turn that wins it (`turn_end`: the position after the
/// turn's last action). The players accept any action, or turn, that does: in the
/// multi-action rule sets a mate in one turn may be played many ways, and the person
/// plays the whole turn before it is judged.
pub fn wins_outright<G: Position>(after_step: &G, turn_end: &G, solver: Color) -> bool {
    let won = |pos: &G| pos.outcome().and_then(|o| o.winner) == Some(solver);
    won(after_step) || won(turn_end)
}

/// Judges a solver step from a probe: its best action must win and be one of
/// `allowed` (the turn's actions still to play, in any order; just the answer where
/// a turn is one action), and every other action that wins must be one of `allowed`
/// too. The probe must have seen one line more than `allowed` holds. `strictness`
/// says what "wins" means for another action.
pub fn judge_step(probed: &Probed, allowed: &[Action], strictness: Strictness) -> StepVerdict {
    let Some(best) = probed.best() else {
        return StepVerdict::NotWinning;
    };
    if best.win_percent() < WINNING_PERCENT || !allowed.contains(&best.action) {
        return StepVerdict::NotWinning;
    }
    // Where the answer forces the win, only a forced win as fast competes (the
    // puzzle asks for the fastest mate, as its theme says: a slower one, or a
    // move that merely wins material, is not it); otherwise any action that also
    // wins clearly.
    let (others_at_most, any_forced_win) = match strictness {
        Strictness::Replay => (OTHERS_AT_MOST_PERCENT, false),
        Strictness::Mining { single_action } => (MINED_OTHERS_AT_MOST_PERCENT, single_action),
    };
    let wins = |c: &&Candidate| {
        if best.is_forced_win() {
            c.is_forced_win() && (any_forced_win || c.score >= best.score)
        } else {
            c.win_percent() > others_at_most
        }
    };
    let other_winner = probed
        .candidates
        .iter()
        .skip(1)
        .filter(wins)
        .any(|c| !allowed.contains(&c.action));
    if other_winner {
        StepVerdict::Ambiguous
    } else {
        StepVerdict::Unique
    }
}

/// `color`'s material minus the opponent's, in centipawns (the exchange values of
/// [`SEE_VALUE`]; kings count nothing), pieces in hand included.
pub fn material_balance<G: Position>(pos: &G, color: Color) -> i32 {
    let board = pos.placement().board;
    let mut balance = 0;
    for (_, piece) in board.pieces() {
        if piece.role == Role::King {
            continue;
        }
        let value = SEE_VALUE[piece.role.index()];
        balance += if piece.color == color { value } else { -value };
    }
    for side in [Color::White, Color::Black] {
        if let Some(hand) = pos.hand(side) {
            let held: i32 = Role::ALL
                .iter()
                .filter(|&&r| r != Role::King)
                .map(|&r| i32::from(hand.count(r)) * SEE_VALUE[r.index()])
                .sum();
            balance += if side == color { held } else { -held };
        }
    }
    balance
}
