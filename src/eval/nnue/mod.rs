//! A learned evaluation (NNUE): a small network over the pieces' squares, seen from
//! each side, whose first layer is kept up to date as actions are played instead of
//! being computed anew at every node.
//!
//! - `features.rs`: which inputs a position turns on ([`FeatureSet`]);
//! - `network.rs`: the quantised [`Network`] and its file format (version, checksum);
//! - `accumulator.rs`: the first layer's sums ([`Accumulator`]) and the output;
//! - `cache.rs`: the search's accumulators by ply ([`AccumulatorCache`]);
//! - `set.rs`: the networks a search may use, one per kind ([`Networks`]).
//!
//! A rule set uses a network only where [`crate::eval`]'s registry names the network's
//! feature set (its kind: layout and rule set family) for it; every search without a
//! network of its kind keeps the hand-written evaluation.

mod accumulator;
mod cache;
mod features;
mod network;
mod set;

pub use accumulator::Accumulator;
pub use cache::AccumulatorCache;
pub use features::{
    board_diff, hand_feature, hands_diff, piece_square, piece_square_on, turn_features,
    two_board_diff, Extras, FeatureSet, Hands, TurnInputs, HAND_DEPTH,
};
pub use network::{fnv1a, Network, NetworkError, FORMAT_VERSION, HIDDEN, QA, QB, SCALE};
pub use set::Networks;

/// The rule sets whose training data `alfiere-datagen` makes and `alfiere-train`
/// reads: one per network kind (Chess960's positions come with the teacher's records,
/// read as orthodox chess). The one list both tools take `--variant` from.
pub const DATA_VARIANTS: [crate::Variant; 10] = [
    crate::Variant::Chess,
    crate::Variant::ChessGi,
    crate::Variant::RacingKings,
    crate::Variant::Billiards,
    crate::Variant::Avalanche,
    crate::Variant::Marseillais,
    crate::Variant::MarseillaisBalanced,
    crate::Variant::ProgressiveScottish,
    crate::Variant::ProgressiveItalian,
    crate::Variant::Alice,
];

/// The network of layout `set` built into the native binary (nets/README.md says how
/// each was made), if there is one. The wasm build has none built in (its module stays
/// small; the JS Engine loads the same files beside it).
#[cfg(not(target_arch = "wasm32"))]
pub fn built_in(set: FeatureSet) -> Option<std::sync::Arc<Network>> {
    type Slot = std::sync::OnceLock<Option<std::sync::Arc<Network>>>;
    static BUILT_IN: [Slot; FeatureSet::ALL.len()] = [const { Slot::new() }; FeatureSet::ALL.len()];
    let index = FeatureSet::ALL.iter().position(|&s| s == set)?;
    let bytes = built_in_bytes(set)?;
    BUILT_IN[index]
        .get_or_init(|| {
            // Checked by a test: each embedded file reads back.
            Network::from_bytes(bytes).ok().map(std::sync::Arc::new)
        })
        .clone()
}

/// The network built into the native binary: none in the wasm build.
#[cfg(target_arch = "wasm32")]
pub fn built_in(_set: FeatureSet) -> Option<std::sync::Arc<Network>> {
    None
}

/// The file [`built_in`] reads for layout `set`.
#[cfg(not(target_arch = "wasm32"))]
pub const fn built_in_bytes(set: FeatureSet) -> Option<&'static [u8]> {
    match set {
        FeatureSet::PieceSquare => Some(include_bytes!("../../../nets/chess-round4.nnue")),
        FeatureSet::PieceSquareHands => Some(include_bytes!("../../../nets/chessgi-round2.nnue")),
        FeatureSet::RacingKings => Some(include_bytes!("../../../nets/racingkings-round1.nnue")),
        FeatureSet::Marseillais => Some(include_bytes!("../../../nets/marseillais-round2.nnue")),
        FeatureSet::Billiards => Some(include_bytes!("../../../nets/billiards-round2.nnue")),
        FeatureSet::Avalanche => Some(include_bytes!("../../../nets/avalanche-round2.nnue")),
        FeatureSet::Alice => Some(include_bytes!("../../../nets/alice-round2.nnue")),
        // Progressive's first network did not beat the hand-written evaluation
        // (docs/nnue.md): none is built in; `EvalFile` loads one from a file.
        FeatureSet::Progressive => None,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::notation::fen::read_fen;
    use crate::{Chess, Position};
    use std::sync::Arc;

    /// A network with small pseudo-random weights.
    pub(crate) fn random_network(seed: u64) -> Network {
        random_network_of(FeatureSet::PieceSquare, seed)
    }

    /// A network of layout `set` with small pseudo-random weights.
    pub(crate) fn random_network_of(set: FeatureSet, seed: u64) -> Network {
        let mut x = seed;
        let mut next = move |range: i64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((x >> 33) as i64 % (2 * range + 1) - range) as i16
        };
        let inputs = set.inputs();
        let mut feature_bias = [0; HIDDEN];
        feature_bias.iter_mut().for_each(|b| *b = next(100));
        let mut output_weights = [0; 2 * HIDDEN];
        output_weights.iter_mut().for_each(|w| *w = next(60));
        Network {
            feature_set: set,
            feature_weights: (0..inputs * HIDDEN).map(|_| next(120)).collect(),
            feature_bias,
            output_weights,
            output_bias: 500,
        }
    }

    /// The built-in network of `set` reads back as that layout and scores `G`'s start
    /// position.
    fn built_in_start_score<G: Position>(set: FeatureSet) -> i32 {
        let net = built_in(set).unwrap_or_else(|| panic!("{set:?}'s built-in file reads"));
        assert_eq!(net.feature_set, set);
        let start = G::start();
        net.output(
            &net.refresh(start.placement().board, &Extras::of(&start)),
            start.turn(),
        )
    }

    #[test]
    fn the_built_in_networks_read_back_and_score_the_start_near_equal() {
        for (set, score) in [
            (
                FeatureSet::PieceSquare,
                built_in_start_score::<Chess>(FeatureSet::PieceSquare),
            ),
            (
                FeatureSet::PieceSquareHands,
                built_in_start_score::<crate::ChessGi>(FeatureSet::PieceSquareHands),
            ),
            (
                FeatureSet::RacingKings,
                built_in_start_score::<crate::RacingKings>(FeatureSet::RacingKings),
            ),
            (
                FeatureSet::Marseillais,
                built_in_start_score::<crate::variants::MarseillaisBalanced>(
                    FeatureSet::Marseillais,
                ),
            ),
            (
                FeatureSet::Billiards,
                built_in_start_score::<crate::variants::Billiards>(FeatureSet::Billiards),
            ),
            (
                FeatureSet::Avalanche,
                built_in_start_score::<crate::variants::Avalanche>(FeatureSet::Avalanche),
            ),
            (
                FeatureSet::Alice,
                built_in_start_score::<crate::variants::Alice>(FeatureSet::Alice),
            ),
        ] {
            assert!(
                score.abs() < 100,
                "{set:?}: the start position scored {score}"
            );
        }
        // Classic Marseillais gives White two actions at once from the start (balanced
        // one): an edge, not a decisive one.
        let classic = built_in_start_score::<crate::variants::Marseillais>(FeatureSet::Marseillais);
        assert!(
            (1..300).contains(&classic),
            "classic Marseillais: {classic}"
        );
        let all = Networks::built_in();
        // Of issue 57's kinds, all but Progressive have one so far.
        assert_eq!(all.iter().count(), 7);
        assert!(all.for_variant(crate::Variant::Chess960).is_some());
        assert!(all
            .for_variant(crate::Variant::MarseillaisBalanced)
            .is_some());
        assert!(all.for_variant(crate::Variant::Billiards).is_some());
        assert!(all.for_variant(crate::Variant::Avalanche).is_some());
        assert!(all.for_variant(crate::Variant::Alice).is_some());
        assert!(all
            .for_variant(crate::Variant::ProgressiveItalian)
            .is_none());
    }

    #[test]
    fn a_network_of_every_kind_reads_back_as_written_and_never_as_another() {
        for set in FeatureSet::ALL {
            let net = random_network_of(set, 40 + u64::from(set.id()));
            let bytes = net.to_bytes();
            assert_eq!(Network::from_bytes(&bytes), Ok(net), "{set:?}");
        }
        // The ids of the shipped files are unchanged: 1, 2, 3 (and Billiards' 4,
        // Avalanche's 5, Marseillais' 6, Alice's 8).
        let ids: Vec<u32> = FeatureSet::ALL.iter().map(|set| set.id()).collect();
        assert_eq!(ids, [1, 2, 3, 4, 5, 6, 7, 8]);
        // The files are built into the native binary only (the browser loads them):
        // every kind but Progressive's has one, and each file says its kind.
        #[cfg(not(target_arch = "wasm32"))]
        {
            let built: Vec<(FeatureSet, &[u8])> = FeatureSet::ALL
                .iter()
                .filter_map(|&set| Some((set, built_in_bytes(set)?)))
                .collect();
            let built_ids: Vec<u32> = built.iter().map(|(set, _)| set.id()).collect();
            assert_eq!(built_ids, [1, 2, 3, 4, 5, 6, 8]);
            for (set, file) in built {
                let word = |at: usize| u32::from_le_bytes(file[at..at + 4].try_into().unwrap());
                assert_eq!(word(12), set.id());
            }
        }
    }

    #[test]
    fn following_actions_gives_what_a_refresh_gives() {
        let net = random_network(11);
        let mut pos: Chess =
            read_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let mut acc = net.refresh(pos.placement().board, &Extras::of(&pos));
        let mut list = crate::ActionList::new();
        let mut seed = 5u64;
        for _ in 0..60 {
            pos.legal_actions(&mut list);
            if list.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let action = list[(seed >> 33) as usize % list.len()];
            let (before, before_extras) = (pos.placement().board.clone(), Extras::of(&pos));
            pos.play_unchecked(&action);
            let extras = Extras::of(&pos);
            net.update(
                &mut acc,
                (&before, &before_extras),
                (pos.placement().board, &extras),
            );
            let fresh = net.refresh(pos.placement().board, &extras);
            assert_eq!(acc, fresh, "after {action:?}");
            assert_eq!(net.output(&acc, pos.turn()), net.output(&fresh, pos.turn()));
        }
    }

    /// Plays `games` random games of `G` from its start, following each action with
    /// `net`'s accumulator (checked against a refresh after every action) and with a
    /// cache (checked against the refreshed score); calls `seen` with each position.
    fn follow_random_games<G: Position>(
        net: &Arc<Network>,
        games: usize,
        mut seen: impl FnMut(&G, &crate::Action),
    ) {
        let mut cache = AccumulatorCache::new(Arc::clone(net));
        let mut list = crate::ActionList::new();
        let mut seed = 9u64;
        for game in 0..games {
            let mut pos = G::start();
            let mut acc = net.refresh(pos.placement().board, &Extras::of(&pos));
            for ply in 0..120 {
                pos.legal_actions(&mut list);
                if list.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let action = list[(seed >> 33) as usize % list.len()];
                let (before, before_extras) = (pos.placement().board.clone(), Extras::of(&pos));
                pos.play_unchecked(&action);
                let extras = Extras::of(&pos);
                net.update(
                    &mut acc,
                    (&before, &before_extras),
                    (pos.placement().board, &extras),
                );
                let fresh = net.refresh(pos.placement().board, &extras);
                assert_eq!(acc, fresh, "{:?} game {game} after {action:?}", G::VARIANT);
                let expected = net.output(&fresh, pos.turn());
                // The cache, from whichever stored position is nearest.
                let cached = cache.evaluate(pos.placement().board, &extras, ply % 5);
                assert_eq!(cached, expected, "{:?} game {game} ply {ply}", G::VARIANT);
                seen(&pos, &action);
            }
        }
    }

    #[test]
    fn chess_gi_captures_and_drops_followed_give_what_a_refresh_gives() {
        let net = Arc::new(random_network_of(FeatureSet::PieceSquareHands, 13));
        let (mut drops, mut held) = (0, 0);
        follow_random_games::<crate::ChessGi>(&net, 6, |pos, action| {
            drops += usize::from(action.from().is_none());
            let hands = Hands::of(pos);
            held = held.max(hands.white.total() + hands.black.total());
        });
        assert!(drops > 10 && held > 4, "{drops} drops, at most {held} held");
    }

    #[test]
    fn each_new_kind_followed_along_random_games_gives_what_a_refresh_gives() {
        use crate::Variant;
        // Each rule set of issue 57 with its own kind; the turn's features change at
        // every action of a multi-action turn, Alice's board B at every move.
        fn check<G: Position>(set: FeatureSet) -> (usize, usize) {
            assert_eq!(FeatureSet::of_variant(G::VARIANT), Some(set));
            let net = Arc::new(random_network_of(set, 17 + set.id() as u64));
            let (mut mid_turn, mut on_b) = (0, 0);
            follow_random_games::<G>(&net, 4, |pos, _| {
                mid_turn += usize::from(!pos.turn_state().is_turn_start());
                on_b += pos.placement().board_b.count();
            });
            (mid_turn, on_b)
        }
        assert_eq!(check::<crate::Billiards>(FeatureSet::Billiards), (0, 0));
        let (mid_turn, _) = check::<crate::Avalanche>(FeatureSet::Avalanche);
        assert!(mid_turn > 50, "{mid_turn} Avalanche pushes");
        for (variant, mid_turn) in [
            (
                Variant::Marseillais,
                check::<crate::variants::Marseillais>(FeatureSet::Marseillais).0,
            ),
            (
                Variant::MarseillaisBalanced,
                check::<crate::variants::MarseillaisBalanced>(FeatureSet::Marseillais).0,
            ),
            (
                Variant::ProgressiveScottish,
                check::<crate::variants::ProgressiveScottish>(FeatureSet::Progressive).0,
            ),
            (
                Variant::ProgressiveItalian,
                check::<crate::variants::ProgressiveItalian>(FeatureSet::Progressive).0,
            ),
        ] {
            assert!(mid_turn > 50, "{variant:?}: {mid_turn} mid-turn positions");
        }
        let (_, on_b) = check::<crate::Alice>(FeatureSet::Alice);
        assert!(on_b > 100, "{on_b} pieces seen on board B");
    }

    #[test]
    fn the_turn_and_board_b_change_the_score_only_in_their_own_kinds() {
        // Marseillais after White's first action: the same board with a second action
        // to come and without it.
        let first: crate::variants::Marseillais =
            read_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 2:1").unwrap();
        let board = first.placement().board;
        let mut last = Extras::of(&first);
        assert_eq!(last.turn.left, 0);
        let mut second = last;
        second.turn.left = 1;
        let score = |net: &Network, extras: &Extras| net.output(&net.refresh(board, extras), White);
        use crate::Color::White;
        for set in [
            FeatureSet::Marseillais,
            FeatureSet::Progressive,
            FeatureSet::Avalanche,
        ] {
            let net = random_network_of(set, 3);
            assert_ne!(score(&net, &last), score(&net, &second), "{set:?}");
        }
        // Progressive also sees the series' length.
        let net = random_network_of(FeatureSet::Progressive, 3);
        let mut longer = last;
        longer.turn.length = 5;
        assert_ne!(score(&net, &last), score(&net, &longer));
        // Orthodox chess sees neither the turn nor a board B.
        let orthodox = random_network(3);
        assert_eq!(score(&orthodox, &last), score(&orthodox, &second));
        last.board_b = board.occupied();
        let alice = random_network_of(FeatureSet::Alice, 3);
        assert_ne!(score(&alice, &last), score(&alice, &second));
        assert_eq!(score(&orthodox, &last), score(&orthodox, &second));
    }

    #[test]
    fn the_hands_change_a_chess_gi_score_and_not_an_orthodox_one() {
        let gi: crate::ChessGi =
            read_fen("r1bqkbnr/pppp1ppp/2n5/8/4P3/8/PPP2PPP/RNBQKBNR[Pp] w KQkq - 0 4").unwrap();
        let empty = Extras::single(gi.turn());
        let with_hands = random_network_of(FeatureSet::PieceSquareHands, 5);
        let board = gi.placement().board;
        let a = with_hands.output(&with_hands.refresh(board, &Extras::of(&gi)), gi.turn());
        let b = with_hands.output(&with_hands.refresh(board, &empty), gi.turn());
        assert_ne!(a, b);
        let orthodox = random_network(5);
        let a = orthodox.output(&orthodox.refresh(board, &Extras::of(&gi)), gi.turn());
        let b = orthodox.output(&orthodox.refresh(board, &empty), gi.turn());
        assert_eq!(a, b);
    }

    #[test]
    fn the_score_is_the_same_from_either_side_of_a_mirrored_position() {
        // Mirroring the board and swapping colours and the side to act changes
        // nothing a symmetric feature set can see.
        let net = random_network(3);
        let a: Chess =
            read_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
                .unwrap();
        let b: Chess =
            read_fen("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4")
                .unwrap();
        let score_a = net.output(&net.refresh(a.placement().board, &Extras::of(&a)), a.turn());
        let score_b = net.output(&net.refresh(b.placement().board, &Extras::of(&b)), b.turn());
        assert_eq!(score_a, score_b);
    }

    #[test]
    fn racing_kings_sees_each_racer_as_the_other_sees_itself() {
        // The start is the same race for both sides after mirroring the files and
        // swapping the colours: with the side to act swapped too, the two points of
        // view trade places, so the score is the same for either side to act. A
        // rank mirror (orthodox chess's) would send Black's king racing downwards.
        let net = random_network_of(FeatureSet::RacingKings, 9);
        let white: crate::RacingKings = crate::RacingKings::start();
        let black: crate::RacingKings =
            read_fen("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ b - - 0 1").unwrap();
        let none = Extras::single(crate::Color::White);
        let acc = net.refresh(white.placement().board, &none);
        assert_eq!(acc.values[0], acc.values[1]);
        let (a, b) = (
            net.output(&acc, white.turn()),
            net.output(&net.refresh(black.placement().board, &none), black.turn()),
        );
        assert_eq!(a, b);
        // One king up the board is a different race from either side.
        let on: crate::RacingKings = read_fen("8/8/8/8/8/7K/krbnNBR1/qrbnNBRQ b - - 1 1").unwrap();
        let moved = net.refresh(on.placement().board, &none);
        assert_ne!(moved.values[0], moved.values[1]);
        let orthodox = random_network_of(FeatureSet::PieceSquare, 9);
        let acc = orthodox.refresh(white.placement().board, &none);
        assert_ne!(acc.values[0], acc.values[1]);
    }

    #[test]
    fn the_cache_agrees_with_a_refresh_wherever_it_starts_from() {
        let net = Arc::new(random_network(21));
        let mut cache = AccumulatorCache::new(Arc::clone(&net));
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ];
        for (i, fen) in fens.iter().cycle().take(25).enumerate() {
            let pos: Chess = read_fen(fen).unwrap();
            let board = pos.placement().board;
            let extras = Extras::of(&pos);
            let expected = net.output(&net.refresh(board, &extras), pos.turn());
            assert_eq!(cache.evaluate(board, &extras, i % 4), expected, "{fen}");
        }
    }
}
