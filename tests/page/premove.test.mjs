// Premoves on <alfiere-board premove> (js/board/premove.js), on boards in the embed's
// page against the engine: an action made while the engine thinks is shown and played
// as soon as the turn comes, one no longer legal is dropped, a right click or Escape
// cancels; a Chess-Gi drop, an Alice move (onto the other board) and a Marseillais
// turn of two actions queued; the `premoves` property and the `premove` event; and the
// page turns premoves on against the computer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, gotoReady, newGame } from './helpers.mjs';

let page;
let errors;
let server;
usePage({
  open: 'blank',
  setup: async (env) => {
    ({ page, errors, server } = env);
    await page.goto(`${env.server.url}embed.html`);
    await page.waitForSelector('body.ready');
  },
});

/**
 * A board where the engine plays White, the person Black. The real engine at a level
 * slow enough to premove in, or (`scripted`) an engine that thinks until the test
 * gives its answer with answer().
 */
async function engineBoard(id, variant, fen, { level = 'expert', scripted = false } = {}) {
  await page.evaluate(
    async ([boardId, attrs, fake]) => {
      document.querySelectorAll('alfiere-board').forEach((b) => b.remove());
      const board = document.createElement('alfiere-board');
      board.id = boardId;
      window.__answer = null; // a removed board's search is never answered
      if (fake) {
        board.engineInstance = {
          variant: attrs.variant,
          setOption: async () => {},
          newGame: async () => {},
          stop: () => {},
          analyse: () => new Promise((resolve) => (window.__answer = resolve)),
        };
      }
      board.style.width = '420px';
      window.__premoves = [];
      board.addEventListener('premove', (e) => window.__premoves.push({ ...e.detail }));
      board.addEventListener('error', (e) => window.__premoves.push({ error: e.detail.message }));
      for (const [name, value] of Object.entries(attrs)) board.setAttribute(name, value);
      document.body.append(board);
      await board.ready;
    },
    [id, { variant, fen, engine: 'white', movable: 'black', premove: '', level: scripted ? 'beginner' : level }, scripted],
  );
  await page.waitForFunction((boardId) => document.getElementById(boardId).thinking, id);
}

/** The scripted engine plays `bestmove` (after the level's short pause). */
async function answer(id, bestmove) {
  await page.waitForFunction(() => typeof window.__answer === 'function');
  const before = await page.evaluate((boardId) => document.getElementById(boardId).history().length, id);
  await page.evaluate((move) => {
    const resolve = window.__answer;
    window.__answer = null;
    resolve({ bestmove: move, score: { cp: 0 } });
  }, bestmove);
  await page.waitForFunction(([boardId, n]) => document.getElementById(boardId).history().length > n, [id, before]);
}

const board = (id, read) => page.evaluate(([boardId, code]) => new Function('b', `return ${code}`)(document.getElementById(boardId)), [id, read]);
const events = () => page.evaluate(() => window.__premoves);
const sq = (id, square, side = null) => `#${id} [data-square="${square}"]${side ? `[data-board="${side}"]` : ''}`;

test('chess: a premove is shown, then played at once when the turn comes', async () => {
  // White's only action is Kxg2; Black premoves Ra2 meanwhile.
  await engineBoard('p', 'chess', 'r5k1/8/8/8/8/8/6q1/7K w - - 0 1');
  await page.click(sq('p', 'a8'));
  assert.ok((await page.locator('#p .sq.dest').count()) > 0, 'the rook shows its premove targets');
  await page.click(sq('p', 'a2'));
  assert.deepEqual(await board('p', 'b.premoves'), ['a8a2']);
  assert.equal(await page.locator('#p .sq.premove').count(), 2, 'origin and target marked');
  assert.match(await page.locator('#p .premove-line').textContent(), /Premove: Ra2/);
  await page.waitForFunction(() => document.getElementById('p').history().length === 2, null, { timeout: 20000 });
  assert.deepEqual(await board('p', 'b.history().map((m) => m.lan)'), ['h1g2', 'a8a2']);
  assert.deepEqual(await board('p', 'b.premoves'), []);
  assert.equal(await page.locator('#p .sq.premove').count(), 0);
  assert.deepEqual((await events()).map((e) => e.reason), ['queued', 'played']);
  // The engine answers the premove: the game goes on.
  await page.waitForFunction(() => document.getElementById('p').thinking || document.getElementById('p').history().length > 2);
});

test('chess: a premove that is not legal when the turn comes is dropped', async () => {
  // Black premoves Qxd1; White's reply takes the queen.
  await engineBoard('d', 'chess', '3q2k1/8/8/8/8/8/5PPP/3R2K1 w - - 0 1', { scripted: true });
  await page.click(sq('d', 'd8'));
  await page.click(sq('d', 'd1'));
  assert.deepEqual(await board('d', 'b.premoves'), ['d8d1']);
  await answer('d', 'd1d8');
  await page.waitForFunction(() => document.getElementById('d').premoves.length === 0);
  assert.deepEqual(await board('d', 'b.history().map((m) => m.san)'), ['Rxd8+']);
  assert.deepEqual((await events()).map((e) => e.reason), ['queued', 'dropped']);
  assert.equal(await board('d', 'b.game.turn()'), 'b', 'the person plays by hand now');
});

test('a right click or Escape cancels the queue; a bad premoves list fires error and changes nothing', async () => {
  await engineBoard('c', 'chess', 'r5k1/8/8/8/8/8/6q1/7K w - - 0 1', { scripted: true });
  await page.click(sq('c', 'a8'));
  await page.click(sq('c', 'a3'));
  assert.deepEqual(await board('c', 'b.premoves'), ['a8a3']);
  await page.click(sq('c', 'e4'), { button: 'right' });
  assert.deepEqual(await board('c', 'b.premoves'), []);
  await board('c', "(b.premoves = ['a8a5'], b.premoves)");
  assert.deepEqual(await board('c', 'b.premoves'), ['a8a5']);
  await page.keyboard.press('Escape');
  assert.deepEqual(await board('c', 'b.premoves'), []);
  await board('c', "(b.premoves = ['a8a4', 'z9z9'], 0)");
  assert.deepEqual(await board('c', 'b.premoves'), []);
  const log = await events();
  assert.deepEqual(log.filter((e) => e.reason).map((e) => e.reason), ['queued', 'cancelled', 'queued', 'cancelled']);
  assert.match(log.at(-1).error, /premoves: .*z9z9/);
  // A premove made by hand cannot go where no reply of the engine lets it.
  await page.click(sq('c', 'g2'));
  assert.deepEqual(await board('c', 'b.premoves'), [], 'the queen is taken in every reply: no premove from g2');
  // Another opponent cancels the queue.
  await board('c', "(b.premoves = ['a8a5'], b.engine = 'none', 0)");
  assert.deepEqual(await board('c', 'b.premoves'), []);
});

test('Chess-Gi: a drop is premoved from the pocket', async () => {
  await engineBoard('g', 'chessgi', 'r5k1/8/8/8/8/8/6q1/7K[n] w - - 0 1', { scripted: true });
  await page.click('#g .pocket [data-pocket="N"][data-color="b"]');
  await page.click(sq('g', 'e5'));
  assert.deepEqual(await board('g', 'b.premoves'), ['N@e5']);
  assert.equal(await page.locator('#g .sq.premove').count(), 1, 'a drop marks its square');
  await answer('g', 'h1g2');
  await page.waitForFunction(() => document.getElementById('g').history().length === 2);
  assert.deepEqual(await board('g', 'b.history().map((m) => m.lan)'), ['h1g2', 'N@e5']);
});

test("Alice: a premove's arrival is marked on the other board and played there", async () => {
  await engineBoard('a', 'alice', 'r5k1/8/8/8/8/8/6q1/7K w - - 0 1', { scripted: true });
  await page.click(sq('a', 'a8', 'a'));
  await page.click(sq('a', 'a2', 'a'));
  assert.deepEqual(await board('a', 'b.premoves'), ['a8a2']);
  assert.equal(await page.locator(`${sq('a', 'a8', 'a')}.premove`).count(), 1, 'the rook leaves board A');
  assert.equal(await page.locator(`${sq('a', 'a2', 'b')}.premove`).count(), 1, 'it arrives on board B');
  assert.equal(await page.locator('#a .sq.premove').count(), 2);
  await answer('a', 'h1g2');
  await page.waitForFunction(() => document.getElementById('a').history().length === 2);
  const last = await board('a', 'b.history()[1]');
  assert.equal(last.lan, 'a8a2');
  assert.equal(last.board, 'b');
});

test('Marseillais: the two actions of the next turn are queued and played', async () => {
  await engineBoard('m', 'marseillais', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { scripted: true });
  await page.click(sq('m', 'a7'));
  await page.click(sq('m', 'a5'));
  await page.click(sq('m', 'b7'));
  await page.click(sq('m', 'b6'));
  assert.deepEqual(await board('m', 'b.premoves'), ['a7a5', 'b7b6']);
  assert.match(await page.locator('#m .premove-line').textContent(), /Premove: a5, b6/);
  // The turn is full: a third action is not queued.
  await page.click(sq('m', 'h7'));
  await page.click(sq('m', 'h6'));
  assert.deepEqual(await board('m', 'b.premoves'), ['a7a5', 'b7b6']);
  // White's first action: the queue waits for the second.
  await answer('m', 'e2e4');
  assert.deepEqual(await board('m', 'b.premoves'), ['a7a5', 'b7b6']);
  await answer('m', 'd2d4');
  await page.waitForFunction(() => document.getElementById('m').history().length >= 4);
  assert.deepEqual(await board('m', 'b.history().map((m) => m.lan)'), ['e2e4', 'd2d4', 'a7a5', 'b7b6']);
  assert.deepEqual(errors, []);
});

test('the page turns premoves on against the computer only', async () => {
  await gotoReady(page, server.url);
  await newGame(page, { variant: 'chess', mode: 'engine', color: 'w', level: 'beginner' });
  assert.equal(await page.evaluate(() => document.getElementById('board').premove), true);
  await newGame(page, { variant: 'chess', mode: 'friend' });
  assert.equal(await page.evaluate(() => document.getElementById('board').premove), false);
  assert.deepEqual(errors, []);
});
