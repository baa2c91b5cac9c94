//! Lists the positions of orthodox games in PGN files, one FEN a line: every other
//! position from the twelfth ply on (not in check; a position met again is listed
//! once), for the evaluation's training data.
//!
//! With `--moves`, lists every move instead, with the position it was played in, for
//! looking at where a match's points went (`scripts/blunders.py` judges each move
//! of one engine with Stockfish): per game one header line
//! `game N<TAB>WHITE<TAB>BLACK<TAB>RESULT`, then one line a ply,
//! `PLY<TAB>FEN<TAB>UCI-MOVE<TAB>MOVE-NUMBER`.
//!
//! ```text
//! cargo run --release --example pgn_positions -- GAMES.pgn... > positions.txt
//! python3 scripts/tune-data.py --label positions.txt OUT.txt
//! cargo run --release --example pgn_positions -- --moves GAMES.pgn > moves.tsv
//! python3 scripts/blunders.py moves.tsv ENGINE-NAME
//! ```
//!
//! docs/strength.md says which match records the current weights were fitted to.

use alfiere::notation::fen::write_fen;
use alfiere::notation::pgn::{read_pgn, PgnGame};
use alfiere::notation::uci::action_to_uci;
use alfiere::{Chess, Position};
use std::collections::HashSet;

/// The opening plies are left out: they come from the opening book.
const FIRST_PLY: usize = 12;

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let moves = paths.first().is_some_and(|a| a == "--moves");
    if moves {
        paths.remove(0);
    }
    if paths.is_empty() {
        eprintln!("usage: pgn_positions [--moves] GAMES.pgn...");
        std::process::exit(2);
    }
    let mut seen = HashSet::new();
    let mut number = 0;
    for path in paths {
        for game in read_games(&path) {
            number += 1;
            if moves {
                print_moves(number, &game);
            } else {
                print_positions(&game, &mut seen);
            }
        }
    }
}

/// The games of one PGN file; exits with the error when it cannot be read.
fn read_games(path: &str) -> Vec<PgnGame<Chess>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    read_pgn::<Chess>(&text).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    })
}

/// The training positions of a game not `seen` before.
fn print_positions(game: &PgnGame<Chess>, seen: &mut HashSet<String>) {
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

/// Game `number`'s header line and its moves with their positions.
fn print_moves(number: usize, game: &PgnGame<Chess>) {
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
