//! Static exchange evaluation: the material balance of the capture sequence on one
//! square, each side taking with its least valuable piece and free to stop when
//! going on would lose. It tells a winning capture (knight takes a defended rook)
//! from a losing one (queen takes a defended pawn) without searching, so losing
//! captures are ordered late, skipped in quiescence and pruned near the leaves.
//!
//! Orthodox attacks only: it is used where the rule set's geometry is orthodox and
//! the opponent answers each action at once (see [`super::params::Policy::see`]).

use super::params::SEE_VALUE;
use crate::attacks::{bishop_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::Action;
use crate::types::{Color, Role};

/// The value of `role` in exchanges.
#[inline]
fn value(role: Role) -> i32 {
    SEE_VALUE[role.index()]
}

/// Both sides' pieces attacking `sq` among `occupied`.
#[inline]
fn attackers(board: &Board, sq: crate::Square, occupied: Bitboard) -> Bitboard {
    (board.attackers_to(sq, Color::White, occupied)
        | board.attackers_to(sq, Color::Black, occupied))
        & occupied
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
/// on the board (drops, pushes, castling, promotion choices) count as 0.
pub fn see(board: &Board, mover: Color, action: &Action) -> i32 {
    let (from, to, role, captured, promotion) = match *action {
        Action::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => (from, to, role, capture, promotion),
        Action::EnPassant { from, to } => (from, to, Role::Pawn, Some(Role::Pawn), None),
        _ => return 0,
    };
    let mut occupied = board.occupied().without(from);
    if let Action::EnPassant { .. } = action {
        // The captured pawn stands beside the target square, on the mover's rank.
        if let Some(victim) = to.offset(0, mover.fold(-1, 1)) {
            occupied = occupied.without(victim);
        }
    }
    // gains[d]: what the side making capture d gains if the exchange stops after it.
    let mut gains = [0i32; 34];
    gains[0] = captured.map_or(0, value);
    let mut on_square = value(role);
    if let Some(promoted) = promotion {
        gains[0] += value(promoted) - value(Role::Pawn);
        on_square = value(promoted);
    }
    let diagonal = board.diagonal_sliders();
    let orthogonal = board.orthogonal_sliders();
    let mut pool = attackers(board, to, occupied);
    let mut side = !mover;
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let ours = pool & board.by_color(side);
        let Some((attacker_role, sq)) = Role::ALL
            .iter()
            .find_map(|&r| (ours & board.by_role(r)).first().map(|sq| (r, sq)))
        else {
            break;
        };
        // A king cannot capture onto a square the other side still guards.
        if attacker_role == Role::King && (pool & board.by_color(!side)).any() {
            break;
        }
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = value(attacker_role);
        occupied = occupied.without(sq);
        // Sliders behind the piece that just left join in (x-rays).
        pool |=
            (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & orthogonal);
        pool &= occupied;
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
    use crate::{Chess, Game};

    fn see_of(fen_text: &str, token: &str) -> i32 {
        let pos: Chess = fen::read_fen(fen_text).unwrap();
        let action = uci::parse_action(&pos, token).unwrap();
        see(pos.placement().board, pos.turn(), &action)
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
