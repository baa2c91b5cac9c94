//! The `reference` target: a position of any rule set built from the bytes by the
//! biased generator of `tests/common/reference/positions.rs` (checks, crossing paths,
//! pins, both Alice boards, hands, e.p., turn states), then a few actions chosen by
//! the bytes; at every position the fast generator must list exactly the actions the
//! plain reference legality allows.

use super::input::Input;
use super::reference::{assert_agrees, positions};
use alfiere::{AcceptedProblems, ActionList, Piece, Position, Role, Setup};

/// Actions played after the set-up position at most.
const MAX_STEPS: usize = 8;

/// Runs one input.
pub fn reference_target(data: &[u8]) {
    let mut input = Input::new(data);
    let variant = input.variant();
    alfiere::with_variant!(variant, G => run::<G>(&mut input));
}

fn run<G: Position>(input: &mut Input) {
    let setup = positions::random_setup(G::VARIANT, &mut |n| input.below(n.max(1)).unwrap_or(0));
    // Every kind of problem accepted: orthodox chess then also meets the side not to
    // move in check and impossible checks (alfiere::accepted); the others refuse.
    let Ok(mut pos) = G::from_setup_accepting(&setup, AcceptedProblems::ALL) else {
        return;
    };
    check_kingless::<G>(&setup);
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

/// The same setup without the king of the side to act, where the rule set accepts
/// it (orthodox chess): that side then moves pseudo-legally, by the generator and by
/// the reference alike, at the start and after each of its moves.
fn check_kingless<G: Position>(setup: &Setup) {
    let mut kingless = setup.clone();
    let king = Piece::new(setup.turn, Role::King);
    for square in kingless.board.by_piece(king) {
        kingless.board.take(square);
    }
    // A right needs its king: the rights go with it.
    kingless.castling_rights &= !alfiere::Bitboard::from_rank(setup.turn.back_rank());
    let Ok(pos) = G::from_setup_accepting(&kingless, AcceptedProblems::ALL) else {
        return;
    };
    assert_agrees(&pos);
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    for action in list.iter() {
        let mut child = pos.clone();
        child.play_unchecked(action);
        assert_agrees(&child);
    }
}
