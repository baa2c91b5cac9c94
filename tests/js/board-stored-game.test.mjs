// What <alfiere-board storage-key> stores of a game (js/board/stored-game.js and
// GameModel's stored/restore): a game whose PGN is small is stored whole; a larger one
// without its side lines, then without its comments, its moves, tags and NAGs kept and
// said in `dropped`; a stored game comes back keeping what can be kept (a bad ending,
// redo stack or result is left out and named, the moves stay).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { storedPgn } from '../../js/board/stored-game.js';
import { GameModel, MAX_STORED_PGN } from '../../js/board/game-model.js';

let A;

before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

function gameOf(pgn, variant = 'chess') {
  const game = new A.Game(variant);
  game.loadPgn(pgn);
  return game;
}

/** The main line, tags and NAGs of a game, to compare what storage kept. */
function mainLine(game) {
  const copy = game.clone();
  const nags = [];
  try {
    for (let i = game.history().length; i > 0; i--) {
      nags.unshift(copy.getNags());
      copy.undo();
    }
  } finally {
    copy.free();
  }
  const { Date: _date, ...tags } = game.getHeaders();
  return { moves: game.history(), nags, tags };
}

test('a small game is stored whole, side lines and comments included', () => {
  const game = gameOf('[White "Ann"]\n\n1. e4 { good } e5 (1... c5 2. Nf3) 2. Nf3 $1 *');
  const { pgn, dropped } = storedPgn(A.Game, game, MAX_STORED_PGN);
  assert.equal(dropped, null);
  assert.equal(pgn, game.pgn());
  game.free();
});

test('a game over the bound is stored without its side lines, moves, tags, NAGs and comments kept', () => {
  const text = `[White "Ann"]\n[Black "Bob"]\n\n1. e4 { the start } ${'(1. d4) '.repeat(20000)}e5 $2 { a note } 2. Nf3 (2. Nc3) Nc6 *`;
  const game = gameOf(text);
  assert.ok(game.pgn().length > MAX_STORED_PGN);
  const { pgn, dropped } = storedPgn(A.Game, game, MAX_STORED_PGN);
  assert.equal(dropped, 'side lines');
  assert.ok(pgn.length <= MAX_STORED_PGN);
  const back = gameOf(pgn);
  assert.deepEqual(mainLine(back), mainLine(game));
  assert.deepEqual(back.getComments(), game.getComments());
  assert.equal(back.getVariations().length, 0);
  game.free();
  back.free();
});

test('a game still too large without side lines is stored without its comments', () => {
  const plies = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const moves = Array.from({ length: 40 }, (_, i) => `${i % 2 ? '' : `${i / 2 + 1}. `}${plies[i % 4]} $${(i % 6) + 1} { ${'a long note '.repeat(20)} }`);
  const game = gameOf(`${moves.slice(0, 8).join(' ')} *`);
  const max = game.pgn().length - 10;
  const { pgn, dropped } = storedPgn(A.Game, game, max);
  assert.equal(dropped, 'comments', 'no side lines to leave out, so only the comments are named');
  const back = gameOf(pgn);
  assert.deepEqual(mainLine(back), mainLine(game));
  assert.deepEqual(back.getComments(), []);
  game.free();
  back.free();
});

test('a Marseillais game started mid-turn keeps its start and its turns', () => {
  const game = new A.Game('marseillais');
  game.move('e4'); // White has one action of its first two left
  const midTurn = new A.Game('marseillais', game.fen());
  game.free();
  assert.equal(midTurn.turnState().played, 1);
  for (const move of ['d4', 'e5', 'd5']) midTurn.move(move);
  return checkStored(midTurn);
});

function checkStored(game) {
  game.setComment('after Nf3');
  const { pgn, dropped } = storedPgn(A.Game, game, 10);
  assert.equal(dropped, 'comments');
  const back = new A.Game('marseillais');
  back.loadPgn(pgn);
  assert.equal(back.fen(), game.fen());
  assert.deepEqual(back.history(), game.history());
  game.free();
  back.free();
}

test('restore keeps the moves of a stored game whose ending, redo stack or result is bad, and names what it left out', () => {
  const model = new GameModel(A);
  const pgn = '1. e4 e5 2. Nf3 *';
  const dropped = model.restore({ version: 2, variant: 'chess', pgn, ending: { type: 'resign', color: 'x' }, redo: [42, { a: 1 }], record: '<b>' });
  assert.deepEqual(dropped, ['its ending', 'its recorded result', 'the moves to redo']);
  assert.deepEqual(model.game.history(), ['e4', 'e5', 'Nf3']);
  assert.equal(model.ending, null);
  assert.deepEqual(model.redoStack, []);
  // A good one comes back whole, with nothing named.
  assert.deepEqual(model.restore({ version: 2, variant: 'chess', pgn, ending: { type: 'resign', color: 'b' }, redo: ['b8c6'], record: null }), []);
  assert.deepEqual(model.ending, { type: 'resign', color: 'b' });
  // A PGN that does not replay is refused, and the model is unchanged.
  assert.throws(() => model.restore({ version: 2, variant: 'chess', pgn: '1. e4 e4 *' }));
  assert.deepEqual(model.game.history(), ['e4', 'e5', 'Nf3']);
  assert.throws(() => model.restore({ version: 2, variant: 42, pgn }), /wrong shape/);
});
