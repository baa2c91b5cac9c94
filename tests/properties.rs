//! Property tests over random games of every rule set, beyond what
//! `tests/invariants.rs` and the per-variant files check (those run
//! `common::check_every_invariant` along random games from the start position):
//!
//! - undo walks a whole game back, position by position (FEN, key, value), and
//!   replaying the same actions, also from the FEN of a middle position, repeats it;
//! - near-miss actions (legal actions with one field changed, actions of other
//!   positions) agree with `is_legal` and are refused without a trace by `play` and
//!   `Record::play`;
//! - positions no game reaches (random setups mutated and accepted by `from_setup`)
//!   keep every invariant, and so do short games from them;
//! - the key identifies the position: same key ⇔ same FEN apart from the clocks;
//! - a UCI `position` command rebuilds the record's position, and its repetition
//!   history agrees with `Record::repetition_count`;
//! - PGN written from set-up (and mutated) positions reads back the same game;
//! - games played to their end: the outcome agrees with the position, the record
//!   refuses further actions, and a dead position is one neither side can win.

mod common;

use alfiere::notation::{fen, pgn, uci};
use alfiere::uci::parse_position;
use alfiere::{
    with_variant, Action, ActionList, EndReason, Position, Record, RecordError, Role, Square,
    Variant,
};
use common::checks::{self, legal_list as legal};
use common::{check_every_invariant, mutated_positions, random_positions, random_record, Rng};
use std::collections::{BTreeMap, HashMap};

/// Runs `check` once per implemented rule set.
macro_rules! for_every_variant {
    (|$G:ident, $variant:ident| $body:expr) => {
        for $variant in Variant::ALL {
            with_variant!($variant, $G => $body);
        }
    };
}

// ---------------------------------------------------------------------------
// Undo and replay
// ---------------------------------------------------------------------------

fn undo_and_replay<G: Position>(start: &G, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let record = random_record(start, &mut rng, 120);
    let actions: Vec<Action> = record.actions().copied().collect();
    let mut seen: Vec<(String, u64, G)> = Vec::new();
    let mut replay = Record::new(start.clone());
    seen.push((fen::write_fen(start), start.zobrist(), start.clone()));
    for action in &actions {
        replay.play(action).unwrap();
        let pos = replay.current();
        seen.push((fen::write_fen(pos), pos.zobrist(), pos.clone()));
    }
    assert_eq!(
        replay, record,
        "replaying the actions gives the same record"
    );

    // From the FEN of the middle position the rest of the game leads to the same end.
    let mid = actions.len() / 2;
    let mut from_fen: G = fen::read_fen(&seen[mid].0).unwrap();
    for action in &actions[mid..] {
        from_fen.play(action).unwrap();
    }
    assert_eq!(&from_fen, record.current(), "replay from {}", seen[mid].0);

    // Undo walks back through every position.
    let mut undone = record.clone();
    for i in (0..actions.len()).rev() {
        assert_eq!(undone.undo(), Some(actions[i]));
        let (fen_text, key, pos) = &seen[i];
        assert_eq!(undone.len(), i);
        assert_eq!(
            &fen::write_fen(undone.current()),
            fen_text,
            "FEN after undo"
        );
        assert_eq!(
            undone.current().zobrist(),
            *key,
            "key after undo to {fen_text}"
        );
        assert_eq!(undone.current(), pos, "position after undo to {fen_text}");
    }
    assert_eq!(undone.undo(), None, "undo past the start");
    assert_eq!(undone, Record::new(start.clone()));
    actions.len()
}

#[test]
fn undo_walks_back_through_whole_games_and_replay_repeats_them() {
    for_every_variant!(|G, variant| {
        let mut actions = 0;
        for (i, start) in random_positions(&G::start(), 0x0dd0 ^ variant as u64, 40, 40)
            .into_iter()
            .step_by(13)
            .chain([G::start()])
            .enumerate()
        {
            actions += undo_and_replay(&start, 0x5eed + i as u64 * 7);
        }
        assert!(actions > 40, "{variant}: {actions} actions");
    });
}

// ---------------------------------------------------------------------------
// Near misses
// ---------------------------------------------------------------------------

/// Legal actions with one field changed: another target or origin one square
/// away, another promotion or capture, another kind.
fn near_misses(action: &Action) -> Vec<Action> {
    let step = |sq: Square, d: i32| sq.offset(d, 0).or(sq.offset(0, d)).unwrap_or(sq);
    let mut out = Vec::new();
    match *action {
        Action::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => {
            for d in [-1, 1] {
                out.push(Action::Normal {
                    role,
                    from,
                    to: step(to, d),
                    capture,
                    promotion,
                });
                out.push(Action::Normal {
                    role,
                    from: step(from, d),
                    to,
                    capture,
                    promotion,
                });
            }
            for p in [
                None,
                Some(Role::Queen),
                Some(Role::Knight),
                Some(Role::King),
                Some(Role::Pawn),
            ] {
                out.push(Action::Normal {
                    role,
                    from,
                    to,
                    capture,
                    promotion: p,
                });
            }
            for c in [None, Some(Role::Pawn), Some(Role::Queen), Some(Role::King)] {
                out.push(Action::Normal {
                    role,
                    from,
                    to,
                    capture: c,
                    promotion,
                });
            }
            for r in Role::ALL {
                out.push(Action::Normal {
                    role: r,
                    from,
                    to,
                    capture,
                    promotion,
                });
            }
            out.push(Action::Normal {
                role,
                from: to,
                to: from,
                capture,
                promotion,
            });
            out.push(Action::EnPassant { from, to });
            out.push(Action::Push { from, to });
        }
        Action::Castle { king, rook } => {
            out.push(Action::Castle {
                king: rook,
                rook: king,
            });
            out.push(Action::Castle {
                king,
                rook: step(rook, -1),
            });
            out.push(Action::Castle {
                king: step(king, 1),
                rook,
            });
            out.push(Action::Normal {
                role: Role::King,
                from: king,
                to: rook,
                capture: None,
                promotion: None,
            });
        }
        Action::EnPassant { from, to } => {
            out.push(Action::EnPassant {
                from,
                to: step(to, 1),
            });
            out.push(Action::Normal {
                role: Role::Pawn,
                from,
                to,
                capture: None,
                promotion: None,
            });
            out.push(Action::Normal {
                role: Role::Pawn,
                from,
                to,
                capture: Some(Role::Pawn),
                promotion: None,
            });
        }
        Action::Drop { role, to } => {
            for r in Role::ALL {
                out.push(Action::Drop { role: r, to });
            }
            for d in [-1, 1] {
                out.push(Action::Drop {
                    role,
                    to: step(to, d),
                });
            }
        }
        Action::Push { from, to } => {
            out.push(Action::Push { from: to, to: from });
            out.push(Action::Push {
                from,
                to: step(to, 1),
            });
            out.push(Action::EnPassant { from, to });
        }
        Action::PromotionChoice { square, role } => {
            for r in Role::ALL {
                out.push(Action::PromotionChoice { square, role: r });
            }
            out.push(Action::PromotionChoice {
                square: step(square, 1),
                role,
            });
        }
    }
    out
}

/// Tries near misses and the actions of other positions in each position.
fn near_misses_are_refused<G: Position>(variant: Variant) -> usize {
    let positions = random_positions(&G::start(), 0x4ea2 ^ variant as u64, 80, 30);
    let mut tried = 0;
    for (i, pos) in positions.iter().enumerate() {
        let list = legal(pos);
        let others = legal(&positions[(i * 7 + 3) % positions.len()]);
        let mut candidates: Vec<Action> = others.iter().copied().collect();
        for action in list.iter().step_by(3) {
            candidates.extend(near_misses(action));
        }
        let record = Record::new(pos.clone());
        for action in &candidates {
            checks::check_is_legal(pos, action, &list);
            if list.contains(action) {
                continue;
            }
            checks::check_candidate(pos, action, &list);
            let mut copy = record.clone();
            match copy.play(action) {
                Err(RecordError::Illegal(_) | RecordError::GameOver(_)) => {}
                other => panic!("{action:?} in {}: {other:?}", fen::write_fen(pos)),
            }
            assert_eq!(copy, record, "refused {action:?} changed the record");
            tried += 1;
        }
    }
    tried
}

#[test]
fn near_miss_actions_are_refused_without_a_trace() {
    for_every_variant!(|G, variant| {
        let tried = near_misses_are_refused::<G>(variant);
        assert!(tried > 1_000, "{variant}: {tried} near misses");
    });
}

// ---------------------------------------------------------------------------
// Positions no game reaches
// ---------------------------------------------------------------------------

/// Invariants on mutated setups that `from_setup` accepts, and on short random
/// continuations from them (exhaustively on every sixth one).
fn mutated_setups_keep_every_invariant<G: Position>(variant: Variant) -> (usize, usize) {
    let (positions, tried) = mutated_positions::<G>(0x3a7e ^ variant as u64, 60);
    let mut rng = Rng::new(0x77 ^ variant as u64);
    for (i, pos) in positions.iter().enumerate() {
        check_every_invariant(pos, i % 6 == 0);
        let mut record = Record::new(pos.clone());
        for _ in 0..8 {
            if record.outcome().is_some() {
                break;
            }
            let list = legal(record.current());
            let action = list[rng.below(list.len())];
            let before = record.clone();
            record.play(&action).unwrap();
            check_every_invariant(record.current(), false);
            let mut undone = record.clone();
            undone.undo();
            assert_eq!(undone, before, "undo after {action:?}");
        }
    }
    (positions.len(), tried)
}

#[test]
fn positions_made_from_mutated_setups_keep_every_invariant() {
    for_every_variant!(|G, variant| {
        let (accepted, tried) = mutated_setups_keep_every_invariant::<G>(variant);
        assert!(
            accepted >= 30,
            "{variant}: {accepted} of {tried} setups accepted"
        );
    });
}

// ---------------------------------------------------------------------------
// The key
// ---------------------------------------------------------------------------

/// The action that takes back the last move of the side to act, if legal (with
/// `last` the last action of each side): back-and-forth play repeats positions.
fn back_move<G: Position>(
    pos: &G,
    list: &ActionList,
    last: &alfiere::ByColor<Option<Action>>,
) -> Option<Action> {
    let previous = last[pos.turn()]?;
    let Action::Normal { from: f, to: t, .. } = previous else {
        return None;
    };
    list.iter().copied().find(
        |a| matches!(a, Action::Normal { from, to, capture: None, .. } if *from == t && *to == f),
    )
}

/// The FEN without its clock fields (halfmove clock and move number), which do not
/// make positions different (RULES.md §1.2); the seventh field stays, and the turn
/// state joins it (Progressive derives a turn start's series length from the move
/// number).
fn identity<G: Position>(pos: &G) -> String {
    let full = fen::write_fen(pos);
    let fields: Vec<&str> = full.split(' ').collect();
    let mut kept: Vec<&str> = fields[..4].to_vec();
    kept.extend(fields.get(6));
    format!("{} {:?}", kept.join(" "), pos.turn_state())
}

fn keys_identify_positions<G: Position>(variant: Variant) -> usize {
    // Each key and identity with the first full FEN met, for the messages.
    let mut by_key: HashMap<u64, (String, String)> = HashMap::new();
    let mut by_identity: HashMap<String, (u64, String)> = HashMap::new();
    let mut rng = Rng::new(0x6e75 ^ variant as u64);
    let mut positions: Vec<G> = mutated_positions::<G>(0x1de ^ variant as u64, 40).0;
    for _ in 0..12 {
        // Back-and-forth moves make the same positions come back.
        let mut pos = G::start();
        let mut last = alfiere::ByColor::new_with(|_| None);
        for _ in 0..80 {
            positions.push(pos.clone());
            let list = legal(&pos);
            if list.is_empty() {
                break;
            }
            let action = match back_move(&pos, &list, &last) {
                Some(b) if rng.below(2) == 0 => b,
                _ => list[rng.below(list.len())],
            };
            last[pos.turn()] = Some(action);
            pos.play_unchecked(&action);
        }
    }
    for pos in &positions {
        let full = fen::write_fen(pos);
        let id = identity(pos);
        let key = pos.zobrist();
        let (other_id, other_fen) = by_key.entry(key).or_insert((id.clone(), full.clone()));
        assert_eq!(
            *other_id, id,
            "{variant}: {other_fen} and {full} share a key"
        );
        let (other_key, other_fen) = by_identity.entry(id).or_insert((key, full.clone()));
        assert_eq!(
            *other_key, key,
            "{variant}: {other_fen} and {full} have two keys"
        );
    }
    positions.len() - by_identity.len()
}

#[test]
fn the_key_identifies_the_position() {
    for_every_variant!(|G, variant| {
        let repeated = keys_identify_positions::<G>(variant);
        eprintln!("{variant}: {repeated} repeated positions");
        assert!(
            repeated > 10,
            "{variant}: only {repeated} repeated positions met"
        );
    });
}

// ---------------------------------------------------------------------------
// UCI `position` commands
// ---------------------------------------------------------------------------

/// A game with many back-and-forth moves, so that positions repeat.
fn shuffling_record<G: Position>(rng: &mut Rng, plies: usize) -> Record<G> {
    let mut record = Record::new(G::start());
    let mut last = alfiere::ByColor::new_with(|_| None);
    for _ in 0..plies {
        if record.outcome().is_some() {
            break;
        }
        let pos = record.current();
        let list = legal(pos);
        let action = match back_move(pos, &list, &last) {
            Some(b) if rng.below(3) != 0 => b,
            _ => list[rng.below(list.len())],
        };
        last[pos.turn()] = Some(action);
        record.play(&action).unwrap();
    }
    record
}

fn position_commands_rebuild_the_game<G: Position>(variant: Variant) -> usize {
    let mut rng = Rng::new(0x90e ^ variant as u64);
    let mut repeated = 0;
    for _ in 0..8 {
        let record: Record<G> = shuffling_record(&mut rng, 60);
        let tokens: Vec<String> = record.actions().map(uci::action_to_uci).collect();
        let game =
            parse_position(variant, &format!("startpos moves {}", tokens.join(" "))).unwrap();
        let history = game.record().repetition_keys();
        assert_eq!(
            game.fen(),
            fen::write_fen(record.current()),
            "{variant}: startpos moves {}",
            tokens.join(" ")
        );

        // The search's repetition history agrees with the record's count.
        let current = record.current();
        if G::REPETITION_RULE && current.turn_state().is_turn_start() {
            let key = alfiere::search::position_key(current);
            let earlier = history.iter().filter(|&&k| k == key).count();
            assert_eq!(
                earlier + 1,
                record.repetition_count(),
                "{variant}: {tokens:?}"
            );
            repeated += earlier;
        }

        // From the FEN of a middle position with the rest of the moves.
        let mid = tokens.len() / 2;
        let middle = record.history().nth(mid).map_or(current, |(pos, _)| pos);
        let args = format!(
            "fen {} moves {}",
            fen::write_fen(middle),
            tokens[mid..].join(" ")
        );
        let game = parse_position(variant, &args).unwrap();
        assert_eq!(game.fen(), fen::write_fen(current), "{variant}: {args}");
    }
    repeated
}

#[test]
fn uci_position_commands_rebuild_the_game_and_its_repetitions() {
    let mut repeated = 0;
    for_every_variant!(|G, variant| {
        repeated += position_commands_rebuild_the_game::<G>(variant);
    });
    assert!(repeated > 10, "only {repeated} repetitions met");
}

// ---------------------------------------------------------------------------
// PGN from set-up positions
// ---------------------------------------------------------------------------

fn pgn_from<G: Position>(start: &G, rng: &mut Rng) {
    let record = random_record(start, rng, 30);
    let text = pgn::write_record(&record, &[]);
    let start_fen = fen::write_fen(start);
    if *start != G::start() {
        assert!(text.contains(&format!("[FEN \"{start_fen}\"]")), "{text}");
    }
    let games = pgn::read_pgn::<G>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1, "{text}");
    assert_eq!(&games[0].start, start, "{text}");
    assert_eq!(games[0].main_line(), record, "{text}");
    assert_eq!(
        games[0].tag("Result"),
        Some(record.outcome().map_or("*", |o| o.result_token())),
        "{text}"
    );
}

#[test]
fn pgn_round_trips_from_set_up_and_mutated_positions() {
    for_every_variant!(|G, variant| {
        let mut rng = Rng::new(0x9e7 ^ variant as u64);
        for start in random_positions(&G::start(), 0x46 ^ variant as u64, 60, 30)
            .into_iter()
            .step_by(10)
        {
            pgn_from(&start, &mut rng);
        }
        for start in mutated_positions::<G>(0x47 ^ variant as u64, 6).0 {
            pgn_from(&start, &mut rng);
        }
    });
}

// ---------------------------------------------------------------------------
// Games to the end
// ---------------------------------------------------------------------------

/// Plays a game that prefers captures (so that material runs out) until it ends or
/// `plies` actions; checks the ending against the position and the record.
fn play_to_the_end<G: Position>(rng: &mut Rng, plies: usize) -> Option<EndReason> {
    let mut record = Record::new(G::start());
    for _ in 0..plies {
        if record.outcome().is_some() {
            break;
        }
        let list = legal(record.current());
        let captures: Vec<Action> = list.iter().copied().filter(Action::is_capture).collect();
        let action = if !captures.is_empty() && rng.below(4) != 0 {
            captures[rng.below(captures.len())]
        } else {
            list[rng.below(list.len())]
        };
        record.play(&action).unwrap();
    }
    let pos = record.current();
    let fen_text = fen::write_fen(pos);
    check_every_invariant(pos, false);
    let outcome = record.outcome()?;
    match outcome.reason {
        EndReason::FivefoldRepetition => assert!(record.repetition_count() >= 5),
        _ => assert_eq!(pos.outcome(), Some(outcome), "{fen_text}"),
    }
    if outcome.reason == EndReason::InsufficientMaterial {
        for color in alfiere::Color::ALL {
            assert!(
                pos.cannot_mate(color),
                "dead position but {color} can mate: {fen_text}"
            );
        }
    }
    assert_eq!(
        record.claimable_draw(),
        None,
        "a claim after the end in {fen_text}"
    );
    for action in legal(pos).iter() {
        let mut copy = record.clone();
        assert_eq!(copy.play(action), Err(RecordError::GameOver(outcome)));
        assert_eq!(copy, record);
    }
    let text = pgn::write_record(&record, &[]);
    assert!(
        text.contains(&format!("[Result \"{}\"]", outcome.result_token())),
        "{text}"
    );
    Some(outcome.reason)
}

#[test]
fn games_played_to_the_end_have_consistent_outcomes() {
    let mut reasons: BTreeMap<&'static str, usize> = BTreeMap::new();
    for_every_variant!(|G, variant| {
        let mut rng = Rng::new(0xe4d ^ variant as u64);
        let mut ended = 0;
        for _ in 0..12 {
            if let Some(reason) = play_to_the_end::<G>(&mut rng, 400) {
                *reasons.entry(reason.name()).or_default() += 1;
                ended += 1;
            }
        }
        assert!(ended > 0, "{variant}: no game ended");
    });
    eprintln!("endings met: {reasons:?}");
    for reason in ["checkmate", "insufficient_material"] {
        assert!(reasons.contains_key(reason), "no {reason} in {reasons:?}");
    }
    assert!(reasons.len() >= 5, "{reasons:?}");
}
