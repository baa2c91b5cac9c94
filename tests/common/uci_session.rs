//! Driving a `UciSession` in process: one line at a time, and a search stepped to
//! its end.

use alfiere::uci::{Control, UciSession};

/// Sends one line to the session and returns its output lines and control.
pub fn send_ctl(session: &mut UciSession, line: &str) -> (Vec<String>, Control) {
    let mut out = Vec::new();
    let control = session.handle_line(line, &mut |l| out.push(l.to_string()));
    (out, control)
}

/// Sends one line, expects the session to go on, returns the output lines.
pub fn send(session: &mut UciSession, line: &str) -> Vec<String> {
    let (out, control) = send_ctl(session, line);
    assert_eq!(control, Control::Continue, "{line:?} ended the session");
    out
}

/// Steps the search that `go` started to its end and returns every line it printed
/// (the caller steps it, as the binary does between reads of its input).
pub fn run_search(session: &mut UciSession) -> Vec<String> {
    let mut out = Vec::new();
    session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
    out
}

/// The last `info depth` line of a finished search's output.
pub fn last_depth_info(out: &[String]) -> &str {
    out.iter()
        .rev()
        .find(|l| l.starts_with("info depth "))
        .expect("an info depth line")
}
