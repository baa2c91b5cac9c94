//! Progressive chess (RULES.md §6), Scottish and Italian: the perft data, the start
//! perft of RULES.md, the invariants of every rule set along random games, and one
//! test per special rule (series lengths, checks ending or forbidden in mid-series,
//! progressive checkmate, mid-series stalemate, the ten-series draw, en passant only
//! by the first action, the FEN dialect).

mod common;

use common::{
    after_tokens as played, ep_tokens as ep_actions, legal_tokens as tokens, move_state as state,
    play_tokens as play, position_problems, read as pos, sq,
};

use alfiere::notation::fen::{read_fen, write_fen};
use alfiere::notation::uci::parse_action;
use alfiere::variants::progressive::{ProgressiveItalian, ProgressiveScottish};
use alfiere::{
    Action, ActionList, Color, EndReason, Outcome, Position, PositionProblem, Record, Square,
};

// ---------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------

#[test]
fn scottish_perft_data() {
    let checked =
        common::check_perft_file::<ProgressiveScottish>("progressive-scottish.perft", 2_000_000);
    assert_eq!(checked, 40 * 3);
}

#[test]
fn italian_perft_data() {
    let checked =
        common::check_perft_file::<ProgressiveItalian>("progressive-italian.perft", 2_000_000);
    assert_eq!(checked, 40 * 3);
}

#[test]
fn start_perft_of_the_rules() {
    let scottish = ProgressiveScottish::start();
    let italian = ProgressiveItalian::start();
    for (depth, s, i) in [
        (1, 20, 20),
        (2, 400, 400),
        (3, 8902, 8902),
        (4, 197281, 196812),
    ] {
        assert_eq!(
            alfiere::perft::perft(&scottish, depth),
            s,
            "Scottish d{depth}"
        );
        assert_eq!(
            alfiere::perft::perft(&italian, depth),
            i,
            "Italian d{depth}"
        );
    }
}

/// Depth 5 of the start (run with `cargo test --release --test progressive -- --ignored`).
#[test]
#[ignore]
fn start_perft_deep() {
    assert_eq!(
        alfiere::perft::perft(&ProgressiveScottish::start(), 5),
        4_868_376
    );
    assert_eq!(
        alfiere::perft::perft(&ProgressiveItalian::start(), 5),
        4_838_776
    );
    assert_eq!(
        alfiere::perft::perft_full(&ProgressiveScottish::start(), 5),
        4_868_376
    );
    assert_eq!(
        alfiere::perft::perft_full(&ProgressiveItalian::start(), 5),
        4_838_776
    );
}

// ---------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------

#[test]
fn perft_data_positions_keep_every_invariant() {
    assert_eq!(
        common::check_data_file_invariants::<ProgressiveScottish>("progressive-scottish.perft"),
        40
    );
    assert_eq!(
        common::check_data_file_invariants::<ProgressiveItalian>("progressive-italian.perft"),
        40
    );
}

#[test]
fn random_scottish_games_keep_every_invariant() {
    let start = ProgressiveScottish::start();
    let positions = common::random_games(&start, 0x5c07_715f, 24, 260, 13);
    assert!(positions > 2_000, "{positions} positions");
}

#[test]
fn random_italian_games_keep_every_invariant() {
    let start = ProgressiveItalian::start();
    let positions = common::random_games(&start, 0x17a1_1a4f, 24, 260, 13);
    assert!(positions > 2_000, "{positions} positions");
}

/// Many short games from facing pawns, where double steps and e.p. captures abound.
#[test]
fn random_en_passant_games_keep_every_invariant() {
    let fen = "rnbqkbnr/pppppppp/8/1P1P1P1P/P1P1P1P1/8/8/RNBQKBNR b KQkq - 0 2";
    let scottish: ProgressiveScottish = pos(fen);
    let positions = common::random_games(&scottish, 0xe9_5c07, 150, 16, 3);
    assert!(positions > 2_000, "{positions} positions");
    let italian: ProgressiveItalian = pos(fen);
    let positions = common::random_games(&italian, 0xe9_17a1, 150, 16, 3);
    assert!(positions > 2_000, "{positions} positions");
}

#[test]
fn special_positions_keep_every_invariant() {
    for fen in [
        "R6k/4K1pp/7n/8/8/8/8/8 b - - 0 1",
        "1r1k4/8/4P3/8/8/2n5/8/K7 w - - 0 2 3:1",
        "4k3/8/8/3pPp2/8/8/8/4K3 w - d6,f6 0 3",
        "4k3/8/8/3pPp2/8/8/8/4K3 w - - 0 3",
        "4k3/3n4/8/3pPp2/8/8/8/4K3 b - d6,f6 0 2 4:2",
        "4k3/8/8/8/8/8/R6r/4K3 w - - 40 10 19:18:9",
        "4k3/8/8/8/8/R7/7r/4K3 b - - 41 10 20:0:10",
        "4k3/8/3n4/3pP3/8/8/8/4K3 b - d6 1 2 4:2",
    ] {
        common::check_every_invariant(&pos::<ProgressiveScottish>(fen), true);
        common::check_every_invariant(&pos::<ProgressiveItalian>(fen), true);
    }
}

// ---------------------------------------------------------------------------
// Series
// ---------------------------------------------------------------------------

#[test]
fn series_lengths_grow_one_by_one() {
    let mut game = ProgressiveScottish::start();
    assert_eq!(game.turn_state(), state(Color::White, 1, 0));
    play(&mut game, "e2e4");
    assert_eq!(game.turn_state(), state(Color::Black, 2, 0));
    play(&mut game, "e7e5");
    assert_eq!(game.turn_state(), state(Color::Black, 2, 1));
    assert_eq!(game.turn(), Color::Black);
    play(&mut game, "b8c6 g1f3 f1c4");
    assert_eq!(game.turn_state(), state(Color::White, 3, 2));
    play(&mut game, "b1c3");
    assert_eq!(game.turn_state(), state(Color::Black, 4, 0));
    assert_eq!(game.fullmove_number(), 2);
    play(&mut game, "g8f6 f8c5 d7d6 a7a6");
    assert_eq!(game.turn_state(), state(Color::White, 5, 0));
    assert_eq!(game.fullmove_number(), 3);
}

#[test]
fn scottish_check_ends_the_series_at_once() {
    // White's series of three: a check by the first action ends it.
    let game: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
    assert_eq!(game.turn_state(), state(Color::White, 3, 0));
    let after = played(&game, "a1a8");
    assert!(after.is_check());
    // The opponent's series still has its normal length.
    assert_eq!(after.turn_state(), state(Color::Black, 4, 0));
    // A quiet first action leaves the series running.
    let quiet = played(&game, "a1a7");
    assert_eq!(quiet.turn_state(), state(Color::White, 3, 1));
    // A check by the second action ends it too.
    let second = played(&game, "a1a2 a2a8");
    assert_eq!(second.turn_state(), state(Color::Black, 4, 0));
    assert_eq!(second.fullmove_number(), 2);
}

#[test]
fn italian_check_only_by_the_last_action() {
    // White's series of three: Ra8+ is illegal as its first action.
    let game: ProgressiveItalian = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
    let list = tokens(&game);
    assert!(!list.contains(&"a1a8".to_string()));
    assert!(list.contains(&"a1a7".to_string()));
    let a8 = alfiere::Action::Normal {
        role: alfiere::Role::Rook,
        from: sq("a1"),
        to: sq("a8"),
        capture: None,
        promotion: None,
    };
    assert!(!game.is_legal(&a8));
    // Discovered checks are illegal too: the king may not leave the rook's line.
    let discovered: ProgressiveItalian = pos("4k3/8/8/8/4K3/8/8/4R3 w - - 0 2");
    let list = tokens(&discovered);
    for token in ["e4d4", "e4f4", "e4d3", "e4f5", "e4d5", "e4f3"] {
        assert!(!list.contains(&token.to_string()), "{token}");
    }
    assert!(list.contains(&"e4e3".to_string()));
    // The last action of the series may check.
    let last = played(&game, "a1a2 a2a3");
    assert_eq!(last.turn_state(), state(Color::White, 3, 2));
    assert!(tokens(&last).contains(&"a3a8".to_string()));
    let checked = played(&last, "a3a8");
    assert!(checked.is_check());
    assert_eq!(checked.turn_state(), state(Color::Black, 4, 0));
    // Scottish allows the same checks at once.
    let scottish: ProgressiveScottish = pos("4k3/8/8/8/4K3/8/8/4R3 w - - 0 2");
    assert!(tokens(&scottish).contains(&"e4d4".to_string()));
}

#[test]
fn italian_promotions_castling_and_en_passant_that_check_are_filtered() {
    // Promotions: a queen or rook on a8 checks along the eighth rank, a knight on a8
    // does not; a bishop on a8 does not either.
    let game: ProgressiveItalian = pos("7k/P7/8/8/8/8/8/4K3 w - - 0 2");
    let list = tokens(&game);
    assert!(!list.contains(&"a7a8q".to_string()));
    assert!(!list.contains(&"a7a8r".to_string()));
    assert!(list.contains(&"a7a8b".to_string()));
    assert!(list.contains(&"a7a8n".to_string()));
    // A promotion looking back through the square the pawn left.
    let back: ProgressiveItalian = pos("3r4/4P3/8/8/8/k7/8/4K3 w - - 0 2");
    let list = tokens(&back);
    // exd8=Q/B check the king on a3? d8-a5.. no; the queen on d8 sees a5, not a3.
    assert!(list.contains(&"e7d8q".to_string()));
    let diag: ProgressiveItalian = pos("3r4/4P3/8/8/7k/8/8/4K3 w - - 0 2");
    let list = tokens(&diag);
    // On d8 a queen or bishop sees h4 through e7, the square the pawn left.
    assert!(!list.contains(&"e7d8q".to_string()));
    assert!(!list.contains(&"e7d8b".to_string()));
    assert!(list.contains(&"e7d8r".to_string()));
    assert!(list.contains(&"e7d8n".to_string()));
    // Castling with the rook landing on the enemy king's file.
    let castle: ProgressiveItalian = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 2");
    assert!(!tokens(&castle).contains(&"e1g1".to_string()));
    let castle_ok: ProgressiveItalian = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 2");
    assert!(tokens(&castle_ok).contains(&"e1g1".to_string()));
    // An e.p. capture uncovering the queen behind the captured pawn.
    let ep: ProgressiveItalian = pos("6k1/8/8/3pP3/2Q5/8/8/4K3 w - d6 0 3");
    assert_eq!(ep.legal_ep_squares(), Vec::<Square>::new());
    let ep_scottish: ProgressiveScottish = pos("6k1/8/8/3pP3/2Q5/8/8/4K3 w - d6 0 3");
    assert_eq!(ep_scottish.legal_ep_squares(), vec![sq("d6")]);
    assert_eq!(ep_actions(&ep_scottish), vec!["e5d6"]);
}

#[test]
fn progressive_checkmate_in_italian() {
    // Black's only escape from Ra8+ is Ng8, which checks White's king on e7: illegal
    // as the first of two actions in Italian, so Black is mated; in Scottish it is an
    // escape that ends the series.
    let fen = "R6k/4K1pp/7n/8/8/8/8/8 b - - 0 1";
    let italian: ProgressiveItalian = pos(fen);
    assert!(italian.is_check());
    assert!(tokens(&italian).is_empty());
    assert_eq!(
        italian.outcome(),
        Some(Outcome::win(Color::White, EndReason::Checkmate))
    );
    let scottish: ProgressiveScottish = pos(fen);
    assert_eq!(tokens(&scottish), vec!["h6g8"]);
    assert_eq!(scottish.outcome(), None);
    let after = played(&scottish, "h6g8");
    assert_eq!(after.turn_state(), state(Color::White, 3, 0));
    assert!(after.is_check());
}

#[test]
fn italian_mid_series_stalemate() {
    // White in mid-series: the pawn's only move checks, the king has no square.
    let fen = "1r1k4/8/4P3/8/8/2n5/8/K7 w - - 0 2 3:1";
    let italian: ProgressiveItalian = pos(fen);
    assert!(!italian.is_check());
    assert!(tokens(&italian).is_empty());
    assert_eq!(italian.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    let scottish: ProgressiveScottish = pos(fen);
    assert_eq!(tokens(&scottish), vec!["e6e7"]);
    // The same in the last action of the series: the check is allowed.
    let last: ProgressiveItalian = pos("1r1k4/8/4P3/8/8/2n5/8/K7 w - - 0 2 3:2");
    assert_eq!(tokens(&last), vec!["e6e7"]);
}

#[test]
fn stalemate_in_mid_series() {
    // White's first action uses up its last move; no second action exists.
    let game: ProgressiveScottish = pos("1r2k3/8/8/8/4p3/2n5/4P3/K7 w - - 0 2");
    assert_eq!(tokens(&game), vec!["e2e3"]);
    let after = played(&game, "e2e3");
    assert_eq!(after.turn_state(), state(Color::White, 3, 1));
    assert!(tokens(&after).is_empty());
    assert_eq!(after.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    let mut record = Record::new(game);
    record
        .play(&parse_action(record.current(), "e2e3").unwrap())
        .unwrap();
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
}

// ---------------------------------------------------------------------------
// Ten-series draw
// ---------------------------------------------------------------------------

#[test]
fn ten_quiet_series_draw() {
    // Nine quiet series done, White's nineteenth action is the last of the tenth.
    let game: ProgressiveScottish = pos("4k3/8/8/8/8/8/R6r/4K3 w - - 40 10 19:18:9");
    assert_eq!(game.quiet_series(), 9);
    assert_eq!(game.outcome(), None);
    let drawn = played(&game, "a2a3");
    assert_eq!(drawn.quiet_series(), 10);
    assert_eq!(drawn.outcome(), Some(Outcome::draw(EndReason::TenSeries)));
    assert!(tokens(&drawn).is_empty());
    assert_eq!(
        write_fen(&drawn),
        "4k3/8/8/8/8/R7/7r/4K3 b - - 41 10 20:0:10"
    );
    // A capture in the last action resets the count.
    let capture = played(&game, "a2h2");
    assert_eq!(capture.quiet_series(), 0);
    assert_eq!(capture.outcome(), None);
    // A capture earlier in the series makes the series dirty as well.
    let early: ProgressiveScottish = pos("4k3/8/8/8/8/8/R6r/4K3 w - - 0 10 19:18:9");
    assert_eq!(played(&early, "a2a3").quiet_series(), 0);
}

#[test]
fn ten_quiet_series_by_play() {
    // Kings and rooks shuffle without capture or pawn move from the first series on.
    let mut game: ProgressiveScottish = pos("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let mut series = 0;
    while game.outcome().is_none() {
        let before = game.turn();
        let mut list = ActionList::new();
        game.legal_actions(&mut list);
        let quiet = list
            .iter()
            .copied()
            .find(|a| {
                !a.is_capture() && {
                    let mut child = game.clone();
                    child.play_unchecked(a);
                    child.outcome().is_none() || child.quiet_series() >= 10
                }
            })
            .expect("a quiet action");
        game.play(&quiet).unwrap();
        if game.turn() != before {
            series += 1;
            assert_eq!(game.quiet_series(), series);
        }
    }
    assert_eq!(series, 10);
    assert_eq!(game.outcome(), Some(Outcome::draw(EndReason::TenSeries)));
    // No repetition rule and no move-count rules.
    const {
        assert!(!ProgressiveScottish::REPETITION_RULE && !ProgressiveScottish::MOVE_COUNT_RULES);
        assert!(!ProgressiveItalian::REPETITION_RULE && !ProgressiveItalian::MOVE_COUNT_RULES);
    };
}

#[test]
fn no_move_count_rule_in_progressive() {
    let game: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 200 10");
    assert_eq!(game.outcome(), None);
    let mut record = Record::new(game);
    assert_eq!(record.claimable_draw(), None);
    let action = parse_action(record.current(), "a1a2").unwrap();
    record.play(&action).unwrap();
    assert_eq!(record.claimable_draw(), None);
}

// ---------------------------------------------------------------------------
// En passant
// ---------------------------------------------------------------------------

#[test]
fn en_passant_only_by_the_first_action_and_only_once() {
    // Black's series of four: two double steps beside White's pawns, then two quiet
    // king moves.
    let game: ProgressiveScottish = pos("4k3/3p1p2/8/4P1P1/8/8/8/4K3 b - - 0 2");
    let after = played(&game, "d7d5");
    // In mid-series the FEN writes Black's own pending double step.
    assert_eq!(
        write_fen(&after),
        "4k3/5p2/8/3pP1P1/8/8/8/4K3 b - d6 0 2 4:1"
    );
    assert!(after.legal_ep_squares().is_empty());
    let white = played(&after, "f7f5 e8d8 d8e8");
    assert_eq!(white.turn_state(), state(Color::White, 5, 0));
    assert_eq!(white.legal_ep_squares(), vec![sq("d6"), sq("f6")]);
    assert_eq!(ep_actions(&white), vec!["e5d6", "e5f6", "g5f6"]);
    assert_eq!(write_fen(&white), "4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 2 3");
    // After the first action, no e.p. capture is possible, not even the other one.
    let taken = played(&white, "e5d6");
    assert!(ep_actions(&taken).is_empty());
    let gxf6 = Action::EnPassant {
        from: sq("g5"),
        to: sq("f6"),
    };
    assert!(!taken.is_legal(&gxf6));
    assert!(white.is_legal(&gxf6));
    let quiet = played(&white, "e1e2");
    assert!(ep_actions(&quiet).is_empty());
    assert!(!quiet.is_legal(&gxf6));
    // A double step from an earlier series no longer counts.
    let later = played(
        &white,
        "e1e2 e2e1 e1e2 e2e1 e1e2 e8d8 d8e8 e8d8 d8e8 e8d8 d8e8",
    );
    assert_eq!(later.turn_state(), state(Color::White, 7, 0));
    assert!(ep_actions(&later).is_empty());
}

#[test]
fn en_passant_needs_the_pawn_unmoved_and_the_passed_square_empty() {
    let game: ProgressiveScottish = pos("4k3/1n1p4/8/4P3/8/8/8/4K3 b - - 0 2");
    // The pawn moves on: no candidate.
    let moved = played(&game, "d7d5 d5d4 b7a5 a5b7");
    assert!(ep_actions(&moved).is_empty());
    // The knight stands on the passed square: no capture.
    let blocked = played(&game, "d7d5 b7d6 e8f8 f8e8");
    assert!(ep_actions(&blocked).is_empty());
    assert_eq!(write_fen(&blocked), "4k3/8/3n4/3pP3/8/8/8/4K3 w - - 3 3");
    // The knight leaves the passed square again within the series: the capture is back.
    let cleared = played(&game, "d7d5 b7d6 d6b7 e8f8");
    assert_eq!(ep_actions(&cleared), vec!["e5d6"]);
    // While the knight stands on d6 in mid-series, the double step is still pending.
    let pending = played(&game, "d7d5 b7d6");
    assert_eq!(
        write_fen(&pending),
        "4k3/8/3n4/3pP3/8/8/8/4K3 b - d6 1 2 4:2"
    );
    common::check_every_invariant(&pending, true);
}

#[test]
fn en_passant_that_would_expose_the_king_is_not_kept() {
    // The e5 pawn is pinned along the fifth rank by the rook: the capture is illegal,
    // so the square is not kept and equal positions have equal keys.
    let game: ProgressiveScottish = pos("4k3/3p4/8/r3P2K/8/8/8/8 b - - 0 2");
    let after = played(&game, "d7d5 e8d8 d8e8 e8d8");
    assert!(ep_actions(&after).is_empty());
    assert!(after.legal_ep_squares().is_empty());
    let direct: ProgressiveScottish = pos("3k4/8/8/r2pP2K/8/8/8/8 w - d6 3 3");
    assert_eq!(write_fen(&after), write_fen(&direct));
    assert_eq!(after.zobrist(), direct.zobrist());
    assert_eq!(after, direct);
}

// ---------------------------------------------------------------------------
// FEN and keys
// ---------------------------------------------------------------------------

#[test]
fn fen_round_trips_and_six_field_defaults() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR b KQkq e6 0 1 2:1",
        "4k3/8/8/8/8/8/R6r/4K3 w - - 40 10 19:18:9",
        "4k3/8/8/8/8/R7/7r/4K3 b - - 41 10 20:0:10",
        "4k3/8/8/3pPp2/8/8/8/4K3 w - d6,f6 0 3",
    ] {
        let scottish: ProgressiveScottish = pos(fen);
        assert_eq!(write_fen(&scottish), fen);
        let italian: ProgressiveItalian = pos(fen);
        assert_eq!(write_fen(&italian), fen);
    }
    // Six fields: the series length follows from side and full-move number.
    let white: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 7");
    assert_eq!(white.turn_state(), state(Color::White, 13, 0));
    let black: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 b - - 0 7");
    assert_eq!(black.turn_state(), state(Color::Black, 14, 0));
    // An explicit default seventh field is read and not written.
    let explicit: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 7 13:0");
    assert_eq!(explicit, white);
    assert_eq!(write_fen(&explicit), "4k3/8/8/8/8/8/8/R3K3 w - - 0 7");
    // The quiet count is written as the third part.
    let quiet: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 30 7 13:0:3");
    assert_eq!(quiet.quiet_series(), 3);
    assert_eq!(write_fen(&quiet), "4k3/8/8/8/8/8/8/R3K3 w - - 30 7 13:0:3");
    // Setup round trip of a mid-series position.
    let mid = played(&ProgressiveScottish::start(), "e2e4 e7e5");
    assert_eq!(
        ProgressiveScottish::from_setup(&mid.to_setup()).unwrap(),
        mid
    );
}

#[test]
fn invalid_seventh_fields_and_en_passant_squares() {
    // The length must fit side and full-move number.
    let problems = position_problems::<ProgressiveScottish>("4k3/8/8/8/8/8/8/R3K3 w - - 0 2 5:0");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(matches!(problems[0], PositionProblem::Variant(_)));
    assert!(read_fen::<ProgressiveItalian>("4k3/8/8/8/8/8/8/R3K3 b - - 0 2 3:1").is_err());
    // Played must stay below the length (the parser already refuses it).
    assert!(read_fen::<ProgressiveScottish>("4k3/8/8/8/8/8/8/R3K3 w - - 0 2 3:3").is_err());
    // Avalanche states are not Progressive ones.
    for extra in ["push", "-", "promote:e1"] {
        let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - 0 2 {extra}");
        let problems = position_problems::<ProgressiveScottish>(&fen);
        assert!(
            matches!(problems[..], [PositionProblem::UnsupportedState(_)]),
            "{extra}: {problems:?}"
        );
    }
    // Quiet series the clock cannot account for.
    assert!(read_fen::<ProgressiveScottish>("4k3/8/8/8/8/8/8/R3K3 w - - 1 7 13:0:3").is_err());
    // In check in mid-series.
    assert!(read_fen::<ProgressiveScottish>("4k3/8/8/8/8/8/8/r3K3 w - - 0 2 3:1").is_err());
    // An e.p. target after the first action of a series.
    assert_eq!(
        position_problems::<ProgressiveScottish>("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3 5:1"),
        vec![PositionProblem::BadEnPassant(sq("d6"))]
    );
    // A pending double step at a series start.
    assert_eq!(
        position_problems::<ProgressiveScottish>("4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 3"),
        vec![PositionProblem::BadEnPassant(sq("d6"))]
    );
    // A square with no pawn behind it, and one on a wrong rank.
    assert_eq!(
        position_problems::<ProgressiveScottish>("4k3/8/8/4P3/8/8/8/4K3 w - d6,e4 0 3"),
        vec![
            PositionProblem::BadEnPassant(sq("d6")),
            PositionProblem::BadEnPassant(sq("e4"))
        ]
    );
    // A target with no legal capture is read and dropped, as in orthodox chess.
    let dropped: ProgressiveScottish = pos("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 3");
    assert_eq!(write_fen(&dropped), "4k3/8/8/3p4/8/8/8/4K3 w - - 0 3");
}

#[test]
fn keys_include_the_series_state() {
    let a: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 10 2 3:1");
    let b: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 10 2 3:2");
    let c: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 10 2 3:2:1");
    let d: ProgressiveScottish = pos("4k3/8/8/8/8/8/8/R3K3 w - - 10 3");
    let keys = [a.zobrist(), b.zobrist(), c.zobrist(), d.zobrist()];
    for i in 0..keys.len() {
        for j in i + 1..keys.len() {
            assert_ne!(keys[i], keys[j], "{i} {j}");
        }
    }
    // The two rule sets never share keys.
    let italian: ProgressiveItalian = pos("4k3/8/8/8/8/8/8/R3K3 w - - 10 2 3:1");
    assert_ne!(italian.zobrist(), a.zobrist());
    // The same placement reached in two ways has one key.
    let one = played(
        &ProgressiveScottish::start(),
        "g1f3 b8c6 g8f6 f3g1 b1c3 g1f3",
    );
    let two = played(
        &ProgressiveScottish::start(),
        "b1c3 g8f6 b8c6 c3b1 g1f3 b1c3",
    );
    assert_eq!(one, two);
    assert_eq!(one.zobrist(), two.zobrist());
}

#[test]
fn dead_positions_and_cannot_mate() {
    // Bare kings, and a lone knight: dead in both rule sets.
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 5",
        "4k3/8/8/8/8/8/8/3NK3 w - - 0 5",
    ] {
        let scottish: ProgressiveScottish = pos(fen);
        assert_eq!(
            scottish.outcome(),
            Some(Outcome::draw(EndReason::InsufficientMaterial))
        );
        let italian: ProgressiveItalian = pos(fen);
        assert_eq!(
            italian.outcome(),
            Some(Outcome::draw(EndReason::InsufficientMaterial))
        );
    }
    // Bishops of one colour on both sides: dead in Scottish, not in Italian, where a
    // king's step uncovering its own bishop is illegal in mid-series.
    let fen = "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 5";
    let scottish: ProgressiveScottish = pos(fen);
    assert_eq!(
        scottish.outcome(),
        Some(Outcome::draw(EndReason::InsufficientMaterial))
    );
    assert!(scottish.cannot_mate(Color::White));
    let italian: ProgressiveItalian = pos(fen);
    assert_eq!(italian.outcome(), None);
    assert!(!italian.cannot_mate(Color::White));
    // Bishops of one colour on one side only: dead in both.
    let one_side: ProgressiveItalian = pos("4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 5");
    assert_eq!(
        one_side.outcome(),
        Some(Outcome::draw(EndReason::InsufficientMaterial))
    );
    let start = ProgressiveItalian::start();
    assert!(!start.cannot_mate(Color::White) && !start.cannot_mate(Color::Black));
}

#[test]
fn variant_identity_and_start() {
    assert_eq!(
        ProgressiveScottish::VARIANT,
        alfiere::Variant::ProgressiveScottish
    );
    assert_eq!(
        ProgressiveItalian::VARIANT,
        alfiere::Variant::ProgressiveItalian
    );
    assert_eq!(ProgressiveScottish::default(), ProgressiveScottish::start());
    assert_eq!(
        write_fen(&ProgressiveItalian::start()),
        alfiere::notation::fen::STARTING_FEN
    );
    assert_eq!(ProgressiveScottish::start().outcome(), None);
}
