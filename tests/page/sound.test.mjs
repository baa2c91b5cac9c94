// The page's sound button: turning sound back on from it lets the board's sounds start
// at once. The board resumes its suspended AudioContext itself when its `sound` is
// turned on (the page calls no sound code of the board's), here seen through a stand-in
// AudioContext that counts what is asked of it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gotoReady, openPage, usePage } from './helpers.mjs';

let server;
let browser;
usePage({ open: false, setup: (env) => ({ server, browser } = env) });

/** A silent AudioContext that records how often it is made and resumed. */
function fakeAudio() {
  const node = () => ({ connect: (next) => next, start() {}, stop() {}, type: '', frequency: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } });
  window.__audio = { made: 0, resumed: 0, context: null };
  window.AudioContext = class {
    constructor() {
      this.state = 'suspended';
      this.currentTime = 0;
      this.destination = {};
      window.__audio.made++;
      window.__audio.context = this;
    }
    resume() {
      window.__audio.resumed++;
      this.state = 'running';
      return Promise.resolve();
    }
    createOscillator() {
      return node();
    }
    createGain() {
      return node();
    }
  };
}

test('sound turned back on with the mute button resumes the board\'s suspended audio', async () => {
  const { context, page, errors } = await openPage(browser, null);
  await page.addInitScript(fakeAudio);
  await gotoReady(page, server.url);
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false');
  // Sound is on: the board makes its context in idle time after it is ready.
  await page.waitForFunction(() => window.__audio.made === 1, null, { timeout: 10000 });
  // The browser suspended it (no gesture yet, or the tab was hidden).
  await page.evaluate(() => {
    window.__audio.context.state = 'suspended';
    window.__audio.resumed = 0;
  });
  await page.click('#mute');
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => window.__audio.resumed), 0, 'muting resumed the audio');
  await page.click('#mute');
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false');
  await page.waitForFunction(() => window.__audio.resumed === 1, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => window.__audio.context.state), 'running');
  assert.equal(await page.evaluate(() => window.__audio.made), 1, 'a second context was made');
  assert.deepEqual(errors, []);
  await context.close();
});
