//! Chess-Gi (RULES.md §2): perft data, the start-position counts, the generic
//! invariants on every data position and along random games, and one test per
//! special rule (drops and check, pawn drops, first-rank pawns, promoted captures,
//! castling, clock, repetition, hash, FEN, validation, endings).

mod common;

use common::checks::legal_list as legal;
use common::{play_tokens, sq};

use alfiere::notation::{fen, san, uci};
use alfiere::variants::chessgi::ChessGi;
use alfiere::{
    perft, Action, Bitboard, ByColor, Color, EndReason, Hand, Position, PositionProblem, Record,
    Role, Setup, Square,
};

fn pos(text: &str) -> ChessGi {
    common::read(text)
}

fn drops(pos: &ChessGi) -> Vec<Action> {
    legal(pos)
        .iter()
        .filter(|a| matches!(a, Action::Drop { .. }))
        .copied()
        .collect()
}

fn drop(role: Role, to: &str) -> Action {
    Action::Drop { role, to: sq(to) }
}

// ---------------------------------------------------------------- perft data

#[test]
fn perft_random_positions() {
    // 40 positions x D1-D3, all within the limit in the test profile.
    let checked = common::check_perft_file::<ChessGi>("chessgi.perft", 2_000_000);
    assert_eq!(checked, 120);
}

#[test]
fn perft_standard_positions() {
    let checked = common::check_perft_file::<ChessGi>("chessgi-standard.perft", 2_000_000);
    assert!(checked >= 17, "{checked}");
}

/// Every count of both files, however deep (run with `--release -- --ignored`).
#[test]
#[ignore]
fn perft_all_counts_release() {
    let all = u64::MAX;
    assert_eq!(
        common::check_perft_file::<ChessGi>("chessgi.perft", all),
        120
    );
    assert_eq!(
        common::check_perft_file::<ChessGi>("chessgi-standard.perft", all),
        19
    );
}

#[test]
fn published_checks() {
    // RULES.md §2: start d4 = 197281 (no drop before ply 5), and a deep hand position.
    let start = ChessGi::start();
    for (depth, expected) in [(1, 20), (2, 400), (3, 8902), (4, 197_281)] {
        assert_eq!(perft::perft(&start, depth), expected, "start d{depth}");
    }
    let deep = pos("5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48");
    assert_eq!(perft::perft(&deep, 1), 161);
    assert_eq!(perft::perft(&deep, 2), 32816);
}

#[test]
fn startpos_cases_rows() {
    // Rows of tests/data/startpos-cases.txt for this variant (if the file has any).
    let mut checked = 0;
    for case in common::read_cases("startpos-cases.txt") {
        if case.variant != "chessgi" {
            continue;
        }
        let game: ChessGi = common::build_game(&case.position);
        assert_eq!(
            perft::perft(&game, case.depth),
            case.expected,
            "{}",
            case.line
        );
        checked += 1;
    }
    // The start position is covered by `published_checks` when the file has no rows.
    assert!(checked == 0 || checked >= 4, "{checked}");
}

#[test]
fn full_and_bulk_perft_agree() {
    let game = pos("r3k2r/8/8/8/8/8/8/R3K2R[QRBNPqrbnp] w KQkq - 0 1");
    assert_eq!(perft::perft_full(&game, 2), perft::perft(&game, 2));
    let game = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[Pp] w KQkq - 0 1");
    assert_eq!(perft::perft_full(&game, 2), 5200);
}

// ---------------------------------------------------------------- invariants

#[test]
fn data_positions_keep_every_invariant() {
    let mut checked = 0;
    for file in ["chessgi.perft", "chessgi-standard.perft"] {
        for case in common::read_perft_file(file) {
            let game: ChessGi = common::build_game(&case.position);
            common::check_every_invariant(&game, true);
            checked += 1;
        }
    }
    assert_eq!(checked, 40 + 6);
}

#[test]
fn data_children_keep_every_invariant() {
    // One ply deeper in the positions with the fullest hands.
    for text in [
        "r3k2r/8/8/8/8/8/8/R3K2R[QRBNPqrbnp] w KQkq - 0 1",
        "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48",
    ] {
        let game = pos(text);
        for action in legal(&game).iter().step_by(3) {
            let mut child = game.clone();
            child.play_unchecked(action);
            common::check_every_invariant(&child, false);
        }
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let positions = common::random_games(&ChessGi::start(), 0xc4e5_5617, 30, 160, 9);
    assert!(positions > 3_000, "{positions} positions");
}

// ---------------------------------------------------------------- drops and check

#[test]
fn drops_go_anywhere_empty_when_not_in_check() {
    let p = pos("4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1");
    assert_eq!(drops(&p).len(), 62);
    assert!(p.is_legal(&drop(Role::Knight, "e7")));
    assert!(!p.is_legal(&drop(Role::Knight, "e8")), "occupied");
    assert!(!p.is_legal(&drop(Role::Bishop, "e4")), "not in hand");
    assert!(!p.is_legal(&drop(Role::King, "e4")), "kings never drop");
    assert_eq!(p.count_legal_actions(), 5 + 62);
}

#[test]
fn a_drop_blocks_a_slider_check() {
    let p = pos("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    assert!(p.is_check());
    let mut found: Vec<Square> = drops(&p).iter().map(|a| a.to()).collect();
    found.sort();
    assert_eq!(found, vec![sq("b1"), sq("c1"), sq("d1")]);
    assert!(p.is_legal(&drop(Role::Knight, "c1")));
    assert!(!p.is_legal(&drop(Role::Knight, "e4")));
    let mut after = p.clone();
    after.play(&drop(Role::Knight, "d1")).unwrap();
    assert_eq!(fen::write_fen(&after), "4k3/8/8/8/8/8/8/r2NK3[] b - - 0 1");
}

#[test]
fn no_drop_answers_a_knight_contact_or_double_check() {
    // Knight check.
    let p = pos("4k3/8/8/8/8/3n4/8/4K3[QN] w - - 0 1");
    assert!(p.is_check());
    assert!(drops(&p).is_empty());
    assert!(!p.is_legal(&drop(Role::Queen, "e2")));
    // Contact check by a queen: nothing between.
    let p = pos("4k3/8/8/8/8/8/4q3/4K3[R] w - - 0 1");
    assert!(drops(&p).is_empty());
    // Double check: rook on the file, bishop on the diagonal.
    let p = pos("4k3/8/8/8/7b/8/8/r3K3[R] w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(drops(&p).is_empty());
    assert!(!p.is_legal(&drop(Role::Rook, "c1")));
    assert!(!p.is_legal(&drop(Role::Rook, "f2")));
    let p = pos("4k3/4r3/8/8/1b6/8/8/4K3[R] w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(drops(&p).is_empty());
    assert!(!p.is_legal(&drop(Role::Rook, "e4")));
    assert!(!p.is_legal(&drop(Role::Rook, "c3")));
}

#[test]
fn a_drop_mates() {
    let p = pos("7k/6pp/8/8/8/8/8/K7[R] w - - 0 1");
    let mate = drop(Role::Rook, "e8");
    assert_eq!(san::write_san(&p, &mate), "R@e8#");
    let mut after = p.clone();
    after.play(&mate).unwrap();
    let outcome = after.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(after.count_legal_actions(), 0);
}

#[test]
fn a_pawn_drop_mates() {
    // Pawn-drop mate is allowed (unlike shogi).
    let p = pos("6bk/7p/5K2/8/8/8/8/8[P] w - - 0 1");
    let mate = drop(Role::Pawn, "g7");
    assert!(p.is_legal(&mate));
    assert_eq!(san::write_san(&p, &mate), "@g7#");
    assert_eq!(san::parse_san(&p, "P@g7"), Ok(mate));
    assert_eq!(san::parse_san_strict(&p, "@g7#"), Ok(mate));
    assert_eq!(uci::action_to_uci(&mate), "P@g7");
    let mut after = p.clone();
    after.play(&mate).unwrap();
    assert_eq!(
        after.outcome().map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
}

// ---------------------------------------------------------------- pawns

#[test]
fn pawn_drops_on_own_first_rank_but_not_the_promotion_rank() {
    let white = pos("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert!(white.is_legal(&drop(Role::Pawn, "a1")));
    assert!(!white.is_legal(&drop(Role::Pawn, "a8")));
    // 62 empty squares less the 7 empty ones of rank 8.
    assert_eq!(drops(&white).len(), 55);
    assert_eq!(white.count_legal_actions(), 5 + 55);
    let black = pos("4k3/8/8/8/8/8/8/4K3[p] b - - 0 1");
    assert!(black.is_legal(&drop(Role::Pawn, "h8")));
    assert!(!black.is_legal(&drop(Role::Pawn, "h1")));
    assert_eq!(drops(&black).len(), 55);
}

#[test]
fn a_pawn_on_its_first_rank_steps_one_square_only() {
    let p = pos("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1");
    let single = uci::parse_action(&p, "a1a2").unwrap();
    assert!(p.is_legal(&single));
    let double = Action::Normal {
        role: Role::Pawn,
        from: sq("a1"),
        to: sq("a3"),
        capture: None,
        promotion: None,
    };
    assert!(!p.is_legal(&double));
    let pawn_moves = legal(&p).iter().filter(|a| a.role() == Role::Pawn).count();
    assert_eq!(pawn_moves, 1);
    // Black's pawn on h8 likewise.
    let p = pos("4k2p/8/8/8/8/8/8/4K3[] b - - 0 1");
    assert!(uci::parse_action(&p, "h8h7").is_ok());
    assert!(uci::parse_action(&p, "h8h6").is_err());
    // Once on the second rank, however it got there, it may double-step (and e.p.).
    let mut p = pos("4k3/8/8/2p5/8/8/8/P3K3[] w - - 0 1");
    play_tokens(&mut p, "a1a2 c5c4 a2a4");
    let mut p = pos("4k3/8/8/8/2p5/8/8/4K3[P] w - - 0 1");
    play_tokens(&mut p, "P@b2 e8d8 b2b4");
    assert_eq!(p.legal_ep_squares(), vec![sq("b3")]);
    play_tokens(&mut p, "c4b3");
    assert_eq!(p.hand(Color::Black).unwrap().count(Role::Pawn), 1);
}

// ---------------------------------------------------------------- captures, hands

#[test]
fn captured_pieces_change_colour_into_the_hand() {
    let mut p = pos("4k3/8/8/3n4/8/8/3B4/4K3[] w - - 0 1");
    play_tokens(&mut p, "d2a5");
    let mut p2 = pos("4k3/8/8/3n4/4B3/8/8/4K3[] w - - 0 1");
    play_tokens(&mut p2, "e4d5");
    assert_eq!(fen::write_fen(&p2), "4k3/8/8/3B4/8/8/8/4K3[N] b - - 0 1");
    assert_eq!(p2.hand(Color::White).unwrap().count(Role::Knight), 1);
    play_tokens(&mut p, "d5c3 a5c3");
    assert_eq!(fen::write_fen(&p), "4k3/8/8/8/8/2B5/8/4K3[N] b - - 0 2");
}

#[test]
fn a_captured_promoted_queen_enters_the_hand_as_a_queen() {
    let mut p = pos("1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1");
    play_tokens(&mut p, "a7a8q b8a8");
    assert_eq!(fen::write_fen(&p), "r3k3/8/8/8/8/8/8/4K3[q] w - - 0 2");
    assert_eq!(p.hand(Color::Black).unwrap().count(Role::Queen), 1);
    assert_eq!(p.hand(Color::Black).unwrap().count(Role::Pawn), 0);
    // The `~` marker of a FEN is read and ignored.
    let mut q = pos("4k3/8/8/8/8/8/4K3/Q~r6[] b - - 0 1");
    play_tokens(&mut q, "b1a1");
    assert_eq!(fen::write_fen(&q), "4k3/8/8/8/8/8/4K3/r7[q] w - - 0 2");
    assert_eq!(
        pos("4k3/8/8/8/8/8/4K3/Q~r6[] b - - 0 1"),
        pos("4k3/8/8/8/8/8/4K3/Qr6[] b - - 0 1")
    );
}

#[test]
fn en_passant_captures_go_to_the_hand() {
    let mut p = pos("4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1");
    play_tokens(&mut p, "e5d6");
    assert_eq!(fen::write_fen(&p), "4k3/8/3P4/8/8/8/8/4K3[P] b - - 0 1");
}

// ---------------------------------------------------------------- castling

#[test]
fn a_dropped_rook_never_castles() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1");
    play_tokens(&mut p, "R@h1 e8d8");
    assert!(p.castling_rights().is_empty());
    let castle = Action::Castle {
        king: sq("e1"),
        rook: sq("h1"),
    };
    assert!(!p.is_legal(&castle));
    assert!(uci::parse_action(&p, "e1g1").is_err());
    // The original rook, captured and dropped back, has lost its right too.
    let mut p = pos("4k3/8/8/8/8/6n1/P7/4K2R[R] b K - 0 1");
    play_tokens(&mut p, "g3h1 a2a3 h1g3 R@h1");
    assert_eq!(fen::write_fen(&p), "4k3/8/8/8/8/P5n1/8/4K2R[r] b - - 0 3");
    assert!(p.castling_rights().is_empty());
    // A FEN cannot give a right to a missing rook.
    let err = fen::read_fen::<ChessGi>("4k3/8/8/8/8/8/8/4K3[R] w K - 0 1").unwrap_err();
    assert_eq!(err.problems.len(), 1);
    // The original pair castles as usual.
    let p = pos("4k3/8/8/8/8/8/8/4K2R[] w K - 0 1");
    assert!(p.is_legal(&castle));
}

// ---------------------------------------------------------------- clocks, repetition, hash

#[test]
fn drops_reset_the_halfmove_clock() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3[N] w - - 10 20");
    play_tokens(&mut p, "e1d1");
    assert_eq!(p.halfmove_clock(), 11);
    play_tokens(&mut p, "e8d8 N@c3");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(fen::write_fen(&p), "3k4/8/8/8/8/2N5/8/3K4[] b - - 0 21");
}

#[test]
fn seventy_five_moves_but_no_dead_position() {
    // K v K is not dead in Chess-Gi's rules (no dead-position rule at all).
    let p = pos("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert_eq!(p.outcome(), None);
    let p = pos("4k3/8/8/8/8/8/8/4K3[] w - - 150 90");
    assert_eq!(
        p.outcome().map(|o| o.reason),
        Some(EndReason::SeventyFiveMoves)
    );
    // A stalemate.
    let p = pos("k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1");
    assert_eq!(p.outcome().map(|o| o.reason), Some(EndReason::Stalemate));
    // A hand piece does not help if it cannot be dropped: still no legal action.
    let p = pos("k7/2Q5/1K6/8/8/8/8/8[n] b - - 0 1");
    assert_eq!(p.outcome(), None, "Black drops its knight");
}

#[test]
fn cannot_mate_only_without_material() {
    assert!(pos("4k3/8/8/8/8/8/8/4K3[] w - - 0 1").cannot_mate(Color::White));
    assert!(pos("4k3/8/8/8/8/8/8/4K3[n] w - - 0 1").cannot_mate(Color::Black));
    assert!(pos("4k3/8/8/8/8/8/8/3BK3[] w - - 0 1").cannot_mate(Color::White));
    // Two minor pieces, or a pawn, anywhere: a mate can be arranged.
    assert!(!pos("4k3/8/8/8/8/8/8/3BK3[b] w - - 0 1").cannot_mate(Color::Black));
    assert!(!pos("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1").cannot_mate(Color::White));
    assert!(!ChessGi::start().cannot_mate(Color::White));
}

#[test]
fn repetition_counts_across_a_capture_and_return() {
    let start = pos("r7/1k6/8/8/8/8/8/R5K1[] w - - 0 1");
    let mut record = Record::new(start.clone());
    let cycle = [
        "a1a8", "b7a8", "R@a1", "a8b7", "g1h1", "R@a8", "h1g1", "b7b8", "g1h1", "b8c8", "h1g1",
        "c8b7",
    ];
    for round in 1..=2 {
        for token in cycle {
            let action = uci::parse_action(record.current(), token).unwrap();
            assert!(!record.current().is_irreversible(&action));
            record.play(&action).unwrap();
        }
        assert_eq!(
            fen::write_board(&record.current().to_setup()),
            fen::write_board(&start.to_setup())
        );
        assert_eq!(record.current().zobrist(), start.zobrist());
        assert_eq!(record.repetition_count(), round + 1);
    }
    assert_eq!(
        record.claimable_draw(),
        Some(EndReason::ThreefoldRepetition)
    );
}

#[test]
fn hands_enter_the_hash() {
    let keys: Vec<u64> = [
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[B] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[Nb] w - - 0 1",
    ]
    .iter()
    .map(|f| pos(f).zobrist())
    .collect();
    for i in 0..keys.len() {
        for j in 0..i {
            assert_ne!(keys[i], keys[j], "positions {i} and {j}");
        }
    }
    // Incremental = fresh after a capture and a drop.
    let mut p = pos("4k3/8/8/3n4/4B3/8/8/4K3[n] w - - 0 1");
    play_tokens(&mut p, "e4d5 N@c3");
    let fresh = ChessGi::from_setup(&p.to_setup()).unwrap();
    assert_eq!(fresh.zobrist(), p.zobrist());
}

// ---------------------------------------------------------------- FEN and validation

#[test]
fn fen_forms_of_the_hand() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    assert_eq!(fen::write_fen(&ChessGi::start()), start);
    assert_eq!(ChessGi::default(), ChessGi::start());
    // No hand field: empty hands.
    assert_eq!(pos(fen::STARTING_FEN), ChessGi::start());
    // The ninth-rank form.
    let ninth = pos("4k3/8/8/8/8/8/8/4K3/QNpp w - - 0 1");
    assert_eq!(
        fen::write_fen(&ninth),
        "4k3/8/8/8/8/8/8/4K3[QNpp] w - - 0 1"
    );
    // Any order in, canonical order out.
    let mixed = pos("4k3/8/8/8/8/8/8/4K3[pNpQ] w - - 0 1");
    assert_eq!(mixed, ninth);
    let published = "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48";
    assert_eq!(fen::write_fen(&pos(published)), published);
    let hand = pos(published).hand(Color::White).unwrap();
    assert_eq!(hand.count(Role::Pawn), 4);
    assert_eq!(hand.total(), 7);
}

#[test]
fn validation() {
    // Pawns on their own first rank are fine; on the promotion rank they are not.
    assert!(fen::read_fen::<ChessGi>("4k2p/8/8/8/8/8/8/P3K3[] w - - 0 1").is_ok());
    let err = fen::read_fen::<ChessGi>("P3k3/8/8/8/8/8/8/p3K3[] w - - 0 1").unwrap_err();
    assert_eq!(err.problems.len(), 2, "{err}");
    // More than 16 pieces on one side (from drops) is fine.
    assert!(fen::read_fen::<ChessGi>("4k3/8/8/NNNNNNNN/NNNNNNNN/8/8/4K3[] w - - 0 1").is_ok());
    // Unreachable material is accepted (the data's Kiwipete has a pawn in each hand).
    assert!(fen::read_fen::<ChessGi>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NPp] w KQkq - 0 1"
    )
    .is_ok());
    // But not more than 64 pieces in all. 33 of a role in a hand is fine, and the
    // hash still tells 33 from 31.
    let hand = |n: usize| "N".repeat(n);
    let many = |n: usize| pos(&format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", hand(n)));
    assert_ne!(many(33).zobrist(), many(31).zobrist());
    assert_ne!(many(33).zobrist(), many(32).zobrist());
    let mut p = pos(&format!("4k3/8/8/8/8/3n4/2B5/4K3[{}] w - - 0 1", hand(32)));
    play_tokens(&mut p, "c2d3");
    let expected = pos(&format!("4k3/8/8/8/8/3B4/8/4K3[{}] b - - 0 1", hand(33)));
    assert_eq!(p, expected);
    assert_eq!(p.zobrist(), expected.zobrist());
    let err = fen::read_fen::<ChessGi>(&format!(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{}] w KQkq - 0 1",
        hand(33)
    ))
    .unwrap_err();
    assert_eq!(err.problems.len(), 1, "{err}");
    // A king in hand, Alice's second board, a seventh field: every problem listed.
    let mut setup = Setup::starting_position();
    let mut hands = ByColor::<Hand>::default();
    hands.white.add(Role::King);
    setup.hands = Some(hands);
    setup.board_b = Bitboard::from_square(sq("e2"));
    setup.extra = alfiere::ExtraState::Series {
        length: 2,
        played: 0,
        quiet: 0,
    };
    let problems = ChessGi::from_setup(&setup).unwrap_err().problems;
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems.contains(&PositionProblem::UnsupportedState("a second board")));
    // The usual orthodox problems.
    let err = fen::read_fen::<ChessGi>("4k3/8/8/8/8/8/8/4R3[] w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("no king"), "{err}");
    let err = fen::read_fen::<ChessGi>("4k3/8/8/8/8/8/8/3KR3[] w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("not to move is in check"), "{err}");
    let err = fen::read_fen::<ChessGi>("4k3/8/8/8/8/8/8/4K3[] w - e6 0 1").unwrap_err();
    assert_eq!(err.problems.len(), 1, "{err}");
}

#[test]
fn illegal_play_leaves_the_position_unchanged() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let before = p.clone();
    assert!(p.play(&drop(Role::Knight, "e8")).is_err());
    assert!(p.play(&drop(Role::Queen, "d4")).is_err());
    assert_eq!(p, before);
}
