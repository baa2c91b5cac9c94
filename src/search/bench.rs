//! The bench signature: a fixed set of positions of every implemented rule set,
//! each searched to a fixed depth (per rule set) with a fresh table and fresh history. The total
//! node count is deterministic, so an accidental change to the search shows up as a
//! changed signature (`alfiere bench` prints it; a test checks it).
//!
//! Positions are FENs or `startpos moves ...` (one action per token). Rule sets this
//! build does not implement are skipped, and their positions join the signature
//! when they are registered.

use super::rule_sets::EngineRules;
use super::{Limits, NoClock, Search, SearchOptions, SearchResult, TranspositionTable};
use crate::eval::nnue::Networks;
use crate::game::Position;
use crate::notation::{fen, uci};
use crate::variants::Variant;

/// The search depth (in actions) of a rule set's bench positions (its
/// `EngineRules::BENCH_DEPTH` in `search/rule_sets.rs`).
pub const fn depth(variant: Variant) -> u32 {
    crate::with_variant!(variant, G => <G as EngineRules>::BENCH_DEPTH)
}

/// The table size of the bench, in MiB.
pub const BENCH_HASH_MB: usize = 16;

/// The bench positions of a rule set (its `EngineRules::BENCH_POSITIONS` in
/// `search/rule_sets.rs`).
pub fn positions(variant: Variant) -> &'static [&'static str] {
    crate::with_variant!(variant, G => <G as EngineRules>::BENCH_POSITIONS)
}

/// Builds a position from a FEN or `startpos [moves ...]`.
///
/// # Errors
/// The FEN's problems or the first illegal action, as a message.
pub fn build_position<G: Position>(text: &str) -> Result<G, String> {
    let (head, moves) = match text.split_once(" moves ") {
        Some((h, m)) => (h.trim(), m),
        None => {
            let text = text.trim();
            (text.strip_suffix(" moves").unwrap_or(text), "")
        }
    };
    let mut game = match head {
        "startpos" => G::start(),
        fen_text => fen::read_fen::<G>(fen_text).map_err(|e| e.to_string())?,
    };
    for token in moves.split_whitespace() {
        let action = uci::parse_action(&game, token).map_err(|e| e.to_string())?;
        game.play_unchecked(&action);
    }
    Ok(game)
}

/// One searched bench position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchEntry {
    pub variant: Variant,
    pub position: &'static str,
    pub nodes: u64,
    pub best: Option<String>,
}

/// Searches one position of rule set `G` to `depth` with a fresh table, with the
/// network of `networks` that serves it (the hand-written evaluation without one).
pub fn search_position<G: Position>(pos: G, depth: u32, networks: &Networks) -> SearchResult {
    let mut search =
        Search::<G::Searched>::for_rule_set::<G>(TranspositionTable::new(BENCH_HASH_MB));
    search.set_options(SearchOptions {
        networks: networks.clone(),
        ..SearchOptions::default()
    });
    search.start(G::Searched::from(pos), Limits::depth(depth));
    search.run(&NoClock, &mut |_| {})
}

/// Starts a search of bench position `text` of `variant` to `depth` with a fresh table
/// (as [`search_position`]) through [`super::stepped::start`], so that `options` may
/// give it threads: the time-to-depth bench (`alfiere bench --threads`).
///
/// # Errors
/// A position that does not build.
pub fn start_position(
    variant: Variant,
    text: &str,
    depth: u32,
    options: SearchOptions,
) -> Result<Box<dyn super::SteppedSearch>, String> {
    fn each<G: Position>(
        text: &str,
        depth: u32,
        options: SearchOptions,
    ) -> Result<Box<dyn super::SteppedSearch>, String> {
        let pos: G = build_position(text)?;
        let table = TranspositionTable::new(BENCH_HASH_MB);
        Ok(super::stepped::start(
            &pos,
            &[],
            Limits::depth(depth),
            options,
            table,
        ))
    }
    crate::with_variant!(variant, G => each::<G>(text, depth, options))
        .map_err(|e| format!("{variant} {text}: {e}"))
}

/// Searches every bench position of `variant` (none if it is not implemented) to
/// `depth`, or to the rule set's bench [`depth`] when `None`.
///
/// # Errors
/// A position that does not build (a bad entry in the list).
pub fn run_variant(
    variant: Variant,
    depth: Option<u32>,
    networks: &Networks,
) -> Result<Vec<BenchEntry>, String> {
    let depth = depth.unwrap_or(self::depth(variant));
    fn each<G: Position>(
        variant: Variant,
        depth: u32,
        networks: &Networks,
    ) -> Result<Vec<BenchEntry>, String> {
        positions(variant)
            .iter()
            .map(|text| {
                let pos: G = build_position(text).map_err(|e| format!("{variant} {text}: {e}"))?;
                let result = search_position(pos, depth, networks);
                Ok(BenchEntry {
                    variant,
                    position: text,
                    nodes: result.nodes,
                    best: result.best.as_ref().map(uci::action_to_uci),
                })
            })
            .collect()
    }
    crate::with_variant!(variant, G => each::<G>(variant, depth, networks))
}

/// The whole bench: every implemented rule set's positions, at `depth` or at each
/// rule set's bench [`depth`] (the signature) when `None`.
///
/// # Errors
/// A position that does not build.
pub fn run(depth: Option<u32>, networks: &Networks) -> Result<Vec<BenchEntry>, String> {
    let mut all = Vec::new();
    for variant in Variant::ALL {
        all.extend(run_variant(variant, depth, networks)?);
    }
    Ok(all)
}
