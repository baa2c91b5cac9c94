// How the page writes a game's turns (www/app/turn-notation.js): the rows of the move
// list and the engine lines, and the labels of the embed's navigation, from the Game's
// verbose history. Checked against the Game's own PGN movetext in every rule set, so
// the page and the core never disagree on numbering or on how a turn is written.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { actionLabels, writtenRows } from '../../www/app/turn-notation.js';

let A;
before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

const info = (id) => A.variants().find((v) => v.id === id);

function played(variant, tokens, fen) {
  const game = new A.Game(variant, fen);
  for (const token of tokens) game.move(token);
  const history = game.history({ verbose: true });
  return { game, history };
}

function labels(variant, tokens, fen, midTurn = false) {
  const { game, history } = played(variant, tokens, fen);
  game.free();
  return actionLabels(history, info(variant), midTurn);
}

test('orthodox chess: numbers, an ellipsis for Black', () => {
  assert.deepEqual(labels('chess', ['e2e4', 'e7e5', 'g1f3']), ['1. e4', '1… e5', '2. Nf3']);
});

test('from a position with Black to move, the number of the FEN', () => {
  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7';
  assert.deepEqual(labels('chess', ['e7e5', 'g1f3'], fen), ['7… e5', '8. Nf3']);
});

test('Marseillais and Avalanche: the actions of the turn so far, with their separator', () => {
  assert.deepEqual(labels('marseillais', ['e2e4', 'd2d4', 'd7d5']), ['1. e4', '1. e4,d4', '1… d5']);
  assert.deepEqual(labels('avalanche', ['e2e4', 'd7d6']), ['1. e4', '1. e4/d6']);
});

test('Progressive: the series number the PGN writes', () => {
  assert.deepEqual(labels('progressive-scottish', ['e2e4', 'e7e5', 'b8c6']), ['1. e4', '2… e5', '2… Nc6']);
});

/** The main line of the Game's PGN as one line of words, without the result. */
function movetextOf(pgn) {
  return pgn
    .replace(/^\[.*\]$/gm, '')
    .replace(/\s+(1-0|0-1|1\/2-1\/2|\*)\s*$/, '')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

test('every rule set: the rows are the Game\'s own PGN movetext, turn by turn', () => {
  for (const { id } of A.variants()) {
    const game = new A.Game(id);
    let seed = id.length * 7919;
    while (game.history().length < 14 && !game.isGameOver()) {
      const legal = game.legalMoves();
      seed = (seed * 1103515245 + 12345) % 2147483648;
      game.move(legal[seed % legal.length]);
    }
    const rows = writtenRows(game.history({ verbose: true }), info(id));
    const written = rows.map((row) => [row.number, ...row.tokens].join(' ')).join(' ');
    assert.equal(written, movetextOf(game.pgn()), id);
    game.free();
  }
});

test('an engine line from the middle of a Marseillais turn resumes it as N...', () => {
  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1 2:1';
  const { game, history } = played('marseillais', ['d2d4', 'd7d5', 'g8f6'], fen);
  assert.deepEqual(writtenRows(history, info('marseillais'), true), [{ number: '1...', tokens: ['d4', 'd5,Nf6'] }]);
  assert.equal(movetextOf(game.pgn()), '1... d4 d5,Nf6');
  game.free();
});
