//! Notation: FEN, SAN, UCI action tokens and PGN, checked against fixed cases, the
//! perft data files and (for FEN and SAN texts) shakmaty as an independent oracle.

use alfiere::notation::fen::{self, FenError, FenProblem, MAX_FEN_LEN, STARTING_FEN};
use alfiere::notation::pgn::{self, PgnError, PgnGame, PgnMove};
use alfiere::notation::san::{self, SanError};
use alfiere::notation::uci::{self, UciActionError};
use alfiere::{
    Action, ActionList, Chess, Color, EndReason, Position, PositionProblem, Record, RecordError,
    Square,
};
use std::collections::BTreeMap;
use std::path::PathBuf;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn data_fens() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data");
    let mut fens = Vec::new();
    for name in ["chess-standard.perft", "chess.perft"] {
        let text = std::fs::read_to_string(dir.join(name)).expect("perft data file");
        for line in text.lines() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            fens.push(line.split(';').next().unwrap().trim().to_string());
        }
    }
    assert!(fens.len() >= 46, "{} FENs", fens.len());
    fens
}

fn pos(fen: &str) -> Chess {
    fen::read_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(game: &Chess) -> Vec<Action> {
    let mut list = ActionList::new();
    game.legal_actions(&mut list);
    list.to_vec()
}

fn play_san(game: &Chess, text: &str) -> Chess {
    let action = san::parse_san(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut next = game.clone();
    next.play(&action).unwrap();
    next
}

fn after(fen: &str, moves: &[&str]) -> Chess {
    moves.iter().fold(pos(fen), |g, m| play_san(&g, m))
}

/// The position problems of a FEN that must fail.
fn fen_err(text: &str) -> FenError {
    match fen::read_fen::<Chess>(text) {
        Ok(_) => panic!("{text:?} was accepted"),
        Err(e) => e,
    }
}

fn syntax_fields(e: &FenError) -> Vec<&'static str> {
    e.problems
        .iter()
        .filter_map(|p| match p {
            FenProblem::Syntax { field, .. } => Some(*field),
            FenProblem::Position(_) => None,
        })
        .collect()
}

/// shakmaty's view of a FEN.
fn shakmaty_pos(fen: &str) -> shakmaty::Chess {
    use shakmaty::{fen::Fen, CastlingMode};
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("shakmaty refuses {fen}: {e}"))
}

/// shakmaty's FEN (e.p. square only with a legal capture) and SAN by UCI token.
fn shakmaty_view(fen: &str) -> (String, BTreeMap<String, String>) {
    use shakmaty::{fen::Fen, san::SanPlus, CastlingMode, EnPassantMode, Position};
    let p = shakmaty_pos(fen);
    let fen_text = Fen::from_position(&p, EnPassantMode::Legal).to_string();
    let sans = p
        .legal_moves()
        .into_iter()
        .map(|m| {
            (
                m.to_uci(CastlingMode::Standard).to_string(),
                SanPlus::from_move(p.clone(), m).to_string(),
            )
        })
        .collect();
    (fen_text, sans)
}

/// A small deterministic random generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Checks every SAN of a position: ours against shakmaty, and that strict and
/// lenient reading give the same action back. Returns the number of actions.
fn check_san_of_position(game: &Chess) -> usize {
    let fen_text = fen::write_fen(game);
    let (_, theirs) = shakmaty_view(&fen_text);
    let actions = legal(game);
    assert_eq!(actions.len(), theirs.len(), "{fen_text}");
    for action in &actions {
        let token = uci::action_to_uci(action);
        let text = san::write_san(game, action);
        assert_eq!(
            Some(&text),
            theirs.get(&token),
            "SAN of {token} in {fen_text}"
        );
        assert_eq!(
            san::parse_san_strict(game, &text),
            Ok(*action),
            "strict {text} in {fen_text}"
        );
        assert_eq!(
            san::parse_san(game, &text),
            Ok(*action),
            "lenient {text} in {fen_text}"
        );
        // Lenient reading takes the UCI token too; the UCI layer round-trips.
        assert_eq!(san::parse_san(game, &token), Ok(*action), "{token}");
        assert_eq!(uci::parse_action(game, &token), Ok(*action), "{token}");
        // Without its suffix: lenient yes, strict only if there was no suffix.
        let plain = san::write_san_plain(game, action);
        assert!(text.starts_with(&plain));
        assert_eq!(san::parse_san(game, &plain), Ok(*action));
        if plain != text {
            assert!(
                matches!(
                    san::parse_san_strict(game, &plain),
                    Err(SanError::Invalid(_))
                ),
                "strict accepted {plain} for {text} in {fen_text}"
            );
        }
    }
    actions.len()
}

// ---------------------------------------------------------------------------
// FEN
// ---------------------------------------------------------------------------

#[test]
fn fen_round_trip_on_data_files() {
    for original in data_fens() {
        let game: Chess = pos(&original);
        let written = fen::write_fen(&game);
        // Normalize the e.p. field: kept only if a legal e.p. capture exists.
        let fields: Vec<&str> = original.split_whitespace().collect();
        let has_ep_capture = legal(&game)
            .iter()
            .any(|a| matches!(a, Action::EnPassant { .. }));
        let mut expected: Vec<&str> = fields.clone();
        if !has_ep_capture {
            expected[3] = "-";
        }
        assert_eq!(written, expected.join(" "), "{original}");
        // write -> read -> write is a fixed point, and the positions are equal.
        let again: Chess = pos(&written);
        assert_eq!(fen::write_fen(&again), written);
        assert_eq!(again, game, "{original}");
        // shakmaty writes the same text.
        assert_eq!(shakmaty_view(&original).0, written);
    }
}

#[test]
fn fen_en_passant_field_is_normalized() {
    // A legal e.p. capture: the square is kept.
    let kept = "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(fen::write_fen(&pos(kept)), kept);
    // After a double step with no pawn to capture: dropped.
    let none = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(
        fen::write_fen(&pos(none)),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // A capturer exists but taking would expose its king along the rank: dropped.
    let pinned = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
    assert!(!legal(&pos(pinned))
        .iter()
        .any(|a| matches!(a, Action::EnPassant { .. })));
    assert_eq!(
        fen::write_fen(&pos(pinned)),
        "8/8/8/K2pP2r/8/8/8/7k w - - 0 1"
    );
    // Positions that differ only by an unusable e.p. square are the same position.
    assert_eq!(
        pos(pinned).zobrist(),
        pos("8/8/8/K2pP2r/8/8/8/7k w - - 0 1").zobrist()
    );
    assert_ne!(
        pos(kept).zobrist(),
        pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").zobrist()
    );
}

#[test]
fn fen_and_san_match_shakmaty_along_random_games() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    let mut ep_positions = 0;
    let mut starts = data_fens();
    // Openings rich in double steps, for e.p. squares.
    starts.push("rnbqkbnr/pp1ppppp/8/8/2pPP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 3".to_string());
    for (i, start) in starts.iter().enumerate() {
        let mut game = pos(start);
        let mut theirs = shakmaty_pos(start);
        for _ in 0..40 + i % 30 {
            let actions = legal(&game);
            if actions.is_empty() {
                break;
            }
            let written = fen::write_fen(&game);
            assert_eq!(
                written,
                shakmaty::fen::Fen::from_position(&theirs, shakmaty::EnPassantMode::Legal)
                    .to_string()
            );
            assert_eq!(fen::write_fen(&pos(&written)), written);
            if written.split_whitespace().nth(3) != Some("-") {
                ep_positions += 1;
            }
            positions += 1;
            // Prefer pawn double steps now and then, to create e.p. chances.
            let doubles: Vec<&Action> = actions
                .iter()
                .filter(|a| {
                    matches!(a, Action::Normal { role: alfiere::Role::Pawn, from, to, .. }
                        if from.rank().index().abs_diff(to.rank().index()) == 2)
                })
                .collect();
            let action = if !doubles.is_empty() && rng.below(2) == 0 {
                *doubles[rng.below(doubles.len())]
            } else {
                actions[rng.below(actions.len())]
            };
            let token = uci::action_to_uci(&action);
            let their_move = token
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&theirs)
                .unwrap_or_else(|e| panic!("{token} in {written}: {e}"));
            let their_san = shakmaty::san::SanPlus::from_move(theirs.clone(), their_move);
            assert_eq!(san::write_san(&game, &action), their_san.to_string());
            shakmaty::Position::play_unchecked(&mut theirs, their_move);
            game.play(&action).unwrap();
        }
    }
    assert!(positions > 1500, "{positions}");
    assert!(ep_positions >= 5, "only {ep_positions} positions with e.p.");
}

#[test]
fn fen_lists_every_problem() {
    use Color::{Black, White};
    // Two white kings AND a pawn on rank 1.
    let e = fen_err("4k3/8/8/8/8/8/8/P3KK2 w - - 0 1");
    assert!(e
        .problems
        .contains(&FenProblem::Position(PositionProblem::TooManyKings(White))));
    assert!(e
        .problems
        .contains(&FenProblem::Position(PositionProblem::PawnOnBackRank(
            Square::A1
        ))));
    assert_eq!(e.problems.len(), 2, "{e}");
    // Pawns on both back ranks, both listed.
    let e = fen_err("P3k3/8/8/8/8/8/8/4K2p w - - 0 1");
    assert!(e
        .problems
        .contains(&FenProblem::Position(PositionProblem::PawnOnBackRank(
            Square::A8
        ))));
    assert!(e
        .problems
        .contains(&FenProblem::Position(PositionProblem::PawnOnBackRank(
            Square::H1
        ))));
    // Missing kings.
    let e = fen_err("8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        e.problems,
        vec![FenProblem::Position(PositionProblem::MissingKing(Black))]
    );
    let e = fen_err("8/8/8/8/8/8/8/8 w - - 0 1");
    assert!(e
        .problems
        .contains(&FenProblem::Position(PositionProblem::MissingKing(White))));
    assert!(e
        .problems
        .contains(&FenProblem::Position(PositionProblem::MissingKing(Black))));
    // The side not to move is in check.
    let e = fen_err("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        e.problems,
        vec![FenProblem::Position(PositionProblem::OppositeCheck)]
    );
    assert!(fen::read_fen::<Chess>("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1").is_ok());
    // Castling rights with the rooks moved: one problem per right.
    let e = fen_err("r3k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    let mut bad: Vec<Square> = e
        .problems
        .iter()
        .map(|p| match p {
            FenProblem::Position(PositionProblem::BadCastlingRight(sq)) => *sq,
            other => panic!("unexpected {other}"),
        })
        .collect();
    bad.sort();
    assert_eq!(bad, vec![Square::A1, Square::H1]);
    // With the king moved, every right of that side is bad.
    let e = fen_err("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1");
    assert_eq!(e.problems.len(), 2, "{e}");
    // Impossible e.p. squares: no pawn that double-stepped, wrong rank, occupied.
    for fen_text in [
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1",
        "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
    ] {
        let e = fen_err(fen_text);
        assert!(
            e.problems
                .iter()
                .any(|p| matches!(p, FenProblem::Position(PositionProblem::BadEnPassant(_)))),
            "{fen_text}: {e}"
        );
    }
    // Three checkers.
    let e = fen_err("4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1");
    assert!(e
        .problems
        .contains(&FenProblem::Position(PositionProblem::ImpossibleCheck)));
    // Too many pieces.
    let e = fen_err("4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/4K3 w - - 0 1");
    assert!(e
        .problems
        .contains(&FenProblem::Position(PositionProblem::TooManyPieces(White))));
}

#[test]
fn fen_syntax_errors() {
    let cases: &[(&str, &str)] = &[
        // 7 ranks.
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board"),
        // 9 squares in a rank.
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "board",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1R w KQkq - 0 1",
            "board",
        ),
        // 7 squares in a rank.
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "board",
        ),
        // A misplaced '|' (board-B marker) with a short rank, and with a full one.
        ("4k3/8/8/8/8/8/8/4K2| w - - 0 1", "board"),
        ("4k3/8/8/8/8/8/8/4K|3 w - - 0 1", "board"),
        ("4k3/8/8/8/8/8/8/|4K3 w - - 0 1", "board"),
        // Bad piece letter.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "board",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "board",
        ),
        // Bad side.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
            "side to move",
        ),
        // Bad castling letter.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
            "castling",
        ),
        // Bad e.p. square.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
        ),
        // Bad numbers.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one",
            "fullmove number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999",
            "fullmove number",
        ),
        // Empty, blank.
        ("", "fen"),
        ("   \t ", "fen"),
        // Too many fields.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x y",
            "fen",
        ),
    ];
    for (text, field) in cases {
        let e = fen_err(text);
        assert!(
            syntax_fields(&e).contains(field),
            "{text:?}: expected a '{field}' problem, got {e}"
        );
        // Syntax errors stop before position validation.
        assert!(
            e.problems
                .iter()
                .all(|p| matches!(p, FenProblem::Syntax { .. })),
            "{text:?}: {e}"
        );
        assert_eq!(e.fen, *text);
        let shown = e.to_string();
        assert!(shown.contains(&format!("'{text}'")), "{shown}");
    }

    // Ranks so long that a narrow square counter would overflow (and wrap to 8).
    for rank in [
        "8".repeat(33),
        format!("{}4K3", "8".repeat(32)),
        "p".repeat(300),
        format!("{}K7", "1".repeat(255)),
    ] {
        let text = format!("4k3/8/8/8/8/8/8/{rank} w - - 0 1");
        let e = fen_err(&text);
        assert!(syntax_fields(&e).contains(&"board"), "{e}");
    }
    // A bad letter at the end of a full rank is one problem, not two.
    let e = fen_err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRX w KQkq - 0 1");
    assert_eq!(e.problems.len(), 1, "{e}");

    // Several syntax problems at once are all listed.
    let e = fen_err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP x KQkq - zero 0x");
    let fields = syntax_fields(&e);
    for field in ["board", "side to move", "halfmove clock", "fullmove number"] {
        assert!(fields.contains(&field), "{field} missing from {e}");
    }
    let e = fen_err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1 ");
    assert_eq!(e.problems.len(), 1);
    assert!(e.to_string().contains("'X'"), "{e}");

    // A 10 KB string: refused at once, quoted cut.
    let long = format!("{STARTING_FEN}{}", " 1".repeat(5_000));
    let e = fen_err(&long);
    assert_eq!(syntax_fields(&e), vec!["fen"]);
    assert!(e.fen.chars().count() <= MAX_FEN_LEN);
    assert!(e.to_string().contains(STARTING_FEN));
    assert!(e.to_string().len() < MAX_FEN_LEN + 200);
    let long = "x".repeat(10 * 1024);
    assert!(fen::read_fen::<Chess>(&long).is_err());
    // Multi-byte text at the length limit does not panic.
    let long = "é".repeat(MAX_FEN_LEN);
    let e = fen_err(&long);
    assert!(e.to_string().starts_with("invalid FEN '"));
    // A board of one rank is counted in the singular.
    let e = fen_err("8 w - - 0 1");
    assert!(
        e.to_string()
            .ends_with("board: 1 rank, expected 8 separated by '/'"),
        "{e}"
    );
    // Non-ASCII junk in every field.
    let e = fen_err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♜ ♚ ☃ é ½ ¾");
    assert!(e.problems.len() >= 4, "{e}");
}

#[test]
fn fen_display_quotes_the_fen() {
    let text = "4k3/8/8/8/8/8/8/P3KK2 w - - 0 1";
    let shown = fen_err(text).to_string();
    assert!(shown.contains(&format!("'{text}'")), "{shown}");
    assert!(shown.contains("white has more than one king"), "{shown}");
    assert!(shown.contains("a1"), "{shown}");
}

#[test]
fn fen_accepts_short_forms() {
    // Missing clocks default to 0 1.
    let g = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    assert_eq!(fen::write_fen(&g), STARTING_FEN);
    assert_eq!(pos(STARTING_FEN), Chess::start());
    // Large clocks survive; a fullmove number of 0 reads as 1.
    let clocks = "4k3/8/8/8/8/8/8/R3K3 w Q - 149 300";
    assert_eq!(fen::write_fen(&pos(clocks)), clocks);
    assert_eq!(pos(clocks).halfmove_clock(), 149);
    assert_eq!(pos(clocks).fullmove_number(), 300);
    assert_eq!(
        fen::write_fen(&pos("4k3/8/8/8/8/8/8/R3K3 b Q - 0 0")),
        "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1"
    );
    // Extra blanks between fields.
    let g = pos("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  0   1 ");
    assert_eq!(g, Chess::start());
}

// ---------------------------------------------------------------------------
// SAN
// ---------------------------------------------------------------------------

#[test]
fn san_round_trip_on_every_data_position() {
    let mut total = 0;
    for fen_text in data_fens() {
        let game = pos(&fen_text);
        total += check_san_of_position(&game);
        // And one ply deeper.
        for action in legal(&game).iter() {
            let mut child = game.clone();
            child.play(action).unwrap();
            total += check_san_of_position(&child);
        }
    }
    assert!(total > 40_000, "{total}");
}

#[test]
fn san_disambiguation() {
    // Two knights on one file: by rank.
    let g = pos("4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1");
    let sans: Vec<String> = legal(&g).iter().map(|a| san::write_san(&g, a)).collect();
    assert!(sans.contains(&"N5f3".to_string()), "{sans:?}");
    assert!(sans.contains(&"N1f3".to_string()), "{sans:?}");
    assert!(sans.contains(&"N1h3".to_string()), "{sans:?}");
    assert!(sans.contains(&"N5h3".to_string()), "{sans:?}");
    assert!(sans.contains(&"Ne2".to_string()), "{sans:?}");
    assert!(sans.contains(&"Ne6".to_string()), "{sans:?}");
    // Two knights on one rank: by file.
    let g = pos("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
    let a = san::parse_san_strict(&g, "Nbd2").unwrap();
    assert_eq!(a.from(), Some(Square::B1));
    let a = san::parse_san_strict(&g, "Nfd2").unwrap();
    assert_eq!(a.from(), Some(Square::F1));
    assert!(matches!(
        san::parse_san(&g, "Nd2"),
        Err(SanError::Ambiguous(_))
    ));
    // Three queens: one needs the full square.
    let g = pos("6K1/8/k7/8/7Q/8/8/4Q2Q w - - 0 1");
    let by_from: BTreeMap<String, String> = legal(&g)
        .iter()
        .filter(|a| a.to().to_string() == "e4")
        .map(|a| (a.from().unwrap().to_string(), san::write_san(&g, a)))
        .collect();
    assert_eq!(by_from["e1"], "Qee4");
    assert_eq!(by_from["h4"], "Q4e4");
    assert_eq!(by_from["h1"], "Qh1e4");
    for text in ["Qee4", "Q4e4", "Qh1e4"] {
        assert_eq!(
            san::write_san(&g, &san::parse_san_strict(&g, text).unwrap()),
            text
        );
    }
    assert!(matches!(
        san::parse_san(&g, "Qe4"),
        Err(SanError::Ambiguous(_))
    ));
    assert!(matches!(
        san::parse_san(&g, "Qhe4"),
        Err(SanError::Ambiguous(_))
    ));
    // Over-disambiguated text is fine leniently, not strictly.
    assert_eq!(
        san::parse_san(&g, "Qe1e4").unwrap(),
        san::parse_san(&g, "Qee4").unwrap()
    );
    assert!(san::parse_san_strict(&g, "Qe1e4").is_err());
    // A pinned rival does not count: only legal moves disambiguate.
    let g = pos("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
    // Nd2 is pinned by the bishop: Ng1-f3 needs no disambiguation.
    let sans: Vec<String> = legal(&g).iter().map(|a| san::write_san(&g, a)).collect();
    assert!(sans.contains(&"Nf3".to_string()), "{sans:?}");
    assert!(!sans.iter().any(|s| s.starts_with("Nd")), "{sans:?}");
}

#[test]
fn san_castling_promotion_and_suffixes() {
    let g = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let oo = san::parse_san_strict(&g, "O-O").unwrap();
    assert_eq!(uci::action_to_uci(&oo), "e1g1");
    assert_eq!(oo.castling_side(), Some(alfiere::CastlingSide::KingSide));
    let ooo = san::parse_san_strict(&g, "O-O-O").unwrap();
    assert_eq!(uci::action_to_uci(&ooo), "e1c1");
    assert_eq!(san::write_san(&g, &ooo), "O-O-O");
    // Castling with check.
    let g = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    let oo = san::parse_san_strict(&g, "O-O+").unwrap();
    assert_eq!(san::write_san(&g, &oo), "O-O+");
    // Promotions, with and without check, captures.
    let g = pos("r6k/1P6/8/8/8/8/8/7K w - - 0 1");
    let sans: Vec<String> = legal(&g).iter().map(|a| san::write_san(&g, a)).collect();
    for expected in [
        "b8=Q+", "b8=R+", "b8=B", "b8=N", "bxa8=Q+", "bxa8=R+", "bxa8=B", "bxa8=N",
    ] {
        assert!(
            sans.contains(&expected.to_string()),
            "{expected} in {sans:?}"
        );
    }
    let a = san::parse_san_strict(&g, "bxa8=N").unwrap();
    assert_eq!(a.promotion(), Some(alfiere::Role::Knight));
    assert!(a.is_capture());
    // A promotion with mate.
    let g = pos("7k/1P4R1/5K2/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        san::write_san(&g, &san::parse_san(&g, "b8=Q").unwrap()),
        "b8=Q#"
    );
    // Check and mate.
    let g = after(STARTING_FEN, &["f3", "e5", "g4"]);
    let mate = san::parse_san_strict(&g, "Qh4#").unwrap();
    assert_eq!(san::check_suffix(&g, &mate), "#");
    let g = after(STARTING_FEN, &["e4", "f5"]);
    let check = san::parse_san_strict(&g, "Qh5+").unwrap();
    assert_eq!(san::write_san(&g, &check), "Qh5+");
    assert_eq!(san::check_suffix(&g, &check), "+");
    // En passant.
    let g = after(STARTING_FEN, &["e4", "a6", "e5", "d5"]);
    let ep = san::parse_san_strict(&g, "exd6").unwrap();
    assert!(matches!(ep, Action::EnPassant { .. }));
}

#[test]
fn san_lenient_reading() {
    let start = Chess::start();
    let e4 = san::parse_san_strict(&start, "e4").unwrap();
    assert_eq!(san::parse_san(&start, "e2e4"), Ok(e4));
    assert_eq!(san::parse_san(&start, "e2-e4"), Ok(e4));
    assert_eq!(san::parse_san(&start, " e4 "), Ok(e4));
    assert_eq!(san::parse_san(&start, "e4!?"), Ok(e4));
    let nf3 = san::parse_san_strict(&start, "Nf3").unwrap();
    assert_eq!(san::parse_san(&start, "Nf3+"), Ok(nf3), "superfluous +");
    assert_eq!(san::parse_san(&start, "Nf3#"), Ok(nf3), "superfluous #");
    assert_eq!(san::parse_san(&start, "Ng1f3"), Ok(nf3));
    assert_eq!(san::parse_san(&start, "Ngf3"), Ok(nf3));
    assert_eq!(san::parse_san(&start, "N1f3"), Ok(nf3));
    assert_eq!(san::parse_san(&start, "g1f3"), Ok(nf3));
    // Castling with zeros.
    let g = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san::parse_san(&g, "0-0"), san::parse_san_strict(&g, "O-O"));
    assert_eq!(
        san::parse_san(&g, "0-0-0"),
        san::parse_san_strict(&g, "O-O-O")
    );
    assert_eq!(san::parse_san(&g, "e1g1"), san::parse_san_strict(&g, "O-O"));
    // And in small letters, as people type it.
    assert_eq!(san::parse_san(&g, "o-o"), san::parse_san_strict(&g, "O-O"));
    assert_eq!(
        san::parse_san(&g, "o-o-o+"),
        san::parse_san_strict(&g, "O-O-O")
    );
    // Coordinates as old PGN files write them: separators, marks, `=`.
    assert_eq!(
        san::parse_san(&g, "e1-g1"),
        san::parse_san_strict(&g, "O-O")
    );
    assert_eq!(
        san::parse_san(&g, "e1-c1+"),
        san::parse_san_strict(&g, "O-O-O")
    );
    assert_eq!(san::parse_san(&start, "e2e4+"), Ok(e4));
    assert_eq!(san::parse_san(&start, "e2-e4!"), Ok(e4));
    assert!(san::parse_san(&start, "e2-e5").is_err());
    let capture = after(STARTING_FEN, &["e4", "d5"]);
    let exd5 = san::parse_san_strict(&capture, "exd5").unwrap();
    assert_eq!(san::parse_san(&capture, "e4xd5"), Ok(exd5));
    assert_eq!(san::parse_san(&capture, "e4-d5"), Ok(exd5));
    assert_eq!(
        san::parse_san(&g, "e1h1"),
        san::parse_san_strict(&g, "O-O"),
        "king takes rook"
    );
    // Missing #.
    let g = after(STARTING_FEN, &["f3", "e5", "g4"]);
    assert_eq!(san::parse_san(&g, "Qh4"), san::parse_san_strict(&g, "Qh4#"));
    // Promotion without '='.
    let g = pos("4k3/1P6/8/8/8/8/8/K7 w - - 0 1");
    let b8q = san::parse_san_strict(&g, "b8=Q+").unwrap();
    assert_eq!(san::parse_san(&g, "b8Q"), Ok(b8q));
    assert_eq!(san::parse_san(&g, "b8=Q"), Ok(b8q));
    assert_eq!(san::parse_san(&g, "b7b8q"), Ok(b8q));
    assert_eq!(san::parse_san(&g, "b7-b8=Q+"), Ok(b8q));
    let g = pos("4k3/8/8/8/8/8/8/K7 w - - 0 1");
    assert!(san::parse_san(&g, "e8Q").is_err());
    let g = pos("1k6/4P3/8/8/8/8/8/K7 w - - 0 1");
    let e8q = san::parse_san(&g, "e8Q").unwrap();
    assert_eq!(san::write_san(&g, &e8q), "e8=Q+");
    // A promotion must name its piece.
    assert!(san::parse_san(&g, "e8").is_err());
    // e.p. leniently.
    let g = after(STARTING_FEN, &["e4", "a6", "e5", "d5"]);
    let ep = san::parse_san_strict(&g, "exd6").unwrap();
    assert_eq!(san::parse_san(&g, "e5d6"), Ok(ep));
    assert_eq!(san::parse_san(&g, "exd6"), Ok(ep));
}

#[test]
fn san_strict_reading_rejects_variants() {
    let start = Chess::start();
    for text in ["e2e4", "e2-e4", "Ng1f3", "Nf3+", "Pe4", "e4!"] {
        assert!(
            matches!(
                san::parse_san_strict(&start, text),
                Err(SanError::Invalid(_))
            ),
            "strict accepted {text}"
        );
    }
    let g = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(san::parse_san_strict(&g, "0-0").is_err());
    assert!(san::parse_san_strict(&g, "0-0-0").is_err());
    assert!(san::parse_san_strict(&g, "o-o").is_err());
    // A missing '+' or '#'.
    let g = after(STARTING_FEN, &["e4", "f5"]);
    assert!(matches!(
        san::parse_san_strict(&g, "Qh5"),
        Err(SanError::Invalid(_))
    ));
    let g = after(STARTING_FEN, &["f3", "e5", "g4"]);
    assert!(matches!(
        san::parse_san_strict(&g, "Qh4"),
        Err(SanError::Invalid(_))
    ));
    assert!(san::parse_san_strict(&g, "Qh4+").is_err());
    // Promotion without '='.
    let g = pos("4k3/8/1P6/8/8/8/8/K7 w - - 0 1");
    assert!(san::parse_san_strict(&g, "b7").is_ok());
    let g = pos("4k3/1P6/8/8/8/8/8/K7 w - - 0 1");
    assert!(san::parse_san_strict(&g, "b8Q+").is_err());
    // Strict errors keep their kind for illegal and ambiguous moves.
    let g = pos("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
    assert!(matches!(
        san::parse_san_strict(&g, "Nd2"),
        Err(SanError::Ambiguous(_))
    ));
    assert!(matches!(
        san::parse_san_strict(&start, "Nf6"),
        Err(SanError::Illegal(_))
    ));
}

#[test]
fn san_errors() {
    let start = Chess::start();
    for text in [
        "Zz9", "", " ", "e", "e9", "i4", "Nf", "Kx", "O-O-O-O", "♘f3", "e4e5e6", "N@", "=", "=K",
        "xx", "@",
    ] {
        assert!(
            matches!(san::parse_san(&start, text), Err(SanError::Invalid(_))),
            "{text:?}: {:?}",
            san::parse_san(&start, text)
        );
        assert!(san::parse_san_strict(&start, text).is_err());
    }
    assert!(matches!(
        san::parse_san(&start, "Zz9"),
        Err(SanError::Invalid(t)) if t == "Zz9"
    ));
    assert_eq!(
        san::parse_san(&start, "Nf6"),
        Err(SanError::Illegal("Nf6".to_string()))
    );
    for text in [
        "e5", "Ke2", "O-O", "Nd2", "exd5", "Bc4", "e2e5", "N@e4", "@e4",
    ] {
        assert!(
            matches!(san::parse_san(&start, text), Err(SanError::Illegal(_))),
            "{text:?}: {:?}",
            san::parse_san(&start, text)
        );
    }
    let g = pos("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1");
    assert_eq!(
        san::parse_san(&g, "Nd2"),
        Err(SanError::Ambiguous("Nd2".to_string()))
    );
    // Long input is cut in the error.
    let long = "N".repeat(10_000);
    match san::parse_san(&start, &long) {
        Err(SanError::Invalid(t)) => assert!(t.len() <= 64),
        other => panic!("{other:?}"),
    }
    // Displays.
    assert!(SanError::Illegal("Nf6".into()).to_string().contains("Nf6"));
    assert!(SanError::Ambiguous("Nd2".into())
        .to_string()
        .contains("ambiguous"));
}

#[test]
fn record_is_unchanged_after_errors() {
    let mut record = Record::new(Chess::start());
    let e4 = san::parse_san(record.current(), "e4").unwrap();
    record.play(&e4).unwrap();
    let before = record.current().clone();
    // A move of the wrong side, and a SAN error (the API cannot change anything).
    let nf3 = san::parse_san(&Chess::start(), "Nf3").unwrap();
    assert!(san::parse_san(record.current(), "Nf3").is_err());
    assert!(matches!(record.play(&nf3), Err(RecordError::Illegal(_))));
    assert_eq!(record.current(), &before);
    assert_eq!(record.len(), 1);
    // An action that was legal a move ago.
    assert!(matches!(record.play(&e4), Err(RecordError::Illegal(_))));
    assert_eq!(record.current(), &before);
    // A made-up action.
    let bogus = Action::Normal {
        role: alfiere::Role::Queen,
        from: Square::D8,
        to: Square::D1,
        capture: Some(alfiere::Role::Queen),
        promotion: None,
    };
    assert!(record.play(&bogus).is_err());
    assert_eq!(record.current(), &before);
    assert_eq!(record.len(), 1);
    // After mate, nothing more.
    for m in ["e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
        let a = san::parse_san(record.current(), m).unwrap();
        record.play(&a).unwrap();
    }
    let mated = record.current().clone();
    let outcome = record.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert!(matches!(
        san::parse_san(record.current(), "Ke7"),
        Err(SanError::Illegal(_))
    ));
    assert!(matches!(record.play(&e4), Err(RecordError::GameOver(_))));
    assert_eq!(record.current(), &mated);
    assert_eq!(record.len(), 7);
}

// ---------------------------------------------------------------------------
// UCI tokens
// ---------------------------------------------------------------------------

#[test]
fn uci_token_errors() {
    let start = Chess::start();
    for token in [
        "e9e4", "e2", "e2e4qq", "", "i2i4", "e2e4k", "e2e4p", "e2 e4", " e2e4", "K@e4", "@e4",
        "é2e4", "e2e4\0",
    ] {
        assert!(
            matches!(
                uci::parse_action(&start, token),
                Err(UciActionError::Invalid(_))
            ),
            "{token:?}: {:?}",
            uci::parse_action(&start, token)
        );
        assert!(!uci::is_well_formed(token), "{token:?}");
    }
    // Well-formed but illegal.
    for token in [
        "N@e4", "P@e4", "e2e5", "e1g1", "e7e5", "a1a1", "e2e4q", "g1f3q",
    ] {
        assert!(uci::is_well_formed(token), "{token}");
        assert!(
            matches!(
                uci::parse_action(&start, token),
                Err(UciActionError::Illegal(_))
            ),
            "{token:?}: {:?}",
            uci::parse_action(&start, token)
        );
    }
    // A promotion must name its piece.
    let g = pos("4k3/1P6/8/8/8/8/8/K7 w - - 0 1");
    assert!(matches!(
        uci::parse_action(&g, "b7b8"),
        Err(UciActionError::Illegal(_))
    ));
    let g2 = pos("1k6/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert!(matches!(
        uci::parse_action(&g2, "e7e8"),
        Err(UciActionError::Illegal(t)) if t == "e7e8"
    ));
    assert!(uci::parse_action(&g2, "e7e8q").is_ok());
    let q = uci::parse_action(&g, "b7b8q").unwrap();
    assert_eq!(q.promotion(), Some(alfiere::Role::Queen));
    assert_eq!(uci::parse_action(&g, "b7b8Q"), Ok(q), "uppercase letter");
    let n = uci::parse_action(&g, "b7b8n").unwrap();
    assert_eq!(n.promotion(), Some(alfiere::Role::Knight));
    // Castling: king's move and king-takes-rook both work.
    let g = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let oo = uci::parse_action(&g, "e8g8").unwrap();
    assert_eq!(uci::parse_action(&g, "e8h8"), Ok(oo));
    assert_eq!(uci::action_to_uci(&oo), "e8g8");
    assert_eq!(
        uci::action_to_uci(&uci::parse_action(&g, "e8a8").unwrap()),
        "e8c8"
    );
    // Long garbage is cut in the error.
    match uci::parse_action(&start, &"e2e4".repeat(1000)) {
        Err(UciActionError::Invalid(t)) => assert!(t.len() <= 16),
        other => panic!("{other:?}"),
    }
    assert!(UciActionError::Illegal("N@e4".into())
        .to_string()
        .contains("N@e4"));
}

#[test]
fn uci_tokens_round_trip_on_data_positions() {
    for fen_text in data_fens() {
        let g = pos(&fen_text);
        let (_, theirs) = shakmaty_view(&fen_text);
        let ours: Vec<String> = legal(&g).iter().map(uci::action_to_uci).collect();
        let mut sorted = ours.clone();
        sorted.sort();
        assert_eq!(
            sorted,
            theirs.keys().cloned().collect::<Vec<_>>(),
            "{fen_text}"
        );
        for (action, token) in legal(&g).iter().zip(&ours) {
            assert_eq!(uci::parse_action(&g, token), Ok(*action));
        }
    }
}

// ---------------------------------------------------------------------------
// PGN
// ---------------------------------------------------------------------------

const MULTI: &str = r#"% An escape line, ignored.
[Event "Test one"]
[Site "Somewhere"]
[Date "2024.05.01"]
[Round "1"]
[White "Alpha"]
[Black "Beta"]
[Result "1-0"]
[Annotator "Tester \"Q\""]

{Before the first move} 1. e4 e5 $1 {A fine reply} (1... c5 {Sicilian} 2. Nf3 (2. Nc3 Nc6 3. f4) 2... d6) 2. Qh5 ; a line comment
Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0

[Event "Test two"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "7k/8/8/8/8/8/8/K5Q1 b - - 10 40"]

40... Kh7 41. Kb2 Kh8 42. Qg6 1/2-1/2

[Event "Test three"]
[Result "*"]

1. e2e4 e7e5 2. Ng1f3 Nc6 3. Bb5 a6 4. 0-0 Nf6 5. Re1+ {not check} *
"#;

#[test]
fn pgn_reads_a_multi_game_file() {
    let games = pgn::read_pgn::<Chess>(MULTI).unwrap();
    assert_eq!(games.len(), 3);

    let g1 = &games[0];
    assert_eq!(g1.tag("Event"), Some("Test one"));
    assert_eq!(g1.tag("White"), Some("Alpha"));
    assert_eq!(g1.tag("Annotator"), Some("Tester \"Q\""));
    assert_eq!(g1.tag("Nope"), None);
    assert_eq!(g1.tags.len(), 8);
    assert_eq!(g1.start, Chess::start());
    assert_eq!(g1.comment_before, vec!["Before the first move"]);
    let sans: Vec<&str> = g1.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    assert_eq!(g1.moves[1].nags, vec![1]);
    assert_eq!(g1.moves[1].comments, vec!["A fine reply"]);
    assert_eq!(g1.moves[2].comments, vec!["a line comment"]);
    assert_eq!(g1.moves[5].nags, vec![4], "?? is NAG 4");
    assert_eq!(g1.result.as_deref(), Some("1-0"));
    // The variation on 1...e5, with its own nested variation on 2.Nf3.
    assert_eq!(g1.moves[1].variations.len(), 1);
    let var = &g1.moves[1].variations[0];
    let var_sans: Vec<&str> = var.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(var_sans, ["c5", "Nf3", "d6"]);
    assert_eq!(var.moves[0].comments, vec!["Sicilian"]);
    let nested = &var.moves[1].variations[0];
    let nested_sans: Vec<&str> = nested.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(nested_sans, ["Nc3", "Nc6", "f4"]);
    // Variation actions are legal in their own positions.
    let c5 = san::parse_san(&after(STARTING_FEN, &["e4"]), "c5").unwrap();
    assert_eq!(var.moves[0].actions, vec![c5]);
    let record = g1.main_line();
    assert_eq!(record.len(), 7);
    let outcome = record.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, EndReason::Checkmate);

    let g2 = &games[1];
    assert_eq!(fen::write_fen(&g2.start), "7k/8/8/8/8/8/8/K5Q1 b - - 10 40");
    assert_eq!(g2.moves.len(), 4);
    assert_eq!(g2.moves[3].san, "Qg6");
    let record = g2.main_line();
    let outcome = record.outcome().unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, EndReason::Stalemate);

    let g3 = &games[2];
    let sans: Vec<&str> = g3.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(
        sans,
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "Nf6", "Re1"]
    );
    assert_eq!(g3.moves[8].comments, vec!["not check"]);
    assert_eq!(g3.result.as_deref(), Some("*"));
    assert!(g3.main_line().outcome().is_none());
}

#[test]
fn pgn_to_pgn_round_trip_keeps_annotations() {
    let games = pgn::read_pgn::<Chess>(MULTI).unwrap();
    let mut all = String::new();
    for game in &games {
        let text = game.to_pgn();
        // Strict SAN is written, whatever the input had.
        assert!(!text.contains("0-0"), "{text}");
        assert!(!text.contains("e2e4"), "{text}");
        let again = pgn::read_pgn::<Chess>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.len(), 1);
        assert_eq!(&again[0], game, "{text}");
        // And the written text is a fixed point.
        assert_eq!(again[0].to_pgn(), text);
        all.push_str(&text);
        all.push('\n');
    }
    let text = games[0].to_pgn();
    assert!(text.contains("{A fine reply}"), "{text}");
    assert!(text.contains("$1"), "{text}");
    assert!(text.contains("(1... c5"), "{text}");
    assert!(text.contains("(2. Nc3"), "{text}");
    assert!(text.contains("Qxf7# 1-0"), "{text}");
    // The set-up game starts with Black's move number.
    assert!(
        games[1].to_pgn().contains("40... Kh7"),
        "{}",
        games[1].to_pgn()
    );
    // Concatenated, the games read back as the same three.
    assert_eq!(pgn::read_pgn::<Chess>(&all).unwrap(), games);
}

fn play_all(start: Chess, moves: &[&str]) -> Record<Chess> {
    let mut record = Record::new(start);
    for m in moves {
        let a = san::parse_san(record.current(), m).unwrap_or_else(|e| panic!("{m}: {e}"));
        record.play(&a).unwrap();
    }
    record
}

fn tag_lines(text: &str) -> Vec<(String, String)> {
    text.lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| {
            let inner = &l[1..l.len() - 1];
            let (name, value) = inner.split_once(' ').unwrap();
            (name.to_string(), value.trim_matches('"').to_string())
        })
        .collect()
}

fn assert_written_game(record: &Record<Chess>, tags: &[(String, String)], result: &str) {
    let text = pgn::write_record(record, tags);
    let written = tag_lines(&text);
    let names: Vec<&str> = written.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        &names[..7],
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"],
        "{text}"
    );
    assert_eq!(written[6].1, result, "{text}");
    assert!(
        text.trim_end().ends_with(result),
        "movetext must end with {result}: {text}"
    );
    let games = pgn::read_pgn::<Chess>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1);
    let actions: Vec<Action> = games[0]
        .moves
        .iter()
        .flat_map(|m| m.actions.clone())
        .collect();
    assert_eq!(actions, record.actions().copied().collect::<Vec<_>>());
    assert_eq!(&games[0].start, record.start());
    assert_eq!(games[0].main_line().outcome(), record.outcome());
}

#[test]
fn pgn_write_record() {
    let tags = vec![
        ("White".to_string(), "Me".to_string()),
        ("Event".to_string(), "Club".to_string()),
        ("Result".to_string(), "1-0".to_string()), // overridden by the outcome
        ("ECO".to_string(), "A00".to_string()),
    ];
    // Black mates.
    let fools = play_all(Chess::start(), &["f3", "e5", "g4", "Qh4#"]);
    assert_written_game(&fools, &tags, "0-1");
    let text = pgn::write_record(&fools, &tags);
    let written = tag_lines(&text);
    assert!(written.contains(&("White".into(), "Me".into())));
    assert!(written.contains(&("Event".into(), "Club".into())));
    assert!(written.contains(&("Black".into(), "?".into())));
    assert!(written.contains(&("Date".into(), "????.??.??".into())));
    assert!(written.contains(&("ECO".into(), "A00".into())));
    assert_eq!(written.iter().filter(|(n, _)| n == "Result").count(), 1);
    assert!(!text.contains("SetUp"), "{text}");
    assert!(text.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{text}");

    // White mates.
    let scholar = play_all(
        Chess::start(),
        &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"],
    );
    assert_written_game(&scholar, &[], "1-0");

    // Stalemate (Sam Loyd's ten-move stalemate).
    let stalemate = play_all(
        Chess::start(),
        &[
            "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7",
            "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
        ],
    );
    assert_eq!(
        stalemate.outcome().map(|o| o.reason),
        Some(EndReason::Stalemate)
    );
    assert_written_game(&stalemate, &[], "1/2-1/2");

    // Unfinished.
    let open = play_all(Chess::start(), &["d4", "d5", "c4"]);
    assert_written_game(&open, &[], "*");
    // No moves at all.
    assert_written_game(&Record::new(Chess::start()), &[], "*");

    // A non-standard start, Black to move: SetUp and FEN.
    let start_fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 17";
    let endgame = play_all(pos(start_fen), &["Kd7", "e4", "Ke6"]);
    let text = pgn::write_record(&endgame, &[]);
    let written = tag_lines(&text);
    assert!(written.contains(&("SetUp".into(), "1".into())), "{text}");
    assert!(
        written.contains(&("FEN".into(), start_fen.into())),
        "{text}"
    );
    assert!(text.contains("17... Kd7 18. e4 Ke6"), "{text}");
    assert_written_game(&endgame, &[], "*");
    // A draw by insufficient material after a capture.
    let bare = play_all(pos("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"), &["Kxd2"]);
    assert_eq!(
        bare.outcome().map(|o| o.reason),
        Some(EndReason::InsufficientMaterial)
    );
    assert_written_game(&bare, &[], "1/2-1/2");
}

/// The 1-based column of `needle` in a one-line ASCII text.
fn col(text: &str, needle: &str) -> usize {
    text.find(needle).unwrap() + 1
}

fn pgn_err(text: &str) -> PgnError {
    match pgn::read_pgn::<Chess>(text) {
        Ok(games) => panic!("accepted {} games from {text}", games.len()),
        Err(e) => e,
    }
}

#[test]
fn pgn_illegal_move_in_the_second_of_three_games() {
    let text = "[Event \"one\"]\n\n1. e4 e5 2. Nf3 *\n\n\
                [Event \"two\"]\n\n1. d4 d5\n2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7\n5. e3 Ke7 6. Nf3 *\n\n\
                [Event \"three\"]\n\n1. c4 *\n";
    let e = pgn_err(text);
    assert_eq!(e.game, 2, "{e}");
    // `Ke7` on line 9: "5. e3 Ke7 6. Nf3 *" -> column 7.
    let line_text = text.lines().nth(e.line - 1).unwrap();
    assert_eq!((e.line, e.column), (9, 7), "{e}: {line_text:?}");
    assert!(line_text[e.column - 1..].starts_with("Ke7"));
    assert!(e.message.contains("Ke7"), "{e}");
    let shown = e.to_string();
    assert!(shown.contains("game 2"), "{shown}");
    assert!(shown.contains("line 9"), "{shown}");
    assert!(shown.contains("column 7"), "{shown}");
}

#[test]
fn pgn_errors_inside_variations_and_syntax() {
    // An illegal move deep in a variation.
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 3. Bb9) d6) 2. Nf3 *";
    let e = pgn_err(text);
    assert_eq!((e.game, e.line, e.column), (1, 1, col(text, "Bb9")), "{e}");
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6 3. Bb5) d6) 2. Nf3 *";
    assert!(pgn::read_pgn::<Chess>(text).is_ok());
    // A legal token that is illegal in the variation's position (White to move).
    let text = "1. e4 e5 2. Nf3 (2... Nc6) *";
    let e = pgn_err(text);
    assert_eq!((e.line, e.column), (1, col(text, "Nc6")), "{e}");
    // An ambiguous move.
    let e = pgn_err("[FEN \"4k3/8/8/8/8/8/8/1N3N1K w - - 0 1\"]\n\n1. Nd2 *");
    assert_eq!((e.game, e.line, e.column), (1, 3, 4), "{e}");
    assert!(e.message.contains("ambiguous"), "{e}");
    // Unterminated comment: where it starts.
    let e = pgn_err("[Event \"x\"]\n\n1. e4 e5\n2. Nf3 {never closed\n\n");
    assert_eq!((e.game, e.line, e.column), (0, 4, 8), "{e}");
    assert!(e.message.contains("unterminated comment"), "{e}");
    // Unbalanced parentheses.
    let e = pgn_err("1. e4 (1. d4 *");
    assert_eq!(e.game, 0, "{e}");
    // A move after checkmate is illegal.
    let text = "1. f3 e5 2. g4 Qh4# 3. Kf2 0-1";
    let e = pgn_err(text);
    assert_eq!((e.line, e.column), (1, col(text, "Kf2")), "{e}");
}

#[test]
fn pgn_bad_tags() {
    let e = pgn_err("[Event \"x\"]\n[Variant \"Nonsense\"]\n\n1. e4 *");
    assert_eq!(e.game, 1);
    assert!(e.message.contains("unknown variant"), "{e}");
    assert!(e.message.contains("Nonsense"), "{e}");
    // Another rule set's game is not read as chess.
    let e = pgn_err("[Variant \"Racing Kings\"]\n\n*");
    assert!(e.message.contains("Racing Kings"), "{e}");
    // Standard is fine.
    let games = pgn::read_pgn::<Chess>("[Variant \"Standard\"]\n\n1. e4 *").unwrap();
    assert_eq!(games[0].moves.len(), 1);
    // An invalid FEN tag: the message quotes the FEN.
    let bad = "4k3/8/8/8/8/8/8/P3KK2 w - - 0 1";
    let e = pgn_err(&format!(
        "[Event \"ok\"]\n\n1. e4 *\n\n[SetUp \"1\"]\n[FEN \"{bad}\"]\n\n*"
    ));
    assert_eq!(e.game, 2);
    assert_eq!(e.line, 5, "{e}");
    assert!(e.message.contains(bad), "{e}");
    assert!(e.message.contains("more than one king"), "{e}");
    let e = pgn_err("[FEN \"garbage\"]\n\n*");
    assert!(e.message.contains("'garbage'"), "{e}");
}

#[test]
fn pgn_odd_but_valid_input() {
    // Empty input and comments only: no games.
    assert!(pgn::read_pgn::<Chess>("").unwrap().is_empty());
    assert!(pgn::read_pgn::<Chess>("  \n{just a comment}\n")
        .unwrap()
        .is_empty());
    // No tags, no result; glued move numbers; suffix annotations.
    let games = pgn::read_pgn::<Chess>("1.e4 e5 2.Nf3!? Nc6?! 3.Bb5").unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves.len(), 5);
    assert_eq!(games[0].moves[2].nags, vec![5]);
    assert_eq!(games[0].moves[3].nags, vec![6]);
    assert_eq!(games[0].result, None);
    // Written with '*'.
    assert!(games[0].to_pgn().trim_end().ends_with("3. Bb5 *"));
    // CRLF line endings and a BOM.
    let games = pgn::read_pgn::<Chess>("\u{feff}[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n").unwrap();
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(games[0].tag("Event"), Some("x"));
}

#[test]
fn pgn_move_fields() {
    let games = pgn::read_pgn::<Chess>("1. e4 {c1} {c2} $10 $14 e5 *").unwrap();
    let m: &PgnMove = &games[0].moves[0];
    assert_eq!(m.comments, vec!["c1", "c2"]);
    assert_eq!(m.nags, vec![10, 14]);
    let game: &PgnGame<Chess> = &games[0];
    let text = game.to_pgn();
    assert!(text.contains("{c1} {c2}"), "{text}");
    assert!(text.contains("$10 $14"), "{text}");
    assert_eq!(&pgn::read_pgn::<Chess>(&text).unwrap()[0], game);
}

#[test]
fn pgn_moves_after_an_automatic_ending_are_an_error() {
    use alfiere::notation::pgn::read_pgn;
    use alfiere::Chess;
    // Mate, then one more move.
    let err = read_pgn::<Chess>("1. f3 e5 2. g4 Qh4# 3. a3 0-1").unwrap_err();
    assert_eq!((err.game, err.line, err.column), (1, 1, 24), "{err}");
    assert!(err.message.contains("after the game ended"), "{err}");
    // Fivefold repetition ends the game: the 17th move is refused.
    let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
    let text = format!("{shuffle} Nc3 *");
    let err = read_pgn::<Chess>(&text).unwrap_err();
    assert!(err.message.contains("fivefold"), "{err}");
    assert!(read_pgn::<Chess>(&format!("{shuffle} *")).is_ok());
}

#[test]
fn fen_lists_a_check_problem_together_with_other_problems() {
    use alfiere::notation::fen::{read_fen, FenProblem};
    use alfiere::{Chess, PositionProblem};
    // Black (not to move) is in check from the rook, and a white pawn stands on rank 8.
    let err = read_fen::<Chess>("P3k3/8/8/8/8/8/8/4RK2 w - - 0 1").unwrap_err();
    assert!(
        err.problems
            .contains(&FenProblem::Position(PositionProblem::OppositeCheck)),
        "{err}"
    );
    assert!(
        err.problems
            .iter()
            .any(|p| matches!(p, FenProblem::Position(PositionProblem::PawnOnBackRank(_)))),
        "{err}"
    );
}

#[test]
fn halfmove_clock_saturates_instead_of_overflowing() {
    use alfiere::notation::{fen::read_fen, san::parse_san};
    use alfiere::{Chess, Position};
    let mut pos: Chess = read_fen("4k3/8/8/8/8/8/8/R3K3 w - - 4294967295 1").unwrap();
    let action = parse_san(&pos, "Ra2").unwrap();
    pos.play_unchecked(&action);
    assert_eq!(pos.halfmove_clock(), u32::MAX);
}
