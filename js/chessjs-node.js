// 'alfiere/chessjs' in Node: chess.js 1.4's exports over the Node build of the wasm
// module, which loads synchronously, so `new Chess()` works right after import or
// require().

import { Game } from '../pkg/node/alfiere.js';
import { defineChess } from './chessjs/chess.js';

export const { Chess, Move, validateFen } = defineChess(Game);
export * from './chessjs/public.js';
