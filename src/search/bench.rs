//! The bench signature: a fixed set of positions of every implemented rule set,
//! each searched to a fixed depth (per rule set) with a fresh table and fresh history. The total
//! node count is deterministic, so an accidental change to the search shows up as a
//! changed signature (`alfiere bench` prints it; a test checks it).
//!
//! Positions are FENs or `startpos moves ...` (one action per token). Rule sets this
//! build does not implement are skipped, and their positions join the signature
//! when they are registered.

use super::{Limits, NoClock, Search, SearchOptions, SearchResult, TranspositionTable};
use crate::eval::nnue::Network;
use crate::game::Game;
use crate::notation::{fen, uci};
use crate::variants::Variant;
use std::sync::Arc;

/// The search depth (in actions) of a rule set's bench positions: deeper where the
/// tree is narrow, shallower where turns have several actions.
pub const fn depth(variant: Variant) -> u32 {
    match variant {
        Variant::Chess | Variant::Chess960 | Variant::RacingKings => 9,
        Variant::Alice | Variant::Billiards => 8,
        Variant::ChessGi | Variant::Avalanche => 7,
        Variant::ProgressiveScottish | Variant::ProgressiveItalian => 6,
        Variant::Marseillais | Variant::MarseillaisBalanced => 6,
    }
}

/// The table size of the bench, in MiB.
pub const BENCH_HASH_MB: usize = 16;

/// The bench positions of a rule set.
pub fn positions(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chess => &[
            "startpos",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        ],
        // Start positions 0 and 959, and 0 a few moves on, with castling near on both
        // wings (the kings and rooks start off the orthodox squares).
        Variant::Chess960 => &[
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 moves g2g3 g7g6 e2e4 e7e5 e1d3 e8d6",
        ],
        Variant::ChessGi => &[
            "startpos",
            "startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
            "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48",
        ],
        Variant::RacingKings => &["startpos", "8/8/8/8/3K4/8/krbnNBR1/qrbnNBRQ b - - 1 3"],
        Variant::Alice => &[
            "startpos",
            "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/2|K|R1B1R b - - 4 11",
        ],
        Variant::Billiards => &["startpos", "startpos moves e2e4 e7e5 g1f3 b8c6"],
        Variant::ProgressiveScottish | Variant::ProgressiveItalian => {
            &["startpos", "startpos moves e2e4 e7e5 d7d5"]
        }
        Variant::Marseillais => &["startpos", "startpos moves e2e4 d2d4 e7e5 d7d5"],
        Variant::MarseillaisBalanced => &["startpos", "startpos moves e2e4 e7e5 d7d5"],
        Variant::Avalanche => &["startpos", "startpos moves e2e4 d7d6 e7e5 d2d3"],
    }
}

/// Builds a position from a FEN or `startpos [moves ...]`.
///
/// # Errors
/// The FEN's problems or the first illegal action, as a message.
pub fn build_position<G: Game>(text: &str) -> Result<G, String> {
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

/// Searches one position of rule set `G` to `depth` with a fresh table, with
/// `network` where it applies (the hand-written evaluation without one).
pub fn search_position<G: Game>(
    pos: G,
    depth: u32,
    network: Option<&Arc<Network>>,
) -> SearchResult {
    let mut search =
        Search::<G::Searched>::new_for(TranspositionTable::new(BENCH_HASH_MB), G::VARIANT);
    search.set_options(SearchOptions {
        network: network.cloned(),
        ..SearchOptions::default()
    });
    search.start(G::Searched::from(pos), Limits::depth(depth));
    search.run(&NoClock, &mut |_| {})
}

/// Searches every bench position of `variant` (none if it is not implemented) to
/// `depth`, or to the rule set's bench [`depth`] when `None`.
///
/// # Errors
/// A position that does not build (a bad entry in the list).
pub fn run_variant(
    variant: Variant,
    depth: Option<u32>,
    network: Option<&Arc<Network>>,
) -> Result<Vec<BenchEntry>, String> {
    let depth = depth.unwrap_or(self::depth(variant));
    fn each<G: Game>(
        variant: Variant,
        depth: u32,
        network: Option<&Arc<Network>>,
    ) -> Result<Vec<BenchEntry>, String> {
        positions(variant)
            .iter()
            .map(|text| {
                let pos: G = build_position(text).map_err(|e| format!("{variant} {text}: {e}"))?;
                let result = search_position(pos, depth, network);
                Ok(BenchEntry {
                    variant,
                    position: text,
                    nodes: result.nodes,
                    best: result.best.as_ref().map(uci::action_to_uci),
                })
            })
            .collect()
    }
    crate::with_variant!(variant, G => each::<G>(variant, depth, network))
}

/// The whole bench: every implemented rule set's positions, at `depth` or at each
/// rule set's bench [`depth`] (the signature) when `None`.
///
/// # Errors
/// A position that does not build.
pub fn run(depth: Option<u32>, network: Option<&Arc<Network>>) -> Result<Vec<BenchEntry>, String> {
    let mut all = Vec::new();
    for variant in Variant::ALL {
        all.extend(run_variant(variant, depth, network)?);
    }
    Ok(all)
}
