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

test('boards no game reaches (extra material, the side not to move in check, no kings) play as in chess.js', () => {
  // Random edits of random games, the same on both: every put and remove answers the
  // same, and so do the moves, FEN, hash, endings and attackers of each board built.
  // One departure: chess.js lists a capture of a king in check on the side not to
  // move (docs/chessjs-api.md §3); alfiere never captures a king, so those moves
  // are left out of chess.js's list, and the endings are compared only without them.
  const pieces = 'pnbrqkPNBRQK';
  let edited = 0;
  const met = { extra: 0, kingless: 0, kingTaken: 0 };
  for (let seed = 1; seed <= 25; seed++) {
    // Few plies: the boards stay full, so added pieces soon make a seventeenth.
    const { ours, theirs, next } = playedPair(seed, 2 + (seed % 5));
    for (let step = 0; step < 8; step++) {
      const square = 'abcdefgh'[next(8)] + (1 + next(8));
      if (next(3) === 0) {
        assert.deepEqual(ours.remove(square), theirs.remove(square), `remove ${square}`);
      } else {
        const letter = pieces[next(pieces.length)];
        const piece = { type: letter.toLowerCase(), color: letter === letter.toLowerCase() ? 'b' : 'w' };
        // chess.js lets a pawn stand on its first or last rank; alfiere does not.
        if (piece.type === 'p' && /[18]/.test(square[1])) continue;
        assert.equal(ours.put(piece, square), theirs.put(piece, square), `put ${letter} ${square}`);
      }
      edited += 1;
      const where = `seed ${seed} step ${step}: ${theirs.fen()}`;
      assert.equal(ours.fen(), theirs.fen(), where);
      assert.equal(ours.hash(), theirs.hash(), where);
      const theirMoves = theirs.moves({ verbose: true });
      const kingTaken = theirMoves.some((move) => move.captured === 'k');
      const placement = theirs.fen().split(' ')[0];
      if (placement.replace(/[^A-Z]/g, '').length > 16 || placement.replace(/[^a-z]/g, '').length > 16) met.extra += 1;
      if (!placement.includes('K') || !placement.includes('k')) met.kingless += 1;
      if (kingTaken) met.kingTaken += 1;
      assert.deepEqual(ours.moves(), theirMoves.filter((move) => move.captured !== 'k').map((move) => move.san), where);
      assert.equal(ours.isCheck(), theirs.isCheck(), where);
      if (!kingTaken) {
        assert.equal(ours.isCheckmate(), theirs.isCheckmate(), where);
        assert.equal(ours.isStalemate(), theirs.isStalemate(), where);
        assert.equal(ours.isGameOver(), theirs.isGameOver(), where);
      }
      for (const color of ['w', 'b']) assert.deepEqual(ours.attackers(square, color), theirs.attackers(square, color), where);
    }
  }
  assert.ok(edited > 150);
  assert.ok(met.extra > 20 && met.kingless > 5 && met.kingTaken > 0, JSON.stringify(met));
});

test('kingless boards: pseudo-legal moves, no check, and a game that goes on', () => {
  same((chess) => {
    chess.remove('e1');
    chess.remove('e8');
    const seen = [chess.moves(), chess.inCheck(), chess.isCheckmate(), chess.isStalemate(), chess.fen()];
    chess.move('Qe1');
    seen.push(chess.moves({ verbose: true }).length, chess.fen(), chess.pgn());
    return seen;
  });
});
