//! Lists every move of the orthodox games in PGN files with the position it was
//! played in, for looking at where a match's points went (`scripts/blunders.py`
//! judges each move of one engine with Stockfish). Per game one header line
//! `game N<TAB>WHITE<TAB>BLACK<TAB>RESULT`, then one line a ply:
//! `PLY<TAB>FEN<TAB>UCI-MOVE<TAB>SAN-MOVE-NUMBER`.
//!
//! ```text
//! cargo run --release --example pgn_moves -- GAMES.pgn > moves.tsv
//! ```

use alfiere::notation::fen::write_fen;
use alfiere::notation::pgn::read_pgn;
use alfiere::notation::uci::action_to_uci;
use alfiere::{Chess, Game};

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: pgn_moves GAMES.pgn...");
        std::process::exit(2);
    }
    let mut number = 0;
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
            number += 1;
            let tag = |name: &str| game.tag(name).unwrap_or("?").to_string();
            println!(
                "game {number}\t{}\t{}\t{}",
                tag("White"),
                tag("Black"),
                tag("Result")
            );
            let mut pos = game.start.clone();
            for (ply, action) in game.moves.iter().flat_map(|m| &m.actions).enumerate() {
                println!(
                    "{ply}\t{}\t{}\t{}",
                    write_fen(&pos),
                    action_to_uci(action),
                    pos.fullmove_number()
                );
                pos.play_unchecked(action);
            }
        }
    }
}
