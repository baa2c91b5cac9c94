//! Billiards chess (RULES.md §5): perft data, the start-position rows of
//! `startpos-cases.txt`, the invariants of `common::check_every_invariant` on every data
//! position and along random games, and one test per special rule.

mod common;

use alfiere::notation::{fen, uci};
use alfiere::variants::billiards::{rebound_attacks, rebound_path, Billiards};
use alfiere::{perft, Action, ActionList, Bitboard, Chess, EndReason, Position, Square};
use common::{
    build_game, check_every_invariant, check_perft_file, legal_tokens as tokens, read, sq,
};

fn is_legal_token<G: Position>(pos: &G, token: &str) -> bool {
    tokens(pos).iter().any(|t| t == token)
}

/// A move by its UCI token, built from the board (not from the generator), so
/// `is_legal` can be asked about moves the generator leaves out.
fn normal(pos: &Billiards, token: &str) -> Action {
    common::board_action(pos.board(), token)
}

// ---------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------

#[test]
fn perft_data_file() {
    // Random-playout positions counted by a reference implementation of RULES.md,
    // and three crossing double checks counted by tests/common/reference.
    assert_eq!(
        check_perft_file::<Billiards>("billiards.perft", 2_000_000),
        40 * 3 + 4 + 3 + 4
    );
}

#[test]
fn start_position_rows_of_startpos_cases() {
    let mut checked = 0;
    for case in common::read_cases("startpos-cases.txt") {
        if case.variant != "billiards" {
            continue;
        }
        let game: Billiards = build_game(&case.position);
        assert_eq!(
            perft::perft(&game, case.depth),
            case.expected,
            "{}",
            case.line
        );
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn start_perft_and_full_perft_agree() {
    let start = Billiards::start();
    assert_eq!(perft::perft(&start, 3), 8800);
    assert_eq!(perft::perft_full(&start, 3), 8800);
    let pos: Billiards = read("r1b1k2r/pp3ppp/2ppp3/6RP/1nPPQ3/qP3P2/P3P1P1/1RB1KBN1 w q - 0 18");
    assert_eq!(perft::perft_full(&pos, 2), perft::perft(&pos, 2));
}

/// Every count without a node limit, and a long exhaustive invariant run; run with
/// `cargo test --release --test billiards -- --ignored`.
#[test]
#[ignore]
fn deep_checks() {
    assert_eq!(
        check_perft_file::<Billiards>("billiards.perft", u64::MAX),
        40 * 3 + 4 + 3 + 4
    );
    let positions = common::random_games(&Billiards::start(), 0xb111_a4d5, 300, 400, 1);
    assert!(positions > 50_000, "{positions} positions");
}

/// Perft speed of the start position against orthodox chess (median of three runs
/// each, interleaved so both see the same machine load); run with
/// `cargo test --release --test billiards -- --ignored --nocapture speed`.
#[test]
#[ignore]
fn speed_against_orthodox_chess() {
    fn mnps<G: Position>(game: &G, depth: u32) -> (u64, f64) {
        let t = std::time::Instant::now();
        let nodes = perft::perft(game, depth);
        (nodes, nodes as f64 / t.elapsed().as_secs_f64() / 1e6)
    }
    let depth: u32 = std::env::var("BILLIARDS_SPEED_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    let (mut billiards, mut chess) = (Vec::new(), Vec::new());
    let (mut bn, mut cn) = (0, 0);
    for _ in 0..3 {
        let (n, b) = mnps(&Billiards::start(), depth);
        let (m, c) = mnps(&Chess::start(), depth);
        (bn, cn) = (n, m);
        billiards.push(b);
        chess.push(c);
    }
    billiards.sort_by(f64::total_cmp);
    chess.sort_by(f64::total_cmp);
    let (b, c) = (billiards[1], chess[1]);
    println!(
        "depth {depth}: billiards {bn} nodes {b:.1} Mnps; chess {cn} nodes {c:.1} Mnps; ratio {:.2}",
        c / b
    );
}

// ---------------------------------------------------------------------------------
// Invariants
// ---------------------------------------------------------------------------------

#[test]
fn perft_data_positions_keep_every_invariant() {
    assert_eq!(
        common::check_data_file_invariants::<Billiards>("billiards.perft"),
        43
    );
}

#[test]
fn random_games_keep_every_invariant() {
    let positions = common::random_games(&Billiards::start(), 0x0b11_1a4d, 40, 200, 11);
    assert!(positions > 3_000, "{positions} positions");
}

#[test]
fn special_positions_keep_every_invariant() {
    for text in [
        "2k2r2/8/8/4n3/8/8/8/4KB2 b - - 0 1",
        "2k2r2/1p6/5n2/8/8/8/8/4KB2 b - - 0 1",
        "4k3/8/8/8/6b1/8/8/4K2R w K - 0 1",
        "7k/8/8/8/6b1/8/4B1N1/5K2 w - - 0 1",
        "k7/8/8/8/r1B1K3/8/8/8 w - - 0 1",
        "1n5k/b7/8/2Pp4/8/6K1/8/8 w - d6 0 2",
        "1n5k/8/8/2Pp4/8/6K1/8/b7 w - d6 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ] {
        check_every_invariant(&read::<Billiards>(text), true);
    }
}

// ---------------------------------------------------------------------------------
// The rebounding slider
// ---------------------------------------------------------------------------------

#[test]
fn f1_up_right_path_of_rules_example() {
    let expected: Vec<Square> = "g2 h3 g4 f5 e6 d7 c8 b7 a6 b5 c4 d3 e2"
        .split(' ')
        .map(sq)
        .collect();
    assert_eq!(rebound_path(Square::F1, (1, 1)), expected);
    // The other way round the same loop.
    let mut reversed = expected.clone();
    reversed.reverse();
    assert_eq!(rebound_path(Square::F1, (-1, 1)), reversed);
    // From c1 up-left: three rebounds and back next to the start.
    assert_eq!(
        rebound_path(Square::C1, (-1, 1)),
        ["b2", "a3", "b4", "c5", "d6", "e7", "f8", "g7", "h6", "g5", "f4", "e3", "d2"]
            .map(sq)
            .to_vec()
    );
    // A corner ends a path.
    assert_eq!(rebound_path(sq("b2"), (-1, -1)), vec![Square::A1]);
    assert_eq!(
        rebound_path(sq("c3"), (1, 1)),
        ["d4", "e5", "f6", "g7", "h8"].map(sq).to_vec()
    );
    // Blocking: a piece on h3 stops the ray before the rebound (and may be taken),
    // but the other ray still comes round to g4 ...
    let blocked = rebound_attacks(Square::F1, Bitboard::from_square(sq("h3")));
    assert!(blocked.contains(sq("h3")) && blocked.contains(sq("g4")));
    // ... unless it is blocked too.
    let blocked = rebound_attacks(Square::F1, Bitboard::from_square(sq("h3")).with(sq("e2")));
    assert_eq!(blocked, ["g2", "h3", "e2"].map(sq).into_iter().collect());
    // As moves: with e2 and g2 gone the f1 bishop rebounds off h3 to take on d7,
    // and off a6 to take on b7.
    let pos: Billiards = read("rnbqkbnr/pppppppp/8/8/8/8/PPPP1P1P/RNBQKBNR w KQkq - 0 1");
    let bishop: Vec<String> = tokens(&pos)
        .into_iter()
        .filter(|t| t.starts_with("f1"))
        .collect();
    assert_eq!(
        bishop,
        [
            "f1a6", "f1b5", "f1b7", "f1c4", "f1d3", "f1d7", "f1e2", "f1e6", "f1f5", "f1g2", "f1g4",
            "f1h3"
        ]
    );
}

#[test]
fn rebounds_keep_the_square_colour() {
    // The dead-position rule relies on it: a lone bishop keeps to one colour.
    for from in Square::all() {
        for dir in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            for to in rebound_path(from, dir) {
                assert_eq!(to.is_light(), from.is_light(), "{from} {dir:?} {to}");
            }
        }
        let reach = rebound_attacks(from, Bitboard::EMPTY);
        assert!(reach.into_iter().all(|to| to.is_light() == from.is_light()));
    }
}

#[test]
fn paths_have_at_most_four_rebounds_and_never_reenter_the_start() {
    for from in Square::all() {
        for dir in [(1i32, 1i32), (1, -1), (-1, 1), (-1, -1)] {
            let path = rebound_path(from, dir);
            assert!(!path.contains(&from));
            assert!(path.len() <= 13, "{from} {dir:?}: {path:?}");
            let mut turns = 0;
            let mut prev = from;
            let mut step: Option<(i32, i32)> = None;
            for &next in &path {
                let d = (
                    next.file().index() as i32 - prev.file().index() as i32,
                    next.rank().index() as i32 - prev.rank().index() as i32,
                );
                assert!(d.0.abs() == 1 && d.1.abs() == 1);
                if step.is_some_and(|s| s != d) {
                    turns += 1;
                }
                step = Some(d);
                prev = next;
            }
            assert!(turns <= 4, "{from} {dir:?}: {turns} rebounds");
        }
    }
}

#[test]
fn attacks_are_symmetric() {
    // The generator finds checkers by walking from the king: A reaches B exactly when
    // B reaches A (over the same occupancy, with A occupied).
    let mut rng = common::Rng::new(0x5eed);
    for _ in 0..2_000 {
        let occ = Bitboard(rng.next() & rng.next());
        for a in occ {
            let from_a = rebound_attacks(a, occ);
            for b in Square::all() {
                if b != a {
                    assert_eq!(
                        from_a.contains(b),
                        rebound_attacks(b, occ.with(a)).contains(a),
                        "{a} {b} {occ:?}"
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Special rules
// ---------------------------------------------------------------------------------

#[test]
fn after_e4_f6_is_illegal() {
    // Qd1-h5 rebounds off the h-file to g6, f7, e8.
    let pos: Billiards = build_game("startpos moves e2e4");
    assert!(!is_legal_token(&pos, "f7f6"));
    assert!(!pos.is_legal(&normal(&pos, "f7f6")));
    // ...f5 empties f7 as well.
    assert!(!is_legal_token(&pos, "f7f5"));
    assert_eq!(pos.count_legal_actions(), 18);
    let chess: Chess = build_game("startpos moves e2e4");
    assert!(is_legal_token(&chess, "f7f6"));
    // After 1...e5 2.Qh5 the same rebounding path is open to f7 and stopped there.
    let pos: Billiards = build_game("startpos moves e2e4 e7e5 d1h5");
    assert!(!pos.is_check());
    assert!(!is_legal_token(&pos, "f7f6"));
    assert!(rebound_attacks(sq("h5"), pos.board().occupied()).contains(sq("f7")));
}

#[test]
fn one_bishop_checking_along_two_paths_needs_both_blocked() {
    // Bf1 checks c8 up-right (g2 .. d7) and up-left (e2 .. b7) at once.
    let pos: Billiards = read("2k2r2/8/8/4n3/8/8/8/4KB2 b - - 0 1");
    assert_eq!(pos.checkers(), Bitboard::from_square(Square::F1));
    // Each knight move blocks at most one path: none is legal; only taking the
    // bishop or stepping to a dark square is.
    assert_eq!(tokens(&pos), ["c8b8", "c8c7", "c8d8", "f8f1"]);
    for token in ["e5d7", "e5c4", "e5g4", "e5d3", "f8f5"] {
        assert!(!pos.is_legal(&normal(&pos, token)), "{token}");
    }
    // With the up-left path already blocked by a pawn, one interposition suffices.
    let pos: Billiards = read("2k2r2/1p6/8/4n3/8/8/8/4KB2 b - - 0 1");
    for token in ["e5d7", "e5g4", "f8f5"] {
        assert!(is_legal_token(&pos, token), "{token}");
        assert!(pos.is_legal(&normal(&pos, token)), "{token}");
    }
    assert!(!is_legal_token(&pos, "e5c4"));
}

#[test]
fn a_double_check_whose_paths_cross_is_blocked_by_one_piece() {
    // RULES.md §5's example: the rook on g1 checks along g1-g2-g3-g4, the bishop on
    // a6 along a6-b5-c4-d3-e2-f1-g2-h3-g4; Ne3-g2 blocks both.
    let pos: Billiards = read("8/3k2p1/b2p2p1/2b1p1P1/PP4K1/4N3/N7/6r1 w - - 0 72");
    assert_eq!(pos.checkers().count(), 2);
    assert_eq!(tokens(&pos), ["e3g2", "g4f3", "g4h4"]);
    assert!(pos.is_legal(&normal(&pos, "e3g2")));
    // Another knight move blocks one path only.
    assert!(!pos.is_legal(&normal(&pos, "e3f1")));
    // Found by tests/reference.rs: a queen checks along rank 2 and along the
    // rebounding path e4-d3-c2-b1-a2; the bishop reaches c2 by its own rebound.
    let pos: Billiards = read("3B2n1/5b2/8/8/2PpQ2b/7K/k3Q3/8 b - - 8 4");
    assert_eq!(tokens(&pos), ["a2a1", "a2a3", "f7c2"]);
    // Found by tests/reference.rs: rook g6 and bishop e2 (e2-f1-g2-h3-g4-f5-e6-d7-
    // c8, rebounding to b7 and a6) cross on e6, and two pieces can go there.
    let pos: Billiards = read("8/P7/k5R1/8/1Pp1rn2/8/4BK2/8 b - - 8 3");
    assert_eq!(pos.checkers().count(), 2);
    assert_eq!(tokens(&pos), ["a6a7", "e4e6", "f4e6"]);
    // Capturing one checker does not answer the other.
    assert!(!pos.is_legal(&normal(&pos, "e4e2")));
}

#[test]
fn castling_through_a_square_attacked_only_by_a_rebound_is_illegal() {
    // Bg4 reaches f1 only by rebounding (h3, g2, f1 and round by c8 and e2).
    let text = "4k3/8/8/8/6b1/8/8/4K2R w K - 0 1";
    let pos: Billiards = read(text);
    let castle = Action::Castle {
        king: Square::E1,
        rook: Square::H1,
    };
    assert!(!pos.is_check());
    assert!(!is_legal_token(&pos, "e1g1"));
    assert!(!pos.is_legal(&castle));
    assert!(!is_legal_token(&pos, "e1f1"));
    let chess: Chess = read(text);
    assert!(chess.is_legal(&castle));
    // With both paths to f1 blocked (e2 and g2) castling is legal.
    let pos: Billiards = read("4k3/8/8/8/6b1/8/4P1P1/4K2R w K - 0 1");
    assert!(pos.is_legal(&castle));
    assert!(is_legal_token(&pos, "e1g1"));
}

#[test]
fn castling_into_a_rebounding_check_is_illegal() {
    // Bf4 reaches g1 only by rebounding off h2 (f4, g3, h2, g1).
    let text = "4k3/8/8/8/5b2/8/8/4K2R w K - 0 1";
    let pos: Billiards = read(text);
    let castle = Action::Castle {
        king: Square::E1,
        rook: Square::H1,
    };
    assert!(!pos.is_check());
    assert!(!pos.is_legal(&castle));
    let chess: Chess = read(text);
    assert!(chess.is_legal(&castle));
}

#[test]
fn pins_along_rebounding_paths() {
    // The king on f1 is shielded from Bg4 by the knight on g2 (path h3, g2, f1)
    // and by the pawn on e2 (path f5 .. c8 .. d3, e2, f1).
    let text = "7k/8/8/8/6b1/8/4P1N1/5K2 w - - 0 1";
    let pos: Billiards = read(text);
    assert_eq!(tokens(&pos), ["f1e1", "f1f2", "f1g1"]);
    assert!(!pos.is_legal(&normal(&pos, "g2e3")));
    assert!(!pos.is_legal(&normal(&pos, "e2e3")));
    let chess: Chess = read(text);
    assert!(is_legal_token(&chess, "g2e3") && is_legal_token(&chess, "e2e3"));
    // A pinned bishop may move along its pin path (and take the pinner, here by
    // the straight e2-f3-g4, listed once), but not off it.
    let pos: Billiards = read("7k/8/8/8/6b1/8/4B1N1/5K2 w - - 0 1");
    let bishop: Vec<String> = tokens(&pos)
        .into_iter()
        .filter(|t| t.starts_with("e2"))
        .collect();
    assert_eq!(
        bishop,
        ["e2a6", "e2b5", "e2b7", "e2c4", "e2c8", "e2d3", "e2d7", "e2e6", "e2f5", "e2g4"]
    );
    assert!(!pos.is_legal(&normal(&pos, "e2f3")));
    // A bishop pinned on a rank cannot rebound round to the far side of its king.
    let pos: Billiards = read("k7/8/8/8/r1B1K3/8/8/8 w - - 0 1");
    assert!(rebound_attacks(sq("c4"), pos.board().occupied()).contains(sq("g4")));
    assert!(!pos.is_legal(&normal(&pos, "c4g4")));
    assert!(tokens(&pos).iter().all(|t| !t.starts_with("c4")));
}

#[test]
fn two_paths_to_one_square_are_one_move() {
    // From f1 both rays run round the same loop: 13 squares, each reached twice.
    let pos: Billiards = read("7k/8/8/8/8/8/8/4KB2 w - - 0 1");
    let bishop: Vec<String> = tokens(&pos)
        .into_iter()
        .filter(|t| t.starts_with("f1"))
        .collect();
    assert_eq!(bishop.len(), 13);
    let mut list = ActionList::new();
    pos.legal_actions(&mut list);
    assert_eq!(pos.count_legal_actions(), list.len());
    assert_eq!(perft::perft(&pos, 1), 4 + 13);
}

#[test]
fn en_passant_exposing_the_king_along_a_rebound_is_not_kept() {
    // After ...d7-d5, cxd6 would open g3-h2-g1-f2-e3-d4-c5-b6-a7 to the bishop.
    let mut pos: Billiards = read("1n5k/b2p4/8/2P5/8/6K1/8/8 b - - 0 1");
    let mut chess: Chess = read("1n5k/b2p4/8/2P5/8/6K1/8/8 b - - 0 1");
    let d5 = uci::parse_action(&pos, "d7d5").unwrap();
    pos.play(&d5).unwrap();
    chess.play(&d5).unwrap();
    assert_eq!(chess.legal_ep_squares(), vec![sq("d6")]);
    assert!(pos.legal_ep_squares().is_empty());
    assert_eq!(fen::write_fen(&pos), "1n5k/b7/8/2Pp4/8/6K1/8/8 w - - 0 2");
    let read_back: Billiards = read("1n5k/b7/8/2Pp4/8/6K1/8/8 w - d6 0 2");
    assert_eq!(read_back, pos);
    assert_eq!(read_back.zobrist(), pos.zobrist());
    let ep = Action::EnPassant {
        from: sq("c5"),
        to: sq("d6"),
    };
    assert!(!pos.is_legal(&ep));
    // With the bishop elsewhere the capture is legal and the square kept.
    let pos: Billiards = read("1n5k/8/8/2Pp4/8/6K1/8/b7 w - d6 0 2");
    assert_eq!(pos.legal_ep_squares(), vec![sq("d6")]);
    assert!(pos.is_legal(&ep));
    assert!(is_legal_token(&pos, "c5d6"));
}

#[test]
fn the_side_not_to_move_may_not_be_in_rebounding_check() {
    let text = "4k3/8/8/8/6b1/8/8/5K2 b - - 0 1";
    assert!(fen::read_fen::<Billiards>(text).is_err());
    assert!(fen::read_fen::<Chess>(text).is_ok());
}

#[test]
fn checkmate_along_a_rebounding_path() {
    // From the perft data: White to move has no legal action and is in check.
    let mated: Billiards = read("r1b2r2/Ppk1p3/7b/2p3p1/3Pp3/1RPnPp2/3N4/1R1QK3 w - - 2 32");
    assert!(mated.is_check());
    assert_eq!(mated.count_legal_actions(), 0);
    assert_eq!(perft::perft(&mated, 2), 0);
    let outcome = mated.outcome().expect("mate");
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(outcome.winner, Some(alfiere::Color::Black));
    // The same placement is no mate in orthodox chess.
    let chess: Chess = read("r1b2r2/Ppk1p3/7b/2p3p1/3Pp3/1RPnPp2/3N4/1R1QK3 w - - 2 32");
    assert!(chess.outcome().is_none());
}

#[test]
fn lone_bishops_are_still_a_dead_position() {
    let pos: Billiards = read("8/8/8/4k3/8/8/8/4KB2 w - - 0 1");
    assert_eq!(
        pos.outcome().map(|o| o.reason),
        Some(EndReason::InsufficientMaterial)
    );
    assert!(pos.cannot_mate(alfiere::Color::White));
    // Bishops on both colours can still mate.
    let pos: Billiards = read("8/8/8/8/4k3/8/8/2B1KB2 w - - 0 1");
    assert_eq!(pos.outcome(), None);
    assert!(!pos.cannot_mate(alfiere::Color::White));
}

#[test]
fn unsupported_state_is_rejected() {
    assert!(fen::read_fen::<Billiards>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    )
    .is_err());
    assert!(fen::read_fen::<Billiards>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 push"
    )
    .is_err());
    assert_eq!(Billiards::default(), Billiards::start());
    assert_eq!(Billiards::VARIANT, alfiere::Variant::Billiards);
}

// ---------------------------------------------------------------------------------
// Routes for drawing moves and checks
// ---------------------------------------------------------------------------------

/// Whether `route` is a rebounding diagonal route over `occupied`: diagonal legs
/// between its corners, every corner but the ends on an edge, every square passed
/// empty, and at least one rebound.
fn is_route_over(route: &[Square], occupied: Bitboard) -> bool {
    let on_edge = |s: Square| {
        let (f, r) = (s.file().index(), s.rank().index());
        f == 0 || f == 7 || r == 0 || r == 7
    };
    let inner_corners = &route[1..route.len() - 1];
    let legs_ok = route.windows(2).all(|leg| {
        let (a, b) = (leg[0], leg[1]);
        let df = b.file().index() as i32 - a.file().index() as i32;
        let dr = b.rank().index() as i32 - a.rank().index() as i32;
        df.abs() == dr.abs()
            && df != 0
            && alfiere::attacks::between(a, b)
                .into_iter()
                .all(|s| !occupied.contains(s))
    });
    route.len() >= 3
        && inner_corners
            .iter()
            .all(|&c| on_edge(c) && !occupied.contains(c))
        && legs_ok
}

#[test]
fn rebound_routes_name_the_turn_squares() {
    use alfiere::variants::billiards::rebound_route;
    use alfiere::Role;
    let empty = Bitboard::EMPTY;
    assert_eq!(
        rebound_route(Role::Bishop, sq("c1"), sq("c5"), empty),
        Some(vec![sq("c1"), sq("a3"), sq("c5")])
    );
    // RULES.md §5: f1 up-right turns on h3, c8 and a6 before reaching e2; but f1-e2
    // straight is shorter, so nothing to draw.
    assert_eq!(rebound_route(Role::Bishop, sq("f1"), sq("e2"), empty), None);
    // Both rays from f1 reach e6: f1-h3-e6 (5 steps) beats f1-a6-c8-e6 (9).
    assert_eq!(
        rebound_route(Role::Bishop, sq("f1"), sq("e6"), empty),
        Some(vec![sq("f1"), sq("h3"), sq("e6")])
    );
    // Blocked on h3: the long way round is the route.
    let h3 = Bitboard::from_square(sq("h3"));
    assert_eq!(
        rebound_route(Role::Bishop, sq("f1"), sq("e6"), h3),
        Some(vec![sq("f1"), sq("a6"), sq("c8"), sq("e6")])
    );
    // A path stops at the first piece: with g2 taken, h3 is reached the long way.
    let g2 = Bitboard::from_square(sq("g2"));
    assert_eq!(
        rebound_route(Role::Bishop, sq("f1"), sq("h3"), g2),
        Some(vec![sq("f1"), sq("a6"), sq("c8"), sq("h3")])
    );
    // Straight moves and other pieces have no route to draw.
    assert_eq!(rebound_route(Role::Bishop, sq("c1"), sq("e3"), empty), None);
    assert_eq!(rebound_route(Role::Queen, sq("c1"), sq("c5"), empty), None);
    assert_eq!(rebound_route(Role::Rook, sq("c1"), sq("c5"), empty), None);
    assert_eq!(
        rebound_route(Role::Queen, sq("c1"), sq("a3"), empty),
        None,
        "straight"
    );
    assert_eq!(
        rebound_route(Role::Queen, sq("c1"), sq("b4"), empty),
        Some(vec![sq("c1"), sq("a3"), sq("b4")])
    );
}

#[test]
fn rebound_routes_follow_the_generator() {
    use alfiere::variants::billiards::rebound_route;
    use alfiere::Role;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/billiards.perft"
    ))
    .unwrap();
    let mut bent = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let pos: Billiards = read(line.split(';').next().unwrap().trim());
        let board = pos.board();
        let occupied = board.occupied();
        let mut list = ActionList::new();
        pos.legal_actions(&mut list);
        for action in list.iter() {
            let Action::Normal { role, from, to, .. } = *action else {
                continue;
            };
            let route = rebound_route(role, from, to, occupied);
            let straight = match role {
                Role::Bishop => alfiere::attacks::bishop_attacks(from, occupied).contains(to),
                Role::Queen => alfiere::attacks::queen_attacks(from, occupied).contains(to),
                _ => true,
            };
            match &route {
                Some(route) => {
                    bent += 1;
                    assert_eq!((route[0], route[route.len() - 1]), (from, to));
                    assert!(is_route_over(route, occupied), "{line}: {route:?}");
                    assert!(rebound_attacks(from, occupied).contains(to));
                }
                // Every legal slider move is straight or has its rebounding route.
                None => assert!(straight, "{line}: {from}{to} has no route"),
            }
        }
        // The other way round: every square a diagonal slider attacks (own pieces
        // included) is reached straight or by a route.
        for from in board.diagonal_sliders() {
            let role = board.role_at(from).unwrap();
            for to in rebound_attacks(from, occupied) {
                let straight = match role {
                    Role::Queen => alfiere::attacks::queen_attacks(from, occupied),
                    _ => alfiere::attacks::bishop_attacks(from, occupied),
                }
                .contains(to);
                let route = rebound_route(role, from, to, occupied);
                assert!(straight || route.is_some(), "{line}: {from}-{to}");
                if let Some(route) = route {
                    assert!(is_route_over(&route, occupied), "{line}: {route:?}");
                }
            }
        }
    }
    assert!(bent > 40, "only {bent} rebounding moves seen");
}
