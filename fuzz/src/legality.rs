//! The `reference` target: a position of any rule set built from the bytes by the
//! biased generator of `tests/common/reference/positions.rs` (checks, crossing paths,
//! pins, both Alice boards, hands, e.p., turn states), then a few actions chosen by
//! the bytes; at every position the fast generator must list exactly the actions the
//! plain reference legality allows.

use super::input::Input;
use super::reference::{assert_agrees, positions};
use alfiere::{ActionList, Game};

/// Actions played after the set-up position at most.
const MAX_STEPS: usize = 8;

/// Runs one input.
pub fn reference_target(data: &[u8]) {
    let mut input = Input::new(data);
    let variant = input.variant();
    alfiere::with_variant!(variant, G => run::<G>(&mut input));
}

fn run<G: Game>(input: &mut Input) {
    let setup = positions::random_setup(G::VARIANT, &mut |n| input.below(n.max(1)).unwrap_or(0));
    let Ok(mut pos) = G::from_setup(&setup) else {
        return;
    };
    assert_agrees(&pos);
    for _ in 0..MAX_STEPS {
        let mut list = ActionList::new();
        pos.legal_actions(&mut list);
        let Some(i) = input.below(list.len().max(1)) else {
            return;
        };
        if list.is_empty() {
            return;
        }
        pos.play_unchecked(&list[i]);
        assert_agrees(&pos);
    }
}
