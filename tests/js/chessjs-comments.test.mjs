// alfiere/chessjs comments: keyed by position as in chess.js 1.4, pruned by getComments.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs } from './chessjs/peers.mjs';

/** Runs the same script on both libraries and compares every return value. */
function same(script) {
  const ours = new Chess();
  const theirs = new ChessJs();
  assert.deepEqual(script(ours), script(theirs));
}

test('get, set, remove, with the first braces replaced', () => {
  same((chess) => {
    const seen = [chess.getComment()];
    chess.setComment('{a} b}');
    seen.push(chess.getComment());
    chess.move('e4');
    chess.setComment('after e4');
    seen.push(chess.getComments(), chess.removeComment(), chess.removeComment(), chess.deleteComment());
    return seen;
  });
});

test('getComments prunes comments off the current line; without it they survive a detour', () => {
  same((chess) => {
    chess.move('e4');
    chess.setComment('kept?');
    chess.undo();
    chess.move('e4');
    const withoutPrune = chess.getComments();
    chess.undo();
    chess.getComments();
    chess.move('e4');
    return [withoutPrune, chess.getComments()];
  });
});

test('removeComments returns them in game order; load, reset and clear drop them', () => {
  same((chess) => {
    chess.setComment('start');
    chess.move('e4');
    chess.move('e5');
    chess.setComment('e5');
    chess.undo();
    chess.setComment('e4');
    chess.move('e5');
    const removed = chess.removeComments();
    chess.setComment('x');
    chess.reset();
    const afterReset = chess.getComments();
    chess.setComment('y');
    chess.clear();
    return [removed, afterReset, chess.getComments(), chess.deleteComments()];
  });
});

test('comments travel through pgn() and loadPgn()', () => {
  same((chess) => {
    chess.setComment('opening');
    chess.move('d4');
    chess.setComment('queen pawn');
    chess.move('Nf6');
    const text = chess.pgn();
    chess.reset();
    chess.loadPgn(text);
    return [text, chess.getComments()];
  });
});

test('an annotated PGN (as `alfiere annotate` writes it) keeps its evaluations as comments, as chess.js does', () => {
  const pgn = '1. e4 { [%eval 0.31] } e5 { [%eval 0.28] } 2. Qh5 { [%eval -0.1] } Nc6 { [%eval 0.05] } ' +
    '3. Bc4 { [%eval 0.1] } Nf6 $4 { [%eval #1] Blunder. Best was g6. } 4. Qxf7# 1-0';
  // The same comments, moves and PGN as chess.js (which, like it, writes no NAGs).
  same((chess) => {
    chess.loadPgn(pgn);
    return [chess.getComments(), chess.history(), chess.pgn()];
  });
  const ours = new Chess();
  ours.loadPgn(pgn);
  const written = ours.pgn();
  for (const command of ['{ [%eval 0.31] }', '{ [%eval #1] Blunder. Best was g6. }']) assert.ok(written.includes(command), `${command} in ${written}`);
});
