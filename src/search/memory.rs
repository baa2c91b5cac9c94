//! What a search learns besides the table (the move-ordering histories and the
//! static-score corrections), carried to the next search inside the table, as the
//! table's entries are: the next move of a game meets mostly the same positions,
//! and starting from what was learnt orders the first iterations well at once.

use super::correction::CorrectionHistory;
use super::ordering::{ContinuationHistory, Countermoves, History};
use crate::variants::Variant;

/// The histories of one rule set's searches.
#[derive(Debug, Clone)]
pub struct Learned {
    /// The rule set they were learnt in (another rule set starts afresh).
    pub variant: Variant,
    pub history: History,
    pub countermoves: Countermoves,
    pub continuation: ContinuationHistory,
    pub correction: CorrectionHistory,
}

impl Learned {
    /// Nothing learnt yet.
    pub fn new(variant: Variant) -> Learned {
        Learned {
            variant,
            history: History::default(),
            countermoves: Countermoves::default(),
            continuation: ContinuationHistory::default(),
            correction: CorrectionHistory::default(),
        }
    }
}
