//! Racing Kings (RULES.md §3): perft data, the start-position cases, the invariant
//! checks of every rule set, and one test per special rule (no checks, the goal rank
//! with Black's extra move, stalemate, nothing after the end, the setup rules).

mod common;

use common::{after_tokens, legal_tokens as legal};

use alfiere::notation::fen::{read_fen, write_fen};
use alfiere::notation::uci::parse_action;
use alfiere::variants::racingkings::RacingKings;
use alfiere::{
    Action, ActionList, Bitboard, Color, EndReason, Outcome, Position, PositionProblem, Rank,
    Record, RecordError, Role,
};

const START_FEN: &str = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";

fn pos(fen: &str) -> RacingKings {
    common::read(fen)
}

/// The action `token` as it would be written on the board, whether legal or not.
fn action(game: &RacingKings, token: &str) -> Action {
    common::board_action(game.board(), token)
}

fn problems(fen: &str) -> Vec<PositionProblem> {
    common::position_problems::<RacingKings>(fen)
}

// ---------------------------------------------------------------------------
// Perft data
// ---------------------------------------------------------------------------

#[test]
fn standard_perft() {
    // The published table (start d1-d4, endgames, the mirrored pair); d5 of the start
    // and the deep rows are in the ignored release test below.
    let checked = common::check_perft_file::<RacingKings>("racingkings-standard.perft", 2_000_000);
    assert_eq!(checked, 16);
}

#[test]
fn random_positions_perft() {
    // python-chess counts of random playout positions. Where python-chess and RULES.md
    // could differ (White on rank 8, Black's reply onto rank 8 "unattacked" but not
    // legal), none of these positions is affected; see
    // `black_can_follow_exactly_when_an_unattacked_goal_square_exists`.
    let checked = common::check_perft_file::<RacingKings>("racingkings.perft", 2_000_000);
    assert_eq!(checked, 40 * 3);
}

/// Every count with no node limit; run with
/// `cargo test --release --test racingkings -- --ignored`.
#[test]
#[ignore]
fn perft_deep() {
    assert_eq!(
        common::check_perft_file::<RacingKings>("racingkings-standard.perft", u64::MAX),
        17
    );
    assert_eq!(
        common::check_perft_file::<RacingKings>("racingkings.perft", u64::MAX),
        120
    );
}

#[test]
fn startpos_cases() {
    let mut checked = 0;
    for case in common::read_cases("startpos-cases.txt") {
        if case.variant != "racingkings" {
            continue;
        }
        let game: RacingKings = common::build_game(&case.position);
        assert_eq!(
            alfiere::perft::perft(&game, case.depth),
            case.expected,
            "{}",
            case.line
        );
        checked += 1;
    }
    assert_eq!(checked, 4);
}

// ---------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------

#[test]
fn perft_data_positions_keep_every_invariant() {
    let checked = common::check_data_file_invariants::<RacingKings>("racingkings-standard.perft")
        + common::check_data_file_invariants::<RacingKings>("racingkings.perft");
    assert_eq!(checked, 45);
}

#[test]
fn special_positions_keep_every_invariant() {
    for fen in [
        "8/k7/8/8/N7/8/8/R5RK w - - 0 1",
        "8/k7/8/8/8/8/K7/R7 w - - 0 1",
        "6K1/1k6/8/8/8/8/8/8 b - - 1 1",
        "6K1/8/8/8/8/8/k7/8 b - - 1 1",
        "1k4K1/8/8/8/8/8/8/8 w - - 2 2",
        "7n/8/8/4K3/8/8/2Q5/k7 b - - 0 1",
        "1k6/8/8/8/8/8/8/7K w - - 0 1",
        "1k6/8/8/8/8/8/8/7K b - - 0 1",
        "8/k7/8/8/8/8/8/7K w - - 149 100",
    ] {
        common::check_every_invariant(&pos(fen), true);
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let positions = common::random_games(&RacingKings::start(), 0x5ace_c1a9, 60, 300, 5);
    assert!(positions > 3_000, "{positions} positions");
}

#[test]
fn start_position_and_default() {
    let start = RacingKings::start();
    assert_eq!(write_fen(&start), START_FEN);
    assert_eq!(pos(START_FEN), start);
    assert_eq!(RacingKings::default(), start);
    assert_eq!(RacingKings::VARIANT, alfiere::Variant::RacingKings);
    assert_eq!(start.castling_rights(), Bitboard::EMPTY);
    assert!(start.legal_ep_squares().is_empty());
    assert_eq!(start.outcome(), None);
    assert!(!start.cannot_mate(Color::White) && !start.cannot_mate(Color::Black));
}

// ---------------------------------------------------------------------------
// No checks
// ---------------------------------------------------------------------------

#[test]
fn a_move_giving_check_is_illegal() {
    // White Ra1, Na4, Rg1, Kh1 against Black's lone king on a7.
    let game = pos("8/k7/8/8/N7/8/8/R5RK w - - 0 1");
    let moves = legal(&game);
    // Direct check along the seventh rank.
    let check = action(&game, "g1g7");
    assert!(!game.is_legal(&check));
    assert!(!moves.contains(&"g1g7".to_string()));
    assert!(moves.contains(&"g1g6".to_string()));
    // Every knight move uncovers the rook on a1.
    for to in ["b6", "c5", "c3", "b2"] {
        let token = format!("a4{to}");
        assert!(!game.is_legal(&action(&game, &token)), "{token}");
        assert!(!moves.contains(&token), "{token}");
    }
    // The rook on a1 may move up to its own knight: still no check.
    assert!(moves.contains(&"a1a3".to_string()));
    let mut copy = game.clone();
    assert!(copy.play(&check).is_err());
    assert_eq!(copy, game);
    // Orthodox chess would allow all of them.
    let orthodox: alfiere::Chess = read_fen("8/k7/8/8/N7/8/8/R5RK w - - 0 1").unwrap();
    assert!(orthodox.is_legal(&check));
}

#[test]
fn a_king_move_uncovering_check_is_illegal() {
    // The white king stands between its rook and the black king.
    let game = pos("8/k7/8/8/8/8/K7/R7 w - - 0 1");
    let moves = legal(&game);
    let expected: Vec<String> = [
        "a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1", "a1h1", "a2a3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(moves, expected);
    for token in ["a2b1", "a2b2", "a2b3"] {
        assert!(!game.is_legal(&action(&game, token)), "{token}");
    }
    assert!(game.checkers().is_empty());
}

#[test]
fn the_own_king_may_not_be_left_attacked() {
    // Black's rook on b1 guards the first rank; the white king may not step onto it.
    let game = pos("8/k7/8/8/8/8/7K/1r6 w - - 0 1");
    let moves = legal(&game);
    assert_eq!(moves, vec!["h2g2", "h2g3", "h2h3"]);
}

#[test]
fn a_position_with_a_check_is_invalid() {
    // The rook on h2 attacks the black king on a2.
    assert!(problems("8/8/8/8/8/8/k6R/7K b - - 0 1")
        .iter()
        .any(|p| matches!(p, PositionProblem::Variant(text) if text.contains("check"))));
    assert!(problems("8/8/8/8/8/8/k6R/7K w - - 0 1").contains(&PositionProblem::OppositeCheck));
    // Adjacent kings check each other.
    assert!(!problems("8/8/8/8/8/8/kK6/8 w - - 0 1").is_empty());
}

// ---------------------------------------------------------------------------
// The goal rank
// ---------------------------------------------------------------------------

#[test]
fn black_reaching_rank_8_wins_at_once() {
    let game = pos("8/k7/8/8/8/8/8/7K b - - 0 1");
    assert_eq!(game.outcome(), None);
    for token in ["a7a8", "a7b8"] {
        let after = after_tokens(&game, token);
        assert_eq!(
            after.outcome(),
            Some(Outcome::win(Color::Black, EndReason::VariantWin))
        );
        assert_eq!(after.count_legal_actions(), 0);
        assert!(legal(&after).is_empty());
        assert!(!after.is_legal(&action(&after, "h1h2")));
        assert!(after.cannot_mate(Color::White));
        assert!(!after.cannot_mate(Color::Black));
    }
    // Stepping off the goal rank is not a win.
    assert_eq!(after_tokens(&game, "a7a6").outcome(), None);
    // Even a FEN with Black to move on rank 8 is a finished game.
    let over = pos("1k6/8/8/8/8/8/8/7K b - - 0 1");
    assert_eq!(
        over.outcome(),
        Some(Outcome::win(Color::Black, EndReason::VariantWin))
    );
    assert_eq!(over.count_legal_actions(), 0);
}

#[test]
fn white_reaching_rank_8_wins_at_once_when_black_cannot_follow() {
    let game = pos("8/6K1/8/8/8/8/k7/8 w - - 0 1");
    let after = after_tokens(&game, "g7g8");
    assert_eq!(after.turn(), Color::Black);
    assert_eq!(
        after.outcome(),
        Some(Outcome::win(Color::White, EndReason::VariantWin))
    );
    assert_eq!(after.count_legal_actions(), 0);
    assert!(legal(&after).is_empty());
    assert!(!after.is_legal(&action(&after, "a2a3")));
    assert!(after.cannot_mate(Color::Black));
    assert!(!after.cannot_mate(Color::White));
    // Black's king one step from the goal, but every goal square is guarded.
    let guarded = pos("6K1/1k1N4/8/8/8/8/8/R1R5 b - - 1 1");
    assert_eq!(
        guarded.outcome(),
        Some(Outcome::win(Color::White, EndReason::VariantWin))
    );
    assert_eq!(guarded.count_legal_actions(), 0);
}

#[test]
fn white_on_rank_8_with_white_to_move_has_won() {
    let game = pos("6K1/8/8/8/8/8/k7/8 w - - 0 1");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::White, EndReason::VariantWin))
    );
    assert_eq!(game.count_legal_actions(), 0);
}

#[test]
fn black_gets_one_more_move_when_it_can_follow() {
    let game = pos("8/1k4K1/8/8/8/8/8/8 w - - 0 1");
    let pending = after_tokens(&game, "g7g8");
    assert_eq!(pending.outcome(), None);
    // Black may play any legal move, not only the ones to the goal rank.
    assert_eq!(
        legal(&pending),
        vec!["b7a6", "b7a7", "b7a8", "b7b6", "b7b8", "b7c6", "b7c7", "b7c8"]
    );
    // The best Black can get now is a draw.
    assert!(pending.cannot_mate(Color::Black));
    assert!(!pending.cannot_mate(Color::White));
    // Following to rank 8 draws.
    let draw = after_tokens(&pending, "b7b8");
    assert_eq!(draw.outcome(), Some(Outcome::draw(EndReason::VariantDraw)));
    assert_eq!(draw.count_legal_actions(), 0);
    assert!(draw.cannot_mate(Color::White) && draw.cannot_mate(Color::Black));
    // Any other move loses at once.
    let lost = after_tokens(&pending, "b7b6");
    assert_eq!(
        lost.outcome(),
        Some(Outcome::win(Color::White, EndReason::VariantWin))
    );
    assert_eq!(lost.count_legal_actions(), 0);
    // Perft: 8 Black replies, then nothing.
    assert_eq!(alfiere::perft::perft(&pending, 1), 8);
    assert_eq!(alfiere::perft::perft(&pending, 2), 0);
}

#[test]
fn a_goal_square_black_may_not_enter_does_not_count() {
    // White's king on g8, Black's on b7: a8 and c8 are guarded by the rooks, b8 by the
    // knight on d7; every square is free of pieces, but none can be entered.
    let game = pos("6K1/1k1N4/8/8/8/8/8/R1R5 b - - 1 1");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::White, EndReason::VariantWin))
    );
    // With the knight gone, b8 is free: the game goes on.
    let open = pos("6K1/1k6/8/8/8/8/8/R1R5 b - - 1 1");
    assert_eq!(open.outcome(), None);
    assert!(legal(&open).contains(&"b7b8".to_string()));
}

#[test]
fn black_can_follow_exactly_when_an_unattacked_goal_square_exists() {
    // RULES.md asks for a legal move where python-chess asks for an unattacked goal
    // square. In a valid position (no checks) the two agree: Black's king on rank 7 lies
    // on a line through White's king on rank 8 only when the kings touch, so the king's
    // step can neither uncover a check nor be x-rayed through. This checks it on every
    // such position met in random playouts.
    let mut rng = common::Rng::new(0x9ace);
    let mut met = 0;
    for _ in 0..1500 {
        let mut game = RacingKings::start();
        let mut list = ActionList::new();
        for _ in 0..200 {
            let board = game.board();
            let white_king = board.by_piece(alfiere::Piece::new(Color::White, Role::King));
            if game.turn() == Color::Black && (white_king & Bitboard::from_rank(Rank::EIGHTH)).any()
            {
                let black_king = board.king_of(Color::Black).unwrap();
                let python = (alfiere::attacks::king_attacks(black_king)
                    & Bitboard::from_rank(Rank::EIGHTH))
                .into_iter()
                .filter(|&sq| board.color_at(sq) != Some(Color::Black))
                .any(|sq| {
                    board
                        .attackers_to(sq, Color::White, board.occupied())
                        .is_empty()
                });
                assert_eq!(python, game.outcome().is_none(), "{}", write_fen(&game));
                met += 1;
            }
            game.legal_actions(&mut list);
            if list.is_empty() {
                break;
            }
            let action = list[rng.below(list.len())];
            game.play_unchecked(&action);
        }
    }
    assert!(met > 100, "{met}");
}

#[test]
fn the_goal_decides_on_the_150th_ply_but_a_pending_reply_does_not() {
    let plain = after_tokens(&pos("8/k7/8/8/8/8/8/7K w - - 149 100"), "h1g1");
    assert_eq!(
        plain.outcome(),
        Some(Outcome::draw(EndReason::SeventyFiveMoves))
    );
    let win = after_tokens(&pos("8/6K1/8/8/8/8/k7/8 w - - 149 100"), "g7g8");
    assert_eq!(
        win.outcome(),
        Some(Outcome::win(Color::White, EndReason::VariantWin))
    );
    let pending = after_tokens(&pos("8/1k4K1/8/8/8/8/8/8 w - - 149 100"), "g7g8");
    assert_eq!(
        pending.outcome(),
        Some(Outcome::draw(EndReason::SeventyFiveMoves))
    );
}

// ---------------------------------------------------------------------------
// Stalemate and the end of the game
// ---------------------------------------------------------------------------

#[test]
fn stalemate_is_a_draw() {
    let game = pos("8/8/8/8/8/8/2Q5/k6K b - - 0 1");
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    // A knight whose every move would check the white king cannot move either.
    let game = pos("7n/8/8/4K3/8/8/2Q5/k7 b - - 0 1");
    assert!(legal(&game).is_empty());
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    let orthodox: alfiere::Chess = read_fen("7n/8/8/4K3/8/8/2Q5/k7 b - - 0 1").unwrap();
    assert_eq!(orthodox.count_legal_actions(), 2);
}

#[test]
fn nothing_can_be_played_after_the_end() {
    let mut record = Record::new(pos("8/6K1/8/8/8/8/k7/8 w - - 0 1"));
    let win = parse_action(record.current(), "g7g8").unwrap();
    record.play(&win).unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::win(Color::White, EndReason::VariantWin))
    );
    let before = record.clone();
    let step = action(record.current(), "a2a3");
    assert!(matches!(record.play(&step), Err(RecordError::GameOver(_))));
    assert_eq!(record, before);
    let mut game = record.current().clone();
    assert!(game.play(&step).is_err());
    assert!(parse_action(&game, "a2a3").is_err());
    // Taking the move back reopens the game.
    record.undo();
    assert_eq!(record.outcome(), None);
}

#[test]
fn time_forfeit_uses_the_goal_rank() {
    // Nothing is decided: the flagged side loses.
    let mut record = Record::new(RacingKings::start());
    assert_eq!(
        record.flag(Color::White),
        Outcome::win(Color::Black, EndReason::TimeForfeit)
    );
    // Black's extra move is pending: Black can at best draw, so a White flag is a draw.
    let game = after_tokens(&pos("8/1k4K1/8/8/8/8/8/8 w - - 0 1"), "g7g8");
    let mut record = Record::new(game);
    assert_eq!(
        record.flag(Color::White),
        Outcome::draw(EndReason::TimeForfeit)
    );
}

// ---------------------------------------------------------------------------
// Setup rules
// ---------------------------------------------------------------------------

#[test]
fn pawns_castling_and_en_passant_are_rejected() {
    let with_pawn = problems("8/8/8/8/8/4P3/krbnNBRK/qrbnNBRQ w - - 0 1");
    assert_eq!(with_pawn.len(), 1);
    assert!(matches!(&with_pawn[0], PositionProblem::Variant(t) if t.contains("e3")));
    assert!(problems("8/8/8/8/8/8/k6K/7R w K - 0 1")
        .contains(&PositionProblem::UnsupportedState("castling")));
    assert!(problems("8/8/8/8/8/8/k6K/8 b - e3 0 1")
        .contains(&PositionProblem::UnsupportedState("en passant")));
    // Every problem is listed: a pawn, a castling right, a check.
    let many = problems("8/8/8/8/4p3/8/k6R/R6K b Q - 0 1");
    assert!(many.len() >= 3, "{many:?}");
    assert!(problems("8/8/8/8/8/8/k7/8 w - - 0 1")
        .contains(&PositionProblem::MissingKing(Color::White)));
    // Hands and a seventh field are state Racing Kings does not have.
    assert!(problems("8/8/8/8/8/8/k6K/8[] w - - 0 1")
        .iter()
        .any(|p| matches!(p, PositionProblem::UnsupportedState(_))));
    assert!(problems("8/8/8/8/8/8/k6K/8 w - - 0 1 push")
        .iter()
        .any(|p| matches!(p, PositionProblem::UnsupportedState(_))));
}

#[test]
fn illegal_shapes_are_not_legal() {
    let game = RacingKings::start();
    for bogus in [
        Action::Castle {
            king: "h2".parse().unwrap(),
            rook: "g2".parse().unwrap(),
        },
        Action::Drop {
            role: Role::Knight,
            to: "e4".parse().unwrap(),
        },
        Action::Normal {
            role: Role::Queen,
            from: "h1".parse().unwrap(),
            to: "h8".parse().unwrap(),
            capture: None,
            promotion: Some(Role::Queen),
        },
    ] {
        assert!(!game.is_legal(&bogus), "{bogus:?}");
        let mut copy = game.clone();
        assert!(copy.play(&bogus).is_err());
        assert_eq!(copy, game);
    }
}

/// Perft speed of the start position against orthodox chess (median of 3 runs);
/// run with `cargo test --release --test racingkings -- --ignored --nocapture`.
#[test]
#[ignore]
fn perft_speed_against_chess() {
    fn median_nps<G: Position>(game: &G, depth: u32) -> (u64, f64) {
        let mut runs: Vec<(u64, f64)> = (0..3)
            .map(|_| {
                let t = std::time::Instant::now();
                let nodes = alfiere::perft::perft(game, depth);
                (nodes, t.elapsed().as_secs_f64())
            })
            .collect();
        runs.sort_by(|a, b| a.1.total_cmp(&b.1));
        let (nodes, secs) = runs[1];
        println!(
            "{:?} d{depth}: {nodes} nodes, {secs:.3} s, {:.1} Mnps",
            G::VARIANT,
            nodes as f64 / secs / 1e6
        );
        (nodes, nodes as f64 / secs)
    }
    let depth = |var: &str, default: u32| {
        std::env::var(var)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (_, rk) = median_nps(&RacingKings::start(), depth("RK_DEPTH", 5));
    let (_, chess) = median_nps(&alfiere::Chess::start(), depth("CHESS_DEPTH", 5));
    println!("racing kings / chess speed: {:.2}", rk / chess);
}

#[test]
fn huge_clocks_do_not_overflow() {
    let mut game = pos("8/k7/8/8/8/8/8/7K w - - 4294967295 4294967295");
    let step = parse_action(&game, "h1g1").unwrap();
    game.play(&step).unwrap();
    assert_eq!(game.halfmove_clock(), u32::MAX);
    let reply = parse_action(&game, "a7a6").unwrap();
    game.play(&reply).unwrap();
    assert_eq!(game.fullmove_number(), u32::MAX);
}
