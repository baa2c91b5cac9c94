//! What the evaluation does differently in each rule set ([`EvalRules`]); each rule
//! set states its own (`EngineRules::EVAL` in the engine layer's
//! `search/rule_sets.rs`), so a new rule set never inherits orthodox terms by accident.
//! The evaluation asks through its own trait, [`EvalChoices`], which the engine layer
//! implements: the search builds on the evaluation, never the reverse.

use super::mobility::Geometry;
use super::nnue::{FeatureSet, Network, Networks};
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

impl EvalRules {
    /// The orthodox terms without orthodox endgame knowledge or a network: what a
    /// rule set's own choices start from.
    pub(crate) const ORTHODOX: EvalRules = EvalRules {
        race: false,
        endgame_knowledge: false,
        geometry: Geometry::Orthodox,
        passed_extra_eighths: 0,
        alice_king_board: false,
        avalanche_terms: false,
        extra_action_tempo: false,
        network: None,
    };
}

/// A rule set's evaluation choices, as the evaluation asks for them. Every rule set
/// of the registry implements it (through `EngineRules`), or [`rules`] does not
/// compile.
pub(crate) trait EvalChoices {
    /// What the evaluation does in this rule set.
    const EVAL: EvalRules;
}

/// The evaluation's choices for `variant` (its [`EvalChoices::EVAL`]).
pub(crate) const fn rules(variant: Variant) -> EvalRules {
    crate::with_variant!(variant, G => <G as EvalChoices>::EVAL)
}

impl FeatureSet {
    /// The kind of network searches of `variant` read, if any.
    #[inline]
    pub fn of_variant(variant: Variant) -> Option<FeatureSet> {
        rules(variant).network
    }
}

impl Networks {
    /// The network a search of `variant` evaluates with, if any.
    pub fn for_variant(&self, variant: Variant) -> Option<&std::sync::Arc<Network>> {
        FeatureSet::of_variant(variant).and_then(|set| self.get(set))
    }
}
