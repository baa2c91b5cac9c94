//! Opening positions for a match: read from a file (one `startpos moves ...` or
//! `fen <fen> [moves ...]` per line, as in a UCI `position` command), or made by
//! short seeded random playouts from the start (in Chess960 from seeded start
//! positions, by default with no playout), kept only while the game is still open. Each opening is played twice, once with each colour per engine.

use alfiere::search::skill::SplitMix;
use alfiere::uci::parse_position;
use alfiere::{with_variant, ActionList, Chess960, Position, Variant};

/// Reads the openings of a file; blank lines and `#` comments are skipped.
pub fn from_file(variant: Variant, path: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line = line.strip_prefix("position ").unwrap_or(line);
        parse_position(variant, line).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        out.push(line.to_string());
    }
    if out.is_empty() {
        return Err(format!("{path}: no openings"));
    }
    Ok(out)
}

/// `count` openings of `plies` random actions each.
pub fn random(variant: Variant, count: usize, plies: usize, seed: u64) -> Vec<String> {
    let mut rng = SplitMix(seed);
    let mut out = Vec::with_capacity(count);
    let mut attempts = 0;
    while out.len() < count && attempts < count * 100 {
        attempts += 1;
        let tokens = with_variant!(variant, G => random_line(G::start(), plies, &mut rng));
        if let Some(tokens) = tokens {
            let line = if tokens.is_empty() {
                "startpos".to_string()
            } else {
                format!("startpos moves {}", tokens.join(" "))
            };
            if !out.contains(&line) {
                out.push(line);
            }
        }
    }
    out
}

/// `count` Chess960 openings: distinct start positions (0-959) chosen by the seed, each
/// followed by `plies` random actions (the start alone when `plies` is 0).
pub fn chess960(count: usize, plies: usize, seed: u64) -> Vec<String> {
    let mut rng = SplitMix(seed);
    let mut out = Vec::with_capacity(count);
    let mut attempts = 0;
    while out.len() < count.min(960) && attempts < count * 100 {
        attempts += 1;
        let number = rng.below(960) as u16;
        let Some(start) = Chess960::from_start_number(number) else {
            continue;
        };
        let fen = alfiere::notation::fen::write_fen(&start);
        let Some(tokens) = random_line(start, plies, &mut rng) else {
            continue;
        };
        let line = if tokens.is_empty() {
            format!("fen {fen}")
        } else {
            format!("fen {fen} moves {}", tokens.join(" "))
        };
        if !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// A random line of `plies` actions ending at a turn start with the game still on.
fn random_line<G: Position>(mut game: G, plies: usize, rng: &mut SplitMix) -> Option<Vec<String>> {
    let mut tokens = Vec::new();
    let mut list = ActionList::new();
    while tokens.len() < plies || !game.turn_state().is_turn_start() {
        game.legal_actions(&mut list);
        if list.is_empty() || tokens.len() > plies + 64 {
            return None;
        }
        let action = list[rng.below(list.len())];
        tokens.push(alfiere::notation::uci::action_to_uci_in(
            &action,
            G::VARIANT,
        ));
        game.play_unchecked(&action);
    }
    (game.outcome().is_none()).then_some(tokens)
}

/// Common orthodox openings (four to six plies), used for `chess` when no file is
/// given, so engine matches start from varied, balanced positions.
pub const CHESS_BOOK: [&str; 24] = [
    "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
    "startpos moves e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",
    "startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4",
    "startpos moves e2e4 c7c5 g1f3 b8c6 d2d4 c5d4",
    "startpos moves e2e4 c7c5 b1c3 b8c6 g2g3 g7g6",
    "startpos moves e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",
    "startpos moves e2e4 e7e6 d2d4 d7d5 e4e5 c7c5",
    "startpos moves e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",
    "startpos moves e2e4 c7c6 d2d4 d7d5 b1c3 d5e4",
    "startpos moves e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",
    "startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
    "startpos moves d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
    "startpos moves d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",
    "startpos moves d2d4 d7d5 c2c4 d5c4 g1f3 g8f6",
    "startpos moves d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",
    "startpos moves d2d4 g8f6 c2c4 g7g6 b1c3 f8g7",
    "startpos moves d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",
    "startpos moves d2d4 g8f6 c2c4 c7c5 d4d5 e7e6",
    "startpos moves d2d4 f7f5 g2g3 g8f6 f1g2 e7e6",
    "startpos moves c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
    "startpos moves c2c4 c7c5 g1f3 g8f6 b1c3 b8c6",
    "startpos moves g1f3 d7d5 g2g3 g8f6 f1g2 c7c6",
    "startpos moves g1f3 g8f6 c2c4 g7g6 b2b3 f8g7",
];
