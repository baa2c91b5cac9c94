// The page's one test hook, `?analysis-nodes=N` (the game analysis's node budget, so a
// page test runs in seconds), works only where tests serve the page, a loopback host:
// served from any other host name (the shipped page), a link with it cannot make
// someone's analysis worthless (1 node per position). The other host is this test's
// server under another name (Chromium's host resolver maps it to 127.0.0.1).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, importText, usePage } from './helpers.mjs';

let server;
usePage({ open: false, setup: (env) => ({ server } = env) });

const SHIPPED_HOST = 'alfiere-shipped.example';

/** Analyses `1. e4 e5` on the page at `url`; resolves with the stored report's node count. */
async function analysedNodes(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(url);
    await page.waitForSelector('body.ready', { timeout: 30000 });
    await importText(page, '1. e4 e5 *');
    await page.waitForSelector('#ga-run:not([disabled])');
    await page.click('#ga-run');
    await page.waitForSelector('#ga-result:not([hidden])', { timeout: 120000 });
    const report = await page.evaluate(() => JSON.parse(localStorage.getItem('alfiere.analysis.v1')).report);
    assert.deepEqual(errors, []);
    return report.nodes;
  } finally {
    await context.close();
  }
}

test('?analysis-nodes sets the budget on a loopback host only', async () => {
  const port = new URL(server.url).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${SHIPPED_HOST} 127.0.0.1`],
  });
  try {
    const local = await analysedNodes(browser, `http://localhost:${port}/?analysis-nodes=1`);
    assert.ok(local < 2000, `the hook works where tests run: ${local} nodes`);
    const shipped = await analysedNodes(browser, `http://${SHIPPED_HOST}:${port}/?analysis-nodes=1`);
    assert.ok(shipped > 20 * local && shipped > 20000, `the shipped page ignores the hook: ${shipped} nodes (${local} with it)`);
  } finally {
    await browser.close();
  }
});
