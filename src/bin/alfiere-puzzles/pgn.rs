//! Candidates from the games of a PGN file: every position where a side comes to
//! act at the start of its turn after the opponent's action left it winning (a short
//! search says so); the criteria then decide (the mistake must have changed the game).

use alfiere::notation::pgn::read_pgn;
use alfiere::puzzles::criteria::WINNING_PERCENT;
use alfiere::puzzles::{Mistake, Prober};
use alfiere::{Position, Record};

/// The main lines of every game of `text`, read as rule set `G`.
pub fn games<G: Position>(text: &str) -> Result<Vec<Record<G>>, String> {
    let games = read_pgn::<G>(text).map_err(|e| e.to_string())?;
    Ok(games.iter().map(|g| g.main_line()).collect())
}

/// The candidates of one game, in order.
pub fn candidates<G: Position>(record: &Record<G>, play_nodes: u64) -> Vec<Mistake<G>> {
    let look = Prober::new(play_nodes);
    let history: Vec<(G, alfiere::Action)> =
        record.history().map(|(p, a)| (p.clone(), *a)).collect();
    let mut found = Vec::new();
    let mut turn_start = record.start().clone();
    for (i, (before, setup)) in history.iter().enumerate() {
        if before.turn_state().is_turn_start() {
            turn_start = before.clone();
        }
        let after = match history.get(i + 1) {
            Some((next, _)) => next.clone(),
            None => record.current().clone(),
        };
        let opponent_acted = before.turn() != after.turn();
        if !opponent_acted || after.outcome().is_some() {
            continue;
        }
        let winning = look
            .probe(&after, 1)
            .best()
            .is_some_and(|c| c.win_percent() >= WINNING_PERCENT);
        if winning {
            found.push(Mistake {
                turn_start: turn_start.clone(),
                before: before.clone(),
                setup: *setup,
            });
        }
    }
    found
}
