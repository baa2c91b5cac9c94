//! The learned evaluations a search may use, at most one per kind ([`Networks`]; a
//! [`FeatureSet`] is a layout and the rule sets it serves): orthodox chess reads the
//! piece-square network, Chess-Gi the one with hands, Billiards its own although its
//! inputs are orthodox chess's. A search takes the one whose kind its rule set names
//! (`Networks::for_variant`, with the rule sets' choices in `eval/rules.rs`), so the
//! same set is passed to a search of any rule set.

use super::features::FeatureSet;
use super::network::Network;
use std::sync::Arc;

/// The networks by kind.
type Slots = [Option<Arc<Network>>; FeatureSet::ALL.len()];

/// At most one network per [`FeatureSet`]. Shared: a set is cloned (into every
/// search's options) by one reference count.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Networks {
    /// `None` for no network at all.
    slots: Option<Arc<Slots>>,
}

/// A kind's place in [`Networks`]: its position in [`FeatureSet::ALL`] (checked by
/// a test).
fn slot(set: FeatureSet) -> usize {
    set as usize
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

    /// Puts `network` in the place of its kind, replacing the one there.
    pub fn insert(&mut self, network: Arc<Network>) {
        let at = slot(network.feature_set);
        let mut slots: Slots = self.slots.as_deref().cloned().unwrap_or_default();
        slots[at] = Some(network);
        self.slots = Some(Arc::new(slots));
    }

    /// The network of kind `set`.
    pub fn get(&self, set: FeatureSet) -> Option<&Arc<Network>> {
        self.slots.as_ref()?[slot(set)].as_ref()
    }

    /// Whether there is no network at all.
    pub fn is_empty(&self) -> bool {
        self.iter().next().is_none()
    }

    /// The networks there are, in kind order.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Network>> {
        self.slots.iter().flat_map(|slots| slots.iter().flatten())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn each_layout_has_its_own_place() {
        for (i, set) in FeatureSet::ALL.into_iter().enumerate() {
            assert_eq!(slot(set), i);
        }
    }

    #[test]
    fn a_network_takes_its_layouts_place_and_a_clone_keeps_its_own() {
        let network = |set: FeatureSet| {
            Arc::new(Network {
                feature_set: set,
                feature_weights: vec![1; set.inputs() * super::super::HIDDEN],
                feature_bias: [0; super::super::HIDDEN],
                output_weights: [0; 2 * super::super::HIDDEN],
                output_bias: 0,
            })
        };
        let mut networks = Networks::none();
        assert!(networks.is_empty());
        networks.insert(network(FeatureSet::PieceSquare));
        let before = networks.clone();
        networks.insert(network(FeatureSet::PieceSquareHands));
        assert_eq!(networks.iter().count(), 2);
        // The clone taken before is not changed by the insert.
        assert_eq!(before.iter().count(), 1);
        assert!(before.for_variant(Variant::ChessGi).is_none());
        assert!(networks.for_variant(Variant::ChessGi).is_some());
        assert!(networks.for_variant(Variant::Chess960).is_some());
        assert!(networks.for_variant(Variant::Alice).is_none());
    }
}
