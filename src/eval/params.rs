//! Every tunable constant of the evaluation, in one place (centipawns, as
//! (middlegame, endgame) pairs where the phase matters). Indexing by role follows
//! [`crate::Role::index`]: pawn, knight, bishop, rook, queen, king.
//!
//! The values are hand-set starting points, to be tuned in matches later; the
//! comments say why each term exists.

use super::taper::S;

// --- Material and phase -----------------------------------------------------------

/// Piece values on the board.
pub const PIECE_VALUE: [S; 6] = [
    S(90, 110),
    S(320, 300),
    S(335, 320),
    S(480, 540),
    S(980, 990),
    S(0, 0),
];

/// What each role contributes to the game phase (24 for the full orthodox array).
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Two bishops cover both square colours.
pub const BISHOP_PAIR: S = S(25, 45);

// --- Piece-square tables (built from these shapes in `pst.rs`) --------------------

/// Pawn advance by relative rank: pawns gain space and come closer to promotion.
pub const PAWN_RANK: [S; 8] = [
    S(0, 0),
    S(0, 0),
    S(2, 4),
    S(6, 10),
    S(12, 20),
    S(20, 34),
    S(30, 50),
    S(0, 0),
];
/// Central pawns on ranks 3-5 control the centre.
pub const PAWN_CENTER: S = S(10, 0);
/// Knights, bishops, queens and the endgame king are better centralised; these are
/// the values per step of centre distance below the average.
pub const KNIGHT_CENTER: S = S(7, 6);
pub const BISHOP_CENTER: S = S(4, 3);
pub const QUEEN_CENTER: S = S(2, 4);
pub const KING_CENTER: S = S(0, 9);
/// A rook on the seventh rank attacks pawns and cuts off the king.
pub const ROOK_SEVENTH: S = S(15, 20);
/// Rooks on central files support central play.
pub const ROOK_CENTER_FILE: S = S(5, 0);
/// A middlegame king is safest on its back rank, tucked towards a corner.
pub const KING_BACK_RANK_FILE: [i32; 8] = [10, 25, 5, -5, -5, 5, 25, 10];
/// ... and in danger for every rank it has walked up.
pub const KING_ADVANCE_MG: i32 = -18;

// --- Mobility ---------------------------------------------------------------------

/// Value of each square a piece can reach (not own pieces, not attacked by enemy pawns).
pub const MOBILITY: [S; 6] = [S(0, 0), S(4, 4), S(4, 5), S(2, 4), S(1, 2), S(0, 0)];
/// The typical number of such squares, so mobility is centred near zero.
pub const MOBILITY_CENTER: [i32; 6] = [0, 4, 6, 6, 12, 0];

// --- Pawn structure ---------------------------------------------------------------

/// Doubled pawns block each other.
pub const DOUBLED: S = S(-10, -20);
/// Isolated pawns cannot be defended by pawns.
pub const ISOLATED: S = S(-10, -14);
/// Pawns side by side or defending each other are hard to attack.
pub const CONNECTED: S = S(6, 6);
/// A passed pawn by relative rank: no enemy pawn can stop it, and it grows in value
/// the nearer it is to promotion, most of all in the endgame.
pub const PASSED: [S; 8] = [
    S(0, 0),
    S(4, 10),
    S(8, 16),
    S(14, 28),
    S(28, 52),
    S(48, 90),
    S(75, 140),
    S(0, 0),
];
/// A passed pawn whose stop square is occupied moves on only after the blocker goes.
pub const PASSED_BLOCKED_DIVISOR: i32 = 2;

// --- King safety ------------------------------------------------------------------

/// Own pawns in front of a castled king shelter it.
pub const SHIELD_NEAR: i32 = 12;
pub const SHIELD_FAR: i32 = 6;
pub const SHIELD_MISSING: i32 = -14;
/// A file near the king without own pawns lets rooks and queens in.
pub const KING_OPEN_FILE: i32 = -10;
/// Attack units per square of the king zone a piece attacks.
pub const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// The danger grows with the square of the attack units (several attackers
/// together are much worse than one); this divides that square.
pub const KING_DANGER_DIVISOR: i32 = 2;
/// And stops growing here.
pub const KING_DANGER_MAX: i32 = 600;
/// The endgame share of the danger, in quarters of the middlegame share.
pub const KING_DANGER_EG_QUARTERS: i32 = 1;

// --- Side to act and multi-action turns -------------------------------------------

/// Having the move is worth something.
pub const TEMPO: i32 = 12;
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
/// gained is worth more (in eighths of the orthodox pawn and passed-pawn advance).
pub const AVALANCHE_ADVANCE_EIGHTHS: i32 = 12;
/// Each own pawn the opponent can push: the opponent must push something, and every
/// push brings one of our pawns closer to promotion.
pub const AVALANCHE_PUSHABLE: S = S(3, 8);
