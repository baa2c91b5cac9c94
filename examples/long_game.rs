//! A legal game of chess of any length, for measuring how the game analysis's memory
//! grows with a game's length (docs/analysis.md, "Memory"). Real games seldom pass
//! 150 moves, so this one is made up: seeded random actions that keep the game going.
//! No action captures or ends the game unless nothing else is legal (so the material
//! stays and no dead position comes), none returns to a position seen before while
//! another is possible (no repetition ending), and a pawn moves once 80 plies pass
//! without one (far from the 75-move rule).
//!
//! `cargo run --release --example long_game -- [--moves N] [--seed S] > game.pgn`
//! (default 400 moves, seed 1).

use alfiere::api::Game;
use alfiere::moves::Action;
use alfiere::search::skill::SplitMix;
use std::collections::HashSet;

/// Plies without a pawn move after which the next action is a pawn move if one is
/// legal: well within the 150 plies of the automatic 75-move rule.
const PAWN_MOVE_EVERY: u32 = 80;

/// What playing an action leads to, from the game's own record.
struct Candidate {
    action: Action,
    /// The position reached was seen before in the game.
    repeats: bool,
    /// A capture: it lowers the material, towards a dead position.
    captures: bool,
    /// A pawn move (or a capture): it resets the 50-move count.
    irreversible: bool,
    ends: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |name: &str, default: u64| -> u64 {
        args.iter().position(|a| a == name).map_or(default, |i| {
            args.get(i + 1)
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} needs a number"))
        })
    };
    let moves = number("--moves", 400) as usize;
    let mut rng = SplitMix(number("--seed", 1));
    let mut game = Game::new("chess", None).expect("the chess start");
    let mut seen = HashSet::from([game.record().zobrist()]);
    while game.record().plies() < 2 * moves {
        let candidates: Vec<Candidate> = game
            .record()
            .legal_actions()
            .into_iter()
            .map(|action| candidate(&mut game, action, &seen))
            .collect();
        let quiet_clock = halfmove_clock(&game);
        let fits = |c: &&Candidate| !c.ends && !c.captures && !c.repeats;
        let pawn = |c: &&Candidate| fits(c) && c.irreversible;
        let preferred: Vec<&Candidate> = if quiet_clock >= PAWN_MOVE_EVERY {
            candidates.iter().filter(pawn).collect()
        } else {
            candidates
                .iter()
                .filter(|c| fits(c) && !c.irreversible)
                .collect()
        };
        let pool: Vec<&Candidate> = [
            preferred,
            candidates.iter().filter(fits).collect(),
            candidates.iter().filter(|c| !c.ends).collect(),
            candidates.iter().collect(),
        ]
        .into_iter()
        .find(|pool| !pool.is_empty())
        .expect("a legal action: the game never ends here");
        let chosen = pool[(rng.next_u64() % pool.len() as u64) as usize];
        game.play_action(&chosen.action).expect("a legal action");
        seen.insert(game.record().zobrist());
        if game.outcome().is_some() {
            eprintln!("the game ended at ply {}", game.record().plies());
            break;
        }
    }
    let tags = [
        ("Event".to_string(), format!("long_game --moves {moves}")),
        ("Result".to_string(), "*".to_string()),
    ];
    print!("{}", game.pgn(&tags));
}

/// Plays `action` to see what it leads to, and takes it back.
fn candidate(game: &mut Game, action: Action, seen: &HashSet<u64>) -> Candidate {
    let pieces = piece_count(game);
    game.play_action(&action).expect("a legal action");
    let candidate = Candidate {
        action,
        repeats: seen.contains(&game.record().zobrist()),
        captures: piece_count(game) < pieces,
        irreversible: halfmove_clock(game) == 0,
        ends: game.outcome().is_some() || game.claimable_draw().is_some(),
    };
    game.undo();
    candidate
}

/// The FEN's count of plies since the last capture or pawn move.
fn halfmove_clock(game: &Game) -> u32 {
    let fen = game.fen();
    let field = fen.split(' ').nth(4).expect("a halfmove field");
    field.parse().expect("a number")
}

fn piece_count(game: &Game) -> usize {
    let fen = game.fen();
    let board = fen.split(' ').next().unwrap_or_default();
    board.chars().filter(char::is_ascii_alphabetic).count()
}
