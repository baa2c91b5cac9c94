//! Move ordering: the table move first, then captures by MVV-LVA (most valuable
//! victim, least valuable attacker) and queen promotions, then the two killer moves
//! of the ply and the countermove to the previous action, then quiet actions (moves,
//! drops, pushes) by their history score, captures that lose material by static
//! exchange, under-promotions last. Also the compact 24-bit form of an action used by the
//! table and the killers.

use super::params::{
    HISTORY_MAX, MVV_VICTIM, ORDER_CAPTURE, ORDER_COUNTER, ORDER_KILLER, ORDER_TABLE_MOVE,
    ORDER_UNDER_PROMOTION,
};
use crate::moves::Action;
use crate::types::{Color, Role};

/// An action in 24 bits (never 0): kind, two squares, three roles.
pub fn pack(action: &Action) -> u32 {
    let role = |r: Role| r.index() as u32;
    let opt = |r: Option<Role>| r.map_or(0, |r| r.index() as u32 + 1);
    let (kind, a, b, c, d, e) = match *action {
        Action::Normal {
            role: r,
            from,
            to,
            capture,
            promotion,
        } => (
            1,
            from.index(),
            to.index(),
            role(r),
            opt(capture),
            opt(promotion),
        ),
        Action::Castle { king, rook } => (2, king.index(), rook.index(), 0, 0, 0),
        Action::EnPassant { from, to } => (3, from.index(), to.index(), 0, 0, 0),
        Action::Drop { role: r, to } => (4, 0, to.index(), role(r), 0, 0),
        Action::Push { from, to } => (5, from.index(), to.index(), 0, 0, 0),
        Action::PromotionChoice { square, role: r } => (6, square.index(), 0, role(r), 0, 0),
    };
    kind | (a as u32) << 3 | (b as u32) << 9 | c << 15 | d << 18 | e << 21
}

/// Whether an action leaves material as it is: not a capture, not a promotion.
#[inline]
pub fn is_quiet(action: &Action) -> bool {
    action.capture().is_none() && action.promotion().is_none()
}

/// The MVV-LVA rank of a capture or promotion (0 for quiet actions).
#[inline]
pub fn tactical_rank(action: &Action) -> i32 {
    let mut rank = 0;
    if let Some(victim) = action.capture() {
        rank += 16 * MVV_VICTIM[victim.index()] - action.role().index() as i32;
    }
    if action.promotion() == Some(Role::Queen) {
        rank += 16 * 8;
    }
    rank
}

/// History: how often a quiet action caused a cut-off, by side, origin (square, or
/// 64 + role for drops) and destination.
#[derive(Debug, Clone)]
pub struct History {
    table: Vec<i32>,
}

const ORIGINS: usize = 64 + 6;

impl Default for History {
    fn default() -> History {
        History {
            table: vec![0; 2 * ORIGINS * 64],
        }
    }
}

impl History {
    #[inline]
    fn index(side: Color, action: &Action) -> usize {
        let origin = match *action {
            Action::Drop { role, .. } => 64 + role.index(),
            _ => action.from().map_or(0, |s| s.index()),
        };
        (side.index() * ORIGINS + origin) * 64 + action.to().index()
    }

    #[inline]
    pub fn get(&self, side: Color, action: &Action) -> i32 {
        self.table[Self::index(side, action)]
    }

    /// Moves the score towards `±HISTORY_MAX` by `bonus` (negative for a malus),
    /// less the closer it already is (so scores stay bounded and keep adapting).
    #[inline]
    pub fn update(&mut self, side: Color, action: &Action, bonus: i32) {
        let slot = &mut self.table[Self::index(side, action)];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *slot += bonus - *slot * bonus.abs() / HISTORY_MAX;
    }
}

/// Continuation history: how often a quiet action caused a cut-off right after a
/// given earlier action (one, two or four actions back: `CONTINUATION_PLIES`), by
/// the pieces and target squares of both. It learns follow-ups (a recapture
/// pattern, a plan's next step) that the plain history, blind to what came before,
/// cannot.
#[derive(Debug, Clone)]
pub struct ContinuationHistory {
    table: Vec<i16>,
}

/// Pieces by role and colour, for continuation history.
const PIECES: usize = 12;

impl Default for ContinuationHistory {
    fn default() -> ContinuationHistory {
        ContinuationHistory {
            table: vec![0; PIECES * 64 * PIECES * 64],
        }
    }
}

impl ContinuationHistory {
    #[inline]
    fn piece(side: Color, action: &Action) -> usize {
        action.role().index() * 2 + side.index()
    }

    #[inline]
    fn index(earlier: (Color, &Action), side: Color, action: &Action) -> usize {
        let (earlier_side, earlier_action) = earlier;
        ((Self::piece(earlier_side, earlier_action) * 64 + earlier_action.to().index()) * PIECES
            + Self::piece(side, action))
            * 64
            + action.to().index()
    }

    /// The score of `action` by `side` after `earlier` (an action and its side).
    #[inline]
    pub fn get(&self, earlier: Option<(Color, &Action)>, side: Color, action: &Action) -> i32 {
        earlier.map_or(0, |e| i32::from(self.table[Self::index(e, side, action)]))
    }

    /// Moves the score towards `±HISTORY_MAX` as [`History::update`] does.
    #[inline]
    pub fn update(
        &mut self,
        earlier: Option<(Color, &Action)>,
        side: Color,
        action: &Action,
        bonus: i32,
    ) {
        if let Some(e) = earlier {
            let slot = &mut self.table[Self::index(e, side, action)];
            let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            let value = i32::from(*slot);
            *slot = (value + bonus - value * bonus.abs() / HISTORY_MAX) as i16;
        }
    }
}

/// Countermoves: the quiet action that last refuted each previous action, by the
/// side to act, the previous action's role and its target square.
#[derive(Debug, Clone)]
pub struct Countermoves {
    table: Vec<u32>,
}

impl Default for Countermoves {
    fn default() -> Countermoves {
        Countermoves {
            table: vec![0; 2 * 6 * 64],
        }
    }
}

impl Countermoves {
    #[inline]
    fn index(side: Color, previous: &Action) -> usize {
        (side.index() * 6 + previous.role().index()) * 64 + previous.to().index()
    }

    /// The packed countermove to `previous` (0 for none).
    #[inline]
    pub fn get(&self, side: Color, previous: Option<&Action>) -> u32 {
        previous.map_or(0, |p| self.table[Self::index(side, p)])
    }

    #[inline]
    pub fn set(&mut self, side: Color, previous: &Action, answer: u32) {
        self.table[Self::index(side, previous)] = answer;
    }
}

/// The ordering score of an action.
#[inline]
pub fn order_score(
    action: &Action,
    table_move: u32,
    killers: [u32; 2],
    counter: u32,
    quiet_history: impl Fn(&Action) -> i32,
) -> i32 {
    let packed = pack(action);
    if packed == table_move {
        return ORDER_TABLE_MOVE;
    }
    match action.promotion() {
        Some(Role::Queen) => return ORDER_CAPTURE + tactical_rank(action),
        Some(_) => return ORDER_UNDER_PROMOTION + tactical_rank(action),
        None => {}
    }
    if action.capture().is_some() {
        return ORDER_CAPTURE + tactical_rank(action);
    }
    if packed == killers[0] {
        return ORDER_KILLER + 1;
    }
    if packed == killers[1] {
        return ORDER_KILLER;
    }
    if packed == counter {
        return ORDER_COUNTER;
    }
    quiet_history(action)
}

/// Moves the best-scored action of `actions[from..]` to `from` (selection sort, one
/// step at a time: most nodes cut off after a few actions).
#[inline]
pub fn pick_next(actions: &mut [Action], scores: &mut [i32], from: usize) {
    let mut best = from;
    for i in from + 1..actions.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    if best != from {
        actions.swap(from, best);
        scores.swap(from, best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ActionList, Chess, Position};

    #[test]
    fn packing_is_injective_on_legal_actions() {
        let pos: Chess = crate::notation::fen::read_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let mut list = ActionList::new();
        pos.legal_actions(&mut list);
        let mut packed: Vec<u32> = list.iter().map(pack).collect();
        assert!(packed.iter().all(|&p| p != 0 && p < 1 << 24));
        packed.sort();
        packed.dedup();
        assert_eq!(packed.len(), list.len());
    }

    #[test]
    fn history_stays_bounded() {
        let mut h = History::default();
        let a = Action::Drop {
            role: Role::Knight,
            to: crate::Square::E1,
        };
        for _ in 0..1000 {
            h.update(Color::White, &a, 5000);
        }
        assert!(h.get(Color::White, &a) <= HISTORY_MAX);
        assert_eq!(h.get(Color::Black, &a), 0);
    }
}
