//! The main search: negamax alpha-beta with principal variation search, the
//! transposition table, null-move pruning, ProbCut, reverse futility, futility and
//! late-move pruning, late-move reductions, internal iterative reduction and check
//! extensions, written so that it can pause and resume (see `frame.rs`).
//!
//! Multi-action turns: a child's score is negated only when the side to act
//! changes between the node and the child (never by depth parity), and its window
//! is passed through unchanged otherwise. Depth counts actions.

use super::draws::terminal_score;
use super::frame::{ChildStage, Edge, NodeState, Stage};
use super::ordering::{is_quiet, order_score, pack, pick_next, tactical_rank};
use super::params::*;
use super::score::{
    from_table, is_mate, mate_in, mated_in, to_table, DRAW, INFINITY, MATE_BOUND, MAX_PLY,
};
use super::tt::Bound;
use super::{checks, see};
use super::{position_key, Paused, Search};
use crate::game::Position;
use crate::moves::Action;
use crate::types::{Color, Role};

/// What a test before the move loop gave: a score that cuts the node, nothing, or
/// a pause.
type PreTestResult = Result<Option<i32>, Paused>;

/// The actions that continuation histories follow, one per [`CONTINUATION_PLIES`]
/// entry, each with its side.
type EarlierActions = [Option<(Color, Action)>; CONTINUATION_PLIES.len()];

/// What entering a node gave: a score at once, or a node to search.
enum Entered {
    Score(i32),
    Node(NodeState),
}

/// Whether the side to act has a piece besides king and pawns (on the board or in
/// hand): without one, zugzwang is common and a pass proves nothing.
fn has_pieces<G: Position>(pos: &G) -> bool {
    let side = pos.turn();
    let board = pos.placement().board;
    let pieces = board.by_color(side) - board.by_role(Role::Pawn) - board.by_role(Role::King);
    pieces.any() || pos.hand(side).is_some_and(|h| !h.is_empty())
}

impl<G: Position> Search<G> {
    /// Makes sure frames `0..=ply` exist.
    #[inline]
    pub(super) fn ensure_frame(&mut self, ply: usize) {
        while self.frames.len() <= ply {
            self.frames.push(super::frame::Frame::new());
        }
    }

    /// Forgets every paused node from `ply` down.
    pub(super) fn clear_suspended(&mut self, from: usize) {
        for frame in self.frames.iter_mut().skip(from) {
            frame.suspended = false;
        }
    }

    /// Searches `child` of a node at `ply` where `side` acts, with the window given
    /// from the node's side; negates only when the side to act changes.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_child(
        &mut self,
        side: Color,
        child: &G,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        edge: Edge,
    ) -> Result<i32, Paused> {
        if child.turn() == side {
            self.negamax(child, ply + 1, depth, alpha, beta, edge)
        } else {
            self.negamax(child, ply + 1, depth, -beta, -alpha, edge)
                .map(|s| -s)
        }
    }

    /// The edge to a child reached by `action`.
    #[inline]
    pub(super) fn edge_of(pos: &G, action: &Action) -> Edge {
        if pos.is_irreversible(action) {
            Edge::Irreversible
        } else {
            Edge::Reversible
        }
    }

    /// The score of `pos` for its side to act, searched `depth` actions deep within
    /// (`alpha`, `beta`). `Err(Paused)` when the slice's node budget ran out; the
    /// frames then hold what is needed to resume.
    pub(super) fn negamax(
        &mut self,
        pos: &G,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        edge: Edge,
    ) -> Result<i32, Paused> {
        self.ensure_frame(ply + 1);
        let key = position_key(pos);
        let frame = &mut self.frames[ply];
        let resume = frame.suspended && frame.key == key && frame.input == (depth, alpha, beta);
        if frame.suspended {
            if resume {
                frame.suspended = false;
            } else {
                // The search is deterministic, so a resumed path is the paused one.
                debug_assert!(false, "a paused node at ply {ply} was not resumed");
                self.clear_suspended(ply);
            }
        }
        let mut st = if resume {
            self.frames[ply].state
        } else {
            if self.slice_nodes >= self.slice_limit {
                return Err(Paused);
            }
            match self.enter(pos, ply, depth, alpha, beta, edge, key) {
                Entered::Score(s) => return Ok(s),
                Entered::Node(st) => st,
            }
        };

        if st.stage == Stage::NullMove {
            if let Some(null) = pos.pass() {
                // The further the static score stands above beta, the less a
                // shallower proof risks.
                let surplus = ((st.estimate - st.beta) / NULL_MOVE_SURPLUS_DIVISOR.get())
                    .clamp(0, NULL_MOVE_MAX_SURPLUS_REDUCTION);
                let reduction =
                    NULL_MOVE_BASE_REDUCTION + st.depth / NULL_MOVE_DEPTH_DIVISOR + surplus;
                self.frames[ply].state = st;
                self.frames[ply].current = None;
                let result = self.negamax(
                    &null,
                    ply + 1,
                    st.depth - 1 - reduction,
                    -st.beta,
                    -st.beta + 1,
                    Edge::Null,
                );
                let score = match result {
                    Ok(s) => -s,
                    Err(p) => {
                        self.frames[ply].suspended = true;
                        return Err(p);
                    }
                };
                if score >= st.beta {
                    // An unproven mate through a pass is not trusted.
                    return Ok(if score >= MATE_BOUND { st.beta } else { score });
                }
            }
            if let Some(score) = self.generate(pos, ply, &mut st) {
                return Ok(score);
            }
        }

        // The tests before the move loop (ProbCut, then the singular test); each may
        // cut the node, and each leaves the node at the next stage.
        loop {
            let test = match st.stage {
                Stage::ProbCut => Self::probcut,
                Stage::Singular => Self::singular_test,
                _ => break,
            };
            match test(self, pos, ply, &mut st) {
                Ok(Some(score)) => return Ok(score),
                Ok(None) => {}
                Err(p) => {
                    self.frames[ply].suspended = true;
                    return Err(p);
                }
            }
        }

        let side = pos.turn();
        while st.index < st.count {
            let index = st.index;
            let (action, child) = if st.child == ChildStage::None {
                let (action, order) = self.pick(ply, index, st.count);
                let forcing = self.is_race_move(&action);
                let quiet = is_quiet(&action) && !forcing;
                let prunable = st.pruning
                    && !st.pv_node
                    && quiet
                    && st.searched > 0
                    && st.best_score > -MATE_BOUND;
                // Late-move pruning: late quiet moves near the leaves rarely matter
                // (checks do: they may mate).
                let late_limit = LATE_MOVE_PRUNING_BASE + (st.depth * st.depth) as usize;
                let late_limit = if st.improving {
                    late_limit
                } else {
                    late_limit * LATE_MOVE_PRUNING_WORSENING_NUM / LATE_MOVE_PRUNING_WORSENING_DEN
                };
                let late = prunable
                    && st.depth <= LATE_MOVE_PRUNING_MAX_DEPTH
                    && st.searched >= late_limit;
                if late && !self.may_give_check(pos, &action) {
                    // Every later quiet action goes the same way unless it may check:
                    // drop the others from the list now rather than pick each in turn.
                    if !st.quiets_dropped {
                        st.count = self.drop_later_quiets(pos, ply, index, st.count);
                        st.quiets_dropped = true;
                    }
                    st.index += 1;
                    continue;
                }
                // The pruning below spares checks only: an action that cannot check
                // is dropped without being played.
                let pruned_unless_check = self
                    .pruned_unless_check(pos, ply, &st, &action, order, quiet, forcing, prunable);
                if pruned_unless_check && !self.may_give_check(pos, &action) {
                    st.index += 1;
                    continue;
                }
                let mut child = pos.clone();
                child.play_unchecked(&action);
                let gives_check = child.turn() != side && child.is_check();
                if (late || pruned_unless_check) && !gives_check {
                    st.index += 1;
                    continue;
                }
                // Check extension: checks are forcing and often decide; and a
                // singular table move.
                let extension = if (ply as i32) < 2 * self.state.depth {
                    let singular = if pack(&action) == st.table_move {
                        st.table_extension
                    } else {
                        0
                    };
                    i32::from(gives_check).max(singular)
                } else {
                    0
                };
                st.new_depth = st.depth - 1 + extension;
                let mut reduction = 0;
                if quiet
                    && !st.in_check
                    && !gives_check
                    && st.depth >= LMR_MIN_DEPTH
                    && st.searched >= LMR_MIN_MOVES
                {
                    reduction = self.lmr(st.depth, st.searched);
                    // Nodes that are or were on the principal variation are
                    // searched more fully.
                    if st.table_pv {
                        reduction -= 1;
                    }
                    if !st.improving {
                        reduction += 1;
                    }
                    // Killers and the countermove are likely good: search them deeper.
                    if order >= ORDER_COUNTER {
                        reduction -= 1;
                    }
                    // Actions that often cut elsewhere are reduced less.
                    reduction -=
                        self.ordered_quiet_history(ply, side, &action, order) / HISTORY_MAX;
                    reduction = reduction.clamp(0, (st.new_depth - 1).max(0));
                }
                st.reduced_depth = st.new_depth - reduction;
                st.child = if st.searched == 0 {
                    ChildStage::Full
                } else if reduction > 0 {
                    ChildStage::Reduced
                } else {
                    ChildStage::ZeroWindow
                };
                (action, child)
            } else {
                let action = self.frames[ply].actions[index];
                let mut child = pos.clone();
                child.play_unchecked(&action);
                (action, child)
            };
            let edge = Self::edge_of(pos, &action);
            let score = loop {
                self.frames[ply].state = st;
                self.frames[ply].current = Some(action);
                let (d, a, b) = match st.child {
                    ChildStage::Reduced => (st.reduced_depth, st.alpha, st.alpha + 1),
                    ChildStage::ZeroWindow => (st.new_depth, st.alpha, st.alpha + 1),
                    _ => (st.new_depth, st.alpha, st.beta),
                };
                let s = match self.search_child(side, &child, ply, d, a, b, edge) {
                    Ok(s) => s,
                    Err(p) => {
                        self.frames[ply].suspended = true;
                        return Err(p);
                    }
                };
                match st.child {
                    ChildStage::Reduced if s > st.alpha => st.child = ChildStage::ZeroWindow,
                    ChildStage::ZeroWindow if s > st.alpha && s < st.beta && st.pv_node => {
                        st.child = ChildStage::Full
                    }
                    _ => break s,
                }
            };
            st.child = ChildStage::None;
            st.searched += 1;
            st.index += 1;
            if score > st.best_score {
                st.best_score = score;
                if score > st.alpha {
                    st.best_action = Some(action);
                    let (head, tail) = self.frames.split_at_mut(ply + 1);
                    let pv = &mut head[ply].pv;
                    pv.clear();
                    pv.push(action);
                    pv.extend_from_slice(&tail[0].pv);
                    if score >= st.beta {
                        if is_quiet(&action) {
                            self.reward_quiet(ply, side, &action, st.depth);
                        }
                        break;
                    }
                    st.alpha = score;
                }
            }
            if is_quiet(&action) {
                self.frames[ply].quiets.push(action);
            }
        }

        let bound = if st.best_score >= st.beta {
            Bound::Lower
        } else if st.best_action.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.learn_correction(pos, &st, bound);
        self.tt.store(
            self.frames[ply].key,
            st.best_action.as_ref().map_or(0, pack),
            to_table(st.best_score, ply),
            st.depth,
            bound,
            st.table_pv,
            (!st.in_check).then_some(st.raw_eval),
        );
        Ok(st.best_score)
    }

    /// The work of a fresh node before its move loop: ending checks, mate-distance
    /// pruning, the horizon, the table, static pruning; then either a null move to
    /// try or the generated, ordered actions.
    #[allow(clippy::too_many_arguments)]
    fn enter(
        &mut self,
        pos: &G,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        edge: Edge,
        key: u64,
    ) -> Entered {
        self.nodes += 1;
        self.slice_nodes += 1;
        let turn_start = pos.turn_state().is_turn_start();
        let frame = &mut self.frames[ply];
        frame.key = key;
        frame.input = (depth, alpha, beta);
        frame.turn_start = turn_start;
        frame.edge = edge;
        frame.side = pos.turn();
        frame.suspended = false;
        frame.pv.clear();
        frame.quiets.clear();
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return Entered::Score(self.evaluate(pos, ply));
        }
        if let Some(score) = self.early_ending(pos, ply, turn_start, key) {
            return Entered::Score(score);
        }
        // Mate-distance pruning: no line from here beats a mate found nearer the root.
        let alpha = alpha.max(mated_in(ply));
        let beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return Entered::Score(alpha);
        }
        let pv_node = beta - alpha > 1;
        let mut depth = depth;
        if depth <= 0 {
            if super::params::expands_at_horizon(&self.policy, pos) {
                // The turn goes on: finish it before judging the position.
                depth = 1;
            } else {
                return Entered::Score(self.qsearch(pos, ply, alpha, beta, 0));
            }
        }
        let hit = self.tt.probe(key);
        let table_move = hit.map_or(0, |h| h.action);
        // The stored score seen from this node (mate distances counted from here).
        let table_score = hit.map_or(0, |h| from_table(h.score, ply));
        let singular_beta = hit.and_then(|h| {
            (ply > 0
                && !self.policy.multi_action
                && depth >= SINGULAR_MIN_DEPTH
                && h.action != 0
                && h.bound != Bound::Upper
                && h.depth >= depth - SINGULAR_DEPTH_MARGIN
                && !is_mate(table_score))
            .then_some(table_score - SINGULAR_MARGIN.get() * depth)
        });
        if let Some(h) = hit {
            if !pv_node && h.depth >= depth {
                let usable = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => table_score >= beta,
                    Bound::Upper => table_score <= alpha,
                };
                if usable {
                    return Entered::Score(table_score);
                }
            }
        }
        let in_check = pos.is_check();
        let pruning = !in_check && super::params::static_pruning_allowed(pos);
        let (raw_eval, static_eval) = if in_check {
            (-INFINITY, -INFINITY)
        } else {
            self.static_scores(pos, ply, hit.and_then(|h| h.eval))
        };
        let improving = !in_check
            && !self.policy.multi_action
            && ply >= 2
            && static_eval > self.frames[ply - 2].state.static_eval;
        // The table's bound, where it says more than the static score, is the better
        // estimate for pruning.
        let estimate = match hit {
            Some(h) if self.policy.refined_pruning && !in_check && !is_mate(table_score) => {
                match h.bound {
                    Bound::Lower if table_score > static_eval => table_score,
                    Bound::Upper if table_score < static_eval => table_score,
                    Bound::Exact => table_score,
                    _ => static_eval,
                }
            }
            _ => static_eval,
        };
        // Reverse futility: far above beta near the leaves, the opponent will not
        // recover.
        if pruning
            && !pv_node
            && depth <= REVERSE_FUTILITY_MAX_DEPTH
            && !is_mate(beta)
            && estimate - REVERSE_FUTILITY_MARGIN.get() * (depth - i32::from(improving)) >= beta
        {
            return Entered::Score(estimate);
        }
        // Razoring: far below alpha near the leaves, only a capture can help; if
        // quiescence finds none, the node fails low.
        if pruning
            && !pv_node
            && self.policy.refined_pruning
            && depth <= RAZOR_MAX_DEPTH
            && !is_mate(alpha)
            && estimate + RAZOR_MARGIN.get() * depth < alpha
        {
            let score = self.qsearch(pos, ply, alpha, alpha + 1, 0);
            if score <= alpha {
                return Entered::Score(score);
            }
        }
        if depth >= IIR_MIN_DEPTH && table_move == 0 {
            depth -= 1;
        }
        let probcut_beta = beta + PROBCUT_MARGIN.get() - PROBCUT_IMPROVING * i32::from(improving);
        let probcut_beta = (pruning
            && !pv_node
            && self.policy.refined_pruning
            && self.policy.see
            && depth >= PROBCUT_MIN_DEPTH
            && !is_mate(beta)
            // The table already says a search this deep stays below the bound.
            && !hit.is_some_and(|h| {
                h.depth > depth - PROBCUT_REDUCTION && table_score < probcut_beta
            }))
        .then_some(probcut_beta);
        let mut st = NodeState {
            depth,
            alpha,
            beta,
            pv_node,
            table_pv: pv_node || hit.is_some_and(|h| h.pv),
            in_check,
            pruning,
            raw_eval,
            static_eval,
            estimate,
            improving,
            stage: Stage::Moves,
            table_move,
            count: 0,
            index: 0,
            searched: 0,
            best_score: -INFINITY,
            best_action: None,
            child: ChildStage::None,
            new_depth: 0,
            reduced_depth: 0,
            singular_beta,
            probcut_beta,
            table_extension: 0,
            quiets_dropped: false,
        };
        if pruning
            && !pv_node
            && self.policy.null_move
            && edge != Edge::Null
            && depth >= NULL_MOVE_MIN_DEPTH
            && estimate >= beta
            && !is_mate(beta)
            && has_pieces(pos)
        {
            st.stage = Stage::NullMove;
            return Entered::Node(st);
        }
        match self.generate(pos, ply, &mut st) {
            Some(score) => Entered::Score(score),
            None => Entered::Node(st),
        }
    }

    /// Generates and scores the actions of a node; returns a score if there are none
    /// (the game is over) or the 50-move rule draws.
    fn generate(&mut self, pos: &G, ply: usize, st: &mut NodeState) -> Option<i32> {
        st.stage = if st.probcut_beta.is_some() {
            Stage::ProbCut
        } else {
            Self::stage_after_probcut(st)
        };
        let frame = &mut self.frames[ply];
        pos.legal_actions(&mut frame.actions);
        st.count = frame.actions.len();
        if st.count == 0 {
            return Some(terminal_score(pos, ply));
        }
        if ply > 0 && self.move_count_rules && pos.halfmove_clock() >= crate::game::FIFTY_MOVE_PLIES
        {
            return Some(DRAW);
        }
        let killers = self.killers[ply];
        let side = pos.turn();
        let previous = if ply > 0 {
            self.frames[ply - 1].current
        } else {
            None
        };
        let counter = self.countermoves.get(side, previous.as_ref());
        let frame = &mut self.frames[ply];
        let board = pos.placement().board;
        for i in 0..st.count {
            let action = &frame.actions[i];
            let mut score = order_score(action, st.table_move, killers, counter, |_| {
                ORDER_QUIET_PENDING
            });
            if self.policy.see
                && (ORDER_CAPTURE..ORDER_TABLE_MOVE).contains(&score)
                && action.promotion().is_none()
                && see::may_lose(action)
                && !see::see_at_least(board, side, action, 0)
            {
                score = ORDER_BAD_CAPTURE + tactical_rank(action);
            }
            frame.scores[i] = score;
        }
        None
    }

    /// The stage that follows ProbCut: the singular test where there is one.
    fn stage_after_probcut(st: &NodeState) -> Stage {
        if st.singular_beta.is_some() {
            Stage::Singular
        } else {
            Stage::Moves
        }
    }

    /// ProbCut: the captures that win at least `probcut_beta - static_eval` by static
    /// exchange, in order, each checked by quiescence and then searched
    /// `PROBCUT_REDUCTION` actions shallower with a null window at `probcut_beta`.
    /// The first that holds the bound cuts the node (`Ok(Some(score))`); otherwise
    /// the node goes on to its next stage with its list from the start.
    fn probcut(&mut self, pos: &G, ply: usize, st: &mut NodeState) -> PreTestResult {
        let Some(probcut_beta) = st.probcut_beta else {
            st.stage = Self::stage_after_probcut(st);
            return Ok(None);
        };
        let side = pos.turn();
        let threshold = probcut_beta - st.static_eval;
        let depth = st.depth - PROBCUT_REDUCTION;
        while st.index < st.count {
            let index = st.index;
            let action = if st.child == ChildStage::None {
                let (action, order) = self.pick(ply, index, st.count);
                // Past the good captures (the table move may come first): done.
                if order < ORDER_CAPTURE {
                    break;
                }
                if is_quiet(&action)
                    || !see::see_at_least(pos.placement().board, side, &action, threshold)
                {
                    st.index += 1;
                    continue;
                }
                let mut child = pos.clone();
                child.play_unchecked(&action);
                self.frames[ply].current = Some(action);
                let quick = if child.turn() == side {
                    self.qsearch(&child, ply + 1, probcut_beta - 1, probcut_beta, 0)
                } else {
                    -self.qsearch(&child, ply + 1, -probcut_beta, -probcut_beta + 1, 0)
                };
                if quick < probcut_beta {
                    st.index += 1;
                    continue;
                }
                // Quiescence holds the bound: the shallower search decides (and a
                // resumed node goes straight to it).
                st.child = ChildStage::ZeroWindow;
                action
            } else {
                self.frames[ply].actions[index]
            };
            let score = self.null_window_test(pos, ply, st, action, depth, probcut_beta)?;
            if score >= probcut_beta {
                self.tt.store(
                    self.frames[ply].key,
                    pack(&action),
                    to_table(score, ply),
                    depth + 1,
                    Bound::Lower,
                    false,
                    Some(st.raw_eval),
                );
                return Ok(Some(score));
            }
        }
        st.stage = Self::stage_after_probcut(st);
        st.index = 0;
        Ok(None)
    }

    /// The singular test: every action but the table move, searched to half depth
    /// with a null window at the node's `singular_beta`. If all stay below, the
    /// table move is extended; if one reaches a bound at or above beta, two actions
    /// beat beta and the node is cut (`Ok(Some(score))`). Leaves the node ready for
    /// its move loop.
    fn singular_test(&mut self, pos: &G, ply: usize, st: &mut NodeState) -> PreTestResult {
        let Some(singular_beta) = st.singular_beta else {
            st.stage = Stage::Moves;
            return Ok(None);
        };
        let depth = (st.depth - 1) / 2;
        let mut alternative = false;
        while st.index < st.count {
            let index = st.index;
            if st.child == ChildStage::None {
                if pack(&self.pick(ply, index, st.count).0) == st.table_move {
                    st.index += 1;
                    continue;
                }
                st.child = ChildStage::ZeroWindow;
            }
            let action = self.frames[ply].actions[index];
            let score = self.null_window_test(pos, ply, st, action, depth, singular_beta)?;
            if score >= singular_beta {
                alternative = true;
                break;
            }
        }
        st.stage = Stage::Moves;
        st.index = 0;
        if !alternative {
            st.table_extension = 1;
        } else if singular_beta >= st.beta {
            return Ok(Some(singular_beta));
        }
        Ok(None)
    }

    /// Brings the best-ordered of the entries `index..count` of the list at `ply`
    /// to `index`; returns it with its order score. The first pick that reaches the
    /// quiet actions looks up their histories (which the searches before it have
    /// brought up to date) and picks again.
    #[inline]
    fn pick(&mut self, ply: usize, index: usize, count: usize) -> (Action, i32) {
        self.pick_scored(ply, index, count);
        if self.frames[ply].scores[index] == ORDER_QUIET_PENDING {
            self.score_quiets(ply, index, count);
            self.pick_scored(ply, index, count);
        }
        let frame = &self.frames[ply];
        debug_assert_ne!(frame.scores[index], ORDER_QUIET_PENDING);
        (frame.actions[index], frame.scores[index])
    }

    /// The selection step of [`Self::pick`], on the scores as they stand.
    #[inline]
    fn pick_scored(&mut self, ply: usize, index: usize, count: usize) {
        let frame = &mut self.frames[ply];
        pick_next(
            &mut frame.actions.as_mut_slice()[..count],
            &mut frame.scores[..count],
            index,
        );
    }

    /// Replaces the pending scores of the quiet actions `index..count` at `ply` by
    /// their combined histories.
    fn score_quiets(&mut self, ply: usize, index: usize, count: usize) {
        let side = self.frames[ply].side;
        let earlier = self.earlier_actions(ply);
        for i in index..count {
            if self.frames[ply].scores[i] == ORDER_QUIET_PENDING {
                let action = self.frames[ply].actions[i];
                self.frames[ply].scores[i] = self.combined_history(&earlier, side, &action);
            }
        }
    }

    /// Searches the child of `action`, the list entry at `st.index`, to `depth` with
    /// a null window at `bound` (for the ProbCut and singular tests), and moves on to
    /// the next entry. The node's state is saved first, so a pause resumes here.
    fn null_window_test(
        &mut self,
        pos: &G,
        ply: usize,
        st: &mut NodeState,
        action: Action,
        depth: i32,
        bound: i32,
    ) -> Result<i32, Paused> {
        let mut child = pos.clone();
        child.play_unchecked(&action);
        self.frames[ply].state = *st;
        self.frames[ply].current = Some(action);
        let edge = Self::edge_of(pos, &action);
        let score = self.search_child(pos.turn(), &child, ply, depth, bound - 1, bound, edge)?;
        st.child = ChildStage::None;
        st.index += 1;
        Ok(score)
    }

    /// The raw static score of `pos` (`stored` if the table kept it) and the one
    /// corrected by what searches of the same pawn structure and pieces found
    /// (where the policy refines pruning).
    #[inline]
    pub(super) fn static_scores(&self, pos: &G, ply: usize, stored: Option<i32>) -> (i32, i32) {
        let raw = stored.unwrap_or_else(|| self.evaluate(pos, ply));
        if !self.policy.refined_pruning {
            return (raw, raw);
        }
        let corrected = raw + self.correction.get(pos.turn(), pos.placement().board);
        (raw, corrected.clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
    }

    /// Learns from a finished node how far its static score was off: only where
    /// the score says something (not in check, not a mate, a bound on the right
    /// side of the static score) and the best action left material alone.
    fn learn_correction(&mut self, pos: &G, st: &NodeState, bound: Bound) {
        let best = st.best_score;
        if !self.policy.refined_pruning
            || st.in_check
            || is_mate(best)
            || st.best_action.is_some_and(|a| !is_quiet(&a))
            || (bound == Bound::Lower && best <= st.static_eval)
            || (bound == Bound::Upper && best >= st.static_eval)
        {
            return;
        }
        self.correction.update(
            pos.turn(),
            pos.placement().board,
            best - st.raw_eval,
            st.depth,
        );
    }

    /// Whether `action` is a king move in a king race (Racing Kings): the race
    /// itself, never pruned or reduced.
    #[inline]
    fn is_race_move(&self, action: &Action) -> bool {
        self.policy.king_race && action.role() == Role::King
    }

    /// Whether futility, history or static-exchange pruning drops `action` at this
    /// node, provided it does not give check (checks may still mate). The cheap
    /// tests come first.
    #[allow(clippy::too_many_arguments)]
    fn pruned_unless_check(
        &self,
        pos: &G,
        ply: usize,
        st: &NodeState,
        action: &Action,
        order: i32,
        quiet: bool,
        forcing: bool,
        prunable: bool,
    ) -> bool {
        let side = pos.turn();
        // Futility: a quiet move cannot lift a hopeless static score.
        if prunable
            && st.depth <= FUTILITY_MAX_DEPTH
            && st.estimate + FUTILITY_BASE.get() + FUTILITY_PER_DEPTH.get() * st.depth <= st.alpha
        {
            return true;
        }
        // History: a quiet move that keeps failing elsewhere, near the leaves.
        if prunable
            && self.policy.refined_pruning
            && st.depth <= HISTORY_PRUNING_MAX_DEPTH
            && self.ordered_quiet_history(ply, side, action, order)
                < -HISTORY_PRUNING_MARGIN.get() * st.depth
        {
            return true;
        }
        // Static exchange: near the leaves, actions that lose material on their
        // square are not worth a search.
        if st.pruning
            && !st.pv_node
            && self.policy.see
            && st.searched > 0
            && st.best_score > -MATE_BOUND
            && !forcing
            && st.depth <= SEE_PRUNING_MAX_DEPTH
            && action.promotion().is_none()
            && (quiet || see::may_lose(action))
        {
            let margin = if quiet {
                -SEE_QUIET_MARGIN.get() * st.depth * st.depth
            } else {
                -SEE_CAPTURE_MARGIN.get() * st.depth
            };
            return !see::see_at_least(pos.placement().board, side, action, margin);
        }
        false
    }

    /// Whether `action` may give check: played and tested where the geometry is not
    /// orthodox, told cheaply from the board where it is.
    #[inline]
    fn may_give_check(&self, pos: &G, action: &Action) -> bool {
        !self.policy.see || checks::may_give_check(pos.placement().board, pos.turn(), action)
    }

    /// Keeps, of the actions after `index` in the first `count` of the list at
    /// `ply`, those late-move pruning spares: not quiet, king moves in a king race,
    /// or possible checks. Returns the new count; order scores move with them.
    fn drop_later_quiets(&mut self, pos: &G, ply: usize, index: usize, count: usize) -> usize {
        let mut kept = index + 1;
        for i in index + 1..count {
            let action = self.frames[ply].actions[i];
            if !is_quiet(&action) || self.is_race_move(&action) || self.may_give_check(pos, &action)
            {
                let frame = &mut self.frames[ply];
                frame.actions.as_mut_slice()[kept] = action;
                frame.scores[kept] = frame.scores[i];
                kept += 1;
            }
        }
        kept
    }

    /// A quiet action cut off: remember it as a killer, raise its history and lower
    /// that of the quiet actions tried before it.
    fn reward_quiet(&mut self, ply: usize, side: Color, action: &Action, depth: i32) {
        let packed = pack(action);
        let killers = &mut self.killers[ply];
        if killers[0] != packed {
            killers[1] = killers[0];
            killers[0] = packed;
        }
        if ply > 0 {
            if let Some(previous) = self.frames[ply - 1].current {
                self.countermoves.set(side, &previous, packed);
            }
        }
        let bonus = (HISTORY_BONUS * depth * depth).min(HISTORY_MAX / 2);
        let earlier = self.earlier_actions(ply);
        self.update_histories(&earlier, side, action, bonus);
        for i in 0..self.frames[ply].quiets.len() {
            let quiet = self.frames[ply].quiets[i];
            self.update_histories(&earlier, side, &quiet, -bonus);
        }
    }

    /// Updates the plain and the continuation histories of a quiet action.
    fn update_histories(
        &mut self,
        earlier: &EarlierActions,
        side: Color,
        action: &Action,
        bonus: i32,
    ) {
        self.history.update(side, action, bonus);
        for e in earlier {
            self.continuation
                .update(e.as_ref().map(|(c, a)| (*c, a)), side, action, bonus);
        }
    }

    /// The actions played [`CONTINUATION_PLIES`] actions before the node at `ply`,
    /// each with its side (`None` before the root or after a pass).
    #[inline]
    fn earlier_actions(&self, ply: usize) -> EarlierActions {
        CONTINUATION_PLIES.map(|back| {
            let frame = self.frames.get(ply.checked_sub(back)?)?;
            frame.current.map(|a| (frame.side, a))
        })
    }

    /// The combined history score of a quiet action after `earlier`: the plain
    /// history plus each continuation history.
    #[inline]
    fn combined_history(&self, earlier: &EarlierActions, side: Color, action: &Action) -> i32 {
        let mut score = self.history.get(side, action);
        for e in earlier {
            score += self
                .continuation
                .get(e.as_ref().map(|(c, a)| (*c, a)), side, action);
        }
        score
    }

    /// The combined history score of a quiet action picked at `ply` with order
    /// score `order`: the order score itself where the histories ranked it, looked
    /// up where it ranks as the table move, a killer or the countermove.
    #[inline]
    fn ordered_quiet_history(&self, ply: usize, side: Color, action: &Action, order: i32) -> i32 {
        if order < ORDER_QUIET_PENDING {
            order
        } else {
            self.combined_history(&self.earlier_actions(ply), side, action)
        }
    }

    /// The late-move reduction for the `moves`-th action at `depth`.
    #[inline]
    fn lmr(&self, depth: i32, moves: usize) -> i32 {
        let d = (depth as usize).min(63);
        let m = moves.min(63);
        i32::from(self.lmr_table[d * 64 + m])
    }
}

/// The late-move reduction table, `[depth * 64 + moves]`.
pub(super) fn lmr_table() -> Vec<u8> {
    let mut table = vec![0u8; 64 * 64];
    let base = f64::from(LMR_BASE_PERCENT.get()) / 100.0;
    let divisor = f64::from(LMR_DIVISOR_PERCENT.get()) / 100.0;
    for d in 1..64 {
        for m in 1..64 {
            let r = base + (d as f64).ln() * (m as f64).ln() / divisor;
            table[d * 64 + m] = r.max(0.0) as u8;
        }
    }
    table
}
