//! Alice chess (RULES.md §4): perft data, start-position counts, the invariants of
//! every rule set, and one test per special rule.

mod common;

use alfiere::notation::{fen, uci};
use alfiere::variants::alice::Alice;
use alfiere::{Action, BoardId, Color, EndReason, Position, Record, Role, Square};
use common::{build_game, legal_tokens, read_perft_file, sq};

fn legal(pos: &Alice) -> Vec<String> {
    legal_tokens(pos)
}

fn has(pos: &Alice, token: &str) -> bool {
    legal(pos).iter().any(|t| t == token)
}

fn alice(fen_text: &str) -> Alice {
    fen::read_fen(fen_text).unwrap_or_else(|e| panic!("{e}"))
}

/// The Alice rows of `startpos-cases.txt` as (position, depth, expected).
fn startpos_cases() -> Vec<(String, u32, u64)> {
    common::read_cases("startpos-cases.txt")
        .into_iter()
        .filter(|c| c.variant == "alice")
        .map(|c| (c.position, c.depth, c.expected))
        .collect()
}

#[test]
fn perft_data_file() {
    assert_eq!(
        common::check_perft_file::<Alice>("alice.perft", 2_000_000),
        40 * 3
    );
}

#[test]
fn start_position_cases() {
    let cases = startpos_cases();
    assert_eq!(cases.len(), 4);
    for (position, depth, expected) in cases {
        let game: Alice = build_game(&position);
        assert_eq!(
            alfiere::perft::perft(&game, depth),
            expected,
            "{position} depth {depth}"
        );
    }
}

/// Every count without a node limit; run with
/// `cargo test --release --test alice -- --ignored`.
#[test]
#[ignore]
fn perft_deep() {
    assert_eq!(
        common::check_perft_file::<Alice>("alice.perft", u64::MAX),
        40 * 3
    );
    for (position, depth, expected) in startpos_cases() {
        let game: Alice = build_game(&position);
        assert_eq!(alfiere::perft::perft(&game, depth), expected, "{position}");
    }
}

#[test]
fn bulk_and_full_perft_agree() {
    let game: Alice = build_game(&read_perft_file("alice.perft")[0].position);
    assert_eq!(
        alfiere::perft::perft_full(&game, 3),
        alfiere::perft::perft(&game, 3)
    );
}

#[test]
fn data_positions_keep_every_invariant() {
    assert_eq!(
        common::check_data_file_invariants::<Alice>("alice.perft"),
        40
    );
}

#[test]
fn random_games_keep_every_invariant() {
    let positions = common::random_games(&Alice::start(), 0x00a1_1ce5, 60, 300, 7);
    assert!(positions > 8_000, "{positions} positions");
}

fn play_line(moves: &str) -> Record<Alice> {
    let mut record = Record::new(Alice::start());
    for token in moves.split_whitespace() {
        let action =
            uci::parse_action(record.current(), token).unwrap_or_else(|e| panic!("{token}: {e}"));
        record.play(&action).unwrap();
    }
    record
}

#[test]
fn the_three_published_mates() {
    for line in [
        "e2e4 d7d5 f1e2 d5e4 e2b5",
        "e2e4 d7d6 f1c4 d8d2 c4b5",
        "e2e4 e7e5 d1h5 g8f6 h5e5",
    ] {
        let record = play_line(line);
        let outcome = record.outcome().expect(line);
        assert_eq!(outcome.reason, EndReason::Checkmate, "{line}");
        assert_eq!(outcome.winner, Some(Color::White), "{line}");
        assert!(record.current().is_check());
        assert_eq!(record.current().count_legal_actions(), 0);
    }
    // One ply earlier nothing is over.
    let record = play_line("e2e4 d7d5 f1e2 d5e4");
    assert_eq!(record.outcome(), None);
}

#[test]
fn a_moved_piece_transfers_to_the_other_board() {
    let record = play_line("e2e4");
    let pos = record.current();
    let placed = pos.placement().at(sq("e4")).unwrap();
    assert_eq!(placed.board, BoardId::B);
    assert_eq!(
        fen::write_fen(pos),
        "rnbqkbnr/pppppppp/8/8/4|P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // And back to A on its next move; a capture happens on the mover's board.
    let record = play_line("e2e4 d7d5 e4d5");
    assert_eq!(
        record.current().placement().at(sq("d5")).unwrap().board,
        BoardId::A
    );
    assert_eq!(
        record.current().board().piece_at(sq("d5")).unwrap().color,
        Color::White
    );
    // Castling moves king and rook across.
    let pos = alice("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let mut child = pos.clone();
    child
        .play(&uci::parse_action(&pos, "e1g1").unwrap())
        .unwrap();
    assert_eq!(fen::write_fen(&child), "4k3/8/8/8/8/8/8/5|R|K1 b - - 1 1");
    // A promoted pawn transfers as its new piece.
    let pos = alice("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let mut child = pos.clone();
    child
        .play(&uci::parse_action(&pos, "b7b8q").unwrap())
        .unwrap();
    assert_eq!(fen::write_fen(&child), "1|Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_target_occupied_on_the_other_board_is_illegal() {
    // The knight on g1 (board A) may not land on f3, taken on board B by a black pawn,
    // nor on h3, taken on B by a white pawn; e2 is blocked on A.
    let pos = alice("4k3/8/8/8/8/5|p1|P/8/4K1N1 w - - 0 1");
    assert!(!has(&pos, "g1f3"));
    assert!(!has(&pos, "g1h3"));
    assert!(has(&pos, "g1e2"));
    let capture = Action::Normal {
        role: Role::Knight,
        from: sq("g1"),
        to: sq("f3"),
        capture: Some(Role::Pawn),
        promotion: None,
    };
    assert!(!pos.is_legal(&capture));
    // The same pawn on board A is captured.
    let pos = alice("4k3/8/8/8/8/5p1|P/8/4K1N1 w - - 0 1");
    assert!(pos.is_legal(&capture));
    // A slider is blocked only by pieces on its own board: the rook on a1 (A) passes
    // the board-B pawn on a4 but not the board-A pawn on a6.
    let pos = alice("4k3/8/P7/8/|P7/8/8/R3K3 w - - 0 1");
    assert!(has(&pos, "a1a5"));
    assert!(!has(&pos, "a1a4"));
    assert!(!has(&pos, "a1a7"));
}

#[test]
fn only_a_piece_from_the_other_board_can_block_a_check() {
    // The black rook on e8 (A) checks the king on e1 (A). The knight on c3 (B) blocks
    // by arriving on e4 of board A; the bishop on d2 (A) would leave A, so Be3 fails.
    let pos = alice("4r2k/8/8/8/8/2|N5/3B4/4K3 w - - 0 1");
    assert!(pos.is_check());
    assert_eq!(pos.checkers().count(), 1);
    assert!(has(&pos, "c3e4"));
    assert!(has(&pos, "c3e2"));
    assert!(!has(&pos, "d2e3"));
    // A piece on the king's board may still capture the checker...
    let pos = alice("R3r2k/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(pos.is_check());
    assert_eq!(
        legal(&pos)
            .iter()
            .filter(|t| t.starts_with("a8"))
            .collect::<Vec<_>>(),
        ["a8e8"]
    );
    // ...unless the capture uncovers a slider behind it on that board.
    let pos = alice("k7/8/8/8/8/8/3N4/rn2K3 w - - 0 1");
    assert!(!has(&pos, "d2b1"));
    assert!(has(&pos, "d2f3"));
    let pos = alice("k3r3/8/8/8/1Q2n3/8/8/4K3 w - - 0 1");
    assert!(!has(&pos, "b4e4"));
    assert!(has(&pos, "b4b5"));
    // Our piece and an enemy piece as the two blockers: taking it uncovers the slider.
    let pos = alice("k3r3/8/8/8/4n3/8/4Q3/4K3 w - - 0 1");
    assert!(!has(&pos, "e2e4"));
    assert!(has(&pos, "e2e3") && has(&pos, "e2d3"));
    // A pinned piece may not move at all on the king's board, even along the pin, but
    // may take the pinner when nothing stands behind it.
    let pos = alice("k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_eq!(
        legal(&pos)
            .iter()
            .filter(|t| t.starts_with("e2"))
            .collect::<Vec<_>>(),
        ["e2e8"]
    );
    let pos = alice("k7/8/8/8/8/8/8/rR2K3 w - - 0 1");
    assert_eq!(
        legal(&pos)
            .iter()
            .filter(|t| t.starts_with("b1"))
            .collect::<Vec<_>>(),
        ["b1a1"]
    );
    // But a piece off the king's board is never pinned.
    let pos = alice("k3|r3/8/8/8/8/8/4|R3/4K3 w - - 0 1");
    assert!(!pos.is_check());
    assert!(has(&pos, "e2a2"));
}

#[test]
fn check_comes_only_from_the_kings_board() {
    let pos = alice("4|r2k/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!pos.is_check());
    // The king may not step onto a square attacked on its departure board (R2) nor
    // onto one attacked on its arrival board (R4).
    // The rook on a2 (A) covers d2-f2 on A; the rook on h1 (B) covers d1 and f1 on B.
    let pos = alice("7k/8/8/8/8/8/r7/4K2|r w - - 0 1");
    assert!(!pos.is_check());
    assert_eq!(legal(&pos), Vec::<String>::new());
    // Without the board-B rook, d1 and f1 are free; without the a2 rook, the second rank.
    assert_eq!(
        legal(&alice("7k/8/8/8/8/8/r7/4K3 w - - 0 1")),
        ["e1d1", "e1f1"]
    );
    assert_eq!(
        legal(&alice("7k/8/8/8/8/8/8/4K2|r w - - 0 1")),
        ["e1d2", "e1e2", "e1f2"]
    );
    assert_eq!(pos.outcome().unwrap().reason, EndReason::Stalemate);
}

#[test]
fn castling_needs_empty_arrival_squares_on_board_b() {
    let base = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let pos = alice(base);
    assert!(has(&pos, "e1g1") && has(&pos, "e1c1"));
    // King's side: f1 (rook's arrival, the king's transit) or g1 taken on B.
    for fen_text in [
        "r3k2r/8/8/8/8/8/8/R3K|n1R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K1|NR w KQkq - 0 1",
    ] {
        let pos = alice(fen_text);
        assert!(!has(&pos, "e1g1"), "{fen_text}");
        assert!(has(&pos, "e1c1"), "{fen_text}");
        let castle = Action::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert!(!pos.is_legal(&castle));
    }
    // Queen's side: d1 or c1 taken on B forbids it; b1 on B is no arrival square.
    for fen_text in [
        "r3k2r/8/8/8/8/8/8/R2|nK2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R1|B1K2R w KQkq - 0 1",
    ] {
        assert!(!has(&alice(fen_text), "e1c1"), "{fen_text}");
    }
    assert!(has(
        &alice("r3k2r/8/8/8/8/8/8/R|N2K2R w KQkq - 0 1"),
        "e1c1"
    ));
    // Usual conditions on A: transit attacked on A forbids; attacked only on B does not,
    // unless the king's arrival on B is attacked there (R4).
    assert!(!has(
        &alice("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"),
        "e1g1"
    ));
    assert!(has(
        &alice("r3k2r/8/8/8/8/8/5|r2/R3K2R w KQkq - 0 1"),
        "e1g1"
    ));
    assert!(!has(
        &alice("r3k2r/8/8/8/8/8/6|r1/R3K2R w KQkq - 0 1"),
        "e1g1"
    ));
    // The rook arriving on B may shield the king arriving beside it.
    assert!(has(&alice("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "e1c1"));
    assert!(has(&alice("1k6/8/8/8/8/8/8/|r3K2R w K - 0 1"), "e1g1"));
    // Not out of check on A.
    assert!(!has(
        &alice("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"),
        "e1g1"
    ));
    // A right for a king or rook on board B is not a position.
    assert!(fen::read_fen::<Alice>("r3k2r/8/8/8/8/8/8/R3|K2R w KQkq - 0 1").is_err());
    assert!(fen::read_fen::<Alice>("r3k2r/8/8/8/8/8/8/R3K2|R w K - 0 1").is_err());
}

#[test]
fn there_is_no_en_passant() {
    // After d7d5 the black pawn stands on d5 of board B beside the white pawn on e5
    // (B): no capture on d6 of any kind.
    let pos = alice("4k3/3p4/8/4|P3/8/8/8/4K3 b - - 0 1");
    let mut child = pos.clone();
    child
        .play(&uci::parse_action(&pos, "d7d5").unwrap())
        .unwrap();
    assert_eq!(fen::write_fen(&child), "4k3/8/8/3|p|P3/8/8/8/4K3 w - - 0 2");
    assert!(child.legal_ep_squares().is_empty());
    assert!(!has(&child, "e5d6"));
    assert!(!child.is_legal(&Action::EnPassant {
        from: sq("e5"),
        to: sq("d6")
    }));
    // An e.p. square in a FEN is state this variant does not have.
    assert!(fen::read_fen::<Alice>("4k3/8/8/3|p|P3/8/8/8/4K3 w - d6 0 1").is_err());
}

#[test]
fn the_double_step_needs_an_empty_passed_square_only_on_its_own_board() {
    let pos = alice("4k3/8/8/8/8/4|n3/4P3/4K3 w - - 0 1");
    assert!(has(&pos, "e2e4"));
    assert!(!has(&pos, "e2e3"));
    let pos = alice("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert!(!has(&pos, "e2e4"));
}

#[test]
fn dead_position_only_for_bare_kings() {
    let pos = alice("4k3/8/8/8/8/8/8/4|K3 w - - 0 1");
    assert_eq!(
        pos.outcome().unwrap().reason,
        EndReason::InsufficientMaterial
    );
    assert!(pos.cannot_mate(Color::White) && pos.cannot_mate(Color::Black));
    for fen_text in [
        "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ] {
        let pos = alice(fen_text);
        assert_eq!(pos.outcome(), None, "{fen_text}");
        assert!(!pos.cannot_mate(Color::White), "{fen_text}");
    }
    let pos = alice("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert!(pos.cannot_mate(Color::Black));
}

#[test]
fn the_board_is_part_of_the_position() {
    let a = alice("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let b = alice("4k3/8/8/8/8/8/8/|R3K3 w - - 0 1");
    assert_ne!(a, b);
    assert_ne!(a.zobrist(), b.zobrist());
    // A knight tour back to its square and board repeats the position.
    let mut record = Record::new(Alice::start());
    for token in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let action = uci::parse_action(record.current(), token).unwrap();
        record.play(&action).unwrap();
    }
    assert_eq!(record.current().placement(), Alice::start().placement());
    assert_eq!(record.current().zobrist(), Alice::start().zobrist());
    assert_eq!(record.repetition_count(), 2);
}

#[test]
fn bad_setups_are_rejected_with_every_problem() {
    let err = fen::read_fen::<Alice>("4k3/8/8/8/8/8/8/8 w - e3 0 1").unwrap_err();
    assert_eq!(err.problems.len(), 2, "{err}");
    assert!(fen::read_fen::<Alice>("4k3/8/8/8/8/8/8/4K3[] w - - 0 1").is_err());
    assert!(fen::read_fen::<Alice>("4k3/8/8/8/8/8/8/4K3 w - - 0 1 push").is_err());
    // The side not to move in check on its own board; a check across boards is none.
    assert!(fen::read_fen::<Alice>("4k3/8/8/8/8/8/8/4K2r b - - 0 1").is_err());
    assert!(fen::read_fen::<Alice>("4k3/8/8/8/8/8/8/4K2|r b - - 0 1").is_ok());
    let mut setup = Alice::start().to_setup();
    setup.board_b.add(sq("e4"));
    assert!(Alice::from_setup(&setup).is_err());
}

#[test]
fn illegal_play_leaves_the_position_unchanged() {
    let mut pos = Alice::start();
    let before = pos.clone();
    for action in [
        Action::Normal {
            role: Role::Queen,
            from: Square::D1,
            to: Square::D8,
            capture: Some(Role::Queen),
            promotion: None,
        },
        Action::Drop {
            role: Role::Knight,
            to: sq("e4"),
        },
        Action::Castle {
            king: Square::E1,
            rook: Square::H1,
        },
        Action::EnPassant {
            from: sq("e2"),
            to: sq("d3"),
        },
    ] {
        assert!(pos.play(&action).is_err());
        assert_eq!(pos, before);
    }
}

/// A double step and a single step of two pawns on one file (on different boards) can
/// reach the same square, so SAN must tell them apart (needs the pawn-push
/// disambiguation in `notation/san.rs`).
#[test]
fn san_tells_apart_two_pawn_pushes_to_one_square() {
    use alfiere::notation::san;
    let pos = alice("4k3/8/8/8/8/6|P1/6P1/4K3 w - - 0 1");
    let double = uci::parse_action(&pos, "g2g4").unwrap();
    let single = uci::parse_action(&pos, "g3g4").unwrap();
    let (a, b) = (san::write_san(&pos, &double), san::write_san(&pos, &single));
    assert_ne!(a, b);
    assert_eq!(san::parse_san_strict(&pos, &a), Ok(double));
    assert_eq!(san::parse_san_strict(&pos, &b), Ok(single));
    // Without a rival the push is plain.
    let pos = alice("4k3/8/8/8/8/8/6P1/4K3 w - - 0 1");
    let push = uci::parse_action(&pos, "g2g4").unwrap();
    assert_eq!(san::write_san(&pos, &push), "g4");
}
