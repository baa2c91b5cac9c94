//! The evaluation terms of single rule sets: pieces in hand and drop threats
//! (Chess-Gi), the king race (Racing Kings), which board the pieces stand on
//! (Alice), pawn pushes (Avalanche) and the tempo of the actions left in a turn
//! (Progressive, Marseillais).

use super::bits::king_spread;
use super::mobility::Activity;
use super::params::*;
use super::taper::S;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::TurnState;
use crate::setup::Hand;
use crate::types::{Color, Piece, Rank, Role};

/// Chess-Gi: attack units and attacker count that the enemy hand adds against
/// `color`'s king, from the empty squares next to it (where drops land).
pub fn drop_danger(board: &Board, color: Color, enemy_hand: &Hand) -> (i32, i32) {
    let Some(king) = board.king_of(color) else {
        return (0, 0);
    };
    let empty_zone = (king_spread(Bitboard::from_square(king)) - board.occupied()).count() as i32;
    let mut units = 0;
    let mut roles = 0;
    for role in Role::IN_HAND {
        let n = i32::from(enemy_hand.count(role));
        if n > 0 {
            units += DROP_DANGER[role.index()] * n * empty_zone;
            roles += 1;
        }
    }
    (units / DROP_DANGER_DIVISOR, roles)
}

/// King moves from `king` to rank 8 over squares `enemy` does not attack (8 when no
/// such path exists).
pub fn race_distance(king: crate::Square, enemy: Bitboard) -> usize {
    let goal = Bitboard::from_rank(Rank::EIGHTH);
    let mut reach = Bitboard::from_square(king);
    if (reach & goal).any() {
        return 0;
    }
    for step in 1..=7 {
        let next = king_spread(reach) - enemy;
        if next == reach {
            return 8;
        }
        reach = next;
        if (reach & goal).any() {
            return step;
        }
    }
    8
}

/// Racing Kings, from White's side: both kings race to rank 8, pieces block and
/// guard squares, and there are no pawns and no king safety (checks are illegal).
/// `mobility` is White's mobility minus Black's.
pub fn racing_kings(board: &Board, activity: &Activity, mobility: S, phase: i32) -> i32 {
    let mut score = mobility.taper(phase);
    for color in Color::ALL {
        let sign = color.fold(1, -1);
        let mut ours = 0;
        if let Some(king) = board.king_of(color) {
            ours += RACE_KING_RANK[king.rank().index()];
            ours += RACE_DISTANCE[race_distance(king, activity.attacked[(!color).index()])];
        }
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            ours += RACE_PIECE_VALUE[role.index()]
                * board.by_piece(Piece::new(color, role)).count() as i32;
        }
        score += sign * ours;
    }
    score
}

/// Alice, for `color`: enemy pieces on the board of `color`'s king, the only ones
/// that can give it check.
pub fn alice_king_board(board: &Board, board_b: Bitboard, color: Color) -> S {
    let Some(king) = board.king_of(color) else {
        return S(0, 0);
    };
    let same = if board_b.contains(king) {
        board_b
    } else {
        !board_b
    };
    let enemies = board.by_color(!color) - board.by_role(Role::Pawn) - board.by_role(Role::King);
    ALICE_ENEMY_ON_KING_BOARD * (enemies & same).count() as i32
}

/// Avalanche, for `color`: the extra value of advanced pawns (pushed by both sides)
/// and the pawns the opponent can push.
pub fn avalanche(board: &Board, color: Color) -> S {
    let pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let mut total = S(0, 0);
    let mut pushable = 0;
    for sq in pawns {
        total += AVALANCHE_PAWN_RANK[sq.rank().relative(color).index()];
        if sq
            .offset(0, color.fold(1, -1))
            .is_some_and(|to| !board.occupied().contains(to))
        {
            pushable += 1;
        }
    }
    total + AVALANCHE_PUSHABLE * pushable
}

/// The bonus of the side to act for the actions left in its turn after this one (in
/// rule sets where those are free moves of its own: `EvalRules::extra_action_tempo`).
pub fn extra_actions(turn: TurnState) -> S {
    let left = i32::from(turn.length.saturating_sub(turn.played.saturating_add(1)));
    TEMPO_PER_EXTRA_ACTION * left
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn race_distance_sees_blocked_paths() {
        let e6: crate::Square = "e6".parse().unwrap();
        assert_eq!(race_distance(e6, Bitboard::EMPTY), 2);
        // Rank 7 fully guarded: no way through.
        assert_eq!(race_distance(e6, Bitboard::from_rank(Rank::SEVENTH)), 8);
        assert_eq!(race_distance(crate::Square::E8, Bitboard::EMPTY), 0);
    }
}
