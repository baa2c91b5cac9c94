//! Driving the defending king: in an orthodox ending the side ahead has won on
//! material (a queen or rook up against a bare king, queen against rook, two
//! bishops, bishop and knight) but the defender has no pawns, the win is a matter
//! of mating technique. Material and piece-square tables alone do not tell the
//! search which of many "winning" positions is closer to mate, and it drifts into
//! the 50-move rule. This term rewards the stronger side for pushing the defending
//! king to the edge (to a corner of its bishop's colour with bishop and knight) and
//! for bringing its own king close, which every such mate needs; and it stands in
//! for the kings' piece-square tables, which were fitted to positions with pawns
//! and pull the kings elsewhere (the attacker's towards the far ranks, the
//! defender's into a corner).

use super::bits::distance;
use super::material::square_feature;
use super::params::{MOPUP_EDGE, MOPUP_KING_PROXIMITY, MOPUP_MIN_LEAD, WEIGHTS};
use super::scale::{self, piece_material};
use super::taper::S;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Role, Square};

/// The side driving the defending king in `board`, with its bonus in centipawns;
/// `None` when neither side has a won ending against a defender without pawns.
pub fn drive(board: &Board) -> Option<(Color, i32)> {
    Color::ALL
        .into_iter()
        .find_map(|strong| bonus(board, strong).map(|b| (strong, b)))
}

/// What the piece-square tables give `color`'s king in `board` (the part the
/// driving bonus replaces).
pub fn king_square_value(board: &Board, color: Color) -> S {
    board.king_of(color).map_or(S(0, 0), |king| {
        WEIGHTS[square_feature(color, Role::King, king)]
    })
}

/// The bonus for `strong` in `board`, or `None` when the ending is not a won one
/// against a defender without pawns.
fn bonus(board: &Board, strong: Color) -> Option<i32> {
    let weak = !strong;
    let pawns = board.by_role(Role::Pawn);
    if !(pawns & board.by_color(weak)).is_empty() {
        return None;
    }
    let (strong_king, weak_king) = (board.king_of(strong)?, board.king_of(weak)?);
    let strong_pawns = (pawns & board.by_color(strong)).count() as i32;
    let lead = piece_material(board, strong) + 100 * strong_pawns - piece_material(board, weak);
    // A scaled-down ending (rook against a minor piece, a lone minor piece) is no
    // win to press for.
    if lead < MOPUP_MIN_LEAD || scale::endgame_factor(board, strong) < scale::FULL {
        return None;
    }
    let edge = match bishop_and_knight_corners(board, strong) {
        Some(corners) => corner_closeness(weak_king, corners),
        None => centre_distance(weak_king),
    };
    Some(MOPUP_EDGE * edge + MOPUP_KING_PROXIMITY * (7 - distance(strong_king, weak_king)))
}

/// Steps from `sq` to the nearest of the four centre squares, along files and ranks
/// (0 in the centre, 6 in a corner).
fn centre_distance(sq: Square) -> i32 {
    let from_centre = |i: usize| if i < 4 { 3 - i as i32 } else { i as i32 - 4 };
    from_centre(sq.file().index()) + from_centre(sq.rank().index())
}

/// With a lone bishop and knight (and nothing else), the two corners of the
/// bishop's colour: the only corners where that mate can be forced.
fn bishop_and_knight_corners(board: &Board, strong: Color) -> Option<[Square; 2]> {
    let ours = board.by_color(strong);
    let bishops = board.by_role(Role::Bishop) & ours;
    let knights = board.by_role(Role::Knight) & ours;
    let heavy = (board.by_role(Role::Rook) | board.by_role(Role::Queen)) & ours;
    let pawns = board.by_role(Role::Pawn) & ours;
    if bishops.count() != 1 || knights.count() != 1 || !(heavy | pawns).is_empty() {
        return None;
    }
    Some(if (bishops & Bitboard::DARK_SQUARES).is_empty() {
        [Square::H1, Square::A8]
    } else {
        [Square::A1, Square::H8]
    })
}

/// How close `sq` is to the nearer of `corners`, on the same 0-6 scale as
/// [`centre_distance`] (6 in one of them, 0 in the far corners).
fn corner_closeness(sq: Square, corners: [Square; 2]) -> i32 {
    let nearest = distance(sq, corners[0]).min(distance(sq, corners[1]));
    // Chebyshev steps run 0-7; scale them onto 0-6 so both cases weigh alike.
    (7 - nearest) * 6 / 7
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::{Chess, Position};

    fn bonus_of(text: &str, strong: Color) -> i32 {
        let pos: Chess = fen::read_fen(text).unwrap();
        bonus(pos.placement().board, strong).unwrap_or(0)
    }

    #[test]
    fn a_cornered_king_is_worth_more_than_a_central_one() {
        let central = bonus_of("8/8/8/3k4/8/8/7R/4K3 w - - 0 1", Color::White);
        let edge = bonus_of("3k4/8/8/8/8/8/7R/4K3 w - - 0 1", Color::White);
        let corner = bonus_of("k7/8/8/8/8/8/7R/4K3 w - - 0 1", Color::White);
        assert!(0 < central && central < edge && edge < corner);
        // Queen against rook too.
        let central = bonus_of("8/8/8/3kr3/8/8/8/Q3K3 w - - 0 1", Color::White);
        let edge = bonus_of("3k4/4r3/8/8/8/8/8/Q3K3 w - - 0 1", Color::White);
        assert!(central < edge);
    }

    #[test]
    fn the_kings_are_drawn_together() {
        let far = bonus_of("k7/8/8/8/8/8/7R/7K w - - 0 1", Color::White);
        let near = bonus_of("k7/8/2K5/8/8/8/7R/8 w - - 0 1", Color::White);
        assert!(far < near);
    }

    #[test]
    fn bishop_and_knight_aim_for_the_bishops_corner() {
        // A dark-squared bishop (c1) mates on a1 or h8, not on a8 or h1.
        let right = bonus_of("7k/8/8/8/8/8/8/2B1KN2 w - - 0 1", Color::White);
        let wrong = bonus_of("k7/8/8/8/8/8/8/2B1KN2 w - - 0 1", Color::White);
        assert!(right > wrong);
        // A light-squared bishop (f1) the other way round.
        let right = bonus_of("k7/8/8/8/8/8/8/4KBN1 w - - 0 1", Color::White);
        let wrong = bonus_of("7k/8/8/8/8/8/8/4KBN1 w - - 0 1", Color::White);
        assert!(right > wrong);
    }

    #[test]
    fn the_driving_side_is_the_one_ahead() {
        let board = |text: &str| {
            fen::read_fen::<Chess>(text)
                .unwrap()
                .placement()
                .board
                .clone()
        };
        let white = drive(&board("k7/8/8/8/8/8/7R/4K3 w - - 0 1"));
        assert!(matches!(white, Some((Color::White, b)) if b > 0));
        let black = drive(&board("r3k3/8/8/8/4K3/8/8/8 w - - 0 1"));
        assert!(matches!(black, Some((Color::Black, b)) if b > 0));
        assert_eq!(drive(&board(fen::STARTING_FEN)), None);
    }

    #[test]
    fn the_whole_evaluation_follows_the_drive() {
        // The defender to move is worse off in the corner than in the centre, and
        // worse off with the attacking king near, whatever the kings' tables say.
        let eval = |text: &str| crate::eval::evaluate(&fen::read_fen::<Chess>(text).unwrap());
        assert!(eval("k7/8/8/8/8/8/7R/4K3 b - - 0 1") < eval("8/8/8/3k4/8/8/7R/4K3 b - - 0 1"));
        assert!(eval("k7/2K5/8/8/8/8/7R/8 b - - 0 1") < eval("k7/8/8/8/8/8/7R/4K3 b - - 0 1"));
    }

    #[test]
    fn nothing_without_a_won_ending_against_a_bare_defence() {
        // The defender has a pawn.
        assert_eq!(bonus_of("k7/p7/8/8/8/8/7R/4K3 w - - 0 1", Color::White), 0);
        // Rook against bishop, a lone knight, two knights: no forced win.
        assert_eq!(
            bonus_of("k7/8/8/8/8/8/2b5/1R2K3 w - - 0 1", Color::White),
            0
        );
        assert_eq!(bonus_of("k7/8/8/8/8/8/8/4KN2 w - - 0 1", Color::White), 0);
        assert_eq!(bonus_of("k7/8/8/8/8/8/8/3NKN2 w - - 0 1", Color::White), 0);
        // The side behind gets nothing.
        assert_eq!(bonus_of("k7/8/8/8/8/8/7R/4K3 w - - 0 1", Color::Black), 0);
        // The start position.
        assert_eq!(bonus_of(fen::STARTING_FEN, Color::White), 0);
    }
}
