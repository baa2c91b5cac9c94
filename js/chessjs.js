// 'alfiere/chessjs' in browsers and bundlers: chess.js 1.4's exports over the web build
// of the wasm module. As with the rest of the package, call the main entry's `init()`
// once (`await init()` from 'alfiere') before the first `new Chess()`.

import { Game } from '../pkg/web/alfiere.js';
import { defineChess } from './chessjs/chess.js';

export const { Chess, Move, validateFen } = defineChess(Game);
export * from './chessjs/public.js';
