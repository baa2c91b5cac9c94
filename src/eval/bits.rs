//! Small square-set helpers the evaluation terms share: files, ranks ahead of a
//! square, the king's neighbourhood.

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const NOT_FILE_A: u64 = !FILE_A;
const NOT_FILE_H: u64 = !(FILE_A << 7);

/// The file of `sq`.
#[inline]
pub fn file_of(sq: Square) -> Bitboard {
    Bitboard(FILE_A << sq.file().index())
}

/// The files left and right of `sq`'s file.
#[inline]
pub fn adjacent_files(sq: Square) -> Bitboard {
    let file = FILE_A << sq.file().index();
    Bitboard(((file << 1) & NOT_FILE_A) | ((file >> 1) & NOT_FILE_H))
}

/// Every square on the ranks in front of `sq`, seen from `color`.
#[inline]
pub fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let rank = sq.rank().index() as u32;
    match color {
        Color::White => Bitboard(u64::MAX.checked_shl(8 * (rank + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * rank)) - 1),
    }
}

/// King steps between two squares (Chebyshev distance).
#[inline]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}

/// The set plus every square a king step away from it.
#[inline]
pub fn king_spread(bb: Bitboard) -> Bitboard {
    let b = bb.0;
    let sideways = b | ((b << 1) & NOT_FILE_A) | ((b >> 1) & NOT_FILE_H);
    Bitboard(sideways | (sideways << 8) | (sideways >> 8))
}

/// The squares a pawn of `color` attacks from each square of `pawns`.
#[inline]
pub fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let b = pawns.0;
    match color {
        Color::White => Bitboard(((b << 7) & NOT_FILE_H) | ((b << 9) & NOT_FILE_A)),
        Color::Black => Bitboard(((b >> 9) & NOT_FILE_H) | ((b >> 7) & NOT_FILE_A)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        let e4: Square = "e4".parse().unwrap();
        assert_eq!(adjacent_files(e4).count(), 16);
        assert_eq!(ranks_ahead(Color::White, e4).count(), 32);
        assert_eq!(ranks_ahead(Color::Black, e4).count(), 24);
        assert_eq!(king_spread(Bitboard::from_square(Square::A1)).count(), 4);
        assert_eq!(king_spread(Bitboard::from_square(e4)).count(), 9);
        let a2: Square = "a2".parse().unwrap();
        assert_eq!(
            pawn_attacks(Color::White, Bitboard::from_square(a2)).count(),
            1
        );
        assert_eq!(
            pawn_attacks(Color::Black, Bitboard::from_square(e4)),
            crate::attacks::pawn_attacks(Color::Black, e4)
        );
    }
}
