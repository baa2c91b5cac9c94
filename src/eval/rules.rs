//! What the evaluation does differently in each rule set, in one exhaustive match:
//! a new rule set that is not listed here does not compile, so it never inherits
//! orthodox terms by accident.

use super::mobility::Geometry;
use super::nnue::FeatureSet;
use super::params;
use crate::variant::Variant;

/// The evaluation's choices for one rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EvalRules {
    /// Scored by the race evaluation alone (Racing Kings: material and the kings'
    /// progress, nothing of the orthodox terms).
    pub race: bool,
    /// Orthodox endgame knowledge: the scaling of drawish material and mop-up.
    pub endgame_knowledge: bool,
    /// How pieces see the board (rebounding diagonals, Alice's two boards).
    pub geometry: Geometry,
    /// Extra weight for passed pawns, in eighths (Avalanche: the opponent pushes them).
    pub passed_extra_eighths: i32,
    /// The king's board matters (Alice).
    pub alice_king_board: bool,
    /// Pushable pawns and pending promotions (Avalanche).
    pub avalanche_terms: bool,
    /// Each action left in the turn is a free move worth a tempo (Progressive,
    /// Marseillais).
    pub extra_action_tempo: bool,
    /// The inputs of a learned network for this rule set, if it has one: a search
    /// given a network of this feature set uses it instead of the terms above.
    pub network: Option<FeatureSet>,
}

const ORTHODOX: EvalRules = EvalRules {
    race: false,
    endgame_knowledge: false,
    geometry: Geometry::Orthodox,
    passed_extra_eighths: 0,
    alice_king_board: false,
    avalanche_terms: false,
    extra_action_tempo: false,
    network: None,
};

/// The evaluation's choices for `variant`.
pub(crate) const fn rules(variant: Variant) -> EvalRules {
    match variant {
        // Chess960 is searched as orthodox chess (its `Searched` type): the same terms
        // and network, none of which assumes the orthodox start.
        Variant::Chess | Variant::Chess960 => EvalRules {
            endgame_knowledge: true,
            network: Some(FeatureSet::PieceSquare),
            ..ORTHODOX
        },
        Variant::ChessGi => ORTHODOX,
        Variant::RacingKings => EvalRules {
            race: true,
            ..ORTHODOX
        },
        Variant::Alice => EvalRules {
            geometry: Geometry::Alice,
            alice_king_board: true,
            ..ORTHODOX
        },
        Variant::Billiards => EvalRules {
            geometry: Geometry::Billiards,
            ..ORTHODOX
        },
        Variant::ProgressiveScottish
        | Variant::ProgressiveItalian
        | Variant::Marseillais
        | Variant::MarseillaisBalanced => EvalRules {
            extra_action_tempo: true,
            ..ORTHODOX
        },
        Variant::Avalanche => EvalRules {
            passed_extra_eighths: params::AVALANCHE_PASSED_EXTRA_EIGHTHS,
            avalanche_terms: true,
            ..ORTHODOX
        },
    }
}
