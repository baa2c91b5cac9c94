//! Positions outside the game, accepted on purpose (`alfiere::accepted`): extra
//! material, the side not to move in check, an impossible check, missing kings.
//!
//! Each is refused unless its kind is accepted; once accepted, every query works on
//! it and on every position played from it: the generator agrees with the plain
//! reference legality of `tests/common/reference` (a side without a king moves
//! pseudo-legally, a king is never captured), FEN reads back, the ending and the
//! attackers are answered, and perft matches independent counts.

mod common;

use alfiere::api::{ApiErrorKind, Game};
use alfiere::notation::fen;
use alfiere::{
    AcceptedProblems, ActionList, Chess, Color, Piece, Position, PositionProblem, ProblemKind, Role,
};
use common::checks::{check_every_action_accepting, check_position_accepting};
use common::reference::{assert_agrees, perft as reference_perft};
use common::Rng;

/// One position per kind, with the kinds it needs.
const CASES: [(&str, &[ProblemKind]); 8] = [
    // chess.js's "a lot of attackers": 17 white pieces.
    (
        "5k2/8/3N1N2/2NBQQN1/3R1R2/2NPRPN1/3N1N2/4K3 w - - 0 1",
        &[ProblemKind::TooManyPieces],
    ),
    // A 17th white piece, Black to move.
    (
        "rnbqkbnr/pppppppp/8/3Q4/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        &[ProblemKind::TooManyPieces],
    ),
    // Black to move, White's king in check from the knight on f3 (and 17 black pieces).
    (
        "rnbqkbnr/pppppp1p/8/8/3PPPp1/5n2/PPP3PP/RNBQKBNR b KQkq - 0 3",
        &[ProblemKind::TooManyPieces, ProblemKind::OppositeCheck],
    ),
    // White to move with Black in check: the queen may not take the king.
    (
        "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",
        &[ProblemKind::OppositeCheck],
    ),
    // Three checkers.
    (
        "4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1",
        &[ProblemKind::ImpossibleCheck],
    ),
    // The starting position without kings: chess.js's kingless answer.
    (
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
        &[ProblemKind::MissingKing],
    ),
    // Only Black has a king; White's pawns can take en passant and promote.
    (
        "4k3/1P6/8/3pP3/8/8/8/8 w - d6 0 2",
        &[ProblemKind::MissingKing],
    ),
    // An empty board.
    ("8/8/8/8/8/8/8/8 w - - 0 1", &[ProblemKind::MissingKing]),
];

fn accepting(kinds: &[ProblemKind]) -> AcceptedProblems {
    kinds.iter().copied().collect()
}

fn read(text: &str, kinds: &[ProblemKind]) -> Chess {
    fen::read_fen_accepting(text, accepting(kinds))
        .unwrap_or_else(|e| panic!("{text} refused although accepted: {e}"))
}

#[test]
fn each_case_is_refused_by_default_and_by_any_other_kind() {
    for (text, kinds) in CASES {
        assert!(
            fen::read_fen::<Chess>(text).is_err(),
            "{text} read strictly"
        );
        for kind in kinds {
            let others: AcceptedProblems = ProblemKind::ALL
                .into_iter()
                .filter(|other| other != kind)
                .collect();
            assert!(
                fen::read_fen_accepting::<Chess>(text, others).is_err(),
                "{text} read without accepting {kind}"
            );
        }
        read(text, kinds);
    }
}

#[test]
fn other_problems_are_still_refused_and_all_are_listed() {
    // Two white kings and a pawn on the back rank are no kind that can be accepted.
    let err =
        fen::read_fen_accepting::<Chess>("K3k3/8/8/8/8/8/8/4K2P w - - 0 1", AcceptedProblems::ALL)
            .unwrap_err()
            .to_string();
    assert!(
        err.contains("more than one king") && err.contains("back rank"),
        "{err}"
    );
    let setup = fen::parse_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    let err = Chess::from_setup_accepting(&setup, AcceptedProblems::NONE).unwrap_err();
    assert_eq!(err.problems, [PositionProblem::MissingKing(Color::White)]);
}

#[test]
fn accepted_positions_agree_with_the_reference_along_random_games() {
    let mut rng = Rng::new(38);
    for (text, kinds) in CASES {
        for _ in 0..40 {
            let mut pos = read(text, kinds);
            for _ in 0..12 {
                assert_agrees(&pos);
                check_queries(&pos);
                // The invariants every position passes (round trips, counts, the
                // tactical list, the ending), with every action checked.
                let list = check_position_accepting(&pos, AcceptedProblems::ALL);
                check_every_action_accepting(&pos, &list, AcceptedProblems::ALL);
                let mut list = ActionList::new();
                pos.legal_actions(&mut list);
                if list.is_empty() {
                    break;
                }
                let action = list[rng.below(list.len())];
                pos.play_unchecked(&action);
            }
        }
    }
}

/// The queries a board editor makes, on one position: none may panic, and each
/// answer is consistent with the others.
fn check_queries(pos: &Chess) {
    let text = fen::write_fen(pos);
    // A played position may have more kinds of problem than its start (a king in
    // check after a pass), so it is read back accepting every kind.
    let again: Chess = fen::read_fen_accepting(&text, AcceptedProblems::ALL)
        .unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
    assert_eq!(fen::write_fen(&again), text);
    let board = pos.placement().board;
    for color in [Color::White, Color::Black] {
        // Kings are never captured: each side keeps the kings it started with.
        assert!(board.by_piece(Piece::new(color, Role::King)).count() <= 1);
        for square in board.occupied() {
            let _ = pos.attackers(square, color);
        }
    }
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    assert!(list.iter().all(|a| pos.is_legal(a)
        && !matches!(
            a,
            alfiere::Action::Normal {
                capture: Some(Role::King),
                ..
            }
        )));
    let outcome = pos.outcome();
    if list.is_empty() {
        assert!(outcome.is_some(), "{text}: no move and no ending");
    }
    if board.king_of(pos.turn()).is_none() {
        assert!(!pos.is_check(), "{text}: check without a king");
    }
}

#[test]
fn perft_of_extra_material_matches_independent_counts() {
    // Counts from python-chess 1.11.2 (`chess.Board(fen)`, perft over
    // `board.legal_moves`), which generates moves whatever the material; the
    // reference legality of tests/common/reference agrees at the lower depths.
    let cases: [(&str, &[u64]); 2] = [
        (
            "5k2/8/3N1N2/2NBQQN1/3R1R2/2NPRPN1/3N1N2/4K3 w - - 0 1",
            &[82, 70, 5432],
        ),
        (
            "rnbqkbnr/pppppppp/8/3Q4/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            &[19, 732, 14577, 548467],
        ),
    ];
    for (text, counts) in cases {
        let pos = read(text, &[ProblemKind::TooManyPieces]);
        for (depth, &expected) in (1..).zip(counts) {
            assert_eq!(
                alfiere::perft::perft(&pos, depth),
                expected,
                "{text} depth {depth}"
            );
            if depth <= 3 {
                assert_eq!(
                    reference_perft(&pos, depth),
                    expected,
                    "{text} reference depth {depth}"
                );
            }
        }
    }
}

#[test]
fn kingless_side_plays_every_move_of_its_pieces() {
    // chess.js's answer: the starting position without kings has the starting
    // moves, and the queen may step onto the king's square.
    let pos = read(CASES[5].0, CASES[5].1);
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    assert_eq!(list.len(), 21);
    assert!(!pos.is_check());
    assert_eq!(pos.outcome(), None);
    // A pinned-looking piece moves freely: no king behind it.
    let open: Chess = read("4r3/8/8/8/8/8/4R3/8 w - - 0 1", &[ProblemKind::MissingKing]);
    let mut list = ActionList::new();
    open.legal_actions(&mut list);
    assert_eq!(list.len(), 14);
}

#[test]
fn the_api_game_accepts_only_when_asked_and_edits_keep_the_acceptance() {
    let strict = Game::new("chess", Some(CASES[0].0)).unwrap_err();
    assert_eq!(strict.kind, ApiErrorKind::InvalidFen);
    let mut game = Game::new("chess", None).unwrap();
    let all = AcceptedProblems::ALL;
    game.load_accepting(CASES[0].0, all).unwrap();
    assert_eq!(game.attackers("e4", Color::White).unwrap().len(), 16);
    // Editing a board that needs acceptance: refused unless accepted again.
    let before = game.fen();
    let knight = Piece::new(Color::White, Role::Knight);
    assert_eq!(
        game.put(knight, "a1", None, AcceptedProblems::NONE)
            .unwrap_err()
            .kind,
        ApiErrorKind::InvalidPosition
    );
    assert_eq!(game.fen(), before);
    game.put(knight, "a1", None, all).unwrap();
    game.remove("e1", all).unwrap();
    game.remove("f8", all).unwrap();
    assert!(game.fen().starts_with("8/8/3N1N2/"));
    assert!(!game.legal_moves().is_empty());
    // A PGN whose FEN tag has 17 pieces of one side.
    let pgn = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. Nf3 *";
    assert_eq!(
        game.load_pgn(pgn).unwrap_err().kind,
        ApiErrorKind::InvalidPgn
    );
    game.load_pgn_accepting(pgn, all).unwrap();
    assert_eq!(game.history().len(), 1);
    // Every other rule set accepts nothing.
    let mut racing = Game::new("racingkings", None).unwrap();
    assert!(racing
        .load_accepting("8/8/8/8/8/8/8/8 w - - 0 1", all)
        .is_err());
}
