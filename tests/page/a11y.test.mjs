// Accessibility: labelled, focusable squares; a game played with the keyboard only
// (Tab to the board, arrows, Enter); the SAN box; moves announced in the aria-live
// region; the promotion picker by keyboard.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newGame, pageFen, usePage, waitFenChange } from './helpers.mjs';

let page;
let errors;
usePage({
  setup: async (env) => {
    ({ page, errors } = env);
    await newGame(page, { variant: 'chess', mode: 'friend' });
  },
});

async function focused() {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.dataset?.square ?? el?.id ?? null;
  });
}

/** Moves the keyboard cursor from the focused square to `square` with the arrow keys. */
async function arrowTo(square) {
  const now = await focused();
  const df = square.charCodeAt(0) - now.charCodeAt(0);
  const dr = Number(square[1]) - Number(now[1]);
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  assert.equal(await focused(), square);
}

test('squares are focusable and labelled', async () => {
  assert.equal(await page.getAttribute('[data-square="e1"]', 'aria-label'), 'e1, white king');
  assert.equal(await page.getAttribute('[data-square="g8"]', 'aria-label'), 'g8, black knight');
  assert.equal(await page.getAttribute('[data-square="e4"]', 'aria-label'), 'e4, empty');
  assert.equal(await page.locator('[data-square][tabindex="0"]').count(), 1);
  assert.equal(await page.getAttribute('.board-grid', 'role'), 'grid');
});

test('a game with the keyboard only: Tab to the board, arrows and Enter', async () => {
  await page.focus('#new-game');
  // Tab until a square has focus.
  for (let i = 0; i < 30 && !(await page.evaluate(() => Boolean(document.activeElement?.shadowRoot?.activeElement?.dataset?.square))); i++) {
    await page.keyboard.press('Tab');
  }
  assert.ok(await focused(), 'Tab reaches the board');
  const moves = [
    ['e2', 'e4'],
    ['e7', 'e5'],
    ['g1', 'f3'],
    ['b8', 'c6'],
  ];
  for (const [from, to] of moves) {
    await arrowTo(from);
    await page.keyboard.press('Enter');
    assert.match(await page.getAttribute(`[data-square="${from}"]`, 'aria-label'), /selected/);
    assert.match(await page.getAttribute(`[data-square="${to}"]`, 'aria-label'), /move possible/);
    await arrowTo(to);
    const before = await pageFen(page);
    await page.keyboard.press('Enter');
    await waitFenChange(page, before);
  }
  assert.match(await page.textContent('#moves'), /1\. e4 e5\s*2\. Nf3 Nc6/);
  await page.waitForFunction(() => /knight from b8 to c6 \(Nc6\)/.test(document.getElementById('board').shadowRoot.querySelector('[aria-live]').textContent));
  assert.equal(await page.getAttribute('#announce', 'aria-live'), 'polite');
  // Escape puts a picked-up piece down.
  await arrowTo('f1');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.sq.dest').count(), 5);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.sq.dest').count(), 0);
  assert.deepEqual(errors, []);
});

test('the SAN box plays typed moves and refuses illegal ones', async () => {
  await page.fill('#san-input', 'Bb5');
  const before = await pageFen(page);
  await page.press('#san-input', 'Enter');
  await waitFenChange(page, before);
  assert.equal(await page.inputValue('#san-input'), '');
  await page.fill('#san-input', 'Ke2<img>');
  await page.press('#san-input', 'Enter');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /is not a legal move here/);
  assert.equal(await page.locator('#error img').count(), 0);
  await page.fill('#san-input', 'a7a6');
  await page.press('#san-input', 'Enter');
  await page.waitForFunction(() => /a6/.test(document.getElementById('moves').textContent));
  assert.deepEqual(errors, []);
});

test('the promotion picker works from the keyboard', async () => {
  await page.evaluate(() => {
    document.getElementById('io-card').open = true;
  });
  await page.fill('#io-text', '7k/P7/8/8/8/8/8/K7 w - - 0 1');
  const before = await pageFen(page);
  await page.click('#io-load');
  await waitFenChange(page, before);
  await page.focus('[data-square="a7"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.promotion:not([hidden])');
  assert.equal(await page.evaluate(() => document.activeElement.shadowRoot.activeElement.dataset.promotion), 'q');
  await page.keyboard.press('ArrowRight'); // rook
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('fen-out').value.startsWith('R6k/'));
  assert.deepEqual(errors, []);
});
