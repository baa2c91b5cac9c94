//! Game endings (RULES.md §1.1) and repetition (§1.2): mate, stalemate, dead
//! positions, the 75-move rule, fivefold repetition, the claims, and endings by
//! resignation, agreement and time.

use alfiere::notation::{fen::read_fen, san::parse_san};
use alfiere::{Chess, Color, EndReason, Outcome, Position, Record, RecordError};

fn pos(fen: &str) -> Chess {
    read_fen(fen).unwrap_or_else(|e| panic!("{e}"))
}

fn play(record: &mut Record<Chess>, moves: &[&str]) {
    for mv in moves {
        let action = parse_san(record.current(), mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        record.play(&action).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

#[test]
fn checkmate_ends_the_game_and_refuses_further_moves() {
    let mut record = Record::new(Chess::start());
    play(&mut record, &["f3", "e5", "g4", "Qh4#"]);
    let outcome = record.outcome().unwrap();
    assert_eq!(outcome, Outcome::win(Color::Black, EndReason::Checkmate));
    let mut list = alfiere::ActionList::new();
    record.current().legal_actions(&mut list);
    assert!(list.is_empty());
    let before = record.clone();
    let any = parse_san(before.start(), "e4").unwrap();
    assert!(matches!(record.play(&any), Err(RecordError::GameOver(_))));
    assert_eq!(record, before);
    // Taking back the mate reopens the game.
    record.undo();
    assert_eq!(record.outcome(), None);
}

#[test]
fn stalemate_is_a_draw() {
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::draw(EndReason::Stalemate))
    );
}

#[test]
fn dead_positions_of_the_rule_book() {
    let dead = [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",         // K v K
        "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1",       // K+N v K
        "8/8/4k3/8/8/3K4/8/5B2 b - - 0 1",       // K+B v K
        "8/3b4/4k3/8/8/3K4/8/5B2 w - - 0 1",     // bishops on one colour (d7, f1)
        "4b3/3b4/4k3/8/8/3K4/4B3/5B2 w - - 0 1", // several, one colour
    ];
    for fen in dead {
        let p = pos(fen);
        assert_eq!(
            p.outcome(),
            Some(Outcome::draw(EndReason::InsufficientMaterial)),
            "{fen}"
        );
        assert!(p.is_dead_position());
    }
    let alive = [
        "8/2b5/4k3/8/8/3K4/8/5B2 w - - 0 1", // opposite-coloured bishops (c7, f1)
        "8/8/4k1n1/8/8/3K4/8/6N1 w - - 0 1", // K+N v K+N
        "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1",  // two knights
        "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",   // a pawn
        "8/8/4k3/8/8/3K4/8/R7 w - - 0 1",    // a rook
        "8/8/4k3/8/8/3K4/8/4BN2 w - - 0 1",  // bishop and knight
    ];
    for fen in alive {
        assert_eq!(pos(fen).outcome(), None, "{fen}");
    }
}

#[test]
fn mate_takes_precedence_over_the_dead_position_check_and_75_moves() {
    // Black mates on the 150th ply without capture or pawn move.
    let p = pos("6k1/8/8/8/8/8/5PPP/r5K1 w - - 150 90");
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(Color::Black, EndReason::Checkmate))
    );
}

#[test]
fn seventy_five_move_rule() {
    let mut record = Record::new(pos("8/8/4k3/8/8/3K4/8/R7 w - - 149 120"));
    assert_eq!(record.outcome(), None);
    assert_eq!(record.claimable_draw(), Some(EndReason::FiftyMoves));
    play(&mut record, &["Ra2"]);
    assert_eq!(
        record.outcome(),
        Some(Outcome::draw(EndReason::SeventyFiveMoves))
    );
    // A pawn move or capture resets the clock.
    let mut record = Record::new(pos("8/8/4k3/8/8/3K4/4P3/R7 w - - 149 120"));
    play(&mut record, &["e4"]);
    assert_eq!(record.current().halfmove_clock(), 0);
    assert_eq!(record.outcome(), None);
}

#[test]
fn fifty_move_claims_now_and_after_a_declared_move() {
    let mut record = Record::new(pos("8/8/4k3/8/8/3K4/8/R7 w - - 99 80"));
    assert_eq!(record.claimable_draw(), None);
    let quiet = parse_san(record.current(), "Rb1").unwrap();
    assert_eq!(record.claimable_after(&quiet), Some(EndReason::FiftyMoves));
    assert!(matches!(record.claim_draw(), Err(RecordError::NoClaim)));
    play(&mut record, &["Rb1"]);
    assert_eq!(record.claimable_draw(), Some(EndReason::FiftyMoves));
    assert_eq!(
        record.claim_draw().unwrap(),
        Outcome::draw(EndReason::FiftyMoves)
    );
    assert_eq!(record.outcome(), Some(Outcome::draw(EndReason::FiftyMoves)));
}

#[test]
fn threefold_claims_and_fivefold_ending() {
    let mut record = Record::new(Chess::start());
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play(&mut record, &shuffle);
    assert_eq!(record.repetition_count(), 2);
    play(&mut record, &shuffle[..3]);
    // Declaring ...Ng8 would repeat the start position a third time.
    let ng8 = parse_san(record.current(), "Ng8").unwrap();
    assert_eq!(record.claimable_draw(), None);
    assert_eq!(
        record.claimable_after(&ng8),
        Some(EndReason::ThreefoldRepetition)
    );
    play(&mut record, &["Ng8"]);
    assert_eq!(record.repetition_count(), 3);
    assert_eq!(
        record.claimable_draw(),
        Some(EndReason::ThreefoldRepetition)
    );
    assert_eq!(record.outcome(), None, "threefold is only a claim");
    play(&mut record, &shuffle);
    assert_eq!(record.repetition_count(), 4);
    assert_eq!(record.outcome(), None);
    play(&mut record, &shuffle);
    assert_eq!(record.repetition_count(), 5);
    assert_eq!(
        record.outcome(),
        Some(Outcome::draw(EndReason::FivefoldRepetition))
    );
}

#[test]
fn en_passant_counts_for_repetition_only_when_legal() {
    // After 1.e4 no black pawn can take on e3: same position as without the square.
    let with_square = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(with_square.zobrist(), without.zobrist());
    assert_eq!(with_square, without);
    // A capture that exists distinguishes the positions.
    let can_take = pos("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let cannot = pos("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_ne!(can_take.zobrist(), cannot.zobrist());
    assert_eq!(can_take.legal_ep_squares().len(), 1);
    // A capture that would expose the king does not.
    let pinned = pos("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    let unpinned = pos("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    assert_eq!(pinned.zobrist(), unpinned.zobrist());
    assert!(pinned.legal_ep_squares().is_empty());
}

#[test]
fn repetition_after_a_double_step_with_a_legal_capture_is_not_the_same_position() {
    // 1.e4 (with d4 pawn for Black: e.p. possible) ... the later occurrences have no e.p.
    let mut record = Record::new(pos("4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1"));
    play(&mut record, &["e4"]);
    let first = record.current().zobrist();
    play(
        &mut record,
        &["Kd7", "Nf3", "Ke8", "Ng1", "Kd7", "Nf3", "Ke8", "Ng1"],
    );
    // Placement and side now equal the position after e4 but e.p. is gone: two
    // occurrences of the new position, not three.
    assert_ne!(record.current().zobrist(), first);
    assert_eq!(record.repetition_count(), 2);
}

#[test]
fn resignation_agreement_and_time() {
    let mut record = Record::new(Chess::start());
    assert_eq!(
        record.resign(Color::White),
        Outcome::win(Color::Black, EndReason::Resignation)
    );
    assert_eq!(record.outcome().unwrap().winner, Some(Color::Black));
    record.undo();
    assert_eq!(record.agree_draw(), Outcome::draw(EndReason::Agreement));

    // K+R v K: the rook side flagging is a draw (bare king cannot mate); the bare
    // king flagging loses.
    let krk = pos("8/8/4k3/8/8/3K4/8/R7 w - - 0 1");
    let mut record = Record::new(krk.clone());
    assert_eq!(
        record.flag(Color::White),
        Outcome::draw(EndReason::TimeForfeit)
    );
    let mut record = Record::new(krk);
    assert_eq!(
        record.flag(Color::Black),
        Outcome::win(Color::White, EndReason::TimeForfeit)
    );
}

#[test]
fn cannot_mate_is_sound() {
    // (fen, white cannot mate, black cannot mate)
    let cases = [
        ("8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", true, true),
        ("8/8/4k3/4p3/8/3K4/8/6N1 w - - 0 1", false, false), // the pawn can block a knight mate
        ("8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", true, true),
        ("8/r7/4k3/8/8/3K4/8/5B2 w - - 0 1", false, false), // a rook can hem its own king in
        ("8/3b4/4k3/8/8/3K4/8/5B2 w - - 0 1", true, true),  // bishops on light squares
        ("8/2b5/4k3/8/8/3K4/8/5B2 w - - 0 1", false, false), // opposite colours
        ("8/8/4k3/8/8/3K4/8/R7 w - - 0 1", false, true),
    ];
    for (fen, white, black) in cases {
        let p = pos(fen);
        assert_eq!(p.cannot_mate(Color::White), white, "white in {fen}");
        assert_eq!(p.cannot_mate(Color::Black), black, "black in {fen}");
    }
}
