//! The search with a learned evaluation: which levels use the network, and that a
//! search scores by it (moved from `eval/nnue`, which the search builds on: the
//! evaluation never uses the search).

use super::{Limits, Progress, Search, SearchOptions, Strength, TranspositionTable};
use crate::eval::nnue::tests::{random_network, random_network_of};
use crate::eval::nnue::{FeatureSet, Hands, Networks};
use crate::notation::fen::read_fen;
use crate::{Chess, Position};
use std::sync::Arc;

#[test]
fn the_top_levels_evaluate_with_the_network_and_the_lower_ones_without() {
    let net = Arc::new(random_network(8));
    let pos: Chess =
        read_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap();
    let learned = net.output(
        &net.refresh(pos.placement().board, &Hands::default()),
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
        &hands_net.refresh(pos.placement().board, &Hands::of(&pos)),
        pos.turn(),
    );
    assert_eq!(gi.evaluate(&pos, 0), expected);
}

#[test]
fn the_network_is_scaled_down_in_endings_the_side_ahead_can_hardly_win() {
    let net = Arc::new(random_network(8));
    let raw = |pos: &Chess| {
        net.output(
            &net.refresh(pos.placement().board, &Hands::default()),
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
        &hands_net.refresh(pos.placement().board, &Hands::of(&pos)),
        pos.turn(),
    );
    assert_eq!(gi.evaluate(&pos, 0), expected);
}
