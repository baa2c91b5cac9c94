// <alfiere-board time-control>: both clocks in the player lines, the side to act's
// clock running from the first action, the increment once per turn (Marseillais: two
// actions, one increment), tenths and the low-time warning under 10 s, and a flag
// fall: `flag` {color}, then `gameover` with a time forfeit that is a loss, or a draw
// where the opponent can never win (Chess-Gi counts the hands). Time is a fake time
// source set through the board's `timeSource`, so nothing waits for real seconds.

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

/** A fresh board with `attributes` and a fake time source at 0 (window.__time). */
async function makeBoard(id, attributes) {
  await page.evaluate(
    async ([boardId, attrs]) => {
      document.getElementById(boardId)?.remove();
      const board = document.createElement('alfiere-board');
      board.id = boardId;
      board.style.width = '420px';
      window.__events = window.__events ?? {};
      const events = (window.__events[boardId] = []);
      for (const type of ['flag', 'gameover', 'error']) {
        board.addEventListener(type, (e) => events.push({ type, ...e.detail, outcome: e.detail.outcome }));
      }
      for (const [name, value] of Object.entries(attrs)) board.setAttribute(name, value);
      document.body.append(board);
      await board.ready;
      window.__time = { t: 0, now() { return this.t; } };
      board.timeSource = window.__time;
    },
    [id, attributes],
  );
}

const clock = (id) => page.evaluate((boardId) => document.getElementById(boardId).clock, id);
const advance = (ms) => page.evaluate((d) => { window.__time.t += d; }, ms);
const play = (id, ...moves) => page.evaluate(([boardId, list]) => {
  for (const mv of list) document.getElementById(boardId).move(mv);
}, [id, moves]);
const faces = (id) => page.evaluate((boardId) => {
  const root = document.getElementById(boardId).shadowRoot;
  return [...root.querySelectorAll('.clock')].map((c) => ({ text: c.textContent, hidden: c.hidden, cls: c.className }));
}, id);
const events = (id) => page.evaluate((boardId) => window.__events[boardId], id);

test('an untimed board shows no clock; a timed one runs from the first action, with the increment', async () => {
  await makeBoard('plain', {});
  assert.equal(await clock('plain'), null);
  assert.ok((await faces('plain')).every((f) => f.hidden));

  await makeBoard('c', { 'time-control': '60+2' });
  assert.equal(await page.evaluate(() => document.getElementById('c').timeControl), '60+2');
  assert.deepEqual(await clock('c'), { w: 60000, b: 60000, running: null });
  assert.deepEqual((await faces('c')).map((f) => f.text), ['1:00', '1:00']);
  await advance(5000); // before the first action nobody's clock runs
  await play('c', 'e4');
  assert.deepEqual(await clock('c'), { w: 62000, b: 60000, running: 'b' });
  await advance(4500);
  assert.deepEqual(await clock('c'), { w: 62000, b: 55500, running: 'b' });
  await play('c', 'e5');
  assert.deepEqual(await clock('c'), { w: 62000, b: 57500, running: 'w' });
  const pgn = await page.evaluate(() => document.getElementById('c').pgn());
  assert.match(pgn, /\[TimeControl "60\+2"\]/);
  assert.match(pgn, /e5 \{\[%clk 0:00:57\.5\]\}/);
  // Looking back at the start does not stop White's clock.
  await page.evaluate(() => document.getElementById('c').review(0));
  await advance(1000);
  assert.equal((await clock('c')).w, 61000);
  await page.evaluate(() => document.getElementById('c').review(null));
  assert.deepEqual(errors, []);
});

test('a flag fall: flag, then gameover on time; tenths and a warning under 10 s', async () => {
  await makeBoard('f', { 'time-control': '20' });
  await play('f', 'e4');
  await advance(11_000);
  await page.waitForTimeout(250);
  let [top] = await faces('f'); // Black at the top
  assert.equal(top.text, '0:09.0');
  assert.match(top.cls, /running/);
  assert.match(top.cls, /low/);
  const announced = await page.evaluate(() => document.getElementById('f').shadowRoot.querySelector('[aria-live]').textContent);
  assert.match(announced, /Black: 9 seconds left/);
  await advance(9_000);
  await page.waitForFunction(() => window.__events.f.some((e) => e.type === 'gameover'));
  const list = await events('f');
  assert.deepEqual(list.map((e) => e.type), ['flag', 'gameover']);
  assert.equal(list[0].color, 'b');
  assert.equal(list[1].outcome.reason, 'time_forfeit');
  assert.equal(list[1].outcome.winner, 'w');
  assert.deepEqual(await clock('f'), { w: 20000, b: 0, running: null });
  [top] = await faces('f');
  assert.match(top.cls, /fallen/);
  const board = await page.evaluate(() => {
    const b = document.getElementById('f');
    return { status: b.status, over: b.over, pgn: b.pgn() };
  });
  assert.equal(board.status, 'White wins by time forfeit');
  assert.ok(board.over);
  assert.match(board.pgn, /\[Termination "time forfeit"\]/);
  assert.match(board.pgn, /\[Result "1-0"\]/);
  // A fall is final: no take-back.
  assert.equal(await page.evaluate(() => document.getElementById('f').canUndo()), false);
  assert.equal(await page.evaluate(() => document.getElementById('f').undo()), false);
  // A move after the fall is refused.
  assert.equal(await page.evaluate(() => { try { document.getElementById('f').move('e5'); return 'played'; } catch (e) { return e.name; } }), 'GameOverError');
  assert.deepEqual(errors, []);
});

test('Chess-Gi: a fall against a lone minor piece in the whole game is a draw', async () => {
  await makeBoard('gi', { variant: 'chessgi', fen: '4k3/8/8/8/8/8/8/4K3[n] w - - 0 1', 'time-control': '5+1' });
  await play('gi', 'Ke2');
  await advance(5_000);
  await page.waitForFunction(() => window.__events.gi.some((e) => e.type === 'gameover'));
  const [flag, over] = await events('gi');
  assert.equal(flag.color, 'b');
  assert.equal(over.outcome.winner, null);
  assert.equal(over.outcome.reason, 'time_forfeit');
  // With a rook on the board the same fall loses: the rook may change hands.
  await makeBoard('gi2', { variant: 'chessgi', fen: '4k3/8/8/8/8/8/8/R3K3[] w - - 0 1', 'time-control': '5+1' });
  await play('gi2', 'Ke2', 'Kd7');
  assert.deepEqual(await clock('gi2'), { w: 6000, b: 6000, running: 'w' }); // each move earned 1 s
  await advance(6_000);
  await page.waitForFunction(() => window.__events.gi2.some((e) => e.type === 'gameover'));
  const [, lost] = await events('gi2');
  assert.equal(lost.outcome.winner, 'b');
});

test('Alice and Marseillais: increment once per turn', async () => {
  await makeBoard('al', { variant: 'alice', 'time-control': '180+2' });
  await play('al', 'e4');
  await advance(3_000);
  await play('al', 'd5');
  assert.deepEqual(await clock('al'), { w: 182000, b: 179000, running: 'w' });

  await makeBoard('ma', { variant: 'marseillais', 'time-control': '30+5' });
  await play('ma', 'e4');
  await advance(2_000);
  assert.deepEqual(await clock('ma'), { w: 28000, b: 30000, running: 'w' });
  await play('ma', 'd4'); // White's turn ends: one increment for its two actions
  assert.deepEqual(await clock('ma'), { w: 33000, b: 30000, running: 'b' });
  await advance(1_000);
  await play('ma', 'e5');
  await advance(1_000);
  await play('ma', 'd5');
  assert.deepEqual(await clock('ma'), { w: 33000, b: 33000, running: 'w' });
  assert.deepEqual(errors, []);
});

test('a clock stops while the page is hidden and goes on when it shows again', async () => {
  await makeBoard('h', { 'time-control': '60' });
  await play('h', 'e4');
  await advance(2_000);
  const setHidden = (hidden) => page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  await setHidden(true);
  await advance(30_000);
  assert.deepEqual(await clock('h'), { w: 60000, b: 58000, running: 'b' });
  await setHidden(false);
  await advance(1_000);
  assert.deepEqual(await clock('h'), { w: 60000, b: 57000, running: 'b' });
  await play('h', 'e5');
  assert.equal(await page.evaluate(() => document.getElementById('h').game.timesUsed()[1]), 3000);
});

test('a bad time-control is reported and the board plays untimed', async () => {
  await makeBoard('bad', { 'time-control': 'five minutes' });
  const list = await events('bad');
  assert.ok(list.some((e) => e.type === 'error' && /time-control/.test(e.message)), JSON.stringify(list));
  assert.equal(await clock('bad'), null);
});

test('the engine plays on its clock: a weak level cuts its pace short on a short clock', async () => {
  // Real time here: the engine's own answer is measured.
  await page.evaluate(async () => {
    document.getElementById('e')?.remove();
    const board = document.createElement('alfiere-board');
    board.id = 'e';
    board.style.width = '400px';
    window.__moves = [];
    board.addEventListener('move', (e) => window.__moves.push({ color: e.detail.color, at: performance.now() }));
    for (const [name, value] of Object.entries({ engine: 'black', level: 'beginner', 'time-control': '4+0' })) board.setAttribute(name, value);
    document.body.append(board);
    await board.ready;
  });
  for (let i = 0; i < 3; i++) {
    const before = await page.evaluate(() => window.__moves.length);
    const human = await page.evaluate(() => {
      const board = document.getElementById('e');
      return board.game.legalMoves()[0];
    });
    await page.evaluate((mv) => document.getElementById('e').move(mv), human);
    await page.waitForFunction((n) => window.__moves.length >= n + 2, before, { timeout: 20_000 });
  }
  const { clock, answers } = await page.evaluate(() => {
    const moves = window.__moves;
    const answers = [];
    for (let i = 1; i < moves.length; i++) if (moves[i].color === 'b') answers.push(Math.round(moves[i].at - moves[i - 1].at));
    return { clock: document.getElementById('e').clock, answers };
  });
  // Beginner's pace is at least 350 ms an action untimed; on 4 s it takes a share:
  // a fortieth of its time (100 ms) plus the search. (The first answer also waits for
  // the engine to start, which its clock pays too.)
  assert.equal(answers.length, 3);
  assert.ok(answers.slice(1).every((ms) => ms < 350), `answers ${answers}`);
  assert.ok(clock.b > 4000 - 2 * 350 - 1000, JSON.stringify(clock));
  assert.equal(clock.running, 'w');
  assert.deepEqual(errors, []);
});

test('the embed takes time-control= from its URL', async () => {
  await page.goto(`${page.url().split('embed.html')[0]}embed.html?time-control=180%2B2&variant=alice`);
  await page.waitForSelector('body.ready');
  await page.evaluate(() => document.getElementById('board').ready);
  assert.deepEqual(await clock('board'), { w: 180000, b: 180000, running: null });
  assert.deepEqual((await faces('board')).map((f) => f.text), ['3:00', '3:00']);
});

