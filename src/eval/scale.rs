//! Endgame scaling: the endgame half of an orthodox evaluation shrinks where the
//! side ahead can hardly win, so the search does not trade into a "won" ending that
//! is a draw (a rook against a minor piece, a lone extra minor piece, two knights,
//! bishops of opposite colours).

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Role};

/// Scale factors are out of this.
pub const FULL: i32 = 64;

/// Non-pawn material in rough centipawns, for telling how far ahead a side is.
pub(super) fn piece_material(board: &Board, color: Color) -> i32 {
    const VALUE: [(Role, i32); 4] = [
        (Role::Knight, 320),
        (Role::Bishop, 330),
        (Role::Rook, 500),
        (Role::Queen, 950),
    ];
    let ours = board.by_color(color);
    VALUE
        .iter()
        .map(|&(role, value)| (board.by_role(role) & ours).count() as i32 * value)
        .sum()
}

/// The factor (out of [`FULL`]) for the endgame score of `board`, whose endgame
/// half favours `strong`.
pub fn endgame_factor(board: &Board, strong: Color) -> i32 {
    let pawns = board.by_role(Role::Pawn);
    let strong_pieces = piece_material(board, strong);
    let weak_pieces = piece_material(board, !strong);
    if (pawns & board.by_color(strong)).is_empty() {
        let knights = board.by_role(Role::Knight) & board.by_color(strong);
        // A lone minor piece (or nothing) cannot mate; two knights cannot force it.
        if strong_pieces <= 330 || (strong_pieces == 640 && knights.count() == 2) {
            return 0;
        }
        // At most a minor piece ahead without pawns: rook against minor, rook and
        // minor against rook, queen against rook and minor are mostly drawn.
        if strong_pieces - weak_pieces <= 330 {
            return FULL / 4;
        }
    }
    // Bishops of opposite colours and nothing else but pawns: the defender's bishop
    // holds the squares the attacker's cannot reach.
    let bishops = board.by_role(Role::Bishop);
    let white_bishops = bishops & board.by_color(Color::White);
    let black_bishops = bishops & board.by_color(Color::Black);
    if strong_pieces == 330
        && weak_pieces == 330
        && white_bishops.count() == 1
        && black_bishops.count() == 1
        && (bishops & Bitboard::DARK_SQUARES).count() == 1
    {
        return FULL / 2;
    }
    FULL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::{Chess, Position};

    fn factor(text: &str, strong: Color) -> i32 {
        let pos: Chess = fen::read_fen(text).unwrap();
        endgame_factor(pos.placement().board, strong)
    }

    #[test]
    fn drawish_endings_are_scaled() {
        // Lone minor pieces and two knights.
        assert_eq!(factor("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Color::White), 0);
        assert_eq!(factor("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", Color::White), 0);
        // Rook against a minor piece; queen against rook and bishop.
        assert_eq!(factor("4k3/8/8/8/8/8/2b5/R3K3 w - - 0 1", Color::White), 16);
        assert_eq!(
            factor("4k3/8/8/2rb4/8/8/8/3QK3 w - - 0 1", Color::White),
            16
        );
        // Opposite-coloured bishops with pawns.
        assert_eq!(
            factor("4k3/pp3b2/8/8/8/8/PPP5/2B1K3 w - - 0 1", Color::White),
            32
        );
    }

    #[test]
    fn winning_endings_are_not() {
        // Queen against rook, two bishops, bishop and knight, rook and pawn.
        assert_eq!(factor("4k3/8/8/8/8/8/2r5/3QK3 w - - 0 1", Color::White), 64);
        assert_eq!(factor("4k3/8/8/8/8/8/8/2BBK3 w - - 0 1", Color::White), 64);
        assert_eq!(factor("4k3/8/8/8/8/8/8/2BNK3 w - - 0 1", Color::White), 64);
        assert_eq!(factor("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", Color::White), 64);
        // Bishops of the same colour.
        assert_eq!(
            factor("4k3/pp6/8/8/8/4b3/PPP5/2B1K3 w - - 0 1", Color::White),
            64
        );
    }
}
