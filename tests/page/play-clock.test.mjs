// The page's time controls: the Opponent panel's Time choice (presets and custom)
// times the next new game against the computer or a friend, both clocks show, the
// engine answers on its clock, and the PGN and the result card name the control.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newGame, pagePgn, usePage } from './helpers.mjs';

let page;
let errors;
usePage({ setup: (env) => ({ page, errors } = env) });

const boardClock = () => page.evaluate(() => document.getElementById('board').clock);
const clockTexts = () => page.evaluate(() => [...document.getElementById('board').shadowRoot.querySelectorAll('.clock')].map((c) => (c.hidden ? null : c.textContent)));

async function chooseTime(value, custom = null) {
  await page.evaluate(() => {
    document.getElementById('settings-card').open = true;
  });
  await page.selectOption('#time-control', value);
  if (custom) {
    await page.fill('#time-minutes', custom.minutes);
    await page.fill('#time-increment', custom.increment);
    await page.dispatchEvent('#time-increment', 'change');
  }
}

test('3 + 2 against the computer: clocks, the engine on its clock, the PGN and the result card', async () => {
  assert.equal(await page.inputValue('#time-control'), 'none');
  await chooseTime('180+2');
  await newGame(page, { variant: 'chess', mode: 'engine', color: 'w', level: 'beginner' });
  assert.equal(await page.evaluate(() => document.getElementById('board').timeControl), '180+2');
  assert.deepEqual(await clockTexts(), ['3:00', '3:00']);
  await page.click('[data-square="e2"]');
  await page.click('[data-square="e4"]');
  await page.waitForFunction(() => document.getElementById('board').history().length === 2, null, { timeout: 20_000 });
  const clock = await boardClock();
  assert.equal(clock.running, 'w');
  // White's first move is free, and earns the increment; White's clock runs again.
  assert.equal(await page.evaluate(() => document.getElementById('board').game.clock().w), 182_000);
  assert.ok(clock.w <= 182_000 && clock.w > 180_000, JSON.stringify(clock));
  assert.ok(clock.b > 170_000 && clock.b <= 182_000, JSON.stringify(clock));
  const pgn = await pagePgn(page);
  assert.match(pgn, /\[TimeControl "180\+2"\]/);
  assert.match(pgn, /1\. e4 \{\[%clk 0:03:02\]\} 1\.\.\. \S+ \{\[%clk 0:03:0[01](\.\d)?\]\}/);
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#result-card:not([hidden])');
  assert.match(await page.textContent('#result-text'), /Black wins by resignation · 3 \+ 2/);
  await page.click('#result-close');
  assert.deepEqual(errors, []);
});

test('a custom time control between friends, and back to no clock', async () => {
  await chooseTime('custom', { minutes: '2', increment: '1' });
  await newGame(page, { variant: 'marseillais', mode: 'friend' });
  assert.equal(await page.evaluate(() => document.getElementById('board').timeControl), '120+1');
  assert.deepEqual(await clockTexts(), ['2:00', '2:00']);
  await page.evaluate(() => {
    const board = document.getElementById('board');
    board.move('e4');
    board.move('d4');
  });
  const tenths = () => page.evaluate(() => {
    const { w, b } = document.getElementById('board').game.clock();
    return [Math.floor(w / 100), Math.floor(b / 100)];
  });
  const before = await tenths();
  await page.reload();
  await page.waitForSelector('body.ready');
  // The stored game keeps its clocks (its PGN's TimeControl and %clk, to the tenth).
  assert.deepEqual(await tenths(), before);
  assert.equal((await boardClock()).running, 'b');
  assert.equal(await page.inputValue('#time-control'), 'custom');
  assert.equal(await page.inputValue('#time-minutes'), '2');
  await chooseTime('none');
  await newGame(page, { variant: 'chess', mode: 'friend' });
  assert.equal(await boardClock(), null);
  assert.deepEqual(await clockTexts(), [null, null]);
  assert.deepEqual(errors, []);
});
