//! Chess960 (RULES.md §10) beyond the published perft suite (tests/perft.rs): the
//! start numbering, FEN (Shredder-FEN out, X-FEN in), UCI tokens in both forms, SAN,
//! PGN, `go perft` through UCI with `UCI_Chess960`, and shakmaty (in its Chess960
//! castling mode) as an independent reference on positions reached by random play.

mod common;

use alfiere::notation::{fen, pgn, san, uci};
use alfiere::uci::UciSession;
use alfiere::variants::chess960::{start_rank, ORTHODOX_START};
use alfiere::{ActionList, Chess, Chess960, Position, Record, Role, Variant};
use common::uci_session::send;
use common::{random_positions, read_perft_file, Rng};
use std::collections::BTreeSet;

fn back_rank(n: u16) -> String {
    fen::write_fen(&Chess960::from_start_number(n).unwrap())
        .split('/')
        .next_back()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn start_positions_follow_scharnagl() {
    assert_eq!(back_rank(ORTHODOX_START), "RNBQKBNR");
    assert_eq!(back_rank(0), "BBQNNRKR");
    assert_eq!(back_rank(631), "RNBKQRNB");
    assert_eq!(back_rank(959), "RKRNNQBB");
    assert!(Chess960::from_start_number(960).is_none());
    let mut seen = BTreeSet::new();
    for n in 0..960 {
        let rank = start_rank(n).unwrap();
        let files = |role| (0..8).filter(move |&f| rank[f] == role);
        let bishops: Vec<usize> = files(Role::Bishop).collect();
        assert_eq!(bishops.len(), 2);
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
        let rooks: Vec<usize> = files(Role::Rook).collect();
        let king = files(Role::King).next().unwrap();
        assert!(
            rooks[0] < king && king < rooks[1],
            "{n}: king between the rooks"
        );
        assert!(
            seen.insert(rank),
            "{n}: a second number for one arrangement"
        );
        let pos = Chess960::from_start_number(n).unwrap();
        assert_eq!(pos.start_number(), Some(n));
        assert_eq!(pos.count_legal_actions(), pos.count_legal_actions());
    }
    // After a move the position is no start.
    let mut pos = Chess960::from_start_number(7).unwrap();
    pos.play(&uci::parse_action(&pos, "e2e4").unwrap()).unwrap();
    assert_eq!(pos.start_number(), None);
}

#[test]
fn fen_writes_files_and_reads_x_fen() {
    let orthodox: Chess960 = fen::read_fen(fen::STARTING_FEN).unwrap();
    assert_eq!(
        fen::write_fen(&orthodox),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    // KQkq: the outermost rook on each side of the king.
    let pos: Chess960 =
        fen::read_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1").unwrap();
    assert_eq!(fen::write_fen(&pos).split(' ').nth(2), Some("GBgb"));
    // A file letter picks an inner rook.
    let pos: Chess960 =
        fen::read_fen("rr2k2r/pppppppp/8/8/8/8/PPPPPPPP/RR2K2R w HBhb - 0 1").unwrap();
    assert_eq!(fen::write_fen(&pos).split(' ').nth(2), Some("HBhb"));
    // Refused: two rights on one side of the king, a right without its rook, a right
    // with the king off the back rank.
    for bad in [
        "rr2k2r/pppppppp/8/8/8/8/PPPPPPPP/RR2K2R w BA - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w G - 0 1",
        "r6r/pppppppp/4k3/8/8/8/PPPPPPPP/R3K2R w h - 0 1",
    ] {
        assert!(fen::read_fen::<Chess960>(bad).is_err(), "{bad}");
    }
    // Orthodox chess keeps castling to the corners and the e-file.
    assert!(fen::read_fen::<Chess>("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GB - 0 1").is_err());
    assert!(fen::read_fen::<Chess>("4k3/8/8/8/8/8/8/R4K1R w HA - 0 1").is_err());
}

#[test]
fn castling_tokens_in_both_forms() {
    // King f1, rooks e1 and h1: O-O is f1h1 (king to g1 is also a king step, f1g1),
    // O-O-O is f1e1 or f1c1.
    let pos: Chess960 =
        fen::read_fen("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/B3RK1R w HEhf - 0 1").unwrap();
    let short = uci::parse_action(&pos, "f1h1").unwrap();
    assert_eq!(san::write_san(&pos, &short), "O-O");
    assert_eq!(uci::action_to_uci_in(&short, Variant::Chess960), "f1h1");
    let step = uci::parse_action(&pos, "f1g1").unwrap();
    assert_eq!(san::write_san(&pos, &step), "Kg1");
    let long = uci::parse_action(&pos, "f1c1").unwrap();
    assert_eq!(long, uci::parse_action(&pos, "f1e1").unwrap());
    assert_eq!(san::write_san(&pos, &long), "O-O-O");
    assert_eq!(san::parse_san(&pos, "O-O-O").unwrap(), long);
    // Orthodox chess writes the king's move; both forms are read.
    let chess = Chess::start();
    assert_eq!(
        uci::parse_action(&chess, "e1h1").unwrap_err().to_string(),
        "illegal action 'e1h1'"
    );
    let open: Chess = fen::read_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let oo = uci::parse_action(&open, "e1h1").unwrap();
    assert_eq!(oo, uci::parse_action(&open, "e1g1").unwrap());
    assert_eq!(uci::action_to_uci(&oo), "e1g1");
    assert_eq!(uci::action_to_uci_in(&oo, Variant::Chess), "e1g1");
    assert_eq!(uci::action_to_uci_in(&oo, Variant::Chess960), "e1h1");
}

#[test]
fn pgn_names_the_variant_and_the_start() {
    let start = Chess960::from_start_number(0).unwrap();
    let mut record = Record::new(start);
    for token in ["g2g3", "g7g6"] {
        let action = uci::parse_action(record.current(), token).unwrap();
        record.play(&action).unwrap();
    }
    let text = pgn::write_record(&record, &[]);
    assert!(text.contains("[Variant \"Chess960\"]"), "{text}");
    assert!(text.contains("[SetUp \"1\"]"), "{text}");
    assert!(
        text.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]"),
        "{text}"
    );
    let games = pgn::read_pgn::<Chess960>(&text).unwrap();
    assert_eq!(
        fen::write_fen(&games[0].start),
        fen::write_fen(record.start())
    );
    assert_eq!(games[0].moves.len(), 2);
    // Even the orthodox array is named, since a Chess960 game may start anywhere.
    let text = pgn::write_record(&Record::new(Chess960::start()), &[]);
    assert!(text.contains("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\"]"));
    assert_eq!(pgn::first_game_variant(&text).unwrap(), Variant::Chess960);
}

#[test]
fn go_perft_with_uci_chess960() {
    let mut session = UciSession::new();
    send(&mut session, "setoption name UCI_Chess960 value true");
    let mut checked = 0;
    for case in read_perft_file("chess960.perft").iter().step_by(5) {
        let out = send(&mut session, &format!("position fen {}", case.position));
        assert!(out.is_empty(), "{out:?}");
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= 3) {
            let out = send(&mut session, &format!("go perft {depth}"));
            let nodes = out
                .iter()
                .find_map(|l| l.strip_prefix("Nodes searched: "))
                .unwrap_or_else(|| panic!("{out:?}"));
            assert_eq!(nodes.parse::<u64>().unwrap(), expected, "{}", case.source);
            checked += 1;
        }
    }
    assert_eq!(checked, 20 * 3);
    // Castling in the divide is the king taking its rook; `position` reads both forms.
    send(
        &mut session,
        "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/B3RK1R w HEhf - 0 1",
    );
    let out = send(&mut session, "go perft 1");
    assert!(out.contains(&"f1h1: 1".to_string()) && out.contains(&"f1e1: 1".to_string()));
    assert!(
        out.contains(&"f1g1: 1".to_string()),
        "the king step: {out:?}"
    );
    let out = send(
        &mut session,
        "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/B3RK1R w HEhf - 0 1 moves f1c1",
    );
    assert!(out.is_empty(), "{out:?}");
    // Off again: orthodox chess, castling as the king's move.
    send(&mut session, "setoption name UCI_Chess960 value false");
    send(
        &mut session,
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    );
    let out = send(&mut session, "go perft 1");
    assert!(out.contains(&"e1g1: 1".to_string()), "{out:?}");
    assert!(
        send(&mut session, "setoption name UCI_Chess960 value maybe")[0].starts_with("info string")
    );
}

/// shakmaty's legal moves, as Chess960 UCI tokens.
fn shakmaty_moves(fen_text: &str) -> BTreeSet<String> {
    use shakmaty::{fen::Fen, CastlingMode, Position};
    let pos: shakmaty::Chess = fen_text
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("shakmaty refuses {fen_text}: {e}"));
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
        .collect()
}

#[test]
fn shakmaty_agrees_on_positions_of_random_play() {
    let mut rng = Rng::new(0x960);
    let mut compared = 0;
    let mut castles = 0;
    for _ in 0..40 {
        let start = Chess960::from_start_number(rng.below(960) as u16).unwrap();
        for pos in random_positions(&start, rng.next(), 25, 40) {
            let mut list = ActionList::new();
            pos.legal_actions(&mut list);
            let ours: BTreeSet<String> = list
                .iter()
                .map(|a| uci::action_to_uci_in(a, Variant::Chess960))
                .collect();
            assert_eq!(ours.len(), list.len());
            castles += list
                .iter()
                .filter(|a| matches!(a, alfiere::Action::Castle { .. }))
                .count();
            let text = fen::write_fen(&pos);
            assert_eq!(ours, shakmaty_moves(&text), "{text}");
            compared += 1;
        }
    }
    assert_eq!(compared, 40 * 25);
    assert!(castles > 50, "{castles} castlings seen");
}

#[test]
fn shakmaty_counts_agree_from_random_starts() {
    use shakmaty::{fen::Fen, CastlingMode};
    let mut rng = Rng::new(0x5ca);
    for _ in 0..8 {
        let start = Chess960::from_start_number(rng.below(960) as u16).unwrap();
        for pos in random_positions(&start, rng.next(), 2, 12) {
            let text = fen::write_fen(&pos);
            let theirs: shakmaty::Chess = text
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Chess960)
                .unwrap();
            assert_eq!(
                alfiere::perft::perft(&pos, 3),
                shakmaty::perft(&theirs, 3),
                "{text}"
            );
        }
    }
}
