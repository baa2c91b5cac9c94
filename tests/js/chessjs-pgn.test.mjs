// alfiere/chessjs PGN out and in: chess.js 1.4's layout, line filling, and loadPgn.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs, playedPair } from './chessjs/peers.mjs';
import { InvalidPgnError } from '../../js/chessjs-node.js';

test('pgn() equals chess.js for random games with comments, at several widths and newlines', () => {
  for (let seed = 1; seed <= 25; seed++) {
    const { ours, theirs, next } = playedPair(seed, 0);
    for (let ply = 0; ply < 90 && !theirs.isGameOver(); ply++) {
      if (next(6) === 0) {
        ours.setComment(`note ${ply}  with  spaces`);
        theirs.setComment(`note ${ply}  with  spaces`);
      }
      const list = theirs.moves();
      const san = list[next(list.length)];
      ours.move(san);
      theirs.move(san);
    }
    ours.setHeader('White', 'Someone');
    theirs.setHeader('White', 'Someone');
    for (const options of [undefined, { maxWidth: 16 }, { maxWidth: 40, newline: '<br />' }, { maxWidth: 5 }]) {
      assert.equal(ours.pgn(options), theirs.pgn(options), `seed ${seed} ${JSON.stringify(options)}`);
    }
  }
});

test('pgn() of a game starting with Black and of a game without moves', () => {
  const fen = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 45';
  for (const make of [() => new Chess(fen), () => new Chess()]) {
    const ours = make();
    const theirs = new ChessJs(ours.fen());
    assert.equal(ours.pgn(), theirs.pgn());
    ours.setComment('start');
    theirs.setComment('start');
    assert.equal(ours.pgn(), theirs.pgn());
    const [move] = theirs.moves();
    ours.move(move);
    theirs.move(move);
    assert.equal(ours.pgn(), theirs.pgn());
  }
});

test('loadPgn reads what pgn() writes: moves, comments, tags, result, hash', () => {
  for (let seed = 30; seed <= 45; seed++) {
    const { theirs, next } = playedPair(seed, 0);
    for (let ply = 0; ply < 120 && !theirs.isGameOver(); ply++) {
      const list = theirs.moves();
      theirs.move(list[next(list.length)]);
      if (next(8) === 0) theirs.setComment(`c${ply}`);
    }
    theirs.setHeader('Event', 'Seeded');
    const text = theirs.pgn();
    const ours = new Chess();
    ours.loadPgn(text);
    const reference = new ChessJs();
    reference.loadPgn(text);
    assert.equal(ours.fen(), reference.fen());
    assert.equal(ours.hash(), reference.hash());
    assert.deepEqual(ours.history(), reference.history());
    assert.deepEqual(ours.getComments(), reference.getComments());
    assert.deepEqual(ours.getHeaders(), reference.getHeaders());
    assert.equal(ours.pgn(), reference.pgn());
  }
});

test('loadPgn: variations and NAGs are skipped, the result marker wins, newlineChar', () => {
  const text = '[Event "x"]\r\n[Result "*"]\r\n\r\n1. e4 $1 (1. d4 d5) e5 {main} 2. Nf3 1-0';
  for (const options of [undefined, { newlineChar: '\r\n' }]) {
    const ours = new Chess();
    ours.loadPgn(text, options);
    assert.deepEqual(ours.history(), ['e4', 'e5', 'Nf3']);
    assert.equal(ours.getHeaders().Result, '1-0');
    assert.deepEqual(ours.getComments().map((c) => c.comment), ['main']);
  }
});

test('loadPgn: an illegal move throws InvalidPgnError with chess.js message; state kept', () => {
  const chess = new Chess();
  chess.move('d4');
  assert.throws(() => chess.loadPgn('1. e4 e4 *'), (error) => {
    assert.ok(error instanceof InvalidPgnError);
    assert.equal(error.message, 'Invalid move in PGN: e4');
    return true;
  });
  assert.deepEqual(chess.history(), ['d4']);
});

test('loadPgn: a FEN tag sets the start; strict mode wants SetUp with it', () => {
  const text = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *';
  const chess = new Chess();
  chess.loadPgn(text, { strict: true });
  assert.equal(chess.fen(), '8/3k4/8/8/4P3/8/8/4K3 w - - 1 2');
  assert.equal(chess.getHeaders().FEN, '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1');
  assert.throws(() => chess.loadPgn('[SetUp "1"]\n\n1. e4 *', { strict: true }),
    { message: 'Invalid PGN: FEN tag must be supplied with SetUp tag' });
  // Without SetUp, strict mode starts from the standard position; permissive mode
  // still takes the FEN tag.
  const bare = '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 *';
  chess.loadPgn(bare, { strict: true });
  assert.equal(chess.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  chess.loadPgn(bare);
  assert.equal(chess.fen(), '4k3/8/8/8/4P3/8/8/4K3 b - - 0 1');
  chess.loadPgn('');
  assert.equal(chess.fen(), new Chess().fen());
});
