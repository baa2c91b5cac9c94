//! Search speed: nodes per second on a fixed position set (the bench positions of
//! every implemented rule set), in release builds.
//!
//! `cargo bench --bench search` searches each rule set's bench positions to its
//! bench depth (`alfiere::search::bench::depth`) `BENCH_RUNS` times (default 3) and
//! prints, per rule set, the nodes of one run and the median knps, then the total.
//! `BENCH_DEPTH=<n>` searches every position to `n` instead.

use alfiere::search::bench;
use alfiere::Variant;
use std::time::Instant;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

fn main() {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(3);
    let depth: Option<u32> = std::env::var("BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok());
    println!(
        "{:<22} {:>6} {:>12} {:>10}",
        "rule set", "depth", "nodes", "knps"
    );
    let mut total_nodes = 0;
    let mut total_ms = 0.0;
    for variant in Variant::ALL {
        let mut rates = Vec::with_capacity(runs);
        let mut nodes = 0;
        let mut ms = Vec::with_capacity(runs);
        for _ in 0..runs {
            let started = Instant::now();
            let entries =
                bench::run_variant(variant, depth, &alfiere::eval::nnue::Networks::none())
                    .expect("bench positions");
            let elapsed = started.elapsed().as_secs_f64() * 1000.0;
            nodes = entries.iter().map(|e| e.nodes).sum::<u64>();
            rates.push(nodes as f64 / elapsed.max(0.001));
            ms.push(elapsed);
        }
        total_nodes += nodes;
        total_ms += median(ms);
        println!(
            "{:<22} {:>6} {:>12} {:>10.0}",
            variant.id(),
            depth.unwrap_or(bench::depth(variant)),
            nodes,
            median(rates)
        );
    }
    println!(
        "{:<22} {:>6} {:>12} {:>10.0}",
        "total",
        "",
        total_nodes,
        total_nodes as f64 / total_ms.max(0.001)
    );
}
