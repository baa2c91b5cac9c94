//! Puzzles: the miner's criteria on positions built for them (src/puzzles), and every
//! shipped puzzle (`data/puzzles/<rule set id>.csv`) read and replayed. The replay's
//! search part (each solver step still unique at the shipped probe budget) runs in
//! the optimised stage, `cargo test --release --test puzzles -- --include-ignored`
//! (scripts/test.d/60-puzzles.sh); every `cargo test` checks the files' format,
//! legality, counts and mates without searching.

use alfiere::notation::{fen::read_fen, uci};
use alfiere::puzzles::file::{read_file, PuzzleRow};
use alfiere::puzzles::probe::SHIPPED_NODES;
use alfiere::puzzles::rating::rating;
use alfiere::puzzles::themes::themes;
use alfiere::puzzles::{replay, solve, Mistake, Prober, Rejection, Solved};
use alfiere::{with_variant, Chess, Position, Variant};
use std::path::PathBuf;

/// Every rule set ships at least this many puzzles.
const SHIPPED_PER_RULE_SET: usize = 200;

/// The probe budget of the constructed cases (their answers are shallow).
const CASE_NODES: u64 = 20_000;

fn solved(fen: &str, setup: &str) -> Result<(Vec<String>, Vec<&'static str>), Rejection> {
    let before: Chess = read_fen(fen).unwrap();
    let setup = uci::parse_action(&before, setup).unwrap();
    let mistake = Mistake {
        turn_start: before.clone(),
        before,
        setup,
    };
    let line = solve(&mistake, &Prober::new(CASE_NODES))?;
    let moves = line.actions.iter().map(uci::action_to_uci).collect();
    Ok((moves, themes(&line)))
}

#[test]
fn a_mate_after_the_mistake_is_a_puzzle() {
    // 3...Nf6?? allows Qxf7#.
    let (moves, themes) = solved(
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
        "g8f6",
    )
    .unwrap();
    assert_eq!(moves, ["h5f7"]);
    assert_eq!(themes, ["mate", "mateIn1", "oneMove"]);
}

#[test]
fn a_queen_won_by_the_one_piece_that_can_take_it_is_a_puzzle() {
    let (moves, themes) = solved("6k1/5ppp/q7/8/8/8/6PP/4R1K1 b - - 0 1", "a6e2").unwrap();
    assert_eq!(moves, ["e1e2"]);
    assert_eq!(themes, ["crushing", "oneMove"]);
}

#[test]
fn two_ways_to_win_the_queen_are_not_a_puzzle() {
    // The queen lands where the rook and the knight both take it.
    assert_eq!(
        solved("6k1/5ppp/q7/8/8/2N5/6PP/4R1K1 b - - 0 1", "a6e2").unwrap_err(),
        Rejection::Ambiguous
    );
}

#[test]
fn a_defended_queen_is_no_gift() {
    // The rook on e7 guards e2: taking the queen loses the rook back.
    assert_eq!(
        solved("6k1/4rppp/q7/8/8/8/6PP/4R1K1 b - - 0 1", "a6e2").unwrap_err(),
        Rejection::NotWinning
    );
}

#[test]
fn a_game_already_won_before_the_mistake_is_not_a_puzzle() {
    assert_eq!(
        solved("6k1/5ppp/8/8/8/8/5PPP/3QR1K1 b - - 0 1", "h7h6").unwrap_err(),
        Rejection::AlreadyWinning
    );
}

fn puzzle_file(variant: Variant) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data/puzzles")
        .join(format!("{}.csv", variant.id()))
}

fn shipped(variant: Variant) -> Vec<PuzzleRow> {
    let path = puzzle_file(variant);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_shipped_puzzle_reads_and_plays_legally() {
    for variant in Variant::ALL {
        let rows = shipped(variant);
        assert!(
            rows.len() >= SHIPPED_PER_RULE_SET,
            "{}: {} puzzles, fewer than {SHIPPED_PER_RULE_SET}",
            variant.id(),
            rows.len()
        );
        for row in &rows {
            let checked = with_variant!(variant, G => replay::play_line::<G>(row).map(|_| ()));
            if let Err(e) = checked {
                panic!("{} puzzle {}: {e}", variant.id(), row.id);
            }
        }
    }
}

/// Every shipped puzzle, each solver step searched again at the shipped budget, and its
/// rating the formula's on what that measured; two threads.
#[test]
#[ignore = "searches every shipped puzzle: the optimised stage runs it (scripts/test.d/60-puzzles.sh)"]
fn every_shipped_puzzle_is_unique_at_the_shipped_budget() {
    let jobs: Vec<(Variant, PuzzleRow)> = Variant::ALL
        .iter()
        .flat_map(|&v| shipped(v).into_iter().map(move |row| (v, row)))
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let prober = Prober::new(SHIPPED_NODES);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((variant, row)) = jobs.get(i) else {
                    break;
                };
                let checked = with_variant!(*variant, G => replay::check::<G>(row, &prober))
                    .and_then(|effort| match rating(effort) {
                        formula if formula == row.rating => Ok(()),
                        formula => Err(format!("rated {}, the formula says {formula}", row.rating)),
                    });
                if let Err(e) = checked {
                    failures.lock().unwrap().push(format!(
                        "{} puzzle {}: {e}",
                        variant.id(),
                        row.id
                    ));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        jobs.len(),
        failures.join("\n")
    );
}

/// A line played by hand (its first token the setup action), as the theme namer sees
/// it, without searching.
fn line_of<G: Position>(fen: &str, tokens: &str) -> Solved<G> {
    let before: G = read_fen(fen).unwrap();
    let mut pos = before.clone();
    let mut actions = Vec::new();
    let mut positions = Vec::new();
    for token in tokens.split(' ') {
        let action = uci::parse_action(&pos, token).unwrap();
        pos.play(&action).unwrap();
        actions.push(action);
        positions.push(pos.clone());
    }
    let setup = actions.remove(0);
    let solver = positions[0].turn();
    let wins_game = pos.outcome().and_then(|o| o.winner) == Some(solver);
    Solved {
        settle_nodes: vec![1_000; actions.len()],
        before,
        setup,
        positions,
        actions,
        solver,
        wins_game,
        material_gain: 0,
        final_percent: 100.0,
    }
}

#[test]
fn each_rule_set_names_its_own_themes() {
    use alfiere::variants::{Billiards, ChessGi, Marseillais};
    let drop = line_of::<ChessGi>("7k/5ppp/8/8/8/8/5PPP/6K1[Q] b - - 0 1", "h8g8 Q@e8");
    assert_eq!(themes(&drop), ["mate", "mateIn1", "oneMove", "drop"]);
    // The knight clears the file, then the rook mates: the whole turn.
    let whole = line_of::<Marseillais>(
        "7k/5ppp/8/4N3/8/8/5PPP/4R1K1 b - - 0 1 2:1",
        "h8g8 e5c4 e1e8",
    );
    assert_eq!(themes(&whole), ["mate", "mateIn1", "short", "wholeTurn"]);
    // From b3 the bishop's diagonal rebounds off the a-file at a2 to the king on b1.
    let rebound = line_of::<Billiards>("8/7p/8/8/8/8/8/1k1B3K b - - 0 1", "h7h6 d1b3");
    assert!(rebound.positions[1].is_check());
    assert!(
        themes(&rebound).contains(&"rebound"),
        "{:?}",
        themes(&rebound)
    );
    // The same move on an orthodox board gives no check and no theme of Billiards.
    let plain = line_of::<Chess>("8/7p/8/8/8/8/8/1k1B3K b - - 0 1", "h7h6 d1b3");
    assert!(!plain.positions[1].is_check());
}

#[test]
fn a_row_that_breaks_its_promise_is_refused_with_the_reason() {
    let row = |moves: &str, themes: &str| PuzzleRow {
        id: "abcde".into(),
        fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3".into(),
        moves: moves.split(' ').map(str::to_owned).collect(),
        rating: 900,
        themes: themes.split(' ').map(str::to_owned).collect(),
    };
    assert!(replay::play_line::<Chess>(&row("g8f6 h5f7", "mate mateIn1")).is_ok());
    let not_mate = replay::play_line::<Chess>(&row("g8f6 h5h7", "mate mateIn1")).unwrap_err();
    assert!(not_mate.contains("does not end in mate"), "{not_mate}");
    let illegal = replay::play_line::<Chess>(&row("g8f6 h5h8", "advantage")).unwrap_err();
    assert!(illegal.starts_with("action 2 'h5h8'"), "{illegal}");
    let opponent_last =
        replay::play_line::<Chess>(&row("g8f6 h5h7 f6h7", "advantage")).unwrap_err();
    assert!(opponent_last.contains("solver action"), "{opponent_last}");
    let after_the_end = replay::play_line::<Chess>(&row("g8f6 h5f7 e8e7", "mate")).unwrap_err();
    assert!(
        after_the_end.contains("after the game ended"),
        "{after_the_end}"
    );
}

/// Whether the side to act in `variant` at `fen`, after `actions`, can still win in
/// its turn, with `max_nodes`.
fn can_win(variant: &str, fen: &str, actions: &[&str], max_nodes: u64) -> Option<bool> {
    let mut game = alfiere::api::Game::new(variant, Some(fen)).unwrap();
    for action in actions {
        game.play_text(action).unwrap();
    }
    game.record().turn_can_win(max_nodes)
}

#[test]
fn a_turn_under_way_can_still_win_or_cannot() {
    // Puzzle xs6se (Progressive): after 4... dxc6 White's series of five mates with
    // Bg5 and Qd8#; spare actions may come first, but not so many that two are not left.
    let fen = "r1b1kbnr/1ppp1ppp/p1P1p3/2q5/8/7P/PPP1PPP1/RNBQKBNR b KQkq - 2 2 4:3";
    let v = "progressive-scottish";
    assert_eq!(can_win(v, fen, &["d7c6"], 100_000), Some(true));
    assert_eq!(
        can_win(v, fen, &["d7c6", "g1f3", "b1c3", "a2a3"], 100_000),
        Some(true)
    );
    assert_eq!(
        can_win(v, fen, &["d7c6", "g1f3", "b1c3", "a2a3", "b2b3"], 100_000),
        Some(false),
        "one action left and no mate in one"
    );
    // The queen on d2 blocks the bishop: with three actions left it can step off again
    // (Qd3, Bg5, Qd8#), with two it cannot.
    assert_eq!(
        can_win(v, fen, &["d7c6", "d1d2", "g1f3"], 100_000),
        Some(true)
    );
    assert_eq!(
        can_win(v, fen, &["d7c6", "d1d2", "g1f3", "b1c3"], 100_000),
        Some(false)
    );
    // Too few positions to tell.
    assert_eq!(can_win(v, fen, &["d7c6", "d1d2"], 1), None);
    // Marseillais (the fixture fix01): the knight must leave the e-file without a check.
    let fen = "7k/5ppp/8/4N3/8/8/5PPP/4R1K1 b - - 0 1 2:1";
    assert_eq!(can_win("marseillais", fen, &["h8g8"], 10_000), Some(true));
    assert_eq!(
        can_win("marseillais", fen, &["h8g8", "e5d3"], 10_000),
        Some(true)
    );
    assert_eq!(
        can_win("marseillais", fen, &["h8g8", "g1h1"], 10_000),
        Some(false)
    );
    // Chess: a mate in one, or none.
    let back_rank = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    assert_eq!(can_win("chess", back_rank, &[], 1000), Some(true));
    assert_eq!(
        can_win("chess", back_rank, &["e1e2", "g8f8"], 1000),
        Some(false)
    );
}

/// Mining's second look (src/puzzles/second_look.rs): a puzzle of the chess set mined
/// before it (`0yzcb`) whose answer, `Bxa1` after `e3`, the shipped probe finds unique,
/// while a search eight times deeper sees `g4` win too (Stockfish at depth 18: +2.40
/// against +2.63); and a puzzle that stays unique. (The set's first such case,
/// `wjwir`, is no longer one: the fourth network's probe sees its second win itself.)
#[test]
#[ignore = "searches at eight times the shipped budget: the optimised stage runs it (scripts/test.d/60-puzzles.sh)"]
fn the_second_look_finds_a_winning_alternative_the_probe_missed() {
    use alfiere::puzzles::second_look::first_doubtful_step_of_row;
    let prober = Prober::new(SHIPPED_NODES);
    let row = |fen: &str, moves: &str| PuzzleRow {
        id: "case".into(),
        fen: fen.into(),
        moves: moves.split(' ').map(str::to_owned).collect(),
        rating: 0,
        themes: Vec::new(),
    };
    let doubtful = row(
        "rnbqk1nr/ppppppb1/7p/6p1/8/PP3N2/2PPPPPP/RNBQKB1R w KQkq - 1 4",
        "e2e3 g7a1",
    );
    assert!(
        replay::check::<Chess>(&doubtful, &prober).is_ok(),
        "the shipped probe finds it unique"
    );
    // Index 1 of the row's moves is the solver's first action (0 is the setup).
    assert_eq!(
        first_doubtful_step_of_row::<Chess>(&doubtful, &prober),
        Ok(Some(1))
    );

    let unique = row(
        "rnbqk2r/pp2bppp/2n1p3/3p4/2p2P2/3BPN2/PPPP2PP/RNBQ1RK1 w kq - 0 8",
        "d3c4 d5c4",
    );
    assert_eq!(
        first_doubtful_step_of_row::<Chess>(&unique, &prober),
        Ok(None)
    );
}
