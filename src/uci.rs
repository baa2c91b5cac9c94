//! The UCI protocol layer of the native `alfiere` binary.
//!
//! [`UciSession`] turns one input line into output lines; the binary's `main` only
//! reads standard input and prints. Every bad input (garbage, unknown commands or
//! options, bad FENs, illegal actions) is answered with `info string <reason>` and
//! leaves the session's state as it was; nothing here panics on input.
//!
//! ```
//! use alfiere::uci::UciSession;
//! let mut session = UciSession::new();
//! let mut out = Vec::new();
//! session.handle_line("position startpos moves e2e4", &mut |l| out.push(l.to_string()));
//! session.handle_line("go perft 1", &mut |l| out.push(l.to_string()));
//! assert_eq!(out.last().unwrap(), "Nodes searched: 20");
//! ```

use crate::game::Game;
use crate::notation::{fen, uci};
use crate::perft;
use crate::types::{File, Rank, Square};
use crate::variants::{AnyGame, Variant};
use crate::with_game;

/// The deepest `go perft` accepted (deeper ones would block the loop for hours).
pub const MAX_PERFT_DEPTH: u32 = 12;

/// The longest input line handled; longer lines are refused as a whole.
pub const MAX_LINE_LEN: usize = 1 << 20;

/// Whether the loop should go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Continue,
    Quit,
}

/// The state of one UCI conversation.
#[derive(Debug, Clone)]
pub struct UciSession {
    variant: Variant,
    game: AnyGame,
}

impl Default for UciSession {
    fn default() -> UciSession {
        UciSession::new()
    }
}

/// Plays UCI tokens on a position of rule set `G`.
fn play_tokens<G: Game>(mut game: G, tokens: &[&str]) -> Result<G, String> {
    for (i, token) in tokens.iter().enumerate() {
        let action = uci::parse_action(&game, token).map_err(|e| {
            format!(
                "{e} (move {} of the list) in {}",
                i + 1,
                fen::write_fen(&game)
            )
        })?;
        game.play_unchecked(&action);
    }
    Ok(game)
}

fn build<G: Game>(fen_text: Option<&str>, tokens: &[&str]) -> Result<G, String> {
    let start = match fen_text {
        None => G::start(),
        Some(text) => fen::read_fen::<G>(text).map_err(|e| e.to_string())?,
    };
    play_tokens(start, tokens)
}

/// Builds a position of `variant` from the arguments of a UCI `position` command
/// (`startpos [moves ...]` or `fen <fen> [moves ...]`).
///
/// # Errors
/// A message naming the bad FEN, the illegal action or the malformed command.
pub fn parse_position(variant: Variant, args: &str) -> Result<AnyGame, String> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let moves_at = tokens.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (&tokens[..], &[][..]),
    };
    let fen_text = match head.first() {
        Some(&"startpos") if head.len() == 1 => None,
        Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
        Some(&"startpos") => return Err("unexpected text after 'startpos'".to_string()),
        Some(&"fen") => return Err("'position fen' needs a FEN".to_string()),
        _ => return Err("expected 'position startpos' or 'position fen <fen>'".to_string()),
    };
    crate::with_variant!(variant, G, wrap => build::<G>(fen_text.as_deref(), moves).map(wrap),
        _ => Err(format!("variant {variant} is not implemented")))
}

/// A text diagram of the position: the board (with `|` marking board-B pieces),
/// then `Fen:`, `Key:` and `Checkers:` lines, as Stockfish's `d` prints.
pub fn diagram<G: Game>(game: &G) -> String {
    let placement = game.placement();
    let mut out = String::new();
    let rule = " +---+---+---+---+---+---+---+---+\n";
    out.push_str(rule);
    for rank in (0..8).rev() {
        out.push_str(" |");
        for file in 0..8 {
            let sq = Square::from_coords(File(file), Rank(rank));
            match placement.at(sq) {
                Some(p) if p.board == crate::BoardId::B => {
                    out.push_str(&format!("|{} |", p.piece.char()))
                }
                Some(p) => out.push_str(&format!(" {} |", p.piece.char())),
                None => out.push_str("   |"),
            }
        }
        out.push_str(&format!(" {}\n{rule}", rank + 1));
    }
    out.push_str("   a   b   c   d   e   f   g   h\n\n");
    out.push_str(&format!("Fen: {}\n", fen::write_fen(game)));
    out.push_str(&format!("Key: {:016X}\n", game.zobrist()));
    let checkers: Vec<String> = game.checkers().into_iter().map(|s| s.to_string()).collect();
    out.push_str(&format!("Checkers: {}", checkers.join(" ")));
    out
}

impl UciSession {
    /// A session with orthodox chess at the start position.
    pub fn new() -> UciSession {
        UciSession {
            variant: Variant::Chess,
            game: AnyGame::Chess(crate::Chess::start()),
        }
    }

    /// The current rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The current position.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Handles one line of input, sending output lines to `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut dyn FnMut(&str)) -> Control {
        // The line ending does not count towards the limit.
        let content = line
            .strip_suffix('\n')
            .map_or(line, |l| l.strip_suffix('\r').unwrap_or(l));
        if content.len() > MAX_LINE_LEN {
            out(&format!(
                "info string line too long (over {MAX_LINE_LEN} bytes), ignored"
            ));
            return Control::Continue;
        }
        let line = line.trim();
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match command {
            "" => {}
            "uci" => self.cmd_uci(out),
            "isready" => out("readyok"),
            "ucinewgame" => {
                if let Ok(game) = AnyGame::start(self.variant) {
                    self.game = game;
                }
            }
            "setoption" => self.cmd_setoption(rest, out),
            "position" => match parse_position(self.variant, rest) {
                Ok(game) => self.game = game,
                Err(e) => out(&format!("info string {e}")),
            },
            "go" => self.cmd_go(rest, out),
            "stop" | "ponderhit" => {}
            "d" => with_game!(&self.game, g => {
                for l in diagram(g).lines() {
                    out(l);
                }
            }),
            "quit" => return Control::Quit,
            other => {
                let shown: String = other.chars().take(32).collect();
                out(&format!(
                    "info string unknown command '{}'",
                    shown.escape_debug()
                ));
            }
        }
        Control::Continue
    }

    fn cmd_uci(&self, out: &mut dyn FnMut(&str)) {
        out(&format!("id name alfiere {}", env!("CARGO_PKG_VERSION")));
        out("id author the alfiere developers");
        let vars: Vec<String> = Variant::IMPLEMENTED
            .iter()
            .map(|v| format!("var {}", v.id()))
            .collect();
        out(&format!(
            "option name UCI_Variant type combo default {} {}",
            Variant::Chess.id(),
            vars.join(" ")
        ));
        out("uciok");
    }

    fn cmd_setoption(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
        let Some(after_name) = rest.strip_prefix("name") else {
            out("info string expected 'setoption name <id> [value <x>]'");
            return;
        };
        let (name, value) = match after_name.split_once(" value") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (after_name.trim(), None),
        };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            let Some(value) = value else {
                out("info string UCI_Variant needs a value");
                return;
            };
            match value.parse::<Variant>() {
                Ok(variant) => match AnyGame::start(variant) {
                    Ok(game) => {
                        self.variant = variant;
                        self.game = game;
                    }
                    Err(e) => out(&format!("info string {e}")),
                },
                Err(e) => out(&format!("info string {e}; keeping {}", self.variant.id())),
            }
        } else {
            let shown: String = name.chars().take(64).collect();
            out(&format!(
                "info string unknown option '{}'",
                shown.escape_debug()
            ));
        }
    }

    fn cmd_go(&mut self, rest: &str, out: &mut dyn FnMut(&str)) {
        let mut words = rest.split_whitespace();
        match words.next() {
            Some("perft") => {
                let depth = match words.next().map(str::parse::<i64>) {
                    Some(Ok(d)) if (0..=MAX_PERFT_DEPTH as i64).contains(&d) => d as u32,
                    Some(Ok(d)) => {
                        out(&format!(
                            "info string perft depth {d} out of range 0..={MAX_PERFT_DEPTH}"
                        ));
                        return;
                    }
                    _ => {
                        out("info string 'go perft' needs a depth");
                        return;
                    }
                };
                with_game!(&self.game, g => {
                    let mut total = 0;
                    if depth == 0 {
                        total = 1;
                    } else {
                        for (action, count) in perft::divide(g, depth) {
                            out(&format!("{}: {count}", uci::action_to_uci(&action)));
                            total += count;
                        }
                    }
                    out("");
                    out(&format!("Nodes searched: {total}"));
                });
            }
            _ => out("info string search is not available yet; 'go perft <depth>' works"),
        }
    }
}
