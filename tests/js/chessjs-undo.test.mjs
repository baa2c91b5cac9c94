// alfiere/chessjs undo() and history(): chess.js 1.4's return values and state.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs, playedPair, shape } from './chessjs/peers.mjs';

test('undo() returns the Move as played and restores FEN, hash and history', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const { ours, theirs } = playedPair(seed, 80);
    assert.equal(shape(ours.history({ verbose: true })), shape(theirs.history({ verbose: true })));
    while (theirs.history().length > 0) {
      assert.equal(shape(ours.undo()), shape(theirs.undo()));
      assert.equal(ours.fen(), theirs.fen());
      assert.equal(ours.hash(), theirs.hash());
      assert.deepEqual(ours.history(), theirs.history());
    }
    assert.equal(ours.undo(), null);
  }
});

test('history starts at the last load, reset or clear', () => {
  const chess = new Chess();
  chess.move('e4');
  chess.load('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  assert.deepEqual(chess.history(), []);
  assert.equal(chess.undo(), null);
  chess.move('e5');
  chess.reset();
  assert.deepEqual(chess.history(), []);
});

test('undo after a board edit takes the move back on the edited board, as chess.js does', () => {
  const ours = new Chess();
  const theirs = new ChessJs();
  for (const chess of [ours, theirs]) {
    chess.move('e4');
    chess.put({ type: 'q', color: 'w' }, 'a6');
    chess.undo();
  }
  assert.equal(ours.fen(), theirs.fen());
  assert.equal(ours.fen(), 'rnbqkbnr/pppppppp/Q7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.deepEqual(ours.history(), []);
});
