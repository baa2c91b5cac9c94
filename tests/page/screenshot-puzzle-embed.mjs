#!/usr/bin/env node
// Takes docs/screenshots/puzzle-embed.png: the iframe embed playing a puzzle given in its
// URL (the hand-made Alice puzzle of tests/fixtures/puzzles/alice.csv, replayed through
// the wasm Game first), after the setup action, with the hint's circle shown. Not a test;
// run by hand after changing the embed or the board's puzzle look:
//   node scripts/build-page.mjs && node tests/page/screenshot-puzzle-embed.mjs

import { readFileSync } from 'node:fs';
import { launchBrowser, loadRules, openPage, repoRoot, startServer } from './helpers.mjs';
import { parsePuzzles } from '../../js/puzzles.js';

const A = await loadRules();
const [puzzle] = parsePuzzles(readFileSync(`${repoRoot}tests/fixtures/puzzles/alice.csv`, 'utf8'), { variant: 'alice', Game: A.Game });
const query = new URLSearchParams({ variant: puzzle.variant, fen: puzzle.fen, moves: puzzle.moves.join(' ') });

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page, errors } = await openPage(browser, null, { viewport: { width: 720, height: 560 } });
  await page.goto(`${server.url}embed.html?${query}`);
  await page.waitForSelector('body.ready', { timeout: 20000 });
  await page.click('#puzzle-hint');
  await page.waitForSelector('alfiere-board [part~="circle"]');
  await page.screenshot({ path: `${repoRoot}docs/screenshots/puzzle-embed.png` });
  if (errors.length) throw new Error(errors.join('\n'));
  console.log('docs/screenshots/puzzle-embed.png');
} finally {
  await browser.close();
  await server.stop();
}
