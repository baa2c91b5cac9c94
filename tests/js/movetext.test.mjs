// The labels the embed's navigation shows for each action (www/app/movetext.js),
// from the Game's own PGN in several rule sets: the movetext's number and each rule
// set's way of writing a turn.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { actionLabels, movetextRows } from '../../www/app/movetext.js';

let A;
before(async () => {
  A = await import(new URL('../../pkg/web/alfiere.js', import.meta.url).href);
  A.initSync({ module: readFileSync(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url)) });
});

function labels(variant, tokens, fen) {
  const game = new A.Game(variant, fen);
  for (const token of tokens) game.move(token);
  const result = actionLabels(game.pgn(), game.history({ verbose: true }));
  game.free();
  return result;
}

test('orthodox chess: numbers, an ellipsis for Black, comments and variations skipped', () => {
  assert.deepEqual(labels('chess', ['e2e4', 'e7e5', 'g1f3']), ['1. e4', '1… e5', '2. Nf3']);
  const game = new A.Game();
  game.loadPgn('1. e4 {a plan} (1. d4 d5) 1... e5 $1 2. Nf3 Nc6 *');
  assert.deepEqual(actionLabels(game.pgn(), game.history({ verbose: true })), ['1. e4', '1… e5', '2. Nf3', '2… Nc6']);
  game.free();
});

test('from a position with Black to move, the number of the FEN', () => {
  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7';
  assert.deepEqual(labels('chess', ['e7e5', 'g1f3'], fen), ['7… e5', '8. Nf3']);
});

test('Marseillais and Avalanche: the actions of the turn so far, with their separator', () => {
  assert.deepEqual(labels('marseillais', ['e2e4', 'd2d4', 'd7d5']), ['1. e4', '1. e4,d4', '1… d5']);
  const avalanche = labels('avalanche', ['e2e4', 'd7d6']);
  assert.deepEqual(avalanche, ['1. e4', '1. e4/d6']);
});

test('Progressive: the series number the PGN writes', () => {
  assert.deepEqual(labels('progressive-scottish', ['e2e4', 'e7e5', 'b8c6']), ['1. e4', '2… e5', '2… Nc6']);
});

test('rows: one per move number, each turn a token as the rule set writes it', () => {
  const game = new A.Game('marseillais');
  for (const token of ['e2e4', 'd2d4', 'd7d5', 'g8f6', 'g1f3']) game.move(token);
  assert.deepEqual(movetextRows(game.pgn()), [
    { number: '1.', tokens: ['e4,d4', 'd5,Nf6'] },
    { number: '2.', tokens: ['Nf3'] },
  ]);
  game.free();
});
