//! Data-driven perft: every `tests/data/*.perft` file and `startpos-cases.txt`,
//! for every implemented rule set, up to a node limit per case (raise it with
//! `ALFIERE_PERFT_LIMIT`, e.g. in release builds).

mod common;

use alfiere::{perft, Chess, Variant};
use common::{build_position, read_perft_file, variant_of_file};

fn node_limit() -> u64 {
    std::env::var("ALFIERE_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000)
}

/// Checks every case of a file whose count is within the limit; returns how many
/// counts were checked.
fn check_file(name: &str) -> usize {
    let variant = variant_of_file(name).unwrap_or_else(|| panic!("no variant for {name}"));
    let limit = node_limit();
    let mut checked = 0;
    for case in read_perft_file(name) {
        let game = build_position(variant, &case.position);
        for &(depth, expected) in &case.counts {
            if expected > limit {
                continue;
            }
            let got = game.perft(depth).unwrap();
            assert_eq!(
                got, expected,
                "{} depth {depth}: {}",
                case.source, case.position
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn chess_standard_perft() {
    // Start, Kiwipete and positions 3-6, deep counts up to the node limit.
    assert!(check_file("chess-standard.perft") >= 25);
}

#[test]
fn chess960_published_sample_perft() {
    // 100 positions of the published Chess960 suite, to depth 4.
    assert_eq!(check_file("chess960.perft"), 100 * 4);
}

/// The whole published Chess960 suite (960 positions, counts to depth 6), each count
/// up to the node limit (`ALFIERE_PERFT_LIMIT`, 10 M by default: depths 1-4 and most
/// of depth 5); run with `cargo test --release --test perft -- --ignored`.
#[test]
#[ignore]
fn chess960_published_suite_perft() {
    let limit = node_limit();
    let mut checked = 0;
    for case in read_perft_file("chess960-suite.perft") {
        let game = build_position(Variant::Chess960, &case.position);
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n <= limit) {
            assert_eq!(game.perft(depth).unwrap(), expected, "{}", case.source);
            checked += 1;
        }
    }
    println!("{checked} published Chess960 counts reproduced");
    assert!(checked >= 960 * 4, "{checked}");
}

#[test]
fn chess_random_positions_perft() {
    assert_eq!(check_file("chess.perft"), 40 * 3);
}

/// Checks the hand-made cases of a `variant;position command;depth;expected;what`
/// file; returns how many were checked.
fn check_cases(name: &str) -> usize {
    let mut checked = 0;
    for case in common::read_cases(name) {
        let variant = Variant::from_name(&case.variant).expect("variant id");
        let game = build_position(variant, &case.position);
        let got = game.perft(case.depth).unwrap();
        assert_eq!(got, case.expected, "{}", case.line);
        checked += 1;
    }
    checked
}

#[test]
fn startpos_cases_of_every_variant() {
    assert!(check_cases("startpos-cases.txt") >= 4);
}

#[test]
fn avalanche_cases() {
    assert_eq!(check_cases("avalanche-cases.txt"), 43);
}

#[test]
fn full_and_bulk_perft_agree() {
    let game: Chess = alfiere::notation::fen::read_fen(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(perft::perft_full(&game, 3), perft::perft(&game, 3));
}

/// The deepest published counts (up to 193 M nodes); run with
/// `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn chess_standard_perft_deep() {
    std::env::set_var("ALFIERE_PERFT_LIMIT", "1000000000");
    assert_eq!(check_file("chess-standard.perft"), 6 * 5 + 2);
}
