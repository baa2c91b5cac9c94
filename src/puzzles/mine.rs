//! Mining puzzles from games, one game at a time, and gathering them in game order:
//! the work of `alfiere-puzzles` on each game and of its collecting loop, shared with
//! the Python package (and its Dask tasks), which mines chunks of games in other
//! processes and gathers their verdicts the same way.
//!
//! A game's candidates are the positions where a side comes to act at the start of
//! its turn after the opponent's action left it winning (a short search says so);
//! the criteria ([`super::criteria`]) then decide whether each is a puzzle. Gathered
//! in game order, a puzzle whose first position was already found is a duplicate,
//! and an id already taken gets a salt, so the set depends only on the games and
//! the budgets, never on how the work was spread.

use super::criteria::WINNING_PERCENT;
use super::file::{puzzle_id, PuzzleRow};
use super::rating::rating;
use super::second_look::look_again;
use super::themes::{themes, PuzzleRules};
use super::{solve, Mistake, Prober, Rejection};
use crate::notation::fen::{read_fen, write_fen};
use crate::notation::uci::{action_to_uci_in, parse_action};
use crate::{Action, Position, Record, Variant};
use std::collections::HashSet;

/// One candidate's fate: a puzzle (with the key that tells duplicates apart: the
/// FEN of the position the solver first faces) or the reason it was turned away.
pub type Verdict = Result<(String, PuzzleRow), Rejection>;

/// The candidates of one game, in order.
pub fn game_candidates<G: Position>(record: &Record<G>, play_nodes: u64) -> Vec<Mistake<G>> {
    let look = Prober::new(play_nodes);
    let history: Vec<(G, Action)> = record.history().map(|(p, a)| (p.clone(), *a)).collect();
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

/// Solves one candidate and writes it as a row (its id unsalted).
pub fn puzzle_of<G: PuzzleRules>(candidate: &Mistake<G>, prober: &Prober) -> Verdict {
    let line = solve(candidate, prober)?;
    look_again(&line, prober)?;
    let fen = write_fen(&line.before);
    // The file must give back exactly this puzzle: its FEN and its UCI tokens.
    // A comma (a Progressive en-passant list) would split the file's fields.
    let read_back: Option<G> = read_fen(&fen).ok();
    if fen.contains(',') || read_back.as_ref() != Some(&line.before) {
        return Err(Rejection::Unfit);
    }
    let moves: Vec<String> = std::iter::once(&line.setup)
        .chain(line.actions.iter())
        .map(|action| action_to_uci_in(action, G::VARIANT))
        .collect();
    let mut pos = line.before.clone();
    for (action, token) in std::iter::once(&line.setup)
        .chain(line.actions.iter())
        .zip(&moves)
    {
        if parse_action(&pos, token).ok() != Some(*action) {
            return Err(Rejection::Unfit);
        }
        pos.play_unchecked(action);
    }
    let joined = moves.join(" ");
    let key = write_fen(&line.positions[0]);
    let row = PuzzleRow {
        id: puzzle_id(G::VARIANT.id(), &fen, &joined, 0),
        fen,
        moves,
        rating: rating(line.effort()),
        themes: themes(&line).into_iter().map(str::to_owned).collect(),
    };
    Ok((key, row))
}

/// Every candidate of one game, judged: the miner's work on one PGN game, with
/// probes of `prober`'s budget and a first look of `play_nodes`.
pub fn mine_game<G: PuzzleRules>(
    record: &Record<G>,
    prober: &Prober,
    play_nodes: u64,
) -> Vec<Verdict> {
    game_candidates(record, play_nodes)
        .iter()
        .map(|candidate| puzzle_of(candidate, prober))
        .collect()
}

/// Puzzles gathered in game order, up to a count: duplicates turned away, ids made
/// unique.
#[derive(Debug, Clone)]
pub struct PuzzleSet {
    variant: Variant,
    count: usize,
    rows: Vec<PuzzleRow>,
    seen: HashSet<String>,
    ids: HashSet<String>,
}

impl PuzzleSet {
    /// An empty set of rule set `variant`'s puzzles that takes at most `count`.
    pub fn new(variant: Variant, count: usize) -> PuzzleSet {
        PuzzleSet {
            variant,
            count,
            rows: Vec::new(),
            seen: HashSet::new(),
            ids: HashSet::new(),
        }
    }

    /// Whether the set holds its count.
    pub fn is_full(&self) -> bool {
        self.rows.len() >= self.count
    }

    /// The puzzles, in the order they were taken.
    pub fn rows(&self) -> &[PuzzleRow] {
        &self.rows
    }

    /// The puzzles, given up.
    pub fn into_rows(self) -> Vec<PuzzleRow> {
        self.rows
    }

    /// Offers the next verdict, in game order: `Ok(true)` when its puzzle is taken,
    /// `Ok(false)` when the set was already full, or the reason it is turned away
    /// (its own, or [`Rejection::Duplicate`]).
    ///
    /// # Errors
    /// The verdict's rejection, or `Duplicate`.
    pub fn offer(&mut self, verdict: Verdict) -> Result<bool, Rejection> {
        let (key, mut row) = verdict?;
        if self.is_full() {
            return Ok(false);
        }
        if !self.seen.insert(key) {
            return Err(Rejection::Duplicate);
        }
        let moves = row.moves.join(" ");
        let mut salt = 0;
        while !self.ids.insert(row.id.clone()) {
            salt += 1;
            row.id = puzzle_id(self.variant.id(), &row.fen, &moves, salt);
        }
        self.rows.push(row);
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, fen: &str) -> PuzzleRow {
        PuzzleRow {
            id: id.into(),
            fen: fen.into(),
            moves: vec!["e2e4".into(), "e7e5".into()],
            rating: 1500,
            themes: vec!["short".into()],
        }
    }

    #[test]
    fn a_set_turns_duplicates_away_salts_taken_ids_and_stops_at_its_count() {
        let mut set = PuzzleSet::new(Variant::Chess, 2);
        assert_eq!(set.offer(Ok(("k1".into(), row("a", "f1")))), Ok(true));
        assert_eq!(
            set.offer(Ok(("k1".into(), row("b", "f2")))),
            Err(Rejection::Duplicate)
        );
        assert_eq!(set.offer(Err(Rejection::Unfit)), Err(Rejection::Unfit));
        assert_eq!(set.offer(Ok(("k2".into(), row("a", "f2")))), Ok(true));
        assert_eq!(set.rows()[1].id, puzzle_id("chess", "f2", "e2e4 e7e5", 1));
        assert!(set.is_full());
        assert_eq!(set.offer(Ok(("k3".into(), row("c", "f3")))), Ok(false));
        assert_eq!(set.into_rows().len(), 2);
    }
}
