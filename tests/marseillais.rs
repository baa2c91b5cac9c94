//! Marseillais chess (RULES.md §7), classic and balanced: the perft data, the start
//! perft of RULES.md, the invariants of every rule set along random games, and one
//! test per special rule (two actions a turn, one for White's first turn in balanced,
//! a check by the first action ending the turn, en passant by the first action and by
//! the second after a first e.p. capture, mate and stalemate at and within a turn,
//! repetition at turn starts, the 75-move rule in actions, the FEN dialect).

mod common;

use common::{
    after_tokens as played, ep_tokens as ep_actions, legal_tokens as tokens, move_state as state,
    play_tokens as play, position_problems, read as pos, sq,
};

use alfiere::notation::fen::{read_fen, write_fen};
use alfiere::notation::uci::parse_action;
use alfiere::variants::marseillais::{Marseillais, MarseillaisBalanced};
use alfiere::{Action, Color, EndReason, Outcome, Position, PositionProblem, Record, Role};

// ---------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------

#[test]
fn classic_perft_data() {
    let checked = common::check_perft_file::<Marseillais>("marseillais.perft", 2_000_000);
    assert_eq!(checked, 40 * 3);
}

#[test]
fn balanced_perft_data() {
    let checked =
        common::check_perft_file::<MarseillaisBalanced>("marseillais-balanced.perft", 2_000_000);
    assert_eq!(checked, 40 * 3);
}

#[test]
fn start_perft_of_the_rules() {
    let classic = Marseillais::start();
    let balanced = MarseillaisBalanced::start();
    for (depth, c, b) in [
        (1, 20, 20),
        (2, 445, 400),
        (3, 8864, 8902),
        (4, 196646, 197281),
    ] {
        assert_eq!(
            alfiere::perft::perft(&classic, depth),
            c,
            "classic d{depth}"
        );
        assert_eq!(
            alfiere::perft::perft(&balanced, depth),
            b,
            "balanced d{depth}"
        );
    }
}

/// Depth 5 of the start (run with `cargo test --release --test marseillais -- --ignored`).
#[test]
#[ignore]
fn start_perft_deep() {
    assert_eq!(alfiere::perft::perft(&Marseillais::start(), 5), 4_847_379);
    assert_eq!(
        alfiere::perft::perft(&MarseillaisBalanced::start(), 5),
        4_868_376
    );
    assert_eq!(
        alfiere::perft::perft_full(&Marseillais::start(), 5),
        4_847_379
    );
    assert_eq!(
        alfiere::perft::perft_full(&MarseillaisBalanced::start(), 5),
        4_868_376
    );
}

// ---------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------

#[test]
fn perft_data_positions_keep_every_invariant() {
    assert_eq!(
        common::check_data_file_invariants::<Marseillais>("marseillais.perft"),
        40
    );
    assert_eq!(
        common::check_data_file_invariants::<MarseillaisBalanced>("marseillais-balanced.perft"),
        40
    );
}

#[test]
fn random_classic_games_keep_every_invariant() {
    let positions = common::random_games(&Marseillais::start(), 0x3a25_e111, 24, 260, 13);
    assert!(positions > 2_000, "{positions} positions");
}

#[test]
fn random_balanced_games_keep_every_invariant() {
    let positions = common::random_games(&MarseillaisBalanced::start(), 0xba1a_4ced, 24, 260, 13);
    assert!(positions > 2_000, "{positions} positions");
}

/// Many short games from facing pawns, where double steps and e.p. captures abound.
#[test]
fn random_en_passant_games_keep_every_invariant() {
    let fen = "rnbqkbnr/pppppppp/8/1P1P1P1P/P1P1P1P1/8/8/RNBQKBNR b KQkq - 0 2";
    let classic: Marseillais = pos(fen);
    let positions = common::random_games(&classic, 0xe9_3a25, 200, 10, 3);
    assert!(positions > 1_500, "{positions} positions");
    let balanced: MarseillaisBalanced = pos(fen);
    let positions = common::random_games(&balanced, 0xe9_ba1a, 200, 10, 3);
    assert!(positions > 1_500, "{positions} positions");
}

#[test]
fn special_positions_keep_every_invariant() {
    for fen in [
        "K7/8/8/1PpPp3/8/8/8/4k2b w - c6,e6 0 5",
        "K7/8/8/2pPp3/8/8/8/4k2b w - c6 0 5",
        "K7/8/2P5/3Pp3/8/8/8/4k2b w - e6 0 5 2:1",
        "4k3/8/3P4/5pP1/8/8/8/4K3 w - f6 0 5 2:1",
        "4k3/5p2/8/3pP1P1/8/8/8/4K3 b - d6 0 5 2:1",
        "1r2k3/8/8/8/8/2n5/4P3/K7 w - - 0 3 2:1",
        "R6k/6pp/8/8/8/8/8/4K3 b - - 0 3",
        "4k3/8/8/8/8/8/8/R3K3 w - - 149 40 2:1",
    ] {
        common::check_every_invariant(&pos::<Marseillais>(fen), true);
        common::check_every_invariant(&pos::<MarseillaisBalanced>(fen), true);
    }
}

// ---------------------------------------------------------------------------
// Turns
// ---------------------------------------------------------------------------

#[test]
fn two_actions_a_turn_and_one_for_whites_first_in_balanced() {
    let mut classic = Marseillais::start();
    assert_eq!(classic.turn_state(), state(Color::White, 2, 0));
    play(&mut classic, "e2e4");
    assert_eq!(classic.turn_state(), state(Color::White, 2, 1));
    play(&mut classic, "d2d4");
    assert_eq!(classic.turn_state(), state(Color::Black, 2, 0));
    play(&mut classic, "e7e5 b8c6");
    assert_eq!(classic.turn_state(), state(Color::White, 2, 0));
    assert_eq!(classic.fullmove_number(), 2);

    let mut balanced = MarseillaisBalanced::start();
    assert_eq!(balanced.turn_state(), state(Color::White, 1, 0));
    play(&mut balanced, "e2e4");
    assert_eq!(balanced.turn_state(), state(Color::Black, 2, 0));
    play(&mut balanced, "e7e5 b8c6");
    assert_eq!(balanced.turn_state(), state(Color::White, 2, 0));
    // A six-field FEN is a turn start; White's at full move 1 has one action only in
    // the balanced rules.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(pos::<MarseillaisBalanced>(fen).turn_state().length, 1);
    assert_eq!(pos::<Marseillais>(fen).turn_state().length, 2);
    let black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(pos::<MarseillaisBalanced>(black).turn_state().length, 2);
}

#[test]
fn a_check_by_the_first_action_ends_the_turn() {
    let game: Marseillais = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 5");
    let checked = played(&game, "a1a8");
    assert!(checked.is_check());
    assert_eq!(checked.turn_state(), state(Color::Black, 2, 0));
    assert_eq!(checked.fullmove_number(), 5);
    // Black must escape with its first action; the king is the only piece.
    assert_eq!(tokens(&checked), vec!["e8d7", "e8e7", "e8f7"]);
    // A check by the second action passes the turn as usual.
    let second = played(&game, "a1a2 a2a8");
    assert!(second.is_check());
    assert_eq!(second.turn_state(), state(Color::Black, 2, 0));
    // A quiet first action keeps the turn.
    assert_eq!(
        played(&game, "a1a7").turn_state(),
        state(Color::White, 2, 1)
    );
}

#[test]
fn checkmate_at_a_turn_start() {
    // The first action mates: the turn ends and Black has no legal first action.
    let game: Marseillais = pos("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 3");
    let mated = played(&game, "a1a8");
    assert!(tokens(&mated).is_empty());
    assert_eq!(
        mated.outcome(),
        Some(Outcome::win(Color::White, EndReason::Checkmate))
    );
    let direct: Marseillais = pos("R6k/6pp/8/8/8/8/8/4K3 b - - 0 3");
    assert_eq!(
        direct.outcome(),
        Some(Outcome::win(Color::White, EndReason::Checkmate))
    );
}

#[test]
fn stalemate_without_a_legal_second_action() {
    // White's only first action is e2-e3, after which nothing can move.
    let game: Marseillais = pos("1r2k3/8/8/8/4p3/2n5/4P3/K7 w - - 0 3");
    assert_eq!(tokens(&game), vec!["e2e3"]);
    assert_eq!(game.outcome(), None);
    let stuck = played(&game, "e2e3");
    assert_eq!(stuck.turn_state(), state(Color::White, 2, 1));
    assert!(!stuck.is_check());
    assert!(tokens(&stuck).is_empty());
    assert_eq!(stuck.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    // No legal action at a turn start is a stalemate too.
    let start: Marseillais = pos("1r2k3/8/8/8/8/2n5/8/K7 w - - 0 3");
    assert_eq!(start.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
}

// ---------------------------------------------------------------------------
// En passant
// ---------------------------------------------------------------------------

#[test]
fn two_en_passant_captures_in_one_turn() {
    // Black double-steps twice in one turn beside White's pawns.
    let game: Marseillais = pos("4k3/3p1p2/8/4P1P1/8/8/8/4K3 b - - 0 5");
    let white = played(&game, "d7d5 f7f5");
    assert_eq!(white.turn_state(), state(Color::White, 2, 0));
    assert_eq!(white.legal_ep_squares(), vec![sq("d6"), sq("f6")]);
    assert_eq!(ep_actions(&white), vec!["e5d6", "e5f6", "g5f6"]);
    assert_eq!(write_fen(&white), "4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 6");
    // exd6 e.p., then gxf6 e.p. as the second action.
    let first = played(&white, "e5d6");
    assert_eq!(ep_actions(&first), vec!["g5f6"]);
    assert_eq!(first.legal_ep_squares(), vec![sq("f6")]);
    assert_eq!(write_fen(&first), "4k3/8/3P4/5pP1/8/8/8/4K3 w - f6 0 6 2:1");
    let both = played(&first, "g5f6");
    assert_eq!(both.turn_state(), state(Color::Black, 2, 0));
    assert!(both.board().by_role(Role::Pawn).count() == 2);
    assert!(both.board().by_color(Color::Black).count() == 1);
    // exf6 e.p. leaves no capturer for d6.
    let other = played(&white, "e5f6");
    assert!(ep_actions(&other).is_empty());
}

#[test]
fn en_passant_only_by_the_first_action() {
    let game: Marseillais = pos("4k3/3p1p2/8/4P1P1/8/8/8/4K3 b - - 0 5");
    let white = played(&game, "d7d5 f7f5");
    // A first action that is not an e.p. capture ends every e.p. chance.
    let quiet = played(&white, "e1e2");
    assert!(ep_actions(&quiet).is_empty());
    assert!(quiet.legal_ep_squares().is_empty());
    let gxf6 = Action::EnPassant {
        from: sq("g5"),
        to: sq("f6"),
    };
    assert!(white.is_legal(&gxf6));
    assert!(!quiet.is_legal(&gxf6));
    // The candidates expire with the turn.
    let later = played(&white, "e1e2 e2e1 e8d8 d8e8");
    assert!(ep_actions(&later).is_empty());
}

#[test]
fn a_double_step_in_either_action_counts_if_the_pawn_has_not_moved() {
    let game: Marseillais = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 5");
    assert_eq!(ep_actions(&played(&game, "d7d5 e8d8")), vec!["e5d6"]);
    assert_eq!(ep_actions(&played(&game, "e8d8 d7d5")), vec!["e5d6"]);
    assert!(ep_actions(&played(&game, "d7d5 d5d4")).is_empty());
    // A double step no enemy pawn stands beside is no candidate, now or later.
    let lonely = played(&Marseillais::start(), "e2e4");
    assert_eq!(
        write_fen(&lonely),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 2:1"
    );
    // In mid-turn the FEN writes Black's own pending double step.
    let pending = played(&game, "d7d5");
    assert_eq!(write_fen(&pending), "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 5 2:1");
    assert!(pending.legal_ep_squares().is_empty());
}

#[test]
fn a_second_capture_made_legal_by_the_first_is_kept() {
    // After c7-c5 and e7-e5, dxe6 e.p. is illegal at once (the d5 pawn is pinned by
    // the bishop on h1), but legal after bxc6 e.p. blocks the diagonal: e6 is part of
    // the position from the turn start.
    let game: Marseillais = pos("K7/2p1p3/8/1P1P4/8/8/8/4k2b b - - 0 4");
    let white = played(&game, "c7c5 e7e5");
    assert_eq!(white.legal_ep_squares(), vec![sq("c6"), sq("e6")]);
    assert_eq!(write_fen(&white), "K7/8/8/1PpPp3/8/8/8/4k2b w - c6,e6 0 5");
    assert_eq!(ep_actions(&white), vec!["b5c6", "d5c6"]);
    let blocked = played(&white, "b5c6");
    assert_eq!(ep_actions(&blocked), vec!["d5e6"]);
    assert_eq!(
        write_fen(&blocked),
        "K7/8/2P5/3Pp3/8/8/8/4k2b w - e6 0 5 2:1"
    );
    let both = played(&blocked, "d5e6");
    assert_eq!(both.turn_state(), state(Color::Black, 2, 0));
    // dxc6 e.p. first leaves no pawn to take on e6.
    assert!(ep_actions(&played(&white, "d5c6")).is_empty());
    // Without the b5 pawn, e6 can never be taken and is not part of the position.
    let lone: Marseillais = pos("K7/2p1p3/8/3P4/8/8/8/4k2b b - - 0 4");
    let white = played(&lone, "c7c5 e7e5");
    assert_eq!(white.legal_ep_squares(), vec![sq("c6")]);
    assert_eq!(write_fen(&white), "K7/8/8/2pPp3/8/8/8/4k2b w - c6 0 5");
    let direct: Marseillais = pos("K7/8/8/2pPp3/8/8/8/4k2b w - c6,e6 0 5");
    assert_eq!(direct, white);
    assert_eq!(direct.zobrist(), white.zobrist());
}

#[test]
fn an_en_passant_check_by_the_first_action_ends_the_turn() {
    // exd6 e.p. uncovers the rook on e1 against the king on e8.
    let game: Marseillais = pos("4k3/8/8/3pP3/8/8/8/K3R3 w - d6 0 5");
    let after = played(&game, "e5d6");
    assert!(after.is_check());
    assert_eq!(after.turn_state(), state(Color::Black, 2, 0));
}

// ---------------------------------------------------------------------------
// Draw rules
// ---------------------------------------------------------------------------

#[test]
fn repetition_compares_turn_starts() {
    const { assert!(Marseillais::REPETITION_RULE && Marseillais::MOVE_COUNT_RULES) };
    let mut record = Record::new(Marseillais::start());
    let round = ["g1f3", "f3g1", "g8f6", "f6g8"];
    let mut counts = Vec::new();
    for _ in 0..4 {
        for token in round {
            let action = parse_action(record.current(), token).unwrap();
            record.play(&action).unwrap();
            counts.push(record.repetition_count());
        }
    }
    // Mid-turn positions never count; both turn starts recur every round.
    assert_eq!(counts, [1, 1, 1, 2, 1, 2, 1, 3, 1, 3, 1, 4, 1, 4, 1, 5]);
    assert_eq!(
        record.outcome(),
        Some(Outcome::draw(EndReason::FivefoldRepetition))
    );
    // Balanced: Black's turn start after White's one-action first turn recurs.
    let mut record = Record::new(MarseillaisBalanced::start());
    let mut counts = Vec::new();
    for token in ["g1f3", "g8f6", "f6g8", "f3g1", "g1f3"] {
        let action = parse_action(record.current(), token).unwrap();
        record.play(&action).unwrap();
        counts.push(record.repetition_count());
    }
    assert_eq!(counts, [1, 1, 1, 1, 2]);
}

#[test]
fn move_count_rules_count_single_actions() {
    let game: Marseillais = pos("4k3/8/8/8/8/8/8/R3K3 w - - 148 40");
    assert_eq!(game.outcome(), None);
    let mut record = Record::new(game);
    assert_eq!(record.claimable_draw(), Some(EndReason::FiftyMoves));
    let action = parse_action(record.current(), "a1a2").unwrap();
    record.play(&action).unwrap();
    assert_eq!(record.current().halfmove_clock(), 149);
    assert_eq!(record.outcome(), None);
    let action = parse_action(record.current(), "a2a3").unwrap();
    record.play(&action).unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::draw(EndReason::SeventyFiveMoves))
    );
}

#[test]
fn dead_positions_and_cannot_mate_are_orthodox() {
    let fen = "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 5";
    let game: Marseillais = pos(fen);
    assert_eq!(
        game.outcome(),
        Some(Outcome::draw(EndReason::InsufficientMaterial))
    );
    assert!(game.cannot_mate(Color::White) && game.cannot_mate(Color::Black));
    let rook: Marseillais = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 5");
    assert!(!rook.cannot_mate(Color::White));
    assert!(rook.cannot_mate(Color::Black));
    assert_eq!(rook.outcome(), None);
}

// ---------------------------------------------------------------------------
// FEN and keys
// ---------------------------------------------------------------------------

#[test]
fn fen_round_trips_and_defaults() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 2:1",
        "4k3/8/8/3pPpP1/8/8/8/4K3 w - d6,f6 0 6",
        "4k3/8/3P4/5pP1/8/8/8/4K3 w - f6 0 6 2:1",
        "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 5 2:1",
    ] {
        let classic: Marseillais = pos(fen);
        assert_eq!(write_fen(&classic), fen);
        let rebuilt = Marseillais::from_setup(&classic.to_setup()).unwrap();
        assert_eq!(rebuilt, classic);
    }
    let balanced: MarseillaisBalanced =
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1:0");
    assert_eq!(balanced, MarseillaisBalanced::start());
    assert_eq!(write_fen(&balanced), alfiere::notation::fen::STARTING_FEN);
}

#[test]
fn invalid_seventh_fields() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // The length is 2, except White's first turn in balanced Marseillais.
    assert!(read_fen::<Marseillais>(&format!("{start} 1:0")).is_err());
    assert!(read_fen::<MarseillaisBalanced>(&format!("{start} 2:0")).is_err());
    assert!(read_fen::<MarseillaisBalanced>(&format!("{start} 2:1")).is_err());
    assert!(read_fen::<Marseillais>(&format!("{start} 3:1")).is_err());
    // Played below the length; no quiet-series count; no Avalanche states.
    assert!(read_fen::<Marseillais>(&format!("{start} 2:2")).is_err());
    let problems = position_problems::<Marseillais>(&format!("{start} 2:0:3"));
    assert!(
        matches!(problems[..], [PositionProblem::Variant(_)]),
        "{problems:?}"
    );
    let problems = position_problems::<Marseillais>(&format!("{start} push"));
    assert!(
        matches!(problems[..], [PositionProblem::UnsupportedState(_)]),
        "{problems:?}"
    );
    // E.p. targets after the first action only when it was an e.p. capture: accepted
    // at `2:1`, never together with a pending double step, never at a later point.
    assert!(read_fen::<Marseillais>("4k3/8/3P4/5pP1/8/8/8/4K3 w - f6 0 6 2:1").is_ok());
    assert_eq!(
        position_problems::<Marseillais>("4k3/8/8/5pP1/4P3/8/8/4K3 w - f6,e3 0 6 2:1"),
        vec![PositionProblem::BadEnPassant(sq("e3"))]
    );
    // A pending double step at a turn start.
    assert_eq!(
        position_problems::<Marseillais>("4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 5"),
        vec![PositionProblem::BadEnPassant(sq("d6"))]
    );
}

#[test]
fn keys_include_the_turn_state_and_the_en_passant_squares() {
    let a: Marseillais = pos("4k3/8/8/3pPp2/8/8/8/4K3 w - d6,f6 0 6");
    let b: Marseillais = pos("4k3/8/8/3pPp2/8/8/8/4K3 w - d6 0 6");
    let c: Marseillais = pos("4k3/8/8/3pPp2/8/8/8/4K3 w - - 0 6");
    let d: Marseillais = pos("4k3/8/8/3pPp2/8/8/8/4K3 w - - 0 6 2:1");
    let keys = [a.zobrist(), b.zobrist(), c.zobrist(), d.zobrist()];
    for i in 0..keys.len() {
        for j in i + 1..keys.len() {
            assert_ne!(keys[i], keys[j], "{i} {j}");
        }
    }
    let balanced: MarseillaisBalanced = pos("4k3/8/8/3pPp2/8/8/8/4K3 w - - 0 6");
    assert_ne!(balanced.zobrist(), c.zobrist());
}

#[test]
fn variant_identity_and_start() {
    assert_eq!(Marseillais::VARIANT, alfiere::Variant::Marseillais);
    assert_eq!(
        MarseillaisBalanced::VARIANT,
        alfiere::Variant::MarseillaisBalanced
    );
    assert_eq!(Marseillais::default(), Marseillais::start());
    assert_eq!(Marseillais::start().outcome(), None);
    assert!(Marseillais::start().legal_ep_squares().is_empty());
}
