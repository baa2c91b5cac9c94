//! Games of the engine against itself, as the UCI layer would drive them: small
//! fixed-node searches that keep the table between actions and pass the game's
//! repetition history.

use alfiere::search::{position_key, Limits, NoClock, Search, SearchResult, TranspositionTable};
use alfiere::{Position, Record};

/// Plays from `start` until the game ends or `actions` actions were played, each
/// chosen by a search of `nodes` nodes; `inspect` sees every position with the
/// search's result before its best action is played.
pub fn self_play<G: Position>(
    start: G,
    nodes: u64,
    actions: usize,
    mut inspect: impl FnMut(&G, &SearchResult),
) -> Record<G> {
    let mut record = Record::new(start);
    let mut table = TranspositionTable::new(1);
    for _ in 0..actions {
        if record.outcome().is_some() {
            break;
        }
        let pos = record.current().clone();
        // Turn-start keys since the last irreversible action, as the UCI layer
        // passes them.
        let mut history = Vec::new();
        for (earlier, action) in record.history() {
            if earlier.turn_state().is_turn_start() {
                history.push(position_key(earlier));
            }
            if earlier.is_irreversible(action) {
                history.clear();
            }
        }
        let mut search = Search::<G>::new(table);
        search.start_with_history(pos.clone(), &history, Limits::nodes(nodes));
        let result = search.run(&NoClock, &mut |_| {});
        table = search.into_table();
        inspect(&pos, &result);
        let best = result
            .best
            .expect("a game that has not ended has an action");
        if let Err(e) = record.play(&best) {
            panic!("{}: {e}", alfiere::notation::fen::write_fen(&pos));
        }
    }
    record
}
