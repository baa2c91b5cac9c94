//! Piece-square tables, built at compile time from the shapes in `params.rs`
//! (centralisation, pawn advance, the king's corner shelter), for White; Black reads
//! them with the square mirrored.

use super::params::*;
use super::taper::S;

/// Steps from the centre: 1 on d4/e4/d5/e5, up to 7 in a corner (Manhattan distance
/// of doubled coordinates, halved).
const fn center_distance(sq: usize) -> i32 {
    let file = (sq % 8) as i32;
    let rank = (sq / 8) as i32;
    ((2 * file - 7).abs() + (2 * rank - 7).abs()) / 2
}

const fn scaled(s: S, k: i32) -> S {
    S(s.0 * k, s.1 * k)
}

const fn plus(a: S, b: S) -> S {
    S(a.0 + b.0, a.1 + b.1)
}

const fn square_value(role: usize, sq: usize) -> S {
    let file = sq % 8;
    let rank = sq / 8;
    // Positive near the centre, negative at the rim; 4 is the average distance.
    let centrality = 4 - center_distance(sq);
    match role {
        0 => {
            let mut v = PAWN_RANK[rank];
            if (file == 3 || file == 4) && rank >= 2 && rank <= 4 {
                v = plus(v, PAWN_CENTER);
            }
            v
        }
        1 => scaled(KNIGHT_CENTER, centrality),
        2 => scaled(BISHOP_CENTER, centrality),
        3 => {
            let mut v = S(0, 0);
            if rank == 6 {
                v = plus(v, ROOK_SEVENTH);
            }
            if file == 3 || file == 4 {
                v = plus(v, ROOK_CENTER_FILE);
            }
            v
        }
        4 => scaled(QUEEN_CENTER, centrality),
        _ => {
            let mg = if rank == 0 {
                KING_BACK_RANK_FILE[file]
            } else {
                KING_ADVANCE_MG * rank as i32
            };
            S(mg, KING_CENTER.1 * centrality)
        }
    }
}

const fn build() -> [[S; 64]; 6] {
    let mut table = [[S(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            table[role][sq] = square_value(role, sq);
            sq += 1;
        }
        role += 1;
    }
    table
}

/// `TABLE[role][square]` for White (a1 = 0).
pub static TABLE: [[S; 64]; 6] = build();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knights_prefer_the_centre_and_kings_their_corner() {
        let e4 = 28;
        let a1 = 0;
        assert!(TABLE[1][e4].0 > TABLE[1][a1].0);
        assert!(
            TABLE[5][6].0 > TABLE[5][e4].0,
            "g1 beats e4 for a middlegame king"
        );
        assert!(TABLE[5][e4].1 > TABLE[5][a1].1, "endgame kings centralise");
    }
}
