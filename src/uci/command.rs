//! The arguments of the `position` and `go` commands.

use crate::api::Game;
use crate::moves::Action;
use crate::search::Limits;
use crate::variants::Variant;

/// Builds a game of `variant` from the arguments of a UCI `position` command
/// (`startpos [moves ...]` or `fen <fen> [moves ...]`). The actions are played even
/// past an automatic ending (a GUI may play on where its rules differ), and the
/// game keeps them, so the search knows the repetitions.
///
/// # Errors
/// A message naming the bad FEN, the illegal action or the malformed command.
pub fn parse_position(variant: Variant, args: &str) -> Result<Game, String> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let moves_at = tokens.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (&tokens[..], &[][..]),
    };
    let mut game = Game::start(variant);
    match head.first() {
        Some(&"startpos") if head.len() == 1 => {}
        Some(&"fen") if head.len() > 1 => game.load(&head[1..].join(" ")).map_err(|e| e.message)?,
        Some(&"startpos") => return Err("unexpected text after 'startpos'".to_string()),
        Some(&"fen") => return Err("'position fen' needs a FEN".to_string()),
        _ => return Err("expected 'position startpos' or 'position fen <fen>'".to_string()),
    }
    for (i, token) in moves.iter().enumerate() {
        // A refused token leaves the game as it was: its FEN is the position meant.
        game.play_uci_past_end(token)
            .map_err(|e| format!("{e} (move {} of the list) in {}", i + 1, game.fen()))?;
    }
    Ok(game)
}

/// The `go` keywords that take a number.
const GO_NUMBERS: [&str; 8] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
];

/// Parses the arguments of a search `go` (anything but `perft`) in `game`'s position
/// (`searchmoves` names its legal actions).
///
/// # Errors
/// A message naming the bad argument.
pub fn parse_go(game: &Game, args: &str) -> Result<Limits, String> {
    let action = |token: &str| -> Result<Action, String> {
        game.record().parse_uci(token).map_err(|e| e.to_string())
    };
    let mut limits = Limits::default();
    let mut words = args.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let shown = |w: &str| crate::shown::shown(w, 32);
        match word {
            "infinite" => limits.infinite = true,
            "searchmoves" => {
                while let Some(token) = words.peek() {
                    if GO_NUMBERS.contains(token) || *token == "infinite" {
                        break;
                    }
                    let action = action(token).map_err(|e| format!("searchmoves: {e}"))?;
                    limits.searchmoves.push(action);
                    words.next();
                }
                if limits.searchmoves.is_empty() {
                    return Err("'go searchmoves' needs at least one action".to_string());
                }
            }
            "ponder" | "mate" | "perft" => {
                return Err(format!("'go {word}' is not supported here"));
            }
            key if GO_NUMBERS.contains(&key) => {
                let Some(text) = words.next() else {
                    return Err(format!("'go {key}' needs a number"));
                };
                // Clocks may run below zero in some GUIs: that is no time left.
                let clock = matches!(key, "wtime" | "btime" | "winc" | "binc");
                let value = match text.parse::<i64>() {
                    Ok(n) if n >= 0 => n as u64,
                    Ok(_) if clock => 0,
                    _ => {
                        return Err(format!(
                            "'go {key}' needs a whole number of at least 0, not '{}'",
                            shown(text)
                        ))
                    }
                };
                match key {
                    "depth" => limits.depth = Some(value.clamp(1, u64::from(u32::MAX)) as u32),
                    "nodes" => limits.nodes = Some(value.max(1)),
                    "movetime" => limits.movetime = Some(value),
                    "wtime" => limits.wtime = Some(value),
                    "btime" => limits.btime = Some(value),
                    "winc" => limits.winc = Some(value),
                    "binc" => limits.binc = Some(value),
                    _ => limits.movestogo = Some(value),
                }
            }
            other => return Err(format!("unknown 'go' argument '{}'", shown(other))),
        }
    }
    Ok(limits)
}
