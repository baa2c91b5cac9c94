//! Correction history: how far searches found the static score off, by side to
//! act and pawn structure, and by side to act and each side's pieces. The
//! evaluation misjudges some pawn structures (a fixed chain, a doomed passer) and
//! some piece set-ups (a trapped bishop, an attack on the king) the same way in
//! every position that shares them, and the search measures that error at every
//! node it completes; adding the running averages back makes the static score,
//! and every pruning decision built on it, closer to what a search would say.

use crate::board::Board;
use crate::types::{Color, Role};

/// Entries per side (a power of two).
const SIZE: usize = 1 << 14;
/// Stored values are centipawns times this, so small corrections accumulate.
const GRAIN: i32 = 256;
/// The largest correction of one table, in centipawns (the combined one stays
/// within 5/4 of it): beyond it the evaluation is not "a bit off" and the search
/// must find out.
const MAX_CORRECTION: i32 = 64;
/// The weight of a new observation is `min(depth², WEIGHT_MAX) / WEIGHT_SCALE`:
/// deep results are trusted more.
const WEIGHT_SCALE: i32 = 1024;
const WEIGHT_MAX: i32 = 128;

/// The running corrections of one kind of key. Entries stay within
/// `MAX_CORRECTION * GRAIN` (16,384), so 16 bits hold them: half the memory, and
/// the three lookups of every evaluated node miss the cache less often.
#[derive(Debug, Clone)]
struct CorrectionTable {
    table: Vec<i16>,
}

const _: () = assert!(MAX_CORRECTION * GRAIN <= i16::MAX as i32);

impl Default for CorrectionTable {
    fn default() -> CorrectionTable {
        CorrectionTable {
            table: vec![0; 2 * SIZE],
        }
    }
}

/// The corrections by pawn structure and by each side's pieces.
#[derive(Debug, Clone, Default)]
pub struct CorrectionHistory {
    pawns: CorrectionTable,
    pieces: [CorrectionTable; 2],
}

impl CorrectionHistory {
    /// The correction to add to the static score of `board` with `side` to act, in
    /// centipawns: three quarters of the pawn structure's, plus a quarter of each
    /// side's pieces' (the pawn key is met far more often, so its average is the
    /// surer; the piece keys tell set-ups of one structure apart).
    #[inline]
    pub fn get(&self, side: Color, board: &Board) -> i32 {
        let pawns = self.pawns.get(side, pawn_key(board));
        let white = self.pieces[0].get(side, piece_key(board, Color::White));
        let black = self.pieces[1].get(side, piece_key(board, Color::Black));
        (3 * pawns + white + black) / 4
    }

    /// Moves the three entries of `board` towards `error` (searched score minus raw
    /// static score), the more the deeper the search was.
    #[inline]
    pub fn update(&mut self, side: Color, board: &Board, error: i32, depth: i32) {
        self.pawns.update(side, pawn_key(board), error, depth);
        self.pieces[0].update(side, piece_key(board, Color::White), error, depth);
        self.pieces[1].update(side, piece_key(board, Color::Black), error, depth);
    }
}

/// Mixes the bits of a bitboard into a well-spread key.
#[inline]
fn mix(x: u64, k: u64) -> u64 {
    let x = (x ^ (x >> 31)).wrapping_mul(k);
    x ^ (x >> 29)
}

/// A key of the pawn structure alone: both sides' pawns, mixed.
#[inline]
fn pawn_key(board: &Board) -> u64 {
    let pawns = board.by_role(Role::Pawn);
    let white = (pawns & board.by_color(Color::White)).0;
    let black = (pawns & board.by_color(Color::Black)).0;
    mix(white, 0x9e37_79b9_7f4a_7c15) ^ mix(black.rotate_left(17), 0xbf58_476d_1ce4_e5b9)
}

/// The roles in a piece key: all but the pawn.
const PIECE_ROLES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// A key of one side's pieces other than pawns (king included), by role.
#[inline]
fn piece_key(board: &Board, color: Color) -> u64 {
    let ours = board.by_color(color);
    let mut key = 0x94d0_49bb_1331_11eb;
    for (i, &role) in PIECE_ROLES.iter().enumerate() {
        let bits = (board.by_role(role) & ours).0.rotate_left(11 * i as u32);
        let k = 0x9e37_79b9_7f4a_7c15u64.wrapping_add(0x2545_f491_4f6c_dd1d * i as u64);
        key ^= mix(bits, k | 1);
    }
    key
}

impl CorrectionTable {
    #[inline]
    fn index(side: Color, key: u64) -> usize {
        side.index() * SIZE + (key as usize & (SIZE - 1))
    }

    /// The correction to add to a static score, in centipawns.
    #[inline]
    pub fn get(&self, side: Color, key: u64) -> i32 {
        i32::from(self.table[Self::index(side, key)]) / GRAIN
    }

    /// Moves the entry towards `error` (searched score minus raw static score), the
    /// more the deeper the search was.
    #[inline]
    pub fn update(&mut self, side: Color, key: u64, error: i32, depth: i32) {
        let slot = &mut self.table[Self::index(side, key)];
        let weight = (depth * depth).clamp(1, WEIGHT_MAX);
        let target = error.clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let value = i32::from(*slot);
        // A weighted mean of two values within the bound stays within it.
        *slot = ((value * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::read_fen;
    use crate::{Chess, Position};

    #[test]
    fn corrections_follow_the_errors_and_stay_bounded() {
        let mut c = CorrectionTable::default();
        for _ in 0..200 {
            c.update(Color::White, 7, 40, 8);
        }
        assert!((38..=40).contains(&c.get(Color::White, 7)));
        assert_eq!(c.get(Color::Black, 7), 0);
        for _ in 0..200 {
            c.update(Color::White, 7, -5000, 20);
        }
        // Huge errors are clipped: the correction settles at the bound.
        let settled = c.get(Color::White, 7);
        assert!((-MAX_CORRECTION..=-MAX_CORRECTION + 1).contains(&settled));
    }

    #[test]
    fn pawn_key_sees_only_pawns() {
        let key = |f: &str| pawn_key(read_fen::<Chess>(f).unwrap().placement().board);
        let a = key("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let b = key("3qk3/pp6/8/8/8/8/PP6/2N1K3 b - - 0 1");
        let swapped = key("4k3/PP6/8/8/8/8/pp6/4K3 w - - 0 1");
        assert_eq!(a, b);
        assert_ne!(a, swapped);
    }

    #[test]
    fn piece_key_sees_only_one_sides_pieces() {
        let key = |f: &str, c: Color| piece_key(read_fen::<Chess>(f).unwrap().placement().board, c);
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let black_moved = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 2";
        let pawn_moved = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let roles_swapped = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKBNR w KQkq - 0 1";
        assert_eq!(key(start, Color::White), key(black_moved, Color::White));
        assert_ne!(key(start, Color::Black), key(black_moved, Color::Black));
        assert_eq!(key(start, Color::White), key(pawn_moved, Color::White));
        assert_ne!(key(start, Color::White), key(roles_swapped, Color::White));
    }

    #[test]
    fn the_combined_correction_learns_a_repeated_error() {
        let pos = read_fen::<Chess>("4k3/pp6/8/8/8/8/PP6/2N1K3 w - - 0 1").unwrap();
        let board = pos.placement().board;
        let mut c = CorrectionHistory::default();
        for _ in 0..300 {
            c.update(Color::White, board, 40, 10);
        }
        // All three tables settle near 40; the pawn table's three quarters and a
        // quarter of each side's pieces' make five quarters of it.
        let learned = c.get(Color::White, board);
        assert!((46..=50).contains(&learned), "{learned}");
        assert_eq!(c.get(Color::Black, board), 0);
    }
}
