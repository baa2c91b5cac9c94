// alfiere/chessjs endings: check, mate, stalemate, material, repetition and the fifty
// moves as chess.js 1.4 reports them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs, playedPair } from './chessjs/peers.mjs';

const STATES = ['isCheck', 'inCheck', 'isCheckmate', 'isStalemate', 'isInsufficientMaterial',
  'isThreefoldRepetition', 'isDrawByFiftyMoves', 'isDraw', 'isGameOver'];
const state = (chess) => Object.fromEntries(STATES.map((name) => [name, chess[name]()]));

test('each ending in a named position', () => {
  for (const fen of [
    'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
    '4k3/4P3/4K3/8/8/8/8/8 b - - 0 78',
    '8/8/8/8/8/8/8/k1K5 w - - 0 1',
    '8/8/8/8/8/8/8/kNK5 w - - 0 1',
    '8/8/8/8/8/8/8/kBK5 w - - 0 1',
    '8/8/8/8/8/8/b7/kBK5 w - - 0 1',
    '8/8/8/8/8/8/1b6/kBK5 w - - 0 1',
    '8/8/8/8/8/8/n7/kNK5 w - - 0 1',
    '4k3/8/8/8/8/8/8/4K2R w K - 100 80',
    'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 99 50',
  ]) {
    assert.deepEqual(state(new Chess(fen)), state(new ChessJs(fen)), fen);
  }
});

test('threefold repetition counts as a draw at once, and undo un-counts it', () => {
  const ours = new Chess();
  const theirs = new ChessJs();
  for (const san of ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']) {
    ours.move(san);
    theirs.move(san);
    assert.deepEqual(state(ours), state(theirs), san);
    assert.equal(ours._getPositionCount(BigInt(`0x${ours.hash()}`)), theirs._getPositionCount(BigInt(`0x${theirs.hash()}`)));
  }
  assert.equal(ours.isThreefoldRepetition(), true);
  ours.undo();
  theirs.undo();
  assert.equal(ours.isThreefoldRepetition(), false);
  assert.equal(ours._positionCount.size, theirs._positionCount.size);
  assert.equal(ours._positionCount.size, 4);
});

test('states equal chess.js along random games', () => {
  for (let seed = 200; seed < 230; seed++) {
    const { ours, theirs, next } = playedPair(seed, 0);
    for (let ply = 0; ply < 300 && !theirs.isGameOver(); ply++) {
      const list = theirs.moves();
      const san = list[next(list.length)];
      ours.move(san);
      theirs.move(san);
    }
    assert.deepEqual(state(ours), state(theirs), theirs.fen());
  }
});
