//! How pieces reach squares, walked one step at a time: no tables, no magic, no
//! bitboards. Billiards' diagonals rebound off the edges as RULES.md §5 words it;
//! in Alice a piece sees only the pieces of its own board (R1).

use super::position::RefPosition;
use alfiere::{Color, Piece, Role, Square, Variant};

pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn coords(sq: Square) -> (i32, i32) {
    (sq.file().index() as i32, sq.rank().index() as i32)
}

fn square(f: i32, r: i32) -> Option<Square> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::new((r * 8 + f) as u32).unwrap())
}

/// Whether `sq` is occupied on the board `on_b` (Alice), or at all (elsewhere).
pub fn occupied_on(pos: &RefPosition, sq: Square, on_b: bool) -> bool {
    pos.at(sq).is_some() && (pos.variant != Variant::Alice || pos.on_b[sq.index()] == on_b)
}

/// The squares a slider on `from` passes heading `(df, dr)`, up to and including the
/// first square `blocked` says is occupied. With `rebound`, a step that would leave
/// the board through one side flips that component and the piece goes on from the
/// edge square; leaving through two sides (a corner) ends the path, and so does
/// coming back to `from`.
pub fn slide(
    from: Square,
    (mut df, mut dr): (i32, i32),
    rebound: bool,
    blocked: &dyn Fn(Square) -> bool,
) -> Vec<Square> {
    let mut path = Vec::new();
    let (mut f, mut r) = coords(from);
    loop {
        let out_f = !(0..8).contains(&(f + df));
        let out_r = !(0..8).contains(&(r + dr));
        if !rebound && (out_f || out_r) || out_f && out_r {
            break;
        }
        if out_f {
            df = -df;
        }
        if out_r {
            dr = -dr;
        }
        f += df;
        r += dr;
        let next = square(f, r).unwrap();
        if next == from {
            break;
        }
        path.push(next);
        if blocked(next) {
            break;
        }
    }
    path
}

/// The squares the piece on `from` attacks: where it could capture, occupancy and
/// geometry of its rule set (and board) taken into account.
pub fn attacks(pos: &RefPosition, from: Square) -> Vec<Square> {
    let piece: Piece = pos.at(from).expect("a piece");
    let board_b = pos.on_b[from.index()];
    let blocked = |sq: Square| occupied_on(pos, sq, board_b);
    let (f, r) = coords(from);
    let steps = |offsets: &[(i32, i32)]| -> Vec<Square> {
        offsets
            .iter()
            .filter_map(|&(df, dr)| square(f + df, r + dr))
            .collect()
    };
    let rebound = pos.variant == Variant::Billiards;
    let lines = |dirs: &[(i32, i32)], rebound: bool| -> Vec<Square> {
        dirs.iter()
            .flat_map(|&d| slide(from, d, rebound, &blocked))
            .collect()
    };
    let forward = piece.color.fold(1, -1);
    match piece.role {
        Role::Pawn => steps(&[(1, forward), (-1, forward)]),
        Role::Knight => steps(&KNIGHT),
        Role::King => steps(&KING),
        Role::Bishop => lines(&DIAGONAL, rebound),
        Role::Rook => lines(&ORTHOGONAL, false),
        Role::Queen => {
            let mut all = lines(&ORTHOGONAL, false);
            all.extend(lines(&DIAGONAL, rebound));
            all
        }
    }
}

/// Whether a piece of `by` attacks `sq` (in Alice: a piece on the board `on_b`).
pub fn is_attacked(pos: &RefPosition, sq: Square, by: Color, on_b: bool) -> bool {
    pos.pieces(by).into_iter().any(|(from, _)| {
        (pos.variant != Variant::Alice || pos.on_b[from.index()] == on_b)
            && attacks(pos, from).contains(&sq)
    })
}

/// Whether the king of `color` is attacked (on its own board, in Alice).
pub fn king_attacked(pos: &RefPosition, color: Color) -> bool {
    pos.king(color)
        .is_some_and(|king| is_attacked(pos, king, !color, pos.on_b[king.index()]))
}

/// The orthodox array's king square of `color` (e1/e8), where the variants with an
/// orthodox start castle from.
pub fn orthodox_king_home(color: Color) -> Square {
    Square::from_coords(alfiere::File::E, color.back_rank())
}

/// The orthodox array's rook square of `color` for castling to `side` (h1/a1, h8/a8).
pub fn orthodox_rook_home(side: alfiere::CastlingSide, color: Color) -> Square {
    let file = match side {
        alfiere::CastlingSide::KingSide => alfiere::File::H,
        alfiere::CastlingSide::QueenSide => alfiere::File::A,
    };
    Square::from_coords(file, color.back_rank())
}
