//! The UCI command loop: arbitrary lines through [`UciSession`], the same loop the
//! `alfiere` binary runs. After every line: answers are single lines, a refused
//! command (`info string ...`) leaves variant, position and options unchanged, the
//! position keeps its invariants and `d` shows its FEN; a `go` ends with exactly
//! one `bestmove`, a legal action (or `(none)` when there is none).

use super::invariants::{check_position, legal_list};
use alfiere::api::Game;
use alfiere::notation::{fen, uci};
use alfiere::uci::{parse_go, Control, UciSession};
use alfiere::{with_variant, Position};

/// The session's game as a comparable value: rule set, position and actions played.
fn snapshot(game: &Game) -> (alfiere::Variant, String, Vec<alfiere::Action>) {
    (game.variant(), game.fen(), game.record().history_actions())
}

/// The game's current position as its rule set's type (through its FEN, which reads
/// back exactly).
fn position_of<G: Position>(game: &Game) -> G {
    fen::read_fen::<G>(&game.fen()).expect("the session's FEN reads back")
}

/// Lines per input at most.
const MAX_LINES: usize = 64;

/// Whether the harness runs a line: deep `go perft` and big `Hash` values are valid
/// but only cost time and memory here (the catalogue tests cover them).
fn affordable(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() == Some(&"go") && words.get(1) == Some(&"perft") {
        return words
            .get(2)
            .and_then(|d| d.parse::<i64>().ok())
            .is_none_or(|d| d <= 3);
    }
    if line.to_ascii_lowercase().contains("hash") {
        return !words.iter().any(|w| w.parse::<u64>().is_ok_and(|n| n > 2));
    }
    true
}

pub fn uci_loop_target(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut session = UciSession::new();
    // A small table: the default 16 MiB would be allocated on every execution.
    session.handle_line("setoption name Hash value 1", &mut |_| {});
    for line in text.split('\n').take(MAX_LINES) {
        if !affordable(line) {
            continue;
        }
        let before = (
            session.variant(),
            snapshot(session.game()),
            *session.options(),
        );
        let mut out = Vec::new();
        let control = session.handle_line(line, &mut |l| out.push(l.to_string()));
        for l in &out {
            assert!(
                !l.contains('\n') && !l.contains('\r'),
                "answer {l:?} to {line:?}"
            );
        }
        if out.iter().any(|l| l.starts_with("info string")) {
            let after = (
                session.variant(),
                snapshot(session.game()),
                *session.options(),
            );
            assert_eq!(
                before, after,
                "refused {line:?} changed the session: {out:?}"
            );
            assert!(!session.is_busy(), "refused {line:?} started a search");
        }
        assert_eq!(session.game().variant(), session.variant());
        with_variant!(session.variant(), G => check_position(&position_of::<G>(session.game())));
        if session.is_busy() {
            run_search(&mut session, line);
        }
        check_diagram(&mut session);
        if control == Control::Quit {
            break;
        }
    }
}

/// `d` shows the session's position.
fn check_diagram(session: &mut UciSession) {
    let mut out = Vec::new();
    session.handle_line("d", &mut |l| out.push(l.to_string()));
    let expected = format!("Fen: {}", session.game().fen());
    assert!(out.contains(&expected), "{out:?} lacks {expected}");
}

/// Runs the search `line` started: small depth or node limits to the end, anything
/// else stopped at once (deterministic and fast); checks its single `bestmove`.
fn run_search(session: &mut UciSession, line: &str) {
    let game = session.game().clone();
    let args = line.trim().strip_prefix("go").unwrap_or("");
    let limits = parse_go(&game, args).expect("a search started by go");
    let small = !limits.infinite
        && !limits.uses_clock()
        && (limits.depth.is_some_and(|d| d <= 2) || limits.nodes.is_some_and(|n| n <= 2000));
    let mut out = Vec::new();
    if small {
        session.run_search(&|| 0, &mut |l| out.push(l.to_string()));
    } else {
        session.handle_line("stop", &mut |l| out.push(l.to_string()));
    }
    assert!(!session.is_busy(), "{line:?} still searching");
    let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{out:?}");
    assert_eq!(out.last(), Some(best[0]), "bestmove is not last: {out:?}");
    let token = best[0].strip_prefix("bestmove ").expect("bestmove <token>");
    let token = token.split_whitespace().next().unwrap_or("");
    with_variant!(game.variant(), G => {
        let g = &position_of::<G>(&game);
        let list = legal_list(g);
        if list.is_empty() {
            assert_eq!(token, "(none)", "bestmove without legal actions");
        } else {
            let action = uci::parse_action(g, token)
                .unwrap_or_else(|e| panic!("bestmove {token} in {}: {e}", fen::write_fen(g)));
            assert!(g.is_legal(&action));
        }
    });
}
