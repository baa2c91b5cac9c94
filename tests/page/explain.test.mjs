// The board explains the rules it enforces: a refused click says the core's reason and
// draws the attacker's path for a moment (a Billiards rebound too), Racing Kings marks
// its goal rank, Avalanche asks before a move that leaves the king attacked (and
// `warn="none"` does not), Escape puts down a piece picked up with the mouse.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage } from './helpers.mjs';

let page;
let errors;
usePage({
  open: 'blank',
  setup: async (env) => {
    ({ page, errors } = env);
    await page.goto(`${env.server.url}embed.html`);
    await page.waitForSelector('body.ready');
  },
});

async function makeBoard(attributes) {
  await page.evaluate(async (attrs) => {
    for (const old of document.querySelectorAll('alfiere-board')) old.remove();
    const board = document.createElement('alfiere-board');
    board.id = 'x';
    board.style.width = '420px';
    for (const [name, value] of Object.entries(attrs)) board.setAttribute(name, value);
    document.body.append(board);
    await board.ready;
  }, attributes);
}

const message = () => page.locator('#x .message').textContent();

test('Billiards: a king move refused along a rebound says why and draws the path', async () => {
  await makeBoard({ variant: 'billiards', fen: '3qk3/8/8/8/8/8/8/4K3 w - - 0 1' });
  await page.click('#x [data-square="e1"]');
  await page.click('#x [data-square="f2"]');
  assert.equal(await message(), 'Your king would be attacked.');
  const flash = page.locator('#x [part="shape arrow"][data-owner="flash"]');
  assert.equal(await flash.getAttribute('data-from'), 'd8');
  assert.equal(await flash.getAttribute('data-brush'), 'red');
  assert.equal((await flash.locator('polyline').getAttribute('points')).split(' ').length, 3, 'd8-h4-f2');
  await page.waitForFunction(() => !document.getElementById('x').shadowRoot.querySelector('[data-owner="flash"]'), null, { timeout: 5000 });
  // The method says the same.
  const why = await page.evaluate(() => document.getElementById('x').explain('e1', 'f2'));
  assert.equal(why.reason, 'king_attacked');
  assert.deepEqual(why.attackers[0].path, ['d8', 'h4', 'f2']);
  assert.equal(await page.evaluate(() => document.getElementById('x').explain('e1', 'e2')), null);
});

test('Progressive Italian: a check before the last action of a series is refused with its reason', async () => {
  await makeBoard({ variant: 'progressive-italian' });
  await page.evaluate(() => ['e4', 'e5', 'd6'].forEach((m) => document.getElementById('x').move(m)));
  await page.click('#x [data-square="f1"]');
  await page.click('#x [data-square="b5"]');
  assert.equal(await message(), 'A check is only allowed with the last action of a series.');
  // Typed as SAN, the same reason.
  assert.equal((await page.evaluate(() => document.getElementById('x').explain('Bb5+'))).reason, 'check_mid_series');
  assert.equal(await page.evaluate(() => document.getElementById('x').explain('a3')), null);
});

test('Racing Kings marks its goal rank', async () => {
  await makeBoard({ variant: 'racingkings' });
  assert.equal(await page.locator('#x .sq.goal').count(), 8);
  assert.match(await page.locator('#x [data-square="d8"]').getAttribute('aria-label'), /goal/);
  await makeBoard({ variant: 'chess' });
  assert.equal(await page.locator('#x .sq.goal').count(), 0);
});

test('Avalanche asks before a move that leaves the king attacked; warn="none" does not', async () => {
  // The knight on e2 shields the king from the rook on e8; no push can block again.
  const fen = '4r1k1/p7/8/8/8/8/4N3/4K3 w - - 0 1';
  await makeBoard({ variant: 'avalanche', fen });
  await page.click('#x [data-square="e2"]');
  await page.click('#x [data-square="c3"]');
  assert.match(await message(), /this loses/);
  await page.click('#x .message button:has-text("Cancel")');
  assert.equal(await page.evaluate(() => document.getElementById('x').history().length), 0, 'nothing was played');
  await page.click('#x [data-square="e2"]');
  await page.click('#x [data-square="c3"]');
  await page.click('#x .message button:has-text("Play it")');
  assert.equal(await page.evaluate(() => document.getElementById('x').history().length), 1);
  await makeBoard({ variant: 'avalanche', fen, warn: 'none' });
  await page.click('#x [data-square="e2"]');
  await page.click('#x [data-square="c3"]');
  assert.equal(await page.evaluate(() => document.getElementById('x').history().length), 1);
});

test('Escape puts down a piece picked up with the mouse', async () => {
  await makeBoard({});
  await page.click('#x [data-square="g1"]');
  assert.equal(await page.locator('#x .sq.selected').count(), 1);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#x .sq.selected').count(), 0);
  assert.deepEqual(errors, []);
});
