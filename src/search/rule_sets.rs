//! What the engine decides for each rule set ([`EngineRules`], one `impl` per rule set
//! below): its evaluation terms, its search policy and its bench positions. The
//! evaluation, the search and the bench read them through
//! [`with_variant!`](crate::with_variant), so a rule set of the registry without its
//! `impl` here does not compile, and none inherits orthodox choices by accident. (The
//! rules core states a rule set's rules in its own file; this file is the engine
//! layer's part, kept out of the core so the core never depends on the engine.) The
//! evaluation reads its part through its own trait, `eval::rules::EvalChoices`,
//! implemented here for every rule set, so it never imports the search.

use super::params::{MidTurn, Policy};
use crate::eval::nnue::FeatureSet;
use crate::eval::rules::{EvalChoices, EvalRules};
use crate::eval::Geometry;
use crate::game::Position;
use crate::variants::Variant;
use crate::variants::{
    Alice, Avalanche, Billiards, Chess, Chess960, ChessGi, Marseillais, MarseillaisBalanced,
    ProgressiveItalian, ProgressiveScottish, RacingKings,
};

/// The engine's choices for one rule set.
#[diagnostic::on_unimplemented(
    message = "the engine's choices for rule set `{Self}` are missing",
    note = "add `impl EngineRules for {Self}` in src/search/rule_sets.rs: its evaluation terms, search policy and bench positions"
)]
pub(crate) trait EngineRules: Position {
    /// What the evaluation does in this rule set.
    const EVAL: EvalRules;

    /// The search toggles.
    const POLICY: Policy;

    /// The search depth (in actions) of the bench positions: deeper where the tree is
    /// narrow, shallower where turns have several actions.
    const BENCH_DEPTH: u32;

    /// The bench positions: FENs or `startpos moves ...` (one action per token).
    const BENCH_POSITIONS: &'static [&'static str];
}

/// The evaluation reads a rule set's `EVAL` through its own trait, so it never names
/// this one.
impl<G: EngineRules> EvalChoices for G {
    const EVAL: EvalRules = <G as EngineRules>::EVAL;
}

/// The search policy of a rule set (its `EngineRules::POLICY`).
pub const fn policy(variant: Variant) -> Policy {
    crate::with_variant!(variant, G => <G as EngineRules>::POLICY)
}

/// The rule set whose search type plays `variant`'s positions ([`Position::Searched`]).
const fn searched_as(variant: Variant) -> Variant {
    crate::with_variant!(variant, G => <<G as Position>::Searched as Position>::VARIANT)
}

/// The toggles that at least one rule set searched as `searched` has: a toggle false
/// here is false for every search of that type, known at compile time, so its code
/// leaves that type's copy of the search (the WebAssembly size). `mid_turn` is the
/// searched rule set's own.
pub const fn possible_policy(searched: Variant) -> Policy {
    let mut any = policy(searched);
    let mut i = 0;
    while i < Variant::ALL.len() {
        let variant = Variant::ALL[i];
        if searched_as(variant) as u8 == searched as u8 {
            let p = policy(variant);
            any.null_move |= p.null_move;
            any.see |= p.see;
            any.king_race |= p.king_race;
            any.multi_action |= p.multi_action;
            any.only_mate_ends |= p.only_mate_ends;
            any.refined_pruning |= p.refined_pruning;
            any.quiet_threats |= p.quiet_threats;
        }
        i += 1;
    }
    any
}

/// One action per turn where static exchanges do not hold: Alice's two boards and
/// Billiards' rebounds (the opponent does not simply recapture on the square).
const SINGLE_ACTION_NO_SEE: Policy = Policy {
    null_move: true,
    mid_turn: MidTurn::None,
    see: false,
    king_race: false,
    multi_action: false,
    only_mate_ends: true,
    refined_pruning: false,
    quiet_threats: false,
};

/// Turns of several actions whose middle is expanded at the horizon, never judged
/// by a static score (Marseillais, and Avalanche's push and promotion steps).
const EXPANDED_TURNS: Policy = Policy {
    null_move: false,
    mid_turn: MidTurn::Expand,
    see: false,
    king_race: false,
    multi_action: true,
    only_mate_ends: false,
    refined_pruning: false,
    quiet_threats: false,
};

/// Each action left in a turn is a free move worth a tempo (Progressive, Marseillais).
const SERIES_EVAL: EvalRules = EvalRules {
    extra_action_tempo: true,
    ..EvalRules::ORTHODOX
};

/// Progressive's terms, or its network (Scottish and Italian share one: the same
/// inputs, series and material; the check rules differ only in which actions exist).
const PROGRESSIVE_EVAL: EvalRules = EvalRules {
    network: Some(FeatureSet::Progressive),
    ..SERIES_EVAL
};

/// Marseillais' terms, or its network (classic and balanced share one: they differ in
/// White's first turn only).
const MARSEILLAIS_EVAL: EvalRules = EvalRules {
    network: Some(FeatureSet::Marseillais),
    ..SERIES_EVAL
};

impl EngineRules for Chess {
    const EVAL: EvalRules = EvalRules {
        endgame_knowledge: true,
        network: Some(FeatureSet::PieceSquare),
        ..EvalRules::ORTHODOX
    };
    const POLICY: Policy = Policy {
        null_move: true,
        mid_turn: MidTurn::None,
        see: true,
        king_race: false,
        multi_action: false,
        only_mate_ends: true,
        refined_pruning: true,
        quiet_threats: false,
    };
    const BENCH_DEPTH: u32 = 9;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "startpos",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    ];
}

// Chess960 is searched as orthodox chess (its `Searched` type): the same terms and
// network, none of which assumes the orthodox start.
impl EngineRules for Chess960 {
    const EVAL: EvalRules = <Chess as EngineRules>::EVAL;
    const POLICY: Policy = <Chess as EngineRules>::POLICY;
    const BENCH_DEPTH: u32 = 9;
    /// Start positions 0 and 959, and 0 a few moves on, with castling near on both
    /// wings (the kings and rooks start off the orthodox squares).
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 moves g2g3 g7g6 e2e4 e7e5 e1d3 e8d6",
    ];
}

impl EngineRules for ChessGi {
    /// Orthodox terms (with the hands' material) where no network of its layout is
    /// loaded.
    const EVAL: EvalRules = EvalRules {
        network: Some(FeatureSet::PieceSquareHands),
        ..EvalRules::ORTHODOX
    };
    /// Orthodox, without the pruning refinements: razoring lost games here (a drop is a
    /// threat quiescence does not see).
    const POLICY: Policy = Policy {
        refined_pruning: false,
        ..<Chess as EngineRules>::POLICY
    };
    const BENCH_DEPTH: u32 = 7;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "startpos",
        "startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
        "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48",
    ];
}

impl EngineRules for RacingKings {
    /// The race terms where no network of its layout is loaded.
    const EVAL: EvalRules = EvalRules {
        race: true,
        network: Some(FeatureSet::RacingKings),
        ..EvalRules::ORTHODOX
    };
    const POLICY: Policy = Policy {
        null_move: false,
        mid_turn: MidTurn::None,
        see: true,
        king_race: true,
        multi_action: false,
        only_mate_ends: false,
        refined_pruning: false,
        quiet_threats: false,
    };
    const BENCH_DEPTH: u32 = 9;
    const BENCH_POSITIONS: &'static [&'static str] =
        &["startpos", "8/8/8/8/3K4/8/krbnNBR1/qrbnNBRQ b - - 1 3"];
}

impl EngineRules for Alice {
    const EVAL: EvalRules = EvalRules {
        geometry: Geometry::Alice,
        alice_king_board: true,
        network: Some(FeatureSet::Alice),
        ..EvalRules::ORTHODOX
    };
    const POLICY: Policy = SINGLE_ACTION_NO_SEE;
    const BENCH_DEPTH: u32 = 8;
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "startpos",
        "2bqkb2/pp1ppp2/2|n2|n1|p/2|pNB2|r/3P2|r1/4|P|N2/PPP|Q2PP/2|K|R1B1R b - - 4 11",
    ];
}

impl EngineRules for Billiards {
    const EVAL: EvalRules = EvalRules {
        geometry: Geometry::Billiards,
        network: Some(FeatureSet::Billiards),
        ..EvalRules::ORTHODOX
    };
    const POLICY: Policy = SINGLE_ACTION_NO_SEE;
    const BENCH_DEPTH: u32 = 8;
    const BENCH_POSITIONS: &'static [&'static str] =
        &["startpos", "startpos moves e2e4 e7e5 g1f3 b8c6"];
}

impl EngineRules for ProgressiveScottish {
    const EVAL: EvalRules = PROGRESSIVE_EVAL;
    /// Mid-series positions are judged by their static score: a series is too long to
    /// expand at the horizon.
    const POLICY: Policy = Policy {
        mid_turn: MidTurn::StandPat,
        ..EXPANDED_TURNS
    };
    const BENCH_DEPTH: u32 = 6;
    const BENCH_POSITIONS: &'static [&'static str] = &["startpos", "startpos moves e2e4 e7e5 d7d5"];
}

impl EngineRules for ProgressiveItalian {
    const EVAL: EvalRules = PROGRESSIVE_EVAL;
    const POLICY: Policy = <ProgressiveScottish as EngineRules>::POLICY;
    const BENCH_DEPTH: u32 = 6;
    const BENCH_POSITIONS: &'static [&'static str] = &["startpos", "startpos moves e2e4 e7e5 d7d5"];
}

/// Marseillais' two actions a turn: expanded, with the quiet threats in quiescence.
const TWO_ACTION_TURNS: Policy = Policy {
    quiet_threats: true,
    ..EXPANDED_TURNS
};

impl EngineRules for Marseillais {
    const EVAL: EvalRules = MARSEILLAIS_EVAL;
    const POLICY: Policy = TWO_ACTION_TURNS;
    const BENCH_DEPTH: u32 = 6;
    const BENCH_POSITIONS: &'static [&'static str] =
        &["startpos", "startpos moves e2e4 d2d4 e7e5 d7d5"];
}

impl EngineRules for MarseillaisBalanced {
    const EVAL: EvalRules = MARSEILLAIS_EVAL;
    const POLICY: Policy = TWO_ACTION_TURNS;
    const BENCH_DEPTH: u32 = 6;
    const BENCH_POSITIONS: &'static [&'static str] = &["startpos", "startpos moves e2e4 e7e5 d7d5"];
}

impl EngineRules for Avalanche {
    const EVAL: EvalRules = EvalRules {
        passed_extra_eighths: crate::eval::params::AVALANCHE_PASSED_EXTRA_EIGHTHS,
        avalanche_terms: true,
        network: Some(FeatureSet::Avalanche),
        ..EvalRules::ORTHODOX
    };
    const POLICY: Policy = EXPANDED_TURNS;
    const BENCH_DEPTH: u32 = 7;
    const BENCH_POSITIONS: &'static [&'static str] =
        &["startpos", "startpos moves e2e4 d7d6 e7e5 d2d3"];
}
