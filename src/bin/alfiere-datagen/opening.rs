//! Random openings: a few plies chosen uniformly among the legal actions from the
//! start position, so that self-play games (and the positions drawn from them) are
//! varied although the search itself is deterministic.

use alfiere::search::skill::SplitMix;
use alfiere::{ActionList, Position, Record};

/// The game of rule set `G` after `plies` random actions from `start` (its start
/// position, or a Chess960 array), or `None` if it is already over (or a draw can
/// be claimed) by then.
pub fn random_from<G: Position>(start: G, plies: usize, rng: &mut SplitMix) -> Option<Record<G>> {
    let mut record = Record::new(start);
    let mut list = ActionList::new();
    for _ in 0..plies {
        record.current().legal_actions(&mut list);
        if list.is_empty() {
            return None;
        }
        let action = list[rng.below(list.len())];
        record.play(&action).ok()?;
    }
    (record.outcome().is_none() && record.claimable_draw().is_none()).then_some(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alfiere::notation::fen::write_fen;
    use alfiere::Chess;

    #[test]
    fn openings_are_seeded_and_varied() {
        let fens = |seed| {
            let mut rng = SplitMix(seed);
            (0..20)
                .filter_map(|_| random_from(Chess::start(), 8, &mut rng))
                .map(|r| write_fen(r.current()))
                .collect::<Vec<_>>()
        };
        let first = fens(3);
        assert_eq!(first, fens(3));
        assert_ne!(first, fens(4));
        let mut distinct = first.clone();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() > 15, "{distinct:?}");
        // Eight plies from the start: White to act again, at move 5.
        assert!(first.iter().all(|fen| fen.split(' ').nth(1) == Some("w")));
        assert!(first.iter().all(|fen| fen.ends_with(" 5")));
    }
}
