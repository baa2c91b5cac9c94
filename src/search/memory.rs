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

#[cfg(test)]
mod tests {
    use super::super::tt::TranspositionTable;
    use super::*;
    use crate::moves::Action;
    use crate::types::{Color, Role, Square};

    const KNIGHT_DROP: Action = Action::Drop {
        role: Role::Knight,
        to: Square::E1,
    };

    fn learned_drop() -> Box<Learned> {
        let mut learned = Box::new(Learned::new(Variant::ChessGi));
        learned.history.update(Color::White, &KNIGHT_DROP, 1000);
        learned
    }

    fn knight_drop_history(learned: &Learned) -> i32 {
        learned.history.get(Color::White, &KNIGHT_DROP)
    }

    #[test]
    fn the_table_carries_histories_to_the_same_rule_set_only() {
        let mut table = TranspositionTable::new(1);
        table.keep_learned(learned_drop());
        assert!(knight_drop_history(&table.take_learned(Variant::ChessGi)) > 0);
        // Taken once: the next search that does not give them back starts afresh.
        assert_eq!(
            knight_drop_history(&table.take_learned(Variant::ChessGi)),
            0
        );
        table.keep_learned(learned_drop());
        assert_eq!(knight_drop_history(&table.take_learned(Variant::Chess)), 0);
        table.keep_learned(learned_drop());
        table.clear();
        assert_eq!(
            knight_drop_history(&table.take_learned(Variant::ChessGi)),
            0
        );
    }
}
