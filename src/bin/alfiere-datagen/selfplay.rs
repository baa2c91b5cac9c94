//! One self-play game of alfiere against itself at a fixed node budget per move,
//! from a random but roughly balanced opening, keeping the quiet positions it
//! searched with their scores: the samples a learned evaluation is trained on.

use crate::adjudicate::{self, white_view, Adjudicator, Verdict};
use crate::opening;
use alfiere::api::AnyRecord;
use alfiere::eval::nnue::{Network, Networks};
use alfiere::notation::fen::write_fen;
use alfiere::search::skill::SplitMix;
use alfiere::search::{
    Limits, NoClock, Progress, Score, Search, SearchOptions, SearchResult, TranspositionTable,
};
use alfiere::{Action, Position, Record};
use std::sync::Arc;

/// Openings whose first search scores beyond this (either way) are thrown away, so
/// that games start roughly balanced and the data is not dominated by lopsided ones.
const BALANCED_CP: i32 = 400;
/// Plies after the opening whose positions are not kept by default (`--skip-plies`):
/// they are still close to the random opening (and to each other across games), not
/// to positions of real play. Fewer suit Progressive, whose games are a few long
/// series: 8 actions are two of its series.
pub const SKIP_PLIES: usize = 8;
/// Openings tried for one game before it is given up.
const OPENING_ATTEMPTS: u32 = 1000;
/// Nodes per call to [`Search::step`]; the node limit is what ends the search.
const STEP_NODES: u64 = 1 << 16;

/// What a game is played with.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The node budget of every search.
    pub nodes: u64,
    /// Random plies before the engine plays.
    pub opening_plies: usize,
    /// Plies after the opening whose positions are not kept.
    pub skip_plies: usize,
    /// The learned evaluation the searches use; none: the hand-written one.
    pub network: Option<Arc<Network>>,
}

/// A kept position: its FEN and its search score in centipawns from White's view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    pub fen: String,
    pub white_cp: i32,
}

/// A finished game's samples and result.
#[derive(Debug, Clone)]
pub struct PlayedOut {
    pub samples: Vec<Sample>,
    pub verdict: Verdict,
}

impl PlayedOut {
    /// The game's lines as written to the data file:
    /// `<FEN> | <score cp, White's view> | <result, White's view>`.
    pub fn text(&self) -> String {
        let result = self.verdict.white_token();
        self.samples
            .iter()
            .map(|s| format!("{} | {} | {result}\n", s.fen, s.white_cp))
            .collect()
    }
}

/// Plays the game of rule set `G` seeded by `seed` with `table` (cleared first, so
/// the game depends on its seed alone); gives the table back. `None` when no balanced
/// opening was found.
pub fn play<G: Position>(
    table: TranspositionTable,
    settings: &Settings,
    seed: u64,
) -> (Option<PlayedOut>, TranspositionTable) {
    play_from(G::start(), table, settings, seed)
}

/// As [`play`], with the random opening played from `start` (a Chess960 array, say).
pub fn play_from<G: Position>(
    start: G,
    table: TranspositionTable,
    settings: &Settings,
    seed: u64,
) -> (Option<PlayedOut>, TranspositionTable) {
    let mut rng = SplitMix(seed);
    let mut search = fresh_search::<G>(table, settings.network.clone());
    let mut attempts = 0;
    let (mut record, first) = loop {
        attempts += 1;
        if attempts > OPENING_ATTEMPTS {
            return (None, search.into_table());
        }
        let Some(record) = opening::random_from(start.clone(), settings.opening_plies, &mut rng)
        else {
            continue;
        };
        let result = think(&mut search, &record, settings.nodes);
        if matches!(result.score, Score::Cp(cp) if cp.abs() <= BALANCED_CP) {
            break (record, result);
        }
        // A rejected opening leaves nothing behind for the next one.
        search = fresh_search(search.into_table(), settings.network.clone());
    };
    let first_kept = record.len() + settings.skip_plies;
    let mut next = Some(first);
    let mut adjudicator = Adjudicator::default();
    let mut samples = Vec::new();
    let verdict = loop {
        if let Some(outcome) = record.outcome() {
            break Verdict::from_outcome(outcome);
        }
        if record.claimable_draw().is_some() || record.len() >= adjudicate::MAX_PLIES {
            break Verdict::Draw;
        }
        let result = next
            .take()
            .unwrap_or_else(|| think(&mut search, &record, settings.nodes));
        let best = result
            .best
            .expect("a position with no ending has a legal action");
        let position = record.current();
        let white_score = white_view(result.score, position.turn());
        if record.len() >= first_kept && is_quiet(position, &best) {
            if let Score::Cp(white_cp) = white_score {
                samples.push(Sample {
                    fen: write_fen(position),
                    white_cp,
                });
            }
        }
        if let Some(verdict) = adjudicator.note(white_score, record.len()) {
            break verdict;
        }
        record
            .play(&best)
            .expect("the search's best action is legal");
    };
    (Some(PlayedOut { samples, verdict }), search.into_table())
}

/// A search at full strength with one line, over an emptied table.
fn fresh_search<G: Position>(
    table: TranspositionTable,
    network: Option<Arc<Network>>,
) -> Search<G> {
    let mut table = table;
    table.clear();
    let mut search = Search::new(table);
    search.set_options(SearchOptions {
        networks: network.map(Networks::only).unwrap_or_default(),
        ..SearchOptions::default()
    });
    search
}

/// Searches the game's current position to the node budget.
fn think<G: Position>(search: &mut Search<G>, record: &Record<G>, nodes: u64) -> SearchResult {
    let history = AnyRecord::repetition_keys(record);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    search.start_with_history(record.current().clone(), &history, limits);
    loop {
        if let Progress::Done(result) = search.step(STEP_NODES, &NoClock, &mut |_| {}) {
            return result;
        }
    }
}

/// Whether a position is quiet enough to train a static evaluation on: not in
/// check, and the best action neither captures nor promotes (a static score cannot
/// see a pending exchange; the search's score already includes it). The same in
/// every rule set, with one addition: an Avalanche push onto the last rank is a
/// promotion in all but name (the owner chooses the piece next). Within a
/// multi-action turn only the next action counts: the actions left after it are
/// inputs of the network (a whole quiet rest of a Progressive series would keep
/// almost no position of the long series, where one action of many captures).
fn is_quiet<G: Position>(position: &G, best: &Action) -> bool {
    let pushes_to_promotion =
        matches!(best, Action::Push { to, .. } if alfiere::Bitboard::BACK_RANKS.contains(*to));
    !position.is_check() && !best.is_capture() && best.promotion().is_none() && !pushes_to_promotion
}

#[cfg(test)]
mod tests {
    use super::*;
    use alfiere::notation::fen::read_fen;
    use alfiere::{Chess, ChessGi};

    #[test]
    fn a_game_is_determined_by_its_seed() {
        let settings = Settings {
            nodes: 200,
            opening_plies: 8,
            skip_plies: SKIP_PLIES,
            network: None,
        };
        let (a, table) = play::<Chess>(TranspositionTable::new(1), &settings, 11);
        let (b, _) = play::<Chess>(table, &settings, 11);
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a.samples, b.samples);
        assert_eq!(a.verdict, b.verdict);
        assert_eq!(a.text().lines().count(), a.samples.len());
    }

    #[test]
    fn chess_gi_games_keep_positions_with_hands() {
        let settings = Settings {
            nodes: 300,
            opening_plies: 8,
            skip_plies: SKIP_PLIES,
            network: None,
        };
        let mut table = TranspositionTable::new(1);
        let mut with_hands = 0;
        for seed in 0..4 {
            let (played, back) = play::<ChessGi>(table, &settings, seed);
            table = back;
            let played = played.expect("a balanced Chess-Gi opening");
            for sample in &played.samples {
                // Every kept line reads back as a Chess-Gi position.
                let pos: ChessGi = read_fen(&sample.fen).expect(&sample.fen);
                assert!(!pos.is_check());
                with_hands += usize::from(!sample.fen.contains("[]"));
            }
        }
        assert!(with_hands > 0, "no kept position has a piece in hand");
    }
}
