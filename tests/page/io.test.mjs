// Import and export: a hostile PGN (markup in its tags and comments) is shown as text
// and runs nothing; bad FEN and PGN get a clear error in the page and leave the game
// alone; a PGN file opened from disk loads; the exported PGN loads back in the Game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashSource } from '../../scripts/import-map.mjs';
import { newGame, openPage, pageFen, pagePgn, usePage, waitFenChange } from './helpers.mjs';

let server;
let browser;
let A;
let page;
let errors;
usePage({
  setup: async (env) => {
    ({ server, browser, rules: A, page, errors } = env);
    await newGame(page, { variant: 'chess', mode: 'friend' });
    await page.evaluate(() => {
      document.getElementById('io-card').open = true;
    });
  },
});

const HOSTILE = `[Event "<img src=x onerror=alert(1)>"]
[Site "<iframe src=javascript:alert(2)>"]
[White "<script>alert('w')</script>"]
[Black "Bob <b>bold</b> &amp; \\"quoted\\""]
[Result "*"]

1. e4 {<img src=x onerror=window.__pwned=1>} e5 {</textarea><script>window.__pwned=2</script>}
2. Nf3 {<svg onload=window.__pwned=3>} *`;

test('a hostile PGN is shown as text and runs nothing', async () => {
  const before = await pageFen(page);
  await page.fill('#io-text', HOSTILE);
  await page.click('#io-load');
  await waitFenChange(page, before);
  assert.equal(await page.$$eval('#moves .move-token', (els) => els.at(-1).textContent), 'Nf3');
  // The markup is there, literally, as text.
  // The tag line and the board's player lines show the PGN's players, as text.
  const tags = await page.textContent('#game-tags');
  assert.ok(tags.includes(`<script>alert('w')</script> – Bob <b>bold</b> &amp; "quoted"`), tags);
  assert.match(tags, /<img src=x onerror=alert\(1\)>/);
  assert.equal(await page.textContent('alfiere-board .player.bottom .name'), `<script>alert('w')</script>`);
  assert.equal(await page.evaluate(() => document.getElementById('board').shadowRoot.querySelectorAll('script, b').length), 0);
  const comments = await page.$$eval('#moves .move-comment', (els) => els.map((e) => e.textContent));
  assert.deepEqual(comments, [
    '<img src=x onerror=window.__pwned=1>',
    '</textarea><script>window.__pwned=2</script>',
    '<svg onload=window.__pwned=3>',
  ]);
  // ...and no element was made from it, and nothing ran.
  const counts = await page.evaluate(() => ({
    img: document.querySelectorAll('img, iframe, b').length,
    scripts: [...document.scripts].map((s) => s.type), // the page's own: its import map and its module
    svgOnload: document.querySelectorAll('svg[onload]').length,
    pwned: window.__pwned ?? null,
  }));
  assert.deepEqual(counts, { img: 0, scripts: ['importmap', 'module'], svgOnload: 0, pwned: null });
  // The export keeps the names as PGN text and loads back.
  const pgn = await pagePgn(page);
  assert.match(pgn, /\[White "<script>alert\('w'\)<\/script>"\]/);
  const game = new A.Game();
  game.loadPgn(pgn);
  assert.deepEqual(game.history(), ['e4', 'e5', 'Nf3']);
  assert.deepEqual(errors, []);
});

test('an imported PGN: its side lines after their move, its NAGs as glyphs, all of it in the export', async () => {
  const before = await pageFen(page);
  await page.fill('#io-text', '1. e4! {good} e5 (1... c5 {Sicilian} 2. Nf3 (2. c3)) 2. Nf3 $1 Nc6 *');
  await page.click('#io-load');
  await waitFenChange(page, before);
  const rows = await page.$$eval('#moves .move-row:not(.comment-row)', (els) =>
    els.map((li) => [...li.querySelectorAll('.move-number, .move-token:not(.variation-token)')].map((e) => e.textContent)),
  );
  assert.deepEqual(rows, [['1.', 'e4', 'e5'], ['2.', 'Nf3', 'Nc6']]);
  // The side line after the move it replaces (its own side line is kept in the export).
  assert.deepEqual(await page.$$eval('#moves .move-variation', (els) => els.map((e) => e.textContent)), ['(1... c5 2. Nf3)']);
  assert.deepEqual(await page.$$eval('#moves .move-comment', (els) => els.map((e) => e.textContent)), ['good']);
  assert.deepEqual(await page.$$eval('#moves .move-glyph', (els) => els.map((e) => e.textContent)), ['!', '!']);
  const pgn = await pagePgn(page);
  assert.match(pgn.replace(/\s+/g, ' '), /1\. e4 \$1 \{good\} 1\.\.\. e5 \(1\.\.\. c5 \{Sicilian\} 2\. Nf3 \(2\. c3\)\) 2\. Nf3 \$1 Nc6 \*/);
  assert.deepEqual(errors, []);
});

test('a bad FEN and a bad PGN get clear errors and change nothing', async () => {
  const fen = await pageFen(page);
  await page.fill('#io-text', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1');
  await page.click('#io-load');
  await page.waitForSelector('#io-error:not([hidden])');
  assert.match(await page.textContent('#io-error'), /FEN could not be loaded: .+/);
  assert.equal(await pageFen(page), fen);
  await page.fill('#io-text', '[Event "x"]\n\n1. e4 e5 2. Qxf7 *');
  await page.click('#io-load');
  await page.waitForFunction(() => /PGN could not be loaded/.test(document.getElementById('io-error').textContent));
  assert.equal(await pageFen(page), fen);
  await page.fill('#io-text', '<b>not a position</b>');
  await page.click('#io-load');
  await page.waitForFunction(() => /could not be loaded/.test(document.getElementById('io-error').textContent));
  assert.equal(await page.locator('#io-error b').count(), 0);
  assert.deepEqual(errors, []);
});

test('a PGN file opened from disk loads, in its own variant', async () => {
  const game = new A.Game('marseillais');
  for (const m of ['e4', 'd4', 'e5', 'd5', 'Nf3']) game.move(m);
  await page.setInputFiles('#io-file', {
    name: 'game.pgn',
    mimeType: 'application/x-chess-pgn',
    buffer: Buffer.from(game.pgn()),
  });
  await page.waitForFunction((fen) => document.getElementById('fen-out').value === fen, game.fen());
  assert.equal(await page.inputValue('#variant'), 'marseillais');
  assert.match(await page.textContent('#moves'), /1\. e4,d4 e5,d5/);
  assert.match(await page.textContent('.turn-line'), /White's turn: action 2 of 2 · so far: Nf3/);
  assert.deepEqual(errors, []);
});

test('Content-Security-Policy: a meta tag, no inline script but the import map (by its hash), nothing from other origins', async () => {
  const { context, page: fresh, errors: freshErrors } = await openPage(browser, null);
  const requests = [];
  fresh.on('request', (request) => requests.push(request.url()));
  await fresh.goto(server.url);
  await fresh.waitForSelector('body.ready');
  const csp = await fresh.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.match(csp, /default-src 'self'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  const inline = await fresh.$$eval('script', (els) => els.filter((s) => !s.src).map((s) => ({ type: s.type, text: s.textContent })));
  assert.deepEqual(inline.map((s) => s.type), ['importmap']);
  // The one hash the policy names is the import map's (the browser used the map: the page is up).
  assert.equal(csp.match(/'sha256-[^']+'/g).join(' '), hashSource(inline[0].text));
  assert.ok(csp.includes(`script-src 'self' ${hashSource(inline[0].text)} 'wasm-unsafe-eval'`), csp);
  const origin = new URL(server.url).origin;
  const foreign = requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'));
  assert.deepEqual(foreign, []);
  // An inline script injected later is refused by the policy.
  const ran = await fresh.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.append(s);
    return window.__inlineRan === true;
  });
  assert.equal(ran, false);
  assert.ok(freshErrors.every((e) => /Content Security Policy/.test(e)), freshErrors.join('\n'));
  await context.close();
});
