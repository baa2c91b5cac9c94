//! Marseillais chess (RULES.md §7), classic ([`Marseillais`]) and balanced
//! ([`MarseillaisBalanced`]).
//!
//! - Each turn is two actions by the same player (the same piece twice, or two pieces);
//!   castling is one action. Classic: White's first turn has two actions too. Balanced:
//!   White's first turn has one, every later turn two.
//! - Every action is orthodox-legal: a player in check must escape with the first
//!   action. A check given by the first action ends the turn.
//! - Checkmate: in check at the start of a turn with no legal first action. Stalemate
//!   (a draw): no legal action at the start of a turn, or no legal second action.
//! - En passant: a pawn that double-stepped in either action of the opponent's last
//!   turn may be taken, only by the first action, if it has not moved since and the
//!   square it passed over is still empty. The second action may also capture e.p. if
//!   the first one did and another candidate is still valid (a candidate whose capture
//!   is illegal at the turn start may become legal after the first capture; such a
//!   square is kept, and written in the FEN, from the turn start).
//! - The 50/75-move clock counts single actions (100/150); repetition compares turn
//!   starts (placement, side, castling rights, the e.p. squares that some capture can
//!   use), as [`crate::Record`] does through `TurnState::is_turn_start`.
//! - Dead positions and "cannot mate" as orthodox: mate is the orthodox static
//!   condition, the extra action only helps to reach it.
//!
//! The multi-action machinery, the e.p. state and the FEN dialect (`S:K`) are in
//! `series.rs`; a six-field FEN is a turn start, with one action for White at full
//! move 1 in balanced Marseillais.
//!
//! ```
//! use alfiere::variants::marseillais::{Marseillais, MarseillaisBalanced};
//! use alfiere::{Position, perft};
//! assert_eq!(perft::perft(&Marseillais::start(), 2), 445);
//! assert_eq!(perft::perft(&MarseillaisBalanced::start(), 2), 400);
//! ```

use crate::variants::series::{series_game, SeriesLengths, SeriesRules};
use crate::variants::Variant;

/// Classic rules: two actions in every turn.
const CLASSIC: SeriesRules = SeriesRules {
    variant: Variant::Marseillais,
    key_tag: 0x31,
    check_ends_series: true,
    ep_by_second_action: true,
    progressive: false,
    lengths: SeriesLengths::Two,
    check_only_last: false,
};

/// Balanced rules: White's first turn has one action.
const BALANCED: SeriesRules = SeriesRules {
    variant: Variant::MarseillaisBalanced,
    // Its own tags, so the two rule sets never share keys.
    key_tag: 0x35,
    lengths: SeriesLengths::OneThenTwo,
    ..CLASSIC
};

series_game!(
    /// A position of classic Marseillais chess (two actions in every turn).
    ///
    /// ```
    /// use alfiere::variants::marseillais::Marseillais;
    /// use alfiere::{Position, notation::fen};
    /// let start = Marseillais::start();
    /// assert_eq!(start.turn_state().length, 2);
    /// assert_eq!(fen::write_fen(&start), fen::STARTING_FEN);
    /// ```
    Marseillais,
    CLASSIC,
    Marseillais,
    {
        const NAME: &'static str = "Marseillais";
        const PGN_TAG: Option<&'static str> = Some("Marseillais");
        const OTHER_NAMES: &'static [&'static str] = &[];
        const HELP: &'static str = "Marseillais: each turn is two moves, White’s first turn too. A check with the first move ends the turn.";
    }
);

series_game!(
    /// A position of balanced Marseillais chess (White's first turn has one action).
    MarseillaisBalanced,
    BALANCED,
    searched as Marseillais,
    {
        const NAME: &'static str = "Marseillais (balanced)";
        const PGN_TAG: Option<&'static str> = Some("Marseillais (balanced)");
        const OTHER_NAMES: &'static [&'static str] = &[];
        const HELP: &'static str = "Marseillais (balanced): White’s first turn is one move, every later turn two. A check with the first move ends the turn.";
    }
);
