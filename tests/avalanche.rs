//! Avalanche (RULES.md §8, §9): the perft data and the annotated cases file, the
//! invariant checks of every rule set over random games, and one test per special
//! rule (rescue by a push, self-check by a push, pending promotion and the winning
//! choice, turns without a push, castling, no en passant, the seventh FEN field and
//! six-field loading, invalid setups, SAN and UCI of pushes and choices).

mod common;

use common::{after_tokens, legal_tokens as legal, sq};

use alfiere::notation::fen::{read_fen, write_fen};
use alfiere::notation::{san, uci};
use alfiere::variants::avalanche::Avalanche;
use alfiere::{
    Action, ActionList, Color, EndReason, Outcome, Phase, Position, PositionProblem, Record, Role,
    Square,
};

fn pos(fen: &str) -> Avalanche {
    common::read(fen)
}

fn line(moves: &str) -> Avalanche {
    common::build_game(&format!("startpos moves {moves}"))
}

fn problems(fen: &str) -> Vec<PositionProblem> {
    common::position_problems::<Avalanche>(fen)
}

fn has_variant_problem(problems: &[PositionProblem], words: &str) -> bool {
    problems
        .iter()
        .any(|p| matches!(p, PositionProblem::Variant(text) if text.contains(words)))
}

fn win(color: Color, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::win(color, reason))
}

/// The FEN survives writing and reading, value and key included.
fn assert_round_trip(game: &Avalanche) {
    let text = write_fen(game);
    let back: Avalanche = read_fen(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&back, game, "{text}");
    assert_eq!(back.zobrist(), game.zobrist(), "{text}");
    assert_eq!(write_fen(&back), text);
    assert_eq!(&Avalanche::from_setup(&game.to_setup()).unwrap(), game);
}

// ---------------------------------------------------------------------------
// Perft data
// ---------------------------------------------------------------------------

#[test]
fn perft_file() {
    let checked = common::check_perft_file::<Avalanche>("avalanche.perft", u64::MAX);
    assert_eq!(checked, 40 * 3);
}

/// The cases of `avalanche-cases.txt`, every one of which is an Avalanche case.
fn read_cases() -> Vec<common::CaseLine> {
    let cases = common::read_cases("avalanche-cases.txt");
    for case in &cases {
        assert_eq!(case.variant, "avalanche", "{}", case.line);
    }
    cases
}

/// Every line of the cases file; debug builds skip counts above two million nodes
/// (there are none today; the deepest is 658815).
#[test]
fn cases_file() {
    let limit = if cfg!(debug_assertions) {
        2_000_000
    } else {
        u64::MAX
    };
    let cases = read_cases();
    assert_eq!(cases.len(), 43);
    for case in cases.iter().filter(|c| c.expected <= limit) {
        let game: Avalanche = common::build_game(&case.position);
        assert_eq!(
            alfiere::perft::perft(&game, case.depth),
            case.expected,
            "{} depth {}: {}",
            case.position,
            case.depth,
            case.what
        );
    }
}

#[test]
fn perft_full_matches_bulk() {
    // Bulk counting at the last ply uses count_legal_actions; playing every leaf does
    // not, so the two agree only if both are right.
    for case in read_cases().iter().filter(|c| c.expected < 20_000) {
        let game: Avalanche = common::build_game(&case.position);
        assert_eq!(
            alfiere::perft::perft_full(&game, case.depth),
            case.expected,
            "{}",
            case.what
        );
    }
}

// ---------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------

#[test]
fn random_games_from_the_start() {
    let checked = common::random_games(&Avalanche::start(), 0xa5a1, 40, 240, 23);
    assert!(checked > 1500, "{checked}");
}

#[test]
fn random_games_with_few_pawns_and_promotions() {
    // Few push targets (the filtered generator), pushes onto the last rank, choices.
    for (i, fen) in [
        "4k3/1P4p1/8/8/8/8/1p4P1/4K3 w - - 0 1",
        "4k3/1p6/8/8/8/8/6P1/4K3 w - - 0 1",
        "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "2k5/6P1/8/1p6/8/8/p5P1/4K3 b - - 0 1",
    ]
    .into_iter()
    .enumerate()
    {
        let checked = common::random_games(&pos(fen), 77 + i as u64, 20, 160, 11);
        assert!(checked > 100, "{fen}: {checked}");
    }
}

#[test]
fn random_games_from_the_case_positions() {
    for (i, case) in read_cases().iter().enumerate().step_by(3) {
        let start: Avalanche = common::build_game(&case.position);
        common::random_games(&start, 1000 + i as u64, 4, 80, 7);
    }
}

#[test]
fn every_phase_has_its_own_key() {
    let moved = pos("4k3/p7/8/8/8/8/8/4K3 w - - 0 1 push");
    let start = pos("4k3/p7/8/8/8/8/8/4K3 w - - 0 1 -");
    assert_eq!(moved.board(), start.board());
    assert_ne!(moved.zobrist(), start.zobrist());
    let choose = pos("4k3/8/8/8/8/8/8/3pK3 b - - 0 1");
    let mut keys: Vec<u64> = Role::PROMOTIONS
        .iter()
        .map(|&role| {
            let mut g = choose.clone();
            g.play(&Action::PromotionChoice {
                square: Square::D1,
                role,
            })
            .unwrap();
            g.zobrist()
        })
        .chain([choose.zobrist()])
        .collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 5);
    // The same board after a winning choice, and as a turn start after White's
    // self-checking push: one game over two ways, two positions.
    let won = pos("4k3/8/8/8/8/8/4K3/3q4 b - - 1 1 promoted:d1");
    let lost = pos("4k3/8/8/8/8/8/4K3/3q4 b - - 1 1 -");
    assert_eq!(won.outcome(), win(Color::Black, EndReason::PromotionCheck));
    assert_eq!(lost.outcome(), win(Color::Black, EndReason::SelfCheck));
    assert_ne!(won.zobrist(), lost.zobrist());
    assert_ne!(won, lost);
}

// ---------------------------------------------------------------------------
// Turns
// ---------------------------------------------------------------------------

#[test]
fn a_turn_is_a_move_then_a_push() {
    let start = Avalanche::start();
    let state = start.turn_state();
    assert_eq!(
        (state.side, state.length, state.played),
        (Color::White, 2, 0)
    );
    assert_eq!(state.phase, Phase::Move);
    let moved = after_tokens(&start, "g1f3");
    let state = moved.turn_state();
    assert_eq!(
        (state.side, state.length, state.played),
        (Color::White, 2, 1)
    );
    assert_eq!(state.phase, Phase::Push);
    assert_eq!(moved.turn(), Color::White);
    assert_eq!(
        legal(&moved),
        ["a7a6", "b7b6", "c7c6", "d7d6", "e7e6", "f7f6", "g7g6", "h7h6"]
    );
    let pushed = after_tokens(&moved, "e7e6");
    assert_eq!(pushed.turn(), Color::Black);
    assert!(pushed.turn_state().is_turn_start());
    assert_eq!(pushed.halfmove_clock(), 0, "a push resets the clock");
    assert_eq!(pushed.fullmove_number(), 1);
    assert_eq!(
        write_fen(&pushed),
        "rnbqkbnr/pppp1ppp/4p3/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1 -"
    );
    let black = after_tokens(&pushed, "b8c6 a2a3");
    assert_eq!(black.fullmove_number(), 2);
    assert_eq!(black.halfmove_clock(), 0);
}

#[test]
fn a_push_is_one_straight_step_onto_an_empty_square() {
    // Black's pawns: a7 (free), c6 (blocked by the knight on c5), e4 (free), g2
    // (free, onto the last rank). No captures, no double steps.
    let game = pos("4k3/p7/2p5/2N5/4p3/8/6p1/4K3 w - - 0 1");
    let moved = after_tokens(&game, "e1d2");
    assert_eq!(legal(&moved), ["a7a6", "e4e3", "g2g1"]);
    for bad in ["a7a5", "c6c5", "e4d3", "e4f3", "c5c4"] {
        let from: Square = bad[..2].parse().unwrap();
        let to: Square = bad[2..].parse().unwrap();
        assert!(!moved.is_legal(&Action::Push { from, to }), "{bad}");
    }
}

#[test]
fn rescue_by_a_blocking_push() {
    // Case A: White is in check from Bb4 (b4-c3-d2-e1); Black's pawn c4 can block.
    let game = line("d2d4 e7e6 c7c5 h2h3 g1f3 c5c4 f8b4 g2g3");
    assert!(game.is_check());
    assert_eq!(game.count_legal_actions(), 29, "every pseudo-legal move");
    // a2a3 ignores the check; it is legal because pushes follow.
    let moved = after_tokens(&game, "a2a3");
    assert!(moved.is_check());
    let saved = after_tokens(&moved, "c4c3");
    assert_eq!(saved.outcome(), None);
    assert_eq!(saved.turn(), Color::Black);
    let lost = after_tokens(&moved, "a7a6");
    assert_eq!(lost.outcome(), win(Color::Black, EndReason::SelfCheck));
    assert_eq!(lost.count_legal_actions(), 0);
    assert_round_trip(&lost);
    // Kd2 steps into the bishop's line; c4c3 blocks it but attacks d2 itself.
    let king = after_tokens(&game, "e1d2");
    assert_eq!(
        after_tokens(&king, "c4c3").outcome(),
        win(Color::Black, EndReason::SelfCheck)
    );
}

#[test]
fn a_push_that_exposes_the_pushers_king_loses() {
    // Case B: the pawn b4 shields Ke1 from Qa5; pushing it uncovers the queen.
    let game = line("d2d4 c7c6 b7b5 h2h3 g1f3 b5b4 d8a5 g2g3");
    let moved = after_tokens(&game, "h1g1");
    let lost = after_tokens(&moved, "b4b3");
    assert_eq!(lost.turn(), Color::Black);
    assert_eq!(lost.outcome(), win(Color::Black, EndReason::SelfCheck));
    assert!(legal(&lost).is_empty());
    assert_round_trip(&lost);
    let mut record = Record::new(moved.clone());
    record
        .play(&uci::parse_action(&moved, "b4b3").unwrap())
        .unwrap();
    assert_eq!(
        record.outcome().unwrap().to_string(),
        "Black wins: White pushed into their own check"
    );
    assert!(record
        .play(&uci::parse_action(&moved, "a7a6").unwrap())
        .is_err());

    // Case C: the pushed pawn itself attacks the king; Ke2 is rescued by pushing the
    // attacking pawn away.
    let game = line("d2d4 h7h6 e7e5 e2e3 d4e5 d7d6 d6d5 h2h3 d1g4 d5d4 d4d3 a2a3");
    let queen = after_tokens(&game, "g4c8");
    assert_eq!(
        after_tokens(&queen, "d3d2").outcome(),
        win(Color::Black, EndReason::SelfCheck)
    );
    let king = after_tokens(&game, "e1e2");
    assert!(king.is_check(), "Ke2 steps into the pawn's attack");
    assert_eq!(after_tokens(&king, "d3d2").outcome(), None);
    assert_eq!(
        after_tokens(&king, "a7a6").outcome(),
        win(Color::Black, EndReason::SelfCheck)
    );
}

#[test]
fn the_mover_loses_even_if_the_move_mated() {
    // Ra8 mates Black's Kh8 (Ne6 covers g7, Bg6 h7; the pawn, once on d2, is stuck),
    // but the only push, d3d2, attacks White's Ke1.
    let game = pos("7k/8/4N1B1/8/8/3p4/8/R2BK3 w - - 0 1");
    let moved = after_tokens(&game, "a1a8");
    assert_eq!(legal(&moved), ["d3d2"]);
    let over = after_tokens(&moved, "d3d2");
    assert!(over.is_check(), "Black is in check too");
    assert_eq!(over.outcome(), win(Color::Black, EndReason::SelfCheck));
    assert_round_trip(&over);
    // With White's king away from the pawn the same turn mates.
    let game = pos("7k/8/4N1B1/8/8/3p4/8/R2B3K w - - 0 1");
    let mated = after_tokens(&game, "a1a8 d3d2");
    assert_eq!(mated.outcome(), win(Color::White, EndReason::Checkmate));
    assert_eq!(mated.count_legal_actions(), 0);
}

#[test]
fn without_a_push_the_turn_ends_after_the_move() {
    // Case E: all sixteen pawns locked head-on.
    let game = line(
        "e2e4 e7e6 d7d5 d2d3 c2c4 c7c6 f7f5 f2f3 g2g4 g7g6 b7b5 b2b3 h2h4 h7h6 a7a5 a2a3 \
         g1e2 a5a4 g8e7 b3b4 f1g2 c6c5 f8g7 d3d4 b1c3 e6e5 b8c6 f3f4 d1d3 g6g5 d8d6 h4h5",
    );
    assert_eq!(game.turn(), Color::White);
    let castled = after_tokens(&game, "e1g1");
    assert_eq!(castled.turn(), Color::Black);
    assert_eq!(castled.turn_state().phase, Phase::Move);
    assert_eq!(castled.halfmove_clock(), game.halfmove_clock() + 1);
    assert!(legal(&castled).contains(&"e8g8".to_string()));
    // A capture unlocks the f-file: exactly one push follows.
    let capture = after_tokens(&game, "f4g5");
    assert_eq!(legal(&capture), ["f5f4"]);
    // With no push to come, a move must leave the king safe, as in orthodox chess.
    let bare = pos("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert_eq!(legal(&bare), ["e1d2", "e1f1"]);
}

#[test]
fn moves_into_check_are_legal_only_when_a_push_follows() {
    let bare = pos("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(legal(&bare), ["e1d2", "e1f1"]);
    let with_pawn = pos("4k3/p7/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(legal(&with_pawn), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // In check from Rd1 with a single push target (a6): capturing the only pushable
    // pawn, or standing on its square, leaves no push, so the king must be safe.
    let capture = pos("4k3/p7/8/1N6/8/8/8/3rK3 w - - 0 1");
    assert_eq!(
        legal(&capture),
        ["b5a3", "b5c3", "b5c7", "b5d4", "b5d6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    let block = pos("1N2k3/p7/8/8/8/8/8/3rK3 w - - 0 1");
    assert_eq!(
        legal(&block),
        ["b8c6", "b8d7", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // No push target at all until the knight leaves a6: every knight move is legal,
    // the king must step out of check (Kd2 and Kf1 stay on the rook's lines).
    let open = pos("4k3/p7/N7/8/8/8/8/3rK3 w - - 0 1");
    assert_eq!(
        legal(&open),
        ["a6b4", "a6b8", "a6c5", "a6c7", "e1d1", "e1e2", "e1f2"]
    );
}

#[test]
fn stalemate_and_checkmate_at_a_turn_start() {
    let stalemate = pos("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::draw(EndReason::Stalemate))
    );
    assert_eq!(stalemate.count_legal_actions(), 0);
    // With a White pawn to push, stepping into check becomes legal (and loses).
    let not_stalemate = pos("k7/2Q5/1K6/8/8/8/7P/8 b - - 0 1");
    assert_eq!(legal(&not_stalemate), ["a8a7", "a8b7", "a8b8"]);
    assert_eq!(not_stalemate.outcome(), None);
    assert_eq!(
        after_tokens(&not_stalemate, "a8b8 h2h3").outcome(),
        win(Color::White, EndReason::SelfCheck)
    );
    // Case F: Black's c2c1q and push d6d7 leave White in check with no legal move.
    let mate = line(
        "f2f3 b7b6 a7a5 d2d3 c1e3 g7g6 f7f5 a2a3 d1d2 f5f4 f8h6 g2g3 a3a4 d7d6 b8a6 d3d4 \
         c2c4 d6d5 g8f6 b2b3 a1a3 e7e6 e8f7 g3g4 g4g5 e6e5 a6c5 b3b4 d2a2 e5e4 d8f8 h2h3 \
         e3d2 e4e3 c5e4 b4b5 h3h4 c7c6 c8e6 h4h5 d2a5 c6c5 e4g5 c4d5 c5c4 e6g4 d5d6 b1d2 \
         c4c3 g4h5 d4d5 g1h3 c3c2 c2c1q d6d7",
    );
    assert!(mate.is_check());
    assert_eq!(mate.outcome(), win(Color::Black, EndReason::Checkmate));
    assert!(legal(&mate).is_empty());
}

// ---------------------------------------------------------------------------
// Pending promotion
// ---------------------------------------------------------------------------

const CASE_D: &str = "d2d4 h7h6 e7e5 e2e3 d4e5 d7d6 d6d5 h2h3 d1g4 d5d4 d4d3 a2a3 g1f3 a7a6 \
                      d3d2 g2g3";

#[test]
fn a_push_onto_the_last_rank_leaves_a_pending_promotion() {
    let game = line(CASE_D);
    assert!(game.is_check(), "the pawn on d2 checks e1");
    let moved = after_tokens(&game, "g4c8");
    assert!(legal(&moved).contains(&"d2d1".to_string()));
    let pending = after_tokens(&moved, "d2d1");
    assert_eq!(pending.turn(), Color::Black);
    assert_eq!(pending.pending_promotion(), Some(Square::D1));
    let state = pending.turn_state();
    assert_eq!(state.phase, Phase::PromotionChoice);
    assert_eq!((state.length, state.played), (3, 0));
    assert_eq!(legal(&pending), ["d1b", "d1n", "d1q", "d1r"]);
    assert_eq!(pending.outcome(), None);
    assert!(
        write_fen(&pending).ends_with(" promote:d1"),
        "{}",
        write_fen(&pending)
    );
    assert_round_trip(&pending);
    // Black's pieces may not move before the choice.
    assert!(!pending.is_legal(&Action::Normal {
        role: Role::Knight,
        from: Square::G8,
        to: sq("f6"),
        capture: None,
        promotion: None,
    }));

    // Queen and rook attack e1: Black wins at once.
    for token in ["d1q", "d1r"] {
        let won = after_tokens(&pending, token);
        assert_eq!(
            won.outcome(),
            win(Color::Black, EndReason::PromotionCheck),
            "{token}"
        );
        assert_eq!(won.turn(), Color::Black);
        assert!(legal(&won).is_empty());
        assert!(
            write_fen(&won).ends_with(" promoted:d1"),
            "{}",
            write_fen(&won)
        );
        assert_round_trip(&won);
        assert!(won.cannot_mate(Color::White));
        assert!(!won.cannot_mate(Color::Black));
    }
    // A knight does not: Black goes on with a move and a push, in the same turn.
    let knight = after_tokens(&pending, "d1n");
    assert_eq!(knight.outcome(), None);
    assert_eq!(knight.turn(), Color::Black);
    let state = knight.turn_state();
    assert_eq!(state.phase, Phase::Move);
    assert_eq!((state.length, state.played), (3, 1));
    assert!(!state.is_turn_start());
    assert_eq!(
        knight.halfmove_clock(),
        1,
        "a choice is an action, not zeroing"
    );
    assert_eq!(knight.count_legal_actions(), 38);
    assert!(write_fen(&knight).ends_with(" promoted:d1"));
    assert_round_trip(&knight);
    // Read as six fields, the same board is a plain turn start.
    let seven = write_fen(&knight);
    let six: Vec<&str> = seven.split(' ').take(6).collect();
    let start = pos(&six.join(" "));
    assert!(start.turn_state().is_turn_start());
    assert_ne!(start.zobrist(), knight.zobrist());
    assert_eq!(legal(&start), legal(&knight));

    // With the king on e2 the queen and the bishop win instead.
    let king = after_tokens(&game, "e1e2 d2d1");
    let winners: Vec<&str> = ["d1q", "d1r", "d1b", "d1n"]
        .into_iter()
        .filter(|t| after_tokens(&king, t).outcome().is_some())
        .collect();
    assert_eq!(winners, ["d1q", "d1b"]);
}

#[test]
fn a_losing_push_onto_the_last_rank_is_still_a_loss() {
    // White pushes g2g1 while its own king stays attacked: Black wins by White's
    // self-check although a Black choice is pending.
    let game = pos("4k3/8/8/8/8/8/6p1/r3K3 w - - 0 1 push");
    let over = after_tokens(&game, "g2g1");
    assert_eq!(over.pending_promotion(), Some(Square::G1));
    assert_eq!(over.outcome(), win(Color::Black, EndReason::SelfCheck));
    assert!(legal(&over).is_empty());
    assert_eq!(
        write_fen(&over),
        "4k3/8/8/8/8/8/8/r3K1p1 b - - 0 1 promote:g1"
    );
    assert_round_trip(&over);
}

// ---------------------------------------------------------------------------
// Castling and en passant
// ---------------------------------------------------------------------------

#[test]
fn castling_keeps_its_orthodox_conditions() {
    let free = pos("4k3/p7/8/8/8/8/8/4K2R w K - 0 1");
    assert!(legal(&free).contains(&"e1g1".to_string()));
    // Through check (Bc4 attacks f1); stepping onto f1 is still legal (a push follows).
    let through = pos("4k3/p7/8/8/2b5/8/8/4K2R w K - 0 1");
    let tokens = legal(&through);
    assert!(!tokens.contains(&"e1g1".to_string()));
    assert!(tokens.contains(&"e1f1".to_string()));
    // Into check (Bc5 attacks g1).
    let into = pos("4k3/p7/8/2b5/8/8/8/4K2R w K - 0 1");
    assert!(!legal(&into).contains(&"e1g1".to_string()));
    // Out of check (Re4), while moves that ignore the check are legal.
    let out = pos("4k3/p7/8/8/4r3/8/8/4K2R w K - 0 1");
    let tokens = legal(&out);
    assert!(!tokens.contains(&"e1g1".to_string()));
    assert!(tokens.contains(&"h1h2".to_string()));
    let castle = Action::Castle {
        king: Square::E1,
        rook: Square::H1,
    };
    assert!(free.is_legal(&castle));
    for game in [&through, &into, &out] {
        assert!(!game.is_legal(&castle), "{}", write_fen(game));
    }
}

#[test]
fn there_is_no_en_passant() {
    let game = pos("4k3/p7/8/8/3p4/8/4P3/4K3 w - - 0 1");
    let after = after_tokens(&game, "e2e4 a7a6");
    assert_eq!(after.turn(), Color::Black);
    assert!(!legal(&after).contains(&"d4e3".to_string()));
    assert!(after.legal_ep_squares().is_empty());
    assert_eq!(write_fen(&after), "4k3/8/p7/8/3pP3/8/8/4K3 b - - 0 1 -");
    assert_eq!(
        problems("4k3/8/p7/8/3pP3/8/8/4K3 b - e3 0 1"),
        [PositionProblem::UnsupportedState("en passant")]
    );
}

// ---------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------

#[test]
fn the_seventh_field_is_always_written() {
    assert_eq!(
        write_fen(&Avalanche::start()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"
    );
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 push",
        "4k3/8/8/8/8/8/4K3/3p4 b - - 0 1 promote:d1",
        "4k3/8/8/8/8/8/4K3/3q4 b - - 1 1 promoted:d1",
        "4k3/8/8/8/8/8/4K3/3n4 b - - 1 1 promoted:d1",
        "4k3/8/8/8/8/8/8/r3K3 b - - 0 1 -",
    ] {
        let game = pos(fen);
        assert_eq!(write_fen(&game), fen);
        assert_round_trip(&game);
    }
}

#[test]
fn six_field_fens_mean_a_turn_start() {
    let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(start, Avalanche::start());
    // A pawn of the side to move on its last rank is pending.
    let pending = pos("4k3/8/8/8/8/8/4K3/3p4 b - - 0 1");
    assert_eq!(pending.pending_promotion(), Some(Square::D1));
    assert_eq!(pending, pos("4k3/8/8/8/8/8/4K3/3p4 b - - 0 1 promote:d1"));
    // The side not to move in check has already lost.
    let lost = pos("4k3/8/8/8/8/8/8/r3K3 b - - 0 1");
    assert_eq!(lost.outcome(), win(Color::Black, EndReason::SelfCheck));
    assert!(legal(&lost).is_empty());
    // In the push phase both kings may be attacked.
    let both = pos("4k3/p7/8/8/8/8/4R3/r3K3 w - - 0 1 push");
    assert!(both.is_check());
    assert_eq!(both.outcome(), None);
    assert_eq!(legal(&both), ["a7a6"]);
}

#[test]
fn invalid_setups_are_refused() {
    let two = problems("4k3/8/8/8/8/8/8/1p1pK3 b - - 0 1");
    assert!(has_variant_problem(&two, "2 pawns"), "{two:?}");
    assert!(two.contains(&PositionProblem::PawnOnBackRank(Square::B1)));
    // The side not to move cannot have a pawn on its last rank, nor anyone on its own
    // first rank.
    assert_eq!(
        problems("4k3/8/8/8/8/8/8/3pK3 w - - 0 1"),
        [PositionProblem::PawnOnBackRank(Square::D1)]
    );
    assert_eq!(
        problems("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        [PositionProblem::PawnOnBackRank(Square::A1)]
    );
    // `-` means nothing is pending.
    assert_eq!(
        problems("4k3/8/8/8/8/8/8/3pK3 b - - 0 1 -"),
        [PositionProblem::PawnOnBackRank(Square::D1)]
    );
    assert!(has_variant_problem(
        &problems("4k3/8/8/8/8/8/8/4K3 w - - 0 1 push"),
        "no enemy pawn can be pushed"
    ));
    assert!(has_variant_problem(
        &problems("4k3/8/8/8/8/8/8/3pK3 b - - 0 1 promote:c1"),
        "promote:c1"
    ));
    // `promoted:` needs a promoted piece on the last rank, and only it may attack.
    assert!(has_variant_problem(
        &problems("4k3/8/8/8/8/8/8/3pK3 b - - 0 1 promoted:d1"),
        "promoted:d1"
    ));
    assert!(has_variant_problem(
        &problems("4k3/8/8/8/8/8/3n4/4K3 b - - 0 1 promoted:d2"),
        "promoted:d2"
    ));
    assert!(has_variant_problem(
        &problems("4k3/8/8/8/8/8/3b4/3nK3 b - - 0 1 promoted:d1"),
        "other than"
    ));
    assert!(read_fen::<Avalanche>("4k3/8/8/8/8/8/8/3nK3 b - - 0 1 promoted:d1").is_ok());
    assert_eq!(
        problems("4k3/8/8/8/8/8/8/4K3 w - - 0 1 2:1"),
        [PositionProblem::UnsupportedState("a series state (S:K)")]
    );
    assert_eq!(
        problems("4k3/8/8/8/8/8/8/4K3[] w - - 0 1"),
        [PositionProblem::UnsupportedState("a hand of pieces")]
    );
    // Four checkers at a turn start are impossible; three are reachable (the move's
    // two and one uncovered by the push).
    assert_eq!(
        problems("k3r3/7b/3n4/3p4/4K3/8/8/8 w - - 0 1"),
        [PositionProblem::ImpossibleCheck]
    );
    assert!(read_fen::<Avalanche>("k3r3/7b/3n4/8/4K3/8/8/8 w - - 0 1").is_ok());
}

// ---------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------

#[test]
fn san_and_uci_of_pushes_and_choices() {
    let moved = after_tokens(&line(CASE_D), "g4c8");
    let push = uci::parse_action(&moved, "d2d1").unwrap();
    assert_eq!(
        push,
        Action::Push {
            from: sq("d2"),
            to: Square::D1
        }
    );
    assert_eq!(uci::action_to_uci(&push), "d2d1");
    assert_eq!(san::write_san(&moved, &push), "d1");
    assert_eq!(san::parse_san_strict(&moved, "d1"), Ok(push));
    assert_eq!(san::parse_san(&moved, "d1"), Ok(push));
    assert_eq!(san::parse_san(&moved, "d2d1"), Ok(push));
    assert!(uci::parse_action(&moved, "d2d1q").is_err());

    let pending = after_tokens(&moved, "d2d1");
    let queen = Action::PromotionChoice {
        square: Square::D1,
        role: Role::Queen,
    };
    assert_eq!(uci::parse_action(&pending, "d1q"), Ok(queen));
    assert_eq!(uci::action_to_uci(&queen), "d1q");
    assert_eq!(san::write_san(&pending, &queen), "=Q");
    assert_eq!(san::parse_san_strict(&pending, "=Q"), Ok(queen));
    assert_eq!(san::parse_san(&pending, "=Q"), Ok(queen));
    assert_eq!(san::parse_san(&pending, "d1q"), Ok(queen));
    let knight = san::parse_san_strict(&pending, "=N").unwrap();
    assert_eq!(knight.promotion(), Some(Role::Knight));
    assert!(san::parse_san(&pending, "=K").is_err());

    // From the start: the move, then the push by its arrival square.
    let game = Avalanche::start();
    let e4 = after_tokens(&game, "e2e4");
    let e6 = uci::parse_action(&e4, "e7e6").unwrap();
    assert_eq!(san::write_san(&e4, &e6), "e6");
    assert_eq!(
        san::write_san(&game, &uci::parse_action(&game, "e2e4").unwrap()),
        "e4"
    );
}

#[test]
fn moves_in_check_are_written_and_read_like_any_move() {
    let game = line("d2d4 e7e6 c7c5 h2h3 g1f3 c5c4 f8b4 g2g3");
    let kd2 = uci::parse_action(&game, "e1d2").unwrap();
    assert_eq!(san::write_san(&game, &kd2), "Kd2");
    assert_eq!(san::parse_san_strict(&game, "Kd2"), Ok(kd2));
    assert_eq!(san::parse_san(&game, "Ke1d2"), Ok(kd2));
}

// ---------------------------------------------------------------------------
// Draws and time
// ---------------------------------------------------------------------------

#[test]
fn dead_positions_and_mating_material() {
    let bare = pos("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(
        bare.outcome(),
        Some(Outcome::draw(EndReason::InsufficientMaterial))
    );
    assert!(bare.cannot_mate(Color::White) && bare.cannot_mate(Color::Black));
    // A bare king never wins, not even against pawns it could push.
    let pawns = pos("4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1");
    assert!(pawns.cannot_mate(Color::White));
    assert!(!pawns.cannot_mate(Color::Black));
    // A knight with enemy pawns on the board may still win.
    let knight = pos("4k3/p7/8/8/8/8/8/4KN2 w - - 0 1");
    assert!(!knight.cannot_mate(Color::White));
    // 75-move rule: drawn once the clock reaches 150 actions.
    let late = pos("4k3/8/8/8/8/8/8/R3K3 w - - 150 100");
    assert_eq!(
        late.outcome(),
        Some(Outcome::draw(EndReason::SeventyFiveMoves))
    );
}

#[test]
fn repetition_counts_turn_starts() {
    // Locked pawns: every turn is one move, so knights can shuffle.
    let game = pos("4k3/8/8/p7/P7/8/8/4K1N1 w - - 0 1");
    let mut record = Record::new(game);
    for token in [
        "g1f3", "e8d8", "f3g1", "d8e8", "g1f3", "e8d8", "f3g1", "d8e8",
    ] {
        let action = uci::parse_action(record.current(), token).unwrap();
        record.play(&action).unwrap();
    }
    assert_eq!(record.repetition_count(), 3);
    assert!(record.claimable_draw().is_some());
}

/// Replays the games of `common::random_games` (same generator, same choices) and
/// tallies what they reached, so the invariant tests above are known to cover the
/// special states.
fn tally_random_games(start: &Avalanche, seed: u64, games: usize, plies: usize) -> Vec<String> {
    let mut rng = common::Rng::new(seed);
    let mut seen = Vec::new();
    for _ in 0..games {
        let mut record = Record::new(start.clone());
        for _ in 0..plies {
            let pos = record.current().clone();
            if let Some(o) = record.outcome() {
                seen.push(format!("{:?}", o.reason));
                break;
            }
            let state = pos.turn_state();
            seen.push(format!("{:?}", state.phase));
            if state.played == 1 && state.length == 3 {
                seen.push("after choice".to_string());
            }
            let mut list = ActionList::new();
            pos.legal_actions(&mut list);
            let action = list[rng.below(list.len())];
            if matches!(
                action,
                Action::Normal {
                    role: Role::King,
                    ..
                }
            ) && pos.is_check()
            {
                seen.push("king move in check".to_string());
            }
            record.play(&action).unwrap();
        }
    }
    seen.sort();
    seen.dedup();
    seen
}

#[test]
fn the_random_games_reach_every_special_state() {
    let mut seen = tally_random_games(&Avalanche::start(), 0xa5a1, 40, 240);
    for (i, fen) in [
        "4k3/1P4p1/8/8/8/8/1p4P1/4K3 w - - 0 1",
        "4k3/1p6/8/8/8/8/6P1/4K3 w - - 0 1",
        "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "2k5/6P1/8/1p6/8/8/p5P1/4K3 b - - 0 1",
    ]
    .into_iter()
    .enumerate()
    {
        seen.extend(tally_random_games(&pos(fen), 77 + i as u64, 20, 160));
    }
    for wanted in [
        "Move",
        "Push",
        "PromotionChoice",
        "after choice",
        "SelfCheck",
        "PromotionCheck",
        "king move in check",
    ] {
        assert!(seen.iter().any(|s| s == wanted), "{wanted} not in {seen:?}");
    }
}

#[test]
fn pgn_round_trip() {
    use alfiere::notation::pgn::{read_pgn, write_record};
    let mut rng = common::Rng::new(99);
    for game in 0..12 {
        let start = if game % 2 == 0 {
            Avalanche::start()
        } else {
            pos("4k3/1P4p1/8/8/8/8/1p4P1/4K3 w - - 0 1")
        };
        let mut record = Record::new(start);
        for _ in 0..120 {
            if record.outcome().is_some() {
                break;
            }
            let mut list = ActionList::new();
            record.current().legal_actions(&mut list);
            record.play(&list[rng.below(list.len())]).unwrap();
        }
        let text = write_record(&record, &[]);
        let games = read_pgn::<Avalanche>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            games[0].main_line().actions().collect::<Vec<_>>(),
            record.actions().collect::<Vec<_>>(),
            "{text}"
        );
    }
}

/// Times the deepest count of the data (start d5 = 658815, and d6 for speed only);
/// run with `cargo test --release --test avalanche -- --ignored --nocapture`.
#[test]
#[ignore]
fn deepest_count_timing() {
    let start = Avalanche::start();
    for depth in [5, 6] {
        let clock = std::time::Instant::now();
        let nodes = alfiere::perft::perft(&start, depth);
        let seconds = clock.elapsed().as_secs_f64();
        if depth == 5 {
            assert_eq!(nodes, 658_815);
        }
        eprintln!(
            "avalanche start d{depth}: {nodes} nodes in {seconds:.3} s ({:.1} Mnps)",
            nodes as f64 / seconds / 1e6
        );
    }
}
