//! The search with a learned evaluation: which levels use the network, and that a
//! search scores by it (moved from `eval/nnue`, which the search builds on: the
//! evaluation never uses the search).

use super::{Limits, Progress, Search, SearchOptions, Strength, TranspositionTable};
use crate::eval::nnue::tests::{random_network, random_network_of};
use crate::eval::nnue::{Extras, FeatureSet, Network, Networks};
use crate::notation::fen::read_fen;
use crate::{Chess, Position};
use std::sync::Arc;

#[test]
fn the_top_levels_evaluate_with_the_network_and_the_lower_ones_without() {
    let net = Arc::new(random_network(8));
    let pos: Chess =
        read_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap();
    let learned = net.output(
        &net.refresh(pos.placement().board, &Extras::of(&pos)),
        pos.turn(),
    );
    let hand = crate::eval::evaluate(&pos);
    assert_ne!(learned, hand);
    let mut search = Search::<Chess>::new(TranspositionTable::new(1));
    for (strength, expected) in [
        (Strength::from_level(0), hand),
        (Strength::from_level(15), hand),
        (Strength::from_elo(1860), hand),
        (Strength::from_level(16), learned),
        (Strength::from_level(19), learned),
        (Strength::full(), learned),
    ] {
        search.set_options(SearchOptions {
            networks: Networks::only(Arc::clone(&net)),
            strength,
            ..SearchOptions::default()
        });
        assert_eq!(search.evaluate(&pos, 0), expected, "{strength:?}");
    }
}

#[test]
fn a_search_with_a_network_plays_legal_actions_and_scores_by_it() {
    let run = |networks: Networks| {
        let mut search = Search::<Chess>::new(TranspositionTable::new(1));
        search.set_options(SearchOptions {
            networks,
            ..SearchOptions::default()
        });
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        search.start_with_history(Chess::start(), &[], limits);
        loop {
            if let Progress::Done(result) = search.step(1 << 20, &|| 0, &mut |_| {}) {
                return result;
            }
        }
    };
    let learned = run(Networks::only(Arc::new(random_network(8))));
    let hand = run(Networks::none());
    assert!(Chess::start().is_legal(&learned.best.unwrap()));
    // A random network values the start position unlike the hand-written terms.
    assert_ne!((learned.score, learned.nodes), (hand.score, hand.nodes));
    // A rule set of another layout keeps the hand-written evaluation.
    let mut gi = Search::<crate::ChessGi>::new(TranspositionTable::new(1));
    gi.set_options(SearchOptions {
        networks: Networks::only(Arc::new(random_network(8))),
        ..SearchOptions::default()
    });
    let pos = crate::ChessGi::start();
    assert_eq!(gi.evaluate(&pos, 0), crate::eval::evaluate(&pos));
    // With a network of its layout in the set, Chess-Gi scores by it.
    let hands_net = Arc::new(random_network_of(FeatureSet::PieceSquareHands, 8));
    let mut networks = Networks::only(Arc::new(random_network(8)));
    networks.insert(Arc::clone(&hands_net));
    gi.set_options(SearchOptions {
        networks,
        ..SearchOptions::default()
    });
    let expected = hands_net.output(
        &hands_net.refresh(pos.placement().board, &Extras::of(&pos)),
        pos.turn(),
    );
    assert_eq!(gi.evaluate(&pos, 0), expected);
}

/// One random network of each kind, all in one set.
fn one_of_each_kind() -> Networks {
    let mut networks = Networks::none();
    for set in FeatureSet::ALL {
        networks.insert(Arc::new(random_network_of(set, 30 + u64::from(set.id()))));
    }
    networks
}

/// Plays random games of rule set `P` (searched as `G`) and checks at every position
/// that the search evaluates with `P`'s own kind of network, through its cache, as a
/// refresh of that network does.
fn search_evaluates_with_its_own_kind<P, G>(networks: &Networks) -> usize
where
    P: Position<Searched = G>,
    G: Position + From<P>,
{
    let own: &Network = networks
        .for_variant(P::VARIANT)
        .expect("a network of its kind");
    assert_eq!(Some(own.feature_set), FeatureSet::of_variant(P::VARIANT));
    let mut search = Search::<G>::for_rule_set::<P>(TranspositionTable::new(1));
    search.set_options(SearchOptions {
        networks: networks.clone(),
        ..SearchOptions::default()
    });
    let (mut list, mut seed, mut seen) = (crate::ActionList::new(), 5u64, 0);
    for _ in 0..3 {
        let mut pos = G::from(P::start());
        for ply in 0..80 {
            pos.legal_actions(&mut list);
            if list.is_empty() {
                break;
            }
            let expected = own.output(
                &own.refresh(pos.placement().board, &Extras::of(&pos)),
                pos.turn(),
            );
            assert_eq!(
                search.evaluate(&pos, ply % 7),
                expected,
                "{:?} ply {ply}",
                P::VARIANT
            );
            seen += 1;
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            pos.play_unchecked(&list[(seed >> 33) as usize % list.len()]);
        }
    }
    seen
}

#[test]
fn each_rule_set_of_issue_57_evaluates_with_its_own_kind_of_network() {
    use crate::variants::{
        Marseillais, MarseillaisBalanced, ProgressiveItalian, ProgressiveScottish,
    };
    let networks = one_of_each_kind();
    let seen = [
        search_evaluates_with_its_own_kind::<crate::Billiards, _>(&networks),
        search_evaluates_with_its_own_kind::<crate::Avalanche, _>(&networks),
        search_evaluates_with_its_own_kind::<crate::Alice, _>(&networks),
        search_evaluates_with_its_own_kind::<Marseillais, _>(&networks),
        search_evaluates_with_its_own_kind::<MarseillaisBalanced, _>(&networks),
        // Searched as Marseillais, yet with Progressive's network.
        search_evaluates_with_its_own_kind::<ProgressiveScottish, _>(&networks),
        search_evaluates_with_its_own_kind::<ProgressiveItalian, _>(&networks),
    ];
    assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    // Chess and Billiards share the inputs, never the network.
    let orthodox = networks.for_variant(crate::Variant::Chess).unwrap();
    let billiards = networks.for_variant(crate::Variant::Billiards).unwrap();
    assert_eq!(
        orthodox.feature_set.inputs(),
        billiards.feature_set.inputs()
    );
    assert!(!Arc::ptr_eq(orthodox, billiards));
}

#[test]
fn a_network_of_another_kind_leaves_the_hand_written_evaluation() {
    // A Billiards network alone: orthodox chess keeps its terms, and the reverse.
    let billiards = Networks::only(Arc::new(random_network_of(FeatureSet::Billiards, 4)));
    let mut chess = Search::<Chess>::new(TranspositionTable::new(1));
    chess.set_options(SearchOptions {
        networks: billiards.clone(),
        ..SearchOptions::default()
    });
    let pos = Chess::start();
    assert_eq!(chess.evaluate(&pos, 0), crate::eval::evaluate(&pos));
    let mut search = Search::<crate::Billiards>::new(TranspositionTable::new(1));
    search.set_options(SearchOptions {
        networks: Networks::only(Arc::new(random_network(4))),
        ..SearchOptions::default()
    });
    let pos = crate::Billiards::start();
    assert_eq!(search.evaluate(&pos, 0), crate::eval::evaluate(&pos));
    // A Marseillais network does not serve Progressive, searched as Marseillais.
    use crate::variants::{Marseillais, ProgressiveScottish};
    let mut series =
        Search::<Marseillais>::for_rule_set::<ProgressiveScottish>(TranspositionTable::new(1));
    series.set_options(SearchOptions {
        networks: Networks::only(Arc::new(random_network_of(FeatureSet::Marseillais, 4))),
        ..SearchOptions::default()
    });
    let pos = Marseillais::from(ProgressiveScottish::start());
    let hand = {
        let mut plain =
            Search::<Marseillais>::for_rule_set::<ProgressiveScottish>(TranspositionTable::new(1));
        plain.set_options(SearchOptions::default());
        plain.evaluate(&pos, 0)
    };
    assert_eq!(series.evaluate(&pos, 0), hand);
}

#[test]
fn the_network_is_scaled_down_in_endings_the_side_ahead_can_hardly_win() {
    let net = Arc::new(random_network(8));
    let raw = |pos: &Chess| {
        net.output(
            &net.refresh(pos.placement().board, &Extras::of(pos)),
            pos.turn(),
        )
    };
    let mut search = Search::<Chess>::new(TranspositionTable::new(1));
    search.set_options(SearchOptions {
        networks: Networks::only(Arc::clone(&net)),
        ..SearchOptions::default()
    });
    // A rook and bishop against a rook, no pawns: a quarter of the network's score,
    // whichever side it favours.
    let drawish: Chess = read_fen("8/8/8/3bk3/8/1r6/3R2K1/8 w - - 0 1").unwrap();
    assert!(raw(&drawish).abs() >= 8, "{}", raw(&drawish));
    assert_eq!(search.evaluate(&drawish, 0), raw(&drawish) / 4);
    // With pawns on both sides and no such material, the network's score stands.
    let normal: Chess = read_fen("8/5pk1/8/3b4/8/1r3BP1/3R2K1/8 w - - 0 1").unwrap();
    assert_eq!(search.evaluate(&normal, 0), raw(&normal));
    // Chess-Gi has no orthodox endgame knowledge: its network is never scaled.
    let hands_net = Arc::new(random_network_of(FeatureSet::PieceSquareHands, 8));
    let mut gi = Search::<crate::ChessGi>::new(TranspositionTable::new(1));
    gi.set_options(SearchOptions {
        networks: Networks::only(Arc::clone(&hands_net)),
        ..SearchOptions::default()
    });
    let pos: crate::ChessGi = read_fen("8/8/8/3bk3/8/1r6/3R2K1/8 w - - 0 1").unwrap();
    let expected = hands_net.output(
        &hands_net.refresh(pos.placement().board, &Extras::of(&pos)),
        pos.turn(),
    );
    assert_eq!(gi.evaluate(&pos, 0), expected);
}
