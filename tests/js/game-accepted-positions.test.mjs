// The Game's `accept` option (load, loadPgn, put, remove): positions no game reaches,
// accepted only by named kinds of problem, and the comment views (trimmed by default,
// `asWritten` exactly as the PGN had them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game } from 'alfiere';

const SEVENTEEN = '5k2/8/3N1N2/2NBQQN1/3R1R2/2NPRPN1/3N1N2/4K3 w - - 0 1';
const isError = (name) => (e) => e instanceof Error && e.name === name;

test('nothing is accepted by default; each kind only when named', () => {
  const game = new Game();
  assert.throws(() => game.load(SEVENTEEN), isError('InvalidFenError'));
  assert.throws(() => game.load(SEVENTEEN, { accept: ['missing-king', 'opposite-check'] }), isError('InvalidFenError'));
  assert.equal(game.fen(), new Game().fen());
  game.load(SEVENTEEN, { accept: ['too-many-pieces'] });
  assert.equal(game.fen(), SEVENTEEN);
  assert.equal(game.attackers('e4', 'w').length, 16);
  assert.equal(game.perft(3), 5432); // python-chess's count, as in tests/accepted.rs
  assert.throws(() => game.load(SEVENTEEN, { accept: ['too-many-kings'] }),
    (e) => isError('InvalidArgumentError')(e) && e.message.includes('missing-king'));
});

test('put and remove build boards piece by piece when asked', () => {
  const game = new Game();
  assert.throws(() => game.put({ type: 'q', color: 'w' }, 'd5'), isError('InvalidPositionError'));
  game.put({ type: 'q', color: 'w' }, 'd5', { accept: ['too-many-pieces'] });
  assert.equal(game.board().flat().filter((p) => p?.color === 'w').length, 17);
  // Removing a king: refused, then a kingless side moving every piece it can.
  const fen = game.fen();
  assert.throws(() => game.remove('e1', { accept: ['too-many-pieces'] }), isError('InvalidPositionError'));
  assert.equal(game.fen(), fen);
  const all = { accept: ['too-many-pieces', 'missing-king'] };
  game.remove('e1', all);
  game.remove('e8', all);
  assert.ok(game.moves().includes('Qe1'));
  assert.equal(game.isCheck(), false);
  assert.equal(game.outcome(), null);
  game.move('Qxd7');
  assert.equal(game.history().length, 1);
  assert.equal(game.turn(), 'b');
});

test('the side not to move in check: no move takes the king', () => {
  const game = new Game();
  game.load('4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1', { accept: ['opposite-check'] });
  const moves = game.moves({ verbose: true });
  assert.ok(moves.length > 20);
  assert.ok(moves.every((move) => move.to !== 'e8'));
});

test('loadPgn accepts a FEN tag with named problems', () => {
  const pgn = '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/p7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n\n1. Nf3 *';
  const game = new Game();
  assert.throws(() => game.loadPgn(pgn), isError('InvalidPgnError'));
  game.loadPgn(pgn, { accept: ['too-many-pieces'] });
  assert.deepEqual(game.history(), ['Nf3']);
});

test('comments: trimmed by default, exactly as written on request', () => {
  const game = new Game();
  game.loadPgn('{ great game }\n1. e4 {  best\nby test } e5 ;  rest of line  \n*');
  assert.deepEqual(game.getComments().map((c) => c.comment), ['great game', 'best by test', 'rest of line']);
  assert.deepEqual(game.getComments({ asWritten: true }).map((c) => c.comment),
    [' great game ', '  best by test ', 'rest of line']);
  assert.equal(game.getComment(), 'rest of line');
  game.undo();
  assert.equal(game.getComment(), 'best by test');
  assert.equal(game.removeComment(), 'best by test');
  game.setComment('  best by test ');
  // pgn() writes the text as it is kept, and reads back the same.
  const again = new Game();
  again.loadPgn(game.pgn());
  assert.deepEqual(again.getComments({ asWritten: true }), game.getComments({ asWritten: true }));
});
