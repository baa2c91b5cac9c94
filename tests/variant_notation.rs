//! Notation across rule sets: PGN written with the `[Variant]` tag reads back to the
//! same actions, a game of another rule set is refused, and the UCI layer accepts
//! every implemented id.

mod common;

use alfiere::notation::pgn::{first_game_variant, read_pgn, write_record};
use alfiere::uci::UciSession;
use alfiere::{with_variant, ActionList, Position, Record, Variant};
use common::Rng;

fn random_record<G: Position>(seed: u64, plies: usize) -> Record<G> {
    let mut rng = Rng::new(seed);
    let mut record = Record::new(G::start());
    for _ in 0..plies {
        if record.outcome().is_some() {
            break;
        }
        let mut list = ActionList::new();
        record.current().legal_actions(&mut list);
        let action = list[rng.below(list.len())];
        record.play(&action).unwrap();
    }
    record
}

fn pgn_round_trip<G: Position>(seed: u64) {
    let record: Record<G> = random_record(seed, 80);
    let text = write_record(&record, &[("Event".to_string(), "test".to_string())]);
    match G::VARIANT.pgn_tag() {
        Some(tag) => assert!(text.contains(&format!("[Variant \"{tag}\"]")), "{text}"),
        None => assert!(!text.contains("[Variant "), "{text}"),
    }
    assert_eq!(first_game_variant(&text).unwrap(), G::VARIANT);
    let games = read_pgn::<G>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1);
    let back = games[0].main_line();
    assert_eq!(
        back.actions().collect::<Vec<_>>(),
        record.actions().collect::<Vec<_>>(),
        "{text}"
    );
    assert_eq!(
        games[0].tag("Result"),
        Some(record.outcome().map_or("*", |o| o.result_token()))
    );
}

#[test]
fn pgn_round_trips_in_every_implemented_rule_set() {
    for variant in Variant::ALL {
        for seed in 1..=12 {
            with_variant!(variant, G => pgn_round_trip::<G>(seed * 7919));
        }
    }
}

#[test]
fn a_game_of_another_rule_set_is_refused() {
    let text = "[Variant \"Racing Kings\"]\n\n1. Kh3 *";
    let err = read_pgn::<alfiere::Chess>(text).unwrap_err();
    assert!(err.to_string().contains("Racing Kings"), "{err}");
    assert_eq!(first_game_variant(text).unwrap(), Variant::RacingKings);
    assert!(read_pgn::<alfiere::RacingKings>(text).is_ok());
}

#[test]
fn uci_accepts_every_implemented_variant() {
    for variant in Variant::ALL {
        let mut session = UciSession::new();
        let mut out = Vec::new();
        session.handle_line(
            &format!("setoption name UCI_Variant value {}", variant.id()),
            &mut |l| out.push(l.to_string()),
        );
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(session.variant(), variant);
        session.handle_line("go perft 1", &mut |l| out.push(l.to_string()));
        let expected = with_variant!(variant, G => G::start().count_legal_actions());
        assert_eq!(out.last().unwrap(), &format!("Nodes searched: {expected}"));
        out.clear();
        session.handle_line("uci", &mut |l| out.push(l.to_string()));
        assert!(
            out.iter()
                .any(|l| l.contains(&format!("var {}", variant.id()))),
            "{out:?}"
        );
    }
}

/// The movetext of a record played from the start by UCI tokens.
fn movetext(variant: Variant, tokens: &str) -> String {
    with_variant!(variant, G => {
        let mut record = Record::new(G::start());
        for token in tokens.split_whitespace() {
            let action = alfiere::notation::uci::parse_action(record.current(), token).unwrap();
            record.play(&action).unwrap();
        }
        let text = write_record(&record, &[]);
        let moves = text.split("\n\n").nth(1).unwrap().trim().replace('\n', " ");
        // The written text reads back to the same actions.
        let back = read_pgn::<G>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))[0].main_line();
        assert_eq!(back.actions().collect::<Vec<_>>(), record.actions().collect::<Vec<_>>());
        moves
    })
}

#[test]
fn turns_are_written_the_way_each_rule_set_writes_them() {
    // Avalanche: move/push per turn; the owner's choice as its own token first.
    assert_eq!(
        movetext(Variant::Avalanche, "d2d4 e7e6 c7c5 h2h3 g1f3 c5c4"),
        "1. d4/e6 c5/h3 2. Nf3/c4 *"
    );
    let promo = "d2d4 h7h6 e7e5 e2e3 d4e5 d7d6 d6d5 h2h3 d1g4 d5d4 d4d3 a2a3 g1f3 a7a6 \
                 d3d2 g2g3 g4c8 d2d1 d1n b8c6 b2b3";
    assert_eq!(
        movetext(Variant::Avalanche, promo),
        "1. d4/h6 e5/e3 2. dxe5/d6 d5/h3 3. Qg4/d4 d3/a3 4. Nf3/a6 d2/g3+ 5. Qxc8/d1 =N \
         Nc6/b3 *"
    );
    assert_eq!(
        movetext(Variant::Marseillais, "e2e4 d2d4 e7e5 b8c6"),
        "1. e4,d4 e5,Nc6 *"
    );
    assert_eq!(
        movetext(Variant::MarseillaisBalanced, "e2e4 e7e5 b8c6 d1h5 g1f3"),
        "1. e4 e5,Nc6 2. Qh5,Nf3 *"
    );
    assert_eq!(
        movetext(Variant::ProgressiveItalian, "e2e4 e7e5 d8h4 g1f3 f1c4 c4f7"),
        "1. e4 2. e5 Qh4 3. Nf3 Bc4 Bxf7+ *"
    );
}

#[test]
fn marseillais_tokens_accept_comma_or_slash_and_refuse_crossing_turns() {
    with_variant!(Variant::Marseillais, G => {
        let games = read_pgn::<G>("1. e4/d4 e5,Nc6 *").unwrap();
        assert_eq!(games[0].main_line().len(), 4);
        let err = read_pgn::<G>("1. e4,d4,e5 *").unwrap_err();
        assert!(err.to_string().contains("same turn"), "{err}");
    });
}
