//! Timed games: the `TimeControl` form, the clock arithmetic (Fischer increment,
//! Bronstein delay, moves per period, hourglass), a record's time per action, the
//! time forfeit in every rule set (a loss, or a draw where the opponent could never
//! win: RULES.md §1.1 and each rule set's own reading), and the PGN round trip of
//! `TimeControl`, `%clk` and `Termination`.

use alfiere::api::{ApiErrorKind, Game};
use alfiere::clock::{ClockRun, Period, TimeControl};
use alfiere::notation::{pgn, san};
use alfiere::{Chess, Color, EndReason, Outcome, Position, Record, RecordError};

fn control(text: &str) -> TimeControl {
    text.parse()
        .unwrap_or_else(|e| panic!("{text} should read: {e}"))
}

#[test]
fn time_controls_read_and_write_the_pgn_form() {
    for text in [
        "300+3",
        "60",
        "40/5400+30:1800+30",
        "40/7200:3600",
        "*180",
        "-",
        "?",
        "300d5",
        "0.5+0.1",
        "0+1",
        "40/9000",
    ] {
        assert_eq!(control(text).to_string(), text);
    }
    assert_eq!(control(" 300+3 ").to_string(), "300+3");
    assert_eq!(control("300+3"), TimeControl::fischer(300_000, 3_000));
    assert_eq!(
        control("40/5400+30:1800+30"),
        TimeControl::Periods(vec![
            Period {
                moves: Some(40),
                base_ms: 5_400_000,
                increment_ms: 30_000,
                delay_ms: 0
            },
            Period {
                moves: None,
                base_ms: 1_800_000,
                increment_ms: 30_000,
                delay_ms: 0
            },
        ])
    );
    assert!(!control("-").is_timed() && !control("?").is_timed());
    assert!(control("*180").is_timed());
}

#[test]
fn bad_time_controls_are_refused_with_the_text_quoted() {
    for bad in [
        "",
        "abc",
        "5 minutes",
        "300+",
        "+3",
        "0",
        "0+0",
        "40/",
        "/300",
        "0/300",
        "1800:40/5400",
        "300+3+3",
        "300.",
        "1.2345",
        "*",
        "*0",
        "99999999999",
        "3,5",
    ] {
        let error = bad.parse::<TimeControl>().expect_err(bad);
        assert!(
            error.to_string().contains(&format!("'{}'", bad.trim())) || bad.trim().is_empty(),
            "{bad}: {error}"
        );
    }
    // At most eight periods; a ninth is refused as such before any part is read.
    let eight = ["40/60"; 8].join(":");
    assert!(eight.parse::<TimeControl>().is_ok(), "{eight}");
    for nine in [["40/60"; 9].join(":"), format!("{eight}:bad")] {
        let error = nine.parse::<TimeControl>().expect_err(&nine);
        assert!(
            error.to_string().contains("more than 8 periods"),
            "{nine}: {error}"
        );
    }
    // Through the API: a typed error, and the game keeps its control.
    let mut game = Game::new("chess", None).unwrap();
    game.set_time_control("180+2").unwrap();
    let error = game.set_time_control("3 minutes").unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::InvalidTimeControl);
    assert_eq!(error.kind.name(), "InvalidTimeControlError");
    assert!(error.message.contains("3 minutes"), "{}", error.message);
    assert_eq!(game.time_control().as_deref(), Some("180+2"));
    game.set_time_control("none").unwrap();
    assert_eq!(game.time_control(), None);
}

#[test]
fn fischer_increment_is_added_after_each_turn() {
    let mut run = ClockRun::new(&control("60+2"));
    run.act(Color::White, 5_000, true);
    run.act(Color::Black, 1_000, true);
    assert_eq!(run.remaining(Color::White), 57_000);
    assert_eq!(run.remaining(Color::Black), 61_000);
    assert_eq!(run.allowance(Color::White), 57_000);
}

#[test]
fn a_multi_action_turn_earns_one_increment_and_one_delay() {
    let mut run = ClockRun::new(&control("60+2"));
    run.act(Color::White, 3_000, false);
    assert_eq!(run.remaining(Color::White), 57_000);
    run.act(Color::White, 3_000, true);
    assert_eq!(run.remaining(Color::White), 56_000);

    let mut delayed = ClockRun::new(&control("60d5"));
    delayed.act(Color::White, 3_000, false);
    // 3 s of the 5 s delay used: nothing charged, 2 s of delay left.
    assert_eq!(delayed.remaining(Color::White), 60_000);
    assert_eq!(delayed.allowance(Color::White), 62_000);
    delayed.act(Color::White, 4_000, true);
    assert_eq!(delayed.remaining(Color::White), 58_000);
    // The next turn has its own delay.
    assert_eq!(delayed.allowance(Color::White), 63_000);
}

#[test]
fn bronstein_delay_never_charges_the_first_seconds() {
    let mut run = ClockRun::new(&control("60d5"));
    run.act(Color::White, 4_000, true);
    assert_eq!(run.remaining(Color::White), 60_000);
    run.act(Color::Black, 9_000, true);
    assert_eq!(run.remaining(Color::Black), 56_000);
}

#[test]
fn a_period_ends_after_its_moves_and_the_last_with_a_count_repeats() {
    let mut run = ClockRun::new(&control("2/10:5"));
    run.act(Color::White, 4_000, true);
    assert_eq!(run.remaining(Color::White), 6_000);
    run.act(Color::White, 4_000, true);
    // Two moves done: the second period's 5 s are added.
    assert_eq!(run.remaining(Color::White), 7_000);
    run.act(Color::White, 1_000, true);
    assert_eq!(run.remaining(Color::White), 6_000);

    let mut repeating = ClockRun::new(&control("1/10"));
    repeating.act(Color::Black, 4_000, true);
    repeating.act(Color::Black, 4_000, true);
    assert_eq!(repeating.remaining(Color::Black), 22_000);
}

#[test]
fn an_hourglass_gives_the_opponent_what_one_side_uses() {
    let mut run = ClockRun::new(&control("*60"));
    run.act(Color::White, 10_000, true);
    assert_eq!(run.remaining(Color::White), 50_000);
    assert_eq!(run.remaining(Color::Black), 70_000);
}

#[test]
fn a_record_keeps_each_action_time_and_undo_takes_it_back() {
    let mut record = Record::new(Chess::start());
    record.set_time_control(control("10+1"));
    let e4 = san::parse_san(record.current(), "e4").unwrap();
    record.play_timed(&e4, 0).unwrap();
    let e5 = san::parse_san(record.current(), "e5").unwrap();
    record.play_timed(&e5, 4_500).unwrap();
    assert_eq!(record.remaining(Color::White), Some(11_000));
    assert_eq!(record.remaining(Color::Black), Some(6_500));
    assert_eq!(record.time_used(1), Some(4_500));
    assert_eq!(record.clocks(), [Some(11_000), Some(6_500)]);
    record.undo();
    assert_eq!(record.remaining(Color::Black), Some(10_000));
    assert_eq!(record.time_used(1), None);

    // An illegal action is refused as such, however long it took (e4 again).
    let error = record.play_timed(&e4, 11_001).unwrap_err();
    assert!(matches!(error, RecordError::Illegal(_)), "{error:?}");
    assert_eq!((record.len(), record.outcome()), (1, None));

    // More time than White has left: not played, and White loses on time.
    let nf3 = san::parse_san(record.current(), "e5").unwrap();
    let error = record.play_timed(&nf3, 11_001).unwrap_err();
    let lost = Outcome::win(Color::White, EndReason::TimeForfeit);
    assert_eq!(error, RecordError::OutOfTime(lost));
    assert_eq!(record.len(), 1);
    assert_eq!(record.time_used(0), Some(0));
    assert_eq!(record.outcome(), Some(lost));
    // The game is over: refused as such.
    let error = record.play_timed(&nf3, 0).unwrap_err();
    assert_eq!(error, RecordError::GameOver(lost));
}

#[test]
fn an_untimed_record_has_no_clock() {
    let mut record = Record::new(Chess::start());
    let e4 = san::parse_san(record.current(), "e4").unwrap();
    record.play_timed(&e4, 999_999_999).unwrap();
    assert_eq!(record.remaining(Color::White), None);
    assert_eq!(record.clocks(), [None]);
}

/// `flag(color)` in `fen` of `variant`, as a fresh game: the outcome's winner.
fn flag_winner(variant: &str, fen: &str, color: Color) -> Option<Color> {
    let mut game = Game::new(variant, Some(fen)).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    let outcome = game.flag(color);
    assert_eq!(outcome.reason, EndReason::TimeForfeit);
    assert_eq!(game.outcome(), Some(outcome));
    outcome.winner
}

/// K+R v K: the bare king can never mate, so the rook's side flagging is a draw;
/// the bare king flagging loses.
#[test]
fn a_time_forfeit_against_a_bare_king_is_a_draw_in_every_orthodox_like_rule_set() {
    for variant in [
        "chess",
        "chess960",
        "alice",
        "billiards",
        "progressive-scottish",
        "progressive-italian",
        "marseillais",
        "marseillais-balanced",
        "avalanche",
    ] {
        let fen = "8/8/4k3/8/8/3K4/8/R7 w - - 0 1";
        assert_eq!(flag_winner(variant, fen, Color::White), None, "{variant}");
        assert_eq!(
            flag_winner(variant, fen, Color::Black),
            Some(Color::White),
            "{variant}"
        );
        // Opposite-coloured bishops: a helpmate exists, so either flag loses.
        let bishops = "8/8/4k3/5b2/8/3KB3/8/8 w - - 0 1";
        assert_eq!(
            flag_winner(variant, bishops, Color::White),
            Some(Color::Black),
            "{variant}"
        );
    }
}

#[test]
fn chessgi_counts_the_hands() {
    // A queen in White's hand: Black could still win it and mate, so a flag loses.
    let queen_in_hand = "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1";
    assert_eq!(
        flag_winner("chessgi", queen_in_hand, Color::White),
        Some(Color::Black)
    );
    // One minor piece in the whole game (board and hands): nobody can mate.
    let one_minor = "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1";
    assert_eq!(flag_winner("chessgi", one_minor, Color::White), None);
    assert_eq!(flag_winner("chessgi", one_minor, Color::Black), None);
    // Two minors, one in a hand: mates are possible.
    let two = "4k3/8/8/8/8/8/8/3BK3[b] w - - 0 1";
    assert_eq!(
        flag_winner("chessgi", two, Color::Black),
        Some(Color::White)
    );
    // In orthodox chess K+R v K is a draw for the rook's flag; in Chess-Gi the rook
    // may change hands.
    let krk = "8/8/4k3/8/8/3K4/8/R7[] w - - 0 1";
    assert_eq!(
        flag_winner("chessgi", krk, Color::White),
        Some(Color::Black)
    );
}

#[test]
fn racing_kings_reads_can_never_win() {
    // Nothing decided: the flagged side loses, whatever the material.
    let start = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
    assert_eq!(
        flag_winner("racingkings", start, Color::White),
        Some(Color::Black)
    );
    assert_eq!(
        flag_winner("racingkings", start, Color::Black),
        Some(Color::White)
    );
    // White has reached rank 8 and Black can follow: Black can at best draw, so a
    // White flag is a draw, a Black flag a loss.
    let mut game = Game::new("racingkings", Some("8/1k4K1/8/8/8/8/8/8 w - - 0 1")).unwrap();
    game.play_text("g7g8").unwrap();
    let mut other = game.clone();
    assert_eq!(game.flag(Color::White).winner, None);
    assert_eq!(other.flag(Color::Black).winner, Some(Color::White));
}

#[test]
fn avalanche_with_only_pawns_against_a_bare_king() {
    // Black's pawns are pushed by White and can promote: Black could win; White's
    // bare king never can.
    let fen = "4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        flag_winner("avalanche", fen, Color::White),
        Some(Color::Black)
    );
    assert_eq!(flag_winner("avalanche", fen, Color::Black), None);
}

#[test]
fn a_timed_move_after_the_fall_ends_the_game_through_the_api() {
    let mut game = Game::new("marseillais", None).unwrap();
    game.set_time_control("5+1").unwrap();
    game.play_text_timed("e4", 0).unwrap();
    game.play_text_timed("d4", 2_000).unwrap();
    // One increment for White's two actions.
    assert_eq!(game.remaining(), Some((4_000, 5_000)));
    game.play_text_timed("e5", 1_000).unwrap();
    let error = game.play_text_timed("d5", 4_001).unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::GameOver);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::White, EndReason::TimeForfeit))
    );
    assert_eq!(game.history().len(), 3);
}

fn round_trip(variant: &str, text: &str) -> Game {
    let mut game = Game::new(variant, None).unwrap();
    game.load_pgn(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(game.pgn(&[]), text, "written again");
    game
}

#[test]
fn clocks_round_trip_through_pgn_in_chess() {
    let mut game = Game::new("chess", None).unwrap();
    game.set_time_control("300+3").unwrap();
    for (mv, ms) in [
        ("e4", 0),
        ("e5", 0),
        ("Nf3", 6_000),
        ("Nc6", 2_400),
        ("Bb5", 1_000),
    ] {
        game.play_text_timed(mv, ms).unwrap();
    }
    game.set_comment("the Spanish").unwrap();
    let text = game.pgn(&[]);
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        one_line.contains("1. e4 {[%clk 0:05:03]} 1... e5 {[%clk 0:05:03]} 2. Nf3 {[%clk 0:05:00]} 2... Nc6 {[%clk 0:05:03.6]} 3. Bb5 {[%clk 0:05:02] the Spanish}"),
        "{text}"
    );
    let back = round_trip("chess", &text);
    assert_eq!(back.time_control().as_deref(), Some("300+3"));
    assert_eq!(back.remaining(), Some((302_000, 303_600)));
    assert_eq!(back.clocks(), game.clocks());
    // Comments read from PGN stay as written, the clock command included.
    assert_eq!(
        back.comment().as_deref(),
        Some("[%clk 0:05:02] the Spanish")
    );
}

#[test]
fn clock_comments_as_a_server_writes_them_stay_as_written() {
    let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[TimeControl \"180+2\"]\n\n1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 { [%eval 0.19] [%clk 0:02:58] } *\n";
    let mut game = round_trip("chess", text);
    assert_eq!(game.clocks(), [Some(180_000), Some(178_000)]);
    assert_eq!(game.times_used(), [Some(2_000), Some(4_000)]);
    // Played on: the new move's clock is written first in a comment of its own.
    game.play_text_timed("Nf3", 10_000).unwrap();
    let more = game
        .pgn(&[])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        more.contains("c5 { [%eval 0.19] [%clk 0:02:58] } 2. Nf3 {[%clk 0:02:52]}"),
        "{more}"
    );
}

#[test]
fn clocks_round_trip_through_pgn_in_the_other_rule_sets() {
    let cases = [
        ("chessgi", ["e4", "d5", "exd5", "Qxd5"].as_slice()),
        ("alice", &["e4", "d5", "Bb5"]),
        // A token per turn: the turn's time rides on its last action.
        ("marseillais", &["e4", "d4", "e5", "d5"]),
        // A token per action, a turn of several.
        (
            "progressive-scottish",
            &["e4", "e5", "d5", "d4", "Nc3", "Nf3"],
        ),
        ("avalanche", &["d4", "e6"]),
    ];
    for (variant, moves) in cases {
        let mut game = Game::new(variant, None).unwrap();
        game.set_time_control("60+1").unwrap();
        for (i, mv) in moves.iter().enumerate() {
            game.play_text_timed(mv, 1_000 * i as u64)
                .unwrap_or_else(|e| panic!("{variant} {mv}: {e}"));
        }
        let text = game.pgn(&[]);
        assert!(text.contains("[%clk 0:0"), "{variant}: {text}");
        let back = round_trip(variant, &text);
        assert_eq!(back.remaining(), game.remaining(), "{variant}");
    }
}

#[test]
fn clocks_the_control_cannot_give_stay_comments() {
    // Black's clock goes up by more than the increment (a server gave time).
    let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[TimeControl \"60+0\"]\n\n1. e4 { [%clk 0:01:00] } 1... e5 { [%clk 0:01:15] } *\n";
    let game = round_trip("chess", text);
    assert_eq!(game.clocks(), [None, None]);
    // And a TimeControl tag that is no time control is kept as text.
    let odd = text.replace("60+0", "5 minutes");
    let game = round_trip("chess", &odd);
    assert_eq!(game.time_control(), None);
}

#[test]
fn a_time_forfeit_is_written_and_read_as_a_termination() {
    let mut game = Game::new("chess", None).unwrap();
    game.set_time_control("60").unwrap();
    game.play_text_timed("e4", 0).unwrap();
    game.flag(Color::Black);
    let text = game.pgn(&[]);
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    let back = round_trip("chess", &text);
    assert_eq!(
        back.outcome(),
        Some(Outcome::win(Color::White, EndReason::TimeForfeit))
    );
    // The record type reads it too.
    let games = pgn::read_pgn::<Chess>(&text).unwrap();
    assert_eq!(games[0].main_line().time_control(), &control("60"));
}

#[test]
fn a_reading_gives_times_increments_and_the_delay_left() {
    let mut game = Game::new("chess", None).unwrap();
    game.set_time_control("2/60+1:30d5").unwrap();
    let reading = game.clock_reading().unwrap();
    assert_eq!(reading.remaining.white, 60_000);
    assert_eq!((reading.increment.white, reading.delay_left), (1_000, 0));
    for (mv, ms) in [("e4", 1_000), ("e5", 1_000), ("Nf3", 1_000)] {
        game.play_text_timed(mv, ms).unwrap();
    }
    // Black is in the first period still; White has played two moves and is in the
    // second: no increment, a 5 s delay (for White's next turn).
    let reading = game.clock_reading().unwrap();
    assert_eq!(reading.increment.white, 0);
    assert_eq!(reading.increment.black, 1_000);
    assert_eq!(reading.remaining.white, 60_000 + 30_000);
    game.play_text_timed("Nc6", 0).unwrap();
    assert_eq!(game.clock_reading().unwrap().delay_left, 5_000);
    assert_eq!(
        game.times_used(),
        [Some(1_000); 3]
            .into_iter()
            .chain([Some(0)])
            .collect::<Vec<_>>()
    );
}

#[test]
fn periods_delays_and_sand_clocks_round_trip_through_pgn() {
    for (control, times) in [
        ("2/60:30", [0, 5_000, 20_000, 7_000, 12_000, 1_000]),
        ("40/5400+30:1800+30", [0, 0, 61_000, 3_000, 1_000, 2_000]),
        ("*60", [0, 9_000, 1_000, 2_000, 30_000, 4_000]),
        ("60d5", [0, 3_000, 6_000, 10_000, 5_000, 4_999]),
    ] {
        let mut game = Game::new("chess", None).unwrap();
        game.set_time_control(control).unwrap();
        for (mv, ms) in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
            .into_iter()
            .zip(times)
        {
            game.play_text_timed(mv, ms).unwrap();
        }
        let text = game.pgn(&[]);
        assert!(
            text.contains(&format!("[TimeControl \"{control}\"]")),
            "{text}"
        );
        let back = round_trip("chess", &text);
        assert_eq!(back.clocks(), game.clocks(), "{control}");
        assert_eq!(back.remaining(), game.remaining(), "{control}");
    }
}

#[test]
fn no_clock_and_unknown_clock_tags_are_kept() {
    for control in ["-", "?"] {
        let mut game = Game::new("chess", None).unwrap();
        game.set_time_control(control).unwrap();
        game.play_text("e4").unwrap();
        assert_eq!(game.time_control(), None);
        let text = game.pgn(&[]);
        // An unknown clock is written as such; no clock writes no tag.
        assert_eq!(
            text.contains("[TimeControl \"?\"]"),
            control == "?",
            "{text}"
        );
        assert!(!text.contains("%clk"));
        round_trip("chess", &text);
    }
}
