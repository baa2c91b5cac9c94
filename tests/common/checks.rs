//! The invariants of the rules core as panicking checks, in one file shared by the
//! integration tests (`tests/common/mod.rs` includes it as `common::checks`) and the
//! fuzz targets (`fuzz/src/lib.rs` includes this same file as
//! `alfiere_fuzz::invariants`), so the two never drift apart. A panic is what the
//! test harness and libFuzzer report. Every message carries the position's FEN,
//! written only on failure (an assert's message arguments are evaluated lazily),
//! because the fuzzers run these checks thousands of times a second.
#![allow(dead_code)]

use alfiere::notation::{fen, san, uci};
use alfiere::search::ordering::is_quiet;
use alfiere::{AcceptedProblems, Action, ActionList, EndReason, Position};

/// The legal actions of `pos`.
pub fn legal_list<G: Position>(pos: &G) -> ActionList {
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    list
}

/// The checks every position passes, returning its legal actions: the setup round
/// trip with the full hash equal to the incremental one, the FEN round trip (same
/// position, same key, same text), a list without duplicates whose length is the
/// bulk count, the side to act, and an outcome consistent with the list.
pub fn check_position<G: Position>(pos: &G) -> ActionList {
    check_position_accepting(pos, AcceptedProblems::NONE)
}

/// [`check_position`] for a position whose problems of the kinds in `accepted` were
/// accepted on purpose (`alfiere::accepted`): its round trips accept them too.
pub fn check_position_accepting<G: Position>(pos: &G, accepted: AcceptedProblems) -> ActionList {
    let fen_text = fen::write_fen(pos);
    let rebuilt = G::from_setup_accepting(&pos.to_setup(), accepted)
        .unwrap_or_else(|e| panic!("own setup of {fen_text}: {e}"));
    assert_eq!(&rebuilt, pos, "setup round trip of {fen_text}");
    assert_eq!(
        rebuilt.zobrist(),
        pos.zobrist(),
        "full vs incremental hash of {fen_text}"
    );
    let reread: G = fen::read_fen_accepting(&fen_text, accepted)
        .unwrap_or_else(|e| panic!("own FEN {fen_text}: {e}"));
    assert_eq!(&reread, pos, "FEN round trip of {fen_text}");
    assert_eq!(
        reread.zobrist(),
        pos.zobrist(),
        "key after FEN round trip of {fen_text}"
    );
    assert_eq!(fen::write_fen(&reread), fen_text, "FEN text round trip");
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
    check_tactical(pos, &list, &fen_text);
    check_outcome(pos, &list);
    list
}

/// The tactical list (what quiescence searches) holds only legal actions, and every
/// legal capture and promotion in the order of the full list.
pub fn check_tactical<G: Position>(pos: &G, list: &ActionList, fen_text: &str) {
    let mut tactical = ActionList::new();
    pos.tactical_actions(&mut tactical);
    for action in tactical.iter() {
        assert!(
            list.contains(action),
            "tactical {action:?} not legal in {fen_text}"
        );
    }
    // What quiescence keeps from the list it gets.
    let forcing = |a: &&Action| !is_quiet(a);
    let expected: Vec<&Action> = list.iter().filter(forcing).collect();
    let got: Vec<&Action> = tactical.iter().filter(forcing).collect();
    assert_eq!(got, expected, "tactical actions of {fen_text}");
}

/// The position's outcome agrees with its legal actions.
pub fn check_outcome<G: Position>(pos: &G, list: &ActionList) {
    let outcome = pos.outcome();
    if list.is_empty() {
        assert!(
            outcome.is_some(),
            "no actions but no outcome in {}",
            fen::write_fen(pos)
        );
    }
    if let Some(o) = outcome {
        match o.reason {
            // Endings that may leave actions on the board.
            EndReason::InsufficientMaterial | EndReason::SeventyFiveMoves => {}
            EndReason::Checkmate => {
                assert!(
                    list.is_empty(),
                    "mate with actions in {}",
                    fen::write_fen(pos)
                );
                assert_eq!(
                    o.winner,
                    Some(!pos.turn()),
                    "mate's winner in {}",
                    fen::write_fen(pos)
                );
            }
            _ => assert!(
                list.is_empty(),
                "{o} but actions remain in {}",
                fen::write_fen(pos)
            ),
        }
    }
}

/// A listed action is `is_legal` and survives the UCI and SAN round trips (strict
/// and lenient SAN).
pub fn check_notation<G: Position>(pos: &G, action: &Action) {
    assert!(
        pos.is_legal(action),
        "{action:?} listed but not is_legal in {}",
        fen::write_fen(pos)
    );
    let token = uci::action_to_uci_in(action, G::VARIANT);
    assert_eq!(
        uci::parse_action(pos, &token).as_ref(),
        Ok(action),
        "UCI {token} in {}",
        fen::write_fen(pos)
    );
    let written = san::write_san(pos, action);
    assert_eq!(
        san::parse_san_strict(pos, &written).as_ref(),
        Ok(action),
        "strict SAN {written} in {}",
        fen::write_fen(pos)
    );
    assert_eq!(
        san::parse_san(pos, &written).as_ref(),
        Ok(action),
        "SAN {written} in {}",
        fen::write_fen(pos)
    );
}

/// The position after a listed action by copy-make, checked: its incremental hash
/// equals a full one, and its setup round trip gives it back.
pub fn check_child<G: Position>(pos: &G, action: &Action) -> G {
    check_child_accepting(pos, action, AcceptedProblems::NONE)
}

/// [`check_child`] of a position accepted with the kinds in `accepted`.
pub fn check_child_accepting<G: Position>(
    pos: &G,
    action: &Action,
    accepted: AcceptedProblems,
) -> G {
    let mut child = pos.clone();
    child.play_unchecked(action);
    let fresh = G::from_setup_accepting(&child.to_setup(), accepted).unwrap_or_else(|e| {
        panic!(
            "child of {} by {}: {e}",
            fen::write_fen(pos),
            uci::action_to_uci(action)
        )
    });
    assert_eq!(
        fresh.zobrist(),
        child.zobrist(),
        "incremental hash after {} in {}",
        uci::action_to_uci(action),
        fen::write_fen(pos)
    );
    assert_eq!(
        fresh,
        child,
        "child setup round trip after {} in {}",
        uci::action_to_uci(action),
        fen::write_fen(pos)
    );
    child
}

/// Checks one listed action and returns the position after it: [`check_notation`],
/// [`check_child`], checked play equal to unchecked play, and the parent untouched.
pub fn check_listed_action<G: Position>(pos: &G, action: &Action) -> G {
    check_listed_action_accepting(pos, action, AcceptedProblems::NONE)
}

/// [`check_listed_action`] in a position accepted with the kinds in `accepted`.
pub fn check_listed_action_accepting<G: Position>(
    pos: &G,
    action: &Action,
    accepted: AcceptedProblems,
) -> G {
    let parent = pos.clone();
    check_notation(pos, action);
    let child = check_child_accepting(pos, action, accepted);
    let mut checked = pos.clone();
    checked.play(action).unwrap_or_else(|e| {
        panic!(
            "checked play of listed {action:?} in {}: {e}",
            fen::write_fen(pos)
        )
    });
    assert_eq!(
        checked,
        child,
        "play vs play_unchecked of {action:?} in {}",
        fen::write_fen(pos)
    );
    assert_eq!(&parent, pos, "parent changed by copy-make");
    child
}

/// `is_legal` agrees with the legal list about an arbitrary action.
pub fn check_is_legal<G: Position>(pos: &G, action: &Action, list: &ActionList) {
    assert_eq!(
        pos.is_legal(action),
        list.contains(action),
        "is_legal({action:?}) vs the list in {}",
        fen::write_fen(pos)
    );
}

/// Checks an arbitrary action: `is_legal` agrees with the list; a listed one passes
/// [`check_listed_action`], and `play` of any other fails and leaves the position
/// exactly as it was.
pub fn check_candidate<G: Position>(pos: &G, action: &Action, list: &ActionList) {
    check_is_legal(pos, action, list);
    if list.contains(action) {
        check_listed_action(pos, action);
    } else {
        let mut copy = pos.clone();
        assert!(
            copy.play(action).is_err(),
            "illegal {action:?} played in {}",
            fen::write_fen(pos)
        );
        assert_eq!(
            &copy,
            pos,
            "failed play of {action:?} changed {}",
            fen::write_fen(pos)
        );
        assert_eq!(copy.zobrist(), pos.zobrist(), "key after a failed play");
    }
}

/// Every listed action through [`check_listed_action`], plus each child's own checks.
pub fn check_every_action<G: Position>(pos: &G, list: &ActionList) {
    check_every_action_accepting(pos, list, AcceptedProblems::NONE);
}

/// [`check_every_action`] in a position accepted with the kinds in `accepted`.
pub fn check_every_action_accepting<G: Position>(
    pos: &G,
    list: &ActionList,
    accepted: AcceptedProblems,
) {
    for action in list.iter() {
        let child = check_listed_action_accepting(pos, action, accepted);
        check_position_accepting(&child, accepted);
    }
}
