// alfiere/chessjs board editing and queries: get, put, remove, clear, findPiece, board,
// ascii, squareColor, attackers, isAttacked and castling rights, as chess.js 1.4.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, ChessJs, playedPair } from './chessjs/peers.mjs';

function same(script, fen) {
  assert.deepEqual(script(fen ? new Chess(fen) : new Chess()), script(fen ? new ChessJs(fen) : new ChessJs()));
}

test('queries equal chess.js on random positions', () => {
  for (let seed = 1; seed <= 15; seed++) {
    const { ours, theirs } = playedPair(seed, 30 + seed * 3);
    for (const chess of [ours, theirs]) chess.board(); // warm both
    assert.deepEqual(ours.board(), theirs.board());
    assert.equal(ours.ascii(), theirs.ascii());
    for (const square of ['a1', 'e4', 'h8', 'd5', 'A1', 'i9', '']) {
      assert.deepEqual(ours.get(square), theirs.get(square), square);
      assert.equal(ours.squareColor(square), theirs.squareColor(square), square);
      assert.deepEqual(ours.attackers(square), theirs.attackers(square), square);
      for (const color of ['w', 'b']) {
        assert.deepEqual(ours.attackers(square, color), theirs.attackers(square, color), `${square} ${color}`);
        assert.equal(ours.isAttacked(square, color), theirs.isAttacked(square, color), `${square} ${color}`);
      }
    }
    for (const type of 'pnbrqk') {
      for (const color of 'wb') assert.deepEqual(ours.findPiece({ type, color }), theirs.findPiece({ type, color }));
    }
  }
});

test('put: success and refusals, castling rights and en passant dropped, headers', () => {
  same((chess) => [
    chess.remove('d1'),
    chess.remove('h7'),
    chess.put({ type: 'q', color: 'w' }, 'e4'),
    chess.put({ type: 'k', color: 'w' }, 'e5'),
    chess.put({ type: 'k', color: 'w' }, 'e1'),
    chess.put({ type: 'x', color: 'w' }, 'e4'),
    chess.put({ type: 'n', color: 'b' }, 'z9'),
    chess.put({ type: 'n', color: 'b' }, 'h1'),
    chess.fen(),
    chess.getHeaders(),
    chess.getCastlingRights('w'),
    chess.moves().length,
  ]);
  same((chess) => [chess.put({ type: 'p', color: 'b' }, 'a3'), chess.fen(), chess.hash()],
    'rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 3');
});

test('remove: returns the piece, keeps history, and the game goes on', () => {
  same((chess) => {
    chess.move('e4');
    const seen = [chess.remove('d7'), chess.remove('d7'), chess.remove('zz'), chess.fen(), chess.history()];
    chess.move('Qxd2+');
    seen.push(chess.fen(), chess.isCheck(), chess.getHeaders());
    return seen;
  });
});

test('clear, then building a position piece by piece', () => {
  same((chess) => {
    chess.clear();
    const seen = [chess.fen(), chess.moves(), chess.isGameOver(), chess.board()[0]];
    chess.put({ type: 'k', color: 'w' }, 'e1');
    chess.put({ type: 'k', color: 'b' }, 'e8');
    chess.put({ type: 'r', color: 'w' }, 'h1');
    seen.push(chess.fen(), chess.moves(), chess.setCastlingRights('w', { k: true }), chess.fen());
    seen.push(chess.moves({ square: 'e1' }));
    return seen;
  });
  // chess.js leaves its hash stale after setCastlingRights; a fresh load of the FEN is the reference.
  const chess = new Chess();
  chess.clear();
  chess.put({ type: 'k', color: 'w' }, 'e1');
  chess.put({ type: 'k', color: 'b' }, 'e8');
  chess.put({ type: 'r', color: 'w' }, 'h1');
  chess.setCastlingRights('w', { k: true });
  assert.equal(chess.hash(), new ChessJs(chess.fen()).hash());
});

test('castling rights helpers', () => {
  same((chess) => [
    chess.getCastlingRights('w'),
    chess.setCastlingRights('w', { k: false }),
    chess.fen(),
    chess.setCastlingRights('b', { q: true, k: false }),
    chess.getCastlingRights('b'),
    chess.setCastlingRights('w', {}),
  ]);
  same((chess) => [chess.setCastlingRights('w', { k: true }), chess.getCastlingRights('w')], '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
});

test('setTurn hands the move to the other side', () => {
  same((chess) => [chess.setTurn('b'), chess.turn(), chess.fen(), chess.moves().slice(0, 3), chess.moveNumber()]);
});
