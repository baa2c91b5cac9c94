//! A puzzle's themes, computed from its line: the lichess puzzle themes that apply
//! to every rule set (mates, material, length) and each rule set's own, which its
//! type names through [`PuzzleRules`] (which also says where its self-play games
//! start).

use super::line::Solved;
use crate::attacks::{between, bishop_attacks, rook_attacks};
use crate::board::BoardId;
use crate::game::{EndReason, Position};
use crate::moves::Action;
use crate::variants::{
    Alice, Avalanche, Billiards, Chess, Chess960, ChessGi, Marseillais, MarseillaisBalanced,
    ProgressiveItalian, ProgressiveScottish, RacingKings,
};

/// Lichess's "crushing" rather than "advantage": at least this much material won,
/// or this chance to win after the line (about +800 centipawns).
const CRUSHING_GAIN: i32 = 500;
const CRUSHING_PERCENT: f64 = 95.0;

/// What puzzles need to know of a rule set beyond [`Position`]: its own themes of a line
/// (none by default) and where its self-play games start.
#[diagnostic::on_unimplemented(
    message = "the puzzle rules of rule set `{Self}` are missing",
    note = "add `impl PuzzleRules for {Self}` in src/puzzles/themes.rs: its own themes and where its self-play games start"
)]
pub trait PuzzleRules: Position {
    fn own_themes(_line: &Solved<Self>) -> Vec<&'static str> {
        Vec::new()
    }

    /// The start of self-play game `seed` (the rule set's start by default).
    fn game_start(_seed: u64) -> Self {
        Self::start()
    }
}

/// Every theme of a line, the shared ones first, in a fixed order.
pub fn themes<G: PuzzleRules>(line: &Solved<G>) -> Vec<&'static str> {
    let mut themes = Vec::new();
    let last = line.positions.last().expect("a line has positions");
    let mated = line.wins_game && last.outcome().map(|o| o.reason) == Some(EndReason::Checkmate);
    if mated {
        themes.push("mate");
        let turns = line.solver_turns();
        if let Some(name) = ["mateIn1", "mateIn2", "mateIn3", "mateIn4", "mateIn5"].get(turns - 1) {
            themes.push(name);
        }
    } else if !line.wins_game {
        let crushing =
            line.material_gain >= CRUSHING_GAIN || line.final_percent >= CRUSHING_PERCENT;
        themes.push(if crushing { "crushing" } else { "advantage" });
    }
    themes.push(match line.solver_actions() {
        1 => "oneMove",
        2 => "short",
        3 => "long",
        _ => "veryLong",
    });
    themes.extend(G::own_themes(line));
    themes
}

/// The indices of the solver's actions in the line.
fn solver_indices<G: Position>(line: &Solved<G>) -> impl Iterator<Item = usize> + '_ {
    (0..line.actions.len()).filter(move |&i| line.is_solver_action(i))
}

impl PuzzleRules for Chess {}

impl PuzzleRules for Chess960 {
    /// One of the 960 start positions, chosen by the seed.
    fn game_start(seed: u64) -> Self {
        Chess960::from_start_number((seed % 960) as u16).expect("0-959 are start numbers")
    }
}

impl PuzzleRules for ChessGi {
    /// `drop`: the solution puts a piece from the hand on the board.
    fn own_themes(line: &Solved<Self>) -> Vec<&'static str> {
        let drops = solver_indices(line).any(|i| matches!(line.actions[i], Action::Drop { .. }));
        if drops {
            vec!["drop"]
        } else {
            Vec::new()
        }
    }
}

impl PuzzleRules for RacingKings {
    /// `race`: the line ends with the solver's king winning the race.
    fn own_themes(line: &Solved<Self>) -> Vec<&'static str> {
        let last = line.positions.last().expect("a line has positions");
        if line.wins_game && last.outcome().map(|o| o.reason) == Some(EndReason::VariantWin) {
            vec!["race"]
        } else {
            Vec::new()
        }
    }
}

impl PuzzleRules for Alice {
    /// `aliceMate`: the mating move works through the other board: the piece either
    /// leaves the mated king's board and so uncovers the check, or travels through
    /// squares that are blocked on the king's board.
    fn own_themes(line: &Solved<Self>) -> Vec<&'static str> {
        let n = line.actions.len();
        let last = &line.positions[n];
        if !(line.wins_game && last.outcome().map(|o| o.reason) == Some(EndReason::Checkmate)) {
            return Vec::new();
        }
        let (from, to) = match line.actions[n - 1] {
            Action::Normal { from, to, .. } | Action::EnPassant { from, to } => (from, to),
            _ => return Vec::new(),
        };
        let Some(king) = last.placement().board.king_of(last.turn()) else {
            return Vec::new();
        };
        let after = last.placement();
        let king_board = after.board_of(king);
        let before = line.positions[n - 1].placement();
        let through = if before.board_of(from) == king_board {
            true
        } else {
            let on_king_board = match king_board {
                BoardId::A => before.board.occupied() & !before.board_b,
                BoardId::B => before.board.occupied() & before.board_b,
            };
            !(between(from, to) & on_king_board).is_empty()
        };
        if through {
            vec!["aliceMate"]
        } else {
            Vec::new()
        }
    }
}

impl PuzzleRules for Billiards {
    /// `rebound`: a solver's action gives check along a diagonal that rebounds off
    /// an edge (a checker that would not attack the king on an orthodox board).
    fn own_themes(line: &Solved<Self>) -> Vec<&'static str> {
        let rebound = solver_indices(line).any(|i| {
            let after = &line.positions[i + 1];
            let checkers = after.checkers();
            let board = after.placement().board;
            let Some(king) = board.king_of(after.turn()) else {
                return false;
            };
            let occupied = board.occupied();
            let straight = (bishop_attacks(king, occupied) & board.diagonal_sliders())
                | (rook_attacks(king, occupied) & board.orthogonal_sliders());
            let sliders = board.diagonal_sliders() | board.orthogonal_sliders();
            !(checkers & sliders & !straight).is_empty()
        });
        if rebound {
            vec!["rebound"]
        } else {
            Vec::new()
        }
    }
}

impl PuzzleRules for Avalanche {
    /// `avalanchePush`: one of the solver's pushes gives check or wins the game.
    fn own_themes(line: &Solved<Self>) -> Vec<&'static str> {
        let push_wins = solver_indices(line).any(|i| {
            let after = &line.positions[i + 1];
            matches!(line.actions[i], Action::Push { .. })
                && (after.is_check() || (line.wins_game && i + 1 == line.actions.len()))
        });
        if push_wins {
            vec!["avalanchePush"]
        } else {
            Vec::new()
        }
    }
}

/// `wholeTurn`: the win takes every action of a turn of several.
fn whole_turn<G: Position>(line: &Solved<G>) -> Vec<&'static str> {
    if line.wins_game && line.last_turn_actions() >= 2 {
        vec!["wholeTurn"]
    } else {
        Vec::new()
    }
}

/// The multi-action rule sets whose wins may take a whole turn.
macro_rules! whole_turn_rule_sets {
    ($($rule_set:ty),*) => {$(
        impl PuzzleRules for $rule_set {
            fn own_themes(line: &Solved<Self>) -> Vec<&'static str> {
                whole_turn(line)
            }
        }
    )*};
}

whole_turn_rule_sets!(
    Marseillais,
    MarseillaisBalanced,
    ProgressiveScottish,
    ProgressiveItalian
);
