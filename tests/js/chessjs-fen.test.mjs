// alfiere/chessjs FEN: load, fen, validateFen and the en-passant field as chess.js 1.4
// writes them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs, validateFen } from './chessjs/peers.mjs';
import { validateFen as chessJsValidateFen } from 'chess.js';
import { InvalidFenError } from '../../js/chessjs-node.js';

const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR',
  ' rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1',
  'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1',
  'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1',
  'rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1',
  'Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '4k3/8/8/8/8/8/8/4K3 w - - 5x 1.5',
];

test('validateFen gives chess.js answers and messages', () => {
  for (const fen of FENS) assert.deepEqual(validateFen(fen), chessJsValidateFen(fen), fen);
  assert.deepEqual(validateFen(FENS[0]), { ok: true });
  assert.throws(() => validateFen(42), TypeError);
});

test('load completes short FENs and throws InvalidFenError with the message, state kept', () => {
  for (const fen of FENS) {
    const ours = new Chess();
    ours.move('e4');
    const theirs = new ChessJs();
    let expected;
    try {
      theirs.load(fen);
      expected = theirs.fen();
    } catch (error) {
      expected = `throws ${error.message}`;
    }
    let actual;
    try {
      ours.load(fen);
      actual = ours.fen();
    } catch (error) {
      assert.ok(error instanceof InvalidFenError);
      assert.equal(ours.history().length, 1, 'a failed load changes nothing');
      actual = `throws ${error.message}`;
    }
    assert.equal(actual, expected, fen);
  }
});

test('the en-passant field shows only legal captures; forceEnpassantSquare shows chess.js own', () => {
  const cases = [
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['e4']],
    ['rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['e4']],
    ['4k3/8/8/8/5p2/8/4P3/4K2B w - - 0 1', ['e4']],
    ['8/8/8/8/1k3p1R/8/4P3/4K3 w - - 0 1', ['e4']],
    ['4k3/8/8/8/8/8/8/4K3 w - e6 0 1', []],
  ];
  for (const [fen, moves] of cases) {
    const ours = new Chess(fen, { skipValidation: true });
    const theirs = new ChessJs(fen, { skipValidation: true });
    for (const move of moves) {
      ours.move(move);
      theirs.move(move);
    }
    assert.equal(ours.fen(), theirs.fen(), fen);
    assert.equal(ours.fen({ forceEnpassantSquare: true }), theirs.fen({ forceEnpassantSquare: true }), fen);
    assert.equal(ours.hash(), theirs.hash(), fen);
  }
});

test('castling rights without their rook are kept as chess.js keeps them', () => {
  const fen = '7k/5K2/4R3/8/8/8/8/8 w KQkq - 0 1';
  const ours = new Chess(fen);
  const theirs = new ChessJs(fen);
  ours.move('Re8+');
  theirs.move('Re8+');
  assert.equal(ours.fen(), theirs.fen());
  assert.equal(ours.fen(), '4R2k/5K2/8/8/8/8/8/8 b KQkq - 1 1');
  assert.deepEqual(ours.getCastlingRights('w'), { k: true, q: true });
  for (const san of ['Kh7', 'Re1', 'Kh6', 'Kf6']) {
    ours.move(san);
    theirs.move(san);
    assert.equal(ours.fen(), theirs.fen(), `after ${san}`);
    assert.equal(ours.hash(), theirs.hash(), `after ${san}`);
    assert.equal(ours.history({ verbose: true }).at(-1).after, theirs.history({ verbose: true }).at(-1).after);
  }
});
