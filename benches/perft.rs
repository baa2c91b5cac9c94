//! Perft speed, side by side with shakmaty in the same run.
//!
//! `cargo bench --bench perft` prints, for the start position at depth 6 and
//! Kiwipete at depth 5, the median Mnps of alfiere and shakmaty, both playing every
//! action down to the leaves ("full") and counting the last ply in bulk ("bulk"),
//! and the ratio alfiere / shakmaty. `BENCH_RUNS` sets the runs per figure
//! (default 5); `BENCH_QUICK=1` uses one depth less, for a fast look.
//!
//! A second table gives every implemented rule set's start-position perft (bulk
//! counting) at a depth of about a second, and its speed relative to orthodox chess.

use alfiere::notation::fen::read_fen;
use alfiere::{perft, with_variant, Chess, Position, Variant};
use shakmaty::{fen::Fen, CastlingMode, Position as ShakmatyPosition};
use std::time::Instant;

const CASES: [(&str, &str, u32); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

/// The same algorithm as `alfiere::perft::perft_full`: every leaf is played (and
/// kept observable), without a call per leaf.
fn shakmaty_full<P: ShakmatyPosition + Clone>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let moves = pos.legal_moves();
        for &m in &moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            std::hint::black_box(&child);
        }
        return moves.len() as u64;
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            shakmaty_full(&child, depth - 1)
        })
        .sum()
}

/// Median Mnps of `runs` runs of `f`, which returns its node count.
fn measure(runs: usize, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut rates = Vec::with_capacity(runs);
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = std::hint::black_box(f());
        rates.push(nodes as f64 / t.elapsed().as_secs_f64() / 1e6);
    }
    rates.sort_by(|a, b| a.total_cmp(b));
    (nodes, rates[rates.len() / 2])
}

fn main() {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let quick = std::env::var("BENCH_QUICK").is_ok_and(|v| v == "1");
    println!("perft, median of {runs} runs (Mnps); ratio = alfiere / shakmaty");
    println!(
        "{:<10} {:>5} {:>5} {:>12} {:>10} {:>10} {:>7}",
        "position", "depth", "mode", "nodes", "alfiere", "shakmaty", "ratio"
    );
    for (name, fen, depth) in CASES {
        let depth = if quick { depth - 1 } else { depth };
        let ours: Chess = read_fen(fen).expect("valid FEN");
        let theirs: shakmaty::Chess = fen
            .parse::<Fen>()
            .expect("valid FEN")
            .into_position(CastlingMode::Standard)
            .expect("valid position");
        for mode in ["full", "bulk"] {
            let (n1, a) = measure(runs, || match mode {
                "full" => perft::perft_full(&ours, depth),
                _ => perft::perft(&ours, depth),
            });
            let (n2, s) = measure(runs, || match mode {
                "full" => shakmaty_full(&theirs, depth),
                _ => shakmaty::perft(&theirs, depth),
            });
            assert_eq!(n1, n2, "node counts differ for {name}");
            println!(
                "{name:<10} {depth:>5} {mode:>5} {n1:>12} {a:>10.1} {s:>10.1} {:>6.2}x",
                a / s
            );
        }
    }
    variant_table(runs, quick);
}

/// The start-position depth at which every rule set's perft takes about a second
/// (0.3 to 1 s here for each one implemented so far).
const VARIANT_DEPTH: u32 = 6;

fn variant_table(runs: usize, quick: bool) {
    println!();
    println!("start-position perft per rule set, bulk counting, median of {runs} runs");
    println!(
        "{:<22} {:>5} {:>12} {:>8} {:>9}",
        "variant", "depth", "nodes", "Mnps", "vs chess"
    );
    let mut chess_rate = None;
    for variant in Variant::ALL {
        let depth = VARIANT_DEPTH - u32::from(quick);
        let measured = with_variant!(variant, G => {
            let start = G::start();
            Some(measure(runs, || perft::perft(&start, depth)))
        });
        let Some((nodes, rate)) = measured else {
            continue;
        };
        let base = *chess_rate.get_or_insert(rate);
        println!(
            "{:<22} {depth:>5} {nodes:>12} {rate:>8.1} {:>8.2}x",
            variant.id(),
            rate / base
        );
    }
}
