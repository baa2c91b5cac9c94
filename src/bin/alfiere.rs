//! The `alfiere` UCI engine: reads commands from standard input, one per line.
//!
//! A reader thread passes the lines to the session ([`UciSession`], the same one the
//! wasm module runs), which this thread drives: while a search runs it is stepped a
//! few thousand nodes at a time, and the input is looked at between steps, so `stop`
//! ends a search at once (`go infinite` waits for it) and `isready` is answered while
//! it thinks. Commands that need the search's table (`go`, `setoption`,
//! `ucinewgame`) wait for it, stopping it if it would never end by itself. At the end
//! of input a finite search is awaited and an endless one stopped. `alfiere bench
//! [depth]` prints the bench signature, `alfiere bench --threads N [--depth D]` the
//! time to depth on N threads (`time_to_depth.rs`); `alfiere annotate` analyses games
//! (`annotate.rs`). The binary starts the helper threads of a search with `Threads`
//! above 1 (the library starts none itself).

#[path = "alfiere/annotate.rs"]
mod annotate;
#[path = "alfiere/batch.rs"]
mod batch;
#[path = "alfiere/time_to_depth.rs"]
mod time_to_depth;

use alfiere::eval::nnue::{Network, Networks};

use alfiere::search::bench;
use alfiere::uci::{Control, Status, UciSession, MAX_LINE_LEN, NODES_PER_STEP};
use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::Instant;

/// Reads one line of at most `MAX_LINE_LEN` bytes (plus its `\r\n` ending); a longer
/// line is skipped without being stored and passed on cut, so that the session
/// reports it as too long. Returns `None` at end of input.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let n = input
        .by_ref()
        .take(MAX_LINE_LEN as u64 + 2)
        .read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(None);
    }
    if bytes.len() > MAX_LINE_LEN && bytes.last() != Some(&b'\n') {
        skip_line(input)?;
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// Skips input up to and including the next newline, in constant memory.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let len = buf.len();
                input.consume(len);
            }
        }
    }
}

/// Prints a line to standard output at once (searches print from their thread).
fn print_line(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// The stack of a search's helper thread: the main thread's (the search recurses
/// once per ply).
const HELPER_STACK_BYTES: usize = 8 << 20;

/// Starts a helper thread of a parallel search (`Threads`): the core starts no
/// thread itself. A thread that cannot be had is said so; the search goes on with
/// the threads it has.
fn start_search_thread(job: Box<dyn FnOnce() + Send>) {
    let started = std::thread::Builder::new()
        .name("alfiere-search".to_string())
        .stack_size(HELPER_STACK_BYTES)
        .spawn(job);
    if let Err(e) = started {
        print_line(&format!("info string cannot start a search thread: {e}"));
    }
}

/// Runs the session on this thread: lines come from `lines` (a reader thread, or the
/// command-line arguments), and while a search runs the loop steps it by
/// [`NODES_PER_STEP`] nodes, looking at the input between steps, so `stop` and
/// `isready` are answered at once. At the end of input a finite search is awaited
/// and an endless one stopped.
fn run_session(lines: Receiver<String>, seed: u64) {
    let mut session = UciSession::with_seed(seed);
    session.set_file_reader(Box::new(|path| {
        std::fs::read(path).map_err(|e| e.to_string())
    }));
    session.set_thread_starter(Arc::new(start_search_thread));
    let started = Instant::now();
    let clock = || started.elapsed().as_millis() as u64;
    let mut input_open = true;
    loop {
        let line = match session.status() {
            Status::Quit => return,
            Status::Running => match lines.try_recv() {
                Ok(line) => Some(line),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => {
                    // The end of input stops an endless search once.
                    let stop = input_open && !session.job_is_finite();
                    input_open = false;
                    stop.then(|| "stop".to_string())
                }
            },
            Status::Idle | Status::Holding => match lines.recv() {
                Ok(line) => Some(line),
                Err(_) if session.status() == Status::Holding => Some("stop".to_string()),
                Err(_) => return,
            },
        };
        let control = match line {
            Some(line) => handle(&mut session, &line),
            None => match step(&mut session, &clock) {
                Status::Quit => Control::Quit,
                _ => Control::Continue,
            },
        };
        if control == Control::Quit {
            return;
        }
    }
}

/// One line through the session; a panic (a bug) is reported and the loop goes on.
fn handle(session: &mut UciSession, line: &str) -> Control {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        session.handle_line(line, &mut |l| print_line(l))
    }));
    run.unwrap_or_else(|_| {
        print_line("info string internal error while handling the command");
        Control::Continue
    })
}

/// One step of the running search; a panic (a bug) is reported with a fallback
/// `bestmove`, so a GUI never waits forever.
fn step(session: &mut UciSession, clock: &dyn Fn() -> u64) -> Status {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        session.step(NODES_PER_STEP, clock, &mut |l| print_line(l))
    }));
    run.unwrap_or_else(|_| {
        print_line("info string internal error in the search");
        session.recover_from_failed_search(&mut |l| print_line(l));
        session.status()
    })
}

/// `alfiere bench [depth] [network|none]`: the node-count signature and the speed
/// (with the built-in networks, or with a network file's in the place of its layout,
/// or none: the hand-written evaluation everywhere).
fn run_bench(args: &[String]) {
    let depth = match args.get(1).map(|d| d.parse::<u32>()) {
        None | Some(Ok(0)) => None,
        Some(Ok(d)) if (1..=30).contains(&d) => Some(d),
        Some(_) => {
            print_line(
                "info string bench depth must be a number in 1..=30 (0: each rule set's own)",
            );
            return;
        }
    };
    let networks = match args.get(2).map(String::as_str) {
        // The engine's own configuration: the built-in networks.
        None => Networks::built_in(),
        Some("none" | "<none>") => Networks::none(),
        Some(path) => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| Network::from_bytes(&bytes).map_err(|e| e.to_string()))
        {
            Ok(network) => {
                let mut networks = Networks::built_in();
                networks.insert(Arc::new(network));
                networks
            }
            Err(e) => {
                print_line(&format!("info string bench network {path}: {e}"));
                return;
            }
        },
    };
    let started = Instant::now();
    match bench::run(depth, &networks) {
        Ok(entries) => {
            let elapsed = started.elapsed();
            let mut total = 0;
            for entry in &entries {
                print_line(&format!(
                    "info string bench {} {}: nodes {} bestmove {}",
                    entry.variant,
                    entry.position,
                    entry.nodes,
                    entry.best.as_deref().unwrap_or("(none)")
                ));
                total += entry.nodes;
            }
            let ms = elapsed.as_millis().max(1) as u64;
            print_line("");
            print_line(&format!("Total time (ms): {ms}"));
            print_line(&format!("Nodes searched: {total}"));
            print_line(&format!("Nodes/second: {}", total * 1000 / ms));
        }
        Err(e) => print_line(&format!("info string bench failed: {e}")),
    }
}

fn main() {
    // `args_os`: `args` would panic on an argument that is not valid UTF-8.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if args.first().map(String::as_str) == Some("bench") {
        if args.get(1).is_some_and(|a| a.starts_with("--")) {
            time_to_depth::run(&args[1..], &print_line);
        } else {
            run_bench(&args);
        }
        return;
    }
    if args.first().map(String::as_str) == Some("annotate") {
        std::process::exit(annotate::run(&args[1..]));
    }
    // Weakened levels choose differently in every run.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x5eed, |d| d.as_nanos() as u64);
    let (sender, lines) = mpsc::channel();
    if args.is_empty() {
        std::thread::spawn(move || {
            let stdin = io::stdin();
            let mut input = stdin.lock();
            while let Ok(Some(line)) = read_line(&mut input) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
    } else {
        // Commands given on the command line run once, e.g. `alfiere "go perft 5"`.
        for command in args {
            let _ = sender.send(command);
        }
        drop(sender);
    }
    run_session(lines, seed);
}
