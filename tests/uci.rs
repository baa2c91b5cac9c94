//! The UCI layer: `UciSession` line by line, `go perft` on every data file through the
//! protocol, and the real `alfiere` binary fed with garbage over pipes.

mod common;

use alfiere::api::Game;
use alfiere::notation::fen::STARTING_FEN;
use alfiere::uci::{Control, UciSession, MAX_LINE_LEN, MAX_PERFT_DEPTH};
use alfiere::{Chess, Position, Variant};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::uci_session::{last_depth_info, run_search, send, send_ctl};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The `Fen:` line of the `d` diagram.
fn diagram_fen(session: &mut UciSession) -> String {
    let out = send(session, "d");
    let fens: Vec<&String> = out.iter().filter(|l| l.starts_with("Fen: ")).collect();
    assert_eq!(fens.len(), 1, "one Fen: line expected in {out:#?}");
    fens[0]["Fen: ".len()..].to_string()
}

/// The `Checkers:` line of the `d` diagram, split into squares.
fn diagram_checkers(session: &mut UciSession) -> Vec<String> {
    let out = send(session, "d");
    let lines: Vec<&String> = out.iter().filter(|l| l.starts_with("Checkers:")).collect();
    assert_eq!(lines.len(), 1, "one Checkers: line expected in {out:#?}");
    lines[0]["Checkers:".len()..]
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Asserts that the output is exactly one `info string` line containing every
/// fragment (case-insensitive).
fn assert_info(out: &[String], fragments: &[&str]) {
    assert_eq!(out.len(), 1, "one line expected, got {out:#?}");
    let line = &out[0];
    assert!(
        line.starts_with("info string "),
        "not an info string: {line:?}"
    );
    let lower = line.to_lowercase();
    for fragment in fragments {
        assert!(
            lower.contains(&fragment.to_lowercase()),
            "{line:?} does not mention {fragment:?}"
        );
    }
}

/// The divide lines, the empty separator and the node count of a `go perft` answer.
struct PerftAnswer {
    divide: Vec<(String, u64)>,
    nodes: u64,
}

fn parse_perft_answer(out: &[String]) -> PerftAnswer {
    assert!(out.len() >= 2, "too short: {out:#?}");
    let last = out.last().unwrap();
    let nodes: u64 = last
        .strip_prefix("Nodes searched: ")
        .unwrap_or_else(|| panic!("last line {last:?} is not 'Nodes searched: N'"))
        .parse()
        .unwrap_or_else(|e| panic!("{last:?}: {e}"));
    assert_eq!(out[out.len() - 2], "", "no empty line before the count");
    let divide = out[..out.len() - 2]
        .iter()
        .map(|l| {
            let (action, count) = l
                .split_once(": ")
                .unwrap_or_else(|| panic!("divide line {l:?} is not 'action: count'"));
            assert!(is_uci_token(action), "{action:?} is not a UCI token");
            let count = count
                .parse()
                .unwrap_or_else(|e| panic!("divide line {l:?}: {e}"));
            (action.to_string(), count)
        })
        .collect();
    PerftAnswer { divide, nodes }
}

fn is_uci_token(t: &str) -> bool {
    let b = t.as_bytes();
    let sq = |s: &[u8]| (b'a'..=b'h').contains(&s[0]) && (b'1'..=b'8').contains(&s[1]);
    match b.len() {
        4 => sq(&b[..2]) && sq(&b[2..]),
        5 => sq(&b[..2]) && sq(&b[2..4]) && b"qrbn".contains(&b[4]),
        _ => false,
    }
}

/// `go perft <depth>` on the session's position; returns the node count.
fn go_perft(session: &mut UciSession, depth: u32) -> u64 {
    let out = send(session, &format!("go perft {depth}"));
    let answer = parse_perft_answer(&out);
    if depth > 0 {
        let sum: u64 = answer.divide.iter().map(|(_, n)| n).sum();
        assert_eq!(sum, answer.nodes, "divide does not add up: {out:#?}");
    }
    answer.nodes
}

fn data_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

/// `(fen, [(depth, count)])` for every line of a `.perft` file.
fn perft_cases(name: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    let text = std::fs::read_to_string(data_file(name)).expect("perft data file");
    let cases: Vec<_> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').expect("'Dn count'");
                    let d = d.strip_prefix('D').expect("'Dn'").parse().unwrap();
                    (d, n.trim().parse().unwrap())
                })
                .collect::<Vec<_>>();
            assert!(!counts.is_empty(), "{line}");
            (fen, counts)
        })
        .collect();
    assert!(!cases.is_empty(), "{name} has no cases");
    cases
}

const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const AFTER_D4: &str = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";

// ---------------------------------------------------------------------------
// Session level: handshake and options
// ---------------------------------------------------------------------------

#[test]
fn uci_handshake() {
    let mut s = UciSession::new();
    let out = send(&mut s, "uci");
    assert!(out[0].starts_with("id name alfiere"), "{out:#?}");
    assert!(
        out[0].len() > "id name alfiere".len(),
        "no version: {out:#?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("id author ") && l.len() > "id author ".len()),
        "{out:#?}"
    );
    let option = "option name UCI_Variant type combo default chess var chess";
    assert!(
        out.iter()
            .any(|l| l == option || l.starts_with(&format!("{option} "))),
        "{out:#?}"
    );
    // Every `var` is a known variant id.
    let line = out
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    for pair in words.windows(2).filter(|w| w[0] == "var") {
        assert!(
            pair[1].parse::<Variant>().is_ok(),
            "unknown var {}",
            pair[1]
        );
    }
    // The search options.
    for option in [
        "option name Hash type spin default 16 min 1 max ",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max ",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1500 min 400 max 2850",
    ] {
        assert!(
            out.iter().any(|l| l.starts_with(option)),
            "{option}: {out:#?}"
        );
    }
    assert_eq!(out.last().unwrap(), "uciok");
    assert_eq!(out.iter().filter(|l| *l == "uciok").count(), 1);
}

#[test]
fn isready_answers_readyok() {
    let mut s = UciSession::new();
    assert_eq!(send(&mut s, "isready"), vec!["readyok"]);
    assert_eq!(send(&mut s, "  isready \t"), vec!["readyok"]);
    assert_eq!(send(&mut s, "isready\r\n"), vec!["readyok"]);
}

#[test]
fn unknown_variant_is_refused_and_chess_kept() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves e2e4 e7e5");
    let out = send(&mut s, "setoption name UCI_Variant value nonsense");
    assert_info(&out, &["unknown variant", "nonsense"]);
    assert_eq!(s.variant(), Variant::Chess);
    // The position is kept too, not reset.
    assert_eq!(diagram_fen(&mut s), AFTER_E4_E5);
    assert_eq!(go_perft(&mut s, 1), 29);
}

#[test]
fn setoption_variant_chess_and_bad_setoptions() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves e2e4");
    assert!(send(&mut s, "setoption name UCI_Variant value chess").is_empty());
    assert_eq!(s.variant(), Variant::Chess);
    assert_eq!(diagram_fen(&mut s), STARTING_FEN);

    send(&mut s, "position startpos moves e2e4");
    let after_e4 = diagram_fen(&mut s);
    assert_info(
        &send(&mut s, "setoption name Contempt value 16"),
        &["unknown option", "Contempt"],
    );
    assert_info(&send(&mut s, "setoption"), &["setoption"]);
    assert_info(&send(&mut s, "setoption name UCI_Variant"), &["value"]);
    assert_info(&send(&mut s, "setoption name UCI_Variant value"), &[]);
    assert_info(&send(&mut s, "setoption value chess"), &[]);
    assert_eq!(s.variant(), Variant::Chess);
    assert_eq!(diagram_fen(&mut s), after_e4);
}

// ---------------------------------------------------------------------------
// Session level: positions and the diagram
// ---------------------------------------------------------------------------

#[test]
fn position_and_diagram() {
    let mut s = UciSession::new();
    assert_eq!(diagram_fen(&mut s), STARTING_FEN);
    assert!(send(&mut s, "position startpos moves e2e4 e7e5").is_empty());
    let out = send(&mut s, "d");
    assert!(out.iter().any(|l| l == &format!("Fen: {AFTER_E4_E5}")));
    assert!(out.iter().any(|l| l.starts_with("Key: ")), "{out:#?}");
    let checkers: Vec<&String> = out.iter().filter(|l| l.starts_with("Checkers:")).collect();
    assert_eq!(checkers.len(), 1);
    assert_eq!(checkers[0].trim_end(), "Checkers:", "nobody is in check");
    // The board shows the pawns where they went: rank 4 has a white pawn on e4.
    let rank4 = out
        .iter()
        .find(|l| l.trim_end().ends_with(" 4"))
        .expect("rank 4 line");
    let cells: Vec<&str> = rank4.split('|').map(str::trim).collect();
    assert_eq!(cells[5], "P", "{rank4:?}");
    let rank5 = out.iter().find(|l| l.trim_end().ends_with(" 5")).unwrap();
    let cells: Vec<&str> = rank5.split('|').map(str::trim).collect();
    assert_eq!(cells[5], "p", "{rank5:?}");

    // The Key changes with the position.
    let key_after = out.iter().find(|l| l.starts_with("Key: ")).unwrap().clone();
    send(&mut s, "position startpos");
    let out = send(&mut s, "d");
    let key_start = out.iter().find(|l| l.starts_with("Key: ")).unwrap();
    assert_ne!(&key_after, key_start);
}

#[test]
fn diagram_lists_checkers() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert_eq!(diagram_checkers(&mut s), vec!["h4"]);
    assert_eq!(
        diagram_fen(&mut s),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    // Mate: no legal move.
    assert_eq!(go_perft(&mut s, 1), 0);
    assert_eq!(go_perft(&mut s, 3), 0);

    // A double check lists both checkers.
    send(&mut s, "position fen 4k3/8/8/8/8/8/4r3/r3K3 w - - 0 1");
    let mut checkers = diagram_checkers(&mut s);
    checkers.sort();
    assert_eq!(checkers, vec!["a1", "e2"]);
}

#[test]
fn position_fen_with_moves() {
    let mut s = UciSession::new();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert!(send(&mut s, &format!("position fen {kiwipete}")).is_empty());
    assert_eq!(diagram_fen(&mut s), kiwipete);
    assert_eq!(go_perft(&mut s, 2), 2039);
    // Castling as the king's move, then a castle for Black.
    send(&mut s, &format!("position fen {kiwipete} moves e1g1 e8c8"));
    assert_eq!(
        diagram_fen(&mut s),
        "2kr3r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 w - - 2 2"
    );
    // Promotion token.
    send(
        &mut s,
        "position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8n",
    );
    assert_eq!(diagram_fen(&mut s), "N7/7k/8/8/8/8/8/K7 b - - 0 1");
    // En passant through the move list: the writer keeps the e.p. square only when
    // a capture is legal.
    send(&mut s, "position startpos moves e2e4 a7a6 e4e5 d7d5");
    assert_eq!(
        diagram_fen(&mut s),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    send(&mut s, "position startpos moves e2e4 a7a6 e4e5 d7d5 e5d6");
    assert_eq!(
        diagram_fen(&mut s),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // `position startpos moves` with an empty list is the start position.
    send(&mut s, "position startpos moves");
    assert_eq!(diagram_fen(&mut s), STARTING_FEN);
}

#[test]
fn illegal_move_in_list_keeps_previous_position() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves d2d4");
    assert_eq!(diagram_fen(&mut s), AFTER_D4);
    let out = send(&mut s, "position startpos moves e2e4 e7e5 e1e3 g8f6");
    assert_info(&out, &["e1e3", "move 3"]);
    // The message names the position the bad move was tried in.
    assert!(out[0].contains(AFTER_E4_E5), "{out:#?}");
    assert_eq!(diagram_fen(&mut s), AFTER_D4);

    // A garbage token, a move of the wrong side, a move after the game ended.
    for bad in [
        "position startpos moves e2e4 xyzzy",
        "position startpos moves e7e5",
        "position startpos moves f2f3 e7e5 g2g4 d8h4 e2e4",
        "position startpos moves e2e4 e7e5 e1g1",
        "position startpos moves e2e4 e7e5 e4e5",
    ] {
        let out = send(&mut s, bad);
        assert_info(&out, &[]);
        assert_eq!(diagram_fen(&mut s), AFTER_D4, "after {bad:?}");
    }
}

#[test]
fn bad_fen_keeps_position_and_lists_problems() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves d2d4");
    // Two white kings and a pawn on rank 1: both reported.
    let out = send(&mut s, "position fen 4k3/8/8/8/8/8/8/P3KK2 w - - 0 1");
    assert_info(&out, &["4k3/8/8/8/8/8/8/P3KK2", "more than one king", "a1"]);
    assert_eq!(diagram_fen(&mut s), AFTER_D4);

    for bad in [
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w - - zero 1",
        "position fen",
        "position fen moves e2e4",
        "position startpos fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "position",
        "position somewhere",
        "position startpos garbage moves e2e4",
    ] {
        let out = send(&mut s, bad);
        assert_info(&out, &[]);
        assert_eq!(diagram_fen(&mut s), AFTER_D4, "after {bad:?}");
    }
    // The FEN's problems are listed.
    let out = send(
        &mut s,
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    );
    assert_info(&out, &["ranks"]);
}

#[test]
fn long_move_list_with_repetitions() {
    let mut s = UciSession::new();
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(2400).collect();
    let line = format!("position startpos moves {} b1c3", moves.join(" "));
    assert!(send(&mut s, &line).is_empty(), "refused");
    // 2400 reversible plies, then Nc3: the clock counts them all.
    assert_eq!(
        diagram_fen(&mut s),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 2401 1201"
    );
    assert_eq!(go_perft(&mut s, 1), 20);
    assert_eq!(go_perft(&mut s, 2), 440);
}

#[test]
fn ucinewgame_resets_to_the_start() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves e2e4 e7e5 g1f3");
    assert_ne!(diagram_fen(&mut s), STARTING_FEN);
    assert!(send(&mut s, "ucinewgame").is_empty());
    assert_eq!(diagram_fen(&mut s), STARTING_FEN);
    assert_eq!(s.variant(), Variant::Chess);
    assert_eq!(s.game().fen(), Game::start(Variant::Chess).fen());
    assert!(s.game().history().is_empty());
}

#[test]
fn quit_returns_quit() {
    let mut s = UciSession::new();
    assert_eq!(send_ctl(&mut s, "quit").1, Control::Quit);
    assert_eq!(send_ctl(&mut s, "  quit  ").1, Control::Quit);
    assert!(send_ctl(&mut s, "quit").0.is_empty());
    // Only the command itself quits.
    assert_eq!(send_ctl(&mut s, "quitting").1, Control::Continue);
    assert_eq!(send_ctl(&mut s, "isready quit").1, Control::Continue);
}

#[test]
fn junk_lines_are_harmless() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves d2d4");
    for empty in ["", " ", "\t  \t", "\r\n", "\n"] {
        assert!(send(&mut s, empty).is_empty(), "{empty:?} answered");
    }
    assert_info(&send(&mut s, "xyzzy"), &["unknown command", "xyzzy"]);
    assert_info(&send(&mut s, "Isready"), &["unknown command"]);
    assert_info(&send(&mut s, "\u{0}\u{1}\u{7f}"), &["unknown command"]);
    assert_info(&send(&mut s, "\u{fffd}\u{fffd} é ☃"), &["unknown command"]);
    // A huge unknown command is cut in the answer.
    let out = send(&mut s, &"z".repeat(10_000));
    assert_info(&out, &["unknown command"]);
    assert!(out[0].len() < 200, "answer not cut: {} bytes", out[0].len());
    // `stop` and `ponderhit` without a search are ignored.
    assert!(send(&mut s, "stop").is_empty());
    assert!(send(&mut s, "ponderhit").is_empty());
    assert_eq!(diagram_fen(&mut s), AFTER_D4);
    assert_eq!(send(&mut s, "isready"), vec!["readyok"]);
}

#[test]
fn go_searches_and_bad_go_arguments_are_answered() {
    let mut s = UciSession::new();
    // `go` before any `position` searches the start position. The session starts
    // the search; the caller steps it (the binary between reads of its input).
    assert!(send(&mut s, "go depth 2").is_empty());
    let out = run_search(&mut s);
    let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(
        alfiere::notation::uci::parse_action(&Chess::start(), best).is_ok(),
        "{out:#?}"
    );
    assert!(out[..out.len() - 1]
        .iter()
        .all(|l| l.starts_with("info depth ")));
    assert!(!s.is_busy());
    // Bad arguments: an info string, and no search.
    for bad in [
        "go depth",
        "go depth x",
        "go depth -1",
        "go nodes 1.5",
        "go movetime",
        "go wtime abc",
        "go movestogo -2",
        "go sideways",
        "go searchmoves",
        "go searchmoves e2e5",
        "go ponder",
        "go mate 3",
        "go depth 3 perft 2",
    ] {
        assert_info(&send(&mut s, bad), &[]);
        assert!(!s.is_busy(), "{bad}");
    }
    // Every accepted argument.
    let every = "wtime 1000 btime -5 winc 10 binc 10 movestogo 20 depth 3 nodes 50000 searchmoves e2e4 d2d4";
    let limits = alfiere::uci::parse_go(&Game::start(Variant::Chess), every).unwrap();
    assert_eq!(
        (
            limits.wtime,
            limits.btime,
            limits.winc,
            limits.movestogo,
            limits.depth
        ),
        (Some(1000), Some(0), Some(10), Some(20), Some(3))
    );
    assert_eq!(limits.searchmoves.len(), 2);
    assert!(send(&mut s, &format!("go {every}")).is_empty());
    assert!(s.is_busy() && s.job_is_finite());
    let out = send(&mut s, "stop");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    // `go infinite` is endless until `stop`; `stop` without a search is ignored.
    assert!(send(&mut s, "go infinite").is_empty());
    assert!(s.is_busy() && !s.job_is_finite());
    assert_eq!(send(&mut s, "isready"), vec!["readyok"]);
    let out = send(&mut s, "stop");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:?}");
    assert!(send(&mut s, "stop").is_empty());
    assert_eq!(send(&mut s, "isready"), vec!["readyok"]);
    // `go perft` before `position` runs on the start position.
    assert_eq!(go_perft(&mut s, 2), 400);
}

#[test]
fn search_options_are_set_and_checked() {
    let mut s = UciSession::new();
    for good in [
        "setoption name Hash value 1",
        "setoption name hash value 64",
        "setoption name MultiPV value 3",
        "setoption name Skill Level value 5",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 800",
    ] {
        assert!(send(&mut s, good).is_empty(), "{good}");
    }
    let options = *s.options();
    assert_eq!(
        (options.hash_mb, options.multipv, options.skill_level),
        (64, 3, 5)
    );
    assert!(options.limit_strength);
    assert_eq!(options.elo, 800);
    assert!(options.strength().is_weakened());
    for (bad, name) in [
        ("setoption name Hash value 0", "Hash"),
        ("setoption name Hash value 99999999", "Hash"),
        ("setoption name MultiPV value 0", "MultiPV"),
        ("setoption name Skill Level value 21", "Skill Level"),
        ("setoption name UCI_Elo value 100", "UCI_Elo"),
        (
            "setoption name UCI_LimitStrength value maybe",
            "UCI_LimitStrength",
        ),
        ("setoption name Hash", "Hash"),
    ] {
        assert_info(&send(&mut s, bad), &[name]);
    }
    assert_eq!(*s.options(), options, "a bad value changed an option");
    // MultiPV 3 reports three lines per depth.
    send(&mut s, "setoption name UCI_LimitStrength value false");
    send(&mut s, "setoption name Hash value 1");
    send(&mut s, "go depth 3");
    let out = run_search(&mut s);
    for k in 1..=3 {
        assert!(
            out.iter()
                .any(|l| l.starts_with("info depth 3 ") && l.contains(&format!(" multipv {k} "))),
            "{out:#?}"
        );
    }
}

#[test]
fn go_perft_bad_depths() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves e2e4");
    // Depth 0: one node, no divide lines.
    assert_eq!(send(&mut s, "go perft 0"), vec!["", "Nodes searched: 1"]);
    assert_info(&send(&mut s, "go perft -3"), &["-3"]);
    assert_info(&send(&mut s, "go perft 99"), &["99"]);
    assert_info(
        &send(&mut s, &format!("go perft {}", MAX_PERFT_DEPTH + 1)),
        &["range"],
    );
    assert_info(&send(&mut s, "go perft 99999999999999999999999"), &[]);
    assert_info(&send(&mut s, "go perft abc"), &["depth"]);
    assert_info(&send(&mut s, "go perft"), &["depth"]);
    assert_info(&send(&mut s, "go perft 2.5"), &[]);
    // Nothing changed.
    assert_eq!(go_perft(&mut s, 1), 20);
}

#[test]
fn go_perft_divide_format() {
    let mut s = UciSession::new();
    let out = send(&mut s, "go perft 3");
    let answer = parse_perft_answer(&out);
    assert_eq!(answer.nodes, 8902);
    assert_eq!(answer.divide.len(), 20);
    let by_action: BTreeMap<&str, u64> = answer
        .divide
        .iter()
        .map(|(a, n)| (a.as_str(), *n))
        .collect();
    assert_eq!(by_action.len(), 20, "duplicate divide lines");
    // Known start-position divide at depth 3.
    assert_eq!(by_action["e2e4"], 600);
    assert_eq!(by_action["g1f3"], 440);
    assert_eq!(by_action["a2a3"], 380);
    assert_eq!(by_action["b1c3"], 440);
    assert_eq!(by_action.values().sum::<u64>(), 8902);
    assert_eq!(out.len(), 22);

    // Kiwipete: divide against shakmaty, move by move.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    send(&mut s, &format!("position fen {fen}"));
    let answer = parse_perft_answer(&send(&mut s, "go perft 3"));
    assert_eq!(answer.nodes, 97862);
    let theirs = shakmaty_divide(fen, 3);
    let ours: BTreeMap<String, u64> = answer.divide.into_iter().collect();
    assert_eq!(ours, theirs);
}

fn shakmaty_divide(fen: &str, depth: u32) -> BTreeMap<String, u64> {
    use shakmaty::{fen::Fen, CastlingMode, Position};
    let pos: shakmaty::Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (
                m.to_uci(CastlingMode::Standard).to_string(),
                shakmaty::perft(&child, depth - 1),
            )
        })
        .collect()
}

#[test]
fn go_perft_promotion_tokens() {
    let mut s = UciSession::new();
    send(&mut s, "position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let answer = parse_perft_answer(&send(&mut s, "go perft 1"));
    let mut actions: Vec<&str> = answer.divide.iter().map(|(a, _)| a.as_str()).collect();
    actions.sort();
    assert_eq!(
        actions,
        vec!["a1a2", "a1b1", "a1b2", "a7a8b", "a7a8n", "a7a8q", "a7a8r"]
    );
    assert_eq!(answer.nodes, 7);
}

// ---------------------------------------------------------------------------
// Every perft count of the data files, through `go perft`
// ---------------------------------------------------------------------------

const NODE_LIMIT: u64 = 10_000_000;

fn check_file_through_uci(name: &str) -> usize {
    let mut s = UciSession::new();
    let mut checked = 0;
    for (fen, counts) in perft_cases(name) {
        let out = send(&mut s, &format!("position fen {fen}"));
        assert!(out.is_empty(), "{fen}: {out:#?}");
        for (depth, expected) in counts {
            if expected > NODE_LIMIT {
                continue;
            }
            assert_eq!(go_perft(&mut s, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn standard_perft_file_through_go_perft() {
    // Start D1-D5, Kiwipete D1-D4, position 3 D1-D5, 4 D1-D4, 5 D1-D4, 6 D1-D4.
    assert_eq!(check_file_through_uci("chess-standard.perft"), 26);
}

#[test]
fn random_perft_file_through_go_perft() {
    let cases = perft_cases("chess.perft");
    let total: usize = cases.iter().map(|(_, c)| c.len()).sum();
    assert_eq!(check_file_through_uci("chess.perft"), total);
    assert!(total >= 120);
}

// ---------------------------------------------------------------------------
// Long lines
// ---------------------------------------------------------------------------

#[test]
fn overlong_line_is_refused_by_the_session() {
    let mut s = UciSession::new();
    send(&mut s, "position startpos moves d2d4");
    let long = format!("isready{}", " ".repeat(MAX_LINE_LEN));
    assert_info(&send(&mut s, &long), &["too long"]);
    // Exactly the limit is still handled, with or without its line ending.
    let exact = format!("isready{}", " ".repeat(MAX_LINE_LEN - "isready".len()));
    assert_eq!(exact.len(), MAX_LINE_LEN);
    assert_eq!(send(&mut s, &exact), vec!["readyok"]);
    assert_eq!(send(&mut s, &format!("{exact}\n")), vec!["readyok"]);
    assert_eq!(send(&mut s, &format!("{exact}\r\n")), vec!["readyok"]);
    assert_eq!(diagram_fen(&mut s), AFTER_D4);
}

// ---------------------------------------------------------------------------
// Process level: the real binary
// ---------------------------------------------------------------------------

const BINARY: &str = env!("CARGO_BIN_EXE_alfiere");

/// Runs the binary with `input` on stdin (then closes it); returns status and stdout.
/// Fails if the process does not end within a minute.
fn run_binary(args: &[&str], input: Vec<u8>) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(BINARY)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn alfiere");
    let mut stdin = child.stdin.take().unwrap();
    // Write from a thread: the binary may answer while we still write.
    let writer = std::thread::spawn(move || {
        // The process may quit before reading everything: ignore broken pipes.
        let _ = stdin.write_all(&input);
        drop(stdin);
    });
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        stdout.read_to_end(&mut text).unwrap();
        text
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("alfiere did not exit within a minute");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    writer.join().unwrap();
    let out = reader.join().unwrap();
    (status, String::from_utf8(out).expect("stdout is UTF-8"))
}

#[test]
fn binary_survives_garbage() {
    let mut input: Vec<u8> = Vec::new();
    input.extend_from_slice(b"\xff\xfe\x80garbage\xc3\x28 \x00\x00\x00\n");
    input.extend_from_slice(b"\x00\x01\x02\x03\n");
    input.extend_from_slice(b"position startpos moves e2e4\x00e7e5\n");
    input.extend_from_slice(b"\xf0\x9f\x98\x80 go perft 1\n");
    input.extend_from_slice(&vec![b'a'; 2 << 20]);
    input.push(b'\n');
    // Bad move lists change nothing: the session keeps the start position.
    input.extend_from_slice(b"position startpos moves e2e4 e9e5\n");
    input.extend_from_slice(b"position startpos moves e2e4 e7e5 e2e4\n");
    input.extend_from_slice(b"position startpos moves \xff\xfe\n");
    input.extend_from_slice(b"isready\r\n");
    input.extend_from_slice(b"d\n");
    input.extend_from_slice(b"go perft 2\n");
    input.extend_from_slice(b"quit\n");
    input.extend_from_slice(b"isready\n"); // after quit: never answered
    let (status, out) = run_binary(&[], input);
    assert!(status.success(), "exit status {status:?}\n{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"readyok"), "{out}");
    assert_eq!(
        lines.iter().filter(|l| **l == "readyok").count(),
        1,
        "the isready after quit was answered: {out}"
    );
    assert!(
        lines.iter().any(|l| l.contains("too long")),
        "no answer to the overlong line: {out}"
    );
    assert!(
        lines.contains(&format!("Fen: {STARTING_FEN}").as_str()),
        "{out}"
    );
    assert_eq!(lines.last(), Some(&"Nodes searched: 400"), "{out}");
    // Every non-perft, non-diagram answer to garbage is an info string.
    let readyok_at = lines.iter().position(|l| *l == "readyok").unwrap();
    for l in &lines[..readyok_at] {
        assert!(l.starts_with("info string "), "unexpected line {l:?}");
    }
    // The overlong line was answered once, not once per chunk.
    assert_eq!(
        lines.iter().filter(|l| l.contains("too long")).count(),
        1,
        "{out}"
    );
}

#[test]
fn binary_exits_cleanly_at_end_of_input() {
    let (status, out) = run_binary(&[], b"isready\nposition startpos\ngo perft 1".to_vec());
    assert!(status.success(), "{status:?}");
    let lines: Vec<&str> = out.lines().collect();
    // The last line had no newline but is still handled.
    assert_eq!(lines.first(), Some(&"readyok"));
    assert_eq!(lines.last(), Some(&"Nodes searched: 20"), "{out}");

    let (status, out) = run_binary(&[], Vec::new());
    assert!(status.success(), "{status:?}");
    assert_eq!(out, "");
}

#[test]
fn binary_uci_handshake() {
    let (status, out) = run_binary(&[], b"uci\nisready\nquit\n".to_vec());
    assert!(status.success());
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name alfiere"));
    let uciok = lines.iter().position(|l| *l == "uciok").expect("uciok");
    assert_eq!(lines[uciok + 1], "readyok");
    assert_eq!(lines.len(), uciok + 2);
}

#[test]
fn binary_runs_commands_given_as_arguments() {
    let (status, out) = run_binary(&["position startpos", "go perft 3"], Vec::new());
    assert!(status.success(), "{status:?}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"Nodes searched: 8902"), "{out}");
    assert_eq!(lines.len(), 20 + 2);

    let (status, out) = run_binary(
        &["position startpos moves e2e4 e7e5", "d", "go perft 1"],
        b"go perft 2\n".to_vec(),
    );
    assert!(status.success());
    assert!(out.contains(&format!("Fen: {AFTER_E4_E5}")), "{out}");
    // With arguments, stdin is not read.
    assert_eq!(out.lines().last(), Some("Nodes searched: 29"), "{out}");
}

#[test]
fn binary_refuses_an_overlong_line_split_across_reads() {
    // A line of exactly the limit is handled; one byte more is refused, and the
    // line after it is read from its own start.
    let mut input = Vec::new();
    input.extend_from_slice(b"isready");
    input.extend(std::iter::repeat_n(b' ', MAX_LINE_LEN - "isready".len()));
    input.push(b'\n');
    input.extend_from_slice(b"isready");
    input.extend(std::iter::repeat_n(
        b' ',
        MAX_LINE_LEN + 1 - "isready".len(),
    ));
    input.push(b'\n');
    input.extend_from_slice(b"isready");
    input.extend(std::iter::repeat_n(b' ', MAX_LINE_LEN - "isready".len()));
    input.extend_from_slice(b"\r\n");
    input.extend_from_slice(b"go perft 1\nquit\n");
    let (status, out) = run_binary(&[], input);
    assert!(status.success());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "readyok", "{out}");
    assert!(lines[1].contains("too long"), "{out}");
    assert_eq!(lines[2], "readyok", "{out}");
    assert_eq!(lines.last(), Some(&"Nodes searched: 20"), "{out}");
    assert_eq!(lines.len(), 3 + 20 + 2);
}

/// An endless line is skipped in constant memory: after 64 MiB without a newline the
/// binary's peak memory stays far below the line's size.
#[cfg(target_os = "linux")]
#[test]
fn binary_skips_a_huge_line_in_bounded_memory() {
    use std::io::{BufRead, BufReader};
    const HUGE: usize = 64 << 20;
    let mut child = Command::new(BINARY)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn alfiere");
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..HUGE / chunk.len() {
            stdin.write_all(&chunk).unwrap();
        }
        stdin.write_all(b"\nisready\n").unwrap();
        stdin
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        assert_ne!(stdout.read_line(&mut line).unwrap(), 0, "EOF: {lines:#?}");
        if line.trim_end() == "readyok" {
            break;
        }
        lines.push(line);
    }
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(lines[0].contains("too long"), "{lines:#?}");
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let peak_kib: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM");
    let mut stdin = writer.join().unwrap();
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    assert!(
        peak_kib * 1024 < HUGE / 4,
        "peak memory {peak_kib} KiB for a {HUGE}-byte line"
    );
}

/// Arguments that are not valid UTF-8 are answered like any other garbage.
#[cfg(unix)]
#[test]
fn binary_survives_non_utf8_arguments() {
    use std::os::unix::ffi::OsStrExt;
    let output = Command::new(BINARY)
        .arg(std::ffi::OsStr::from_bytes(b"\xff\xfe go"))
        .arg("position startpos moves e2e4")
        .arg(std::ffi::OsStr::from_bytes(b"go perft \xff"))
        .arg("go perft 1")
        .stdin(Stdio::null())
        .output()
        .expect("run alfiere");
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{:?}\n{out}", output.status);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("info string unknown command"), "{out}");
    assert!(lines[1].starts_with("info string "), "{out}");
    assert_eq!(lines.last(), Some(&"Nodes searched: 20"), "{out}");
}

#[test]
fn position_plays_on_past_automatic_endings() {
    // A GUI whose rules differ may play on after a dead position (K+N v K) or a
    // fifth repetition: the session follows it, and searches the position reached.
    let mut s = UciSession::new();
    let dead = "position fen 4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 moves e1e2 e8d7 g1f3 d7c6";
    assert!(send(&mut s, dead).is_empty());
    assert_eq!(diagram_fen(&mut s), "8/8/2k5/8/8/5N2/4K3/8 w - - 4 3");
    assert!(
        s.game().outcome().is_some(),
        "the record knows the game is dead"
    );
    let shuffle = " g1f3 g8f6 f3g1 f6g8".repeat(5);
    assert!(send(&mut s, &format!("position startpos moves{shuffle} e2e4")).is_empty());
    assert_eq!(
        diagram_fen(&mut s),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 11"
    );
    send(&mut s, "go depth 2");
    let out = run_search(&mut s);
    let best = out.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(s.game().record().parse_uci(best).is_ok(), "{best}");
}

/// An orthodox network file with small pseudo-random weights, in the temp directory.
fn random_network_file(name: &str, seed: u64) -> (std::path::PathBuf, Vec<u8>) {
    random_network_file_of(alfiere::eval::nnue::FeatureSet::PieceSquare, name, seed)
}

/// A network file of layout `set` with small pseudo-random weights, in the temp
/// directory.
fn random_network_file_of(
    set: alfiere::eval::nnue::FeatureSet,
    name: &str,
    seed: u64,
) -> (std::path::PathBuf, Vec<u8>) {
    use alfiere::eval::nnue::{Network, HIDDEN};
    let mut x = seed;
    let mut next = move |range: i64| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((x >> 33) as i64 % (2 * range + 1) - range) as i16
    };
    let mut feature_bias = [0; HIDDEN];
    feature_bias.iter_mut().for_each(|b| *b = next(100));
    let mut output_weights = [0; 2 * HIDDEN];
    output_weights.iter_mut().for_each(|w| *w = next(60));
    let network = Network {
        feature_set: set,
        feature_weights: (0..set.inputs() * HIDDEN).map(|_| next(120)).collect(),
        feature_bias,
        output_weights,
        output_bias: 0,
    };
    let path = std::env::temp_dir().join(format!("alfiere-{}-{name}", std::process::id()));
    let bytes = network.to_bytes();
    std::fs::write(&path, &bytes).unwrap();
    (path, bytes)
}

/// The `score` field of the last `info` line a depth-4 search prints.
fn searched_score(s: &mut UciSession) -> String {
    send(s, "ucinewgame");
    send(s, "position startpos moves e2e4");
    send(s, "go depth 4");
    let out = run_search(s);
    last_depth_info(&out)
        .split(" nodes")
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn evalfile_loads_a_network_and_refuses_bad_files_keeping_the_old_evaluation() {
    let mut s = UciSession::new();
    // Without a file reader (the browser) a file name is refused.
    assert_info(
        &send(&mut s, "setoption name EvalFile value net.nnue"),
        &["EvalFile", "cannot be read here"],
    );
    s.set_file_reader(Box::new(|path| {
        std::fs::read(path).map_err(|e| e.to_string())
    }));
    // A session starts with the built-in network; `<none>` is the hand-written
    // evaluation, and `<built-in>` brings the network back.
    let built_in = searched_score(&mut s);
    assert!(send(&mut s, "setoption name EvalFile value <none>").is_empty());
    let hand = searched_score(&mut s);
    assert_ne!(built_in, hand, "the built-in network scores the position");
    assert!(send(&mut s, "setoption name EvalFile value <built-in>").is_empty());
    assert_eq!(searched_score(&mut s), built_in);
    assert!(send(&mut s, "setoption name EvalFile value <none>").is_empty());
    let (good, bytes) = random_network_file("good.nnue", 5);
    let truncated = good.with_extension("cut");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let mut flipped = bytes.clone();
    flipped[4000] ^= 0x10;
    let corrupt = good.with_extension("bad");
    std::fs::write(&corrupt, &flipped).unwrap();
    for (file, reason) in [
        (truncated.display().to_string(), "truncated"),
        (corrupt.display().to_string(), "checksum"),
        ("/nonexistent/net.nnue".to_string(), "EvalFile"),
    ] {
        let out = send(&mut s, &format!("setoption name EvalFile value {file}"));
        assert_info(&out, &["EvalFile", reason, "keeping"]);
        assert_eq!(
            searched_score(&mut s),
            hand,
            "a refused {file} changed nothing"
        );
    }
    assert_info(
        &send(&mut s, "setoption name EvalFile"),
        &["EvalFile needs"],
    );
    assert!(send(
        &mut s,
        &format!("setoption name EvalFile value {}", good.display())
    )
    .is_empty());
    let learned = searched_score(&mut s);
    assert_ne!(learned, hand, "the network scores the position");
    assert!(send(&mut s, "setoption name EvalFile value <none>").is_empty());
    assert_eq!(searched_score(&mut s), hand);
    // A rule set of another layout keeps the hand-written evaluation with an
    // orthodox network loaded.
    send(
        &mut s,
        &format!("setoption name EvalFile value {}", good.display()),
    );
    send(&mut s, "setoption name UCI_Variant value chessgi");
    let gi_with = searched_score(&mut s);
    send(&mut s, "setoption name EvalFile value <none>");
    assert_eq!(searched_score(&mut s), gi_with);
    for file in [good, truncated, corrupt] {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn evalfile_of_one_layout_replaces_that_layouts_network_only() {
    use alfiere::eval::nnue::FeatureSet;
    let mut s = UciSession::new();
    s.set_file_reader(Box::new(|path| {
        std::fs::read(path).map_err(|e| e.to_string())
    }));
    let chess_built_in = searched_score(&mut s);
    send(&mut s, "setoption name UCI_Variant value chessgi");
    let gi_built_in = searched_score(&mut s);
    send(&mut s, "setoption name EvalFile value <none>");
    let gi_hand = searched_score(&mut s);
    assert_ne!(
        gi_built_in, gi_hand,
        "Chess-Gi's built-in network scores it"
    );
    send(&mut s, "setoption name EvalFile value <built-in>");

    // A Chess-Gi network file takes Chess-Gi's place; orthodox chess keeps its own.
    let (gi_file, _) = random_network_file_of(FeatureSet::PieceSquareHands, "gi.nnue", 7);
    let out = send(
        &mut s,
        &format!("setoption name EvalFile value {}", gi_file.display()),
    );
    assert!(out.is_empty(), "{out:?}");
    let gi_loaded = searched_score(&mut s);
    assert_ne!(gi_loaded, gi_built_in);
    assert_ne!(gi_loaded, gi_hand);
    send(&mut s, "setoption name UCI_Variant value chess");
    assert_eq!(searched_score(&mut s), chess_built_in);

    // `<built-in>` brings back both built-in networks.
    send(&mut s, "setoption name EvalFile value <built-in>");
    assert_eq!(searched_score(&mut s), chess_built_in);
    send(&mut s, "setoption name UCI_Variant value chessgi");
    assert_eq!(searched_score(&mut s), gi_built_in);
    let _ = std::fs::remove_file(gi_file);
}

#[test]
fn evalfile_of_an_issue_57_kind_plays_only_its_own_rule_sets() {
    use alfiere::eval::nnue::FeatureSet;
    let mut s = UciSession::new();
    s.set_file_reader(Box::new(|path| {
        std::fs::read(path).map_err(|e| e.to_string())
    }));
    let chess_built_in = searched_score(&mut s);
    let score_in = |s: &mut UciSession, variant: &str| {
        send(s, &format!("setoption name UCI_Variant value {variant}"));
        searched_score(s)
    };
    // (kind, a rule set of it, a rule set of another kind, whether it is built in)
    for (set, variant, other, built_in) in [
        (FeatureSet::Billiards, "billiards", "chess", true),
        (FeatureSet::Avalanche, "avalanche", "chess", true),
        (
            FeatureSet::Marseillais,
            "marseillais-balanced",
            "progressive-scottish",
            true,
        ),
        (
            FeatureSet::Progressive,
            "progressive-italian",
            "marseillais",
            false,
        ),
        (FeatureSet::Alice, "alice", "billiards", true),
    ] {
        // The default: the hand-written evaluation for a kind with no built-in network,
        // the built-in one (Marseillais, Billiards, Avalanche, Alice) otherwise.
        let default_own = score_in(&mut s, variant);
        send(&mut s, "setoption name EvalFile value <none>");
        if built_in {
            assert_ne!(
                searched_score(&mut s),
                default_own,
                "{variant}: not built in?"
            );
        } else {
            assert_eq!(searched_score(&mut s), default_own, "{variant}: built in?");
        }
        send(&mut s, "setoption name EvalFile value <built-in>");
        let other_before = score_in(&mut s, other);
        let (file, _) = random_network_file_of(set, &format!("{variant}.nnue"), 11);
        let out = send(
            &mut s,
            &format!("setoption name EvalFile value {}", file.display()),
        );
        assert!(out.is_empty(), "{out:?}");
        // Loaded while another rule set is played, it leaves that one alone.
        assert_eq!(searched_score(&mut s), other_before, "{set:?} in {other}");
        send(
            &mut s,
            &format!("setoption name UCI_Variant value {variant}"),
        );
        assert_ne!(
            searched_score(&mut s),
            default_own,
            "{set:?} plays {variant}"
        );
        send(&mut s, "setoption name EvalFile value <built-in>");
        assert_eq!(searched_score(&mut s), default_own);
        let _ = std::fs::remove_file(file);
    }
    send(&mut s, "setoption name UCI_Variant value chess");
    assert_eq!(searched_score(&mut s), chess_built_in);
}

#[test]
fn a_change_of_rule_set_empties_the_table() {
    // Chess-Gi after 1.e4 with empty hands has the key of orthodox chess after 1.e4:
    // without a new table, the chess search would read Chess-Gi's scores.
    let score_without_new_game = |s: &mut UciSession| {
        send(s, "position startpos moves e2e4");
        send(s, "go depth 5");
        last_depth_info(&run_search(s)).to_string()
    };
    let mut fresh = UciSession::new();
    send(&mut fresh, "setoption name EvalFile value <none>");
    let expected = score_without_new_game(&mut fresh);
    let mut s = UciSession::new();
    send(&mut s, "setoption name EvalFile value <none>");
    send(&mut s, "setoption name UCI_Variant value chessgi");
    score_without_new_game(&mut s);
    send(&mut s, "setoption name UCI_Variant value chess");
    // Everything but the clock's fields: depth, score, nodes, the line.
    let strip = |line: &str| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut kept = Vec::new();
        let mut i = 0;
        while i < words.len() {
            if ["time", "nps", "hashfull"].contains(&words[i]) {
                i += 2;
            } else {
                kept.push(words[i]);
                i += 1;
            }
        }
        kept.join(" ")
    };
    assert_eq!(strip(&score_without_new_game(&mut s)), strip(&expected));
}
