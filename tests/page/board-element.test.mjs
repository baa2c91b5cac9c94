// <alfiere-board>'s attributes, properties, methods and events one by one, on boards
// made in a served page (the iframe embed's page defines the element): who may move,
// coordinates, custom piece images, the fen property, flip, variant changes, undo
// against the engine, and the `change` reasons.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage } from './helpers.mjs';

let page;
let errors;
let A;
usePage({
  open: 'blank',
  setup: async (env) => {
    ({ page, errors, rules: A } = env);
    await page.goto(`${env.server.url}embed.html`);
    await page.waitForSelector('body.ready');
  },
});

/** Puts a fresh board with `attributes` into the page; resolves when it is ready. */
async function makeBoard(id, attributes) {
  await page.evaluate(
    async ([boardId, attrs]) => {
      document.getElementById(boardId)?.remove();
      const board = document.createElement('alfiere-board');
      board.id = boardId;
      board.style.width = '400px';
      window.__log = window.__log ?? {};
      window.__log[boardId] = [];
      for (const type of ['move', 'change', 'error', 'gameover']) {
        board.addEventListener(type, (e) => window.__log[boardId].push({ type, reason: e.detail.reason, san: e.detail.san, message: e.detail.message }));
      }
      for (const [name, value] of Object.entries(attrs)) board.setAttribute(name, value);
      document.body.append(board);
      await board.ready;
    },
    [id, attributes],
  );
}

const log = (id) => page.evaluate((boardId) => window.__log[boardId], id);

test('movable: a person moves only the sides it names', async () => {
  await makeBoard('m', { movable: 'black' });
  await page.click('#m [data-square="e2"]');
  assert.equal(await page.locator('#m .sq.dest').count(), 0, 'White is not movable');
  await page.evaluate(() => document.getElementById('m').move('e4')); // a method may play any side
  await page.click('#m [data-square="e7"]');
  assert.equal(await page.locator('#m .sq.dest').count(), 2);
  await page.evaluate(() => document.getElementById('m').setAttribute('movable', 'sideways'));
  assert.match((await log('m')).at(-1).message, /movable must be white, black, both or none/);
  assert.equal(await page.evaluate(() => document.getElementById('m').movable), 'black');
});

test('coordinates, piece images and parts', async () => {
  await makeBoard('c', { coordinates: 'false', 'piece-images': '/icon.svg?{color}{piece}' });
  assert.equal(await page.locator('#c .coord').count(), 0);
  const src = await page.locator('#c [data-square="g1"] .piece').getAttribute('src');
  assert.equal(src, '/icon.svg?wN');
  assert.equal(await page.locator('#c [data-square="g1"] .piece').getAttribute('part'), 'piece white-knight');
  await page.evaluate(() => {
    document.getElementById('c').coordinates = true;
  });
  assert.equal(await page.locator('#c .coord').count(), 16);
});

test('fen, flip, variant and the change events', async () => {
  await makeBoard('f', { variant: 'racingkings' });
  const start = new A.Game('racingkings').fen();
  assert.equal(await page.evaluate(() => document.getElementById('f').fen), start);
  const fen = '8/8/8/8/8/5N2/krbn1BRK/qrbnNBRQ b - - 1 1';
  await page.evaluate((text) => {
    document.getElementById('f').fen = text;
  }, fen);
  assert.equal(await page.evaluate(() => document.getElementById('f').fen), fen);
  await page.evaluate(() => document.getElementById('f').flip());
  assert.equal(await page.evaluate(() => document.getElementById('f').orientation), 'black');
  assert.equal(await page.locator('#f .board-grid [data-square]').first().getAttribute('data-square'), 'h1');
  await page.evaluate(() => {
    const board = document.getElementById('f');
    board.removeAttribute('fen');
    board.variant = 'avalanche';
  });
  assert.equal(await page.evaluate(() => document.getElementById('f').variant), 'avalanche');
  const reasons = (await log('f')).filter((e) => e.type === 'change').map((e) => e.reason);
  assert.deepEqual(reasons.slice(-3), ['reset', 'reset', 'variant']);
  // A bad FEN set later: a message, an error event, the game as it was set up.
  await page.evaluate(() => {
    document.getElementById('f').fen = 'not a fen';
  });
  assert.match((await log('f')).at(-1).message, /the fen attribute is not a position of Avalanche/);
  assert.match(await page.locator('#f .message').textContent(), /fen attribute/);
});

test('undo against the engine goes back to the start of the person’s turn', async () => {
  await makeBoard('u', { engine: 'black', level: '0' });
  await page.click('#u [data-square="e2"]');
  await page.click('#u [data-square="e4"]');
  await page.waitForFunction(() => document.getElementById('u').history().length === 2, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => document.getElementById('u').undo()), true);
  assert.equal(await page.evaluate(() => document.getElementById('u').history().length), 0);
  assert.equal(await page.evaluate(() => document.getElementById('u').level), '0');
  const types = (await log('u')).map((e) => e.type);
  assert.deepEqual(types.filter((t) => t !== 'change'), ['move', 'move']);
  assert.equal((await log('u')).at(-1).reason, 'undo');
  assert.deepEqual(errors, []);
});

test('bad method arguments throw typed errors and change nothing; the engine carries on', async () => {
  await makeBoard('x', { engine: 'white', level: 'beginner' });
  const thrown = await page.evaluate(() => {
    const board = document.getElementById('x');
    const names = [];
    for (const call of [() => board.review('x'), () => board.review(-1), () => board.resign('purple'), () => board.load(42), () => board.move('Ke5'), () => board.pgn({ tags: 5 })]) {
      try {
        call();
        names.push('no error');
      } catch (err) {
        names.push(err.name);
      }
    }
    return { names, reviewing: board.reviewing, over: board.over };
  });
  assert.deepEqual(thrown.names, ['InvalidArgumentError', 'InvalidArgumentError', 'InvalidArgumentError', 'InvalidArgumentError', 'IllegalMoveError', 'InvalidArgumentError']);
  assert.equal(thrown.reviewing, null);
  assert.equal(thrown.over, false);
  // The refused move stopped the engine's search for a moment; it still plays White.
  await page.waitForFunction(() => document.getElementById('x').history().length === 1, null, { timeout: 20000 });
  assert.equal((await log('x')).find((e) => e.type === 'move').san.length > 1, true);
  assert.deepEqual(errors, []);
});

test('preview shows a position outside the game; bad input throws and changes nothing; a move ends it', async () => {
  await makeBoard('p', { variant: 'chess' });
  const result = await page.evaluate(() => {
    const board = document.getElementById('p');
    const root = board.shadowRoot;
    const label = (square) => root.querySelector(`[data-square="${square}"]`).getAttribute('aria-label');
    const out = {};
    const game = board.game;
    const e4 = game.moves({ verbose: true }).find((m) => m.san === 'e4');
    for (const bad of [{}, 'e4', { fen: 'not a fen' }]) {
      try {
        board.preview(bad);
        out.threw = false;
      } catch (err) {
        (out.errors ??= []).push(err.name);
      }
    }
    out.afterBad = board.previewing;
    board.preview({ fen: e4.after, move: e4, caption: 'After 1. e4, a preview.' });
    out.previewing = board.previewing === e4.after;
    out.e4 = label('e4');
    out.turn = root.querySelector('.turn-line').textContent;
    out.fen = board.fen;
    out.last = [...root.querySelectorAll('.sq.last')].map((e) => e.dataset.square).sort();
    board.move('d4'); // a change of the game ends the preview
    out.afterMove = board.previewing;
    out.d4 = label('d4');
    out.e4After = label('e4');
    return out;
  });
  assert.deepEqual(result.errors, ['InvalidArgumentError', 'InvalidArgumentError', 'InvalidFenError']);
  assert.equal(result.afterBad, null);
  assert.equal(result.previewing, true);
  assert.match(result.e4, /white pawn/);
  assert.equal(result.turn, 'After 1. e4, a preview.');
  assert.equal(result.fen, new A.Game().fen(), 'the game is untouched');
  assert.deepEqual(result.last, ['e2', 'e4']);
  assert.equal(result.afterMove, null);
  assert.match(result.d4, /white pawn/);
  assert.doesNotMatch(result.e4After, /pawn/);
  assert.deepEqual(errors, []);
});
