//! Static exchange evaluation: the material balance of the capture sequence on one
//! square, each side taking with its least valuable piece and free to stop when
//! going on would lose. It tells a winning capture (knight takes a defended rook)
//! from a losing one (queen takes a defended pawn) without searching, so losing
//! captures are ordered late, skipped in quiescence and pruned near the leaves.
//!
//! Orthodox attacks only: it is used where the rule set's geometry is orthodox and
//! the opponent answers each action at once (see [`super::params::Policy::see`]).

use super::params::SEE_VALUE;
use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::Action;
use crate::types::{Color, Role};

/// The value of `role` in exchanges.
#[inline]
fn value(role: Role) -> i32 {
    SEE_VALUE[role.index()]
}

/// Both sides' pieces attacking `sq` among `occupied` (one slider lookup each way
/// for both colours).
#[inline]
fn attackers(board: &Board, sq: crate::Square, occupied: Bitboard) -> Bitboard {
    let pawns = board.by_role(Role::Pawn);
    ((rook_attacks(sq, occupied) & board.orthogonal_sliders())
        | (bishop_attacks(sq, occupied) & board.diagonal_sliders())
        | (knight_attacks(sq) & board.by_role(Role::Knight))
        | (king_attacks(sq) & board.by_role(Role::King))
        | (pawn_attacks(Color::Black, sq) & pawns & board.by_color(Color::White))
        | (pawn_attacks(Color::White, sq) & pawns & board.by_color(Color::Black)))
        & occupied
}

/// An exchange on one square under way: who still stands, who attacks the square.
struct Exchange<'a> {
    board: &'a Board,
    to: crate::Square,
    occupied: Bitboard,
    /// The attackers, looked up at the first recapture: many tests end before it.
    pool: Option<Bitboard>,
}

/// How an action starts an exchange: the exchange after the mover has left its
/// square, the value of the piece left standing on the target, and what the first
/// capture wins (with a promotion's gain). `None` for actions that do not move a
/// piece on the board.
#[inline]
fn exchange_start<'a>(
    board: &'a Board,
    mover: Color,
    action: &Action,
) -> Option<(Exchange<'a>, i32, i32)> {
    let (from, to, role, captured, promotion) = match *action {
        Action::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => (from, to, role, capture, promotion),
        Action::EnPassant { from, to } => (from, to, Role::Pawn, Some(Role::Pawn), None),
        _ => return None,
    };
    let mut occupied = board.occupied().without(from);
    if let Action::EnPassant { .. } = action {
        // The captured pawn stands beside the target square, on the mover's rank.
        if let Some(victim) = to.offset(0, mover.fold(-1, 1)) {
            occupied = occupied.without(victim);
        }
    }
    let mut won = captured.map_or(0, value);
    let mut on_square = value(role);
    if let Some(promoted) = promotion {
        won += value(promoted) - value(Role::Pawn);
        on_square = value(promoted);
    }
    Some((
        Exchange {
            board,
            to,
            occupied,
            pool: None,
        },
        on_square,
        won,
    ))
}

impl Exchange<'_> {
    /// The next capture by `side`: its least valuable attacker takes, and the
    /// sliders behind it join in (x-rays). `None` when `side` has no attacker, or
    /// only a king while the other side still guards the square.
    #[inline]
    fn capture(&mut self, side: Color) -> Option<Role> {
        let board = self.board;
        let pool = *self
            .pool
            .get_or_insert_with(|| attackers(board, self.to, self.occupied));
        let ours = pool & board.by_color(side);
        if ours.is_empty() {
            return None;
        }
        let (role, sq) = Role::ALL
            .iter()
            .find_map(|&r| (ours & board.by_role(r)).first().map(|sq| (r, sq)))?;
        if role == Role::King && (pool & board.by_color(!side)).any() {
            return None;
        }
        self.occupied = self.occupied.without(sq);
        let revealed = (bishop_attacks(self.to, self.occupied) & board.diagonal_sliders())
            | (rook_attacks(self.to, self.occupied) & board.orthogonal_sliders());
        self.pool = Some((pool | revealed) & self.occupied);
        Some(role)
    }
}

/// Whether `action` gains at least `threshold` centipawns for `mover` by static
/// exchange: the same game as [`see`], decided with early exits instead of played
/// out to its value (the search only ever compares the value with a bound).
pub fn see_at_least(board: &Board, mover: Color, action: &Action, threshold: i32) -> bool {
    let Some((mut exchange, mut at_stake, won)) = exchange_start(board, mover, action) else {
        return 0 >= threshold;
    };
    // `result`: what the mover has gained over `threshold` if the exchange stops now.
    // The side to capture stops when stopping already suits it (the mover when
    // `result >= 0`, the other side when `result < 0`), and captures otherwise.
    let mut result = won - threshold;
    // Even losing the capturer leaves the mover at the threshold: no attackers
    // needed. (A capture short of it is settled by the loop's first step, which
    // needs none either.)
    if result - at_stake >= 0 {
        return true;
    }
    let mut side = !mover;
    loop {
        let satisfied = if side == mover {
            result >= 0
        } else {
            result < 0
        };
        if satisfied {
            return result >= 0;
        }
        let Some(role) = exchange.capture(side) else {
            return result >= 0;
        };
        result += if side == mover { at_stake } else { -at_stake };
        at_stake = value(role);
        side = !side;
    }
}

/// Whether an action may lose material in the exchange that follows: a capture of
/// a piece worth less than the capturer (otherwise the worst case is an even trade)
/// or a move that is not a capture.
#[inline]
pub fn may_lose(action: &Action) -> bool {
    match action.capture() {
        Some(victim) => value(action.role()) > value(victim),
        None => true,
    }
}

/// The material `mover` gains (centipawns, negative for a loss) by `action` and the
/// best exchange on its target square that follows. Actions that do not move a piece
/// on the board (drops, pushes, castling, promotion choices) count as 0. The search
/// asks [`see_at_least`], which is faster when only a bound matters.
pub fn see(board: &Board, mover: Color, action: &Action) -> i32 {
    let Some((mut exchange, mut on_square, won)) = exchange_start(board, mover, action) else {
        return 0;
    };
    // gains[d]: what the side making capture d gains if the exchange stops after it.
    let mut gains = [0i32; 34];
    gains[0] = won;
    let mut side = !mover;
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some(role) = exchange.capture(side) else {
            break;
        };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = value(role);
        side = !side;
    }
    // Each side stops the exchange where going on would lose.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{fen, uci};
    use crate::{Chess, Position};

    fn see_of(fen_text: &str, token: &str) -> i32 {
        let pos: Chess = fen::read_fen(fen_text).unwrap();
        let action = uci::parse_action(&pos, token).unwrap();
        see(pos.placement().board, pos.turn(), &action)
    }

    /// The early-exit test agrees with the full value for every legal action of
    /// busy positions, at thresholds around the value and across the range.
    #[test]
    fn threshold_test_matches_the_value() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
            "2r2rk1/1bqnbppp/p2ppn2/1p6/3NPP2/P1N1B1Q1/1PP1B1PP/R4R1K w - - 0 1",
            "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1",
            "4k3/8/8/2pPp3/8/8/8/4K3 w - c6 0 2",
            "1k6/6P1/8/8/8/8/1p6/1K5R b - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        ];
        let mut list = crate::ActionList::new();
        for fen_text in fens {
            let pos: Chess = fen::read_fen(fen_text).unwrap();
            pos.legal_actions(&mut list);
            let board = pos.placement().board;
            for action in list.iter() {
                let value = see(board, pos.turn(), action);
                let mut thresholds: Vec<i32> = (-1200..=1200).step_by(50).collect();
                thresholds.extend([value - 1, value, value + 1]);
                for t in thresholds {
                    assert_eq!(
                        see_at_least(board, pos.turn(), action, t),
                        value >= t,
                        "{fen_text} {action:?} threshold {t} value {value}"
                    );
                }
            }
        }
    }

    #[test]
    fn exchanges() {
        // A free pawn.
        assert_eq!(see_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 100);
        // Pawn takes pawn, pawn takes back.
        assert_eq!(see_of("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 0);
        // Queen takes a defended pawn: loses the queen for a pawn.
        assert_eq!(
            see_of("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
            100 - 950
        );
        // Knight takes a rook defended by a pawn: wins the exchange.
        assert_eq!(
            see_of("4k3/8/2p5/3r4/8/4N3/8/4K3 w - - 0 1", "e3d5"),
            500 - 320
        );
        // Rook x-ray: the rook behind the rook recaptures, so taking the defended
        // pawn with the front rook is even.
        assert_eq!(
            see_of("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            100 - 500
        );
        assert_eq!(see_of("4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // A quiet move onto a square a pawn guards loses the piece.
        assert_eq!(see_of("4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d5"), -950);
        // The king recaptures last when nothing guards the square any more...
        assert_eq!(
            see_of("3rk3/8/8/8/8/8/3p4/3QK3 w - - 0 1", "d1d2"),
            100 - 950 + 500
        );
        // ... but may not recapture on a square still guarded.
        assert_eq!(
            see_of("3rk3/8/8/b7/8/8/3p4/3QK3 w - - 0 1", "d1d2"),
            100 - 950
        );
    }
}
