//! Zobrist keys, generated at compile time from a fixed seed (SplitMix64), so hashes
//! are identical on every platform and every run.
//!
//! A position's key XORs: one key per (piece, square), one more per piece standing on
//! Alice's board B, the side to act, each castling rook, the en-passant file (only when
//! a legal en-passant capture exists, RULES.md §1.2), the pieces in hand, and the turn
//! state of multi-action variants.

use crate::types::{Color, Piece, Role, Square};

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(
            seed.wrapping_mul(0x1000_0000_01b3) ^ (i as u64).wrapping_mul(0x0100_0000_01b3),
        );
        i += 1;
    }
    out
}

static PIECE_SQUARE: [u64; 12 * 64] = table(1);
static ON_BOARD_B: [u64; 12 * 64] = table(2);
static CASTLING: [u64; 64] = table(3);
static EP_FILE: [u64; 8] = table(4);
static HAND: [u64; 2 * 5 * 32] = table(5);
const SIDE: u64 = splitmix(6);

#[inline]
fn piece_index(piece: Piece) -> usize {
    piece.color.index() * 6 + piece.role.index()
}

/// Key of `piece` standing on `sq`.
#[inline]
pub fn piece_square(piece: Piece, sq: Square) -> u64 {
    PIECE_SQUARE[piece_index(piece) * 64 + sq.index()]
}

/// Extra key of `piece` on `sq` standing on Alice's board B.
#[inline]
pub fn on_board_b(piece: Piece, sq: Square) -> u64 {
    ON_BOARD_B[piece_index(piece) * 64 + sq.index()]
}

/// Key of a castling right, identified by the castling rook's square.
#[inline]
pub fn castling(rook: Square) -> u64 {
    CASTLING[rook.index()]
}

/// Key of an en-passant file (added only when an e.p. capture is legal).
#[inline]
pub fn en_passant(sq: Square) -> u64 {
    EP_FILE[sq.file().index()]
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
    HAND[(color.index() * 5 + role_slot) * 32 + nth.min(31)]
}

/// Key of any small piece of extra state (turn state, series length, phase),
/// identified by a tag and a value.
#[inline]
pub const fn extra(tag: u64, value: u64) -> u64 {
    splitmix(splitmix(tag ^ 0x5eed_0000_0000_0000) ^ value)
}
