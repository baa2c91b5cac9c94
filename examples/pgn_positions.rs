//! Lists positions of orthodox games, for the evaluation's training data: every
//! other position from the twelfth ply on (not in check; a position met again is
//! listed once) of every game in the given PGN files, one FEN a line.
//!
//! ```text
//! cargo run --release --example pgn_positions -- GAMES.pgn... > positions.txt
//! python3 scripts/tune-data.py --label positions.txt OUT.txt
//! ```
//!
//! docs/strength.md says which match records the current weights were fitted to.

use alfiere::notation::fen::write_fen;
use alfiere::notation::pgn::read_pgn;
use alfiere::{Chess, Game};
use std::collections::HashSet;

/// The opening plies are left out: they come from the opening book.
const FIRST_PLY: usize = 12;

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: pgn_positions GAMES.pgn...");
        std::process::exit(2);
    }
    let mut seen = HashSet::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        });
        let games = read_pgn::<Chess>(&text).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        });
        for game in &games {
            let mut pos = game.start.clone();
            for (ply, action) in game.moves.iter().flat_map(|m| &m.actions).enumerate() {
                pos.play_unchecked(action);
                let ply = ply + 1;
                if ply < FIRST_PLY || ply % 2 == 1 || pos.is_check() {
                    continue;
                }
                let fen = write_fen(&pos);
                // The clocks do not make a position new.
                let key: Vec<&str> = fen.split(' ').take(4).collect();
                if seen.insert(key.join(" ")) {
                    println!("{fen}");
                }
            }
        }
    }
}
