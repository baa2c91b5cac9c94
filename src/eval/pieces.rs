//! Piece placement and threats: rooks on open and half-open files, knights and
//! bishops on outposts, enemy pieces attacked by lesser pieces, and enemy pieces
//! attacked but not defended at all.

use super::bits::{adjacent_files, file_of, ranks_ahead};
use super::mobility::Activity;
use super::params::{
    HANGING, OUTPOST, ROOK_OPEN, ROOK_SEMI_OPEN, THREAT_BY_MINOR, THREAT_BY_PAWN, THREAT_BY_ROOK,
};
use super::sink::Sink;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Piece, Role};

/// The placement and threat terms of `color`.
pub fn pieces(board: &Board, color: Color, activity: &Activity, sink: &mut impl Sink) {
    let us = color.index();
    let them = (!color).index();
    let own_pawns = board.by_piece(Piece::new(color, Role::Pawn));
    let enemy_pawns = board.by_piece(Piece::new(!color, Role::Pawn));
    for sq in board.by_piece(Piece::new(color, Role::Rook)) {
        let file = file_of(sq);
        if (own_pawns & file).is_empty() {
            let open = (enemy_pawns & file).is_empty();
            sink.add(color, if open { ROOK_OPEN } else { ROOK_SEMI_OPEN }, 1);
        }
    }
    // Outposts: ranks 4 to 6, guarded by an own pawn, out of reach of enemy pawns.
    let outpost_ranks = match color {
        Color::White => Bitboard(0x0000_ffff_ff00_0000),
        Color::Black => Bitboard(0x0000_00ff_ffff_0000),
    };
    for (k, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
        for sq in board.by_piece(Piece::new(color, role)) & outpost_ranks & activity.by_pawns[us] {
            if (enemy_pawns & adjacent_files(sq) & ranks_ahead(color, sq)).is_empty() {
                sink.add(color, OUTPOST + k, 1);
            }
        }
    }
    let enemies = board.by_color(!color) - board.by_role(Role::King);
    let enemy_pieces = enemies - board.by_role(Role::Pawn);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let victims = enemies & board.by_role(role);
        if victims.is_empty() {
            continue;
        }
        let n = (victims & activity.by_pawns[us]).count() as i32;
        if n > 0 {
            sink.add(color, THREAT_BY_PAWN + role.index(), n);
        }
    }
    for role in Role::ALL {
        let victims = enemies & board.by_role(role);
        if victims.is_empty() {
            continue;
        }
        let by_minor = (victims & activity.by_minors[us]).count() as i32;
        if by_minor > 0 {
            sink.add(color, THREAT_BY_MINOR + role.index(), by_minor);
        }
        let by_rook = (victims & activity.by_rooks[us]).count() as i32;
        if by_rook > 0 {
            sink.add(color, THREAT_BY_ROOK + role.index(), by_rook);
        }
    }
    // Hanging: attacked and not defended (pawns only when attacked twice, since a
    // lone attack on a pawn is everyday business).
    let undefended = activity.attacked[us] - activity.attacked[them];
    let hanging = (enemy_pieces & undefended).count()
        + (enemies & board.by_role(Role::Pawn) & undefended & activity.attacked_twice[us]).count();
    if hanging > 0 {
        sink.add(color, HANGING, hanging as i32);
    }
}
