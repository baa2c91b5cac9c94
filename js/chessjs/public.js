// What 'alfiere/chessjs' exports besides the classes, the same in every build: chess.js's
// constants and generator, and the typed errors its methods throw.

export {
  WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, DEFAULT_POSITION, SQUARES, SEVEN_TAG_ROSTER,
} from './constants.js';
export { xoroshiro128 } from './zobrist.js';
export {
  IllegalMoveError, InvalidFenError, InvalidPgnError, InvalidArgumentError,
} from '../errors.js';
