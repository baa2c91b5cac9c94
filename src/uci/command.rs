//! The arguments of the `position` and `go` commands.

use crate::game::Game;
use crate::moves::Action;
use crate::notation::{fen, uci};
use crate::search::{position_key, Limits};
use crate::variants::{AnyGame, Variant};

/// Plays `tokens` from `game`, collecting the keys of turn-start positions since the
/// last irreversible action.
fn play_with_history<G: Game>(mut game: G, tokens: &[&str]) -> Result<(G, Vec<u64>), String> {
    let mut history = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let action = uci::parse_action(&game, token).map_err(|e| {
            format!(
                "{e} (move {} of the list) in {}",
                i + 1,
                fen::write_fen(&game)
            )
        })?;
        if game.turn_state().is_turn_start() {
            history.push(position_key(&game));
        }
        let irreversible = game.is_irreversible(&action);
        crate::game::play_out_of_line(&mut game, &action);
        if irreversible {
            history.clear();
        }
    }
    Ok((game, history))
}

fn build<G: Game>(fen_text: Option<&str>, tokens: &[&str]) -> Result<(G, Vec<u64>), String> {
    let start = match fen_text {
        None => G::start(),
        Some(text) => fen::read_fen::<G>(text).map_err(|e| e.to_string())?,
    };
    play_with_history(start, tokens)
}

/// Builds a position of `variant` from the arguments of a UCI `position` command
/// (`startpos [moves ...]` or `fen <fen> [moves ...]`).
///
/// # Errors
/// A message naming the bad FEN, the illegal action or the malformed command.
pub fn parse_position(variant: Variant, args: &str) -> Result<AnyGame, String> {
    parse_position_with_history(variant, args).map(|(game, _)| game)
}

/// Like [`parse_position`], also returning the [`position_key`]s of the turn-start
/// positions passed since the last irreversible action (the repetition history).
///
/// # Errors
/// As [`parse_position`].
pub fn parse_position_with_history(
    variant: Variant,
    args: &str,
) -> Result<(AnyGame, Vec<u64>), String> {
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
    crate::with_variant!(variant, G, wrap => build::<G>(fen_text.as_deref(), moves)
            .map(|(game, history)| (wrap(game), history)))
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

/// Parses the arguments of a search `go` (anything but `perft`).
///
/// # Errors
/// A message naming the bad argument.
pub fn parse_go<G: Game>(pos: &G, args: &str) -> Result<Limits, String> {
    read_go(args, &|token| {
        uci::parse_action(pos, token).map_err(|e| e.to_string())
    })
}

/// [`parse_go`] with the rule set's action parser passed in, so this long function
/// exists once for every rule set.
fn read_go(args: &str, action: &dyn Fn(&str) -> Result<Action, String>) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut words = args.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let shown = |w: &str| {
            w.chars()
                .take(32)
                .collect::<String>()
                .escape_debug()
                .to_string()
        };
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
