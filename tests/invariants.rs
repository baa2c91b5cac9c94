//! Invariants of the rules core, checked on every position of the perft data and
//! along deterministic random games: the incremental hash equals a full recompute,
//! setup and FEN round trips give the same position, the legal-action list agrees
//! with the independent `is_legal`, counting agrees with listing, copy-make leaves
//! the parent untouched, undo restores, and the outcome agrees with the legal actions.

mod common;

use alfiere::notation::{fen, uci};
use alfiere::{Action, ActionList, Chess, EndReason, Game, Record, Role, Square};
use common::{build_position, read_perft_file, Rng};

/// Every action one might try: all from-to pairs of the side to act (with the
/// capture read off the board, and a wrong capture), promotions, castles, e.p.
fn candidate_actions(pos: &Chess) -> Vec<Action> {
    let board = pos.board();
    let mut out = Vec::new();
    for from in board.by_color(pos.turn()) {
        let role = board.role_at(from).unwrap();
        for to in Square::all() {
            let capture = board.role_at(to);
            for promotion in [
                None,
                Some(Role::Queen),
                Some(Role::Knight),
                Some(Role::King),
            ] {
                out.push(Action::Normal {
                    role,
                    from,
                    to,
                    capture,
                    promotion,
                });
            }
            out.push(Action::Normal {
                role,
                from,
                to,
                capture: Some(Role::Pawn),
                promotion: None,
            });
            if role == Role::Pawn {
                out.push(Action::EnPassant { from, to });
            }
        }
        if role == Role::King {
            for rook in [Square::A1, Square::H1, Square::A8, Square::H8] {
                out.push(Action::Castle { king: from, rook });
            }
        }
    }
    out.push(Action::Drop {
        role: Role::Knight,
        to: Square::E1,
    });
    out
}

fn legal_list(pos: &Chess) -> ActionList {
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    list
}

/// The checks run on one position; `exhaustive` adds the (slow) candidate sweep.
fn check_position(pos: &Chess, exhaustive: bool) {
    let fen_text = fen::write_fen(pos);
    // Setup and FEN round trips rebuild the key from scratch.
    let rebuilt = Chess::from_setup(&pos.to_setup()).expect("own setup is valid");
    assert_eq!(&rebuilt, pos, "setup round trip of {fen_text}");
    assert_eq!(rebuilt.zobrist(), pos.zobrist(), "hash of {fen_text}");
    let reread: Chess = fen::read_fen(&fen_text).expect("own FEN is valid");
    assert_eq!(&reread, pos, "FEN round trip of {fen_text}");

    let list = legal_list(pos);
    assert_eq!(
        pos.count_legal_actions(),
        list.len(),
        "count vs list in {fen_text}"
    );
    let mut tokens: Vec<String> = list.iter().map(uci::action_to_uci).collect();
    tokens.sort();
    tokens.dedup();
    assert_eq!(tokens.len(), list.len(), "duplicate actions in {fen_text}");
    for action in list.iter() {
        assert!(
            pos.is_legal(action),
            "{action:?} listed but not is_legal in {fen_text}"
        );
        let mut child = pos.clone();
        child.play_unchecked(action);
        let child_fen = fen::write_fen(&child);
        let fresh = Chess::from_setup(&child.to_setup()).expect("child setup is valid");
        assert_eq!(
            fresh.zobrist(),
            child.zobrist(),
            "incremental hash after {action:?} in {fen_text}: {child_fen}"
        );
        assert_eq!(
            &fen::write_fen(pos),
            &fen_text,
            "parent changed by copy-make"
        );
    }
    if exhaustive {
        for action in candidate_actions(pos) {
            assert_eq!(
                pos.is_legal(&action),
                list.contains(&action),
                "{action:?} in {fen_text}"
            );
        }
    }
    match pos.outcome() {
        None => assert!(!list.is_empty(), "no actions but no outcome in {fen_text}"),
        Some(outcome) => match outcome.reason {
            EndReason::Checkmate => {
                assert!(list.is_empty() && pos.is_check());
                assert_eq!(outcome.winner, Some(!pos.turn()));
            }
            EndReason::Stalemate => assert!(list.is_empty() && !pos.is_check()),
            EndReason::InsufficientMaterial => {
                assert!(pos.cannot_mate(pos.turn()) && pos.cannot_mate(!pos.turn()))
            }
            EndReason::SeventyFiveMoves => assert!(pos.halfmove_clock() >= 150),
            other => panic!("unexpected ending {other:?} in {fen_text}"),
        },
    }
}

#[test]
fn perft_data_positions_keep_every_invariant() {
    let mut checked = 0;
    for file in ["chess-standard.perft", "chess.perft"] {
        for case in read_perft_file(file) {
            let game = build_position(alfiere::Variant::Chess, &case.position);
            let alfiere::AnyGame::Chess(pos) = game;
            check_position(&pos, true);
            // And one ply deeper, exhaustively too.
            for action in legal_list(&pos).iter() {
                let mut child = pos.clone();
                child.play_unchecked(action);
                check_position(&child, false);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 46);
}

#[test]
fn random_games_keep_every_invariant() {
    let mut rng = Rng::new(0x00a1_f1e7e);
    let mut positions = 0;
    let mut endings = 0;
    for game in 0..40 {
        let mut record = Record::new(Chess::start());
        for ply in 0..300 {
            let pos = record.current().clone();
            check_position(&pos, (ply + game) % 7 == 0);
            positions += 1;
            let list = legal_list(&pos);
            if record.outcome().is_some() {
                endings += 1;
                break;
            }
            let action = list[rng.below(list.len())];
            let before = record.clone();
            record.play(&action).expect("a listed action is legal");
            // Undo restores the exact record, and replaying gives the same position.
            let mut undone = record.clone();
            assert_eq!(undone.undo(), Some(action));
            assert_eq!(undone, before);
        }
    }
    assert!(positions > 5_000, "{positions} positions");
    assert!(endings > 0, "random games should sometimes end");
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
