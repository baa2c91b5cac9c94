//! The pieces giving check, each with the path it checks along, so a board can draw a
//! check, including one that rebounds off the edges in Billiards (which the eye does
//! not follow). The paths come from the rules' own geometry
//! ([`rebound_route`](crate::variants::billiards::rebound_route)).

use super::Game;
use crate::bitboard::Bitboard;
use crate::board::{BoardId, Placement};
use crate::types::Square;
use crate::variant::Variant;
use crate::variants::billiards::rebound_route;
use serde::Serialize;

/// A piece giving check to the side to act: `{square, board?, path}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckInfo {
    /// Where the checking piece stands.
    pub square: Square,
    /// Alice: the board the checker (and so the king) stands on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardId>,
    /// From the checker to the king: `[checker, king]` for a straight line, a knight
    /// or a pawn; in Billiards, with every square where a rebounding path turns in
    /// between (the shortest such path when the piece checks along several).
    pub path: Vec<Square>,
}

impl Game {
    /// The pieces giving check to the side to act, a1 first; empty when not in check.
    pub fn checkers(&self) -> Vec<CheckInfo> {
        let placement = self.inner.placement();
        let board = placement.board;
        let Some(king) = board.king_of(self.turn()) else {
            return Vec::new();
        };
        attack_infos(
            self.variant(),
            &placement,
            self.inner.checkers(),
            king,
            board.occupied(),
        )
    }
}

/// Each of `attackers` (standing in `placement`) with its path to `king`, where the
/// board's pieces are `occupied`: for `checkers()` and for a refusal's reason.
pub(super) fn attack_infos(
    variant: Variant,
    placement: &Placement<'_>,
    attackers: Bitboard,
    king: Square,
    occupied: Bitboard,
) -> Vec<CheckInfo> {
    let board = placement.board;
    attackers
        .into_iter()
        .map(|square| {
            let rebound = board
                .role_at(square)
                .filter(|_| variant.rebounding_diagonals())
                .and_then(|role| rebound_route(role, square, king, occupied));
            CheckInfo {
                square,
                board: (variant.boards() == 2).then(|| placement.board_of(square)),
                path: rebound.unwrap_or_else(|| vec![square, king]),
            }
        })
        .collect()
}
