// The position editor's FEN (js/board/editor-fen.js) against the core: every rule
// set's positions read and written back, castling rights as rook squares (Chess960's on
// any file), Alice's boards, Chess-Gi's hands, the turn in progress, and text that is
// not a FEN refused with a typed error.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFen, writeFen, prune, castlingCandidates, enPassantCandidates } from '../../js/board/editor-fen.js';

let A;
let facts;

before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
  facts = Object.fromEntries(A.variants().map((v) => [v.id, v]));
});

const roundTrip = (id, fen) => writeFen(facts[id], readFen(A, facts[id], fen));

test('positions of every rule set read and write back the same (a turn part-played too)', () => {
  for (const variant of A.variants()) {
    const game = new A.Game(variant.id);
    for (let i = 0; i < 6 && !game.isGameOver(); i++) {
      const fen = game.fen();
      // Avalanche writes its "nothing pending" explicitly; the editor's six fields mean the same start of a turn.
      const expected = variant.id === 'avalanche' ? fen.replace(/ -$/, '') : fen;
      assert.equal(roundTrip(variant.id, fen), expected, `${variant.id} after ${i} actions`);
      assert.ok(A.validateFen(roundTrip(variant.id, fen), variant.id).ok, variant.id);
      game.move(game.legalMoves()[0]);
    }
    game.free();
  }
});

test('castling rights are rook squares: KQkq in chess, file letters in Chess960', () => {
  const chess = readFen(A, facts.chess, 'r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1');
  assert.deepEqual([...chess.castling].sort(), ['a8', 'h1']);
  assert.deepEqual(castlingCandidates(chess.pieces, 'w'), ['a1', 'h1']);
  chess.castling.add('a1');
  assert.equal(writeFen(facts.chess, chess), 'r3k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1');
  // Chess960: rooks on b1 and g1, written as Shredder-FEN file letters.
  const fen960 = '1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1';
  assert.ok(A.validateFen(fen960, 'chess960').ok);
  const p960 = readFen(A, facts.chess960, fen960);
  assert.deepEqual([...p960.castling].sort(), ['b1', 'b8', 'g1', 'g8']);
  assert.equal(writeFen(facts.chess960, p960), fen960);
  // A rook taken away takes its right with it.
  p960.pieces.delete('g1');
  prune(p960);
  assert.equal(writeFen(facts.chess960, p960), '1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K3 w Bgb - 0 1');
});

test("Alice's boards, Chess-Gi's hands and the turn in progress are written in the dialect", () => {
  const alice = readFen(A, facts.alice, '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  alice.pieces.set('d4', { color: 'w', type: 'q', board: 'b' });
  assert.equal(writeFen(facts.alice, alice), '4k3/8/8/8/3|Q4/8/8/4K3 w - - 0 1');
  const gi = readFen(A, facts.chessgi, '4k3/8/8/8/8/8/8/4K3[] w - - 0 1');
  gi.hands.w.q = 1;
  gi.hands.b.p = 2;
  const giFen = writeFen(facts.chessgi, gi);
  assert.equal(giFen, '4k3/8/8/8/8/8/8/4K3[Qpp] w - - 0 1');
  assert.deepEqual(A.placementHands(giFen).b, { p: 2, n: 0, b: 0, r: 0, q: 0 });
  const mars = readFen(A, facts.marseillais, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  mars.played = 1;
  assert.match(writeFen(facts.marseillais, mars), / 2:1$/);
  const prog = readFen(A, facts['progressive-scottish'], 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 3');
  prog.played = 2;
  assert.match(writeFen(facts['progressive-scottish'], prog), / 6:2$/); // Black's series at move 3 has 6 actions
  // Avalanche: the push still to play is the seventh field, read back as written.
  const ava = readFen(A, facts.avalanche, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1');
  ava.push = true;
  const pushFen = writeFen(facts.avalanche, ava);
  assert.equal(pushFen, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 push');
  assert.ok(A.validateFen(pushFen, 'avalanche').ok);
  assert.equal(readFen(A, facts.avalanche, pushFen).push, true);
});

test('en passant squares are offered behind a pawn just past its double step', () => {
  const p = readFen(A, facts.chess, '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
  assert.deepEqual(enPassantCandidates(p.pieces, 'w'), ['d6']);
  assert.deepEqual([...p.ep], ['d6']);
  p.turn = 'b';
  prune(p);
  assert.deepEqual([...p.ep], []);
});

test('text that is not a FEN is refused with a typed error', () => {
  const bad = ['', 'not a fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', '8/8/8/8/8/8/8/8 w KQ! - 0 1', '8/8/8/8/8/8/8/8 w - e4 0 1', '8/8/8/8/8/8/8/8 w - - 0 0', '8/8/8/8/8/8/8/8 w - - 0 1 x y', '<img src=x>/8/8/8/8/8/8/8 w - - 0 1'];
  for (const fen of bad) {
    assert.throws(() => readFen(A, facts.chess, fen), (err) => err.name === 'InvalidFenError', fen);
  }
  assert.throws(() => readFen(A, facts.chess, 'x'.repeat(600)), /too long/);
  // A seventh field of another rule set.
  assert.throws(() => readFen(A, facts.chess, '4k3/8/8/8/8/8/8/4K3 w - - 0 1 2:1'), /seventh field/);
});
