// The iframe embed (embed.html), driven the way a blog would use it: through its URL
// and its messages to the parent page. A host page (about:blank, another origin) holds
// the frame and records every message it posts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { usePage, gotoReady, newGame } from './helpers.mjs';

let server;
let page;
let errors;
let A;
usePage({ open: 'blank', setup: (env) => ({ server, page, errors, rules: A } = env) });

/** Opens a host page with the embed at `query`, and waits for the frame's `ready` (or an error). */
/** Puts the embed at `query` in a frame of the page now open (replacing any other),
 * recording every message the page receives in `window.__messages`. */
function frameEmbed(query, { width = 520, height = 700 } = {}) {
  return page.evaluate(({ src, width, height }) => {
    window.__messages = [];
    // One recorder at a time (setContent's document.open() drops listeners, a second
    // frame in the same page must not add another).
    if (window.__record) window.removeEventListener('message', window.__record);
    window.__record = (event) => window.__messages.push(event.data);
    window.addEventListener('message', window.__record);
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.width = String(width);
    frame.height = String(height);
    document.body.replaceChildren(frame);
  }, { src: `${server.url}embed.html${query}`, width, height });
}

async function host(query, size) {
  await page.setContent('<!doctype html><title>host</title><body></body>');
  await frameEmbed(query, size);
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'ready' || m.type === 'error'), null, { timeout: 20000 });
  return page.frameLocator('iframe');
}

const messages = (type) => page.evaluate((t) => window.__messages.filter((m) => m.source === 'alfiere' && m.type === t), type);

test('set up from the URL: the engine plays White in Chess-Gi, moves are posted to the parent', async () => {
  const frame = await host('?variant=chessgi&orientation=black&engine=white&level=beginner');
  const ready = (await messages('ready'))[0].detail;
  assert.equal(ready.variant, 'chessgi');
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'move'), null, { timeout: 20000 });
  const [first] = await messages('move');
  assert.equal(first.detail.color, 'w');
  const game = new A.Game('chessgi');
  game.move(first.detail.lan);
  assert.equal(first.detail.fen, game.fen());
  // Black (the person) at the bottom: the first row of squares is rank 1, file h first.
  assert.equal(await frame.locator('.board-grid [data-square]').first().getAttribute('data-square'), 'h1');
  // A move by the person, by clicks in the frame.
  const reply = game.moves({ verbose: true }).find((m) => m.from && !m.promotion);
  await frame.locator(`[data-square="${reply.from}"]`).click();
  await frame.locator(`[data-square="${reply.to}"]`).click();
  await page.waitForFunction(() => window.__messages.filter((m) => m.type === 'move').length >= 2);
  assert.equal((await messages('move'))[1].detail.san, reply.san);
  assert.deepEqual(errors, []);
});

test('the embed stores nothing unless storage-key asks, and only under its own keys', async () => {
  // Opened as a page of its own (a cross-site frame may not reach storage at all).
  const other = await page.context().newPage();
  for (const [query, expected] of [['?variant=chess', []], ['?variant=chess&storage-key=my-game', [`alfiere.embed.${new URL(server.url).origin}.my-game`]]]) {
    await other.goto(`${server.url}embed.html${query}`);
    await other.waitForSelector('body.ready');
    await other.click('[data-square="e2"]');
    await other.click('[data-square="e4"]');
    await other.waitForFunction(() => document.getElementById('board').history().length === 1);
    assert.deepEqual(await other.evaluate(() => Object.keys(localStorage)), expected, query);
    await other.evaluate(() => localStorage.clear());
  }
  await other.close();
});

test('a host on another origin can neither read nor change the stored game of the page', async () => {
  // The person's game on the page (the page's own key).
  const person = await page.context().newPage();
  await gotoReady(person, server.url);
  await newGame(person, { variant: 'chess', mode: 'friend' });
  for (const square of ['e2', 'e4', 'c7', 'c5']) await person.click(`alfiere-board [data-square="${square}"]`);
  await person.waitForFunction(() => (localStorage.getItem('alfiere.game.v2') ?? '').includes('c5'));
  const saved = await person.evaluate(() => localStorage.getItem('alfiere.game.v2'));
  const pageOrigin = new URL(server.url).origin;
  // An attacker's page: same site (localhost), another port, so that the browser does
  // not partition the frame's storage and only the embed's own rules protect the game.
  const attacker = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>attacker</title><body></body>');
  });
  await new Promise((resolve) => attacker.listen(0, 'localhost', resolve));
  const attackerOrigin = `http://localhost:${attacker.address().port}`;
  try {
    await page.goto(`${attackerOrigin}/`);
    const attempts = [
      '?storage-key=alfiere.game.v2&engine=white',
      `?storage-key=alfiere.game.v2&engine=white&parent-origin=${encodeURIComponent(pageOrigin)}`,
      `?storage-key=alfiere.game.v2&engine=white&parent-origin=${encodeURIComponent(attackerOrigin)}`,
    ];
    for (const query of attempts) {
      await frameEmbed(query);
      const frame = page.frameLocator('iframe');
      await frame.locator('body.ready').waitFor({ timeout: 20000 });
      // Time for the engine (White) to play into whatever game the frame holds.
      await page.waitForTimeout(1500);
      const posted = JSON.stringify(await page.evaluate(() => window.__messages));
      assert.doesNotMatch(posted, /2p5\/4P3|"san":"c5"/, `${query}: the stored game reached the host`);
      assert.equal(await person.evaluate(() => localStorage.getItem('alfiere.game.v2')), saved, `${query}: the stored game changed`);
    }
    // The host's own origin, confirmed, gets a game of its own under its namespace.
    const keys = await person.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('alfiere.embed.')));
    assert.deepEqual(keys, [`alfiere.embed.${attackerOrigin}.alfiere.game.v2`]);
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
    await person.close();
  }
});

test('a PGN in the URL is loaded as text, a finished one shown as finished', async () => {
  const pgn = '[White "<img src=x onerror=window.parent.__pwned=1>"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1';
  const frame = await host(`?pgn=${encodeURIComponent(pgn)}`);
  const over = await messages('gameover');
  assert.equal(over.at(-1).detail.outcome.reason, 'checkmate');
  assert.match(await frame.locator('.status-line').textContent(), /Black wins by checkmate/);
  assert.equal(await frame.locator('img:not(.piece)').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null);
  assert.deepEqual(errors, []);
});

test('bad parameters show a message in the frame and post an error', async () => {
  const frame = await host('?variant=no-such-variant&level=99&colour=red');
  await page.waitForFunction(() => window.__messages.filter((m) => m.type === 'error').length >= 2, null, { timeout: 20000 });
  const posted = (await messages('error')).map((m) => m.detail.message).join('\n');
  assert.match(posted, /unknown variant “no-such-variant”/);
  assert.match(posted, /level must be/);
  assert.match(await frame.locator('#embed-message').textContent(), /Unknown parameters ignored: colour/);
  assert.match(await frame.locator('alfiere-board .message').textContent(), /unknown variant|level must be/);
  // The board still plays orthodox chess.
  assert.equal(await frame.locator('[data-square]').count(), 64);
  assert.deepEqual(errors, []);
});

test('shapes= in the URL draws the person\'s shapes; a bad list posts an error', async () => {
  const frame = await host(`?variant=alice&shapes=${encodeURIComponent('Ge2e4,Rd4:b')}`);
  await frame.locator('[part="shape arrow"]').waitFor();
  assert.equal(await frame.locator('[part="shape arrow"][data-from="e2"][data-to="e4"][data-board="a"]').count(), 1);
  assert.equal(await frame.locator('[part="shape circle"][data-square="d4"][data-board="b"][data-brush="red"]').count(), 1);
  await host(`?shapes=${encodeURIComponent('Ge2e4:b')}`);
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'error'), null, { timeout: 20000 });
  assert.match((await messages('error')).at(-1).detail.message, /only for Alice/);
  assert.deepEqual(errors, []);
});

test('a pgn= game can be stepped through: buttons, arrow keys, the action with its number', async () => {
  const pgn = '[White "Ann"]\n[Black "Bo"]\n\n1. e4 e5 2. Nf3 Nc6 *';
  const frame = await host(`?pgn=${encodeURIComponent(pgn)}`);
  const label = frame.locator('#nav-move');
  const reviewing = () => frame.locator('alfiere-board').evaluate((board) => board.reviewing);
  await frame.locator('#embed-nav').waitFor();
  assert.equal(await label.textContent(), '2… Nc6');
  assert.equal(await frame.locator('#nav-next').isDisabled(), true);
  await frame.locator('#nav-prev').click();
  assert.equal(await label.textContent(), '2. Nf3');
  assert.equal(await reviewing(), 3);
  // The position shown is the one after 2. Nf3: the knight on f3, none yet on c6.
  assert.match(await frame.locator('[data-square="f3"]').getAttribute('aria-label'), /white knight/);
  assert.doesNotMatch(await frame.locator('[data-square="c6"]').getAttribute('aria-label'), /knight/);
  await frame.locator('#nav-first').click();
  assert.equal(await label.textContent(), 'Start');
  assert.equal(await frame.locator('#nav-prev').isDisabled(), true);
  // The arrow keys, with the focus on the navigation.
  await frame.locator('#nav-next').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await label.textContent(), '1… e5');
  await page.keyboard.press('End');
  assert.equal(await label.textContent(), '2… Nc6');
  assert.equal(await reviewing(), null);
  // Stepping never changes the game: nothing but `ready` and the load were posted.
  assert.deepEqual((await messages('move')).length, 0);
  // No evaluations in this PGN: the graph's place stays hidden.
  assert.equal(await frame.locator('#embed-graph').isHidden(), true);
  assert.deepEqual(errors, []);
});

test('an annotated pgn= shows its evaluation graph; a click on it shows that action, and it follows the navigation', async () => {
  // As `alfiere annotate` writes it: an [%eval] after each action, $4 on the blunder.
  const pgn = '1. e4 { [%eval 0.3] } e5 { [%eval 0.25] } 2. Qh5 { [%eval 0.1] } Nc6 { [%eval 0.2] } ' +
    '3. Bc4 { [%eval 0.2] } Nf6 $4 { [%eval #1] } 4. Qxf7# 1-0';
  const frame = await host(`?pgn=${encodeURIComponent(pgn)}`);
  const graph = frame.locator('#embed-graph .eval-graph');
  await graph.waitFor();
  assert.equal(await frame.locator('#embed-graph').getAttribute('data-evaluations'), 'true');
  const dots = frame.locator('#embed-graph .eval-graph-mark');
  assert.equal(await dots.count(), 1);
  assert.deepEqual([await dots.getAttribute('data-ply'), await dots.getAttribute('data-mark')], ['6', 'blunder']);
  assert.equal(await graph.getAttribute('aria-valuenow'), '7');
  // A click on the left edge shows the start; the navigation's label follows.
  const box = await graph.boundingBox();
  await graph.click({ position: { x: 1, y: box.height / 2 } });
  assert.equal(await frame.locator('alfiere-board').evaluate((board) => board.reviewing), 0);
  assert.equal(await frame.locator('#nav-move').textContent(), 'Start');
  await frame.locator('#nav-next').click();
  assert.equal(await graph.getAttribute('aria-valuenow'), '1');
  // Nothing from the PGN became markup: the comments stay in the game.
  assert.deepEqual((await messages('move')).length, 0);
  assert.deepEqual(errors, []);
});

test('a 500 px frame (and a 300 px one) shows the turn-progress line and the navigation whole', async () => {
  const pgn = '[Variant "Marseillais"]\n\n1. e4,d4 d5 *';
  for (const size of [{ width: 500, height: 500 }, { width: 300, height: 420 }]) {
    const frame = await host(`?variant=marseillais&pgn=${encodeURIComponent(pgn)}`, size);
    const turn = frame.locator('alfiere-board .turn-line');
    assert.match(await turn.textContent(), /Black's turn: action 2 of 2/);
    const box = await page.locator('iframe').boundingBox();
    // Let the fitting settle (one frame or two), then every line is inside the frame.
    await frame.locator('body').evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const selector of ['alfiere-board .turn-line', 'alfiere-board .status-line', 'alfiere-board .board-grid', '#embed-nav']) {
      const part = await frame.locator(selector).boundingBox();
      assert.ok(part.y >= box.y && part.y + part.height <= box.y + box.height + 0.5, `${size.width}x${size.height} ${selector}: ${JSON.stringify(part)} in ${JSON.stringify(box)}`);
      assert.ok(part.x >= box.x && part.x + part.width <= box.x + box.width + 0.5, `${size.width}x${size.height} ${selector} across`);
    }
    const scroll = await frame.locator('html').evaluate((html) => [html.scrollHeight - html.clientHeight, html.scrollWidth - html.clientWidth]);
    assert.deepEqual(scroll, [0, 0], `${size.width}x${size.height}: nothing to scroll`);
  }
  assert.deepEqual(errors, []);
});

test('variant=foo: the error is shown in the frame as text, not only posted', async () => {
  const frame = await host(`?variant=${encodeURIComponent('<b>foo</b>')}&pgn=${encodeURIComponent('1. e4 e5 *')}`);
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'error'), null, { timeout: 20000 });
  // After the PGN loaded (a change that clears the board's own message line) it is still there.
  await frame.locator('#embed-nav').waitFor();
  assert.match(await frame.locator('#embed-message').textContent(), /unknown variant “<b>foo<\/b>”/);
  assert.equal(await frame.locator('#embed-message b').count(), 0);
  assert.equal(await frame.locator('#embed-message').isVisible(), true);
  assert.deepEqual(errors, []);
});
