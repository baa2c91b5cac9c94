//! The rule sets: one type per variant implementing [`crate::Game`], the [`Variant`]
//! identifiers of RULES.md, and [`AnyGame`] for choosing a rule set at run time.

pub mod alice;
pub mod avalanche;
pub mod billiards;
pub mod chess;
pub mod chessgi;
pub mod marseillais;
pub mod progressive;
pub mod racingkings;
pub(crate) mod series;

pub use alice::Alice;
pub use avalanche::Avalanche;
pub use billiards::Billiards;
pub use chess::Chess;
pub use chessgi::ChessGi;
pub use marseillais::{Marseillais, MarseillaisBalanced};
pub use progressive::{ProgressiveItalian, ProgressiveScottish};
pub use racingkings::RacingKings;

use std::fmt;
use std::str::FromStr;

/// A rule set, identified as in RULES.md (API, UCI `UCI_Variant`, PGN tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    ChessGi,
    RacingKings,
    Alice,
    Billiards,
    ProgressiveScottish,
    ProgressiveItalian,
    Marseillais,
    MarseillaisBalanced,
    Avalanche,
}

impl Variant {
    /// Every rule set of RULES.md.
    pub const ALL: [Variant; 10] = [
        Variant::Chess,
        Variant::ChessGi,
        Variant::RacingKings,
        Variant::Alice,
        Variant::Billiards,
        Variant::ProgressiveScottish,
        Variant::ProgressiveItalian,
        Variant::Marseillais,
        Variant::MarseillaisBalanced,
        Variant::Avalanche,
    ];

    /// The id: `chess`, `chessgi`, `racingkings`, ...
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::ChessGi => "chessgi",
            Variant::RacingKings => "racingkings",
            Variant::Alice => "alice",
            Variant::Billiards => "billiards",
            Variant::ProgressiveScottish => "progressive-scottish",
            Variant::ProgressiveItalian => "progressive-italian",
            Variant::Marseillais => "marseillais",
            Variant::MarseillaisBalanced => "marseillais-balanced",
            Variant::Avalanche => "avalanche",
        }
    }

    /// The display name, also the PGN `Variant` tag value.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "Standard",
            Variant::ChessGi => "Chessgi",
            Variant::RacingKings => "Racing Kings",
            Variant::Alice => "Alice",
            Variant::Billiards => "Billiards",
            Variant::ProgressiveScottish => "Progressive (Scottish)",
            Variant::ProgressiveItalian => "Progressive (Italian)",
            Variant::Marseillais => "Marseillais",
            Variant::MarseillaisBalanced => "Marseillais (balanced)",
            Variant::Avalanche => "Avalanche",
        }
    }

    /// Looks a rule set up by id or display name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Variant> {
        let wanted = name.trim();
        Variant::ALL
            .into_iter()
            .find(|v| v.id().eq_ignore_ascii_case(wanted) || v.name().eq_ignore_ascii_case(wanted))
            .or_else(|| match wanted.to_ascii_lowercase().as_str() {
                "standard" | "orthodox" | "normal" => Some(Variant::Chess),
                "racing kings" | "racing-kings" => Some(Variant::RacingKings),
                "chess-gi" => Some(Variant::ChessGi),
                _ => None,
            })
    }
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
            self.0.escape_debug(),
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariantError {}

impl FromStr for Variant {
    type Err = UnknownVariantError;
    /// Parses an implemented rule set's id or name.
    fn from_str(s: &str) -> Result<Variant, UnknownVariantError> {
        Variant::from_name(s).ok_or_else(|| UnknownVariantError(s.chars().take(64).collect()))
    }
}

/// A position of any implemented rule set, for choosing the rule set at run time.
///
/// Dispatch happens once at the API edge: [`with_game!`](crate::with_game) binds the
/// concrete position, and [`with_variant!`](crate::with_variant) names the concrete
/// type of a [`Variant`], so generic code (`perft<G>`, the search) is monomorphised.
/// Adding a rule set means adding it here and in those two macros.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyGame {
    Chess(Chess),
    RacingKings(racingkings::RacingKings),
    Alice(alice::Alice),
    ChessGi(chessgi::ChessGi),
    Billiards(billiards::Billiards),
    Avalanche(avalanche::Avalanche),
    ProgressiveScottish(progressive::ProgressiveScottish),
    ProgressiveItalian(progressive::ProgressiveItalian),
    Marseillais(marseillais::Marseillais),
    MarseillaisBalanced(marseillais::MarseillaisBalanced),
}

/// Runs an expression with `$g` bound to the concrete game inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::AnyGame::Chess($g) => $body,
            $crate::AnyGame::RacingKings($g) => $body,
            $crate::AnyGame::Alice($g) => $body,
            $crate::AnyGame::ChessGi($g) => $body,
            $crate::AnyGame::Billiards($g) => $body,
            $crate::AnyGame::Avalanche($g) => $body,
            $crate::AnyGame::ProgressiveScottish($g) => $body,
            $crate::AnyGame::ProgressiveItalian($g) => $body,
            $crate::AnyGame::Marseillais($g) => $body,
            $crate::AnyGame::MarseillaisBalanced($g) => $body,
        }
    };
}

/// Runs an expression with the type `$G` naming the game type of a [`Variant`],
/// and `$wrap` the [`AnyGame`] constructor for it. The match is exhaustive: a new
/// rule set that is not added here does not compile.
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $G:ident, $wrap:ident => $body:expr) => {
        match $variant {
            $crate::Variant::Chess => {
                type $G = $crate::Chess;
                let $wrap = $crate::AnyGame::Chess;
                $body
            }
            $crate::Variant::RacingKings => {
                type $G = $crate::variants::racingkings::RacingKings;
                let $wrap = $crate::AnyGame::RacingKings;
                $body
            }
            $crate::Variant::Alice => {
                type $G = $crate::variants::alice::Alice;
                let $wrap = $crate::AnyGame::Alice;
                $body
            }
            $crate::Variant::ChessGi => {
                type $G = $crate::variants::chessgi::ChessGi;
                let $wrap = $crate::AnyGame::ChessGi;
                $body
            }
            $crate::Variant::Billiards => {
                type $G = $crate::variants::billiards::Billiards;
                let $wrap = $crate::AnyGame::Billiards;
                $body
            }
            $crate::Variant::Avalanche => {
                type $G = $crate::variants::avalanche::Avalanche;
                let $wrap = $crate::AnyGame::Avalanche;
                $body
            }
            $crate::Variant::ProgressiveScottish => {
                type $G = $crate::variants::progressive::ProgressiveScottish;
                let $wrap = $crate::AnyGame::ProgressiveScottish;
                $body
            }
            $crate::Variant::ProgressiveItalian => {
                type $G = $crate::variants::progressive::ProgressiveItalian;
                let $wrap = $crate::AnyGame::ProgressiveItalian;
                $body
            }
            $crate::Variant::Marseillais => {
                type $G = $crate::variants::marseillais::Marseillais;
                let $wrap = $crate::AnyGame::Marseillais;
                $body
            }
            $crate::Variant::MarseillaisBalanced => {
                type $G = $crate::variants::marseillais::MarseillaisBalanced;
                let $wrap = $crate::AnyGame::MarseillaisBalanced;
                $body
            }
        }
    };
}

impl AnyGame {
    /// The start position of a rule set.
    pub fn start(variant: Variant) -> AnyGame {
        use crate::Game;
        crate::with_variant!(variant, G, wrap => wrap(G::start()))
    }

    /// A position of a rule set from a FEN in the project's dialect.
    ///
    /// # Errors
    /// The FEN's problems, or an unknown rule set, as a message.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<AnyGame, AnyGameError> {
        crate::with_variant!(variant, G, wrap =>
            crate::notation::fen::read_fen::<G>(fen).map(wrap).map_err(AnyGameError::Fen))
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        use crate::Game;
        fn of<G: Game>(_: &G) -> Variant {
            G::VARIANT
        }
        crate::with_game!(self, g => of(g))
    }
}

/// Why a position of a run-time chosen rule set could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyGameError {
    Variant(UnknownVariantError),
    Fen(crate::notation::fen::FenError),
}

impl fmt::Display for AnyGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyGameError::Variant(e) => e.fmt(f),
            AnyGameError::Fen(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for AnyGameError {}
