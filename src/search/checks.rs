//! A cheap test, before an action is played, of whether it can give check with
//! orthodox movement. It may say yes to an action that does not check, never no to
//! one that does, so the search can skip playing an action it will prune unless it
//! checks.

use crate::attacks::{attacks, queen_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::Action;
use crate::types::Color;

/// Whether `action` by `side` may give check on `board` (orthodox geometry): a
/// piece that attacks the enemy king from its target square, or one that leaves a
/// line through the king (a discovered check). Castling and the actions of other
/// rule sets are always "may".
pub fn may_give_check(board: &Board, side: Color, action: &Action) -> bool {
    let Some(king) = board.king_of(!side) else {
        return true;
    };
    let occupied = board.occupied();
    match *action {
        Action::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            // A promoted pawn checks as its new piece.
            let role = promotion.unwrap_or(role);
            let after = occupied.without(from) | Bitboard::from_square(to);
            attacks(side, role, to, after).contains(king)
                || queen_attacks(king, Bitboard::EMPTY).contains(from)
        }
        Action::Drop { role, to } => {
            attacks(side, role, to, occupied | Bitboard::from_square(to)).contains(king)
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::{ActionList, Chess, ChessGi, Position};

    /// Every action that checks is flagged, in positions full of checks.
    fn flags_every_check<G: Position>(fens: &[&str]) -> usize {
        let mut list = ActionList::new();
        let mut skipped = 0;
        for text in fens {
            let pos: G = fen::read_fen(text).unwrap();
            pos.legal_actions(&mut list);
            for action in list.iter() {
                let mut child = pos.clone();
                child.play_unchecked(action);
                let may = may_give_check(pos.placement().board, pos.turn(), action);
                assert!(may || !child.is_check(), "{text} {action:?}");
                skipped += usize::from(!may);
            }
        }
        skipped
    }

    #[test]
    fn never_misses_a_check() {
        let skipped = flags_every_check::<Chess>(&[
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "3k4/8/8/2pP4/8/8/8/4K1B1 w - c6 0 2",
            // Promotions that check as the new piece.
            "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "8/8/8/8/8/8/5p2/K5k1 b - - 0 1",
        ]);
        assert!(
            skipped > 50,
            "the test skips too little to be of use: {skipped}"
        );
        flags_every_check::<ChessGi>(&[
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[NBp] w KQkq - 0 1",
            "k7/8/8/3K4/8/8/8/8[RQNBP] w - - 0 1",
        ]);
    }
}
