//! The one registry of rule sets (`rule_set_registry!`), and the rule-set identifiers
//! of RULES.md made from it ([`Variant`]).
//!
//! The enum itself is a leaf of the core: the [`crate::Position`] trait and everything
//! above it can name a rule set without depending on the rule sets. Its id comes from
//! the registry line; every other fact ([`Variant::name`], [`Variant::pgn_tag`],
//! [`Variant::turn_shape`], ...) is a constant of the rule set's type, read through
//! [`with_variant!`](crate::with_variant) in `src/variants/mod.rs`, so a new rule
//! set's type must state each one before anything compiles. The small types those
//! constants are made of ([`TurnShape`], [`PgnStyle`]) are here.

use std::fmt;
use std::str::FromStr;

/// How a rule set's turn is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnShape {
    /// One action (orthodox chess, Chess-Gi, Racing Kings, Alice, Billiards).
    Single,
    /// A series of actions by one side (Progressive, Marseillais).
    Series,
    /// A move, then a push of an enemy pawn (Avalanche).
    MoveAndPush,
}

impl TurnShape {
    /// A stable kebab-case name (`single`, `series`, `move-and-push`), for the JS API.
    pub const fn name(self) -> &'static str {
        match self {
            TurnShape::Single => "single",
            TurnShape::Series => "series",
            TurnShape::MoveAndPush => "move-and-push",
        }
    }
}

/// THE registry of rule sets: one line per rule set, `Variant name = "id" =>
/// module::Type` (its file under `src/variants/` and its type), in the order lists
/// show them. It hands the lines to `$callback` after `$args`: this file makes the
/// enum, [`Variant::ALL`], the ids and [`VARIANT_ID_TS`] from them, and
/// `src/variants/mod.rs` the dispatch of [`with_variant!`](crate::with_variant).
/// Every other fact is a constant of the rule set's type.
#[doc(hidden)]
#[macro_export]
macro_rules! rule_set_registry {
    ($callback:ident ! ($($args:tt)*)) => {
        $crate::$callback! {
            ($($args)*)
            Chess = "chess" => chess::Chess,
            Chess960 = "chess960" => chess960::Chess960,
            ChessGi = "chessgi" => chessgi::ChessGi,
            RacingKings = "racingkings" => racingkings::RacingKings,
            Alice = "alice" => alice::Alice,
            Billiards = "billiards" => billiards::Billiards,
            ProgressiveScottish = "progressive-scottish" => progressive::ProgressiveScottish,
            ProgressiveItalian = "progressive-italian" => progressive::ProgressiveItalian,
            Marseillais = "marseillais" => marseillais::Marseillais,
            MarseillaisBalanced = "marseillais-balanced" => marseillais::MarseillaisBalanced,
            Avalanche = "avalanche" => avalanche::Avalanche,
        }
    };
}

/// Makes [`Variant`], [`Variant::ALL`], [`Variant::id`] and [`VARIANT_ID_TS`] from the
/// registry's lines.
#[doc(hidden)]
#[macro_export]
macro_rules! __variant_enum {
    (() $($name:ident = $id:literal => $module:ident::$ty:ident,)+) => {
        /// A rule set, identified as in RULES.md (API, UCI `UCI_Variant`, PGN tag).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Variant {
            $($name,)+
        }

        impl Variant {
            /// Every rule set of RULES.md, in the registry's order.
            pub const ALL: [Variant; [$($id),+].len()] = [$(Variant::$name),+];

            /// The id: `chess`, `chessgi`, `racingkings`, ...
            pub const fn id(self) -> &'static str {
                match self {
                    $(Variant::$name => $id,)+
                }
            }
        }

        /// The TypeScript union of the rule-set ids, for the generated `.d.ts`.
        pub const VARIANT_ID_TS: &str = concat!(
            "/** A rule-set id. */\nexport type VariantId =",
            $(" | '", $id, "'",)+
            ";\n"
        );
    };
}

crate::rule_set_registry!(__variant_enum!());

/// How a rule set's turns are written in PGN (each rule set's
/// [`Position::PGN_STYLE`](crate::Position::PGN_STYLE)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgnStyle {
    /// Every series opens a number (Progressive: `1. e4 2. e5 Qh4`); elsewhere White
    /// opens the full-move number at the start of its turn.
    pub series_numbers: bool,
    /// One token per turn (Marseillais `e5,Nc6`, Avalanche `Nf3/e6`); elsewhere one
    /// token per action.
    pub token_per_turn: bool,
    /// The separator between the actions of one token when written (reading
    /// accepts both).
    pub separator: char,
}

impl PgnStyle {
    /// One token per action, numbered by full moves: orthodox chess's way.
    pub const ONE_PER_ACTION: PgnStyle = PgnStyle {
        series_numbers: false,
        token_per_turn: false,
        separator: ',',
    };
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The error for an unknown or unimplemented variant id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariantError(pub String);

impl fmt::Display for UnknownVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        write!(
            f,
            "unknown variant '{}' (known: {})",
            // Escaped: the id may come from a UCI line, where a raw `\r` or NUL
            // in the answer would break the protocol's one-line replies.
            crate::shown::shown(&self.0, usize::MAX),
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariantError {}

impl Variant {
    /// The rule set `text` names (an id or a name) if it is one of `allowed`; otherwise
    /// a message listing their ids. For command lines that serve a few rule sets.
    pub fn parse_one_of(text: &str, allowed: &[Variant]) -> Result<Variant, String> {
        text.parse()
            .ok()
            .filter(|v| allowed.contains(v))
            .ok_or_else(|| {
                let ids: Vec<&str> = allowed.iter().map(|v| v.id()).collect();
                let shown = crate::shown::shown(text, 64);
                format!("'{shown}' is not one of {}", ids.join(", "))
            })
    }
}

impl FromStr for Variant {
    type Err = UnknownVariantError;
    /// Parses an implemented rule set's id or name.
    fn from_str(s: &str) -> Result<Variant, UnknownVariantError> {
        Variant::from_name(s).ok_or_else(|| UnknownVariantError(s.chars().take(64).collect()))
    }
}
