//! The rule sets: one type per variant implementing [`crate::Position`], each in its own
//! file; [`with_variant!`](crate::with_variant), made from the registry of rule sets
//! (`rule_set_registry!` in `src/variant.rs`); and the facts of a [`Variant`], read
//! from its type.
//!
//! Adding a rule set: write its file here (its type states every fact the `Position`
//! trait asks for: name, PGN tag, turn shape, PGN numbering, help text, ...) and its
//! line in the registry. The compiler then asks for the rest: this file's `mod` line
//! and the engine's choices (`src/search/rule_sets.rs`). Nothing decides about a rule
//! set by falling through to orthodox behaviour.

pub mod alice;
pub mod avalanche;
pub mod billiards;
mod check_only_last;
pub mod chess;
pub mod chess960;
pub mod chessgi;
mod delegate;
pub mod marseillais;
pub mod progressive;
pub mod racingkings;
pub(crate) mod series;

pub use alice::Alice;
pub use avalanche::Avalanche;
pub use billiards::Billiards;
pub use chess::Chess;
pub use chess960::Chess960;
pub use chessgi::ChessGi;
pub use marseillais::{Marseillais, MarseillaisBalanced};
pub use progressive::{ProgressiveItalian, ProgressiveScottish};
pub use racingkings::RacingKings;

use crate::game::Position;
use crate::variant::TurnShape;
pub use crate::variant::{UnknownVariantError, Variant, VARIANT_ID_TS};

/// Runs an expression with the type `$G` naming the game type of a [`Variant`]: the
/// one place a rule set chosen at run time meets its type, so generic code (`perft<G>`,
/// the search, [`crate::api::Game`]'s record) is monomorphised. Made from the
/// registry, so every rule set is in it.
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $G:ident => $body:expr) => {
        $crate::rule_set_registry!(__with_variant_arms!($variant, $G, $body))
    };
}

/// The `match` of [`with_variant!`](crate::with_variant), one arm per registry line.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_variant_arms {
    (($variant:expr, $G:ident, $body:expr)
     $($name:ident = $id:literal => $module:ident::$ty:ident,)+) => {
        match $variant {
            $($crate::Variant::$name => {
                type $G = $crate::variants::$module::$ty;
                $body
            })+
        }
    };
}

/// The facts of each rule set, read from its type.
impl Variant {
    /// The display name, as people write it ("Chess-Gi"); the PGN tag may differ
    /// ([`Variant::pgn_tag`]).
    pub const fn name(self) -> &'static str {
        with_variant!(self, G => G::NAME)
    }

    /// The PGN `Variant` tag's value (RULES.md's name in brackets); `None` for
    /// orthodox chess, whose games carry no such tag (RULES.md calls it Standard).
    pub const fn pgn_tag(self) -> Option<&'static str> {
        with_variant!(self, G => G::PGN_TAG)
    }

    /// One paragraph on how to play, for a front end's help (the page's "How to play"
    /// panel is generated from it).
    pub const fn help(self) -> &'static str {
        with_variant!(self, G => G::HELP)
    }

    /// How many boards the pieces stand on (Alice has two).
    pub const fn boards(self) -> u8 {
        with_variant!(self, G => G::BOARDS)
    }

    /// Whether the diagonal moves of bishops and queens rebound off the edges
    /// (Billiards).
    pub const fn rebounding_diagonals(self) -> bool {
        with_variant!(self, G => G::REBOUNDING_DIAGONALS)
    }

    /// Whether the castling king and rooks may start anywhere on the back rank
    /// (Chess960): FEN names castling rights by the rooks' files (`HAha`), UCI writes
    /// castling as the king taking its own rook.
    pub const fn castles_from_anywhere(self) -> bool {
        with_variant!(self, G => G::CASTLES_FROM_ANYWHERE)
    }

    /// How a turn is made.
    pub const fn turn_shape(self) -> TurnShape {
        with_variant!(self, G => G::TURN_SHAPE)
    }

    /// The words for an own win and own draw where the rule set is not known, or has
    /// no goal of its own.
    pub const GENERAL_ENDING_WORDS: (&'static str, &'static str) =
        ("the rules of the variant", "the rules of the variant");

    /// The words for this rule set's own win and own draw (the endings
    /// `EndReason::VariantWin` and `VariantDraw`), as in "White wins by ...".
    pub const fn own_ending_words(self) -> (&'static str, &'static str) {
        with_variant!(self, G => G::OWN_ENDING_WORDS)
    }

    /// Looks a rule set up by id, display name, PGN tag or one of the other names
    /// programs use for it (case-insensitive).
    pub fn from_name(name: &str) -> Option<Variant> {
        let wanted = name.trim();
        Variant::ALL.into_iter().find(|v| {
            let other_names: &[&str] = with_variant!(*v, G => G::OTHER_NAMES);
            v.id().eq_ignore_ascii_case(wanted)
                || v.name().eq_ignore_ascii_case(wanted)
                || v.pgn_tag()
                    .is_some_and(|tag| tag.eq_ignore_ascii_case(wanted))
                || other_names
                    .iter()
                    .any(|other| other.eq_ignore_ascii_case(wanted))
        })
    }
}
