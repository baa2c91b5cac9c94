//! The play-loop target: a rule set of the registry chosen by the first byte
//! ([`run_any`]), a start chosen among its seeds, then a
//! stream of steps chosen by the input — play a legal action, attempt an action
//! built from the bytes (mostly illegal), undo, check a sample of the legal
//! actions, or look at the record's repetition and claims — with the invariants
//! checked after every step.
//!
//! Every step checks the whole position (`invariants::check_position`: setup and
//! FEN round trips, full vs incremental hash, list vs count, no duplicates,
//! outcome vs list) and, on a sample of two actions chosen by the position's key
//! (one listed, one near miss of it), `is_legal` against the list and the UCI and
//! SAN round trips; every play is undone at once and compared with the position
//! before it. Checking every conceivable action every step (as
//! `tests/common::check_every_invariant` does) would cost a hundred times more per step;
//! the fuzzer chooses more candidates itself through the attempt and sample steps.

use super::input::Input;
use super::invariants::{
    check_candidate, check_is_legal, check_listed_action, check_notation, check_position,
};
use super::seeds;
use alfiere::notation::fen;
use alfiere::{
    Action, ActionList, EndReason, Position, Record, RecordError, Role, Square, Variant,
};

/// Steps per input at most: longer games only cost time (the fuzzer needs a few
/// thousand inputs a second), and the seeds already start deep in games.
const MAX_STEPS: usize = 48;

/// Listed actions checked with their children by one sample step at most.
const SAMPLE: usize = 3;

/// The position before an action, to compare after undo.
struct Snapshot<G: Position> {
    fen: String,
    key: u64,
    pos: G,
    len: usize,
}

impl<G: Position> Snapshot<G> {
    fn of(record: &Record<G>) -> Snapshot<G> {
        Snapshot {
            fen: fen::write_fen(record.current()),
            key: record.current().zobrist(),
            pos: record.current().clone(),
            len: record.len(),
        }
    }

    /// The record is back exactly where the snapshot was taken.
    fn assert_restored(&self, record: &Record<G>, what: &str) {
        let pos = record.current();
        assert_eq!(record.len(), self.len, "{what}: length");
        assert_eq!(pos, &self.pos, "{what}: position {}", self.fen);
        assert_eq!(fen::write_fen(pos), self.fen, "{what}: FEN");
        assert_eq!(pos.zobrist(), self.key, "{what}: key of {}", self.fen);
    }
}

/// Runs one input on the rule set its first byte picks from [`Variant::ALL`] (modulo
/// their number), so every rule set of the registry is fuzzed, a new one included.
pub fn run_any(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(first) % Variant::ALL.len()];
    alfiere::with_variant!(variant, G => run::<G>(rest));
}

/// Runs one input on rule set `G`.
pub fn run<G: Position>(data: &[u8]) {
    let mut input = Input::new(data);
    let Some(first) = input.byte() else { return };
    // Half the inputs start from the start position, the rest from a data position.
    let start: G = if first % 2 == 0 {
        G::start()
    } else {
        seeds::seed(usize::from(first / 2) % seeds::seed_count::<G>())
    };
    let mut record = Record::new(start);
    let mut snapshots: Vec<Snapshot<G>> = Vec::new();
    let mut list = check_position(record.current());
    check_key_sample(record.current(), &list);
    for _ in 0..MAX_STEPS {
        let Some(op) = input.byte() else { break };
        match op % 8 {
            0..=3 => {
                let Some(i) = input.below(list.len().max(1)) else {
                    break;
                };
                play_listed(&mut record, &mut snapshots, &list, i);
            }
            4 => {
                let Some(action) = candidate(record.current(), &list, &mut input) else {
                    break;
                };
                attempt(&mut record, &mut snapshots, &list, &action);
            }
            5 => undo(&mut record, &mut snapshots),
            6 => {
                if !check_sample(record.current(), &list, &mut input) {
                    break;
                }
            }
            _ => check_record(&record),
        }
        list = check_position(record.current());
        check_key_sample(record.current(), &list);
    }
}

/// The per-step sample: one listed action chosen by the key passes `is_legal` and
/// the UCI and SAN round trips, and a near miss of it (one field changed) gets the
/// answer of the list from `is_legal`.
fn check_key_sample<G: Position>(pos: &G, list: &ActionList) {
    let key = pos.zobrist();
    let Some(action) = list.as_slice().get(key as usize % list.len().max(1)) else {
        return;
    };
    check_notation(pos, action);
    let bytes = key.to_le_bytes();
    if let Some(near) = mutate(*action, &mut Input::new(&bytes[4..])) {
        check_is_legal(pos, &near, list);
    }
}

/// Up to [`SAMPLE`] listed actions chosen by the input, each with its child fully
/// checked; `false` at the end of the input.
fn check_sample<G: Position>(pos: &G, list: &ActionList, input: &mut Input) -> bool {
    let Some(count) = input.byte() else {
        return false;
    };
    for _ in 0..=usize::from(count) % SAMPLE {
        if list.is_empty() {
            break;
        }
        let Some(i) = input.below(list.len()) else {
            return false;
        };
        let child = check_listed_action(pos, &list[i]);
        check_position(&child);
    }
    true
}

/// Plays the `i`-th legal action through the record (refused once the game is over).
fn play_listed<G: Position>(
    record: &mut Record<G>,
    snapshots: &mut Vec<Snapshot<G>>,
    list: &ActionList,
    i: usize,
) {
    let Some(action) = list.as_slice().get(i).copied() else {
        // No legal action: the record refuses anything, and stays as it was.
        let before = Snapshot::of(record);
        let any = Action::Drop {
            role: Role::Pawn,
            to: Square::E1,
        };
        assert!(record.play(&any).is_err(), "play with no legal action");
        before.assert_restored(record, "refused play");
        return;
    };
    let child = check_listed_action(record.current(), &action);
    play_through_record(record, snapshots, &action, Some(child));
}

/// Attempts an arbitrary action: legal ones are played, illegal ones are refused by
/// the position and the record, which stay unchanged.
fn attempt<G: Position>(
    record: &mut Record<G>,
    snapshots: &mut Vec<Snapshot<G>>,
    list: &ActionList,
    action: &Action,
) {
    check_candidate(record.current(), action, list);
    if list.contains(action) {
        play_through_record(record, snapshots, action, None);
    } else {
        let before = Snapshot::of(record);
        let outcome = record.outcome();
        match record.play(action) {
            Err(RecordError::Illegal(_) | RecordError::GameOver(_)) => {}
            other => panic!("illegal {action:?} gave {other:?}"),
        }
        before.assert_restored(record, "refused action");
        assert_eq!(record.outcome(), outcome);
    }
}

/// Plays a legal action through the record, then checks that undo restores the
/// position before it and that playing it again gives the same position.
fn play_through_record<G: Position>(
    record: &mut Record<G>,
    snapshots: &mut Vec<Snapshot<G>>,
    action: &Action,
    child: Option<G>,
) {
    let snapshot = Snapshot::of(record);
    match (record.outcome(), record.play(action)) {
        (Some(outcome), Err(RecordError::GameOver(o))) => {
            assert_eq!(outcome, o);
            snapshot.assert_restored(record, "action after the end");
        }
        (None, Ok(())) => {
            let after = record.current().clone();
            if let Some(child) = child {
                assert_eq!(after, child, "record vs copy-make");
            }
            assert_eq!(record.undo(), Some(*action));
            snapshot.assert_restored(record, "undo at once");
            record.play(action).expect("replay after undo");
            assert_eq!(record.current(), &after, "replay after undo");
            snapshots.push(snapshot);
        }
        (outcome, result) => panic!("outcome {outcome:?} but play gave {result:?}"),
    }
}

/// Takes the last action back; the position must be exactly the one before it.
fn undo<G: Position>(record: &mut Record<G>, snapshots: &mut Vec<Snapshot<G>>) {
    let action = record.undo();
    match snapshots.pop() {
        Some(snapshot) => {
            assert!(action.is_some());
            snapshot.assert_restored(record, "undo");
        }
        None => assert_eq!(action, None, "undo past the start"),
    }
}

/// The record's view: repetition count, outcome and claims agree with each other.
fn check_record<G: Position>(record: &Record<G>) {
    let count = record.repetition_count();
    assert!(count >= 1);
    let pos = record.current();
    let outcome = record.outcome();
    match outcome {
        Some(o) if o.reason == EndReason::FivefoldRepetition => {
            assert!(count >= 5 && G::REPETITION_RULE && pos.outcome().is_none());
        }
        Some(o) => assert_eq!(pos.outcome(), Some(o)),
        None => assert!(count < 5 && pos.outcome().is_none()),
    }
    let claim = record.claimable_draw();
    match claim {
        Some(EndReason::ThreefoldRepetition) => assert!(count >= 3 && outcome.is_none()),
        Some(EndReason::FiftyMoves) => {
            assert!(G::MOVE_COUNT_RULES && pos.halfmove_clock() >= 100 && outcome.is_none())
        }
        Some(other) => panic!("claim of {other}"),
        None => assert!(
            outcome.is_some()
                || (count < 3 && !(G::MOVE_COUNT_RULES && pos.halfmove_clock() >= 100))
        ),
    }
    let mut copy = record.clone();
    match copy.claim_draw() {
        Ok(o) => {
            assert_eq!(Some(o.reason), claim);
            assert_eq!(copy.outcome(), Some(o));
        }
        Err(_) => {
            assert_eq!(claim, None);
            assert_eq!(copy, *record, "a refused claim changed the record");
        }
    }
}

fn role(b: u8) -> Role {
    Role::ALL[usize::from(b) % Role::ALL.len()]
}

fn square(input: &mut Input) -> Option<Square> {
    Square::new(u32::from(input.byte()?) % 64)
}

/// A promotion field: none, or any role (kings and pawns included, to be refused).
fn promotion(b: u8) -> Option<Role> {
    (b & 7 != 0).then(|| role(b / 8))
}

/// An action built from the input: a legal action with one field changed, or one of
/// each kind about the pieces of the side to act (or anywhere).
fn candidate<G: Position>(pos: &G, list: &ActionList, input: &mut Input) -> Option<Action> {
    let kind = input.byte()?;
    let board = pos.placement().board;
    let ours = board.by_color(pos.turn());
    // A square of the side to act for odd bytes, any square for even ones.
    let from = |input: &mut Input| -> Option<Square> {
        let b = input.byte()?;
        let own: Vec<Square> = ours.into_iter().collect();
        if b % 2 == 1 && !own.is_empty() {
            Some(own[usize::from(b / 2) % own.len()])
        } else {
            Square::new(u32::from(b / 2) % 64)
        }
    };
    Some(match kind % 8 {
        0..=2 if !list.is_empty() => {
            let base = list[input.below(list.len())?];
            mutate(base, input)?
        }
        0..=3 => {
            let from = from(input)?;
            let to = square(input)?;
            let extra = input.byte()?;
            Action::Normal {
                role: board.role_at(from).unwrap_or(role(extra)),
                from,
                to,
                capture: if extra & 0x80 == 0 {
                    board.role_at(to)
                } else {
                    Some(role(extra))
                },
                promotion: promotion(extra >> 2),
            }
        }
        4 => Action::Castle {
            king: from(input)?,
            rook: from(input)?,
        },
        5 => Action::Drop {
            role: role(input.byte()?),
            to: square(input)?,
        },
        6 => {
            let from = from(input)?;
            let to = square(input)?;
            if input.byte()? % 2 == 0 {
                Action::Push { from, to }
            } else {
                Action::EnPassant { from, to }
            }
        }
        _ => Action::PromotionChoice {
            square: square(input)?,
            role: role(input.byte()?),
        },
    })
}

/// A legal action with one field changed.
fn mutate(action: Action, input: &mut Input) -> Option<Action> {
    let b = input.byte()?;
    let sq = Square::new(u32::from(b >> 2) % 64)?;
    Some(match (action, b % 4) {
        (
            Action::Normal {
                role,
                from,
                capture,
                promotion,
                ..
            },
            0,
        ) => Action::Normal {
            role,
            from,
            to: sq,
            capture,
            promotion,
        },
        (
            Action::Normal {
                role,
                to,
                capture,
                promotion,
                ..
            },
            1,
        ) => Action::Normal {
            role,
            from: sq,
            to,
            capture,
            promotion,
        },
        (
            Action::Normal {
                role,
                from,
                to,
                capture,
                ..
            },
            2,
        ) => Action::Normal {
            role,
            from,
            to,
            capture,
            promotion: promotion(b >> 2),
        },
        (
            Action::Normal {
                from,
                to,
                promotion,
                ..
            },
            _,
        ) => Action::Normal {
            role: role(b >> 2),
            from,
            to,
            capture: (b & 0x80 != 0).then(|| role(b >> 4)),
            promotion,
        },
        (Action::Castle { king, .. }, 0) => Action::Castle { king, rook: sq },
        (Action::Castle { rook, .. }, _) => Action::Castle { king: sq, rook },
        (Action::EnPassant { from, to }, 0) => Action::Push { from, to },
        (Action::EnPassant { from, .. }, _) => Action::EnPassant { from, to: sq },
        (Action::Push { from, to }, 0) => Action::EnPassant { from, to },
        (Action::Push { from, .. }, _) => Action::Push { from, to: sq },
        (Action::Drop { role, .. }, 0) => Action::Drop { role, to: sq },
        (Action::Drop { to, .. }, _) => Action::Drop {
            role: role(b >> 2),
            to,
        },
        (Action::PromotionChoice { role, .. }, 0) => Action::PromotionChoice { square: sq, role },
        (Action::PromotionChoice { square, .. }, _) => Action::PromotionChoice {
            square,
            role: role(b >> 2),
        },
    })
}
