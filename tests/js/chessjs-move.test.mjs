// alfiere/chessjs move(): the input forms chess.js 1.4 takes, strict and permissive,
// its error messages, and typed errors.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs } from './chessjs/peers.mjs';
import { IllegalMoveError } from '../../js/chessjs-node.js';

/** What each library does with `input` from `fen`: the SAN played or the error message. */
function outcome(Library, fen, input, options) {
  const chess = new Library(fen);
  try {
    return chess.move(input, options).san;
  } catch (error) {
    return `throws ${error.message}`;
  }
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const PROMOTION = '8/P6k/8/8/8/8/8/K7 w - - 0 1';
const CASTLING = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
const KNIGHTS = '4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1';

const cases = [
  [START, 'e4'], [START, 'e2e4'], [START, 'e2-e4'], [START, 'e2xe4'], [START, 'Pe2e4'],
  [START, 'Pe2-e4'], [START, 'Ng1f3'], [START, 'ng1f3'], [START, 'g1f3'], [START, 'N1f3'],
  [START, 'Ngf3'], [START, 'Nf3#'], [START, 'Nf3!?'], [START, 'e4!+'], [START, 'Pe4'],
  [START, 'E4'], [START, 'nf3'], [START, 'Nxf3'], [START, 'N-f3'], [START, 'e5'], [START, ''],
  [START, ' e4'], [START, 'e4 '], [PROMOTION, 'a8=Q'], [PROMOTION, 'a8Q'], [PROMOTION, 'a8q'],
  [PROMOTION, 'a7a8'], [PROMOTION, 'a7a8q'], [PROMOTION, 'a7a8N'], [PROMOTION, 'a8'],
  [PROMOTION, 'a8=q'], [CASTLING, 'O-O'], [CASTLING, 'O-O-O'], [CASTLING, '0-0'],
  [CASTLING, '0-0-0'], [CASTLING, 'o-o'], [CASTLING, 'e1g1'], [CASTLING, 'e1h1'], [CASTLING, 'O-O+'],
  [KNIGHTS, 'Nd2'], [KNIGHTS, 'Nbd2'], [KNIGHTS, 'N1d2'], [KNIGHTS, 'b1d2'],
];

test('string moves: the same result as chess.js, permissive and strict', () => {
  for (const [fen, input] of cases) {
    for (const options of [undefined, { strict: true }]) {
      assert.equal(outcome(Chess, fen, input, options), outcome(ChessJs, fen, input, options),
        `${JSON.stringify(input)} ${JSON.stringify(options)} in ${fen}`);
    }
  }
});

test('object moves: exact squares, promotion letter required only for promotions', () => {
  for (const [fen, input] of [
    [START, { from: 'e2', to: 'e4' }], [START, { from: 'e2', to: 'e4', promotion: 'q' }],
    [START, { from: 'E2', to: 'e4' }], [START, { from: 'e2', to: 'e5' }],
    [PROMOTION, { from: 'a7', to: 'a8' }], [PROMOTION, { from: 'a7', to: 'a8', promotion: 'r' }],
    [PROMOTION, { from: 'a7', to: 'a8', promotion: 'Q' }], [PROMOTION, { from: 'a7', to: 'a8', promotion: 'k' }],
    [START, undefined], [START, 42], [START, {}],
  ]) {
    assert.equal(outcome(Chess, fen, input), outcome(ChessJs, fen, input), JSON.stringify(input));
  }
});

test('an illegal move throws an IllegalMoveError with chess.js message, and changes nothing', () => {
  const chess = new Chess();
  chess.move('e4');
  const before = chess.fen();
  assert.throws(() => chess.move('e5x'), (error) => {
    assert.ok(error instanceof Error);
    assert.ok(error instanceof IllegalMoveError);
    assert.equal(error.name, 'IllegalMoveError');
    assert.equal(error.code, 'ILLEGAL_MOVE');
    assert.equal(error.message, 'Invalid move: e5x');
    return true;
  });
  assert.equal(chess.fen(), before);
  assert.deepEqual(chess.history(), ['e4']);
});

test('null moves: "--", null and setTurn, refused in check', () => {
  const chess = new Chess();
  const pass = chess.move('--');
  assert.equal(pass.san, '--');
  assert.equal(pass.flags, '-');
  assert.equal(chess.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1');
  chess.move(null);
  assert.equal(chess.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2');
  assert.equal(chess.setTurn('w'), false);
  assert.equal(chess.setTurn('b'), true);
  assert.deepEqual(chess.history(), ['--', '--', '--']);
  chess.undo();
  chess.undo();
  assert.equal(chess.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1');
  chess.move('e5');
  assert.equal(chess.pgn(), '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n'
    + '[Black "?"]\n[Result "*"]\n\n1. -- e5 *');
  const checked = new Chess('4k3/8/8/8/8/8/8/4K2r w - - 0 1');
  assert.throws(() => checked.move('--'), { message: 'Null move not allowed when in check' });
  assert.throws(() => checked.setTurn('b'), IllegalMoveError);
});

test('six null moves from the start repeat the position three times', () => {
  const ours = new Chess();
  const theirs = new ChessJs();
  for (let i = 0; i < 6; i++) {
    ours.move(null);
    theirs.move(null);
    assert.equal(ours.hash(), theirs.hash());
    assert.equal(ours.isDraw(), theirs.isDraw());
  }
  assert.equal(ours.isThreefoldRepetition(), true);
});
