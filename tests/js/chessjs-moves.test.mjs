// alfiere/chessjs moves(): chess.js 1.4's lists, order, filters and Move objects.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs, Move, playedPair, shape } from './chessjs/peers.mjs';

test('moves() lists the start position in chess.js order', () => {
  const start = new Chess().moves();
  assert.deepEqual(start.slice(0, 4), ['a3', 'a4', 'b3', 'b4']);
  assert.deepEqual(start.slice(-4), ['Na3', 'Nc3', 'Nf3', 'Nh3']);
  assert.equal(start.length, 20);
});

test('moves() equals chess.js, order included, through 30 random games', () => {
  for (let seed = 1; seed <= 30; seed++) {
    const { ours, theirs, next } = playedPair(seed, 0);
    for (let ply = 0; ply < 150 && !theirs.isGameOver(); ply++) {
      assert.deepEqual(ours.moves(), theirs.moves(), `seed ${seed} ply ${ply} ${theirs.fen()}`);
      const list = theirs.moves();
      const san = list[next(list.length)];
      ours.move(san);
      theirs.move(san);
    }
  }
});

test('verbose moves are Move objects with chess.js fields in its order', () => {
  for (let seed = 100; seed < 130; seed++) {
    const { ours, theirs } = playedPair(seed, 40);
    const mine = ours.moves({ verbose: true });
    assert.equal(shape(mine), shape(theirs.moves({ verbose: true })), theirs.fen());
    for (const move of mine) {
      assert.ok(move instanceof Move);
      assert.deepEqual(Object.keys(move), ['color', 'from', 'to', 'piece', 'captured', 'promotion',
        'flags', 'san', 'lan', 'before', 'after']);
    }
  }
});

test('square and piece filters, also together, and bad squares', () => {
  const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  const ours = new Chess(fen);
  const theirs = new ChessJs(fen);
  for (const options of [{ square: 'e1' }, { square: 'E1' }, { piece: 'k' }, { piece: 'N' },
    { square: 'e1', piece: 'k' }, { square: 'e1', piece: 'q' }, { square: 'z9' }, { square: 'e4' },
    { piece: 'p', verbose: true }, { square: 'd5', verbose: true }]) {
    assert.equal(shape(ours.moves(options)), shape(theirs.moves(options)), JSON.stringify(options));
  }
  assert.ok(ours.moves({ square: 'e1' }).includes('O-O'));
});

test('promotions come knight, bishop, rook, queen and carry the np/cp flags', () => {
  const ours = new Chess('1r5k/P7/8/8/8/8/8/K7 w - - 0 1');
  assert.deepEqual(ours.moves({ square: 'a7' }), ['a8=N', 'a8=B', 'a8=R', 'a8=Q', 'axb8=N', 'axb8=B', 'axb8=R+', 'axb8=Q+']);
  const flags = ours.moves({ verbose: true, square: 'a7' }).map((move) => move.flags);
  assert.deepEqual(flags, ['np', 'np', 'np', 'np', 'cp', 'cp', 'cp', 'cp']);
});

test('Move predicates follow chess.js (en passant is not isCapture)', () => {
  const chess = new Chess('4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1');
  const [ep] = chess.moves({ verbose: true, square: 'e5' }).filter((m) => m.to === 'd6');
  assert.equal(ep.isEnPassant(), true);
  assert.equal(ep.isCapture(), false);
  const castle = chess.moves({ verbose: true }).find((m) => m.san === 'O-O');
  assert.equal(castle.isKingsideCastle(), true);
  assert.equal(castle.isQueensideCastle(), false);
  assert.equal(castle.lan, 'e1g1');
});
