//! Every tunable constant of the evaluation, in one place (centipawns, as
//! (middlegame, endgame) pairs where the phase matters). Indexing by role follows
//! [`crate::Role::index`]: pawn, knight, bishop, rook, queen, king.
//!
//! The orthodox terms are *features*: [`WEIGHTS`] holds one (middlegame, endgame)
//! weight per feature, laid out by the index constants below, and was fitted to
//! Stockfish evaluations of positions from fast games (`examples/tune.rs`; see
//! docs/strength.md). The terms of single rule sets, which that data cannot fit,
//! are plain constants after the table; the comments say why each exists.

use super::taper::S;

// --- Feature layout of WEIGHTS ----------------------------------------------------

/// Material on the board, by role.
pub const PIECE: usize = 0;
/// Piece-square tables, `PST + role * 64 + square` (White's view; Black's pieces
/// read the square mirrored): centralisation, pawn advance, the king's shelter.
pub const PST: usize = PIECE + 6;
/// Two bishops cover both square colours.
pub const BISHOP_PAIR: usize = PST + 6 * 64;
/// Mobility by the number of squares a piece reaches (not own pieces, not attacked
/// by enemy pawns), `MOBILITY + (role - 1) * MOBILITY_SLOTS + count` for knight,
/// bishop, rook and queen.
pub const MOBILITY: usize = BISHOP_PAIR + 1;
pub const MOBILITY_SLOTS: usize = 28;
/// Doubled pawns block each other.
pub const DOUBLED: usize = MOBILITY + 4 * MOBILITY_SLOTS;
/// Isolated pawns cannot be defended by pawns.
pub const ISOLATED: usize = DOUBLED + 1;
/// A pawn behind its neighbours that cannot safely advance is a fixed target.
pub const BACKWARD: usize = ISOLATED + 1;
/// Pawns side by side or defending each other, by relative rank.
pub const CONNECTED: usize = BACKWARD + 1;
/// Passed pawns by relative rank: no enemy pawn can stop them.
pub const PASSED: usize = CONNECTED + 8;
/// ... less when the stop square is occupied, by relative rank.
pub const PASSED_BLOCKED: usize = PASSED + 8;
/// ... per king step between the own king and the stop square, by relative rank
/// (the king escorts its passer in the endgame).
pub const PASSED_OWN_KING: usize = PASSED_BLOCKED + 8;
/// ... per king step between the enemy king and the stop square (a far king cannot
/// catch it).
pub const PASSED_ENEMY_KING: usize = PASSED_OWN_KING + 8;
/// Rooks on files without pawns, and without own pawns.
pub const ROOK_OPEN: usize = PASSED_ENEMY_KING + 8;
pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
/// Knights and bishops on squares guarded by own pawns that no enemy pawn can
/// attack (knight, bishop).
pub const OUTPOST: usize = ROOK_SEMI_OPEN + 1;
/// Enemy pieces attacked by a pawn, by a knight or bishop, by a rook, by victim
/// role: an attack on a bigger piece wins a tempo or material.
pub const THREAT_BY_PAWN: usize = OUTPOST + 2;
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 6;
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 6;
/// Enemy pieces attacked and not defended at all.
pub const HANGING: usize = THREAT_BY_ROOK + 6;
/// Own pawns one and two ranks in front of a king on its first two ranks, on its
/// file and the neighbours; missing ones; files there without own pawns.
pub const SHIELD_NEAR: usize = HANGING + 1;
pub const SHIELD_FAR: usize = SHIELD_NEAR + 1;
pub const SHIELD_MISSING: usize = SHIELD_FAR + 1;
pub const KING_OPEN_FILE: usize = SHIELD_MISSING + 1;
/// The danger to a king from pieces attacking its zone, per unit of the (capped)
/// square of the attack units: several attackers together are much worse than one.
pub const KING_DANGER: usize = KING_OPEN_FILE + 1;
/// Having the move.
pub const TEMPO: usize = KING_DANGER + 1;
/// The number of weights.
pub const NUM_WEIGHTS: usize = TEMPO + 1;

// --- Inputs of the features (not fitted) -------------------------------------------

/// What each role contributes to the game phase (24 for the full orthodox array).
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Attack units per square of the king zone a piece attacks.
pub const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// The king-danger feature is `min(units², KING_DANGER_CAP) / KING_DANGER_SCALE`,
/// and nothing for a lone attacker (one piece rarely mates).
pub const KING_DANGER_CAP: i32 = 1200;
pub const KING_DANGER_SCALE: i32 = 16;

// --- Multi-action turns -------------------------------------------------------------

/// Each action still to play in the current turn (Progressive, Marseillais,
/// Avalanche): the side will act again before the opponent can answer.
pub const TEMPO_PER_EXTRA_ACTION: S = S(30, 25);

// --- Chess-Gi ---------------------------------------------------------------------

/// Pieces in hand: slightly above board value, since a drop goes anywhere.
pub const HAND_VALUE: [S; 6] = [
    S(100, 120),
    S(340, 320),
    S(350, 330),
    S(490, 540),
    S(1000, 1000),
    S(0, 0),
];
/// Attack units per enemy hand piece and per empty square of the king zone: drops
/// near the king check and mate.
pub const DROP_DANGER: [i32; 6] = [1, 2, 1, 2, 3, 0];
/// Drop danger is divided by this (it counts every empty zone square).
pub const DROP_DANGER_DIVISOR: i32 = 4;

// --- Racing Kings -----------------------------------------------------------------

/// The king's relative rank: the race is to rank 8.
pub const RACE_KING_RANK: [i32; 8] = [0, 15, 35, 60, 95, 140, 210, 300];
/// King moves to rank 8 over squares the enemy does not attack (8 = no path): the
/// blocked-path term, which ranks alone miss.
pub const RACE_DISTANCE: [i32; 9] = [400, 300, 220, 160, 110, 70, 40, 15, 0];
/// Piece values in Racing Kings, where pieces mostly block and guard squares.
pub const RACE_PIECE_VALUE: [i32; 6] = [0, 260, 300, 420, 760, 0];

// --- Alice ------------------------------------------------------------------------

/// Only enemy pieces on the king's own board can give check.
pub const ALICE_ENEMY_ON_KING_BOARD: S = S(-12, -4);

// --- Avalanche --------------------------------------------------------------------

/// Pawns advance on their owner's moves and on the opponent's pushes, so every rank
/// gained is worth more: this much more per relative rank, on top of the tables.
pub const AVALANCHE_PAWN_RANK: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(1, 2),
    S(3, 5),
    S(6, 10),
    S(10, 17),
    S(15, 25),
    S(0, 0),
];
/// Passed pawns are worth this many eighths more (they are pushed too).
pub const AVALANCHE_PASSED_EXTRA_EIGHTHS: i32 = 4;
/// Each own pawn the opponent can push: the opponent must push something, and every
/// push brings one of our pawns closer to promotion.
pub const AVALANCHE_PUSHABLE: S = S(3, 8);

// --- The fitted weights ------------------------------------------------------------

// BEGIN WEIGHTS (written by examples/tune.rs)
#[rustfmt::skip]
pub static WEIGHTS: [S; NUM_WEIGHTS] = [
    // PIECE
    S(73, 81), S(439, 202), S(487, 203), S(540, 483), S(1083, 989), S(0, 0),
    // PST pawn
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-12, 16), S(-4, 26), S(3, 17), S(-3, 20), S(-4, 11), S(18, 18), S(22, 33), S(-6, 3),
    S(-6, 16), S(-15, 16), S(7, 14), S(-7, 5), S(3, 13), S(4, 19), S(19, 15), S(-10, 8),
    S(-7, 11), S(-15, 13), S(11, 25), S(11, 13), S(15, -2), S(11, 0), S(3, 23), S(-8, 2),
    S(12, 18), S(3, 22), S(18, 7), S(21, 2), S(19, 11), S(13, 13), S(10, 34), S(-6, 12),
    S(45, -10), S(-6, 30), S(3, 5), S(42, 8), S(45, 26), S(59, 19), S(34, 14), S(25, 14),
    S(31, 30), S(26, 41), S(30, 11), S(29, 51), S(35, 20), S(44, 78), S(36, 63), S(2, 59),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST knight
    S(-18, -19), S(-26, 0), S(-14, 24), S(6, -14), S(4, -9), S(-5, -31), S(-22, 3), S(-33, -18),
    S(-37, -26), S(3, 13), S(-3, -10), S(5, 18), S(8, 26), S(17, 19), S(-16, -35), S(-20, -22),
    S(-32, -14), S(1, 4), S(4, 31), S(26, 29), S(22, 34), S(5, 31), S(17, 30), S(-17, -17),
    S(-11, 5), S(-15, 19), S(11, 32), S(20, 41), S(21, 42), S(19, 21), S(18, 3), S(-4, -17),
    S(-10, 14), S(15, -17), S(28, 43), S(41, 36), S(30, 29), S(27, 35), S(19, -2), S(34, 18),
    S(-7, -15), S(18, 20), S(31, 37), S(33, 40), S(20, 21), S(46, 19), S(13, -52), S(-23, -19),
    S(-1, -41), S(-15, -2), S(-18, -26), S(45, -15), S(26, 0), S(34, -8), S(-14, 5), S(-14, -12),
    S(-48, -80), S(-16, -35), S(-11, -21), S(-3, -52), S(-4, -16), S(-25, -51), S(-15, -72), S(-48, -72),
    // PST bishop
    S(-10, 29), S(-3, -40), S(-12, -13), S(8, -29), S(-26, -23), S(-12, 8), S(-2, -14), S(-26, 14),
    S(28, -25), S(13, -1), S(2, -34), S(-3, 5), S(14, -10), S(19, -35), S(23, 1), S(7, -26),
    S(0, 7), S(26, 17), S(7, 32), S(27, -5), S(7, 8), S(24, 21), S(16, -30), S(-5, 29),
    S(-10, -13), S(14, -10), S(15, 29), S(24, 37), S(18, 15), S(8, 33), S(26, -11), S(-13, 0),
    S(-16, -13), S(8, 25), S(23, 24), S(29, -1), S(16, 39), S(39, 13), S(-1, 50), S(5, -6),
    S(-56, -6), S(3, -5), S(9, 27), S(-2, 6), S(23, 1), S(2, 3), S(38, -30), S(29, 21),
    S(-2, -22), S(-12, -30), S(11, 10), S(12, 3), S(3, 12), S(13, -5), S(-20, -20), S(-22, -12),
    S(-25, -47), S(-9, -17), S(-8, -5), S(-23, -25), S(-13, -32), S(-18, -15), S(-9, -10), S(-73, -16),
    // PST rook
    S(-10, 7), S(-3, 0), S(0, 5), S(12, -9), S(31, -21), S(16, -9), S(0, -1), S(4, -10),
    S(-29, 4), S(-12, -9), S(-3, 12), S(19, -4), S(13, -1), S(-3, 6), S(-8, 2), S(-43, -10),
    S(-14, 3), S(-32, -2), S(-16, -1), S(-22, 1), S(-28, 9), S(-1, -10), S(8, 9), S(7, -4),
    S(-9, -7), S(-34, 3), S(-23, 13), S(-14, -14), S(-2, -4), S(-3, 8), S(16, 6), S(-8, 0),
    S(-6, -9), S(20, -7), S(4, -2), S(9, 7), S(21, 15), S(26, 10), S(31, -5), S(-3, -24),
    S(2, -3), S(19, 18), S(-9, -7), S(24, -4), S(16, -11), S(41, -12), S(-2, -10), S(-6, 17),
    S(20, 1), S(13, -4), S(12, 4), S(18, 11), S(37, 30), S(4, -4), S(15, 23), S(40, 10),
    S(22, 6), S(35, 22), S(15, 6), S(16, 5), S(5, 4), S(3, 15), S(9, 8), S(1, 17),
    // PST queen
    S(-9, -3), S(-17, -28), S(-1, -36), S(-1, -16), S(-13, -6), S(-15, -26), S(-21, -19), S(-14, -28),
    S(-15, -31), S(-1, -8), S(10, -10), S(15, -14), S(26, 8), S(18, -11), S(8, -18), S(23, 2),
    S(-36, -11), S(3, -9), S(-9, 15), S(-11, 17), S(10, 9), S(-1, -5), S(11, 13), S(9, -18),
    S(-9, 2), S(-4, -9), S(12, 32), S(-11, 38), S(0, 10), S(-2, 24), S(-7, 4), S(-10, -9),
    S(-2, 5), S(-5, 9), S(18, 16), S(16, 8), S(11, 34), S(26, 22), S(8, 9), S(33, 24),
    S(18, 0), S(11, -1), S(-27, 9), S(11, 14), S(32, 27), S(7, 22), S(25, 5), S(25, 2),
    S(-34, -17), S(-12, -4), S(17, 9), S(-8, 2), S(13, 10), S(3, 19), S(-7, 11), S(38, 1),
    S(-26, -22), S(-28, -23), S(3, -10), S(1, -3), S(-5, -10), S(-6, -10), S(10, 11), S(2, -33),
    // PST king
    S(-23, 22), S(39, -11), S(38, -17), S(-45, -13), S(-7, -28), S(-25, 4), S(33, -25), S(47, -48),
    S(-3, 9), S(-26, 10), S(-4, -5), S(-42, -12), S(-16, -6), S(-38, 20), S(2, -1), S(19, -47),
    S(-32, 1), S(-47, -11), S(-5, -31), S(-43, -19), S(-72, -25), S(-16, -22), S(-11, -24), S(-31, -21),
    S(-83, 0), S(-59, 2), S(-51, -5), S(-54, -24), S(-52, -13), S(-64, -24), S(-35, -24), S(-62, -28),
    S(-83, -4), S(-70, 2), S(-85, -18), S(-70, 13), S(-92, -2), S(-74, -3), S(-72, 11), S(-82, -53),
    S(-90, 12), S(-90, 11), S(-99, 5), S(-81, 16), S(-90, 31), S(-95, 7), S(-90, 10), S(-93, 8),
    S(-106, 6), S(-111, 11), S(-106, 17), S(-101, 52), S(-105, 40), S(-107, 27), S(-108, 15), S(-106, 8),
    S(-117, 9), S(-126, 10), S(-124, 25), S(-123, 45), S(-125, 55), S(-123, 43), S(-128, 17), S(-124, -6),
    // BISHOP_PAIR
    S(-10, 106),
    // MOBILITY knight
    S(-26, -17), S(-13, -2), S(-1, -4), S(5, 8), S(12, -2), S(15, 17), S(25, -17),
    S(31, -5), S(69, -75), S(20, 20), S(24, 24), S(28, 28), S(32, 32), S(36, 36),
    S(40, 40), S(44, 44), S(48, 48), S(52, 52), S(56, 56), S(60, 60), S(64, 64),
    S(68, 68), S(72, 72), S(76, 76), S(80, 80), S(84, 84), S(88, 88), S(92, 92),
    // MOBILITY bishop
    S(-25, -51), S(-15, -22), S(-8, 4), S(1, 3), S(3, 14), S(7, 26), S(9, 28),
    S(10, 3), S(11, 24), S(32, -35), S(27, -5), S(82, -61), S(18, 37), S(29, -46),
    S(32, 40), S(36, 45), S(40, 50), S(44, 55), S(48, 60), S(52, 65), S(56, 70),
    S(60, 75), S(64, 80), S(68, 85), S(72, 90), S(76, 95), S(80, 100), S(84, 105),
    // MOBILITY rook
    S(-32, -22), S(-23, -18), S(-21, -7), S(-13, 2), S(-13, 2), S(-8, 6), S(-7, 11),
    S(-5, 18), S(10, 13), S(16, 5), S(14, 7), S(35, 9), S(50, -2), S(0, 11),
    S(84, -32), S(18, 36), S(20, 40), S(22, 44), S(24, 48), S(26, 52), S(28, 56),
    S(30, 60), S(32, 64), S(34, 68), S(36, 72), S(38, 76), S(40, 80), S(42, 84),
    // MOBILITY queen
    S(-24, -25), S(-22, -26), S(-17, -27), S(-13, -38), S(-10, -43), S(-9, -16), S(-5, -13),
    S(-2, -32), S(1, 5), S(6, -4), S(6, 7), S(8, 2), S(2, 32), S(11, 28),
    S(7, 31), S(24, 10), S(20, 13), S(20, -13), S(16, 14), S(18, 10), S(10, 0),
    S(15, 7), S(16, 24), S(13, 26), S(15, 27), S(13, 24), S(16, 30), S(15, 30),
    // DOUBLED
    S(-12, -28),
    // ISOLATED
    S(-8, -6),
    // BACKWARD
    S(-1, -13),
    // CONNECTED
    S(6, 6), S(4, -1), S(13, -2), S(14, 1), S(25, 12), S(26, 27), S(13, 31), S(6, 6),
    // PASSED
    S(0, 0), S(13, 20), S(-4, 49), S(-12, 71), S(33, 77), S(56, 73), S(69, 93), S(0, 0),
    // PASSED_BLOCKED
    S(0, 0), S(0, -10), S(-6, 11), S(-5, -25), S(-4, -26), S(-12, -15), S(-53, -97), S(0, 0),
    // PASSED_OWN_KING
    S(0, 0), S(-4, -1), S(5, -10), S(5, -12), S(6, -22), S(-1, -15), S(-9, -20), S(0, 0),
    // PASSED_ENEMY_KING
    S(0, 0), S(1, -1), S(-6, -3), S(-2, 3), S(-13, 16), S(-9, 32), S(5, 49), S(0, 0),
    // ROOK_OPEN
    S(42, -12),
    // ROOK_SEMI_OPEN
    S(25, 9),
    // OUTPOST
    S(24, 21), S(27, 26),
    // THREAT_BY_PAWN
    S(0, 0), S(61, 25), S(74, 24), S(57, 19), S(39, 36), S(0, 0),
    // THREAT_BY_MINOR
    S(-7, 23), S(13, 9), S(44, -5), S(46, 11), S(60, 28), S(0, 0),
    // THREAT_BY_ROOK
    S(-9, 13), S(12, -7), S(15, -4), S(-1, -2), S(60, 24), S(0, 0),
    // HANGING
    S(12, 64),
    // SHIELD_NEAR
    S(14, -12),
    // SHIELD_FAR
    S(4, -14),
    // SHIELD_MISSING
    S(6, -16),
    // KING_OPEN_FILE
    S(-23, 11),
    // KING_DANGER
    S(-4, -3),
    // TEMPO
    S(30, 8),
];
// END WEIGHTS
