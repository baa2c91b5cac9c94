//! `alfiere bench --threads N [--depth D] [--variant ID]`: the time-to-depth bench.
//! Every bench position (of one rule set with `--variant`) searched to a fixed depth
//! (each rule set's bench depth without `--depth`) on N threads, each with a fresh
//! table; one line per position with its wall time, then the median and the total.
//! Run it with 1 and with 2 threads on an idle machine to compare: with threads the
//! trees differ from run to run, so a single run says little (README, "Threads").

use alfiere::search::{bench, NoClock, Progress, SearchOptions, Threads, MAX_THREADS};
use alfiere::Variant;
use std::sync::Arc;
use std::time::Instant;

/// The command's settings.
struct Settings {
    threads: usize,
    depth: Option<u32>,
    variants: Vec<Variant>,
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut settings = Settings {
        threads: 1,
        depth: None,
        variants: Variant::ALL.to_vec(),
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let number = |max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .ok_or(format!(
                    "{flag} takes a whole number in 1..={max}, not '{value}'"
                ))
        };
        match flag.as_str() {
            "--threads" => settings.threads = number(MAX_THREADS as u64)? as usize,
            "--depth" => settings.depth = Some(number(30)? as u32),
            "--variant" => {
                settings.variants = vec![value.parse::<Variant>().map_err(|e| e.to_string())?]
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(settings)
}

/// Runs the command (`args` after `bench`); prints its lines with `print`.
pub fn run(args: &[String], print: &dyn Fn(&str)) {
    let settings = match parse(args) {
        Ok(settings) => settings,
        Err(e) => {
            print(&format!("info string bench: {e}"));
            print("info string usage: alfiere bench --threads N [--depth D] [--variant ID]");
            return;
        }
    };
    let options = SearchOptions {
        networks: alfiere::eval::nnue::Networks::built_in(),
        threads: Threads::new(settings.threads, Arc::new(super::start_search_thread)),
        ..SearchOptions::default()
    };
    let mut times = Vec::new();
    let mut nodes = 0;
    for &variant in &settings.variants {
        let depth = settings.depth.unwrap_or(bench::depth(variant));
        for text in bench::positions(variant) {
            let mut search = match bench::start_position(variant, text, depth, options.clone()) {
                Ok(search) => search,
                Err(e) => {
                    print(&format!("info string bench failed: {e}"));
                    return;
                }
            };
            // Timed from the start of the threads to the answer, as a GUI waits.
            let started = Instant::now();
            let result = loop {
                if let Progress::Done(result) = search.step(u64::MAX, &NoClock, &mut |_| {}) {
                    break result;
                }
            };
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            print(&format!(
                "info string time-to-depth {variant} {text}: depth {} time {ms:.1} ms nodes {} bestmove {}",
                result.depth,
                result.nodes,
                result
                    .best
                    .as_ref()
                    .map_or("(none)".to_string(), alfiere::notation::uci::action_to_uci)
            ));
            times.push(ms);
            nodes += result.nodes;
        }
    }
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    print("");
    print(&format!("Threads: {}", settings.threads));
    print(&format!("Positions: {}", times.len()));
    print(&format!("Median time (ms): {:.1}", median(&times)));
    print(&format!("Total time (ms): {total:.1}"));
    print(&format!("Nodes searched: {nodes}"));
}

/// The median of sorted `values` (0 for none).
fn median(values: &[f64]) -> f64 {
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}
