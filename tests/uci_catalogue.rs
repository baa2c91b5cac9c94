//! The bad-input catalogue of the UCI binary: the real `alfiere` process, driven over
//! pipes, is sent one bad input at a time. Each item must be answered with a clear
//! `info string` (or, where the protocol says so, nothing), leave the position as
//! it was (the `Fen:` line of `d`), and leave the process alive (`isready` answered).
//! Searches interrupted by `isready`, `stop`, `quit`, new commands or the end of
//! input always end with one `bestmove`.
//!
//! Every call of [`Engine::refused`], [`Engine::silent`], [`Engine::accepted`] or
//! [`Engine::item`] (a search scenario the test checks itself) is one catalogue
//! item; each engine prints its count when dropped (`catalogue items: N`, seen with
//! `--nocapture`), and docs/reliability.md adds them up.

use alfiere::api::Game;
use alfiere::notation::fen::STARTING_FEN;
use alfiere::uci::MAX_LINE_LEN;
use alfiere::Variant;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const BINARY: &str = env!("CARGO_BIN_EXE_alfiere");

/// Long enough for a debug build on a loaded machine; answers normally take
/// milliseconds.
const PATIENCE: Duration = Duration::from_secs(60);

/// The binary with a thread reading its output lines (kept raw: a stray `\r` in an
/// answer is a fault this catalogue looks for).
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Catalogue items sent so far.
    items: usize,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(BINARY)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn alfiere");
        let stdin = child.stdin.take();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || loop {
            let mut raw = Vec::new();
            match stdout.read_until(b'\n', &mut raw) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if raw.last() == Some(&b'\n') {
                        raw.pop();
                    }
                    let line = String::from_utf8(raw).expect("answers are UTF-8");
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
            items: 0,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn line(&mut self, text: &str) {
        self.send(format!("{text}\n").as_bytes());
    }

    /// Lines up to and including the first that satisfies `done`.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let stop = done(&line);
                    seen.push(line);
                    if stop {
                        return seen;
                    }
                }
                Err(_) => panic!("no expected line within {PATIENCE:?}; got {seen:#?}"),
            }
        }
    }

    /// Sends `isready` and returns the lines before `readyok`: the process is alive
    /// and has answered everything sent before.
    fn sync(&mut self) -> Vec<String> {
        self.line("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        for line in &lines {
            assert!(!line.contains('\r'), "a raw CR inside an answer: {line:?}");
        }
        lines
    }

    /// The `Fen:` line of `d`.
    fn fen(&mut self) -> String {
        self.line("d");
        let lines = self.sync();
        let fens: Vec<&String> = lines.iter().filter(|l| l.starts_with("Fen: ")).collect();
        assert_eq!(fens.len(), 1, "{lines:#?}");
        fens[0]["Fen: ".len()..].to_string()
    }

    /// Counts a catalogue item checked by the test itself (searches and their
    /// interruptions, whose answers are not `info string` lines).
    fn item(&mut self) {
        self.items += 1;
    }

    /// A catalogue item: `input` is refused with `info string` lines only, one of
    /// which holds every fragment (case-insensitive); the position is unchanged.
    fn refused(&mut self, input: &[u8], fragments: &[&str]) -> Vec<String> {
        self.items += 1;
        let before = self.fen();
        self.send(input);
        let answer = self.sync();
        assert!(!answer.is_empty(), "no answer to {:?}", shown(input));
        for line in &answer {
            assert!(
                line.starts_with("info string "),
                "{:?}: {line:?}",
                shown(input)
            );
            assert!(
                line.len() < 4096,
                "{:?}: a {}-byte answer",
                shown(input),
                line.len()
            );
        }
        let matched = answer.iter().any(|line| {
            let lower = line.to_lowercase();
            fragments.iter().all(|f| lower.contains(&f.to_lowercase()))
        });
        assert!(
            matched,
            "{:?}: {answer:#?} lacks {fragments:?}",
            shown(input)
        );
        assert_eq!(
            self.fen(),
            before,
            "{:?} changed the position",
            shown(input)
        );
        answer
    }

    /// A catalogue item answered by silence, as the protocol wants for blank lines
    /// and a `stop` without a search; the position is unchanged.
    fn silent(&mut self, input: &[u8]) {
        self.items += 1;
        let before = self.fen();
        self.send(input);
        let answer = self.sync();
        assert!(answer.is_empty(), "{:?} answered {answer:#?}", shown(input));
        assert_eq!(
            self.fen(),
            before,
            "{:?} changed the position",
            shown(input)
        );
    }

    /// A catalogue item that is odd but valid: its answer is returned for checks.
    fn accepted(&mut self, input: &[u8]) -> Vec<String> {
        self.items += 1;
        self.send(input);
        self.sync()
    }

    /// Waits for the process to end; returns whether it exited cleanly.
    fn wait_exit(&mut self) -> bool {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            assert!(Instant::now() < deadline, "alfiere did not exit");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            eprintln!("catalogue items: {}", self.items);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn shown(input: &[u8]) -> String {
    let text = String::from_utf8_lossy(input);
    text.chars().take(80).collect()
}

/// The action of a `bestmove` line, checked legal in `fen` of `variant`.
fn assert_legal_bestmove(line: &str, variant: Variant, fen: &str) {
    let token = line
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove line: {line:?}"))
        .split_whitespace()
        .next()
        .unwrap();
    let mut game = Game::start(variant);
    game.load(fen).unwrap();
    let legal = game.record().parse_uci(token).is_ok();
    assert!(legal, "bestmove {token} is not legal in {fen}");
}

// ---------------------------------------------------------------------------
// Lines and commands
// ---------------------------------------------------------------------------

#[test]
fn blank_binary_and_unknown_lines() {
    let mut e = Engine::start();
    e.line("position startpos moves e2e4 c7c5");
    e.silent(b"\n");
    e.silent(b"   \t  \n");
    e.silent(b"\r\n");
    e.refused(b"\x00\x00\x00\n", &["unknown command"]);
    e.refused(b"\xff\xfe\x80\xc3\x28 garbage\n", &["unknown command"]);
    e.refused(b"\x1b[31mred\x1b[0m\n", &["unknown command"]);
    e.refused(b"xyzzy\n", &["unknown command", "xyzzy"]);
    e.refused(b"ISREADY\n", &["unknown command"]);
    e.refused(b"isready_\n", &["unknown command"]);
    e.refused("\u{2603} \u{e9}\u{fffd}\n".as_bytes(), &["unknown command"]);
    let answer = e.refused(
        format!("{}\n", "z".repeat(100_000)).as_bytes(),
        &["unknown command"],
    );
    assert!(
        answer[0].len() < 200,
        "the echo is not cut: {} bytes",
        answer[0].len()
    );
    // Over the line limit: refused as a whole, even when it starts like a command.
    let long = format!(
        "position startpos moves{}\n",
        " e2e4".repeat(MAX_LINE_LEN / 5 + 10)
    );
    e.refused(long.as_bytes(), &["too long"]);
    // Odd spacing and line endings of good commands are fine.
    e.send(b"   isready   \r\n");
    assert_eq!(e.until(|l| l == "readyok"), vec!["readyok"]);
    e.accepted(b"position\tstartpos\tmoves\te2e4\t c7c5\r\n");
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    e.line("quit");
    assert!(e.wait_exit());
}

#[test]
fn bad_options() {
    let mut e = Engine::start();
    e.line("position startpos moves d2d4");
    e.refused(b"setoption\n", &["setoption name"]);
    e.refused(b"setoption value 3\n", &["setoption name"]);
    e.refused(b"setoption name Foo value 1\n", &["unknown option", "Foo"]);
    e.refused(b"setoption name\n", &["unknown option"]);
    e.refused(b"setoption name UCI_Variant\n", &["needs a value"]);
    e.refused(
        b"setoption name UCI_Variant value nonsense\n",
        &["unknown variant", "keeping chess"],
    );
    e.refused(
        b"setoption name UCI_Variant value crazyhouse\n",
        &["unknown variant"],
    );
    // A control character inside the value is shown escaped, never raw (a raw CR
    // would split the answer in two for a GUI).
    let answer = e.refused(
        b"setoption name UCI_Variant value ra\rcing\x00kings\n",
        &["unknown variant"],
    );
    assert!(!answer[0].contains('\0'), "{answer:?}");
    for (value, fragment) in [
        ("abc", "whole number"),
        ("0", "1..="),
        ("-5", "whole number"),
        ("1.5", "whole number"),
        ("99999999999999999999999", "whole number"),
        ("4097", "1..=4096"),
        ("", "whole number"),
    ] {
        e.refused(
            format!("setoption name Hash value {value}\n").as_bytes(),
            &["Hash", fragment],
        );
    }
    for (name, value) in [
        ("MultiPV", "0"),
        ("MultiPV", "65"),
        ("Skill Level", "21"),
        ("Skill Level", "-1"),
        ("UCI_Elo", "100"),
        ("UCI_Elo", "99999"),
    ] {
        e.refused(
            format!("setoption name {name} value {value}\n").as_bytes(),
            &[name],
        );
    }
    e.refused(
        b"setoption name UCI_LimitStrength value maybe\n",
        &["true or false"],
    );
    e.refused(b"setoption name UCI_LimitStrength\n", &["true or false"]);
    // None of them took effect: one line per iteration, not several.
    e.line("go depth 2");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert!(
        lines.iter().all(|l| !l.contains(" multipv 2 ")),
        "{lines:#?}"
    );
    assert_legal_bestmove(lines.last().unwrap(), Variant::Chess, &e.fen());
    // The variant is still chess.
    e.line("go perft 1");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 20");
    e.line("quit");
    assert!(e.wait_exit());
}

// ---------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------

#[test]
fn bad_positions_and_move_lists() {
    let mut e = Engine::start();
    e.line("position startpos moves e2e4 e7e5");
    e.refused(b"position\n", &["expected 'position startpos'"]);
    e.refused(b"position nonsense\n", &["expected 'position startpos'"]);
    e.refused(b"position startpos junk\n", &["after 'startpos'"]);
    e.refused(b"position fen\n", &["needs a fen"]);
    e.refused(b"position fen moves e2e4\n", &["needs a fen"]);
    e.refused(b"position fen 8/8/8/8 w - - 0 1\n", &["invalid fen"]);
    e.refused(b"position fen 8/8/8/8/8/8/8/8 w - - 0 1\n", &["no king"]);
    // Positions a JS caller may accept on purpose (alfiere::accepted) stay refused
    // here: the engine plays RULES.md's positions only.
    e.refused(
        b"position fen 5k2/8/3N1N2/2NBQQN1/3R1R2/2NPRPN1/3N1N2/4K3 w - - 0 1\n",
        &["more than 16 pieces"],
    );
    e.refused(
        b"position fen 4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1\n",
        &["not to move is in check"],
    );
    e.refused(
        b"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\n",
        &["side to move"],
    );
    e.refused(b"position fen \x01\x02\x03 w - - 0 1\n", &["invalid fen"]);
    // Illegal or malformed tokens in the middle of a move list: the whole command is
    // refused, naming the token and its place, and the old position stays.
    e.refused(
        b"position startpos moves e2e4 e7e5 g1f3 e5e4 f3e5\n",
        &["illegal", "move 4"],
    );
    e.refused(
        b"position startpos moves e2e4 xx e7e5\n",
        &["not a uci action", "move 2"],
    );
    e.refused(b"position startpos moves e2e4 e7e5 e9e5\n", &["move 3"]);
    e.refused(
        b"position startpos moves e2e4 N@e4\n",
        &["illegal", "move 2"],
    );
    e.refused(
        b"position startpos moves e2e4 e7e5 e1g1\n",
        &["illegal", "move 3"],
    );
    e.refused(b"position startpos moves e2e4 e7e5 \xff\xfe\n", &["move 3"]);
    let answer = e.refused(
        format!("position startpos moves e2e4 {}\n", "a".repeat(5000)).as_bytes(),
        &["move 2"],
    );
    assert!(
        answer[0].len() < 300,
        "the token is not cut: {} bytes",
        answer[0].len()
    );
    e.refused(
        b"position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7 e4e6\n",
        &["illegal", "move 3"],
    );
    // An empty move list is the position itself.
    e.accepted(b"position startpos moves\n");
    assert_eq!(e.fen(), STARTING_FEN);
    e.line("quit");
    assert!(e.wait_exit());
}

/// A `position` command with thousands of actions (knights shuffling) is read in
/// full and quickly; a search in the reached position still answers.
#[test]
fn a_position_with_thousands_of_moves() {
    let mut e = Engine::start();
    let cycle = "g1f3 g8f6 f3g1 f6g8";
    let moves = vec![cycle; 1000].join(" ");
    let started = Instant::now();
    let answer = e.accepted(format!("position startpos moves {moves} b1c3\n").as_bytes());
    assert!(answer.is_empty(), "{answer:?}");
    let fen = e.fen();
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 4001 2001"
    );
    e.line("go depth 2");
    let lines = e.until(|l| l.starts_with("bestmove"));
    let best = lines.last().unwrap();
    // The 75-move rule has ended the game long ago: either answer is fair, but it
    // must be a legal action or `(none)`.
    if best != "bestmove (none)" {
        assert_legal_bestmove(best, Variant::Chess, &fen);
    }
    // An illegal token after thousands of good ones is found and nothing changes.
    e.refused(
        format!("position startpos moves {moves} e2e5\n").as_bytes(),
        &["move 4001"],
    );
    // Every rule set reads a long list.
    for variant in Variant::ALL {
        e.line(&format!("setoption name UCI_Variant value {variant}"));
        let tokens = alfiere::with_variant!(variant, G => shuffle_tokens(&<G as alfiere::Position>::start(), 2000));
        e.accepted(format!("position startpos moves {}\n", tokens.join(" ")).as_bytes());
        let expected =
            alfiere::uci::parse_position(variant, &format!("startpos moves {}", tokens.join(" ")))
                .unwrap();
        assert_eq!(e.fen(), expected.fen(), "{variant}");
    }
    e.line("quit");
    assert!(e.wait_exit());
}

/// Up to `n` UCI tokens of a game that moves pieces back and forth (reversible
/// actions first), so that long games stay legal.
fn shuffle_tokens<G: alfiere::Position>(start: &G, n: usize) -> Vec<String> {
    let mut pos = start.clone();
    let mut tokens = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..n {
        let mut list = alfiere::ActionList::new();
        pos.legal_actions(&mut list);
        if list.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let quiet: Vec<_> = list.iter().filter(|a| !a.is_zeroing()).copied().collect();
        let pick = if quiet.is_empty() {
            list[seed as usize % list.len()]
        } else {
            quiet[seed as usize % quiet.len()]
        };
        tokens.push(alfiere::notation::uci::action_to_uci_in(&pick, G::VARIANT));
        pos.play_unchecked(&pick);
    }
    tokens
}

// ---------------------------------------------------------------------------
// go and perft
// ---------------------------------------------------------------------------

#[test]
fn go_before_position_searches_the_start() {
    let mut e = Engine::start();
    e.item();
    e.line("go depth 2");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert_legal_bestmove(lines.last().unwrap(), Variant::Chess, STARTING_FEN);
    assert_eq!(e.fen(), STARTING_FEN);
    // Also right after a variant switch, before any position command.
    e.item();
    e.line("setoption name UCI_Variant value avalanche");
    e.line("go nodes 500");
    let lines = e.until(|l| l.starts_with("bestmove"));
    let start = Game::start(Variant::Avalanche).fen();
    assert_legal_bestmove(lines.last().unwrap(), Variant::Avalanche, &start);
    e.line("quit");
    assert!(e.wait_exit());
}

#[test]
fn bad_go_and_perft_arguments() {
    let mut e = Engine::start();
    e.line("position startpos moves e2e4");
    for (args, fragment) in [
        ("depth", "needs a number"),
        ("depth abc", "whole number"),
        ("depth -1", "whole number"),
        ("nodes -5", "whole number"),
        ("movetime x", "whole number"),
        ("movetime 1.5", "whole number"),
        ("nodes 99999999999999999999999", "whole number"),
        ("wtime", "needs a number"),
        ("foo", "unknown 'go' argument"),
        ("depth 3 foo", "unknown 'go' argument"),
        ("mate 3", "not supported"),
        ("ponder", "not supported"),
        ("searchmoves", "at least one action"),
        ("searchmoves e2e4", "searchmoves"),
        ("searchmoves e7e5 zz", "searchmoves"),
    ] {
        e.refused(format!("go {args}\n").as_bytes(), &[fragment]);
    }
    for (args, fragment) in [
        ("perft", "needs a depth"),
        ("perft abc", "needs a depth"),
        ("perft -1", "out of range"),
        ("perft -99999999999", "out of range"),
        ("perft 13", "out of range"),
        ("perft 4294967297", "out of range"),
        ("perft 99999999999999999999999", "needs a depth"),
        ("perft 2.5", "needs a depth"),
    ] {
        e.refused(format!("go {args}\n").as_bytes(), &[fragment]);
    }
    // perft 0 counts the position itself.
    assert_eq!(e.accepted(b"go perft 0\n"), vec!["", "Nodes searched: 1"]);
    // Clocks below zero are no time left, not an error.
    e.line("go wtime -100 btime -100");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert_legal_bestmove(lines.last().unwrap(), Variant::Chess, &e.fen());
    e.line("quit");
    assert!(e.wait_exit());
}

/// A mated or stalemated side gets `bestmove (none)`, in every kind of search.
#[test]
fn go_without_legal_actions() {
    let mut e = Engine::start();
    e.line("position startpos moves f2f3 e7e5 g2g4 d8h4");
    for go in [
        "go depth 3",
        "go nodes 100",
        "go movetime 50",
        "go wtime 1000 btime 1000",
    ] {
        e.item();
        e.line(go);
        let lines = e.until(|l| l.starts_with("bestmove"));
        assert_eq!(lines.last().unwrap(), "bestmove (none)", "{go}");
    }
    e.item();
    e.line("go infinite");
    e.line("stop");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert_eq!(e.accepted(b"go perft 1\n"), vec!["", "Nodes searched: 0"]);
    e.line("quit");
    assert!(e.wait_exit());
}

// ---------------------------------------------------------------------------
// Searches interrupted
// ---------------------------------------------------------------------------

#[test]
fn stop_and_ponderhit_without_a_search_are_ignored() {
    let mut e = Engine::start();
    e.line("position startpos moves c2c4");
    e.silent(b"stop\n");
    e.silent(b"stop\nstop\n");
    e.silent(b"ponderhit\n");
    e.line("go depth 1");
    e.until(|l| l.starts_with("bestmove"));
    // After a finished search, stop is still nothing.
    e.silent(b"stop\n");
    e.line("quit");
    assert!(e.wait_exit());
}

#[test]
fn commands_during_a_search() {
    let mut e = Engine::start();
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    e.line(&format!("position fen {fen}"));
    e.line("go infinite");
    // isready is answered while the search runs, without a bestmove.
    e.item();
    let answer = e.sync();
    assert!(answer.iter().all(|l| l.starts_with("info ")), "{answer:#?}");
    // A new position during the search is taken; the search keeps its own.
    e.item();
    e.line("position startpos moves d2d4");
    e.line("d");
    let lines = e.until(|l| l.starts_with("Checkers:"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Fen: rnbqkbnr/pppppppp/8/8/3P4")),
        "{lines:#?}"
    );
    // Garbage and commands this engine does not know (`debug`, `register`) during
    // the search are refused, and the search goes on.
    for line in ["xyzzy", "debug on", "register later", "\u{1}\u{2}"] {
        e.item();
        e.line(line);
        let lines = e.until(|l| l.starts_with("info string"));
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "{line}: {lines:#?}"
        );
    }
    let answer = e.sync();
    assert!(
        !answer.iter().any(|l| l.starts_with("bestmove")),
        "{answer:#?}"
    );
    e.line("stop");
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert_legal_bestmove(lines.last().unwrap(), Variant::Chess, fen);
    e.silent(b"stop\n");

    // A second go while one runs: the endless one is stopped and answers first.
    let current = e.fen();
    e.item();
    e.line("go infinite");
    e.line("go depth 1");
    for _ in 0..2 {
        let lines = e.until(|l| l.starts_with("bestmove"));
        assert_legal_bestmove(lines.last().unwrap(), Variant::Chess, &current);
    }

    // setoption and ucinewgame during a search wait for it (stopping an endless one).
    for command in [
        "setoption name Hash value 2",
        "ucinewgame",
        "go perft 1",
        "setoption name UCI_Variant value alice",
    ] {
        e.item();
        e.line("go infinite");
        let before = e.fen();
        e.line(command);
        let lines = e.until(|l| l.starts_with("bestmove"));
        assert_legal_bestmove(lines.last().unwrap(), Variant::Chess, &before);
        e.sync();
    }
    let alice = e.accepted(b"go perft 1\n");
    assert_eq!(
        alice.last().unwrap(),
        &format!("Nodes searched: {}", alice.len() - 2)
    );
    e.line("quit");
    assert!(e.wait_exit());
}

#[test]
fn quit_during_a_search_ends_the_process() {
    let mut e = Engine::start();
    e.line("setoption name UCI_Variant value chessgi");
    e.line("go infinite");
    e.sync();
    let asked = Instant::now();
    e.item();
    e.line("quit");
    assert!(e.wait_exit(), "unclean exit");
    assert!(
        asked.elapsed() < Duration::from_secs(10),
        "{:?}",
        asked.elapsed()
    );
}

#[test]
fn end_of_input_during_a_search_answers_and_exits() {
    let mut e = Engine::start();
    e.line("position startpos moves e2e4");
    e.line("go infinite");
    e.sync();
    e.item();
    drop(e.stdin.take());
    let lines = e.until(|l| l.starts_with("bestmove"));
    assert_legal_bestmove(
        lines.last().unwrap(),
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    );
    assert!(e.wait_exit());
}
