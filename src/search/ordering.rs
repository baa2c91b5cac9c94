//! Move ordering: the table move first, then captures by MVV-LVA (most valuable
//! victim, least valuable attacker) and queen promotions, then the two killer moves
//! of the ply, then quiet actions (moves, drops, pushes) by their history score,
//! under-promotions last. Also the compact 24-bit form of an action used by the
//! table and the killers.

use super::params::{
    HISTORY_MAX, MVV_VICTIM, ORDER_CAPTURE, ORDER_KILLER, ORDER_TABLE_MOVE, ORDER_UNDER_PROMOTION,
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

    pub fn clear(&mut self) {
        self.table.fill(0);
    }
}

/// The ordering score of an action.
#[inline]
pub fn order_score(
    action: &Action,
    table_move: u32,
    killers: [u32; 2],
    history: &History,
    side: Color,
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
    history.get(side, action)
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
    use crate::{ActionList, Chess, Game};

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
