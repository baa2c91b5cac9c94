// alfiere/chessjs perft: chess.js 1.4's counts and its depth rules.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs } from './chessjs/peers.mjs';

test('perft counts of well-known positions', () => {
  for (const [fen, depth, nodes] of [
    ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 3, 97862],
    ['r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10', 3, 89890],
    ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 4, 43238],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 4, 197281],
  ]) {
    assert.equal(new Chess(fen).perft(depth), nodes, fen);
  }
});

test('depth 1 and below count the legal moves, and perft changes nothing', () => {
  const chess = new Chess();
  chess.move('e4');
  const fen = chess.fen();
  assert.equal(chess.perft(1), 20);
  assert.equal(chess.perft(0), 20);
  assert.equal(chess.perft(-3), 20);
  assert.equal(chess.fen(), fen);
  assert.deepEqual(chess.history(), ['e4']);
});

test('promotion-heavy positions count as chess.js counts them', () => {
  for (const fen of ['8/PPP4k/8/8/8/8/4Kppp/8 w - - 0 1', 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1']) {
    assert.equal(new Chess(fen).perft(3), new ChessJs(fen).perft(3), fen);
  }
});
