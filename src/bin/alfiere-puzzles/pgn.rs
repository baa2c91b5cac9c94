//! The games of a PGN file to mine (their candidates: `alfiere::puzzles::mine`).

use alfiere::notation::pgn::read_pgn;
use alfiere::{Position, Record};

/// The main lines of every game of `text`, read as rule set `G`.
pub fn games<G: Position>(text: &str) -> Result<Vec<Record<G>>, String> {
    let games = read_pgn::<G>(text).map_err(|e| e.to_string())?;
    Ok(games.iter().map(|g| g.main_line()).collect())
}
