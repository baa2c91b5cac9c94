// Nothing is lost and nothing needs the network: the game (moves, redo stack, players)
// and the settings survive a reload and a closed tab (localStorage); after a first
// visit the service worker serves the page, the scripts and the wasm offline; the
// single-file build plays from file://.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SHIPPED_NETWORKS } from '../../js/networks.js';
import { inlineBlockId } from '../../www/app/inline-blocks.js';
import {
  gotoReady,
  newGame,
  openPage,
  pageFen,
  playByClicks,
  repoRoot,
  usePage,
} from './helpers.mjs';

let server;
let browser;
let A;
usePage({ open: false, setup: (env) => ({ server, browser, rules: A } = env) });

test('the game and the settings survive a reload and a closed tab', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await newGame(page, { variant: 'marseillais', mode: 'friend' });
  const game = new A.Game('marseillais');
  await playByClicks(page, game, ['e2e4', 'd2d4', 'e7e5', 'd7d5', 'g1f3']);
  await page.click('#undo'); // leaves one action to redo
  game.undo();
  // The level shows only for games against the computer (a setting for the next game).
  await page.check('input[name="mode"][value="engine"]');
  await page.selectOption('#level', 'strong');
  await page.check('input[name="mode"][value="friend"]');
  await page.click('#mute');
  await page.click('#flip');
  const fen = await pageFen(page);
  assert.equal(fen, game.fen());
  const moves = await page.textContent('#moves');

  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await pageFen(page), fen);
  assert.equal(await page.textContent('#moves'), moves);
  assert.equal(await page.inputValue('#variant'), 'marseillais');
  assert.equal(await page.inputValue('#level'), 'strong');
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true');
  assert.equal(await page.isChecked('input[name="mode"][value="friend"]'), true);
  assert.equal(await page.getAttribute('.board-grid [role="row"]:first-child [data-square]', 'data-square'), 'h1');
  assert.equal(await page.isEnabled('#redo'), true);
  await page.click('#redo');
  await page.waitForFunction(() => /Nf3/.test(document.getElementById('moves').textContent));

  // A closed tab: a new page in the same profile.
  const fenAfterRedo = await pageFen(page);
  await page.close();
  const again = await context.newPage();
  await gotoReady(again, server.url);
  assert.equal(await pageFen(again), fenAfterRedo);
  assert.match(await again.textContent('.turn-line'), /White's turn: action 2 of 2 · so far: Nf3/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline after the first visit (service worker)', async () => {
  const { context, page, errors } = await openPage(browser, server.url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  await newGame(page, { variant: 'avalanche', mode: 'friend' });
  await context.setOffline(true);
  // The server is unreachable too: only the cache can answer.
  await page.reload();
  await page.waitForSelector('body.ready', { timeout: 20000 });
  assert.equal(await page.inputValue('#variant'), 'avalanche');
  const game = new A.Game('avalanche');
  await playByClicks(page, game, ['e2e4', 'd7d6']);
  assert.match(await page.textContent('#moves'), /e4\/d6/);
  // A second offline reload in a fresh tab of the same profile.
  const again = await context.newPage();
  await gotoReady(again, server.url);
  assert.equal(await pageFen(again), game.fen());
  // The engine's worker and wasm come from the cache too.
  if (existsSync(`${repoRoot}dist/page/js/engine.js`)) {
    await newGame(again, { variant: 'racingkings', mode: 'engine', color: 'w', level: 'beginner' });
    const racing = new A.Game('racingkings');
    await playByClicks(again, racing, [racing.legalMoves()[0]]);
    await again.waitForFunction(() => document.getElementById('fen-out').value.split(' ')[1] === 'w', null, { timeout: 20000 });
    const replay = new A.Game('racingkings');
    replay.loadPgn(await again.inputValue('#pgn-out'));
    assert.equal(replay.history().length, 2);
  }
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the single-file build plays from file://', { skip: !existsSync(`${repoRoot}dist/alfiere.html`) }, async () => {
  const { context, page, errors } = await openPage(browser, null);
  await gotoReady(page, pathToFileURL(`${repoRoot}dist/alfiere.html`).href);
  await newGame(page, { variant: 'chessgi', mode: 'friend' });
  const game = new A.Game('chessgi');
  await playByClicks(page, game, ['e2e4', 'd7d5', 'e4d5', 'd8d5']);
  assert.equal(await pageFen(page), game.fen());
  // Every shipped network travels whole in the block the page reads it from.
  for (const network of SHIPPED_NETWORKS) {
    const id = inlineBlockId(network);
    const text = await page.evaluate((blockId) => document.getElementById(blockId)?.textContent.trim() ?? null, id);
    assert.equal(text, readFileSync(network.url()).toString('base64'), id);
  }
  // The engine runs in a worker started from a Blob, with the wasm from the file.
  await newGame(page, { variant: 'alice', mode: 'engine', color: 'w', level: 'beginner' });
  const alice = new A.Game('alice');
  await playByClicks(page, alice, ['e2e4']);
  await page.waitForFunction(() => document.getElementById('fen-out').value.split(' ')[1] === 'w', null, { timeout: 20000 });
  const replay = new A.Game('alice');
  replay.loadPgn(await page.inputValue('#pgn-out'));
  assert.equal(replay.history().length, 2);
  assert.equal(replay.fen(), await pageFen(page));
  // Reloading the file keeps the game (localStorage works for file:// too).
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await pageFen(page), replay.fen());
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game saved by the page before the board component is carried over once', async () => {
  const { context, page, errors } = await openPage(browser, null);
  // What the older page left in storage, there before the page's first script runs.
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', 'yes');
    localStorage.clear();
    localStorage.setItem('alfiere.game.v1', JSON.stringify({
      variant: 'chessgi',
      startFen: null,
      actions: ['e2e4', 'd7d5', 'e4d5'],
      redo: [],
      ending: null,
      tags: { Event: 'Old page game' },
      comments: [{ after: 1, text: 'the first move' }],
      players: { mode: 'friend', human: 'w' },
      orientation: 'b',
    }));
  });
  await gotoReady(page, server.url);
  const game = new A.Game('chessgi');
  for (const token of ['e2e4', 'd7d5', 'e4d5']) game.move(token);
  assert.equal(await pageFen(page), game.fen());
  assert.equal(await page.inputValue('#variant'), 'chessgi');
  assert.match(await page.textContent('#moves'), /the first move/);
  assert.match(await page.inputValue('#pgn-out'), /\[Event "Old page game"\]/);
  // Still a game between friends, seen from Black's side.
  assert.equal(await page.evaluate(() => document.getElementById('board').engine), 'none');
  assert.equal(await page.evaluate(() => document.getElementById('board').orientation), 'black');
  assert.equal(await page.evaluate(() => localStorage.getItem('alfiere.game.v1')), null);
  assert.deepEqual(errors, []);
  await context.close();
});
