//! The rule sets: one type per variant implementing [`crate::Game`], the [`Variant`]
//! identifiers of RULES.md, and [`with_variant!`](crate::with_variant) for naming a
//! rule set's type at run time.

pub mod alice;
pub mod avalanche;
pub mod billiards;
pub mod chess;
pub mod chess960;
pub mod chessgi;
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

pub use crate::variant::{UnknownVariantError, Variant};

/// Runs an expression with the type `$G` naming the game type of a [`Variant`]: the
/// one place a rule set chosen at run time meets its type, so generic code (`perft<G>`,
/// the search, [`crate::api::ApiGame`]'s record) is monomorphised. The match is
/// exhaustive: a new rule set that is not added here does not compile.
#[macro_export]
macro_rules! with_variant {
    ($variant:expr, $G:ident => $body:expr) => {
        match $variant {
            $crate::Variant::Chess => {
                type $G = $crate::Chess;
                $body
            }
            $crate::Variant::Chess960 => {
                type $G = $crate::variants::chess960::Chess960;
                $body
            }
            $crate::Variant::RacingKings => {
                type $G = $crate::variants::racingkings::RacingKings;
                $body
            }
            $crate::Variant::Alice => {
                type $G = $crate::variants::alice::Alice;
                $body
            }
            $crate::Variant::ChessGi => {
                type $G = $crate::variants::chessgi::ChessGi;
                $body
            }
            $crate::Variant::Billiards => {
                type $G = $crate::variants::billiards::Billiards;
                $body
            }
            $crate::Variant::Avalanche => {
                type $G = $crate::variants::avalanche::Avalanche;
                $body
            }
            $crate::Variant::ProgressiveScottish => {
                type $G = $crate::variants::progressive::ProgressiveScottish;
                $body
            }
            $crate::Variant::ProgressiveItalian => {
                type $G = $crate::variants::progressive::ProgressiveItalian;
                $body
            }
            $crate::Variant::Marseillais => {
                type $G = $crate::variants::marseillais::Marseillais;
                $body
            }
            $crate::Variant::MarseillaisBalanced => {
                type $G = $crate::variants::marseillais::MarseillaisBalanced;
                $body
            }
        }
    };
}
