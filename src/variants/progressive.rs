//! Progressive chess (RULES.md §6), Scottish ([`ProgressiveScottish`]) and Italian
//! ([`ProgressiveItalian`]) rules.
//!
//! - Series lengths: White 1, Black 2, White 3, Black 4, ...; the `n`-th series has `n`
//!   actions whatever happened earlier (White's series in full move `k` has `2k-1`
//!   actions, Black's `2k`).
//! - Every action is orthodox-legal on its own: the own king is never left in check,
//!   even in mid-series; castling is one action. A player in check at the start of a
//!   series must escape with the first action; if none does, it is checkmate.
//! - En passant only as the first action of a series, against a pawn that double-stepped
//!   during the opponent's previous series and has not moved since, with the passed
//!   square empty; several candidates can exist, only one can be taken.
//! - A player with no legal action who is not in check draws (stalemate), also in
//!   mid-series.
//! - Draw by ten consecutive completed series without capture or pawn move
//!   ([`EndReason::TenSeries`](crate::EndReason::TenSeries)); no repetition rule and no
//!   50/75-move rule.
//! - **Scottish**: any action may check, and a check ends the series at once (the next
//!   series still has its normal length).
//! - **Italian**: only the last action of a series may check; a checking action earlier
//!   in the series is illegal. So a player in check whose every escape would check in
//!   mid-series is mated ("progressive checkmate"), and one whose every action would
//!   check in mid-series is stalemated.
//! - Dead positions and "cannot mate": orthodox for Scottish (mate is the orthodox
//!   static condition there). In Italian a king step that uncovers a check is illegal in
//!   mid-series, so a king hemmed in by such discoveries can be mated by bishops of one
//!   colour against bishops of that colour: Italian calls those positions dead only
//!   when one side has a bare king.
//!
//! The multi-action machinery, the e.p. state and the FEN dialect (`S:K:Q`) are in
//! `series.rs`; the Italian generator and dead-position exception (the series rules'
//! `check_only_last`) in `check_only_last.rs`.
//!
//! ```
//! use alfiere::variants::progressive::{ProgressiveItalian, ProgressiveScottish};
//! use alfiere::{Position, perft};
//! assert_eq!(perft::perft(&ProgressiveScottish::start(), 3), 8902);
//! assert_eq!(perft::perft(&ProgressiveItalian::start(), 3), 8902);
//! ```

use crate::variants::marseillais::Marseillais;
use crate::variants::series::{series_game, SeriesLengths, SeriesRules};
use crate::variants::Variant;

/// Scottish rules: a check ends the series.
const SCOTTISH: SeriesRules = SeriesRules {
    variant: Variant::ProgressiveScottish,
    key_tag: 0x21,
    check_ends_series: true,
    ep_by_second_action: false,
    progressive: true,
    lengths: SeriesLengths::Progressive,
    check_only_last: false,
};

/// Italian rules: only the last action of a series may check.
const ITALIAN: SeriesRules = SeriesRules {
    variant: Variant::ProgressiveItalian,
    // Its own tags, so the two rule sets never share keys.
    key_tag: 0x25,
    check_ends_series: false,
    check_only_last: true,
    ..SCOTTISH
};

series_game!(
    /// A position of Progressive chess with Scottish rules (a check ends the series).
    ///
    /// ```
    /// use alfiere::variants::progressive::ProgressiveScottish;
    /// use alfiere::{Position, notation::fen};
    /// let start = ProgressiveScottish::start();
    /// assert_eq!(start.turn_state().length, 1);
    /// assert_eq!(fen::write_fen(&start), fen::STARTING_FEN);
    /// ```
    ProgressiveScottish,
    SCOTTISH,
    searched as Marseillais,
    {
        const NAME: &'static str = "Progressive (Scottish)";
        const PGN_TAG: Option<&'static str> = Some("Progressive (Scottish)");
        const OTHER_NAMES: &'static [&'static str] = &[];
        const HELP: &'static str = "Progressive (Scottish): White plays one move, Black two, White three, and so on. A check ends the series at once.";
    }
);

series_game!(
    /// A position of Progressive chess with Italian rules (only the last action of a
    /// series may check).
    ProgressiveItalian,
    ITALIAN,
    searched as Marseillais,
    {
        const NAME: &'static str = "Progressive (Italian)";
        const PGN_TAG: Option<&'static str> = Some("Progressive (Italian)");
        const OTHER_NAMES: &'static [&'static str] = &[];
        const HELP: &'static str = "Progressive (Italian): series of one, two, three… moves. Only the last move of a series may give check.";
    }
);
