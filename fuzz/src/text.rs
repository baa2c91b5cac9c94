//! The text parsers on arbitrary text: FEN (every rule set), SAN and UCI tokens
//! against a position, PGN. None may panic; whatever they accept must be legal and
//! must round-trip; whatever the run-time API refuses must leave its game unchanged.

use super::input::Input;
use super::invariants::{
    check_every_action, check_every_action_accepting, check_position, check_position_accepting,
    legal_list,
};
use super::seeds;
use alfiere::api::Game;
use alfiere::notation::{fen, pgn, pgn_syntax, san, uci};
use alfiere::{with_variant, AcceptedProblems, Position};

/// A position chosen by the input: a seed, then up to 15 legal actions.
pub fn position<G: Position>(input: &mut Input) -> G {
    let mut pos: G = seeds::seed(usize::from(input.byte().unwrap_or(0)));
    let plies = input.byte().unwrap_or(0) % 16;
    for _ in 0..plies {
        let list = legal_list(&pos);
        match input.below(list.len().max(1)) {
            Some(i) if !list.is_empty() => pos.play_unchecked(&list[i]),
            _ => break,
        }
    }
    pos
}

/// FEN target: a rule set, then the text.
pub fn fen_target(data: &[u8]) {
    let mut input = Input::new(data);
    let variant = input.variant();
    let text = input.rest_text();
    with_variant!(variant, G => check_fen::<G>(&text));
}

fn check_fen<G: Position>(text: &str) {
    // The syntax layer alone: what it reads, it writes back and reads the same
    // (castling rights off the corners as file letters), except what the writer
    // leaves out on purpose: Chess-Gi's informational `~` marks.
    if let Ok(setup) = fen::parse_fen(text) {
        let written = fen::write_setup(&setup);
        let again = fen::parse_fen(&written)
            .unwrap_or_else(|e| panic!("own setup FEN {written} of {text:?}: {e}"));
        let mut expected = setup.clone();
        expected.promoted = again.promoted;
        assert_eq!(
            again, expected,
            "setup FEN round trip of {text:?} via {written}"
        );
    }
    let api =
        (text.len() <= alfiere::api::MAX_SHORT_TEXT).then(|| Game::validate_fen(G::VARIANT, text));
    let strict = fen::read_fen::<G>(text);
    match &strict {
        Ok(pos) => {
            let list = check_position(pos);
            check_every_action(pos, &list);
            if let Some(api) = api {
                assert!(api.is_ok(), "API refuses {text:?}: {api:?}");
            }
        }
        Err(e) => {
            assert!(
                !e.problems.is_empty(),
                "an error without problems for {text:?}"
            );
            assert!(!e.to_string().is_empty());
            if let Some(api) = api {
                assert!(api.is_err(), "API accepts {text:?}");
            }
        }
    }
    check_fen_accepting::<G>(text, strict.as_ref().ok());
}

/// The same text with every kind of position problem accepted (`alfiere::accepted`):
/// a valid position reads the same; a position refused before is accepted only when
/// each of its problems is of an accepted kind, and then passes every check; the
/// run-time API agrees.
fn check_fen_accepting<G: Position>(text: &str, strict: Option<&G>) {
    let all = AcceptedProblems::ALL;
    let accepted = fen::read_fen_accepting::<G>(text, all);
    let api = (text.len() <= alfiere::api::MAX_SHORT_TEXT).then(|| {
        let mut game = Game::start(G::VARIANT);
        game.load_accepting(text, all)
    });
    match (&accepted, strict) {
        (Ok(pos), Some(valid)) => assert_eq!(pos, valid, "accepting changed {text:?}"),
        (Err(e), Some(_)) => panic!("{text:?} valid but refused when accepting: {e}"),
        (Ok(pos), None) => {
            let problems = fen::parse_fen(text)
                .ok()
                .and_then(|setup| G::from_setup(&setup).err())
                .map(|e| e.problems)
                .unwrap_or_default();
            assert!(
                problems.iter().all(|p| all.accepts(p)),
                "{text:?} accepted with {problems:?}"
            );
            let list = check_position_accepting(pos, all);
            check_every_action_accepting(pos, &list, all);
        }
        (Err(_), None) => {}
    }
    if let Some(api) = api {
        assert_eq!(
            api.is_ok(),
            accepted.is_ok(),
            "API vs core accepting {text:?}: {api:?}"
        );
    }
}

/// SAN target: a rule set, a position, then the text.
pub fn san_target(data: &[u8]) {
    let mut input = Input::new(data);
    let variant = input.variant();
    with_variant!(variant, G => {
        let pos: G = position(&mut input);
        check_san(&pos, &input.rest_text());
    });
}

fn check_san<G: Position>(pos: &G, text: &str) {
    let list = legal_list(pos);
    let fen_text = fen::write_fen(pos);
    let lenient = san::parse_san(pos, text);
    if let Ok(action) = &lenient {
        assert!(
            list.contains(action),
            "SAN {text:?} gave unlisted {action:?} in {fen_text}"
        );
        let written = san::write_san(pos, action);
        assert_eq!(
            san::parse_san_strict(pos, &written).as_ref(),
            Ok(action),
            "SAN {text:?} rewritten as {written} in {fen_text}"
        );
    }
    if let Ok(action) = san::parse_san_strict(pos, text) {
        assert_eq!(
            lenient.as_ref(),
            Ok(&action),
            "strict vs lenient {text:?} in {fen_text}"
        );
        assert_eq!(
            san::write_san(pos, &action),
            text,
            "strict SAN is canonical"
        );
    }
    check_api_move(pos, text);
}

/// UCI token target: a rule set, a position, then the token.
pub fn uci_action_target(data: &[u8]) {
    let mut input = Input::new(data);
    let variant = input.variant();
    with_variant!(variant, G => {
        let pos: G = position(&mut input);
        check_uci_token(&pos, &input.rest_text());
    });
}

fn check_uci_token<G: Position>(pos: &G, text: &str) {
    let list = legal_list(pos);
    let fen_text = fen::write_fen(pos);
    match uci::parse_action(pos, text) {
        Ok(action) => {
            assert!(uci::is_well_formed(text));
            assert!(
                list.contains(&action),
                "UCI {text:?} gave unlisted {action:?} in {fen_text}"
            );
            let token = uci::action_to_uci_in(&action, G::VARIANT);
            assert_eq!(
                uci::parse_action(pos, &token),
                Ok(action),
                "{token} in {fen_text}"
            );
        }
        Err(uci::UciActionError::Invalid(_)) => assert!(!uci::is_well_formed(text)),
        Err(uci::UciActionError::Illegal(_)) => assert!(uci::is_well_formed(text)),
    }
    check_api_move(pos, text);
}

/// The run-time API's `play_text` (SAN or UCI): a success plays a listed action, a
/// failure changes nothing.
fn check_api_move<G: Position>(pos: &G, text: &str) {
    let fen_text = fen::write_fen(pos);
    let mut game = Game::new(G::VARIANT.id(), Some(&fen_text))
        .unwrap_or_else(|e| panic!("API refuses own FEN {fen_text}: {e:?}"));
    match game.play_text(text) {
        Ok(_) => {
            let after = game.fen();
            let list = legal_list(pos);
            let reached = list.iter().any(|a| {
                let mut child = pos.clone();
                child.play_unchecked(a);
                fen::write_fen(&child) == after
            });
            assert!(reached, "API move {text:?} in {fen_text} reached {after}");
        }
        Err(e) => {
            assert_eq!(
                game.fen(),
                fen_text,
                "refused move {text:?} changed the game"
            );
            assert!(!e.message.is_empty());
        }
    }
}

/// PGN target: a rule set, then the text.
pub fn pgn_target(data: &[u8]) {
    let mut input = Input::new(data);
    let variant = input.variant();
    let text = input.rest_text();
    let _ = pgn_syntax::parse_pgn(&text);
    let _ = pgn::first_game_variant(&text);
    with_variant!(variant, G => check_pgn::<G>(&text));
    check_api_pgn(variant, &text);
}

fn check_pgn<G: Position>(text: &str) {
    let Ok(games) = pgn::read_pgn::<G>(text) else {
        return;
    };
    for game in &games {
        let record = game.main_line();
        assert_eq!(
            record.len(),
            game.moves.iter().map(|m| m.actions.len()).sum::<usize>(),
            "main line of {text:?} cut short"
        );
        check_position(record.current());
        let written = game.to_pgn();
        let again = pgn::read_pgn::<G>(&written)
            .unwrap_or_else(|e| panic!("own PGN {written:?} of {text:?}: {e}"));
        assert_eq!(again.len(), 1, "{written:?}");
        assert_eq!(
            again[0],
            normalized(game),
            "PGN round trip of {text:?} via {written:?}"
        );
        assert_eq!(again[0].to_pgn(), written, "PGN written twice differs");
        let plain = pgn::write_record(&record, &[]);
        let back =
            pgn::read_pgn::<G>(&plain).unwrap_or_else(|e| panic!("own record PGN {plain:?}: {e}"));
        assert_eq!(
            back[0].main_line(),
            record,
            "record PGN round trip via {plain:?}"
        );
    }
}

/// What a game looks like after a write and read, as the PGN writer documents it:
/// a `}` inside a comment becomes `)` and a line break a space (a brace comment
/// cannot hold them), and a game without a termination marker gets `*`.
fn normalized<G: Position>(game: &pgn::PgnGame<G>) -> pgn::PgnGame<G> {
    fn fix(comments: &mut [String]) {
        for comment in comments {
            *comment = comment.replace('}', ")").replace(['\n', '\r'], " ");
        }
    }
    fn fix_line(moves: &mut [pgn::PgnMove]) {
        for mv in moves {
            fix(&mut mv.comments);
            for variation in &mut mv.variations {
                fix(&mut variation.comment_before);
                fix_line(&mut variation.moves);
            }
        }
    }
    let mut game = game.clone();
    fix(&mut game.comment_before);
    fix_line(&mut game.moves);
    game.result.get_or_insert_with(|| "*".to_string());
    game
}

/// `Game::load_pgn`: atomic; what it loads, it writes back and loads the same.
fn check_api_pgn(variant: alfiere::Variant, text: &str) {
    let mut game = Game::new(variant.id(), None).expect("implemented");
    let first = game.legal_moves()[0].clone();
    game.play_text(&first).expect("a first move");
    let (fen_before, history_before) = (game.fen(), game.history_uci());
    match game.load_pgn(text) {
        Ok(()) => {
            let written = game.pgn(&[]);
            let mut again = Game::new("chess", None).unwrap();
            again
                .load_pgn(&written)
                .unwrap_or_else(|e| panic!("own PGN {written:?}: {e:?}"));
            assert_eq!(again.variant(), game.variant());
            assert_eq!(again.fen(), game.fen(), "{written:?}");
            assert_eq!(again.history_uci(), game.history_uci(), "{written:?}");
        }
        Err(_) => {
            assert_eq!(game.fen(), fen_before, "a refused PGN changed the game");
            assert_eq!(game.history_uci(), history_before);
        }
    }
}
