//! The pieces of a FEN's placement field, for drawing any position (a preview, a
//! diagram), legal or not, without making a game: the same pieces `board()` gives,
//! read with the project's FEN dialect of every rule set (Alice's `|` marks,
//! Chess-Gi's hands and `~` marks).

use super::info::SquareInfo;
use super::{ApiError, ApiErrorKind, MAX_SHORT_TEXT};
use crate::board::Placement;
use crate::notation::fen;
use crate::setup::{Hand, Setup};
use crate::types::Color;
use crate::variants::Variant;

/// The placement field of `text` read (see [`placement`]).
fn read(text: &str) -> Result<Setup, ApiError> {
    if text.len() > MAX_SHORT_TEXT {
        return Err(ApiError::new(ApiErrorKind::InvalidFen, "FEN too long"));
    }
    fen::parse_placement_field(text)
        .map_err(|e| ApiError::new(ApiErrorKind::InvalidFen, e.to_string()))
}

/// The pieces of the placement field of `text` (a FEN, or its first field alone),
/// a1 first, as [`super::Game::board`] gives them: `board` is named on every
/// piece when `variant` has two boards (Alice), or, without a `variant`, when the
/// FEN marks a piece on board B.
///
/// # Errors
/// `InvalidFen` for a malformed placement field; the other fields are not read, and
/// the position need not be legal.
pub fn placement(text: &str, variant: Option<Variant>) -> Result<Vec<SquareInfo>, ApiError> {
    let setup = read(text)?;
    let two_boards = match variant {
        Some(variant) => variant.boards() == 2,
        None => setup.board_b.any(),
    };
    let placement = Placement {
        board: &setup.board,
        board_b: setup.board_b,
    };
    Ok(square_infos(&placement, two_boards))
}

/// The pieces of `placement`, a1 first, each with its board when `two_boards`.
pub(super) fn square_infos(placement: &Placement<'_>, two_boards: bool) -> Vec<SquareInfo> {
    placement
        .pieces()
        .map(|p| SquareInfo {
            square: p.square,
            role: p.piece.role,
            color: p.piece.color,
            board: two_boards.then_some(p.board),
        })
        .collect()
}

/// The hands of the placement field of `text` (Chess-Gi's `[...]` or ninth rank),
/// White's then Black's; `None` when it has none.
///
/// # Errors
/// `InvalidFen` as for [`placement`].
pub fn placement_hands(text: &str) -> Result<Option<(Hand, Hand)>, ApiError> {
    Ok(read(text)?
        .hands
        .map(|hands| (hands[Color::White], hands[Color::Black])))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dialect_reads_and_bad_placements_are_typed_errors() {
        let start = placement(fen::STARTING_FEN, None).unwrap();
        assert_eq!(start.len(), 32);
        assert!(start.iter().all(|p| p.board.is_none()));
        // Alice: named boards, with or without the rule set.
        let alice = "rnbqkbnr/pppp1ppp/8/4|p3/4|P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let pieces = placement(alice, None).unwrap();
        assert_eq!(pieces.iter().filter(|p| p.board.is_some()).count(), 32);
        let start_alice = placement(fen::STARTING_FEN, Some(Variant::Alice)).unwrap();
        assert!(start_alice.iter().all(|p| p.board.is_some()));
        // Chess-Gi: hands and promoted marks; an illegal position is drawn all the same.
        let gi = "K7/8/8/8/8/8/8/q~q~q~q~k3[QRBNPqp] w - - 0 1";
        assert_eq!(placement(gi, Some(Variant::ChessGi)).unwrap().len(), 6);
        let (white, black) = placement_hands(gi).unwrap().unwrap();
        assert_eq!(
            (
                white.count(crate::Role::Pawn),
                black.count(crate::Role::Queen)
            ),
            (1, 1)
        );
        assert_eq!(placement_hands(fen::STARTING_FEN).unwrap(), None);
        for bad in [
            "",
            "8/8/8",
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
            "9/8/8/8/8/8/8/8",
        ] {
            let error = placement(bad, None).unwrap_err();
            assert_eq!(error.kind, ApiErrorKind::InvalidFen, "{bad}");
        }
    }
}
