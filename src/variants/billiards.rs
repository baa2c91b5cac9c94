//! Billiards chess (RULES.md §5): orthodox chess (§1) except that the **diagonal**
//! moves of bishops and queens rebound off the board edges. Rooks, the queen's
//! orthogonal moves, knights, kings and pawns move as in orthodox chess.
//!
//! The rules implemented, as RULES.md §5 fixes them:
//!
//! - A diagonal slider moves step by step. When the next step would leave the board
//!   through one side, the component crossing that side flips and the piece goes on
//!   from the edge square it stands on (f1 going up-right: g2, h3, g4, f5, e6, d7,
//!   c8, b7, a6, b5, c4, d3, e2). At a corner (both components would leave) the path
//!   ends.
//! - A path stops at the first occupied square (an enemy piece there may be
//!   captured, an own piece blocks); there are no rebounds off pieces; a path never
//!   re-enters its departure square, so it has at most four rebounds.
//! - Several paths to one square are one move: targets are bitboards, so they are
//!   deduplicated by construction.
//! - Rebounding paths count for everything: checks, pins, the squares a king may not
//!   step to or castle through. One bishop or queen may check along two paths at once
//!   (and a queen along a line besides); an interposition must then block every path.
//! - Castling, promotion, en passant (the e.p. square is kept, hashed and written only
//!   when a capture there is legal under these rules, §1.2) and the draw rules are
//!   orthodox. The dead-position and "cannot mate" tests are the orthodox ones: they
//!   rest only on bishops staying on one square colour, which rebounds keep (a
//!   rebound is still a diagonal step; the tests check this).
//! - Validation is orthodox, plus: the side not to move may not be attacked along a
//!   rebounding path either. The orthodox "more than two checkers" test is kept (it
//!   counts straight-line checkers only); no further limit on rebounding checkers is
//!   applied, since one move can uncover several rebounding paths at once.
//!
//! Legal generation does not play the moves. Attacks are symmetric (a reversed
//! rebounding path is a rebounding path), so the enemy sliders that reach a square
//! are found by walking the rebounding rays *from* that square. From the king, each
//! of the (at most four) rays gives its checker, or the single own piece pinned on it
//! together with the squares of that path where the piece may go and still block it
//! (a rebounding pin does not lie on a line: a pinned bishop may move anywhere along
//! its bent pin path). Straight rook-line pins keep only the squares between king and
//! pinner, since a rebounding move could reach the line beyond the king. Only en
//! passant, which empties two squares, is tested by replaying the occupancy; the
//! independent `is_legal` plays every action on a board copy.
//!
//! Which orthodox shortcuts are kept, and which are not:
//!
//! - **Not kept: "in double check only the king moves".** Bent paths can cross, so
//!   one square may block two checkers (RULES.md §5's `Ne3-g2`). In check, a piece
//!   other than the king may go only where it captures or blocks *every* checker:
//!   for each checker, its square or a square on each of its paths, intersected
//!   over the checkers. Capturing one of two checkers never answers the other (a
//!   checking path stops at the first piece, so it never holds another checker).
//! - **Not kept: pins along a line.** A pin is a path, bent or straight, and the
//!   pinned piece keeps to the squares that still block it (above).
//! - **Kept: a checking path is a set of squares between king and checker**, blocked
//!   by any piece put on one of them: paths stop only at pieces, never bounce off
//!   them, so filling a square on the path cuts it, and emptying none (every move
//!   but e.p., which is replayed) opens another.
//! - **Kept: king steps tested with the king lifted**, since a path that ran through
//!   the king's square may reach the square behind it.
//!
//! `tests/reference.rs` compares this generator with the plain definition of
//! legality on random positions biased towards crossing checks.
//!
//! ```
//! use alfiere::variants::billiards::{rebound_attacks, Billiards};
//! use alfiere::{Bitboard, Position, Square, perft};
//! // From f1 both rays run round one closed path (in opposite senses): 13 squares.
//! assert_eq!(rebound_attacks(Square::F1, Bitboard::EMPTY).count(), 13);
//! assert_eq!(perft::perft(&Billiards::start(), 2), 392);
//! ```

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::{standard_ending, Outcome, Position};
use crate::movegen::{self, CastlingPath, Counter, Sink};
use crate::moves::{Action, ActionList};
use crate::setup::{PositionError, PositionProblem, Setup, SetupParts};
use crate::types::{Color, Piece, Rank, Role, Square};
use crate::variant::{PgnStyle, TurnShape};
use crate::variants::chess::Chess;
use crate::variants::delegate::from_orthodox;
use crate::variants::Variant;
use crate::zobrist;

// ---------------------------------------------------------------------------------
// Rebounding diagonal rays
// ---------------------------------------------------------------------------------

/// Diagonal directions as (file step, rank step): NE, NW, SE, SW. Bit 0 of the index
/// is "west", bit 1 "south", so flipping the file component is `^ 1` and flipping
/// the rank component `^ 2`.
const DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// No direction: the path ends (a corner).
const NO_DIR: u8 = 4;

/// The most straight segments of one rebounding path: a full period is 14 steps,
/// with at most two rebounds per axis.
const MAX_SEGMENTS: usize = 6;

/// A rebounding path from a square as its straight segments, in order.
#[derive(Clone, Copy)]
struct Orbit {
    /// Each segment's squares (excluding the square it starts from).
    rays: [u64; MAX_SEGMENTS],
    /// Bit `i` set: segment `i` runs north (towards higher square indices).
    north: u8,
    /// Number of segments.
    len: u8,
}

/// Precomputed per (square, direction) data of the rebounding rays.
struct Rays {
    /// Squares strictly beyond the square, straight in the direction, to the edge.
    ray: [[u64; 4]; 64],
    /// The path leaving the square in the direction (reflected at once if the square
    /// is on that edge), for one full period or to a corner. Walks stop on it at the
    /// departure square, which they count as occupied.
    orbit: [[Orbit; 4]; 64],
    /// The whole rebounding path on an empty board (a superset of every path).
    path: [[u64; 4]; 64],
    /// For each square, the ends of its straight rays that are not corners: where a
    /// ray that is not blocked goes on after a rebound.
    rebound_ends: [u64; 64],
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 8 && r >= 0 && r < 8
}

/// The direction a slider on `sq` heading `d` actually takes: flipped where the
/// next step would leave the board through one side, [`NO_DIR`] at a corner where
/// it would leave through both.
const fn turned(sq: usize, d: usize) -> u8 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let (df, dr) = DIRS[d];
    let out_f = !(f + df >= 0 && f + df < 8);
    let out_r = !(r + dr >= 0 && r + dr < 8);
    match (out_f, out_r) {
        (true, true) => NO_DIR,
        (true, false) => (d ^ 1) as u8,
        (false, true) => (d ^ 2) as u8,
        (false, false) => d as u8,
    }
}

const fn build_rays() -> Rays {
    let empty_orbit = Orbit {
        rays: [0; MAX_SEGMENTS],
        north: 0,
        len: 0,
    };
    let mut t = Rays {
        ray: [[0; 4]; 64],
        orbit: [[empty_orbit; 4]; 64],
        path: [[0; 4]; 64],
        rebound_ends: [0; 64],
    };
    let mut end = [[0usize; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            while on_board(f, r) {
                t.ray[sq][d] |= 1 << (r * 8 + f);
                end[sq][d] = (r * 8 + f) as usize;
                f += df;
                r += dr;
            }
            if t.ray[sq][d] != 0 && turned(end[sq][d], d) != NO_DIR {
                t.rebound_ends[sq] |= 1 << end[sq][d];
            }
            d += 1;
        }
        sq += 1;
    }
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 4 {
            // Segments for one full period (14 steps) or to a corner.
            let (mut cur, mut dir, mut steps, mut n) = (sq, d, 0, 0);
            while steps < 14 {
                let e = turned(cur, dir);
                if e == NO_DIR {
                    break;
                }
                let e = e as usize;
                assert!(n < MAX_SEGMENTS, "a rebounding path has too many segments");
                t.orbit[sq][d].rays[n] = t.ray[cur][e];
                if e < 2 {
                    t.orbit[sq][d].north |= 1 << n;
                }
                steps += t.ray[cur][e].count_ones();
                cur = end[cur][e];
                dir = e;
                n += 1;
            }
            t.orbit[sq][d].len = n as u8;
            // The empty-board path, walked step by step.
            let (mut cur, mut dir, mut steps) = (sq, d, 0);
            while steps < 16 {
                let e = turned(cur, dir);
                if e == NO_DIR {
                    break;
                }
                let (df, dr) = DIRS[e as usize];
                let next = (((cur / 8) as i32 + dr) * 8 + (cur % 8) as i32 + df) as usize;
                if next == sq {
                    break;
                }
                t.path[sq][d] |= 1 << next;
                cur = next;
                dir = e as usize;
                steps += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

static RAYS: Rays = build_rays();

/// Walks `orbit` over `occ` (which holds the departure square): the squares passed,
/// up to and including the first occupied one, and that square (`None` at a corner).
#[inline(always)]
fn walk_orbit(orbit: &Orbit, occ: u64) -> (u64, Option<usize>) {
    let mut path = 0;
    for i in 0..orbit.len as usize {
        let ray = orbit.rays[i];
        let blockers = ray & occ;
        if blockers != 0 {
            // Along a straight ray the square order is the index order (north) or
            // its reverse (south): keep the squares up to the nearest blocker.
            return if orbit.north & (1 << i) != 0 {
                let b = blockers.trailing_zeros() as usize;
                (path | (ray & (blockers ^ (blockers - 1))), Some(b))
            } else {
                let b = 63 - blockers.leading_zeros() as usize;
                (path | (ray & (!0u64 << b)), Some(b))
            };
        }
        path |= ray;
    }
    (path, None)
}

/// Squares a bishop on `sq` attacks in Billiards chess, given the occupied squares:
/// the rebounding diagonal paths, each up to and including its first occupied
/// square, deduplicated. `sq` itself is never included (a path may not re-enter
/// its departure square).
///
/// ```
/// use alfiere::variants::billiards::rebound_attacks;
/// use alfiere::{Bitboard, Square};
/// let e6: Square = "e6".parse().unwrap();
/// assert!(rebound_attacks(Square::F1, Bitboard::EMPTY).contains(e6));
/// // Pieces on h3 and e2 stop both rays before they rebound.
/// let (h3, e2): (Square, Square) = ("h3".parse().unwrap(), "e2".parse().unwrap());
/// let blocked = rebound_attacks(Square::F1, Bitboard::from_square(h3).with(e2));
/// assert_eq!(blocked.count(), 3); // g2, h3, e2
/// assert!(!blocked.contains(e6));
/// ```
#[inline(always)]
pub fn rebound_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    let occ = occupied.0 | (1 << s);
    // The straight first segments of all four rays in one magic look-up; only rays
    // that reach an empty edge square go on.
    let first = attacks::bishop_attacks(sq, Bitboard(occ)).0;
    let mut result = first;
    let mut open = first & RAYS.rebound_ends[s] & !occ;
    while open != 0 {
        let end = open.trailing_zeros() as usize;
        open &= open - 1;
        let d = usize::from(end % 8 < s % 8) | usize::from(end < s) << 1;
        result |= walk_orbit(&RAYS.orbit[end][d], occ).0;
    }
    Bitboard(result & !(1 << s))
}

/// Squares a queen on `sq` attacks in Billiards chess (rook lines plus rebounding
/// diagonals), given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    attacks::rook_attacks(sq, occupied) | rebound_attacks(sq, occupied)
}

/// Squares a piece attacks in Billiards chess, given the occupied squares.
#[inline]
pub fn piece_attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Bishop => rebound_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        _ => attacks::attacks(color, role, sq, occupied),
    }
}

/// Every square of the rebounding path from `sq` heading in `direction` on an empty
/// board, in order (the f1 up-right example of RULES.md §5 is
/// `rebound_path(f1, (1, 1))`). Empty for a direction that is not diagonal or whose
/// first step leaves the board.
pub fn rebound_path(sq: Square, direction: (i32, i32)) -> Vec<Square> {
    match DIRS.iter().position(|&dir| dir == direction) {
        Some(d) => Steps::new(sq, d).map(|step| step.to).collect(),
        None => Vec::new(),
    }
}

/// One step of a rebounding diagonal path: the square left, the square reached, and
/// whether the piece turned off an edge on the square it left.
struct Step {
    from: Square,
    to: Square,
    turned: bool,
}

/// The steps of the rebounding path from a square in one direction on an empty board
/// (the walk the precomputed rays follow, square by square): at most 16, never back
/// onto the departure square, none after a corner.
struct Steps {
    start: Square,
    at: Square,
    dir: usize,
    taken: usize,
}

impl Steps {
    fn new(start: Square, d: usize) -> Steps {
        // A first step off the board is no path (the rays from an edge square).
        let taken = if RAYS.ray[start.index()][d] == 0 {
            16
        } else {
            0
        };
        Steps {
            start,
            at: start,
            dir: d,
            taken,
        }
    }
}

impl Iterator for Steps {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.taken >= 16 {
            return None;
        }
        let e = turned(self.at.index(), self.dir);
        if e == NO_DIR {
            return None;
        }
        let (df, dr) = DIRS[e as usize];
        let next = self.at.offset(df, dr).filter(|&next| next != self.start)?;
        let step = Step {
            from: self.at,
            to: next,
            turned: e as usize != self.dir,
        };
        self.at = next;
        self.dir = e as usize;
        self.taken += 1;
        Some(step)
    }
}

/// The rebounding diagonal route from `from` to `to` over `occupied` with the fewest
/// steps (the first of NE, NW, SE, SW on a tie): the departure square, each square
/// where the piece turns off an edge, and the arrival square. `None` when no diagonal
/// path reaches `to` (a path stops at the first occupied square, which it may reach).
fn diagonal_route(from: Square, to: Square, occupied: Bitboard) -> Option<Vec<Square>> {
    let mut best: Option<(Vec<Square>, usize)> = None;
    for d in 0..DIRS.len() {
        let mut corners = vec![from];
        for (taken, step) in Steps::new(from, d).enumerate() {
            if step.turned {
                corners.push(step.from);
            }
            if step.to == to {
                if best.as_ref().is_none_or(|(_, steps)| taken + 1 < *steps) {
                    corners.push(to);
                    best = Some((corners, taken + 1));
                }
                break;
            }
            if occupied.contains(step.to) {
                break;
            }
        }
    }
    best.map(|(route, _)| route)
}

/// How a piece of `role` on `from` reaches `to` over `occupied` in Billiards chess,
/// for drawing a move or a check whose path rebounds: the departure square, every
/// square where it turns off an edge, and the arrival square (`[c1, a3, c5]`). `None`
/// when the piece gets there straight: a knight, king or pawn, a rook line, or a
/// diagonal without rebound, or when it does not get there at all.
///
/// Several paths may reach one square (they are one move, RULES.md §5): the route
/// with the fewest steps is given, a straight one when it is as short (a queen's
/// line), then the first of the directions NE, NW, SE, SW. The walk is the one the
/// generator's precomputed rays follow, so the route exists exactly when the move
/// or the attack does.
///
/// ```
/// use alfiere::variants::billiards::rebound_route;
/// use alfiere::{Bitboard, Role, Square};
/// let sq = |name: &str| name.parse::<Square>().unwrap();
/// let route = rebound_route(Role::Bishop, sq("c1"), sq("c5"), Bitboard::EMPTY);
/// assert_eq!(route, Some(vec![sq("c1"), sq("a3"), sq("c5")]));
/// // A queen goes c1-c5 straight up the file, as short: nothing to draw.
/// assert_eq!(rebound_route(Role::Queen, sq("c1"), sq("c5"), Bitboard::EMPTY), None);
/// ```
pub fn rebound_route(
    role: Role,
    from: Square,
    to: Square,
    occupied: Bitboard,
) -> Option<Vec<Square>> {
    if !matches!(role, Role::Bishop | Role::Queen) {
        return None;
    }
    // A queen's open line is never longer than a diagonal route: a line's length is
    // the larger coordinate distance, and no run of diagonal steps covers it faster.
    if role == Role::Queen && attacks::rook_attacks(from, occupied).contains(to) {
        return None;
    }
    let route = diagonal_route(from, to, occupied)?;
    (route.len() > 2).then_some(route)
}

/// Walks the rebounding ray from `sq` heading `d` over `occ` (which must hold
/// `sq`): the squares passed, including the first occupied one, and that square
/// unless it is `sq` itself.
#[inline]
fn walk(sq: usize, d: usize, occ: u64) -> (u64, Option<usize>) {
    match walk_orbit(&RAYS.orbit[sq][d], occ) {
        (path, Some(b)) if b == sq => (path & !(1 << sq), None),
        other => other,
    }
}

/// Pieces of `color` attacking `sq` in Billiards chess, given `occupied`.
#[inline]
fn attackers_to(board: &Board, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
    board.by_color(color)
        & ((attacks::rook_attacks(sq, occupied) & board.orthogonal_sliders())
            | (rebound_attacks(sq, occupied) & board.diagonal_sliders())
            | (attacks::knight_attacks(sq) & board.by_role(Role::Knight))
            | (attacks::king_attacks(sq) & board.by_role(Role::King))
            | (attacks::pawn_attacks(!color, sq) & board.by_role(Role::Pawn)))
}

/// Whether a piece of `color` attacks `sq` in Billiards chess, given `occupied`
/// (cheap tests first).
#[inline]
fn is_attacked(board: &Board, sq: Square, color: Color, occupied: Bitboard) -> bool {
    let them = board.by_color(color);
    if (((attacks::knight_attacks(sq) & board.by_role(Role::Knight))
        | (attacks::king_attacks(sq) & board.by_role(Role::King))
        | (attacks::pawn_attacks(!color, sq) & board.by_role(Role::Pawn))
        | (attacks::rook_attacks(sq, occupied) & board.orthogonal_sliders()))
        & them)
        .any()
    {
        return true;
    }
    let diagonal = board.diagonal_sliders() & them;
    diagonal.any() && (rebound_attacks(sq, occupied) & diagonal).any()
}

/// Whether the en-passant capture `from`x`ep` leaves the king of `us` on `king` safe.
fn ep_is_safe(board: &Board, us: Color, king: Square, from: Square, ep: Square) -> bool {
    let captured = Square::from_coords(ep.file(), from.rank());
    let occupied =
        (board.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
            | Bitboard::from_square(ep);
    (attackers_to(board, king, !us, occupied) - Bitboard::from_square(captured)).is_empty()
}

/// Whether the side `us` may capture en passant on `ep` (some capturer stays safe).
fn ep_capture_exists(board: &Board, us: Color, ep: Square) -> bool {
    let capturers = attacks::pawn_attacks(!us, ep) & board.by_piece(Piece::new(us, Role::Pawn));
    board.king_of(us).is_some_and(|king| {
        capturers
            .into_iter()
            .any(|from| ep_is_safe(board, us, king, from, ep))
    })
}

// ---------------------------------------------------------------------------------
// Checks and pins
// ---------------------------------------------------------------------------------

/// Where the pieces of the side to move may go, as far as its king's safety is
/// concerned (king moves apart).
struct Safety {
    /// Enemy pieces giving check.
    checkers: Bitboard,
    /// In check: the squares where a piece other than the king may go to end every
    /// check: for each checker, its square or one that blocks every path by which
    /// it checks. Two checkers' paths may cross, and one piece there blocks both
    /// (RULES.md §5), so a double check is not "king moves only" here.
    evasions: Bitboard,
    /// Own pieces that may not move freely.
    pinned: Bitboard,
    /// (pinned square, squares that keep its pin path blocked), one per pin; a piece
    /// pinned twice must satisfy both.
    pins: [(u8, u64); 8],
    len: usize,
}

impl Safety {
    #[inline]
    fn pin(&mut self, sq: usize, allowed: u64) {
        if self.len < self.pins.len() {
            self.pins[self.len] = (sq as u8, allowed);
            self.len += 1;
            self.pinned.0 |= 1 << sq;
        }
    }

    /// Squares the pinned piece on `from` may go to.
    #[inline]
    fn allowed(&self, from: Square) -> Bitboard {
        let mut allowed = !0u64;
        for &(sq, mask) in &self.pins[..self.len] {
            if usize::from(sq) == from.index() {
                allowed &= mask;
            }
        }
        Bitboard(allowed)
    }

    fn compute(board: &Board, us: Color, king: Square) -> Safety {
        let them = !us;
        let ours = board.by_color(us);
        let theirs = board.by_color(them);
        let occupied = board.occupied();
        let enemy_orth = board.orthogonal_sliders() & theirs;
        let enemy_diag = board.diagonal_sliders() & theirs;
        let line_checkers = attacks::rook_attacks(king, occupied) & enemy_orth;
        let leaper_checkers = theirs
            & ((attacks::knight_attacks(king) & board.by_role(Role::Knight))
                | (attacks::pawn_attacks(us, king) & board.by_role(Role::Pawn))
                | (attacks::king_attacks(king) & board.by_role(Role::King)));
        let mut safety = Safety {
            checkers: line_checkers | leaper_checkers,
            evasions: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            pins: [(0, 0); 8],
            len: 0,
        };

        // Rebounding rays from the king: each gives its checker, or one own piece
        // and its pinner.
        let k = king.index();
        let occ = occupied.0 | (1 << k);
        // Each rebounding check: the checker's square and the squares of its path.
        let mut diagonal_checks = [(0usize, 0u64); 4];
        let mut diagonal_count = 0;
        for d in 0..4 {
            if RAYS.ray[k][d] == 0 || RAYS.path[k][d] & enemy_diag.0 == 0 {
                // An edge's reflected direction repeats another ray; a ray with no
                // enemy diagonal slider anywhere on it can neither check nor pin.
                continue;
            }
            let (path, first) = walk(k, d, occ);
            let Some(b) = first else { continue };
            if enemy_diag.0 & (1 << b) != 0 {
                safety.checkers.0 |= 1 << b;
                diagonal_checks[diagonal_count] = (b, path & !(1 << b));
                diagonal_count += 1;
            } else if ours.0 & (1 << b) != 0 {
                if let (path, Some(pinner)) = walk(k, d, occ & !(1 << b)) {
                    if enemy_diag.0 & (1 << pinner) != 0 {
                        safety.pin(b, path);
                    }
                }
            }
        }

        // Straight rook lines. A rebounding move can reach the line's far side, so
        // a pinned piece keeps only the squares between the king and the pinner.
        for sniper in attacks::rook_attacks(king, Bitboard::EMPTY) & enemy_orth {
            let between = attacks::between(king, sniper);
            let blockers = between & occupied;
            if let Some(sq) = blockers.single_square() {
                if ours.contains(sq) {
                    safety.pin(sq.index(), (between | Bitboard::from_square(sniper)).0);
                }
            }
        }

        // Per checker: capture it, or block each of its paths (a queen may check along
        // a line and rebounding paths at once; a leaper cannot be blocked). Another
        // checker's square never lies on a checking path, which stops at it.
        let mut evasions = !0u64;
        for checker in safety.checkers {
            let mut blocks = !0u64;
            if leaper_checkers.contains(checker) {
                blocks = 0;
            }
            if line_checkers.contains(checker) {
                blocks &= attacks::between(king, checker).0;
            }
            for &(from, path) in &diagonal_checks[..diagonal_count] {
                if from == checker.index() {
                    blocks &= path;
                }
            }
            evasions &= blocks | (1 << checker.index());
        }
        safety.evasions = Bitboard(evasions);
        safety
    }
}

/// Appends every legal action of the orthodox state `pos` under Billiards rules.
fn generate<S: Sink>(chess: &Chess, out: &mut S) {
    let board = &chess.board;
    let us = chess.turn;
    let Some(king) = board.king_of(us) else {
        return;
    };
    let them = !us;
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let safety = Safety::compute(board, us, king);

    // King steps, tested with the king lifted so it cannot hide behind itself.
    let lifted = occupied ^ Bitboard::from_square(king);
    for to in attacks::king_attacks(king) & !ours {
        if !is_attacked(board, to, them, lifted) {
            out.action(Action::Normal {
                role: Role::King,
                from: king,
                to,
                capture: board.role_at(to),
                promotion: None,
            });
        }
    }
    let in_check = safety.checkers.any();
    let mask = if in_check { safety.evasions } else { !ours } - ours;
    let pinned = safety.pinned;

    for from in board.by_role(Role::Knight) & ours {
        let mut targets = attacks::knight_attacks(from) & mask;
        if pinned.contains(from) {
            targets &= safety.allowed(from);
        }
        out.piece_moves(board, Role::Knight, from, targets);
    }
    for from in board.by_role(Role::Bishop) & ours {
        let mut targets = rebound_attacks(from, occupied) & mask;
        if pinned.contains(from) {
            targets &= safety.allowed(from);
        }
        out.piece_moves(board, Role::Bishop, from, targets);
    }
    for from in board.by_role(Role::Rook) & ours {
        let mut targets = attacks::rook_attacks(from, occupied) & mask;
        if pinned.contains(from) {
            targets &= safety.allowed(from);
        }
        out.piece_moves(board, Role::Rook, from, targets);
    }
    for from in board.by_role(Role::Queen) & ours {
        let mut targets = queen_attacks(from, occupied) & mask;
        if pinned.contains(from) {
            targets &= safety.allowed(from);
        }
        out.piece_moves(board, Role::Queen, from, targets);
    }

    // Unpinned pawns move as sets; pinned ones one by one within their pin paths.
    let pawns = board.by_role(Role::Pawn) & ours;
    let free_pawns = pawns - pinned;
    let empty = !occupied;
    let theirs = board.by_color(them);
    let single = free_pawns.shift_forward(us) & empty;
    let double =
        (single & Bitboard::relative_rank(us, Rank::THIRD)).shift_forward(us) & empty & mask;
    let forward = us.fold(8, -8);
    out.pawn_shift(board, us, single & mask, forward);
    out.pawn_shift(board, us, double, 2 * forward);
    movegen::pawn_captures(out, board, us, free_pawns, theirs & mask);
    for from in pawns & pinned {
        let targets = movegen::pawn_targets(board, us, from) & mask & safety.allowed(from);
        out.pawn_moves(board, us, from, targets);
    }

    if let Some(ep) = chess.ep_square {
        // E.p. empties two squares; replaying the occupancy settles pins and checks.
        for from in attacks::pawn_attacks(them, ep) & pawns {
            if ep_is_safe(board, us, king, from, ep) {
                out.action(Action::EnPassant { from, to: ep });
            }
        }
    }

    if !in_check && king.rank() == us.back_rank() {
        let rights = chess.castling
            & Bitboard::from_rank(us.back_rank())
            & board.by_piece(Piece::new(us, Role::Rook));
        for rook in rights {
            if castling_is_legal(board, us, king, rook) {
                out.action(Action::Castle { king, rook });
            }
        }
    }
}

/// Castling from the king's and rook's squares (the king not in check is the caller's test):
/// the path is empty and no square the king passes or reaches is attacked, along a
/// rebounding path included.
fn castling_is_legal(board: &Board, us: Color, king: Square, rook: Square) -> bool {
    let path = CastlingPath::new(us, king, rook);
    if (path.must_be_empty & board.occupied()).any() {
        return false;
    }
    // With king and rook lifted: a rebounding path may pass through the king's
    // square to its arrival square, which is open once the king has left.
    let occupied = board.occupied() - path.movers;
    !path
        .king_path
        .into_iter()
        .any(|sq| is_attacked(board, sq, !us, occupied))
}

// ---------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------

/// A position of Billiards chess: the orthodox state (board, side, castling rights,
/// e.p. square, clocks, key) with rebounding diagonal movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Billiards {
    chess: Chess,
}

impl Default for Billiards {
    fn default() -> Billiards {
        Billiards::start()
    }
}

impl Billiards {
    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.chess.board
    }

    /// The en-passant square, kept only while some pawn may legally capture there.
    #[inline]
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.chess.ep_square
    }

    /// Whether the pieces left can never mate, for either side (the orthodox subset
    /// of RULES.md §1.1, sound here because rebounds keep bishops on one colour).
    pub fn is_dead_position(&self) -> bool {
        self.chess.is_dead_position()
    }

    fn validate(setup: &Setup) -> Result<Billiards, Vec<PositionProblem>> {
        let mut problems = Vec::new();
        setup.reject_unsupported(SetupParts::default(), &mut problems);
        let mut chess = Chess::from_setup_orthodox(setup, &mut problems);
        // The orthodox filter keeps a square whose capture is safe from straight
        // lines; a rebounding path may still expose the king.
        chess.ep_square = chess
            .ep_square
            .filter(|&ep| ep_capture_exists(&chess.board, chess.turn, ep));
        if problems.is_empty() {
            if let Some(their_king) = chess.board.king_of(!chess.turn) {
                let occupied = chess.board.occupied();
                if attackers_to(&chess.board, their_king, chess.turn, occupied).any() {
                    problems.push(PositionProblem::OppositeCheck);
                }
            }
        }
        if problems.is_empty() {
            Ok(Billiards { chess })
        } else {
            Err(problems)
        }
    }
}

impl Position for Billiards {
    const VARIANT: Variant = Variant::Billiards;
    const NAME: &'static str = "Billiards";
    const PGN_TAG: Option<&'static str> = Some("Billiards");
    const OTHER_NAMES: &'static [&'static str] = &[];
    const HELP: &'static str = "Billiards: the diagonal moves of bishops and queens rebound off the edges of the board. The path of the last rebounding move is drawn; point at a destination to see the path before you move.";
    const BOARDS: u8 = 1;
    const REBOUNDING_DIAGONALS: bool = true;
    const CASTLES_FROM_ANYWHERE: bool = false;
    const TURN_SHAPE: TurnShape = TurnShape::Single;
    const OWN_ENDING_WORDS: (&'static str, &'static str) = Variant::GENERAL_ENDING_WORDS;
    const PGN_STYLE: PgnStyle = PgnStyle::ONE_PER_ACTION;
    const REPETITION_RULE: bool = true;
    const GOAL: Bitboard = Bitboard::EMPTY;
    const VARIED_START: bool = false;
    const MOVE_COUNT_RULES: bool = true;
    type Searched = Self;

    from_orthodox!(chess: turn, placement, halfmove_clock, fullmove_number, castling_rights);

    fn start() -> Billiards {
        Billiards {
            chess: Chess::start(),
        }
    }

    fn from_setup(setup: &Setup) -> Result<Billiards, PositionError> {
        Billiards::validate(setup).map_err(|problems| PositionError { problems })
    }

    /// Rebounding diagonals attack along their bent paths.
    fn attackers_in_setup(setup: &Setup, square: Square, color: Color) -> Option<Bitboard> {
        Billiards::from_setup(setup)
            .ok()
            .map(|game| game.attackers(square, color))
    }

    fn to_setup(&self) -> Setup {
        self.chess.to_setup_orthodox()
    }

    #[inline]
    fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        generate(&self.chess, out);
    }

    #[inline]
    fn count_legal_actions(&self) -> usize {
        let mut counter = Counter::default();
        generate(&self.chess, &mut counter);
        counter.0
    }

    /// Shape check against the board, then the king's safety after the action,
    /// independently of the generator.
    fn is_legal(&self, action: &Action) -> bool {
        let board = &self.chess.board;
        let us = self.chess.turn;
        let Some(king) = board.king_of(us) else {
            return false;
        };
        match *action {
            Action::Normal { .. } => {
                let reach = |role, from| match role {
                    Role::Pawn => movegen::pawn_targets(board, us, from),
                    _ => piece_attacks(us, role, from, board.occupied()),
                };
                movegen::normal_move_after(board, us, king, action, reach).is_some_and(
                    |(after, king)| attackers_to(&after, king, !us, after.occupied()).is_empty(),
                )
            }
            Action::Castle { king: k, rook } => {
                k == king
                    && k.rank() == us.back_rank()
                    && rook.rank() == us.back_rank()
                    && self.chess.castling.contains(rook)
                    && board.piece_at(rook) == Some(Piece::new(us, Role::Rook))
                    && self.checkers().is_empty()
                    && castling_is_legal(board, us, king, rook)
            }
            Action::EnPassant { from, to } => {
                self.chess.ep_square == Some(to)
                    && board.piece_at(from) == Some(Piece::new(us, Role::Pawn))
                    && attacks::pawn_attacks(us, from).contains(to)
                    && ep_is_safe(board, us, king, from, to)
            }
            Action::Drop { .. } | Action::Push { .. } | Action::PromotionChoice { .. } => false,
        }
    }

    #[inline]
    fn play_unchecked(&mut self, action: &Action) {
        self.chess.apply(action);
        // `apply` keeps an e.p. square by the orthodox test, which sees no
        // rebounding attack; re-test it (the square is not in the incremental key).
        if let Some(ep) = self.chess.ep_square {
            if !ep_capture_exists(&self.chess.board, !self.chess.turn, ep) {
                self.chess.ep_square = None;
            }
        }
        self.chess.pass_turn();
    }

    /// The orthodox flip, refused when the side to act is in check along any path
    /// (rebounds included).
    fn pass(&self) -> Option<Billiards> {
        if self.is_check() {
            return None;
        }
        let mut chess = self.chess.clone();
        chess.ep_square = None;
        chess.pass_turn();
        Some(Billiards { chess })
    }

    fn attackers(&self, square: Square, color: Color) -> Bitboard {
        let board = &self.chess.board;
        attackers_to(board, square, color, board.occupied())
    }

    fn checkers(&self) -> Bitboard {
        let board = &self.chess.board;
        match board.king_of(self.chess.turn) {
            Some(king) => attackers_to(board, king, !self.chess.turn, board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        standard_ending(
            self.chess.turn,
            self.count_legal_actions() == 0,
            || self.is_check(),
            self.chess.is_dead_position(),
            Some(self.chess.halfmoves),
        )
    }

    fn cannot_mate(&self, color: Color) -> bool {
        // Sound here: the orthodox argument only uses that bishops keep their colour.
        Chess::cannot_mate_orthodox(&self.chess.board, color)
    }

    fn zobrist(&self) -> u64 {
        match self.chess.ep_square {
            Some(ep) => self.chess.key ^ zobrist::en_passant(ep),
            None => self.chess.key,
        }
    }

    fn legal_ep_squares(&self) -> Vec<Square> {
        self.chess.ep_square.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reference: step-by-step walking of every direction (no magic, no segments).
    fn stepwise(sq: Square, occupied: u64) -> u64 {
        let mut result = 0;
        for d in 0..4 {
            if RAYS.ray[sq.index()][d] == 0 {
                continue;
            }
            let (mut cur, mut dir) = (sq.index(), d);
            loop {
                let e = turned(cur, dir);
                if e == NO_DIR {
                    break;
                }
                let (df, dr) = DIRS[e as usize];
                let next = Square::from_index_masked(cur as u32)
                    .offset(df, dr)
                    .unwrap()
                    .index();
                if next == sq.index() {
                    break;
                }
                result |= 1 << next;
                if occupied & (1 << next) != 0 {
                    break;
                }
                cur = next;
                dir = e as usize;
            }
        }
        result
    }

    #[test]
    fn rebound_attacks_match_stepwise_walking() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occ = match i % 3 {
                0 => state & (state >> 5),
                1 => state & (state >> 5) & (state >> 11),
                _ => state,
            };
            for sq in Square::all() {
                assert_eq!(
                    rebound_attacks(sq, Bitboard(occ)).0,
                    stepwise(sq, occ),
                    "{sq} {occ:#x}"
                );
            }
        }
    }

    #[test]
    fn walk_agrees_with_attacks() {
        for sq in Square::all() {
            let mut union = 0;
            for d in 0..4 {
                if RAYS.ray[sq.index()][d] != 0 {
                    let (path, first) = walk(sq.index(), d, 1 << sq.index());
                    assert_eq!(first, None);
                    assert_eq!(path, RAYS.path[sq.index()][d]);
                    union |= path;
                }
            }
            assert_eq!(union, rebound_attacks(sq, Bitboard::EMPTY).0);
        }
    }
}
