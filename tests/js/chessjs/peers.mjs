// Shared by the chessjs-*.test.mjs files: alfiere/chessjs next to chess.js 1.4 (a
// devDependency, run here only as the reference), and seeded random play on both.

export { Chess, Move, validateFen, SEVEN_TAG_ROSTER } from '../../../js/chessjs-node.js';
import { Chess } from '../../../js/chessjs-node.js';
import { Chess as ChessJs } from 'chess.js';

export { ChessJs };

/** A seeded pseudo-random integer source: `next(n)` in [0, n). */
export function seeded(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

/** Both libraries from `fen`, with `plies` random moves chosen from chess.js's list. */
export function playedPair(seed, plies, fen) {
  const next = seeded(seed);
  const ours = fen ? new Chess(fen) : new Chess();
  const theirs = fen ? new ChessJs(fen) : new ChessJs();
  for (let i = 0; i < plies && !theirs.isGameOver(); i++) {
    const moves = theirs.moves();
    const san = moves[next(moves.length)];
    theirs.move(san);
    ours.move(san);
  }
  return { ours, theirs, next };
}

/** JSON of a value, so deep comparisons also see key order and undefined members. */
export const shape = (value) => JSON.stringify(value, (_, v) => (v === undefined ? '<undefined>' : v));
