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

pub use crate::variant::{UnknownVariantError, Variant};

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

    /// The rule set.
    pub fn variant(&self) -> Variant {
        use crate::Game;
        fn of<G: Game>(_: &G) -> Variant {
            G::VARIANT
        }
        crate::with_game!(self, g => of(g))
    }
}
