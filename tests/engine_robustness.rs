//! Engine robustness: thousands of random positions of every rule set (met in random
//! games, or made from mutated setups) searched with tiny, varied limits always give
//! a legal action (or none when there is none) and a legal PV, never a panic; the
//! table's memory follows `Hash` and the process's memory stays bounded during a
//! long search; a `go infinite` stopped at a random moment always answers
//! `bestmove`, through the binary and through the library's slice API.
//!
//! `cargo test --release --test engine_robustness -- --ignored` runs the bigger
//! versions counted in docs/reliability.md.

mod common;

use alfiere::notation::{fen, uci};
use alfiere::search::{
    Limits, NoClock, Progress, Search, SearchOptions, Strength, TranspositionTable,
};
use alfiere::uci::UciSession;
use alfiere::{with_variant, Position, Variant};
use common::checks::legal_list as legal;
use common::{mutated_positions, random_positions, Rng};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_alfiere");

// ---------------------------------------------------------------------------
// Random positions, tiny limits
// ---------------------------------------------------------------------------

/// How hard [`search_random_positions`] works.
#[derive(Clone, Copy)]
struct Sweep {
    /// Positions met in random games.
    played: usize,
    /// Positions made from mutated setups.
    mutated: usize,
    /// Node limits are drawn from `1..=max_nodes`.
    max_nodes: u64,
}

/// Searches random positions of rule set `G` with tiny node limits, random slice
/// sizes, now and then a depth limit, a weakened level, MultiPV or a stop before
/// the first step. Returns how many positions were searched.
fn search_random_positions<G: Position>(variant: Variant, sweep: Sweep) -> usize {
    let seed = 0xe9_0b05 ^ (variant as u64) << 8;
    let mut positions = random_positions(&G::start(), seed, sweep.played, 160);
    positions.extend(mutated_positions::<G>(seed ^ 1, sweep.mutated).0);
    let mut rng = Rng::new(seed ^ 2);
    let mut table = Some(TranspositionTable::new(1));
    for pos in &positions {
        let context = fen::write_fen(pos);
        let limits = match rng.below(8) {
            0 => Limits::depth(1 + rng.below(2) as u32),
            _ => Limits::nodes(1 + rng.next() % sweep.max_nodes),
        };
        let options = SearchOptions {
            multipv: if rng.below(8) == 0 {
                1 + rng.below(4)
            } else {
                1
            },
            strength: if rng.below(8) == 0 {
                Strength::from_level(rng.below(20) as u32)
            } else {
                Strength::full()
            },
            seed: rng.next(),
            networks: alfiere::eval::nnue::Networks::none(),
            repetitions: if rng.below(2) == 0 {
                alfiere::search::Repetitions::Strict
            } else {
                alfiere::search::Repetitions::Eager
            },
            ..SearchOptions::default()
        };
        let stop_at_once = rng.below(16) == 0;
        let slice = 1 + rng.below(300) as u64;
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut search = Search::<G>::new(table.take().unwrap());
            search.set_options(options.clone());
            search.start(pos.clone(), limits.clone());
            if stop_at_once {
                search.stop();
            }
            let result = loop {
                if let Progress::Done(result) = search.step(slice, &NoClock, &mut |_| {}) {
                    break result;
                }
            };
            (result, search.into_table())
        }));
        let (result, back) = outcome.unwrap_or_else(|_| {
            panic!("{variant}: the search panicked in {context} with {limits:?} {options:?}")
        });
        table = Some(back);
        let list = legal(pos);
        match result.best {
            None => assert!(list.is_empty(), "{variant}: no action in {context}"),
            Some(best) => {
                assert!(
                    list.contains(&best),
                    "{variant}: illegal {best:?} in {context}"
                );
                // The PV is a legal sequence starting with the best action.
                let mut line = pos.clone();
                for (i, action) in result.pv.iter().enumerate() {
                    assert!(
                        line.is_legal(action),
                        "{variant}: PV action {i} {action:?} illegal in {context}"
                    );
                    line.play_unchecked(action);
                }
                if let Some(first) = result.pv.first() {
                    assert_eq!(
                        *first, best,
                        "{variant}: PV does not start with best in {context}"
                    );
                }
            }
        }
    }
    positions.len()
}

fn sweep_every_variant(sweep: Sweep) -> usize {
    let mut total = 0;
    for variant in Variant::ALL {
        let searched = with_variant!(variant, G =>
            search_random_positions::<G>(variant, sweep));
        assert!(searched >= sweep.played, "{variant}: {searched}");
        eprintln!("{variant}: {searched} positions searched");
        total += searched;
    }
    total
}

#[test]
fn random_positions_of_every_rule_set_get_a_legal_action() {
    let total = sweep_every_variant(Sweep {
        played: 1_000,
        mutated: 100,
        max_nodes: 64,
    });
    assert!(total >= 10_000, "{total}");
}

/// The bigger run of docs/reliability.md (release build).
#[test]
#[ignore]
fn many_random_positions_of_every_rule_set_get_a_legal_action() {
    let total = sweep_every_variant(Sweep {
        played: 20_000,
        mutated: 2_000,
        max_nodes: 2_000,
    });
    eprintln!("total: {total} positions searched");
}

// ---------------------------------------------------------------------------
// Memory
// ---------------------------------------------------------------------------

/// Through the UCI options: the table has exactly the size `Hash` asks for, and a
/// search does not make it grow.
#[test]
fn the_table_follows_the_hash_option() {
    let mut session = UciSession::new();
    for mb in [1usize, 3, 16, 64, 2] {
        let mut out = Vec::new();
        session.handle_line(&format!("setoption name Hash value {mb}"), &mut |l| {
            out.push(l.to_string())
        });
        session.handle_line("go nodes 3000", &mut |l| out.push(l.to_string()));
        session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
        assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
        let bytes = session.table_bytes().unwrap();
        assert_eq!(bytes, TranspositionTable::bytes_for(mb), "Hash {mb}");
        assert!(
            bytes <= mb << 20 && bytes > (mb << 20) / 2,
            "Hash {mb}: {bytes} bytes"
        );
    }
}

/// The resident memory of a process in KiB, from `/proc/<pid>/status`.
fn rss_kib(pid: u32) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

/// The `alfiere` binary with its stdin and a channel of its output lines (read by a
/// thread, so waits can time out).
fn spawn_binary() -> (Child, ChildStdin, mpsc::Receiver<String>) {
    let mut child = Command::new(BINARY)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn alfiere");
    let stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (tx, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in stdout.lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, stdin, lines)
}

/// Runs `go infinite` with `Hash` MiB for `seconds` in the binary; returns the
/// resident memory sampled every 100 ms (KiB).
fn rss_during_search(hash_mb: usize, seconds: u64) -> Vec<usize> {
    let (mut child, mut stdin, lines) = spawn_binary();
    let pid = child.id();
    writeln!(stdin, "setoption name Hash value {hash_mb}").unwrap();
    writeln!(stdin, "setoption name UCI_Variant value chessgi").unwrap();
    writeln!(
        stdin,
        "position startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5"
    )
    .unwrap();
    writeln!(stdin, "go infinite").unwrap();
    stdin.flush().unwrap();
    let mut samples = Vec::new();
    let end = Instant::now() + Duration::from_secs(seconds);
    while Instant::now() < end {
        std::thread::sleep(Duration::from_millis(100));
        samples.push(rss_kib(pid));
    }
    writeln!(stdin, "stop").unwrap();
    stdin.flush().unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines.recv_timeout(left).expect("a bestmove after stop");
        if line.starts_with("bestmove ") {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    samples
}

/// Checks the samples of a long search: never above the table plus a fixed
/// allowance for the program, and flat once the search is running.
fn assert_bounded(hash_mb: usize, samples: &[usize]) {
    // The binary without a table takes a few MiB; the search's own stacks and
    // lists, well under 16 MiB more.
    const ALLOWANCE_KIB: usize = 32 << 10;
    let peak = *samples.iter().max().unwrap();
    assert!(
        peak <= (hash_mb << 10) + ALLOWANCE_KIB,
        "Hash {hash_mb}: peak {peak} KiB in {samples:?}"
    );
    // After the first half, the memory no longer grows (the table is allocated at
    // once and fills in place; nothing else piles up).
    let half = samples.len() / 2;
    let settled = samples[half];
    let last = *samples.last().unwrap();
    assert!(
        last <= settled + (hash_mb << 10) / 4 + 2048,
        "Hash {hash_mb}: grew from {settled} to {last} KiB: {samples:?}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn the_binary_memory_is_bounded_by_hash_during_a_long_search() {
    let small = rss_during_search(1, 3);
    assert_bounded(1, &small);
    let large = rss_during_search(16, 3);
    assert_bounded(16, &large);
}

/// The bigger run of docs/reliability.md: a minute with `Hash` 16, and 64.
#[cfg(target_os = "linux")]
#[test]
#[ignore]
fn the_binary_memory_stays_bounded_for_a_minute() {
    for mb in [16, 64] {
        let samples = rss_during_search(mb, 60);
        eprintln!(
            "Hash {mb}: RSS first {} KiB, peak {} KiB, last {} KiB",
            samples[0],
            samples.iter().max().unwrap(),
            samples.last().unwrap()
        );
        assert_bounded(mb, &samples);
    }
}

// ---------------------------------------------------------------------------
// go infinite, stopped at random moments
// ---------------------------------------------------------------------------

/// Through the binary: random rule sets and positions, `go infinite`, a `stop`
/// after a random pause (none at all for some); each answers one legal `bestmove`.
fn binary_stops(rounds: usize, max_pause_ms: u64) {
    let (mut child, mut stdin, lines) = spawn_binary();
    let mut rng = Rng::new(0x57_0b);
    for round in 0..rounds {
        let variant = Variant::ALL[rng.below(Variant::ALL.len())];
        let (fen_text, has_actions) = with_variant!(variant, G => {
            let pos = random_positions(&G::start(), rng.next(), 1 + rng.below(60), 60)
                .pop()
                .unwrap();
            (fen::write_fen(&pos), !legal(&pos).is_empty())
        });
        let pause = rng.next() % (max_pause_ms + 1);
        let mut script = format!(
            "setoption name UCI_Variant value {variant}\nposition fen {fen_text}\ngo infinite\n"
        );
        if pause == 0 || round % 7 == 0 {
            script.push_str("stop\n");
        }
        stdin.write_all(script.as_bytes()).unwrap();
        stdin.flush().unwrap();
        if !(pause == 0 || round % 7 == 0) {
            std::thread::sleep(Duration::from_millis(pause));
            writeln!(stdin, "stop").unwrap();
            stdin.flush().unwrap();
        }
        let deadline = Instant::now() + Duration::from_secs(30);
        let best = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("round {round}: no bestmove in {variant} {fen_text}"));
            if let Some(best) = line.strip_prefix("bestmove ") {
                break best.split_whitespace().next().unwrap().to_string();
            }
        };
        if has_actions {
            let ok = with_variant!(variant, G => {
                let game = alfiere::notation::fen::read_fen::<G>(&fen_text).unwrap();
                uci::parse_action(&game, &best).is_ok()
            });
            assert!(
                ok,
                "round {round}: bestmove {best} illegal in {variant} {fen_text}"
            );
        } else {
            assert_eq!(best, "(none)", "round {round}: {variant} {fen_text}");
        }
    }
    // Exactly one bestmove per search: nothing more arrives.
    writeln!(stdin, "isready").unwrap();
    stdin.flush().unwrap();
    loop {
        let line = lines
            .recv_timeout(Duration::from_secs(30))
            .expect("readyok");
        assert!(!line.starts_with("bestmove"), "an extra {line}");
        if line == "readyok" {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn go_infinite_stopped_at_random_moments_answers_bestmove() {
    binary_stops(40, 30);
}

#[test]
#[ignore]
fn go_infinite_stopped_at_many_random_moments_answers_bestmove() {
    binary_stops(1_000, 100);
}

/// Through the UCI session (what the binary and the JS `Engine`'s worker drive): an
/// endless search of a random position, a random number of steps, `stop`; the answer
/// is one `bestmove` with a legal action.
fn library_stops<G: Position>(variant: Variant, rounds: usize) {
    let mut rng = Rng::new(0x11b ^ variant as u64);
    let positions = random_positions(&G::start(), rng.next(), rounds, 80);
    for (round, pos) in positions.into_iter().enumerate() {
        let fen_text = fen::write_fen(&pos);
        if round % 2 == 1 {
            raw_search_stop(&pos, &mut rng);
            continue;
        }
        let mut session = UciSession::new();
        let mut out = Vec::new();
        for line in [
            format!("setoption name UCI_Variant value {}", variant.id()),
            "setoption name Hash value 1".to_string(),
            format!("position fen {fen_text}"),
            "go infinite".to_string(),
        ] {
            session.handle_line(&line, &mut |l| out.push(l.to_string()));
        }
        assert!(out.is_empty(), "{variant}: {out:?}");
        let steps = rng.below(12);
        for i in 0..steps {
            session.step(1 + rng.below(400) as u64, &|| i as u64, &mut |l| {
                out.push(l.to_string())
            });
        }
        assert!(
            !out.iter().any(|l| l.starts_with("bestmove")),
            "{variant}: an endless search answered before stop in {fen_text}"
        );
        session.handle_line("stop", &mut |l| out.push(l.to_string()));
        assert!(
            !session.is_busy(),
            "{variant}: still searching in {fen_text}"
        );
        let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove ")).collect();
        assert_eq!(best.len(), 1, "{variant}: {out:?}");
        let token = &best[0]["bestmove ".len()..];
        let list = legal(&pos);
        if token == "(none)" {
            assert!(list.is_empty(), "{variant}: nothing played in {fen_text}");
        } else {
            let action = uci::parse_action(&pos, token)
                .unwrap_or_else(|e| panic!("{variant}: {token} in {fen_text}: {e}"));
            assert!(list.contains(&action), "{variant}: {token} in {fen_text}");
        }
    }
}

/// The same through [`Search`] itself, the layer under the API.
fn raw_search_stop<G: Position>(pos: &G, rng: &mut Rng) {
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let mut search = Search::<G>::new(TranspositionTable::new(1));
    search.start(pos.clone(), limits);
    let steps = rng.below(12);
    let mut done = None;
    for _ in 0..steps {
        if let Progress::Done(result) =
            search.step(1 + rng.below(400) as u64, &NoClock, &mut |_| {})
        {
            done = Some(result);
            break;
        }
    }
    let result = done.unwrap_or_else(|| {
        search.stop();
        match search.step(1 + rng.below(400) as u64, &NoClock, &mut |_| {}) {
            Progress::Done(result) => result,
            Progress::Running => panic!("still running after stop in {}", fen::write_fen(pos)),
        }
    });
    let list = legal(pos);
    match result.best {
        Some(best) => assert!(list.contains(&best), "{best:?} in {}", fen::write_fen(pos)),
        None => assert!(list.is_empty(), "nothing played in {}", fen::write_fen(pos)),
    }
}

#[test]
fn endless_library_searches_stopped_at_random_moments_give_a_legal_action() {
    for variant in Variant::ALL {
        with_variant!(variant, G => library_stops::<G>(variant, 60));
    }
}
