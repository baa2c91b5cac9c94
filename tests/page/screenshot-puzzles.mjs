#!/usr/bin/env node
// Takes docs/screenshots/puzzles.png: the page's Puzzles mode on a shipped Alice puzzle
// (data/puzzles/alice.csv, the first the page chooses for a new player), after its
// setup action. Not a test; run by hand after changing the mode's look or the shipped
// files:
//   node scripts/build-page.mjs && node tests/page/screenshot-puzzles.mjs

import { confirmIfAsked, gotoReady, launchBrowser, openPage, repoRoot, startServer } from './helpers.mjs';

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page, errors } = await openPage(browser, null, { viewport: { width: 1100, height: 760 } });
  await gotoReady(page, server.url);
  await page.selectOption('#variant', 'alice');
  await confirmIfAsked(page);
  await page.click('#puzzles');
  await confirmIfAsked(page);
  await page.waitForSelector('#puzzle-card[data-puzzle-id]', { timeout: 20000 });
  await page.waitForTimeout(800); // the setup action's animation
  await page.screenshot({ path: `${repoRoot}docs/screenshots/puzzles.png` });
  if (errors.length) throw new Error(errors.join('\n'));
  console.log('docs/screenshots/puzzles.png');
} finally {
  await browser.close();
  await server.stop();
}
