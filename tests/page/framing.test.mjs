// Who may frame the page (served by scripts/serve.mjs, as `npm start` serves it): a page
// of another origin (another port of the same host) cannot show index.html in a frame,
// so it cannot show the person's saved game nor click in it; the page's own origin can;
// embed.html, made for other sites' frames, still loads in one.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { usePage } from './helpers.mjs';

let server;
let page;
usePage({ open: 'blank', setup: (env) => ({ server, page } = env) });

/** Frames `src` in the page now open; resolves with the frame once it has navigated. */
async function frameOf(src) {
  const navigated = page.waitForEvent('framenavigated', { predicate: (frame) => frame !== page.mainFrame(), timeout: 20000 });
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.width = '600';
    frame.height = '600';
    document.body.replaceChildren(frame);
  }, src);
  return navigated;
}

test('another origin cannot frame the page; it can frame the embed; the page frames itself', async () => {
  const other = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>another site</title><body></body>');
  });
  await new Promise((resolve) => other.listen(0, 'localhost', resolve));
  try {
    await page.goto(`http://localhost:${other.address().port}/`);
    for (const path of ['', 'index.html']) {
      const frame = await frameOf(`${server.url}${path}`);
      await page.waitForTimeout(300);
      // Chromium shows its error page in place of a document that refuses the frame.
      assert.match(frame.url(), /^chrome-error:/, `${path || '/'} was framed by another origin`);
      assert.equal(await frame.locator('alfiere-board').count(), 0);
    }
    const embed = await frameOf(`${server.url}embed.html?variant=alice`);
    await embed.waitForSelector('body.ready', { timeout: 20000 });
    assert.equal(await embed.locator('alfiere-board').count(), 1);

    // The page's own origin may frame it.
    await page.goto(`${server.url}embed.html`);
    const own = await frameOf(`${server.url}index.html`);
    await own.waitForSelector('body.ready', { timeout: 20000 });
    assert.equal(await own.locator('#board').count(), 1);
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
