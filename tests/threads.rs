//! `Threads`: the parallel search (`src/search/parallel.rs`). With two threads a search
//! plays a legal action in every rule set; `stop`, a node limit and the end of the
//! search end every helper thread; `info` and the result count every thread's nodes;
//! the option through UCI (set, refused out of range, refused without a host that
//! starts threads), and weakened levels on one thread. The held mates on two threads
//! are in `tests/mates.rs`; the shared table's torn entries in `src/search/tt.rs`.

use alfiere::api::Game;
use alfiere::engine::{EngineSession, Event, Job, OptionChange, SearchJob, Status};
use alfiere::search::{
    stepped, Limits, NoClock, Progress, SearchInfo, SearchOptions, SearchResult, StartThread,
    Strength, Threads, TranspositionTable,
};
use alfiere::uci::UciSession;
use alfiere::{Position, Variant};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A host's thread starter that counts the helper threads started and still running.
#[derive(Default)]
struct Counted {
    started: AtomicUsize,
    running: AtomicUsize,
}

fn counted_starter(counts: &Arc<Counted>) -> Arc<StartThread> {
    let counts = Arc::clone(counts);
    Arc::new(move |job: Box<dyn FnOnce() + Send>| {
        counts.started.fetch_add(1, Ordering::SeqCst);
        counts.running.fetch_add(1, Ordering::SeqCst);
        let counts = Arc::clone(&counts);
        std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(move || {
                job();
                counts.running.fetch_sub(1, Ordering::SeqCst);
            })
            .expect("a thread");
    })
}

impl Counted {
    /// Whether every helper thread has returned: its search has ended (and dropped
    /// its handle on the table) before the answer came; the thread itself returns a
    /// moment later, so this waits a little for it.
    fn all_returned(&self) -> bool {
        let deadline = Instant::now() + Duration::from_millis(500);
        while self.running.load(Ordering::SeqCst) > 0 {
            if Instant::now() > deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }
}

/// A session whose searches run on `threads` threads started by `start`.
fn session_with_threads(threads: usize, start: Arc<StartThread>) -> EngineSession {
    let mut engine = EngineSession::new();
    engine.set_thread_starter(start);
    engine
        .set_option(OptionChange::Threads(threads))
        .expect("Threads");
    engine
}

fn best_of(events: &[Event]) -> Option<alfiere::Action> {
    events.iter().find_map(|e| match e {
        Event::BestAction { best, .. } => *best,
        _ => None,
    })
}

/// Steps a started search to its end.
fn run_stepped(
    search: &mut dyn stepped::SteppedSearch,
    infos: &mut Vec<SearchInfo>,
) -> SearchResult {
    loop {
        if let Progress::Done(result) = search.step(4096, &NoClock, &mut |i| infos.push(i.clone()))
        {
            return result;
        }
    }
}

#[test]
fn two_threads_play_a_legal_action_in_every_rule_set() {
    let counts = Arc::new(Counted::default());
    for variant in Variant::ALL {
        let mut engine = session_with_threads(2, counted_starter(&counts));
        engine.set_option(OptionChange::Variant(variant)).unwrap();
        // A position a few turns in, so the search has a real choice.
        let mut game = Game::start(variant);
        for _ in 0..3 {
            let first = game.record().legal_actions()[0];
            game.play_action(&first).unwrap();
        }
        engine.set_position(game.clone()).unwrap();
        let before = counts.started.load(Ordering::SeqCst);
        engine
            .start(Job::Search(SearchJob::new(Limits::nodes(20_000))))
            .unwrap();
        let mut events = Vec::new();
        assert_eq!(engine.run(&|| 0, &mut |e| events.push(e)), Status::Idle);
        let best = best_of(&events).unwrap_or_else(|| panic!("{variant}: no action"));
        assert!(
            game.record().legal_actions().contains(&best),
            "{variant}: {best:?}"
        );
        assert_eq!(
            counts.started.load(Ordering::SeqCst),
            before + 1,
            "{variant}"
        );
        assert!(counts.all_returned(), "{variant}");
    }
}

#[test]
fn stop_ends_every_thread_promptly() {
    let counts = Arc::new(Counted::default());
    let mut engine = session_with_threads(3, counted_starter(&counts));
    engine
        .set_position_moves(None, &["e4", "e5", "Nf3", "Nc6"])
        .unwrap();
    let infinite = Limits {
        infinite: true,
        ..Limits::default()
    };
    engine.start(Job::Search(SearchJob::new(infinite))).unwrap();
    for _ in 0..20 {
        assert_eq!(engine.step(4096, &|| 0, &mut |_| {}), Status::Running);
    }
    assert_eq!(counts.started.load(Ordering::SeqCst), 2);
    assert_eq!(
        counts.running.load(Ordering::SeqCst),
        2,
        "the helpers search on"
    );
    let asked = Instant::now();
    let mut events = Vec::new();
    engine.stop(&mut |e| events.push(e));
    // A helper looks at the stop signal every 1024 nodes: a few milliseconds natively,
    // well under a second in the test profile on a busy machine.
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    assert!(best_of(&events).is_some());
    assert!(counts.all_returned());
    assert_eq!(engine.status(), Status::Idle);
}

#[test]
fn a_node_limit_counts_every_thread_and_ends_them() {
    const LIMIT: u64 = 60_000;
    let counts = Arc::new(Counted::default());
    let pos = Game::start(Variant::Chess);
    let options = SearchOptions {
        threads: Threads::new(2, counted_starter(&counts)),
        ..SearchOptions::default()
    };
    let mut search = pos.start_search(Limits::nodes(LIMIT), options, TranspositionTable::new(4));
    let mut infos = Vec::new();
    let result = run_stepped(&mut *search, &mut infos);
    assert!(counts.all_returned());
    // Every thread's nodes, up to the limit; past it by at most one look of each
    // thread (the caller's step of 4096, a helper's 1024).
    assert!(result.nodes >= LIMIT, "{}", result.nodes);
    assert!(result.nodes <= LIMIT + 4096 + 1024, "{}", result.nodes);
    assert!(infos.iter().all(|i| i.nodes <= result.nodes));
}

#[test]
fn a_time_limit_ends_every_thread() {
    let counts = Arc::new(Counted::default());
    let mut engine = session_with_threads(2, counted_starter(&counts));
    engine
        .set_position_moves(None, &["d4", "Nf6", "c4"])
        .unwrap();
    engine
        .start(Job::Search(SearchJob::new(Limits::movetime(300))))
        .unwrap();
    let started = Instant::now();
    let clock = || started.elapsed().as_millis() as u64;
    let mut events = Vec::new();
    assert_eq!(engine.run(&clock, &mut |e| events.push(e)), Status::Idle);
    let took = started.elapsed();
    assert!(best_of(&events).is_some());
    assert!(took >= Duration::from_millis(250), "{took:?}");
    assert!(took < Duration::from_millis(2300), "{took:?}");
    assert!(counts.all_returned());
}

#[test]
fn multipv_on_two_threads_reports_every_line() {
    let counts = Arc::new(Counted::default());
    let mut engine = session_with_threads(2, counted_starter(&counts));
    engine.set_option(OptionChange::MultiPv(3)).unwrap();
    engine.set_position_moves(None, &["e4", "c5"]).unwrap();
    engine
        .start(Job::Search(SearchJob::new(Limits::depth(6))))
        .unwrap();
    let mut events = Vec::new();
    engine.run(&|| 0, &mut |e| events.push(e));
    // The deepest iteration's lines (a last report of the best line may follow).
    let deepest: Vec<&SearchInfo> = events
        .iter()
        .filter_map(|e| match e {
            Event::Info(info) if info.depth == 6 => Some(info),
            _ => None,
        })
        .take(3)
        .collect();
    let ranks: Vec<usize> = deepest.iter().map(|i| i.multipv).collect();
    assert_eq!(ranks, [1, 2, 3]);
    let mut firsts: Vec<_> = deepest.iter().map(|i| i.pv[0]).collect();
    firsts.sort_by_key(|a| format!("{a:?}"));
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three different actions");
    assert_eq!(counts.started.load(Ordering::SeqCst), 1);
}

/// Starts each helper at once on the caller's thread, to its end: a deterministic
/// parallel search, whose helper has filled the table before the search that decides
/// begins.
fn start_inline() -> Arc<StartThread> {
    Arc::new(|job: Box<dyn FnOnce() + Send>| job())
}

#[test]
fn info_and_result_count_the_helpers_nodes() {
    const DEPTH: u32 = 7;
    let pos = Game::start(Variant::Chess);
    let alone = {
        let mut search = pos.start_search(
            Limits::depth(DEPTH),
            SearchOptions::default(),
            TranspositionTable::new(4),
        );
        run_stepped(&mut *search, &mut Vec::new())
    };
    let options = SearchOptions {
        threads: Threads::new(2, start_inline()),
        ..SearchOptions::default()
    };
    let mut search = pos.start_search(Limits::depth(DEPTH), options, TranspositionTable::new(4));
    let mut infos = Vec::new();
    let result = run_stepped(&mut *search, &mut infos);
    // The helper searched the whole depth first; the search that decides then found
    // nearly everything in the table. Its own nodes alone would be a small part of
    // the single thread's; with the helper's, the count is about as large.
    assert!(
        result.nodes >= alone.nodes / 2,
        "{} vs {}",
        result.nodes,
        alone.nodes
    );
    let last = infos.last().expect("an info");
    assert_eq!(last.nodes, result.nodes);
    assert_eq!(result.depth, DEPTH);
    assert!(pos.record().legal_actions().contains(&result.best.unwrap()));
}

#[test]
fn one_thread_searches_exactly_as_without_threads() {
    let counts = Arc::new(Counted::default());
    let pos = Game::start(Variant::Marseillais);
    let search_with = |options: SearchOptions| {
        let mut search = pos.start_search(Limits::depth(4), options, TranspositionTable::new(4));
        run_stepped(&mut *search, &mut Vec::new())
    };
    let plain = search_with(SearchOptions::default());
    let one = search_with(SearchOptions {
        threads: Threads::new(1, counted_starter(&counts)),
        ..SearchOptions::default()
    });
    assert_eq!(plain, one);
    assert_eq!(counts.started.load(Ordering::SeqCst), 0);
}

#[test]
fn weakened_levels_stay_on_one_thread() {
    let counts = Arc::new(Counted::default());
    let pos = Game::start(Variant::Chess);
    let options = SearchOptions {
        strength: Strength::from_level(10),
        threads: Threads::new(4, counted_starter(&counts)),
        ..SearchOptions::default()
    };
    let mut search = pos.start_search(Limits::depth(3), options, TranspositionTable::new(1));
    run_stepped(&mut *search, &mut Vec::new());
    assert_eq!(counts.started.load(Ordering::SeqCst), 0);
}

/// `alfiere bench --threads N --depth D --variant ID`: one timed line per bench
/// position, then the median and the total; on one thread the very searches (and
/// nodes) of the bench.
#[test]
fn the_time_to_depth_bench() {
    let run = |threads: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_alfiere"))
            .args([
                "bench",
                "--threads",
                threads,
                "--depth",
                "4",
                "--variant",
                "racingkings",
            ])
            .output()
            .expect("run alfiere bench");
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let positions = alfiere::search::bench::positions(Variant::RacingKings).len();
    let plain: u64 = alfiere::search::bench::run_variant(
        Variant::RacingKings,
        Some(4),
        &alfiere::eval::nnue::Networks::built_in(),
    )
    .unwrap()
    .iter()
    .map(|e| e.nodes)
    .sum();
    for threads in ["1", "2"] {
        let text = run(threads);
        let timed: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("info string time-to-depth racingkings "))
            .collect();
        assert_eq!(timed.len(), positions, "{text}");
        assert!(
            timed.iter().all(|l| l.contains(": depth 4 time ")),
            "{text}"
        );
        assert!(text.contains(&format!("\nThreads: {threads}\n")), "{text}");
        assert!(
            text.contains(&format!("\nPositions: {positions}\n")),
            "{text}"
        );
        assert!(text.contains("\nMedian time (ms): "), "{text}");
        assert!(text.contains("\nTotal time (ms): "), "{text}");
        if threads == "1" {
            assert!(
                text.contains(&format!("\nNodes searched: {plain}\n")),
                "{text}"
            );
        }
    }
}

/// Every line a UCI command answers (a search run to its end).
fn uci(session: &mut UciSession, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    session.handle_line(line, &mut |l| out.push(l.to_string()));
    session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
    out
}

#[test]
fn threads_through_uci() {
    let counts = Arc::new(Counted::default());
    let mut session = UciSession::new();
    session.set_thread_starter(counted_starter(&counts));
    let options = uci(&mut session, "uci");
    assert!(options.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()));
    assert!(uci(&mut session, "setoption name Threads value 2").is_empty());
    assert_eq!(session.options().threads, 2);
    for (value, shown) in [("0", "'0'"), ("257", "'257'"), ("two", "'two'")] {
        let out = uci(
            &mut session,
            &format!("setoption name Threads value {value}"),
        );
        assert_eq!(
            out,
            vec![format!(
                "info string Threads needs a whole number in 1..=256, not {shown}"
            )]
        );
        assert_eq!(session.options().threads, 2, "kept");
    }
    uci(&mut session, "position startpos moves e2e4 e7e5");
    let out = uci(&mut session, "go depth 6");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    assert_eq!(counts.started.load(Ordering::SeqCst), 1);
    assert!(counts.all_returned());
    // Every info counts nodes that only grow.
    let nodes: Vec<u64> = out
        .iter()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .map(|t| t.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert!(
        !nodes.is_empty() && nodes.windows(2).all(|w| w[0] <= w[1]),
        "{nodes:?}"
    );
}

#[test]
fn threads_need_a_host_that_starts_them() {
    let mut session = UciSession::new();
    let out = uci(&mut session, "setoption name Threads value 2");
    assert_eq!(
        out,
        vec!["info string Threads above 1 need a host that starts threads; keeping 1".to_string()]
    );
    assert_eq!(session.options().threads, 1);
    assert!(uci(&mut session, "setoption name Threads value 1").is_empty());
}

/// Chess960 on two threads, from a start position of its own.
#[test]
fn chess960_on_two_threads() {
    let counts = Arc::new(Counted::default());
    let pos: alfiere::Chess960 = alfiere::search::bench::build_position(
        "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w DFdf - 0 1 moves d2d4 d7d5",
    )
    .unwrap();
    let options = SearchOptions {
        threads: Threads::new(2, counted_starter(&counts)),
        ..SearchOptions::default()
    };
    let mut search = stepped::start(
        &pos,
        &[],
        Limits::depth(6),
        options,
        TranspositionTable::new(4),
    );
    let result = run_stepped(&mut *search, &mut Vec::new());
    assert!(pos.is_legal(&result.best.unwrap()));
    assert_eq!(counts.started.load(Ordering::SeqCst), 1);
    assert!(counts.all_returned());
}
