//! Every rule set's fast generator against the plain reference legality of
//! `tests/common/reference` (RULES.md as written: play each candidate on a copy,
//! is the mover's king attacked?).
//!
//! Positions come from three sources, per rule set:
//! - random setups biased towards checks, double checks, pins and blocks (a third
//!   of them must be in check, a sixth in double check), each followed by a few
//!   random actions so mid-turn states, e.p. chances and transfers come up;
//! - random games from the start position;
//! - random games from every position of the rule set's perft data.
//!
//! A sample runs in every `cargo test`; `ALFIERE_REFERENCE_POSITIONS=N` sets the
//! number of random setups per rule set for a long run, e.g.
//! `ALFIERE_REFERENCE_POSITIONS=200000 cargo test --release --test reference -- --nocapture`.

mod common;

use alfiere::{with_variant, ActionList, Position, Variant};
use common::reference::{assert_agrees, positions};
use common::{random_positions, read_perft_file, Rng};

/// Random setups per rule set in an ordinary test run.
const DEFAULT_SETUPS: usize = 1_500;

fn setups_per_rule_set() -> usize {
    std::env::var("ALFIERE_REFERENCE_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_SETUPS)
}

/// Positions compared, and how many of them were in check and double check.
#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    in_check: usize,
    double_check: usize,
    /// Double checks that a piece other than the king can answer (Billiards'
    /// crossing paths).
    double_check_blocked: usize,
}

impl Tally {
    fn compare<G: Position>(&mut self, pos: &G) {
        assert_agrees(pos);
        self.positions += 1;
        match pos.checkers().count() {
            0 => {}
            1 => self.in_check += 1,
            _ => {
                self.in_check += 1;
                self.double_check += 1;
                let mut list = ActionList::new();
                pos.legal_actions(&mut list);
                if list.iter().any(|a| a.role() != alfiere::Role::King) {
                    self.double_check_blocked += 1;
                }
            }
        }
    }
}

/// A random setup accepted by `G`, in check (`want` 1) or double check (`want` 2)
/// when asked and found within a bounded number of tries.
fn biased_position<G: Position>(rng: &mut Rng, want: usize) -> G {
    let mut fallback = None;
    for _ in 0..400 {
        let setup = positions::random_setup(G::VARIANT, &mut |n| rng.below(n));
        let Ok(pos) = G::from_setup(&setup) else {
            continue;
        };
        if positions::checkers(G::VARIANT, &setup) >= want {
            return pos;
        }
        fallback.get_or_insert(pos);
    }
    fallback.unwrap_or_else(G::start)
}

fn random_setups<G: Position>(tally: &mut Tally, seed: u64, count: usize) {
    let mut rng = Rng::new(seed);
    for i in 0..count {
        let want = match i % 6 {
            0 => 2,
            1 | 2 => 1,
            _ => 0,
        };
        let mut pos: G = biased_position(&mut rng, want);
        tally.compare(&pos);
        for _ in 0..rng.below(5) {
            let mut list = ActionList::new();
            pos.legal_actions(&mut list);
            if list.is_empty() {
                break;
            }
            pos.play_unchecked(&list[rng.below(list.len())]);
            tally.compare(&pos);
        }
    }
}

fn random_games<G: Position>(tally: &mut Tally, seed: u64, count: usize) {
    let mut starts = vec![G::start()];
    let data = format!("{}.perft", G::VARIANT.id());
    for file in [data, format!("{}-standard.perft", G::VARIANT.id())] {
        if common::data_dir().join(&file).exists() {
            starts.extend(
                read_perft_file(&file)
                    .iter()
                    .map(|case| common::build_game::<G>(&case.position)),
            );
        }
    }
    let per_start = (count / starts.len()).max(20);
    for (i, start) in starts.iter().enumerate() {
        tally.compare(start);
        if start.count_legal_actions() == 0 {
            continue;
        }
        for pos in random_positions(start, seed ^ (i as u64 + 1), per_start, 80) {
            tally.compare(&pos);
        }
    }
}

fn check_rule_set(variant: Variant, seed: u64) {
    let count = setups_per_rule_set();
    let mut tally = Tally::default();
    with_variant!(variant, G => {
        random_setups::<G>(&mut tally, seed, count);
        random_games::<G>(&mut tally, seed.rotate_left(17), count);
    });
    println!(
        "{variant}: {} positions agree with the reference ({} in check, {} in double check, {} of them answered by another piece than the king)",
        tally.positions, tally.in_check, tally.double_check, tally.double_check_blocked
    );
    assert!(tally.positions >= count, "{tally:?}");
    // Racing Kings forbids every check, so none may occur there.
    let checks_possible = variant != Variant::RacingKings;
    assert_eq!(tally.in_check > 0, checks_possible, "{tally:?}");
}

/// A seed of its own for each rule set, from its id (FNV-1a), so adding one changes
/// no other's positions.
fn seed_of(variant: Variant) -> u64 {
    variant
        .id()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// Every rule set of the registry, each on a thread of its own (a new rule set is
/// checked without being listed here).
#[test]
fn every_rule_set_agrees_with_the_reference() {
    std::thread::scope(|scope| {
        for variant in Variant::ALL {
            std::thread::Builder::new()
                .name(variant.id().to_string())
                .spawn_scoped(scope, move || check_rule_set(variant, seed_of(variant)))
                .expect("a thread per rule set");
        }
    });
}

/// The reference itself against the independent counts of the perft data: every
/// count up to `limit` nodes, for every data file of every rule set.
#[test]
fn the_reference_matches_the_perft_data() {
    let limit = if std::env::var("ALFIERE_REFERENCE_POSITIONS").is_ok() {
        1_000_000
    } else {
        3_000
    };
    let mut checked = 0;
    for variant in Variant::ALL {
        for file in [
            format!("{}.perft", variant.id()),
            format!("{}-standard.perft", variant.id()),
        ] {
            if !common::data_dir().join(&file).exists() {
                continue;
            }
            for case in read_perft_file(&file) {
                with_variant!(variant, G => {
                    let pos: G = common::build_game(&case.position);
                    for &(depth, expected) in &case.counts {
                        if expected <= limit {
                            let got = common::reference::perft(&pos, depth);
                            assert_eq!(got, expected, "{} depth {depth}", case.source);
                            checked += 1;
                        }
                    }
                });
            }
        }
    }
    println!("{checked} perft counts of the data files reproduced by the reference");
    assert!(checked > 500, "{checked}");
}
