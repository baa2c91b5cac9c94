// The page's colours reach the board: its panels (Chess-Gi's pockets, the promotion
// choice) take the page's `--panel` through `--alfiere-panel`. Set on the board element
// itself, the two variables referred to each other and both came out empty, so the
// pockets had no background.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, openPage, newGame } from './helpers.mjs';

let server;
let browser;
usePage({ open: false, setup: (env) => ({ server, browser } = env) });

test("the board's panels take the page's panel colour (no variable cycle)", async () => {
  const { context, page, errors } = await openPage(browser, server.url, { viewport: { width: 1280, height: 860 } });
  await newGame(page, { variant: 'chessgi', mode: 'friend' });
  const colours = await page.evaluate(() => {
    const board = document.querySelector('alfiere-board');
    const root = getComputedStyle(document.documentElement).getPropertyValue('--panel').trim();
    return { root, board: getComputedStyle(board).getPropertyValue('--panel').trim() };
  });
  assert.notEqual(colours.root, '');
  assert.equal(colours.board, colours.root, JSON.stringify(colours));
  assert.deepEqual(errors, []);
  await context.close();
});
