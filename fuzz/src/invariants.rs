//! The invariants of the rules core, as panicking checks (a panic is what libFuzzer
//! reports as a crash). Every message carries the position's FEN.

use alfiere::notation::{fen, san, uci};
use alfiere::{Action, ActionList, EndReason, Game};

/// The legal actions of `pos`.
pub fn legal_list<G: Game>(pos: &G) -> ActionList {
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    list
}

/// The checks every position passes, returning its legal actions: the setup round
/// trip with the full hash equal to the incremental one, the FEN round trip, a list
/// without duplicates whose length is the bulk count, the side to act, and an
/// outcome consistent with the list.
pub fn check_position<G: Game>(pos: &G) -> ActionList {
    let fen_text = fen::write_fen(pos);
    let rebuilt =
        G::from_setup(&pos.to_setup()).unwrap_or_else(|e| panic!("own setup of {fen_text}: {e}"));
    assert_eq!(&rebuilt, pos, "setup round trip of {fen_text}");
    assert_eq!(
        rebuilt.zobrist(),
        pos.zobrist(),
        "full vs incremental hash of {fen_text}"
    );
    let reread: G = fen::read_fen(&fen_text).unwrap_or_else(|e| panic!("own FEN {fen_text}: {e}"));
    assert_eq!(&reread, pos, "FEN round trip of {fen_text}");
    assert_eq!(
        reread.zobrist(),
        pos.zobrist(),
        "key after FEN round trip of {fen_text}"
    );
    assert_eq!(
        pos.turn(),
        pos.turn_state().side,
        "turn vs turn state in {fen_text}"
    );

    let list = legal_list(pos);
    assert_eq!(
        pos.count_legal_actions(),
        list.len(),
        "count vs list in {fen_text}"
    );
    let actions = list.as_slice();
    for (i, action) in actions.iter().enumerate() {
        assert!(
            !actions[i + 1..].contains(action),
            "{action:?} listed twice in {fen_text}"
        );
    }

    let outcome = pos.outcome();
    if list.is_empty() {
        assert!(outcome.is_some(), "no actions but no outcome in {fen_text}");
    }
    if let Some(o) = outcome {
        match o.reason {
            // Endings that may leave actions on the board.
            EndReason::InsufficientMaterial | EndReason::SeventyFiveMoves => {}
            EndReason::Checkmate => {
                assert!(list.is_empty(), "mate with actions in {fen_text}");
                assert_eq!(o.winner, Some(!pos.turn()), "mate's winner in {fen_text}");
            }
            _ => assert!(list.is_empty(), "{o} but actions remain in {fen_text}"),
        }
    }
    list
}

/// Checks one listed action and returns the position after it: `is_legal`, the UCI
/// and SAN round trips (strict and lenient), checked play equal to unchecked play,
/// the parent untouched, and the child's incremental hash equal to a full one.
pub fn check_listed_action<G: Game>(pos: &G, action: &Action) -> G {
    let fen_text = fen::write_fen(pos);
    assert!(
        pos.is_legal(action),
        "{action:?} listed but not is_legal in {fen_text}"
    );
    let token = uci::action_to_uci(action);
    assert_eq!(
        uci::parse_action(pos, &token).as_ref(),
        Ok(action),
        "UCI {token} in {fen_text}"
    );
    let written = san::write_san(pos, action);
    assert_eq!(
        san::parse_san_strict(pos, &written).as_ref(),
        Ok(action),
        "strict SAN {written} in {fen_text}"
    );
    assert_eq!(
        san::parse_san(pos, &written).as_ref(),
        Ok(action),
        "SAN {written} in {fen_text}"
    );
    let mut child = pos.clone();
    child.play_unchecked(action);
    let mut checked = pos.clone();
    checked
        .play(action)
        .unwrap_or_else(|e| panic!("checked play of listed {token}: {e}"));
    assert_eq!(
        checked, child,
        "play vs play_unchecked of {token} in {fen_text}"
    );
    let fresh = G::from_setup(&child.to_setup())
        .unwrap_or_else(|e| panic!("child of {fen_text} by {token}: {e}"));
    assert_eq!(
        fresh, child,
        "child setup round trip after {token} in {fen_text}"
    );
    assert_eq!(
        fresh.zobrist(),
        child.zobrist(),
        "incremental hash after {token} in {fen_text}"
    );
    assert_eq!(fen::write_fen(pos), fen_text, "parent changed by copy-make");
    child
}

/// Checks an arbitrary action: `is_legal` agrees with the list, `play` of an illegal
/// action fails and leaves the position exactly as it was.
pub fn check_candidate<G: Game>(pos: &G, action: &Action, list: &ActionList) {
    let fen_text = fen::write_fen(pos);
    let listed = list.contains(action);
    assert_eq!(
        pos.is_legal(action),
        listed,
        "is_legal({action:?}) in {fen_text}"
    );
    if listed {
        check_listed_action(pos, action);
    } else {
        let mut copy = pos.clone();
        assert!(
            copy.play(action).is_err(),
            "illegal {action:?} played in {fen_text}"
        );
        assert_eq!(&copy, pos, "failed play of {action:?} changed {fen_text}");
        assert_eq!(copy.zobrist(), pos.zobrist());
    }
}

/// Every listed action through [`check_listed_action`], plus each child's own checks.
pub fn check_every_action<G: Game>(pos: &G, list: &ActionList) {
    for action in list.iter() {
        let child = check_listed_action(pos, action);
        check_position(&child);
    }
}
