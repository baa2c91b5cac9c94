// <alfiere-board>'s arrows and circles: drawn by API in every rule set with a special
// case (Alice's two boards, a Billiards rebound, a Chess-Gi pocket), by hand with the
// right button and the keyboard, cleared by a left click, reported by `shapes`,
// refused with `error`, and kept in the PGN as [%csl]/[%cal] through pgn()/loadPgn.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage } from './helpers.mjs';

let page;
let errors;
usePage({
  open: 'blank',
  setup: async (env) => {
    ({ page, errors } = env);
    await page.goto(`${env.server.url}embed.html`);
    await page.waitForSelector('body.ready');
  },
});

async function makeBoard(id, attributes) {
  await page.evaluate(
    async ([boardId, attrs]) => {
      for (const old of document.querySelectorAll('alfiere-board')) old.remove(); // the new one on screen, for the mouse
      const board = document.createElement('alfiere-board');
      board.id = boardId;
      board.style.width = '400px';
      window.__log = window.__log ?? {};
      window.__log[boardId] = [];
      for (const type of ['shapes', 'error']) {
        board.addEventListener(type, (e) => window.__log[boardId].push({ type, shapes: e.detail.shapes, message: e.detail.message, name: e.detail.error?.name }));
      }
      for (const [name, value] of Object.entries(attrs)) board.setAttribute(name, value);
      document.body.append(board);
      await board.ready;
    },
    [id, attributes],
  );
}

const log = (id) => page.evaluate((boardId) => window.__log[boardId], id);
const set = (id, name, value) => page.evaluate(([b, n, v]) => (document.getElementById(b)[n] = v), [id, name, value]);
const get = (id, name) => page.evaluate(([b, n]) => document.getElementById(b)[n], [id, name]);
const parts = (id, kind) => page.locator(`#${id} [part="shape ${kind}"]`);

test('the API draws arrows, circles and labels, each a part with its data', async () => {
  await makeBoard('s', {});
  await set('s', 'shapes', [{ from: 'e2', to: 'e4', brush: 'green' }, { square: 'd4', brush: 'red', label: '?!' }, { from: 'g1', to: 'f3', brush: '#ff00aa' }]);
  assert.equal(await parts('s', 'arrow').count(), 2);
  assert.equal(await parts('s', 'circle').count(), 1);
  const arrow = parts('s', 'arrow').first();
  assert.equal(await arrow.getAttribute('data-from'), 'e2');
  assert.equal(await arrow.getAttribute('data-to'), 'e4');
  assert.equal(await arrow.getAttribute('data-brush'), 'green');
  assert.equal(await page.locator('#s [part="shape label"] text').textContent(), '?!');
  // The layer never takes the pointer: a click on e2 under the arrow still picks up the pawn.
  assert.equal(await page.locator('#s .shape-layer').evaluate((n) => getComputedStyle(n).pointerEvents), 'none');
  await set('s', 'autoShapes', [{ from: 'd2', to: 'd4', brush: 'blue' }]);
  assert.equal(await page.locator('#s [part="shape arrow"][data-owner="auto"]').count(), 1);
  assert.equal((await get('s', 'shapes')).length, 3, 'the program shapes are a list of their own');
  // The string notation of the embed and the PGN commands.
  await set('s', 'shapes', 'Ge2e4,Rd4');
  assert.deepEqual(await get('s', 'shapes'), [
    { square: 'd4', brush: 'red' },
    { from: 'e2', to: 'e4', brush: 'green' },
  ]);
  assert.deepEqual(errors, []);
});

test('bad shapes fire error, draw nothing and throw nothing', async () => {
  await makeBoard('bad', {});
  await set('bad', 'shapes', 'Ge2e4');
  const cases = [
    [{ from: 'e9', to: 'e4' }, /not a square/],
    [{ from: 'N@', to: 'e4' }, /pocket origin .* needs a rule set with pockets/],
    [{ square: 'e4', board: 'b' }, /only for Alice/],
    [{ square: 'e4', brush: 'notacolour' }, /not green, red, blue, yellow or a CSS colour/],
    [{ square: 'e4', label: 'toolong' }, /at most 3 characters/],
    [{ square: 'e4', label: 'a]' }, /without spaces, commas, brackets/],
  ];
  for (const [shape, reason] of cases) {
    await set('bad', 'shapes', [shape]);
    const last = (await log('bad')).at(-1);
    assert.equal(last.type, 'error');
    assert.equal(last.name, 'InvalidShapeError');
    assert.match(last.message, reason);
  }
  await set('bad', 'autoShapes', 'Xe4');
  assert.match((await log('bad')).at(-1).message, /autoShapes: “Xe4” is not a shape/);
  assert.deepEqual(await get('bad', 'shapes'), [{ from: 'e2', to: 'e4', brush: 'green' }], 'a bad list leaves the shapes as they were');
  assert.equal(await parts('bad', 'arrow').count(), 1);
  assert.equal(await page.locator('#bad [part="shape label"]').count(), 0);
});

test('Alice: an arrow on the board where the move starts, its arrival ringed on the other', async () => {
  await makeBoard('al', { variant: 'alice' });
  await set('al', 'shapes', [{ from: 'g1', to: 'f3', brush: 'green' }, { square: 'e4', board: 'b', brush: 'yellow' }]);
  assert.equal(await page.locator('#al .board[data-board-id="a"] [part="shape arrow"][data-from="g1"]').count(), 1);
  assert.equal(await page.locator('#al .board[data-board-id="b"] [part="shape arrival"][data-to="f3"]').count(), 1);
  assert.equal(await page.locator('#al .board[data-board-id="b"] [part="shape circle"][data-square="e4"]').count(), 1);
  assert.deepEqual((await get('al', 'shapes'))[1], { from: 'g1', to: 'f3', brush: 'green', board: 'a' });
});

test('Billiards: an arrow follows the rebound path the core gives', async () => {
  // After 1.e4 e5 the queen reaches g6 off the h-file: d1-h5-g6.
  await makeBoard('bi', { variant: 'billiards', fen: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' });
  const move = await page.evaluate(() => document.getElementById('bi').game.moves({ verbose: true, square: 'd1' }).find((m) => m.to === 'g6'));
  assert.deepEqual(move.path, ['d1', 'h5', 'g6']);
  await set('bi', 'shapes', [{ from: 'd1', to: 'g6', brush: 'blue' }]);
  const points = (await page.locator('#bi [part="shape arrow"] polyline').getAttribute('points')).split(' ');
  assert.equal(points.length, 3, 'the arrow bends where the path does');
  assert.equal(points[1], '7.5,3.5', 'at h5');
});

test('Chess-Gi: an arrow from the pocket starts at the pocket piece', async () => {
  await makeBoard('gi', { variant: 'chessgi', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1' });
  await set('gi', 'shapes', [{ from: 'N@', to: 'e4', brush: 'green' }]);
  const arrow = page.locator('#gi [part="shape arrow"]');
  assert.equal(await arrow.getAttribute('data-from'), 'N@');
  const start = (await arrow.locator('polyline').getAttribute('points')).split(' ')[0].split(',').map(Number);
  assert.ok(start[1] > 8, `the arrow starts below the board, at White's pocket (${start})`);
});

test('by hand: right-drag draws an arrow, right-click a circle, again removes, left click clears', async () => {
  await makeBoard('h', {});
  const box = async (square) => page.locator(`#h [data-square="${square}"]`).boundingBox();
  const centre = (b) => [b.x + b.width / 2, b.y + b.height / 2];
  const [x1, y1] = centre(await box('g1'));
  const [x2, y2] = centre(await box('f3'));
  await page.mouse.move(x1, y1);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(x2, y2, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  assert.deepEqual(await get('h', 'shapes'), [{ from: 'g1', to: 'f3', brush: 'green' }]);
  await page.click('#h [data-square="d4"]', { button: 'right', modifiers: ['Shift'] });
  assert.deepEqual((await get('h', 'shapes'))[0], { square: 'd4', brush: 'red' });
  await page.click('#h [data-square="d4"]', { button: 'right', modifiers: ['Shift'] });
  assert.equal((await get('h', 'shapes')).length, 1, 'the same circle again removes it');
  let events = (await log('h')).filter((e) => e.type === 'shapes');
  assert.equal(events.length, 3);
  assert.deepEqual(events.at(-1).shapes, [{ from: 'g1', to: 'f3', brush: 'green' }]);
  await page.click('#h [data-square="h6"]');
  assert.deepEqual(await get('h', 'shapes'), [], 'a plain left click clears');
  events = (await log('h')).filter((e) => e.type === 'shapes');
  assert.deepEqual(events.at(-1).shapes, []);
  // The keyboard: C on the focused square, A … A for an arrow.
  await page.focus('#h [data-square="e2"]');
  await page.keyboard.press('c');
  await page.keyboard.press('a');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('a');
  assert.deepEqual(await get('h', 'shapes'), [
    { square: 'e2', brush: 'green' },
    { from: 'e2', to: 'e4', brush: 'green' },
  ]); // circles first, as the [%csl] command comes before [%cal]
  await page.waitForFunction(() => /green arrow e2 to e4 drawn/.test(document.getElementById('h').shadowRoot.querySelector('[aria-live]').textContent));
  // draw="none": no drawing by hand.
  await page.evaluate(() => document.getElementById('h').setAttribute('draw', 'none'));
  await page.click('#h [data-square="a3"]', { button: 'right' });
  assert.equal((await get('h', 'shapes')).length, 2);
});

test('[%csl]/[%cal] round trip through pgn() and loadPgn, each on its ply', async () => {
  await makeBoard('p', { variant: 'alice' });
  await set('p', 'shapes', 'Gd4');
  await page.evaluate(() => document.getElementById('p').move('e4'));
  await set('p', 'shapes', [{ from: 'e7', to: 'e5', brush: 'red' }, { square: 'e4', board: 'b', brush: 'blue' }]);
  await page.evaluate(() => document.getElementById('p').move('e5'));
  const pgn = await page.evaluate(() => document.getElementById('p').pgn());
  assert.match(pgn, /\{\s*\[%csl Gd4\]\s*\}/);
  assert.match(pgn, /1\. e4 \{\s*\[%csl Be4:b\]\[%cal Re7e5\]\s*\}/);
  await makeBoard('q', { variant: 'alice' });
  await page.evaluate((text) => document.getElementById('q').loadPgn(text), pgn);
  assert.deepEqual(await get('q', 'shapes'), [], 'the last position has none');
  await page.evaluate(() => document.getElementById('q').review(1));
  assert.deepEqual(await get('q', 'shapes'), [
    { square: 'e4', brush: 'blue', board: 'b' },
    { from: 'e7', to: 'e5', brush: 'red', board: 'a' },
  ]);
  assert.equal(await parts('q', 'arrow').count(), 1);
  // Drawing on a past position keeps the later ones.
  await set('q', 'shapes', 'Yh5');
  await page.evaluate(() => document.getElementById('q').review(0));
  assert.deepEqual(await get('q', 'shapes'), [{ square: 'd4', brush: 'green', board: 'a' }]);
  const again = await page.evaluate(() => document.getElementById('q').pgn());
  assert.match(again, /1\. e4 \{\s*\[%csl Yh5\]\s*\}/);
  assert.match(again, /e5/);
});

test('touch: a long press then a drag draws an arrow', async () => {
  await makeBoard('t', {});
  const drawn = await page.evaluate(async () => {
    const board = document.getElementById('t');
    const at = (square) => {
      const r = board.shadowRoot.querySelector(`[data-square="${square}"]`).getBoundingClientRect();
      return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
    };
    const fire = (target, type, square) =>
      target.dispatchEvent(new PointerEvent(type, { pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true, composed: true, button: 0, ...at(square) }));
    const a3 = board.shadowRoot.querySelector('[data-square="a3"]');
    fire(a3, 'pointerdown', 'a3');
    await new Promise((r) => setTimeout(r, 600)); // a long press
    fire(window, 'pointermove', 'c5');
    fire(window, 'pointerup', 'c5');
    return board.shapes;
  });
  assert.deepEqual(drawn, [{ from: 'a3', to: 'c5', brush: 'green' }]);
});
