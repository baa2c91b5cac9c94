// 'alfiere/chessjs' in browsers and bundlers: chess.js 1.4's exports over the web build
// of the wasm module. As with the rest of the package, call the main entry's `init()`
// once (`await init()` from 'alfiere') before the first `new Chess()`.

import { Game } from '../pkg/web/alfiere.js';
import { defineChess } from './chessjs/chess.js';

export const { Chess, Move, validateFen } = defineChess(Game);
export {
  WHITE, BLACK, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, DEFAULT_POSITION, SQUARES, SEVEN_TAG_ROSTER,
} from './chessjs/constants.js';
export { xoroshiro128 } from './chessjs/zobrist.js';
export {
  IllegalMoveError, InvalidFenError, InvalidPgnError, InvalidArgumentError,
} from './errors.js';
