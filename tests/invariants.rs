//! Invariants of the rules core, checked on every position of the perft data and
//! along deterministic random games: the incremental hash equals a full recompute,
//! setup and FEN round trips give the same position, the legal-action list agrees
//! with the independent `is_legal`, counting agrees with listing, copy-make leaves
//! the parent untouched, undo restores, and the outcome agrees with the legal actions.

mod common;

use alfiere::{Action, Chess, Position, Role, Square};

#[test]
fn perft_data_positions_keep_every_invariant() {
    let checked = common::check_data_file_invariants::<Chess>("chess-standard.perft")
        + common::check_data_file_invariants::<Chess>("chess.perft");
    assert_eq!(checked, 46);
}

#[test]
fn random_games_keep_every_invariant() {
    let positions = common::random_games(&Chess::start(), 0x00a1_f1e7e, 40, 300, 7);
    assert!(positions > 5_000, "{positions} positions");
}

#[test]
fn illegal_play_leaves_the_position_unchanged() {
    let mut pos = Chess::start();
    let before = pos.clone();
    let bogus = Action::Normal {
        role: Role::Queen,
        from: Square::D1,
        to: Square::D8,
        capture: Some(Role::Queen),
        promotion: None,
    };
    assert!(pos.play(&bogus).is_err());
    assert_eq!(pos, before);
    let drop = Action::Drop {
        role: Role::Knight,
        to: "e4".parse().unwrap(),
    };
    assert!(pos.play(&drop).is_err());
    assert_eq!(pos, before);
}
