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
/// Squares from which a knight, bishop, rook or queen could check the enemy king
/// without being taken (orthodox lines).
pub const SAFE_CHECK: usize = KING_DANGER + 1;
/// Squares next to the enemy king that we attack and only the king defends.
pub const KING_ZONE_WEAK: usize = SAFE_CHECK + 4;
/// Having the move.
pub const TEMPO: usize = KING_ZONE_WEAK + 1;
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

// --- Won endings against a bare defence (orthodox, not fitted) ------------------

/// Per step the defending king stands from the centre (or, with bishop and
/// knight, how near it stands to a corner of the bishop's colour), on 0-6.
pub const MOPUP_EDGE: i32 = 24;
/// Per king step the two kings stand closer than 7 apart.
pub const MOPUP_KING_PROXIMITY: i32 = 14;
/// The material lead (pieces, plus 100 per own pawn) from which the driving starts:
/// a rook against a bare king, a queen against a rook.
pub const MOPUP_MIN_LEAD: i32 = 400;

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
    S(73, 87), S(433, 210), S(484, 206), S(535, 492), S(1080, 978), S(0, 0),
    // PST pawn
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(-12, 16), S(-4, 26), S(3, 14), S(-4, 17), S(-2, 7), S(17, 18), S(21, 32), S(-7, 0),
    S(-6, 15), S(-14, 18), S(6, 14), S(-6, 3), S(3, 12), S(4, 17), S(19, 14), S(-10, 5),
    S(-7, 11), S(-16, 12), S(12, 23), S(12, 13), S(15, -3), S(11, -1), S(3, 22), S(-8, -1),
    S(11, 19), S(5, 23), S(19, 7), S(22, 2), S(20, 11), S(14, 12), S(9, 35), S(-6, 10),
    S(44, -9), S(-7, 27), S(4, 9), S(44, 9), S(47, 28), S(60, 19), S(28, 16), S(20, 13),
    S(34, 37), S(26, 50), S(26, 8), S(29, 50), S(35, 18), S(47, 81), S(39, 70), S(3, 70),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PST knight
    S(-19, -22), S(-24, 0), S(-14, 21), S(7, -13), S(6, -8), S(-5, -31), S(-20, 2), S(-34, -18),
    S(-36, -28), S(2, 13), S(-2, -10), S(5, 18), S(10, 25), S(16, 20), S(-14, -33), S(-19, -22),
    S(-30, -15), S(2, 5), S(3, 29), S(27, 30), S(22, 35), S(6, 29), S(17, 30), S(-16, -17),
    S(-10, 5), S(-15, 17), S(13, 29), S(21, 39), S(22, 41), S(20, 22), S(18, 2), S(-3, -17),
    S(-8, 16), S(14, -18), S(27, 43), S(40, 40), S(24, 36), S(23, 37), S(13, -1), S(29, 21),
    S(-7, -14), S(17, 17), S(29, 36), S(34, 42), S(17, 25), S(44, 20), S(12, -50), S(-22, -19),
    S(1, -40), S(-16, -3), S(-16, -25), S(43, -16), S(28, 1), S(33, -7), S(-13, 6), S(-14, -10),
    S(-48, -80), S(-16, -36), S(-11, -21), S(-3, -51), S(-4, -15), S(-25, -52), S(-15, -73), S(-49, -74),
    // PST bishop
    S(-8, 20), S(-1, -47), S(-12, -15), S(9, -31), S(-25, -23), S(-13, 9), S(-3, -15), S(-25, 0),
    S(30, -26), S(12, -1), S(3, -33), S(-4, 5), S(13, -9), S(18, -32), S(22, 2), S(8, -25),
    S(0, 6), S(25, 17), S(6, 31), S(26, -4), S(6, 7), S(25, 18), S(15, -29), S(-5, 31),
    S(-8, -12), S(13, -12), S(11, 30), S(23, 38), S(16, 15), S(9, 33), S(25, -14), S(-14, -2),
    S(-15, -13), S(9, 27), S(21, 28), S(30, 1), S(14, 42), S(37, 15), S(0, 49), S(4, -4),
    S(-54, -5), S(3, -4), S(10, 29), S(-3, 8), S(25, 3), S(2, 4), S(38, -27), S(29, 24),
    S(-1, -22), S(-13, -31), S(11, 10), S(13, 1), S(4, 12), S(14, -4), S(-20, -19), S(-23, -11),
    S(-27, -46), S(-9, -17), S(-8, -3), S(-23, -25), S(-12, -32), S(-18, -16), S(-9, -10), S(-73, -14),
    // PST rook
    S(-9, 5), S(-1, -3), S(0, 2), S(13, -10), S(32, -23), S(16, -10), S(-1, -4), S(4, -12),
    S(-29, 3), S(-13, -9), S(-3, 12), S(17, -2), S(11, -1), S(-5, 7), S(-10, 2), S(-43, -9),
    S(-12, 0), S(-30, -3), S(-17, 0), S(-19, 0), S(-28, 11), S(-2, -10), S(8, 10), S(7, -2),
    S(-9, -9), S(-34, 3), S(-23, 14), S(-14, -15), S(-2, -3), S(-3, 10), S(15, 8), S(-9, 0),
    S(-3, -8), S(21, -7), S(3, -1), S(11, 7), S(20, 16), S(24, 12), S(31, -3), S(-4, -21),
    S(2, -3), S(18, 19), S(-8, -4), S(24, -3), S(17, -8), S(40, -11), S(-1, -9), S(-7, 17),
    S(20, 2), S(14, -4), S(12, 6), S(19, 11), S(38, 31), S(4, -3), S(14, 22), S(38, 10),
    S(21, 5), S(33, 21), S(15, 5), S(16, 7), S(5, 3), S(2, 13), S(8, 8), S(0, 18),
    // PST queen
    S(-8, -3), S(-14, -26), S(-1, -36), S(0, -14), S(-13, -6), S(-15, -25), S(-21, -19), S(-13, -27),
    S(-14, -30), S(-2, -9), S(11, -12), S(14, -13), S(26, 9), S(18, -13), S(9, -18), S(25, 3),
    S(-36, -11), S(2, -8), S(-9, 15), S(-10, 20), S(10, 8), S(-1, -7), S(11, 12), S(9, -18),
    S(-6, 1), S(2, -6), S(10, 33), S(-13, 39), S(0, 8), S(-4, 21), S(-8, 5), S(-9, -9),
    S(-3, 5), S(-3, 8), S(19, 15), S(16, 9), S(9, 31), S(23, 21), S(8, 9), S(30, 24),
    S(20, 1), S(13, -1), S(-27, 8), S(10, 13), S(29, 23), S(5, 19), S(21, 4), S(19, 0),
    S(-34, -15), S(-10, -5), S(17, 9), S(-9, 0), S(15, 12), S(4, 19), S(-9, 9), S(37, 1),
    S(-27, -23), S(-25, -20), S(3, -10), S(0, -4), S(-3, -7), S(-7, -12), S(9, 10), S(1, -31),
    // PST king
    S(-28, 21), S(38, -14), S(37, -19), S(-46, -11), S(-9, -25), S(-26, 4), S(31, -24), S(40, -50),
    S(-6, 8), S(-24, 10), S(-2, -3), S(-37, -12), S(-13, -5), S(-34, 20), S(4, -2), S(15, -47),
    S(-31, 4), S(-46, -11), S(-4, -32), S(-44, -19), S(-71, -25), S(-15, -24), S(-10, -24), S(-33, -25),
    S(-83, 0), S(-58, 2), S(-51, -6), S(-52, -23), S(-52, -13), S(-62, -25), S(-37, -29), S(-61, -28),
    S(-83, -3), S(-70, 2), S(-85, -19), S(-69, 13), S(-92, -2), S(-74, -3), S(-72, 13), S(-82, -51),
    S(-90, 12), S(-90, 11), S(-97, 6), S(-81, 17), S(-90, 30), S(-95, 7), S(-90, 10), S(-92, 9),
    S(-106, 6), S(-111, 11), S(-106, 17), S(-101, 51), S(-105, 39), S(-107, 26), S(-108, 15), S(-106, 9),
    S(-118, 9), S(-126, 11), S(-124, 26), S(-123, 45), S(-125, 54), S(-123, 45), S(-128, 17), S(-124, -6),
    // BISHOP_PAIR
    S(-11, 109),
    // MOBILITY knight
    S(-25, -16), S(-13, -3), S(-1, -7), S(6, 6), S(12, -2), S(15, 18), S(24, -15),
    S(29, -1), S(65, -69), S(20, 20), S(24, 24), S(28, 28), S(32, 32), S(36, 36),
    S(40, 40), S(44, 44), S(48, 48), S(52, 52), S(56, 56), S(60, 60), S(64, 64),
    S(68, 68), S(72, 72), S(76, 76), S(80, 80), S(84, 84), S(88, 88), S(92, 92),
    // MOBILITY bishop
    S(-23, -49), S(-13, -23), S(-6, 3), S(2, 2), S(4, 13), S(8, 25), S(8, 28),
    S(9, 3), S(10, 23), S(31, -35), S(24, -3), S(78, -57), S(17, 36), S(29, -45),
    S(32, 40), S(36, 45), S(40, 50), S(44, 55), S(48, 60), S(52, 65), S(56, 70),
    S(60, 75), S(64, 80), S(68, 85), S(72, 90), S(76, 95), S(80, 100), S(84, 105),
    // MOBILITY rook
    S(-31, -24), S(-22, -17), S(-20, -5), S(-12, 1), S(-12, 1), S(-7, 5), S(-5, 10),
    S(-5, 17), S(10, 13), S(15, 5), S(14, 8), S(34, 11), S(48, 2), S(-3, 15),
    S(83, -32), S(18, 36), S(20, 40), S(22, 44), S(24, 48), S(26, 52), S(28, 56),
    S(30, 60), S(32, 64), S(34, 68), S(36, 72), S(38, 76), S(40, 80), S(42, 84),
    // MOBILITY queen
    S(-21, -25), S(-18, -25), S(-13, -27), S(-10, -37), S(-8, -42), S(-7, -14), S(-3, -12),
    S(-1, -31), S(1, 6), S(6, -3), S(6, 7), S(8, 5), S(3, 37), S(9, 26),
    S(6, 30), S(21, 5), S(16, 13), S(17, -14), S(14, 10), S(15, 8), S(5, -6),
    S(14, 5), S(14, 20), S(13, 25), S(14, 26), S(13, 24), S(16, 30), S(15, 30),
    // DOUBLED
    S(-12, -32),
    // ISOLATED
    S(-9, -5),
    // BACKWARD
    S(-2, -12),
    // CONNECTED
    S(6, 6), S(4, -2), S(13, -2), S(14, 1), S(25, 12), S(29, 28), S(14, 29), S(6, 6),
    // PASSED
    S(0, 0), S(12, 21), S(-5, 48), S(-13, 82), S(35, 86), S(57, 78), S(75, 123), S(0, 0),
    // PASSED_BLOCKED
    S(0, 0), S(3, -11), S(-9, 18), S(-4, -29), S(-2, -27), S(-10, -5), S(-60, -108), S(0, 0),
    // PASSED_OWN_KING
    S(0, 0), S(-3, -1), S(5, -11), S(4, -13), S(5, -21), S(-2, -14), S(-3, -14), S(0, 0),
    // PASSED_ENEMY_KING
    S(0, 0), S(1, -2), S(-6, -4), S(-1, 0), S(-12, 13), S(-7, 29), S(9, 41), S(0, 0),
    // ROOK_OPEN
    S(43, -15),
    // ROOK_SEMI_OPEN
    S(25, 5),
    // OUTPOST
    S(24, 23), S(26, 29),
    // THREAT_BY_PAWN
    S(0, 0), S(61, 26), S(74, 24), S(54, 18), S(39, 36), S(0, 0),
    // THREAT_BY_MINOR
    S(-8, 23), S(13, 10), S(44, -4), S(46, 14), S(59, 26), S(0, 0),
    // THREAT_BY_ROOK
    S(-9, 13), S(11, -4), S(16, -4), S(0, -2), S(61, 25), S(0, 0),
    // HANGING
    S(12, 58),
    // SHIELD_NEAR
    S(8, -12),
    // SHIELD_FAR
    S(-1, -12),
    // SHIELD_MISSING
    S(1, -15),
    // KING_OPEN_FILE
    S(-22, 11),
    // KING_DANGER
    S(-3, -4),
    // SAFE_CHECK
    S(65, -22), S(9, 9), S(66, -7), S(12, 41),
    // KING_ZONE_WEAK
    S(17, -11),
    // TEMPO
    S(30, 8),
];
// END WEIGHTS
