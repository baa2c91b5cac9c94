//! The pass action (`Position::pass`, the search's null move): for every rule set, on
//! random positions from games and from mutated setups, it gives exactly the position
//! the setup route gives (the other side to act, no e.p. square, the full-move number
//! advanced after Black; `None` where that is not a position of the rule set), with
//! the same key, and that position keeps every invariant.

mod common;

use alfiere::notation::fen;
use alfiere::{with_variant, Color, Position, Variant};
use common::{check_every_invariant, mutated_positions, random_positions};

/// The pass as the rules define it, through the setup.
fn pass_by_setup<G: Position>(pos: &G) -> Option<G> {
    let mut setup = pos.to_setup();
    setup.turn = !setup.turn;
    setup.ep_squares.clear();
    if setup.turn == Color::White {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    G::from_setup(&setup).ok()
}

fn check_passes<G: Position>(seed: u64) -> (usize, usize) {
    let mut positions = random_positions(&G::start(), seed, 600, 120);
    positions.extend(mutated_positions::<G>(seed ^ 0x9a55, 300).0);
    let (mut passed, mut refused) = (0, 0);
    for pos in &positions {
        let expected = pass_by_setup(pos);
        let got = pos.pass();
        assert_eq!(got, expected, "pass of {}", fen::write_fen(pos));
        match got {
            Some(next) => {
                assert_eq!(
                    next.zobrist(),
                    expected.as_ref().unwrap().zobrist(),
                    "key after the pass of {}",
                    fen::write_fen(pos)
                );
                assert_eq!(next.turn(), !pos.turn());
                check_every_invariant(&next, false);
                passed += 1;
            }
            None => refused += 1,
        }
    }
    (passed, refused)
}

#[test]
fn the_pass_is_the_setup_route_in_every_rule_set() {
    for variant in Variant::ALL {
        let (passed, refused) =
            with_variant!(variant, G => check_passes::<G>(0x9a55 ^ variant as u64));
        // Single-action rule sets pass outside check; a side in check never passes.
        if matches!(
            variant,
            Variant::Chess | Variant::ChessGi | Variant::Alice | Variant::Billiards
        ) {
            assert!(passed > 500, "{variant}: {passed} passes");
            assert!(refused > 0, "{variant}: no position in check");
        }
    }
}
