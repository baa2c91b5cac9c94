//! Notation across rule sets: PGN written with the `[Variant]` tag reads back to the
//! same actions, a game of another rule set is refused, and the UCI layer accepts
//! every implemented id.

mod common;

use alfiere::notation::pgn::{first_game_variant, read_pgn, write_record};
use alfiere::uci::UciSession;
use alfiere::{with_variant, ActionList, Game, Record, Variant};
use common::Rng;

fn random_record<G: Game>(seed: u64, plies: usize) -> Record<G> {
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

fn pgn_round_trip<G: Game>(seed: u64) {
    let record: Record<G> = random_record(seed, 80);
    let text = write_record(&record, &[("Event".to_string(), "test".to_string())]);
    if G::VARIANT != Variant::Chess {
        assert!(
            text.contains(&format!("[Variant \"{}\"]", G::VARIANT.name())),
            "{text}"
        );
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
    for variant in Variant::IMPLEMENTED {
        for seed in 1..=12 {
            with_variant!(variant, G, _wrap => pgn_round_trip::<G>(seed * 7919), _ => unreachable!());
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
    for variant in Variant::IMPLEMENTED {
        let mut session = UciSession::new();
        let mut out = Vec::new();
        session.handle_line(
            &format!("setoption name UCI_Variant value {}", variant.id()),
            &mut |l| out.push(l.to_string()),
        );
        assert!(out.is_empty(), "{out:?}");
        assert_eq!(session.variant(), variant);
        session.handle_line("go perft 1", &mut |l| out.push(l.to_string()));
        let expected = with_variant!(variant, G, _wrap => G::start().count_legal_actions(), _ => 0);
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
