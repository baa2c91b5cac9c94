//! Integration tests of the syntactic PGN layer through the public API.
//! The exhaustive tests live next to the code in `src/notation/pgn_syntax.rs`.

use alfiere::notation::pgn_syntax::{
    parse_pgn, write_pgn, MoveNumbering, OrthodoxNumbering, PgnSyntaxError, RawGame, RawMove,
    RawVariation, MAX_VARIATION_DEPTH,
};

const SAMPLE: &str = "\u{feff}% exported by a test\n\
[Event \"Casual \\\"blitz\\\"\"]\n\
[Site \"C:\\\\games\"]\n\
[Result \"1-0\"]\n\
\n\
{Opening comment} 1. e4 e5!? {Bold} (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 $1\n\
Nc6 ; the usual\n\
3.Bb5 a6 1-0\n\
\n\
[Event \"Marseillais\"]\n\
\n\
1. e4 2. e5,Nc6 3. Nf3/e6 N@e4 O-O 0-0-0 *\n";

fn tokens(moves: &[RawMove]) -> Vec<&str> {
    moves.iter().map(|m| m.token.as_str()).collect()
}

fn without_positions(mut game: RawGame) -> RawGame {
    fn strip(moves: &mut [RawMove]) {
        for mv in moves {
            mv.line = 0;
            mv.column = 0;
            for variation in &mut mv.variations {
                strip(&mut variation.moves);
            }
        }
    }
    game.line = 0;
    strip(&mut game.moves);
    game
}

#[test]
fn parses_a_file_with_several_games() {
    let games = parse_pgn(SAMPLE).unwrap();
    assert_eq!(games.len(), 2);

    let first = &games[0];
    assert_eq!(first.line, 2);
    assert_eq!(first.tag("Event"), Some("Casual \"blitz\""));
    assert_eq!(first.tag("Site"), Some("C:\\games"));
    assert_eq!(first.comment_before, ["Opening comment"]);
    assert_eq!(
        tokens(&first.moves),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    );
    assert_eq!(first.result.as_deref(), Some("1-0"));

    let e5 = &first.moves[1];
    assert_eq!(e5.nags, [5]);
    assert_eq!(e5.comments, ["Bold"]);
    assert_eq!(tokens(&e5.variations[0].moves), ["c5", "Nf3", "d6"]);
    let nested: &RawVariation = &e5.variations[0].moves[1].variations[0];
    assert_eq!(tokens(&nested.moves), ["c3", "d5"]);
    assert_eq!(first.moves[2].nags, [1]);
    assert_eq!(first.moves[3].comments, ["the usual"]);
    let bb5 = &first.moves[4];
    assert_eq!((bb5.line, bb5.column), (8, 3));

    let second = &games[1];
    assert_eq!(
        tokens(&second.moves),
        ["e4", "e5,Nc6", "Nf3/e6", "N@e4", "O-O", "0-0-0"]
    );
    assert_eq!(second.result.as_deref(), Some("*"));
}

#[test]
fn reports_errors_with_positions() {
    let e: PgnSyntaxError = parse_pgn("[Event \"x\"]\n\n1. e4 {oops").unwrap_err();
    assert_eq!((e.line, e.column), (3, 7));
    assert_eq!(e.to_string(), "line 3, column 7: unterminated comment");

    let e = parse_pgn("1. e4 e5) *").unwrap_err();
    assert_eq!((e.line, e.column), (1, 9));

    let deep = format!("1. e4 {}", "(e4 ".repeat(MAX_VARIATION_DEPTH + 1));
    assert!(parse_pgn(&deep).is_err());
    assert!(parse_pgn(&"(".repeat(1 << 20)).is_err());
}

#[test]
fn only_comments_means_no_games() {
    assert_eq!(parse_pgn("").unwrap(), vec![]);
    assert_eq!(parse_pgn("{nothing}\n; here\n").unwrap(), vec![]);
}

#[test]
fn writes_and_round_trips() {
    let games = parse_pgn(SAMPLE).unwrap();
    let text = write_pgn(&games[0], &OrthodoxNumbering::default());
    assert_eq!(
        text,
        "[Event \"Casual \\\"blitz\\\"\"]\n\
         [Site \"C:\\\\games\"]\n\
         [Result \"1-0\"]\n\
         \n\
         {Opening comment} 1. e4 e5 $5 {Bold} (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3\n\
         $1 Nc6 {the usual} 3. Bb5 a6 1-0\n"
    );
    for game in games {
        let text = write_pgn(&game, &OrthodoxNumbering::default());
        let again = parse_pgn(&text).unwrap();
        assert_eq!(again.len(), 1);
        assert_eq!(write_pgn(&again[0], &OrthodoxNumbering::default()), text);
        assert_eq!(without_positions(again[0].clone()), without_positions(game));
    }
}

#[test]
fn numbering_is_pluggable() {
    let game = RawGame {
        moves: vec![RawMove::new("e5"), RawMove::new("Nf3")],
        result: Some("*".to_string()),
        ..RawGame::default()
    };
    let from_black = OrthodoxNumbering {
        first_ply_black: true,
        first_move_number: 7,
    };
    assert_eq!(write_pgn(&game, &from_black), "7... e5 8. Nf3 *\n");

    struct Plies;
    impl MoveNumbering for Plies {
        fn prefix(&self, ply: usize, _after_break: bool) -> Option<String> {
            Some(format!("{}.", ply + 1))
        }
    }
    assert_eq!(write_pgn(&game, &Plies), "1. e5 2. Nf3 *\n");

    let unnumbered = |_: usize, _: bool| None;
    assert_eq!(write_pgn(&game, &unnumbered), "e5 Nf3 *\n");
}
