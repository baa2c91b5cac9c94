//! A reference definition of legality for every rule set, written from RULES.md as
//! plainly as possible, to hold the fast generators to.
//!
//! For each rule set: list every candidate action the rules describe (piece moves,
//! castling, e.p., drops, pushes, Alice transfers, promotion choices), play it on a
//! copy of a plain 64-square array ([`position`]), and ask whether the mover's king
//! is attacked afterwards, with attacks walked step by step in that rule set's own
//! geometry ([`geometry`]: rebounding diagonals in Billiards, the king's own board in
//! Alice). No pins, no check masks, no double-check shortcut, no incremental state,
//! no bitboard tables: slow and obviously right. The multi-action rule sets add their
//! own conditions (Italian Progressive's non-final checks, e.p. only by the first
//! action, Avalanche's "safe or a push follows") and the endings that leave no
//! action (Racing Kings' goal, the ten-series draw, Avalanche's decided turns).
//!
//! The state the reference starts from is the position's own [`alfiere::Setup`]
//! (`Position::to_setup`): what the rules make of the turn state and e.p. squares is
//! the rules core's; which actions that state allows is decided here.
//!
//! Shared by `tests/reference.rs` and the `reference` fuzz target.
#![allow(dead_code)]

pub mod candidates;
pub mod geometry;
pub mod position;
pub mod positions;

use alfiere::notation::fen;
use alfiere::{Action, ActionList, Color, ExtraState, Piece, Position, Rank, Role, Setup, Variant};
use candidates::{castles, castles_960, choices, drops, en_passant, piece_moves, pushes};
use geometry::king_attacked;
use position::RefPosition;
use std::collections::HashSet;

/// Every legal action of the position described by `setup` under `variant`, each
/// once, in no particular order.
pub fn legal_actions(variant: Variant, setup: &Setup) -> Vec<Action> {
    let pos = RefPosition::from_setup(variant, setup);
    let mut actions = match variant {
        Variant::Chess | Variant::Billiards => king_safe(
            &pos,
            [piece_moves(&pos), castles(&pos), en_passant(&pos)].concat(),
        ),
        Variant::Chess960 => king_safe(
            &pos,
            [piece_moves(&pos), castles_960(&pos), en_passant(&pos)].concat(),
        ),
        Variant::ChessGi => king_safe(
            &pos,
            [
                piece_moves(&pos),
                castles(&pos),
                en_passant(&pos),
                drops(&pos),
            ]
            .concat(),
        ),
        Variant::RacingKings => racing_kings(&pos),
        Variant::Alice => alice(&pos),
        Variant::ProgressiveScottish
        | Variant::ProgressiveItalian
        | Variant::Marseillais
        | Variant::MarseillaisBalanced => series(&pos),
        Variant::Avalanche => avalanche(&pos),
    };
    let mut seen = HashSet::new();
    actions.retain(|a| seen.insert(*a));
    actions
}

/// The candidates after which the mover's king is not attacked.
fn king_safe(pos: &RefPosition, candidates: Vec<Action>) -> Vec<Action> {
    candidates
        .into_iter()
        .filter(|a| !king_attacked(&pos.after(a), pos.turn))
        .collect()
}

/// RULES.md §3: no move may leave either king attacked; the goal ends the game.
fn racing_kings(pos: &RefPosition) -> Vec<Action> {
    let us = pos.turn;
    let on_goal = |color| pos.king(color).is_some_and(|k| k.rank() == Rank::EIGHTH);
    if on_goal(Color::Black) {
        return Vec::new();
    }
    let moves: Vec<Action> = piece_moves(pos)
        .into_iter()
        .filter(|a| {
            let after = pos.after(a);
            !king_attacked(&after, us) && !king_attacked(&after, !us)
        })
        .collect();
    if on_goal(Color::White) {
        // Black's one more move exists only if Black can reach rank 8 with it.
        let follows = us == Color::Black
            && moves
                .iter()
                .any(|a| a.role() == Role::King && a.to().rank() == Rank::EIGHTH);
        if !follows {
            return Vec::new();
        }
    }
    moves
}

/// RULES.md §4: R1-R3 in the candidates; R2 on the departure board alone, then R4
/// after the transfer, on the king's board.
fn alice(pos: &RefPosition) -> Vec<Action> {
    let us = pos.turn;
    // R2 concerns the king only where it stands on the departure board.
    let legal_on_departure_board = |a: &Action| {
        let departure = pos.on_b[a.from().expect("a move").index()];
        let alone = pos.after_without_transfer(a);
        let king = alone.king(us).expect("a king");
        alone.on_b[king.index()] != departure || !king_attacked(&alone, us)
    };
    [piece_moves(pos), castles(pos)]
        .concat()
        .into_iter()
        .filter(|a| legal_on_departure_board(a) && !king_attacked(&pos.after(a), us))
        .collect()
}

/// RULES.md §6 and §7: every action orthodox-legal; e.p. by the first action (and in
/// Marseillais by the second, onto a target the state still lists); Italian: no
/// check before the last action; Progressive's ten-series draw ends the game.
fn series(pos: &RefPosition) -> Vec<Action> {
    let progressive = matches!(
        pos.variant,
        Variant::ProgressiveScottish | Variant::ProgressiveItalian
    );
    let default_length = || {
        let k = pos.fullmoves;
        pos.turn.fold(2 * k - 1, 2 * k)
    };
    let (length, played, quiet) = match pos.extra {
        ExtraState::Series {
            length,
            played,
            quiet,
        } => (u32::from(length), played, quiet),
        _ if progressive => (default_length(), 0, 0),
        _ => (2, 0, 0),
    };
    if progressive && quiet >= 10 {
        return Vec::new();
    }
    let mut candidates = [piece_moves(pos), castles(pos)].concat();
    if played == 0 || (!progressive && played == 1) {
        candidates.extend(en_passant(pos));
    }
    let mut legal = king_safe(pos, candidates);
    if pos.variant == Variant::ProgressiveItalian && u32::from(played) + 1 < length {
        legal.retain(|a| !king_attacked(&pos.after(a), !pos.turn));
    }
    legal
}

/// RULES.md §8: a move is legal if pseudo-legal (castling with its conditions) and
/// the king is safe after it or a push follows; every push is legal; a pending pawn
/// is chosen first. A turn start (or a choice) with the enemy king attacked is a
/// decided game.
fn avalanche(pos: &RefPosition) -> Vec<Action> {
    let us = pos.turn;
    let pending = || {
        pos.pieces(us)
            .into_iter()
            .find(|&(sq, p)| p == Piece::new(us, Role::Pawn) && sq.rank() == us.promotion_rank())
            .map(|(sq, _)| sq)
    };
    let (push_stage, choose) = match pos.extra {
        ExtraState::AvalanchePush => (true, None),
        ExtraState::AvalanchePromote(sq) => (false, Some(sq)),
        ExtraState::Default => (false, pending()),
        _ => (false, None),
    };
    if push_stage {
        return pushes(pos);
    }
    if king_attacked(pos, !us) {
        return Vec::new();
    }
    if let Some(square) = choose {
        return choices(square);
    }
    [piece_moves(pos), castles(pos)]
        .concat()
        .into_iter()
        .filter(|a| {
            let after = pos.after(a);
            !king_attacked(&after, us) || !pushes(&after).is_empty()
        })
        .collect()
}

/// Where the fast generator and the reference disagree on one position.
#[derive(Debug)]
pub struct Disagreement {
    pub fen: String,
    /// Legal by the reference, missing from the generator.
    pub missing: Vec<String>,
    /// Listed by the generator, illegal by the reference.
    pub extra: Vec<String>,
}

/// Compares `G`'s generator (and its count) with the reference on `pos`.
pub fn compare<G: Position>(pos: &G) -> Result<(), Disagreement> {
    let expected: HashSet<Action> = legal_actions(G::VARIANT, &pos.to_setup())
        .into_iter()
        .collect();
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    let got: HashSet<Action> = list.iter().copied().collect();
    let describe = |set: Vec<&Action>| -> Vec<String> {
        let mut out: Vec<String> = set
            .into_iter()
            .map(|a| format!("{} ({a:?})", alfiere::notation::uci::action_to_uci(a)))
            .collect();
        out.sort();
        out
    };
    let missing = describe(expected.difference(&got).collect());
    let extra = describe(got.difference(&expected).collect());
    let counted = pos.count_legal_actions();
    if missing.is_empty() && extra.is_empty() && got.len() == list.len() && counted == list.len() {
        return Ok(());
    }
    let mut fen = fen::write_fen(pos);
    if got.len() != list.len() || counted != list.len() {
        fen.push_str(&format!(
            " (listed {}, distinct {}, counted {counted})",
            list.len(),
            got.len()
        ));
    }
    Err(Disagreement {
        fen,
        missing,
        extra,
    })
}

/// [`compare`], panicking with the disagreement (for tests and fuzz targets).
pub fn assert_agrees<G: Position>(pos: &G) {
    if let Err(d) = compare(pos) {
        panic!(
            "{} {}: the reference has {:?} that the generator lacks, the generator has {:?} that the reference refuses",
            G::VARIANT,
            d.fen,
            d.missing,
            d.extra
        );
    }
}

/// Perft with the reference's legal actions at every node (the positions are played
/// forward by the rules core): the leaf count of the action tree of depth `depth`.
pub fn perft<G: Position>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = legal_actions(G::VARIANT, &pos.to_setup());
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|action| {
            let mut child = pos.clone();
            child.play_unchecked(action);
            perft(&child, depth - 1)
        })
        .sum()
}
