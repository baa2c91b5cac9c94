//! Zobrist keys, generated from a fixed seed (SplitMix64), so hashes are identical on
//! every platform and every run. The tables are filled once, at first use, rather than
//! at compile time: 15 KB of random keys do not compress, and would be 15 KB of the
//! gzipped WebAssembly module.
//!
//! A position's key XORs: one key per (piece, square), one more per piece standing on
//! Alice's board B, the side to act, each castling rook, the en-passant file (only when
//! a legal en-passant capture exists, RULES.md §1.2), the pieces in hand, and the turn
//! state of multi-action variants.

use crate::types::{Color, Piece, Role, Square};
use std::sync::OnceLock;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn fill(out: &mut [u64], seed: u64) {
    for (i, key) in out.iter_mut().enumerate() {
        *key = splitmix(
            seed.wrapping_mul(0x1000_0000_01b3) ^ (i as u64).wrapping_mul(0x0100_0000_01b3),
        );
    }
}

/// Every key table; each table is filled from its own seed.
struct Keys {
    piece_square: [u64; 12 * 64],
    on_board_b: [u64; 12 * 64],
    castling: [u64; 64],
    ep_file: [u64; 8],
    hand: [u64; 2 * 5 * 32],
}

impl Keys {
    fn new() -> Keys {
        let mut keys = Keys {
            piece_square: [0; 12 * 64],
            on_board_b: [0; 12 * 64],
            castling: [0; 64],
            ep_file: [0; 8],
            hand: [0; 2 * 5 * 32],
        };
        fill(&mut keys.piece_square, 1);
        fill(&mut keys.on_board_b, 2);
        fill(&mut keys.castling, 3);
        fill(&mut keys.ep_file, 4);
        fill(&mut keys.hand, 5);
        keys
    }
}

// Not boxed: the tables then sit at a fixed address (zeroed memory, no bytes in the
// module), so a lookup needs no pointer load.
static KEYS: OnceLock<Keys> = OnceLock::new();

#[inline]
fn keys() -> &'static Keys {
    match KEYS.get() {
        Some(keys) => keys,
        None => first_keys(),
    }
}

/// The slow path of [`keys`], out of line so every inlined key lookup stays small.
#[cold]
#[inline(never)]
fn first_keys() -> &'static Keys {
    KEYS.get_or_init(Keys::new)
}

const SIDE: u64 = splitmix(6);

#[inline]
fn piece_index(piece: Piece) -> usize {
    piece.color.index() * 6 + piece.role.index()
}

/// Key of `piece` standing on `sq`.
#[inline]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    keys().piece_square[piece_index(piece) * 64 + sq.index()]
}

/// Extra key of `piece` on `sq` standing on Alice's board B.
#[inline]
pub fn on_board_b(piece: Piece, sq: Square) -> u64 {
    keys().on_board_b[piece_index(piece) * 64 + sq.index()]
}

/// Key of a castling right, identified by the castling rook's square.
#[inline]
pub fn castling(rook: Square) -> u64 {
    keys().castling[rook.index()]
}

/// Key of an en-passant file (added only when an e.p. capture is legal).
#[inline]
pub fn en_passant(sq: Square) -> u64 {
    keys().ep_file[sq.file().index()]
}

/// Key of Black being the side to act.
#[inline]
pub const fn side() -> u64 {
    SIDE
}

/// Key of the `nth` (0-based) piece of a role in a colour's hand.
#[inline]
pub fn hand(color: Color, role: Role, nth: usize) -> u64 {
    let role_slot = match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen | Role::King => 4,
    };
    keys().hand[(color.index() * 5 + role_slot) * 32 + nth.min(31)]
}

/// Key of any small piece of extra state (turn state, series length, phase),
/// identified by a tag and a value.
#[inline]
pub const fn extra(tag: u64, value: u64) -> u64 {
    splitmix(splitmix(tag ^ 0x5eed_0000_0000_0000) ^ value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys must not change: hashes, the bench signature and stored tables depend
    /// on them. These values are those of the former compile-time tables.
    #[test]
    fn keys_are_the_fixed_seed_values() {
        let white_pawn = Piece::new(Color::White, Role::Pawn);
        let black_king = Piece::new(Color::Black, Role::King);
        assert_eq!(piece_square(white_pawn, Square::A1), 0x2ab4_6522_b4db_10e1);
        assert_eq!(piece_square(black_king, Square::H8), 0x4045_d1ff_7054_a918);
        assert_eq!(on_board_b(white_pawn, Square::F1), 0x05bd_aea1_12bc_2e06);
        assert_eq!(castling(Square::H8), 0x8f31_fe9d_c655_8a27);
        assert_eq!(en_passant(Square::H8), 0x8872_ddba_79c6_987f);
        assert_eq!(hand(Color::Black, Role::Queen, 31), 0xf5cc_f4b7_3d65_661d);
    }
}
