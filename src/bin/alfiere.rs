//! The `alfiere` UCI engine: reads commands from standard input, one per line.
//!
//! Searches run on their own thread with a stop flag, so the loop keeps reading:
//! `stop` ends a search (`go infinite` waits for it), `isready` is answered at once.
//! Commands that need the search's table (`go`, `setoption`, `ucinewgame`, `go
//! perft`) first wait for a running search, stopping it if it would never end by
//! itself. At the end of input a finite search is awaited and an endless one
//! stopped. `alfiere bench [depth]` prints the bench signature.

use alfiere::search::bench;
use alfiere::search::TranspositionTable;
use alfiere::uci::{Control, UciSession, MAX_LINE_LEN};
use std::io::{self, BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
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

/// A search running on its thread.
struct Running {
    handle: JoinHandle<Option<TranspositionTable>>,
    stop: Arc<AtomicBool>,
    /// Whether it ends by itself (a depth, node, time or clock limit).
    finite: bool,
}

/// The session plus the search thread.
struct Engine {
    session: UciSession,
    running: Option<Running>,
}

impl Engine {
    fn new() -> Engine {
        Engine {
            session: UciSession::new(),
            running: None,
        }
    }

    /// Waits for the running search (stopping it first if asked or if it would
    /// never end), and gives its table back to the session.
    fn wait(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop || !running.finite {
                running.stop.store(true, Ordering::Relaxed);
            }
            match running.handle.join() {
                Ok(Some(table)) => self.session.finish_search(table),
                _ => self
                    .session
                    .finish_search(TranspositionTable::new(self.session.options().hash_mb)),
            }
        }
    }

    fn handle(&mut self, line: &str) -> Control {
        let command = line.split_whitespace().next().unwrap_or("");
        if self.running.is_some() {
            match command {
                "stop" => {
                    self.wait(true);
                    return Control::Continue;
                }
                "quit" => {
                    self.wait(true);
                    return Control::Quit;
                }
                // Only these need the search's table; anything else, unknown
                // commands included, is answered while the search goes on.
                "go" | "setoption" | "ucinewgame" => self.wait(false),
                _ => {}
            }
        }
        let control = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.session.handle_line(line, &mut |l| print_line(l))
        }));
        let control = match control {
            Ok(control) => control,
            Err(_) => {
                // Last line of defence: report and keep the loop alive.
                print_line("info string internal error while handling the command");
                Control::Continue
            }
        };
        if let Some(job) = self.session.take_search() {
            let stop = Arc::new(AtomicBool::new(false));
            let finite = job.limits().is_finite();
            let flag = Arc::clone(&stop);
            let handle = std::thread::spawn(move || {
                let fallback = job.fallback_bestmove();
                let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    job.run(&flag, &mut |l| print_line(l))
                }));
                match run {
                    Ok(table) => Some(table),
                    Err(_) => {
                        print_line("info string internal error in the search");
                        print_line(&format!("bestmove {fallback}"));
                        None
                    }
                }
            });
            self.running = Some(Running {
                handle,
                stop,
                finite,
            });
        }
        control
    }

    /// The end of input: a finite search may finish, an endless one is stopped.
    fn end_of_input(&mut self) {
        self.wait(false);
    }
}

/// `alfiere bench [depth]`: the node-count signature and the speed.
fn run_bench(args: &[String]) {
    let depth = match args.get(1).map(|d| d.parse::<u32>()) {
        None => None,
        Some(Ok(d)) if (1..=30).contains(&d) => Some(d),
        Some(_) => {
            print_line("info string bench depth must be a number in 1..=30");
            return;
        }
    };
    let started = Instant::now();
    match bench::run(depth) {
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
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut engine = Engine::new();
    // `args_os`: `args` would panic on an argument that is not valid UTF-8.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if args.first().map(String::as_str) == Some("bench") {
        run_bench(&args);
        return;
    }
    if !args.is_empty() {
        // Commands given on the command line run once, e.g. `alfiere "go perft 5"`.
        for command in args {
            if engine.handle(&command) == Control::Quit {
                break;
            }
        }
        engine.end_of_input();
        return;
    }
    while let Ok(Some(line)) = read_line(&mut input) {
        if engine.handle(&line) == Control::Quit {
            return;
        }
    }
    engine.end_of_input();
}
