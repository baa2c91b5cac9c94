//! Random positions biased towards what breaks move generators: pieces put on the
//! kings' lines (in Billiards along rebounding paths), so that checks, double checks,
//! pins and blocks are common; kings on edges and corners in Billiards; pieces on
//! both of Alice's boards; hands that can block; e.p. targets beside the capturers;
//! every turn state of the multi-action rule sets. The choices come from a closure,
//! so the same code serves a seeded generator and a fuzzer's bytes.

use super::geometry::{
    attacks, orthodox_king_home, orthodox_rook_home, slide, DIAGONAL, KNIGHT, ORTHOGONAL,
};
use super::position::RefPosition;
use alfiere::{
    Bitboard, ByColor, CastlingSide, Color, ExtraState, Hand, Piece, Rank, Role, Setup, Square,
    Variant,
};

/// A source of choices: `below(n)` is in `0..n` (0 when `n` is 0).
pub type Choose<'a> = dyn FnMut(usize) -> usize + 'a;

fn pick<T: Copy>(choose: &mut Choose, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[choose(items.len()) % items.len()])
}

fn empty_squares(setup: &Setup) -> Vec<Square> {
    Square::all()
        .filter(|&sq| setup.board.piece_at(sq).is_none())
        .collect()
}

/// A king's square: in Billiards often on an edge or in a corner, where rebounds
/// start.
fn king_square(variant: Variant, setup: &Setup, choose: &mut Choose) -> Option<Square> {
    let empty = empty_squares(setup);
    let edges: Vec<Square> = empty
        .iter()
        .copied()
        .filter(|sq| {
            let (f, r) = (sq.file().index(), sq.rank().index());
            f == 0 || f == 7 || r == 0 || r == 7
        })
        .collect();
    if variant == Variant::Billiards && choose(2) == 0 {
        pick(choose, &edges)
    } else {
        pick(choose, &empty)
    }
}

fn random_role(variant: Variant, choose: &mut Choose) -> Role {
    let roles: &[Role] = match variant {
        Variant::RacingKings => &[Role::Knight, Role::Bishop, Role::Rook, Role::Queen],
        // Rebounding sliders are what Billiards is about.
        Variant::Billiards => &[
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::Queen,
        ],
        _ => &[
            Role::Pawn,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ],
    };
    pick(choose, roles).unwrap()
}

/// A square on a line from one of the kings (a rebounding path in Billiards), so the
/// piece put there checks, pins, blocks or is pinned.
fn square_on_a_kings_line(variant: Variant, setup: &Setup, choose: &mut Choose) -> Option<Square> {
    let kings: Vec<Square> = setup.board.by_role(Role::King).into_iter().collect();
    let king = pick(choose, &kings)?;
    let dirs: Vec<(i32, i32)> = ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect();
    let dir = pick(choose, &dirs)?;
    let rebound = variant == Variant::Billiards;
    // Walk the empty-board path, or stop at pieces half of the time.
    let stop_at_pieces = choose(2) == 0;
    let path = slide(king, dir, rebound && dir.0 != 0 && dir.1 != 0, &|sq| {
        stop_at_pieces && setup.board.piece_at(sq).is_some()
    });
    let free: Vec<Square> = path
        .into_iter()
        .filter(|&sq| setup.board.piece_at(sq).is_none())
        .collect();
    pick(choose, &free)
}

/// Billiards: two enemy sliders checking the side to act's king along paths that
/// cross on a square, and a knight of its own a knight's move from that square, which
/// may block both checks at once (RULES.md §5).
fn crossing_checks(setup: &mut Setup, choose: &mut Choose) {
    let us = setup.turn;
    let Some(king) = setup.board.king_of(us) else {
        return;
    };
    let dirs: Vec<(i32, i32)> = ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect();
    let path = |dir: (i32, i32)| slide(king, dir, dir.0 != 0 && dir.1 != 0, &|_| false);
    let (Some(d1), Some(d2)) = (pick(choose, &dirs), pick(choose, &dirs)) else {
        return;
    };
    let (p1, p2) = (path(d1), path(d2));
    let crossings: Vec<(usize, usize)> = p1
        .iter()
        .enumerate()
        .filter_map(|(i, sq)| p2.iter().position(|s| s == sq).map(|j| (i, j)))
        .filter(|&(i, j)| i + 1 < p1.len() && j + 1 < p2.len())
        .collect();
    let Some((i, j)) = pick(choose, &crossings) else {
        return;
    };
    let slider = |dir: (i32, i32), choose: &mut Choose| {
        let straight = dir.0 == 0 || dir.1 == 0;
        match (straight, choose(2)) {
            (_, 0) => Role::Queen,
            (true, _) => Role::Rook,
            (false, _) => Role::Bishop,
        }
    };
    let c1 = p1[i + 1 + choose(p1.len() - i - 1)];
    let c2 = p2[j + 1 + choose(p2.len() - j - 1)];
    if c1 == c2 || setup.board.piece_at(c1).is_some() || setup.board.piece_at(c2).is_some() {
        return;
    }
    let r1 = slider(d1, choose);
    let r2 = slider(d2, choose);
    setup.board.put(c1, Piece::new(!us, r1));
    setup.board.put(c2, Piece::new(!us, r2));
    let knight_squares: Vec<Square> = KNIGHT
        .iter()
        .filter_map(|&(df, dr)| p1[i].offset(df, dr))
        .filter(|&sq| setup.board.piece_at(sq).is_none())
        .collect();
    if let Some(sq) = pick(choose, &knight_squares) {
        setup.board.put(sq, Piece::new(us, Role::Knight));
    }
}

/// Whether a pawn of `color` may stand on `sq` in `variant`.
fn pawn_may_stand(variant: Variant, color: Color, sq: Square, side_to_act: Color) -> bool {
    let rank = sq.rank();
    if rank == color.promotion_rank() {
        // Avalanche: the side to act's pawn pending promotion.
        return variant == Variant::Avalanche && color == side_to_act;
    }
    rank != color.back_rank() || variant == Variant::ChessGi
}

/// The empty squares of `color`'s back rank.
fn empty_back_rank(setup: &Setup, color: Color) -> Vec<Square> {
    (alfiere::Bitboard::from_rank(color.back_rank()) - setup.board.occupied())
        .into_iter()
        .collect()
}

/// A random setup of `variant`: it may still be refused by `from_setup`.
pub fn random_setup(variant: Variant, choose: &mut Choose) -> Setup {
    let mut setup = Setup::empty();
    setup.turn = Color::ALL[choose(2) % 2];
    for color in Color::ALL {
        // Chess960: the king on its back rank half of the time, to castle from there.
        let square = if variant == Variant::Chess960 && choose(2) == 0 {
            pick(choose, &empty_back_rank(&setup, color))
        } else {
            king_square(variant, &setup, choose)
        };
        if let Some(sq) = square {
            setup.board.put(sq, Piece::new(color, Role::King));
        }
    }
    if variant == Variant::Billiards && choose(2) == 0 {
        crossing_checks(&mut setup, choose);
    }
    let pieces = choose(13);
    for _ in 0..pieces {
        let target = if choose(3) < 2 {
            square_on_a_kings_line(variant, &setup, choose)
        } else {
            pick(choose, &empty_squares(&setup))
        };
        let Some(sq) = target else { continue };
        let color = Color::ALL[choose(2) % 2];
        let role = random_role(variant, choose);
        if role == Role::Pawn && !pawn_may_stand(variant, color, sq, setup.turn) {
            continue;
        }
        setup.board.put(sq, Piece::new(color, role));
    }
    if variant == Variant::Alice {
        for sq in setup.board.occupied() {
            if choose(2) == 0 {
                setup.board_b.add(sq);
            }
        }
    }
    add_castling(variant, &mut setup, choose);
    add_en_passant(variant, &mut setup, choose);
    if variant == Variant::ChessGi {
        let mut hands = ByColor::new_with(|_| Hand::default());
        for color in Color::ALL {
            for role in Role::IN_HAND {
                for _ in 0..choose(3).saturating_sub(1) {
                    hands[color].add(role);
                }
            }
        }
        setup.hands = Some(hands);
    }
    setup.halfmoves = choose(20) as u32;
    setup.fullmoves = 1 + choose(6) as u32;
    setup.extra = random_extra(variant, &setup, choose);
    setup
}

/// Castling rights for a king and rook at home, half of the time.
fn add_castling(variant: Variant, setup: &mut Setup, choose: &mut Choose) {
    if variant == Variant::RacingKings {
        return;
    }
    if variant == Variant::Chess960 {
        add_castling_960(setup, choose);
        return;
    }
    for color in Color::ALL {
        if setup.board.piece_at(orthodox_king_home(color)) != Some(Piece::new(color, Role::King)) {
            continue;
        }
        for side in CastlingSide::ALL {
            let rook = orthodox_rook_home(side, color);
            if setup.board.piece_at(rook).is_none() && choose(2) == 0 {
                setup.board.put(rook, Piece::new(color, Role::Rook));
            }
            if setup.board.piece_at(rook) == Some(Piece::new(color, Role::Rook)) && choose(3) > 0 {
                setup.castling_rights.add(rook);
                setup.board_b.remove(rook);
                setup.board_b.remove(orthodox_king_home(color));
            }
        }
    }
}

/// Chess960 castling rights: for a king on its back rank, a rook on either side of it
/// (placed on an empty square there, half of the time), each with its right two times
/// in three, the other pieces left where they stand (in the way or not).
fn add_castling_960(setup: &mut Setup, choose: &mut Choose) {
    for color in Color::ALL {
        let Some(king) = setup.board.king_of(color) else {
            continue;
        };
        if king.rank() != color.back_rank() {
            continue;
        }
        for side in CastlingSide::ALL {
            let beyond: Vec<Square> = empty_back_rank(setup, color)
                .into_iter()
                .chain(
                    setup.board.by_color(color) & alfiere::Bitboard::from_rank(color.back_rank()),
                )
                .filter(|&sq| sq != king && CastlingSide::of(king, sq) == side)
                .collect();
            let empty: Vec<Square> = beyond
                .iter()
                .copied()
                .filter(|&sq| setup.board.piece_at(sq).is_none())
                .collect();
            if choose(2) == 0 {
                if let Some(sq) = pick(choose, &empty) {
                    setup.board.put(sq, Piece::new(color, Role::Rook));
                }
            }
            let rooks: Vec<Square> = beyond
                .into_iter()
                .filter(|&sq| setup.board.piece_at(sq) == Some(Piece::new(color, Role::Rook)))
                .collect();
            if let Some(rook) = pick(choose, &rooks) {
                if choose(3) > 0 {
                    setup.castling_rights.add(rook);
                }
            }
        }
    }
}

/// An e.p. target (several in the multi-action rule sets) with the pawn that just
/// double-stepped and, often, a capturer beside it.
fn add_en_passant(variant: Variant, setup: &mut Setup, choose: &mut Choose) {
    if matches!(
        variant,
        Variant::Alice | Variant::Avalanche | Variant::RacingKings
    ) || choose(2) == 0
    {
        return;
    }
    let us = setup.turn;
    let forward = us.fold(1, -1);
    let many = !matches!(
        variant,
        Variant::Chess | Variant::ChessGi | Variant::Billiards
    );
    let targets = if many { 1 + choose(2) } else { 1 };
    for _ in 0..targets {
        let file = choose(8) as i32;
        let target = Square::from_coords(
            alfiere::File::new(file as u8).unwrap(),
            Rank::SIXTH.relative(us),
        );
        let (Some(pawn), Some(start)) = (target.offset(0, -forward), target.offset(0, forward))
        else {
            continue;
        };
        let free = |setup: &Setup, sq: Square| setup.board.piece_at(sq).is_none();
        if !(free(setup, target) && free(setup, start) && free(setup, pawn)) {
            continue;
        }
        setup.board.put(pawn, Piece::new(!us, Role::Pawn));
        if let Some(beside) = pawn.offset(if choose(2) == 0 { 1 } else { -1 }, 0) {
            if free(setup, beside) && choose(4) > 0 {
                setup.board.put(beside, Piece::new(us, Role::Pawn));
            }
        }
        setup.ep_squares.push(target);
    }
    setup.ep_squares.sort_by_key(|sq| sq.index());
    setup.ep_squares.dedup();
}

/// A turn state of the multi-action rule sets.
fn random_extra(variant: Variant, setup: &Setup, choose: &mut Choose) -> ExtraState {
    let us = setup.turn;
    match variant {
        Variant::ProgressiveScottish | Variant::ProgressiveItalian => {
            let k = setup.fullmoves as u16;
            let length = us.fold(2 * k - 1, 2 * k);
            let played = if setup.ep_squares.is_empty() {
                choose(usize::from(length)) as u16
            } else {
                0
            };
            let quiet = if choose(8) == 0 { 10 } else { 0 };
            ExtraState::Series {
                length,
                played,
                quiet,
            }
        }
        Variant::Marseillais | Variant::MarseillaisBalanced => {
            let length = if variant == Variant::MarseillaisBalanced
                && us == Color::White
                && setup.fullmoves == 1
            {
                1
            } else {
                2
            };
            let played = choose(usize::from(length)) as u16;
            ExtraState::Series {
                length,
                played,
                quiet: 0,
            }
        }
        Variant::Avalanche => {
            let pending = (setup.board.by_piece(Piece::new(us, Role::Pawn))
                & Bitboard::from_rank(us.promotion_rank()))
            .first();
            match (pending, choose(3)) {
                (Some(sq), 0) => ExtraState::AvalanchePromote(sq),
                (Some(sq), 1) => ExtraState::AvalanchePromoted(sq),
                (None, 0) => ExtraState::AvalanchePush,
                _ => ExtraState::Default,
            }
        }
        _ => ExtraState::Default,
    }
}

/// How many enemy pieces attack the king of the side to act, by the reference's own
/// geometry.
pub fn checkers(variant: Variant, setup: &Setup) -> usize {
    let pos = RefPosition::from_setup(variant, setup);
    let us = pos.turn;
    let Some(king) = pos.king(us) else { return 0 };
    pos.pieces(!us)
        .into_iter()
        .filter(|&(from, _)| {
            (variant != Variant::Alice || pos.on_b[from.index()] == pos.on_b[king.index()])
                && attacks(&pos, from).contains(&king)
        })
        .count()
}
