// The embed's puzzles (embed.html?puzzle=<rule set>/<id>, or ?variant=&fen=&moves=), in
// a frame of a host page that records its messages. The shipped file is the hand-made
// fixture tests/fixtures/puzzles/chess.csv, served at puzzles/chess.csv by a route of
// the test (so the test does not depend on the mined set); each fixture is replayed
// through the wasm Game in Node first. An attacker's URL text is shown as text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { usePage, clickAction } from './helpers.mjs';
import { parsePuzzles } from '../../js/puzzles.js';

const FIXTURE = readFileSync(new URL('../fixtures/puzzles/chess.csv', import.meta.url), 'utf8');
let server;
let page;
let errors;
let A;
let puzzles;
usePage({
  open: 'blank',
  setup: async (env) => {
    ({ server, page, errors, rules: A } = env);
    puzzles = parsePuzzles(FIXTURE, { variant: 'chess', Game: A.Game });
    // The shipped chess file is the fixture; no other rule set has one here.
    await page.route('**/puzzles/*.csv', (route) => {
      const chess = new URL(route.request().url()).pathname.endsWith('/puzzles/chess.csv');
      return chess ? route.fulfill({ status: 200, contentType: 'text/csv', body: FIXTURE }) : route.fulfill({ status: 404, body: 'not found' });
    });
  },
});

/** Puts the embed at `query` in a frame of a blank host page; resolves with the frame
 * once it posted `ready` (or an error). */
async function host(query) {
  await page.setContent('<!doctype html><title>host</title><body></body>');
  await page.evaluate((src) => {
    window.__messages = [];
    window.addEventListener('message', (event) => window.__messages.push(event.data));
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.width = '520';
    frame.height = '760';
    document.body.append(frame);
  }, `${server.url}embed.html${query}`);
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'ready'), null, { timeout: 20000 });
  return page.frameLocator('iframe');
}

const messages = (type) => page.evaluate((t) => window.__messages.filter((m) => m.source === 'alfiere' && m.type === t), type);
const boardState = (frame) => frame.locator('alfiere-board').evaluate((board) => board.puzzle);

function fenAfter(puzzle, n) {
  const game = new A.Game(puzzle.variant, puzzle.fen);
  for (const token of puzzle.moves.slice(0, n)) game.move(token);
  return game;
}

test('?puzzle=chess/<id>: the shipped puzzle is played; solving it by clicks posts puzzlemove and solved', async () => {
  const [puzzle] = puzzles;
  const frame = await host(`?puzzle=chess/${puzzle.id}`);
  assert.deepEqual((await messages('puzzle'))[0].detail, { id: 'fix01', variant: 'chess' });
  const state = await boardState(frame);
  assert.deepEqual([state.id, state.status, state.ply], ['fix01', 'solving', 1]);
  assert.equal(await frame.locator('#embed-puzzle').isVisible(), true);
  // Hint: the rook on e2 is circled.
  await frame.locator('#puzzle-hint').click();
  assert.equal(await frame.locator('[part~="circle"]').getAttribute('data-square'), 'e2');
  const on = { click: (selector) => frame.locator(`${selector}:not(.shape)`).click() }; // not the hint's circle
  await clickAction(on, fenAfter(puzzle, 1), 'e2e8');
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'move' && m.detail.lan === 'd8e8'), null, { timeout: 10000 });
  await frame.locator('alfiere-board').evaluate((board) => new Promise((resolve) => {
    const check = () => (board.puzzle.status === 'solving' ? resolve() : setTimeout(check, 20));
    check();
  }));
  await clickAction(on, fenAfter(puzzle, 3), 'e1e8');
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'solved'), null, { timeout: 10000 });
  assert.deepEqual((await messages('solved'))[0].detail, { id: 'fix01', mistakes: 0, hintUsed: true });
  assert.deepEqual((await messages('puzzlemove')).map((m) => [m.detail.lan, m.detail.correct]), [['e2e8', true], ['e1e8', true]]);
  assert.equal(await frame.locator('#puzzle-hint').isDisabled(), true);
  assert.equal(await frame.locator('#puzzle-solution').isDisabled(), true);
  assert.deepEqual(errors, []);
});

test('a puzzle in the URL (?variant=&fen=&moves=); the Solution button plays it out and posts failed', async () => {
  const puzzle = puzzles[0];
  const query = `?variant=chess&fen=${encodeURIComponent(puzzle.fen)}&moves=${encodeURIComponent(puzzle.moves.join(' '))}`;
  const frame = await host(query);
  const state = await boardState(frame);
  assert.deepEqual([state.id, state.status, state.fen], [null, 'solving', puzzle.fen]);
  assert.equal(await frame.locator('alfiere-board').evaluate((board) => board.fen), fenAfter(puzzle, 1).fen());
  await frame.locator('#puzzle-solution').click();
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'failed'), null, { timeout: 10000 });
  assert.equal((await messages('failed'))[0].detail.reason, 'solution');
  await frame.locator('alfiere-board').evaluate((board) => new Promise((resolve) => {
    const check = () => (board.puzzle.status === 'complete' ? resolve() : setTimeout(check, 20));
    check();
  }));
  assert.equal(await frame.locator('alfiere-board').evaluate((board) => board.fen), fenAfter(puzzle, 4).fen());
  assert.deepEqual(errors, []);
});

test('bad ids, unknown puzzles and an attacker\'s URL text: a message as text, no puzzle', async () => {
  const cases = [
    ['?puzzle=chess/zzzzz', /There is no puzzle zzzzz among the 2 puzzles of chess\./],
    ['?puzzle=alice/abcde', /No puzzles of alice are served here \(404\)\./],
    [`?puzzle=${encodeURIComponent('<img src=x onerror=alert(1)>/abcde')}`, /must be <rule set>\/<puzzle id>/],
    [`?puzzle=${encodeURIComponent('../../etc/passwd')}`, /must be <rule set>\/<puzzle id>/],
    ['?puzzle=xiangqi/abcde', /There is no rule set “xiangqi”/],
    ['?moves=e2e4', /needs fen/],
    [`?variant=chess&fen=${encodeURIComponent('<img src=x onerror=alert(1)>')}&moves=e2e4%20e7e5`, /puzzle: .*invalid FEN '<img src=x onerror=alert\(1\)>'/],
    [`?variant=chess&fen=${encodeURIComponent(puzzles[0].fen)}&moves=${encodeURIComponent('h8g8 <b>e2e8</b>')}`, /puzzle: “<b>e2e8<\/b>” is not a UCI action/],
  ];
  for (const [query, pattern] of cases) {
    const frame = await host(query);
    const box = frame.locator('#embed-message');
    await box.waitFor();
    assert.match(await box.textContent(), pattern, query);
    assert.equal(await frame.locator('#embed-message img, #embed-message b, img[src="x"]').count(), 0, query);
    assert.equal(await boardState(frame), null, query);
    assert.equal(await frame.locator('#embed-puzzle').isHidden(), true, query);
  }
  assert.deepEqual(errors.filter((e) => !/404|Not Found/i.test(e)), []);
});
