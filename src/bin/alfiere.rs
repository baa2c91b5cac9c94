//! The `alfiere` UCI engine: reads commands from standard input, one per line.

use alfiere::uci::{Control, UciSession, MAX_LINE_LEN};
use std::io::{self, BufRead, Read, Write};

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

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut session = UciSession::new();
    // `args_os`: `args` would panic on an argument that is not valid UTF-8.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if !args.is_empty() {
        // Commands given on the command line run once, e.g. `alfiere "go perft 5"`.
        let mut out = stdout.lock();
        for command in args {
            session.handle_line(&command, &mut |l| {
                let _ = writeln!(out, "{l}");
            });
        }
        return;
    }
    while let Ok(Some(line)) = read_line(&mut input) {
        let mut out = stdout.lock();
        let control = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            session.handle_line(&line, &mut |l| {
                let _ = writeln!(out, "{l}");
            })
        }));
        let _ = out.flush();
        match control {
            Ok(Control::Quit) => break,
            Ok(Control::Continue) => {}
            Err(_) => {
                // Last line of defence: report and keep the loop alive.
                let _ = writeln!(out, "info string internal error while handling the command");
            }
        }
    }
}
