//! The run-time API (`alfiere::api::Game`, what the JS `Game` wraps): chess.js-like
//! moves and queries, typed errors that leave the game unchanged, atomic loads.

use alfiere::api::{ApiErrorKind, Game};
use alfiere::{Color, EndReason, Variant};

fn game(variant: &str) -> Game {
    Game::new(variant, None).unwrap()
}

#[test]
fn moves_by_san_uci_and_squares() {
    let mut g = game("chess");
    let e4 = g.play_text("e4").unwrap();
    assert_eq!((e4.lan.as_str(), e4.flags.as_str()), ("e2e4", "b"));
    assert!(e4.ends_turn);
    g.play_text("e7e5").unwrap();
    let nf3 = g.play_from_to("g1", "f3", None).unwrap();
    assert_eq!(nf3.san, "Nf3");
    assert_eq!(g.history().len(), 3);
    assert_eq!(g.history_uci(), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(g.turn(), Color::Black);
    let undone = g.undo().unwrap();
    assert_eq!(undone.san, "Nf3");
    assert_eq!(g.turn(), Color::White);
}

#[test]
fn verbose_moves_and_dests() {
    let g = game("chess");
    let knight = g.moves(Some("g1")).unwrap();
    let sans: Vec<&str> = knight.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans.len(), 2);
    assert!(sans.contains(&"Nf3") && sans.contains(&"Nh3"));
    let dests = g.dests();
    assert_eq!(dests.len(), 10);
    let e2 = dests.iter().find(|(k, _)| k == "e2").unwrap();
    assert_eq!(e2.1, ["e3", "e4"]);
    assert_eq!(
        g.moves(Some("z9")).unwrap_err().kind,
        ApiErrorKind::InvalidArgument
    );
}

#[test]
fn castling_by_king_or_rook_square_and_promotion_needs_a_piece() {
    let mut g = Game::new("chess", Some("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")).unwrap();
    let before = g.fen();
    let err = g.play_from_to("b7", "b8", None).unwrap_err();
    assert_eq!(err.kind, ApiErrorKind::IllegalMove);
    assert!(err.message.contains("promotion"), "{}", err.message);
    assert_eq!(g.fen(), before);
    assert_eq!(
        g.play_from_to("b7", "b8", Some("k")).unwrap_err().kind,
        ApiErrorKind::InvalidArgument
    );
    // chess.js's flags: a quiet promotion is `np`, a capturing one `cp`.
    let quiet = g.moves(Some("b7")).unwrap();
    let quiet = quiet.iter().find(|m| m.san == "b8=Q+").unwrap();
    assert_eq!(quiet.flags, "np");
    let promo = g.play_from_to("b7", "a8", Some("q")).unwrap();
    assert_eq!(promo.san, "bxa8=Q+");
    assert_eq!(promo.flags, "cp");
    g.play_text("Kf7").unwrap();
    let castle = g.play_from_to("e1", "h1", None).unwrap();
    assert_eq!((castle.san.as_str(), castle.flags.as_str()), ("O-O+", "k"));
}

#[test]
fn errors_are_typed_and_leave_the_game_unchanged() {
    let mut g = game("chess");
    g.play_text("e4").unwrap();
    let fen = g.fen();
    for bad in ["", "Ke3", "e2e4", "zz", &"x".repeat(10_000), "O-O"] {
        let err = g.play_text(bad).unwrap_err();
        assert_eq!(err.kind, ApiErrorKind::IllegalMove, "{bad}");
        assert_eq!(err.kind.name(), "IllegalMoveError");
        assert_eq!(err.kind.code(), "ILLEGAL_MOVE");
        assert_eq!(g.fen(), fen);
    }
    let err = g.load("not a fen").unwrap_err();
    assert_eq!(err.kind, ApiErrorKind::InvalidFen);
    assert_eq!(g.fen(), fen);
    assert_eq!(g.history().len(), 1);
    let err = g.load_pgn("1. e4 e5 2. Qxf7").unwrap_err();
    assert_eq!(err.kind, ApiErrorKind::InvalidPgn);
    assert!(err.message.contains("line 1"), "{}", err.message);
    assert_eq!(g.fen(), fen);
    assert_eq!(
        Game::new("shogi", None).unwrap_err().kind,
        ApiErrorKind::UnknownVariant
    );
    assert_eq!(g.claim_draw().unwrap_err().kind, ApiErrorKind::NoClaim);
    assert_eq!(g.perft(99).unwrap_err().kind, ApiErrorKind::InvalidArgument);
}

#[test]
fn endings_and_predicates() {
    let mut g = game("chess");
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(m).unwrap();
    }
    assert!(g.is_checkmate() && g.is_game_over() && g.is_check());
    assert!(!g.is_draw());
    assert_eq!(g.outcome().unwrap().winner, Some(Color::Black));
    assert_eq!(g.play_text("a3").unwrap_err().kind, ApiErrorKind::GameOver);
    assert!(g.moves(None).unwrap().is_empty());

    let mut g = game("chess");
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        g.play_text(m).unwrap();
    }
    assert!(g.is_threefold_repetition() && g.is_draw() && !g.is_game_over());
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
    assert_eq!(
        g.claim_draw().unwrap().reason,
        EndReason::ThreefoldRepetition
    );
    assert!(g.is_game_over());

    let g = Game::new("chess", Some("8/8/8/4k3/8/8/8/K7 w - - 0 1")).unwrap();
    assert!(g.is_insufficient_material() && g.is_draw());
    let g = Game::new("chess", Some("8/8/8/4k3/8/8/8/KQ6 w - - 100 80")).unwrap();
    assert!(g.is_draw_by_fifty_moves() && g.is_draw());
}

#[test]
fn pgn_round_trip_and_variant_switch() {
    let mut g = game("chess");
    for m in ["e4", "e5", "Nf3"] {
        g.play_text(m).unwrap();
    }
    let text = g.pgn(&[("White".into(), "Ann".into())]);
    assert!(text.contains("[White \"Ann\"]") && text.contains("1. e4 e5 2. Nf3"));
    let mut other = game("chess");
    other.load_pgn(&text).unwrap();
    assert_eq!(other.fen(), g.fen());
    // A [Variant] tag of another implemented rule set switches the game to it.
    let mut switched = game("chess");
    switched
        .load_pgn("[Variant \"Racing Kings\"]\n\n1. Kh3 *")
        .unwrap();
    assert_eq!(switched.variant(), Variant::RacingKings);
}

#[test]
fn every_implemented_variant_starts_and_plays() {
    for variant in Variant::ALL {
        let mut g = game(variant.id());
        assert_eq!(g.variant(), variant);
        assert!(!g.board().is_empty());
        let first = g.legal_moves()[0].clone();
        let played = g.play_text(&first).unwrap();
        assert_eq!(played.lan, first);
        assert_eq!(g.history().len(), 1);
        assert!(g.perft(2).unwrap() > 0);
        assert!(Game::validate_fen(variant, &g.fen()).is_ok());
        assert!(Game::validate_fen(variant, "8/8/8 w").is_err());
    }
}

#[test]
fn chessgi_drops_and_alice_boards() {
    let mut g = game("chessgi");
    for m in ["e4", "d5", "exd5"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.hand(Color::White).unwrap().total(), 1);
    g.play_text("Qxd5").unwrap();
    let drop = g.play_from_to("P@", "e6", None).unwrap();
    assert_eq!((drop.flags.as_str(), drop.from), ("d", None));
    assert!(g.dests().iter().any(|(k, _)| k == "P@"));

    let mut alice = game("alice");
    let e4 = alice.play_text("e4").unwrap();
    assert_eq!(e4.board, Some(alfiere::BoardId::B));
    assert!(alice.board().iter().all(|p| p.board.is_some()));
}

/// The move list is described from one move generation and one FEN; each entry must
/// equal what playing that move alone describes, and `sans` must be its SAN column.
#[test]
fn move_lists_describe_each_move_as_playing_it_does() {
    let mut seed = 0x2545_f491_u64;
    for variant in Variant::ALL {
        let mut g = game(variant.id());
        for _ in 0..40 {
            let listed = g.moves(None).unwrap();
            if listed.is_empty() {
                break;
            }
            let sans: Vec<String> = listed.iter().map(|m| m.san.clone()).collect();
            assert_eq!(g.sans(None).unwrap(), sans, "{variant:?} {}", g.fen());
            for info in &listed {
                let mut alone = g.clone();
                assert_eq!(&alone.play_text(&info.lan).unwrap(), info, "{variant:?}");
            }
            if let Some(from) = listed[0].from {
                let square = from.to_string();
                let leaving: Vec<&String> = listed
                    .iter()
                    .filter(|m| m.from == Some(from) && !m.flags.contains('d'))
                    .map(|m| &m.san)
                    .collect();
                let asked = g.sans(Some(&square)).unwrap();
                assert_eq!(asked.iter().collect::<Vec<_>>(), leaving, "{variant:?}");
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let lan = listed[(seed % listed.len() as u64) as usize].lan.clone();
            g.play_text(&lan).unwrap();
        }
    }
}

/// The outcome's words are the ones the page shows: a sentence, capitalised, with no
/// final full stop, in the rule set's own words for its own endings.
#[test]
fn outcome_text_is_one_sentence_per_reason_and_rule_set() {
    use alfiere::Outcome;
    let win = |reason| Outcome::win(Color::Black, reason);
    let draw = Outcome::draw;
    let cases = [
        (
            win(EndReason::Checkmate),
            Variant::Chess,
            "Black wins by checkmate",
        ),
        (
            draw(EndReason::Stalemate),
            Variant::Alice,
            "Draw by stalemate",
        ),
        (
            draw(EndReason::InsufficientMaterial),
            Variant::Billiards,
            "Draw by insufficient material",
        ),
        (
            draw(EndReason::SeventyFiveMoves),
            Variant::Chess,
            "Draw by the 75-move rule",
        ),
        (
            draw(EndReason::FivefoldRepetition),
            Variant::ChessGi,
            "Draw by fivefold repetition",
        ),
        (
            draw(EndReason::FiftyMoves),
            Variant::Marseillais,
            "Draw by the 50-move rule (claimed)",
        ),
        (
            draw(EndReason::ThreefoldRepetition),
            Variant::Chess,
            "Draw by threefold repetition (claimed)",
        ),
        (
            draw(EndReason::TenSeries),
            Variant::ProgressiveItalian,
            "Draw by ten series without a capture or pawn move",
        ),
        (
            Outcome::win(Color::White, EndReason::VariantWin),
            Variant::RacingKings,
            "White wins by reaching the eighth rank",
        ),
        (
            draw(EndReason::VariantDraw),
            Variant::RacingKings,
            "Draw by both kings reaching the eighth rank",
        ),
        (
            Outcome::win(Color::White, EndReason::SelfCheck),
            Variant::Avalanche,
            "White wins: Black pushed into their own check",
        ),
        (
            win(EndReason::PromotionCheck),
            Variant::Avalanche,
            "Black wins by a promoted piece attacking the king",
        ),
        (
            win(EndReason::Resignation),
            Variant::Chess,
            "Black wins by resignation",
        ),
        (
            draw(EndReason::Agreement),
            Variant::Chess,
            "Draw by agreement",
        ),
        (
            win(EndReason::TimeForfeit),
            Variant::Chess,
            "Black wins by time forfeit",
        ),
        (
            draw(EndReason::TimeForfeit),
            Variant::Chess,
            "Draw by time forfeit",
        ),
    ];
    for (outcome, variant, text) in cases {
        assert_eq!(outcome.text(variant), text, "{outcome:?} in {variant}");
    }
    // Without the rule set (errors, logs), its own endings read in general words.
    assert_eq!(
        Outcome::win(Color::White, EndReason::VariantWin).to_string(),
        "White wins by the rules of the variant"
    );
    // Through the API, as the JS `outcome()` gives it.
    let mut g = game("chess");
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(m).unwrap();
    }
    let info = g.outcome_info().unwrap();
    assert_eq!(info.text, "Black wins by checkmate");
    assert_eq!(
        g.play_text("a3").unwrap_err().message,
        "the game is over (Black wins by checkmate)"
    );
    let mut rk = game("racingkings");
    rk.load("8/6K1/8/8/8/8/k7/8 w - - 0 1").unwrap();
    rk.play_text("Kg8").unwrap();
    let text = rk.outcome_info().map(|o| o.text);
    assert_eq!(
        text.as_deref(),
        Some("White wins by reaching the eighth rank")
    );
}

/// Billiards moves whose diagonal rebounds carry their path, from the generator's
/// geometry; every other move, and every other rule set, carries none.
#[test]
fn billiards_moves_carry_their_rebound_path() {
    let fen = "7k/p7/8/8/8/8/8/2B1K3 w - - 0 1";
    let mut g = Game::new("billiards", Some(fen)).unwrap();
    let path_of = |moves: &[alfiere::api::MoveInfo], lan: &str| {
        let m = moves
            .iter()
            .find(|m| m.lan == lan)
            .unwrap_or_else(|| panic!("{lan} in {moves:?}"));
        m.path
            .as_ref()
            .map(|p| p.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    };
    let moves = g.moves(Some("c1")).unwrap();
    assert_eq!(
        path_of(&moves, "c1c5"),
        Some(vec!["c1".into(), "a3".into(), "c5".into()])
    );
    assert_eq!(path_of(&moves, "c1e3"), None);
    assert_eq!(path_of(&g.moves(Some("e1")).unwrap(), "e1e2"), None);
    let played = g.play_text("Bc5").unwrap();
    assert_eq!(played.path.as_ref().map(Vec::len), Some(3));
    assert_eq!(g.history()[0].path, played.path);
    assert_eq!(
        serde_json::to_value(&played).unwrap()["path"],
        serde_json::json!(["c1", "a3", "c5"])
    );
    // The same position in orthodox chess: the bishop cannot get there, and no move
    // has a path.
    let chess = Game::new("chess", Some(fen)).unwrap();
    assert!(chess.moves(None).unwrap().iter().all(|m| m.path.is_none()));
    assert!(serde_json::to_value(&chess.moves(None).unwrap()[0])
        .unwrap()
        .get("path")
        .is_none());
}

/// `checkers()`: each checking piece with its path to the king, bent in Billiards.
#[test]
fn checkers_with_their_paths() {
    let names = |path: &[alfiere::Square]| path.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut g = game("chess");
    assert!(g.checkers().is_empty());
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(m).unwrap();
    }
    let checks = g.checkers();
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0].square.to_string(), "h4");
    assert_eq!(names(&checks[0].path), ["h4", "e1"]);
    assert_eq!(checks[0].board, None);
    // A knight: from it to the king, no squares between.
    let knight = Game::new("chess", Some("4k3/8/3N4/8/8/8/8/4K3 b - - 0 1")).unwrap();
    assert_eq!(names(&knight.checkers()[0].path), ["d6", "e8"]);
    // Billiards: c2 checks e8 by rebounding off a4; also as plain data.
    let billiards = Game::new("billiards", Some("4k3/p7/8/8/8/8/2B5/4K3 b - - 0 1")).unwrap();
    let checks = billiards.checkers();
    assert_eq!(names(&checks[0].path), ["c2", "a4", "e8"]);
    assert_eq!(
        serde_json::to_value(&checks).unwrap(),
        serde_json::json!([{"square": "c2", "path": ["c2", "a4", "e8"]}])
    );
    // The same position in orthodox chess is no check at all.
    let chess = Game::new("chess", Some("4k3/p7/8/8/8/8/2B5/4K3 b - - 0 1")).unwrap();
    assert!(chess.checkers().is_empty());
    // Alice: the checker's board is named.
    let mut alice = game("alice");
    for m in ["e2e4", "d7d5", "f1e2", "d5e4", "e2b5"] {
        alice.play_text(m).unwrap();
    }
    let checks = alice.checkers();
    assert_eq!(checks.len(), 1);
    assert_eq!(names(&checks[0].path), ["b5", "e8"]);
    assert_eq!(checks[0].board.map(|b| b.name()), Some("a"));
}

#[test]
fn fen_problems_lists_each_problem_of_validate_fen() {
    let chess = Variant::Chess;
    // Two white kings and a pawn on rank 1: two problems, each in the error.
    let fen = "4k3/8/8/8/8/8/8/P3KK2 w - - 0 1";
    let problems = Game::fen_problems(chess, fen);
    assert!(problems.len() >= 2, "{problems:?}");
    let error = Game::validate_fen(chess, fen).unwrap_err().message;
    for problem in &problems {
        assert!(error.contains(problem.as_str()), "{problem} not in {error}");
    }
    assert!(Game::fen_problems(chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_empty());
    // Syntax problems are listed too; each rule set answers for its own state.
    assert!(!Game::fen_problems(chess, "8/8/8 w").is_empty());
    let alice = Variant::Alice;
    assert!(Game::fen_problems(alice, "4k3/8/8/8/8/8/8/4|K3 w - - 0 1").is_empty());
    assert!(!Game::fen_problems(chess, "4k3/8/8/8/8/8/8/4|K3 w - - 0 1").is_empty());
    let chessgi = Variant::ChessGi;
    assert!(Game::fen_problems(chessgi, "4k3/8/8/8/8/8/8/4K3[Qp] w - - 0 1").is_empty());
}

/// `Game::load_pgn` reads through each record's cursor (no PGN reading compiled per
/// rule set, for the WebAssembly module's size): it must give what the generic
/// reader gives, the first game's main line with its clocks, flag and notes, and
/// refuse a text with any bad game, leaving the game as it was.
#[test]
fn load_pgn_gives_the_first_game_as_the_generic_reader_does() {
    use alfiere::notation::pgn;
    use alfiere::variants::marseillais::Marseillais;
    use alfiere::Chess;

    fn same_as_generic<G: alfiere::Position>(variant: &str, text: &str) {
        let mut g = game(variant);
        g.load_pgn(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let first = &pgn::read_pgn::<G>(text).unwrap()[0];
        let record = first.main_line();
        let expected =
            pgn::write_annotated(&record, &[], &first.annotations(), pgn::set_up_fen(&record));
        assert_eq!(g.pgn(&[]), expected, "{variant}: {text}");
        assert_eq!(g.clocks(), record.clocks(), "{variant}");
        assert_eq!(g.outcome(), record.outcome(), "{variant}");
        assert_eq!(g.history().len(), record.len(), "{variant}");
    }

    let timed = "[Event \"first\"]\n[White \"Ann\"]\n[TimeControl \"60+1\"]\n\
        [Termination \"time forfeit\"]\n\n{Before} 1. e4 {[%clk 0:01:00]} 1... e5 \
        {[%clk 0:00:58]} 2. Nf3 $1 (2. Qh5 Nc6 (2... Nf6) 3. Bc4) 2... Nc6 \
        {[%clk 0:00:50] slow} 0-1\n\n[Event \"second\"]\n\n1. d4 d5 *\n";
    same_as_generic::<Chess>("chess", timed);
    let mut g = game("chess");
    g.load_pgn(timed).unwrap();
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::TimeForfeit));
    assert_eq!(g.clocks()[3], Some(50_000), "{:?}", g.clocks());
    let set_up = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n\
        40. e4 Kd7 41. e5 (41. Kd2) 41... Ke6 *\n";
    same_as_generic::<Chess>("chess", set_up);
    let series =
        "[Variant \"Marseillais\"]\n\n1. e4,d4 e5,Nc6 2. Nf3,Bc4 (2. Nc3,Nf3) 2... Nf6,d6 *\n";
    same_as_generic::<Marseillais>("marseillais", series);

    let mut g = game("chess");
    g.play_text("e4").unwrap();
    let fen = g.fen();
    for (text, said) in [
        ("1. e4 e5 *\n\n1. d4 d5 2. Qxf7 *\n", "game 2, line 3"),
        (
            "1. e4 e5 *\n\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. d4 *\n",
            "game 2",
        ),
        ("1. e4 e5 (1... c5 2. Ke3) *\n", "line 1"),
        (
            "1. e4 *\n\n[Variant \"Alice\"]\n\n1. e4 *\n",
            "game 2, line 3, column 1: the game is Alice",
        ),
    ] {
        let error = g.load_pgn(text).unwrap_err();
        assert_eq!(error.kind, ApiErrorKind::InvalidPgn, "{text}");
        assert!(error.message.contains(said), "{text}: {}", error.message);
        assert_eq!((g.fen(), g.history().len()), (fen.clone(), 1), "{text}");
    }
    assert_eq!(g.load_pgn("").unwrap_err().kind, ApiErrorKind::InvalidPgn);
}

/// `quote` keeps the first characters of user input (not bytes: a cut never splits
/// one) and marks a cut with `…`.
#[test]
fn quote_cuts_at_characters_and_marks_the_cut() {
    use alfiere::api::quote;
    assert_eq!(quote("", 3), "");
    assert_eq!(quote("abc", 3), "abc");
    assert_eq!(quote("abcd", 3), "abc…");
    assert_eq!(quote("abcd", 0), "…");
    assert_eq!(quote("é♞x", 2), "é♞…");
    assert_eq!(quote("é♞", 2), "é♞");
}
