//! Candidate actions straight from the rules' description, before any question of
//! the king's safety: piece moves and pawn steps, castling under its own conditions,
//! en passant onto the setup's targets, drops, pushes and promotion choices.

use super::geometry::{
    attacks, is_attacked, king_attacked, occupied_on, orthodox_king_home, orthodox_rook_home,
};
use super::position::RefPosition;
use alfiere::{Action, CastlingSide, Color, Piece, Rank, Role, Square, Variant};

/// Whether the target square may be entered at all: in Alice it must also be empty
/// on the other board (R3).
fn free_elsewhere(pos: &RefPosition, to: Square, on_b: bool) -> bool {
    pos.variant != Variant::Alice || !occupied_on(pos, to, !on_b)
}

fn push_normal(out: &mut Vec<Action>, pos: &RefPosition, role: Role, from: Square, to: Square) {
    let capture = pos.at(to).map(|p| p.role);
    // A king is never captured: only an accepted position (the side not to move in
    // check) has one in reach, and it stays on the board.
    if capture == Some(Role::King) {
        return;
    }
    let last = to.rank() == pos.turn.promotion_rank();
    if role == Role::Pawn && last {
        for promotion in Role::PROMOTIONS {
            out.push(Action::Normal {
                role,
                from,
                to,
                capture,
                promotion: Some(promotion),
            });
        }
    } else {
        out.push(Action::Normal {
            role,
            from,
            to,
            capture,
            promotion: None,
        });
    }
}

/// Every move of a piece or pawn of the side to act (no castling, no e.p.).
pub fn piece_moves(pos: &RefPosition) -> Vec<Action> {
    let us = pos.turn;
    let mut out = Vec::new();
    for (from, piece) in pos.pieces(us) {
        let board_b = pos.on_b[from.index()];
        let enemy_here =
            |sq: Square| occupied_on(pos, sq, board_b) && pos.at(sq).is_some_and(|p| p.color != us);
        if piece.role == Role::Pawn {
            let forward = us.fold(1, -1);
            let relative_rank = from.rank().relative(us);
            if let Some(one) = from.offset(0, forward) {
                if pos.at(one).is_none() {
                    push_normal(&mut out, pos, Role::Pawn, from, one);
                    // A double step only from the second rank (a Chess-Gi pawn
                    // dropped on its first rank steps one square).
                    if relative_rank == Rank::SECOND {
                        let two = one.offset(0, forward).unwrap();
                        let passed_free = !occupied_on(pos, one, board_b);
                        if passed_free && pos.at(two).is_none() {
                            push_normal(&mut out, pos, Role::Pawn, from, two);
                        }
                    }
                } else if pos.variant == Variant::Alice && !occupied_on(pos, one, board_b) {
                    // Alice: the square ahead is free on the pawn's board but taken on
                    // the other (R3 forbids the single step; the double step passes
                    // over it, as only its own board must be empty there).
                    if relative_rank == Rank::SECOND {
                        let two = one.offset(0, forward).unwrap();
                        if pos.at(two).is_none() {
                            push_normal(&mut out, pos, Role::Pawn, from, two);
                        }
                    }
                }
            }
            for to in attacks(pos, from) {
                if enemy_here(to) {
                    push_normal(&mut out, pos, Role::Pawn, from, to);
                }
            }
            continue;
        }
        for to in attacks(pos, from) {
            let own = occupied_on(pos, to, board_b) && !enemy_here(to);
            if !own && free_elsewhere(pos, to, board_b) {
                push_normal(&mut out, pos, piece.role, from, to);
            }
        }
    }
    out
}

/// Castling with its orthodox conditions, on the board the king stands on: the right,
/// king and rook at home, every square between them empty, the king not in check and
/// passing and reaching only unattacked squares (attacks in the rule set's
/// geometry). Alice adds: both arrival squares empty on board B.
pub fn castles(pos: &RefPosition) -> Vec<Action> {
    let us = pos.turn;
    let mut out = Vec::new();
    let king = orthodox_king_home(us);
    if pos.at(king) != Some(Piece::new(us, Role::King)) || king_attacked(pos, us) {
        return out;
    }
    let board_b = pos.on_b[king.index()];
    for side in CastlingSide::ALL {
        let rook = orthodox_rook_home(side, us);
        if !pos.castling.contains(&rook) || pos.at(rook) != Some(Piece::new(us, Role::Rook)) {
            continue;
        }
        let (lo, hi) = (
            king.index().min(rook.index()),
            king.index().max(rook.index()),
        );
        let between_empty =
            (lo + 1..hi).all(|i| !occupied_on(pos, Square::new(i as u32).unwrap(), board_b));
        let king_to = side.king_to(us);
        let step = if king_to.index() > king.index() {
            1
        } else {
            -1
        };
        let passes: Vec<Square> = (1..=2)
            .map(|n| Square::new((king.index() as i32 + n * step) as u32).unwrap())
            .collect();
        let safe = passes.iter().all(|&sq| !is_attacked(pos, sq, !us, board_b));
        let arrivals_free = pos.variant != Variant::Alice
            || (!occupied_on(pos, king_to, true) && !occupied_on(pos, side.rook_to(us), true));
        if between_empty && safe && arrivals_free {
            out.push(Action::Castle { king, rook });
        }
    }
    out
}

/// Chess960 castling (RULES.md §10), from the king's square and each right's rook,
/// wherever they stand on the back rank: the king goes to the g- or c-file, the rook
/// to the f- or d-file; every square from each piece to its destination is empty but
/// for the two; the king is not in check, and no square it passes or reaches is
/// attacked with the two lifted off the board; nor is the king attacked afterwards.
pub fn castles_960(pos: &RefPosition) -> Vec<Action> {
    let us = pos.turn;
    let mut out = Vec::new();
    let Some(king) = pos.king(us) else {
        return out;
    };
    if king.rank() != us.back_rank() || king_attacked(pos, us) {
        return out;
    }
    for &rook in &pos.castling {
        if rook.rank() != us.back_rank() || pos.at(rook) != Some(Piece::new(us, Role::Rook)) {
            continue;
        }
        let side = CastlingSide::of(king, rook);
        let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
        let span = |a: Square, b: Square| a.index().min(b.index())..=a.index().max(b.index());
        let squares_of = |a: Square, b: Square| span(a, b).map(|i| Square::new(i as u32).unwrap());
        let clear = squares_of(king, king_to)
            .chain(squares_of(rook, rook_to))
            .all(|sq| sq == king || sq == rook || pos.at(sq).is_none());
        let mut lifted = pos.clone();
        lifted.squares[king.index()] = None;
        lifted.squares[rook.index()] = None;
        let safe = squares_of(king, king_to).all(|sq| !is_attacked(&lifted, sq, !us, false));
        let action = Action::Castle { king, rook };
        if clear && safe && !king_attacked(&pos.after(&action), us) {
            out.push(action);
        }
    }
    out
}

/// En-passant captures onto the setup's targets: an empty square on the side to
/// act's sixth rank with an enemy pawn behind it, taken by a pawn beside that pawn.
pub fn en_passant(pos: &RefPosition) -> Vec<Action> {
    let us = pos.turn;
    let forward = us.fold(1, -1);
    let mut out = Vec::new();
    for &to in &pos.ep {
        let behind = to.offset(0, -forward);
        let is_target = to.rank() == Rank::SIXTH.relative(us)
            && pos.at(to).is_none()
            && behind.and_then(|sq| pos.at(sq)) == Some(Piece::new(!us, Role::Pawn));
        if !is_target {
            continue;
        }
        for df in [-1, 1] {
            if let Some(from) = to.offset(df, -forward) {
                if pos.at(from) == Some(Piece::new(us, Role::Pawn)) {
                    out.push(Action::EnPassant { from, to });
                }
            }
        }
    }
    out
}

/// Drops from the side to act's hand onto empty squares, pawns never on their
/// promotion rank.
pub fn drops(pos: &RefPosition) -> Vec<Action> {
    let us = pos.turn;
    let mut out = Vec::new();
    for role in Role::ALL {
        if pos.hands[us.index()][role.index()] == 0 {
            continue;
        }
        for to in Square::all() {
            let pawn_on_last = role == Role::Pawn && to.rank() == us.promotion_rank();
            if pos.at(to).is_none() && !pawn_on_last {
                out.push(Action::Drop { role, to });
            }
        }
    }
    out
}

/// Pushes of the opponent's pawns: one square straight forward in the pawn's own
/// direction, onto an empty square.
pub fn pushes(pos: &RefPosition) -> Vec<Action> {
    let them: Color = !pos.turn;
    pos.pieces(them)
        .into_iter()
        .filter(|(_, p)| p.role == Role::Pawn)
        .filter_map(|(from, _)| {
            let to = from.offset(0, them.fold(1, -1))?;
            pos.at(to).is_none().then_some(Action::Push { from, to })
        })
        .collect()
}

/// The choices of piece for the pawn pending on `square`.
pub fn choices(square: Square) -> Vec<Action> {
    Role::PROMOTIONS
        .into_iter()
        .map(|role| Action::PromotionChoice { square, role })
        .collect()
}
