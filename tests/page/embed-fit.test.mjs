// The embed fits its frame (README: any frame from 300 px wide, without scrolling):
// every rule set (Alice's two boards above all), puzzles, a game against the engine,
// an annotated PGN with its graph and bad parameters, each at 300x400, 400x400 and
// 480x640, with nothing below or beside the frame's edge, inside the board's shadow
// root too. The viewport is the frame here; one case is also framed for real.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, openPage } from './helpers.mjs';

let server;
let browser;
usePage({ open: false, setup: (env) => ({ server, browser } = env) });

const SIZES = [
  { width: 300, height: 400 },
  { width: 400, height: 400 },
  { width: 480, height: 640 },
];

const ANNOTATED_ALICE = '[Variant "Alice"]\n\n1. e4 { [%eval 0.3] } e5 { [%eval 0.2] } 2. Qh5 $6 { [%eval -0.5] } Nc6 { [%eval -0.4] } *';
// Puzzles given in the URL (the shipped files are mined and may change): Alice's, a
// Marseillais whole turn, and chess.
const ALICE_PUZZLE = { variant: 'alice', fen: '1|rb1kb1r/1p1|qpppp/|p1|n2|n2/2Q3N1/2|B|Pp3/5|P|P1/PPP4P/RNB1K2R b KQk - 0 9', moves: 'e7e5 c4b5 e8d8 c5f8' };
const MARSEILLAIS_PUZZLE = { variant: 'marseillais', fen: 'r1bqkbnr/pppppp1p/4n1p1/8/2PQ4/P1N5/1P2PPPP/R1B1KBNR w KQkq - 2 3 2:1', moves: 'd4h8 f8g7 g7h8' };
const puzzleQuery = (p) => `?${new URLSearchParams(p)}`;

const CASES = [
  ...['chess', 'chess960', 'chessgi', 'racingkings', 'alice', 'billiards', 'progressive-scottish', 'marseillais', 'avalanche'].map((v) => ({ name: v, query: `?variant=${v}` })),
  { name: 'Alice with coordinates off and Black below', query: '?variant=alice&orientation=black&coordinates=false' },
  { name: 'an annotated Alice PGN with its graph', query: `?pgn=${encodeURIComponent(ANNOTATED_ALICE)}`, wait: '#embed-graph:not([hidden])' },
  { name: 'an annotated chess PGN', query: `?pgn=${encodeURIComponent('1. e4 { [%eval 0.3] } e5 { [%eval 0.2] } 2. Bc4 { [%eval 0.1] } Nc6 $6 { [%eval 1.5] } *')}`, wait: '#embed-graph:not([hidden])' },
  { name: 'an Alice puzzle', query: puzzleQuery(ALICE_PUZZLE), wait: '#embed-puzzle:not([hidden])' },
  { name: 'a Marseillais puzzle', query: puzzleQuery(MARSEILLAIS_PUZZLE), wait: '#embed-puzzle:not([hidden])' },
  { name: 'a game of Alice against the engine', query: '?variant=alice&engine=white&level=beginner', wait: '#embed-nav:not([hidden])' },
  { name: 'an unknown variant', query: '?variant=foo', message: /unknown variant “foo”/ },
  { name: 'an unknown variant with a PGN', query: `?variant=foo&pgn=${encodeURIComponent('1. e4 e5 *')}`, message: /unknown variant “foo”/ },
  { name: 'a bad puzzle and unknown parameters', query: '?puzzle=chessgi/&colour=red&size=big', message: /The puzzle parameter must be/ },
  { name: 'a bad storage key', query: '?variant=alice&storage-key=a%20b', message: /storage-key parameter/ },
];

/** Waits until the fitted width has stayed the same for a few frames. */
function settled(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = null;
        let same = 0;
        const started = performance.now();
        const step = () => {
          const width = document.querySelector('alfiere-board')?.getBoundingClientRect().width;
          same = width === last ? same + 1 : 0;
          last = width;
          if (same >= 4 || performance.now() - started > 5000) resolve();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
}

/** Everything shown that reaches past the frame's edges (the board's shadow root included), and the scroll extent. */
function overflow(page) {
  return page.evaluate(() => {
    const html = document.documentElement;
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        const box = el.getBoundingClientRect();
        if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
        if (box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5 || box.left < -0.5 || box.top < -0.5) {
          const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className?.baseVal ?? el.className).replace(/\s+/g, '.')}`;
          found.push(`${name} [${Math.round(box.left)},${Math.round(box.top)} – ${Math.round(box.right)},${Math.round(box.bottom)}]`);
        }
      }
    };
    walk(document);
    return { scroll: [html.scrollWidth - html.clientWidth, html.scrollHeight - html.clientHeight], found };
  });
}

for (const size of SIZES) {
  test(`every embed fits a ${size.width}x${size.height} frame`, async () => {
    const { context, page, errors } = await openPage(browser, null, { viewport: size });
    const failures = [];
    for (const item of CASES) {
      await page.goto(`${server.url}embed.html${item.query}`);
      await page.waitForSelector('body.ready', { timeout: 20000 });
      if (item.wait) await page.waitForSelector(item.wait, { timeout: 20000 });
      await settled(page);
      const { scroll, found } = await overflow(page);
      if (scroll[0] > 0 || scroll[1] > 0 || found.length) failures.push(`${item.name}: scrolls ${scroll.join('/')} px; past the edge: ${found.slice(0, 3).join('; ')}`);
      if (item.message) {
        // The message is said once: in the frame's line, not again in the board's.
        const said = await page.evaluate(() => {
          const board = document.querySelector('alfiere-board');
          const lines = [document.getElementById('embed-message'), board.shadowRoot.querySelector('[part~="message"]')];
          return lines.filter((line) => line && !line.hidden && line.checkVisibility()).map((line) => line.textContent);
        });
        const times = said.flatMap((text) => text.match(new RegExp(item.message.source, 'g')) ?? []).length;
        if (times !== 1) failures.push(`${item.name}: the message is shown ${times} times: ${JSON.stringify(said)}`);
      }
    }
    assert.deepEqual(failures, []);
    // The unknown parameters and the bad variant are messages, not errors of the page.
    assert.deepEqual(errors.filter((e) => !/unknown variant|puzzles\/chessgi/.test(e)), []);
    await context.close();
  });
}

test('Alice in a real 400x400 frame of another page: nothing to scroll', async () => {
  const { context, page } = await openPage(browser, null);
  await page.setContent('<!doctype html><title>host</title><body style="margin:0"></body>');
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.width = '400';
    frame.height = '400';
    frame.style.border = '0';
    document.body.append(frame);
  }, `${server.url}embed.html${puzzleQuery(ALICE_PUZZLE)}`);
  const frame = page.frames().find((f) => f !== page.mainFrame()) ?? (await page.waitForEvent('frameattached'));
  await frame.waitForSelector('#embed-puzzle:not([hidden])', { timeout: 20000 });
  await settled(frame);
  const { scroll, found } = await overflow(frame);
  assert.deepEqual([scroll, found], [[0, 0], []]);
  await context.close();
});
