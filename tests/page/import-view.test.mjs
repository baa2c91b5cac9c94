// An imported game opens as a game to look at (issue 41, item 5): the players its tags
// name on the board and in the Opponent panel, the board turned as it was, no engine
// move and no move by click; "Play on" then continues it from the position shown,
// against the computer with the colour chosen or with a friend, and that choice
// survives a reload.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gotoReady, importText, newGame, pageFen, usePage } from './helpers.mjs';

let A;
let page;
let server;
let errors;
usePage({ setup: (env) => ({ rules: A, page, server, errors } = env) });

const PGN = '[Event "Club final"]\n[White "Ann Lee"]\n[Black "Bo Chen"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *';

const boardState = () =>
  page.evaluate(() => {
    const board = document.getElementById('board');
    const root = board.shadowRoot;
    return {
      orientation: board.orientation,
      engine: board.engine,
      movable: board.movable,
      bottom: root.querySelector('.player.bottom .name').textContent,
      top: root.querySelector('.player.top .name').textContent,
    };
  });

test('an imported game against the computer opens to look at: tag names, same orientation, no engine move', async () => {
  await newGame(page, { variant: 'chess', mode: 'engine', color: 'w', level: 'beginner' });
  const fen = await importText(page, PGN);
  // Black to move, yet the board stays with White at the bottom and nobody plays.
  assert.match(fen, / b /);
  assert.deepEqual(await boardState(), { orientation: 'white', engine: 'none', movable: 'none', bottom: 'Ann Lee', top: 'Bo Chen' });
  assert.match(await page.textContent('#players-now'), /Ann Lee \(White\) and Bo Chen \(Black\), opened to look at/);
  assert.equal(await page.isVisible('#play-on'), true);
  // No engine move comes, and a click does not move a piece.
  await page.click('[data-square="g8"]');
  await page.waitForTimeout(1500);
  assert.equal(await pageFen(page), fen);
  assert.equal(await page.locator('.sq.dest').count(), 0);
  assert.equal(await page.isDisabled('#undo'), true);
  // Typed moves are refused with a reason, and nothing changes.
  await page.fill('#san-input', 'Nf6');
  await page.press('#san-input', 'Enter');
  assert.match(await page.textContent('#error'), /open to look at/);
  assert.equal(await pageFen(page), fen);
  assert.deepEqual(errors, []);
});

test('play on as Black against the computer: the engine answers for White, and it survives a reload', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await importText(page, PGN);
  // From the position after 2. Nf3 (White's move was the 3rd action): Black to act.
  await page.click('#moves [data-ply="3"]');
  await page.waitForFunction(() => document.getElementById('board').reviewing === 3);
  await page.click('#play-on-black');
  await page.waitForFunction(() => document.getElementById('board').history().length === 3);
  assert.equal(await page.isVisible('#play-on'), false);
  const state = await boardState();
  assert.equal(state.orientation, 'black');
  assert.equal(state.engine, 'white');
  assert.match(state.bottom, /You/);
  assert.match(state.top, /Computer/);
  assert.match(await page.textContent('#players-now'), /you play Black against the computer/);
  // The person plays Black; the computer answers as White.
  const game = new A.Game();
  for (const san of ['e4', 'e5', 'Nf3']) game.move(san);
  game.move('Nc6');
  await page.fill('#san-input', 'Nc6');
  await page.press('#san-input', 'Enter');
  await page.waitForFunction(() => document.getElementById('board').history().length === 5, null, { timeout: 20000 });
  const history = await page.evaluate(() => document.getElementById('board').history().map((m) => m.color));
  assert.deepEqual(history, ['w', 'b', 'w', 'b', 'w']);
  // The players are kept across a reload.
  await gotoReady(page, server.url);
  const again = await boardState();
  assert.equal(again.engine, 'white');
  assert.equal(again.orientation, 'black');
  assert.deepEqual(errors, []);
});

test('a game opened to look at stays so after a reload; a FEN between friends stays theirs to play', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await importText(page, PGN);
  await gotoReady(page, server.url);
  assert.deepEqual(await boardState(), { orientation: 'white', engine: 'none', movable: 'none', bottom: 'Ann Lee', top: 'Bo Chen' });
  assert.equal(await page.isVisible('#play-on'), true);
  await page.click('#play-on-friend');
  await page.waitForFunction(() => document.getElementById('board').movable === 'both');
  assert.equal(await page.isVisible('#play-on'), false);
  // Between friends the players keep the names the game's tags give them.
  assert.equal((await boardState()).bottom, 'Ann Lee');
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await importText(page, '7k/P7/8/8/8/8/8/K7 w - - 0 1');
  assert.deepEqual(await boardState(), { orientation: 'white', engine: 'none', movable: 'both', bottom: 'White', top: 'Black' });
  assert.deepEqual(errors, []);
});
