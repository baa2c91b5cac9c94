//! Quiescence search: below the horizon, only captures and promotions are searched
//! (all actions when in check), with the static score as a "stand pat" lower bound,
//! so that the search never judges a position in the middle of an exchange. In a
//! king race (Racing Kings) a king's step onto the goal (rank 8, the rule set's
//! [`Position::GOAL`]) is searched too, and a side
//! whose opponent can take that step next gets no stand-pat just below the horizon
//! (as if in check): the step ends the race, which the static score can only
//! estimate.
//!
//! Mid-turn positions (see [`super::params::MidTurn`]) get no stand-pat where the
//! rule set expands turns: every remaining action of the turn is searched, for the
//! first [`QUIESCENCE_EXPAND_PLIES`] plies of quiescence. Where a rule set's turns hold
//! two full actions (`Policy::quiet_threats`, Marseillais), the horizon's turn also
//! tries its quiet first actions that attack a piece worth taking, each followed by
//! the turn's captures only: "attack, then take" is a threat captures alone miss.
//! Quiescence never pauses: it is small, and a pause happens only where a main-search
//! node starts.

use super::draws::terminal_score;
use super::ordering::{is_quiet, pack, pick_next, tactical_rank};
use super::params::{
    expands_at_horizon, DELTA_MARGIN, DELTA_VICTIM_VALUE, ORDER_TABLE_MOVE,
    QUIESCENCE_EXPAND_PLIES, QUIESCENCE_MAX_PLIES, QUIESCENCE_RACE_THREAT_PLIES,
};
use super::score::{from_table, to_table, INFINITY, MAX_PLY};
use super::tt::{Bound, Hit};
use super::{position_key, see, Search};
use crate::attacks::{attacks, king_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::{Phase, Position};
use crate::moves::Action;
use crate::types::{Color, Role};

/// The order of a step that finishes the race: before every capture (the largest
/// capture rank is 16 times a victim's value, at most 20).
const ORDER_RACE_FINISH: i32 = 16 * 64;

// The race's three tests below are never inlined: one copy serves every rule set's
// quiescence instead of one in each (the WebAssembly size, README "Size"); they run
// only in a king race.

/// Whether `action` is a king's step onto `goal`, the squares the kings race to
/// ([`Position::GOAL`]).
#[inline(never)]
fn finishes_race(action: &Action, goal: Bitboard) -> bool {
    action.role() == Role::King && goal.contains(action.to())
}

/// Whether `side`'s king stands one step from `goal`.
#[inline(never)]
fn may_finish_race(board: &Board, side: Color, goal: Bitboard) -> bool {
    board
        .king_of(side)
        .is_some_and(|king| (king_attacks(king) & goal).any())
}

/// Whether the opponent of `side` could step its king onto `goal` next: a goal
/// square beside its king that `side` does not guard (seen through the king, which
/// leaves its square) and the opponent's own pieces do not fill.
#[inline(never)]
fn opponent_may_finish_race(board: &Board, side: Color, goal: Bitboard) -> bool {
    // A king already on the goal has finished: what follows is the rules' ending.
    let Some(king) = board.king_of(!side).filter(|&king| !goal.contains(king)) else {
        return false;
    };
    let steps = (king_attacks(king) & goal) - board.by_color(!side);
    let without_king = board.occupied() - Bitboard::from_square(king);
    steps
        .into_iter()
        .any(|square| !board.is_attacked(square, side, without_king))
}

/// Whether quiet `action` by `side` puts its piece where it attacks an opponent's
/// piece worth more than itself, or a piece other than a pawn that nothing guards:
/// what the turn's next action could then take. Never inlined, one copy for every
/// rule set (the WebAssembly size); it runs only where `quiet_threats` is set.
#[inline(never)]
fn threatens_capture(board: &Board, side: Color, action: &Action) -> bool {
    let Some(from) = action.from() else {
        return false;
    };
    let role = action.promotion().unwrap_or(action.role());
    let to = action.to();
    let occupied = (board.occupied() - Bitboard::from_square(from)) | Bitboard::from_square(to);
    let them = board.by_color(!side) - board.by_role(Role::King);
    let mover = DELTA_VICTIM_VALUE[role.index()];
    (attacks(side, role, to, occupied) & them)
        .into_iter()
        .any(|square| {
            let victim = board.role_at(square).unwrap_or(Role::Pawn);
            DELTA_VICTIM_VALUE[victim.index()] > mover
                || (victim != Role::Pawn && !board.is_attacked(square, !side, occupied))
        })
}

impl<G: Position> Search<G> {
    /// The quiescence score of `pos` for its side to act; `qply` counts the actions
    /// below the horizon.
    pub(super) fn qsearch(
        &mut self,
        pos: &G,
        ply: usize,
        alpha: i32,
        beta: i32,
        qply: usize,
    ) -> i32 {
        let mut alpha = alpha;
        self.nodes += 1;
        self.slice_nodes += 1;
        self.ensure_frame(ply + 1);
        self.frames[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, ply);
        }
        let key = position_key(pos);
        let hit = self.tt.probe(key);
        if let Some(h) = hit {
            let s = from_table(h.score, ply);
            let usable = match h.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if usable {
                return s;
            }
        }
        let table_move = hit.map_or(0, |h| h.action);
        let expand = expands_at_horizon(&self.policy, pos) && qply < QUIESCENCE_EXPAND_PLIES;
        let in_check = pos.is_check();
        let race_threat = self.policy.king_race
            && qply < QUIESCENCE_RACE_THREAT_PLIES
            && opponent_may_finish_race(pos.placement().board, pos.turn(), G::GOAL);
        let stand_pat = !in_check && !expand && !race_threat;
        // Where only mate and stalemate leave no actions, the stand-pat cut comes
        // before the generation it makes useless (a stalemate is missed now and
        // then, as in any engine); elsewhere a rule set's own ending must be seen.
        let eager = stand_pat && self.policy.only_mate_ends;
        let mut raw_eval = None;
        let mut static_eval = -INFINITY;
        if eager {
            match self.stand_pat(pos, ply, key, hit, beta, qply) {
                Ok((raw, corrected)) => (raw_eval, static_eval) = (Some(raw), corrected),
                Err(score) => return score,
            }
        }
        // With a stand-pat, only captures and promotions are searched (and the race's
        // finishing steps, from all actions); then an empty list still needs the full
        // count to tell a stalemate.
        let race_finish = stand_pat
            && self.policy.king_race
            && may_finish_race(pos.placement().board, pos.turn(), G::GOAL);
        // Only at the horizon's own turn (the first quiescence ply), and only where an
        // action of the turn follows: deeper, the threats would make quiescence wide.
        let quiet_threats = stand_pat && self.quiet_threats() && qply == 0 && {
            let turn = pos.turn_state();
            turn.phase == Phase::Move && turn.length > turn.played + 1
        };
        if stand_pat && !race_finish && !quiet_threats {
            pos.tactical_actions(&mut self.frames[ply].actions);
        } else {
            pos.legal_actions(&mut self.frames[ply].actions);
        }
        let count = self.frames[ply].actions.len();
        if count == 0 && (!stand_pat || pos.count_legal_actions() == 0) {
            return terminal_score(pos, ply);
        }
        let mut best = -INFINITY;
        if stand_pat {
            if !eager {
                match self.stand_pat(pos, ply, key, hit, beta, qply) {
                    Ok((raw, corrected)) => (raw_eval, static_eval) = (Some(raw), corrected),
                    Err(score) => return score,
                }
            }
            alpha = alpha.max(static_eval);
            best = static_eval;
        } else if qply >= QUIESCENCE_MAX_PLIES {
            return self.evaluate(pos, ply);
        }
        // Keep captures and promotions (everything when in check or expanding), and
        // the steps that finish a race.
        let all = !stand_pat;
        let side = pos.turn();
        let frame = &mut self.frames[ply];
        let mut n = 0;
        for i in 0..count {
            let action = frame.actions[i];
            // Captures that lose material by static exchange cannot lift the
            // stand-pat score; they are left out.
            let losing = stand_pat
                && self.policy.see
                && action.promotion().is_none()
                && see::may_lose(&action)
                && !see::see_at_least(pos.placement().board, side, &action, 0);
            let finishing = race_finish && finishes_race(&action, G::GOAL);
            let threat = quiet_threats
                && is_quiet(&action)
                && threatens_capture(pos.placement().board, side, &action);
            if (all || finishing || threat || !is_quiet(&action)) && !losing {
                frame.actions.as_mut_slice()[n] = action;
                frame.scores[n] = if pack(&action) == table_move {
                    ORDER_TABLE_MOVE
                } else if finishing {
                    ORDER_RACE_FINISH
                } else {
                    tactical_rank(&action)
                };
                n += 1;
            }
        }
        let alpha0 = alpha;
        let mut best_action = None;
        for i in 0..n {
            let frame = &mut self.frames[ply];
            pick_next(
                &mut frame.actions.as_mut_slice()[..n],
                &mut frame.scores[..n],
                i,
            );
            let action = frame.actions[i];
            // Delta pruning: even winning the victim cannot reach alpha.
            if stand_pat && action.promotion().is_none() {
                if let Some(victim) = action.capture() {
                    if static_eval + DELTA_VICTIM_VALUE[victim.index()] + DELTA_MARGIN.get()
                        <= alpha
                    {
                        continue;
                    }
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(&action);
            // After a quiet threat the turn's rest stands pat and takes: expanding
            // every second action there would make each such threat a full ply.
            let next_qply = if quiet_threats && is_quiet(&action) {
                QUIESCENCE_EXPAND_PLIES.max(qply + 1)
            } else {
                qply + 1
            };
            let score = if child.turn() == side {
                self.qsearch(&child, ply + 1, alpha, beta, next_qply)
            } else {
                -self.qsearch(&child, ply + 1, -beta, -alpha, next_qply)
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_action = Some(action);
                    let (head, tail) = self.frames.split_at_mut(ply + 1);
                    let pv = &mut head[ply].pv;
                    pv.clear();
                    pv.push(action);
                    pv.extend_from_slice(&tail[0].pv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if best == -INFINITY {
            return self.evaluate(pos, ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_action.as_ref().map_or(0, pack),
            to_table(best, ply),
            -1,
            bound,
            false,
            raw_eval,
        );
        best
    }

    /// The stand-pat: the raw and corrected static scores of `pos` (the raw one
    /// from the table entry `hit` if it kept it), or `Err` with the score when
    /// standing pat already ends the node. A cut-off is kept in the table as a
    /// quiescence lower bound where the table had nothing, so the next visit cuts
    /// at once.
    fn stand_pat(
        &mut self,
        pos: &G,
        ply: usize,
        key: u64,
        hit: Option<Hit>,
        beta: i32,
        qply: usize,
    ) -> Result<(i32, i32), i32> {
        let (raw, corrected) = self.static_scores(pos, ply, hit.and_then(|h| h.eval));
        if corrected >= beta || qply >= QUIESCENCE_MAX_PLIES {
            if hit.is_none() && corrected >= beta {
                let score = to_table(corrected, ply);
                self.tt
                    .store(key, 0, score, -1, Bound::Lower, false, Some(raw));
            }
            return Err(corrected);
        }
        Ok((raw, corrected))
    }
}
