// The analysis panel follows the position the board shows (issue 41, items 2 and 3):
// a past position while looking back during a game and after it ends, never playing
// anything into the game; engine lines of multi-action rule sets grouped by turn as the
// move list writes them, and a click on a line previewing it on the board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickAction, newGame, pageFen, playByClicks, usePage, waitFenChange } from './helpers.mjs';

let A;
let page;
let errors;
usePage({ setup: (env) => ({ rules: A, page, errors } = env) });

async function play(variant, tokens) {
  const game = new A.Game(variant);
  await playByClicks(page, game, tokens);
  return game;
}

async function analysisOn() {
  await page.evaluate(() => {
    document.getElementById('analysis-card').open = true;
  });
  await page.selectOption('#multipv', '2');
  await page.check('#analysis-toggle');
}

/** The first SAN of every line once the panel shows `count` lines for the shown position. */
async function firstMoves(count = 2) {
  await page.waitForFunction((n) => document.querySelectorAll('#analysis-lines li').length === n, count, { timeout: 20000 });
  await page.waitForFunction(() => /Depth \d+/.test(document.getElementById('analysis-stats').textContent), null, { timeout: 20000 });
  return page.$$eval('#analysis-lines .line-moves', (els) => els.map((e) => e.textContent.trim().split(/[\s,/]+/).filter((w) => !/^\d+\.(\.\.)?$/.test(w))[0]));
}

test('looking back during a game against the computer: the panel analyses the past position', async () => {
  await newGame(page, { variant: 'chess', mode: 'engine', color: 'w', level: 'beginner' });
  await analysisOn();
  const game = new A.Game();
  for (const token of ['e2e4']) {
    await clickAction(page, game, token);
    game.move(token);
  }
  // The computer answers; then it is the person's turn again.
  await page.waitForFunction(() => document.getElementById('board').history().length === 2, null, { timeout: 20000 });
  const history = await page.evaluate(() => document.getElementById('board').history().map((m) => m.lan));
  const fen = await pageFen(page);
  await page.click('#moves [data-ply="1"]');
  await page.waitForFunction(() => document.getElementById('board').reviewing === 1);
  const past = new A.Game();
  past.move(history[0]);
  const legal = past.moves();
  for (const san of await firstMoves()) assert.ok(legal.includes(san), `${san} is Black's move after 1. e4`);
  assert.equal(await page.getAttribute('#eval-bar', 'data-idle'), 'false');
  // Analysing the past changes nothing in the game.
  await page.waitForTimeout(1000);
  assert.equal(await pageFen(page), fen);
  assert.deepEqual(await page.evaluate(() => document.getElementById('board').history().map((m) => m.lan)), history);
  // Back to the game: the live position is analysed again.
  await page.click('#review-exit');
  await page.waitForFunction(() => document.getElementById('board').reviewing === null);
  const live = new A.Game();
  for (const token of history) live.move(token);
  const liveLegal = live.moves();
  await page.waitForTimeout(600);
  for (const san of await firstMoves()) assert.ok(liveLegal.includes(san), `${san} is White's move now`);
  await page.uncheck('#analysis-toggle');
  assert.deepEqual(errors, []);
});

test('after a mate the panel says so, and an earlier position is analysed', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await analysisOn();
  await play('chess', ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  await page.waitForFunction(() => /game is over/.test(document.getElementById('analysis-stats').textContent));
  assert.equal(await page.getAttribute('#eval-bar', 'data-idle'), 'true');
  assert.match(await page.getAttribute('#eval-bar', 'title'), /game is over/, 'the dimmed bar says why');
  await page.click('#moves [data-ply="2"]');
  const past = new A.Game();
  past.move('f3');
  past.move('e5');
  const legal = past.moves();
  for (const san of await firstMoves()) assert.ok(legal.includes(san), `${san} is White's move after 1. f3 e5`);
  assert.doesNotMatch(await page.textContent('#analysis-stats'), /game is over/);
  await page.uncheck('#analysis-toggle');
  assert.deepEqual(errors, []);
});

test('after a resignation the last position, which plays on, is still analysed', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await analysisOn();
  const game = await play('chess', ['e2e4']);
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForFunction(() => /by resignation/.test(document.getElementById('board').status));
  const legal = game.moves();
  await page.waitForTimeout(500);
  for (const san of await firstMoves()) assert.ok(legal.includes(san), `${san} is Black's move after 1. e4`);
  await page.uncheck('#analysis-toggle');
  assert.deepEqual(errors, []);
});

test('Marseillais: engine lines are grouped by turn; a line is previewed on the board and the game comes back', async () => {
  await newGame(page, { variant: 'marseillais', mode: 'friend' });
  await analysisOn();
  await play('marseillais', ['e2e4', 'd2d4']);
  const fen = await pageFen(page);
  await firstMoves();
  // Each row is numbered; a turn of two actions is one token, as the move list writes it.
  const rows = await page.$$eval('#analysis-lines li:first-child .line-row', (els) => els.map((e) => e.textContent));
  assert.match(rows[0], /^1\.\.\. \S+,\S+( |$)/, rows.join(' | '));
  for (const row of rows.slice(1)) assert.match(row, /^\d+\. /, row);
  // Choosing a line by keyboard plays it out on the board; the game is untouched.
  const text = await page.evaluate(() => {
    const button = document.querySelector('#analysis-lines button.line');
    button.focus();
    return button.querySelector('.line-moves').textContent;
  });
  await page.keyboard.press('Enter');
  const line = new A.Game('marseillais', fen);
  const sans = text.split(/\s+/).filter((w) => w && !/^\d+\.(\.\.)?$/.test(w)).flatMap((token) => token.split(','));
  for (const san of sans) line.move(san);
  await page.waitForFunction((end) => document.getElementById('board').previewing === end, line.fen(), { timeout: 20000 });
  assert.match(await page.textContent('alfiere-board .turn-line'), new RegExp(`Line 1, previewed: .*action ${sans.length} of ${sans.length}`));
  assert.equal(await page.isVisible('#line-preview'), true);
  assert.equal(await pageFen(page), fen);
  assert.equal(await page.evaluate(() => document.getElementById('board').history().length), 2);
  // ← steps back within the line; Escape returns to the game.
  await page.keyboard.press('ArrowLeft');
  const back = new A.Game('marseillais', fen);
  for (const san of sans.slice(0, -1)) back.move(san);
  assert.equal(await page.evaluate(() => document.getElementById('board').previewing), back.fen());
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('board').previewing === null);
  assert.equal(await page.isVisible('#line-preview'), false);
  assert.doesNotMatch(await page.textContent('alfiere-board .turn-line'), /previewed/);
  assert.match(await page.getAttribute('[data-square="e4"]', 'aria-label'), /white pawn/);
  // A preview ends when the game changes (a typed move): the board shows the new position.
  await page.click('#analysis-lines button.line');
  await page.waitForFunction(() => document.getElementById('board').previewing !== null);
  await page.fill('#san-input', 'd5');
  await page.press('#san-input', 'Enter');
  await waitFenChange(page, fen);
  assert.equal(await page.evaluate(() => document.getElementById('board').previewing), null);
  assert.equal(await page.isVisible('#line-preview'), false);
  assert.match(await page.getAttribute('[data-square="d5"]', 'aria-label'), /black pawn/);
  await page.uncheck('#analysis-toggle');
  assert.deepEqual(errors, []);
});
