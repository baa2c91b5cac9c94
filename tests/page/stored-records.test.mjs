// What the page does with what it finds in localStorage, and when it cannot store:
// every stored record is checked field by field when read, and a bad one is dropped
// whole with a notice (never half-used, never an uncaught TypeError): a game analysis
// whose evaluation or mark is not what the page wrote, settings of the wrong shape; a
// stored game that cannot be read back is said, kept aside, and a new game shown; one
// whose ending no longer applies comes back without it; a game that cannot be saved
// (the quota reached, simulated) is said, and what fits (the moves without their
// comments) is kept.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gotoReady, importText, newGame, openPage, pageFen, usePage } from './helpers.mjs';

let server;
let browser;
let A;
usePage({ open: false, setup: (env) => ({ server, browser, rules: A } = env) });

const GAME_KEY = 'alfiere.game.v2';
const ANALYSIS_KEY = 'alfiere.analysis.v1';

/** A page of its own whose localStorage.setItem fails with a quota error for the game's key
 * when `window.__quota` is set and the value is longer (as a full browser storage does). */
async function freshPage(query = '') {
  const opened = await openPage(browser, null, { serviceWorkers: 'block' });
  await opened.context.addInitScript((key) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (name, value) {
      if (name === key && typeof window.__quota === 'number' && String(value).length > window.__quota) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return setItem.call(this, name, value);
    };
  }, GAME_KEY);
  await gotoReady(opened.page, `${server.url}${query}`);
  return opened;
}

const stored = (page, key) => page.evaluate((key) => localStorage.getItem(key), key);
const setStored = (page, key, value) => page.evaluate(([key, value]) => localStorage.setItem(key, value), [key, value]);
/** Waits until the board has saved (it saves in a task after a change). */
const saved = (page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));

test('a stored game analysis that is not what the page wrote is dropped with a notice, not half-used', async () => {
  const { context, page, errors } = await freshPage('?analysis-nodes=2000');
  await importText(page, '1. e4 e5 2. Nf3 Nc6 *');
  await page.click('#ga-run');
  await page.waitForSelector('#ga-result:not([hidden])', { timeout: 60000 });
  const good = await stored(page, ANALYSIS_KEY);
  // The good record comes back after a reload.
  await page.reload();
  await page.waitForSelector('body.ready');
  await page.waitForSelector('#ga-result:not([hidden])');
  assert.equal(await page.isVisible('#notice'), false);

  const tampered = [
    (r) => (r.report.plies[1].eval = { cp: '<img src=x>' }),
    (r) => (r.report.plies[2].class = 'brilliant'),
    (r) => (r.report.plies[0].best = { uci: 'e2e4', san: 'e4', pv: 'e2e4' }),
    (r) => (r.report.accuracy = { w: 'NaN', b: 50 }),
    (r) => delete r.report.counts,
    (r) => (r.report.start = { cp: 10, mate: 3 }),
    (r) => r.report.plies.pop(),
  ];
  for (const tamper of tampered) {
    const record = JSON.parse(good);
    tamper(record);
    await setStored(page, ANALYSIS_KEY, JSON.stringify(record));
    await page.reload();
    await page.waitForSelector('body.ready');
    assert.match(await page.textContent('#notice'), /The stored game analysis could not be read back and was reset/, tamper.toString());
    assert.equal(await page.isVisible('#ga-result'), false, `${tamper}: no half-used report`);
    assert.equal(await stored(page, ANALYSIS_KEY), null, 'the bad record is forgotten');
    assert.equal(await page.locator('#moves [data-ply]').count(), 4, 'the game itself is kept');
  }
  assert.deepEqual(errors, [], 'no uncaught TypeError');
  await context.close();
});

test('stored settings, players or puzzle ratings of the wrong shape are reset with one notice', async () => {
  const { context, page, errors } = await freshPage();
  await setStored(page, 'alfiere.settings.v1', JSON.stringify({ mode: 'friend', level: 42, muted: true }));
  await setStored(page, 'alfiere.players.v1', '{not json');
  await setStored(page, 'alfiere.puzzles.v1', JSON.stringify({ version: 1, ruleSets: { chess: { rating: 1800, deviation: 80, volatility: 0.06, streak: -4 } } }));
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(
    await page.textContent('#notice'),
    'The stored settings, players of the game and puzzle ratings could not be read back and were reset.',
  );
  // Not half-used: the muted flag of the bad settings is not taken either.
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false');
  assert.equal(await page.isChecked('input[name="mode"][value="engine"]'), true);
  assert.equal(await stored(page, 'alfiere.settings.v1'), null);
  assert.doesNotMatch((await stored(page, 'alfiere.puzzles.v1')) ?? '', /1800/);
  // Said once: the next reload finds nothing wrong.
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.isVisible('#notice'), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a stored game that cannot be read back is said, kept aside, and a new game shown', async () => {
  const { context, page, errors } = await freshPage();
  const unreadable = ['{"version":1,"game":{"version":2,"variant":"chess","pgn":"1. e4 e4 *"}}', '{broken', '{"version":1,"game":42}'];
  for (const text of unreadable) {
    await setStored(page, GAME_KEY, text);
    await page.reload();
    await page.waitForSelector('body.ready');
    assert.match(await page.textContent('#error'), /The saved game could not be read back .*a new game is shown\. It is kept .* “alfiere\.game\.v2\.unreadable”/, text);
    assert.equal(await stored(page, `${GAME_KEY}.unreadable`), text, 'kept as it was');
    // Said once: in the page's error line, not again in the board's own.
    assert.equal(await page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('[part~="message"]').checkVisibility()), false);
    assert.equal(await pageFen(page), new A.Game('chess').fen());
  }
  // A game whose ending no longer applies comes back without it: its moves are kept.
  const game = { version: 2, variant: 'chess', pgn: '1. e4 e5 2. Nf3 *', redo: [], ending: { type: 'resign', color: 'purple' }, record: null };
  await setStored(page, GAME_KEY, JSON.stringify({ version: 1, game, orientation: 'w' }));
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.locator('#moves [data-ply]').count(), 3);
  assert.match(await page.textContent('#error'), /The saved game was read back without its ending/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game that cannot be saved (storage full) is said; what fits is kept', async () => {
  const { context, page, errors } = await freshPage();
  await newGame(page, { variant: 'chess', mode: 'friend' });
  const board = (sans) => page.evaluate((sans) => sans.forEach((san) => document.getElementById('board').move(san)), sans);
  await board(['e4', 'e5', 'Nf3', 'Nc6']);
  await saved(page);
  // Full: nothing more can be saved.
  await page.evaluate(() => {
    window.__quota = 0;
  });
  await board(['Bb5', 'a6']);
  await saved(page);
  assert.match(await page.textContent('#error'), /could not be saved: the browser’s storage is full\. A reload would show it as it was last saved; download its PGN/);
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.locator('#moves [data-ply]').count(), 4, 'the game as it was last saved');

  // Room for the moves, not for their comments: the moves are kept, and that is said.
  const long = `{ ${'a long comment '.repeat(40)}}`;
  await importText(page, `1. d4 ${long} d5 ${long} 2. c4 ${long} e6 ${long} *`);
  await page.evaluate(() => {
    window.__quota = 1500;
  });
  await page.evaluate(() => document.getElementById('board').move('Nc3'));
  await saved(page);
  assert.match(await page.textContent('#error'), /storage is full: this game is saved without its comments, which a reload will not show/);
  await page.evaluate(() => {
    window.__quota = undefined;
  });
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.locator('#moves [data-ply]').count(), 5, 'every move kept');
  assert.equal(await page.locator('#moves .move-comment').count(), 0, 'without the comments');
  assert.deepEqual(errors, []);
  await context.close();
});
