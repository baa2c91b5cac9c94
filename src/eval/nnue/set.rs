//! The learned evaluations a search may use, at most one per feature layout
//! ([`Networks`]): orthodox chess reads the piece-square network, Chess-Gi the one with
//! hands. A search takes the one whose layout its rule set names, so the same set is
//! passed to a search of any rule set.

use super::features::FeatureSet;
use super::network::Network;
use crate::variant::Variant;
use std::sync::Arc;

impl FeatureSet {
    /// The layout searches of `variant` read, if any.
    pub fn of_variant(variant: Variant) -> Option<FeatureSet> {
        crate::eval::rules::rules(variant).network
    }
}

/// At most one network per [`FeatureSet`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Networks {
    by_layout: [Option<Arc<Network>>; FeatureSet::ALL.len()],
}

fn slot(set: FeatureSet) -> usize {
    FeatureSet::ALL
        .iter()
        .position(|&s| s == set)
        .expect("every layout is in FeatureSet::ALL")
}

impl Networks {
    /// No network: the hand-written evaluation everywhere.
    pub fn none() -> Networks {
        Networks::default()
    }

    /// The networks built into this build ([`super::built_in`]).
    pub fn built_in() -> Networks {
        let mut networks = Networks::none();
        for set in FeatureSet::ALL {
            if let Some(network) = super::built_in(set) {
                networks.insert(network);
            }
        }
        networks
    }

    /// A set of the one `network`.
    pub fn only(network: Arc<Network>) -> Networks {
        let mut networks = Networks::none();
        networks.insert(network);
        networks
    }

    /// Puts `network` in the place of its layout, replacing the one there.
    pub fn insert(&mut self, network: Arc<Network>) {
        let at = slot(network.feature_set);
        self.by_layout[at] = Some(network);
    }

    /// The network of layout `set`.
    pub fn get(&self, set: FeatureSet) -> Option<&Arc<Network>> {
        self.by_layout[slot(set)].as_ref()
    }

    /// The network a search of `variant` evaluates with, if any.
    pub fn for_variant(&self, variant: Variant) -> Option<&Arc<Network>> {
        FeatureSet::of_variant(variant).and_then(|set| self.get(set))
    }

    /// Whether there is no network at all.
    pub fn is_empty(&self) -> bool {
        self.by_layout.iter().all(Option::is_none)
    }

    /// The networks there are, in layout order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Network>> {
        self.by_layout.iter().flatten()
    }
}
