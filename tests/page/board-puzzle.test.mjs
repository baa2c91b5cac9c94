// <alfiere-board>'s puzzle API in Chromium, on the hand-made puzzles of
// tests/fixtures/puzzles (replayed through the wasm Game in Node first): loadPuzzle
// and the `puzzle` attribute, the setup action played on the board, a right answer by
// clicks (the reply played for the opponent, `solved`), a wrong one taken back with a
// notice (`puzzlemove`, `failed`), a Marseillais two-action turn, a Chess-Gi drop from
// the pocket, an Alice mate through the other board, an Avalanche move and push,
// hint() circling the piece, showSolution(), bad puzzles and bad attribute text (typed
// error, nothing changed, nothing read as HTML), and the engine kept quiet.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { usePage, clickAction } from './helpers.mjs';
import { parsePuzzles } from '../../js/puzzles.js';

let page;
let errors;
let A;
const puzzles = {};
usePage({
  open: 'blank',
  setup: async (env) => {
    ({ page, errors, rules: A } = env);
    for (const variant of ['chess', 'marseillais', 'chessgi', 'alice', 'avalanche']) {
      const text = readFileSync(new URL(`../fixtures/puzzles/${variant}.csv`, import.meta.url), 'utf8');
      puzzles[variant] = parsePuzzles(text, { variant, Game: A.Game });
    }
    await page.goto(`${env.server.url}embed.html`);
    await page.waitForSelector('body.ready');
  },
});

const PAUSE = 60; // ms: the board's pause before its own actions, short for the tests

/** A fresh board with `attributes`, its events logged in window.__log[id]; resolves when ready. */
async function makeBoard(id, attributes = {}) {
  await page.evaluate(
    async ([boardId, attrs]) => {
      document.getElementById(boardId)?.remove();
      const board = document.createElement('alfiere-board');
      board.id = boardId;
      board.style.width = '400px';
      window.__log = window.__log ?? {};
      window.__log[boardId] = [];
      for (const type of ['puzzlemove', 'solved', 'failed', 'error', 'move', 'gameover']) {
        board.addEventListener(type, (e) => window.__log[boardId].push({ type, ...e.detail, error: e.detail.error?.name, move: undefined }));
      }
      for (const [name, value] of Object.entries(attrs)) board.setAttribute(name, value);
      document.body.append(board);
      await board.ready;
    },
    [id, attributes],
  );
}

const log = (id, types) => page.evaluate(([boardId, only]) => window.__log[boardId].filter((e) => !only || only.includes(e.type)), [id, types]);
const state = (id) => page.evaluate((boardId) => document.getElementById(boardId).puzzle, id);
const fenOf = (id) => page.evaluate((boardId) => document.getElementById(boardId).fen, id);
const statusOf = (id) => page.evaluate((boardId) => document.getElementById(boardId).status, id);

async function loadPuzzle(id, puzzle, pause = PAUSE) {
  return page.evaluate(([boardId, p, ms]) => document.getElementById(boardId).loadPuzzle(p, { pause: ms }), [id, puzzle, pause]);
}

/** The page, with clicks aimed inside board `id` (for clickAction). */
const on = (id) => ({ click: (selector) => page.click(`#${id} ${selector}`) });

/** A Node Game at the board's position (to find what clickAction clicks). */
const gameAt = (variant, fen) => new A.Game(variant, fen);

async function waitStatus(id, status) {
  await page.waitForFunction(([boardId, s]) => document.getElementById(boardId).puzzle?.status === s, [id, status], { timeout: 10000 });
}

test('a mate in 2 by clicks: the setup played, the reply played for the opponent, solved', async () => {
  const puzzle = puzzles.chess[0];
  await makeBoard('p1');
  const started = await loadPuzzle('p1', puzzle);
  assert.equal(started.status, 'solving');
  assert.equal(started.solver, 'w');
  assert.equal(started.id, 'fix01');
  assert.equal(await fenOf('p1'), gameAfter(puzzle, 1));
  assert.match(await statusOf('p1'), /find the best move for White/);
  assert.equal(await page.evaluate(() => document.getElementById('p1').orientation), 'white');
  // Black's pieces do not move for the person.
  await page.click('#p1 [data-square="d8"]');
  assert.equal(await page.locator('#p1 .sq.dest').count(), 0);
  await clickAction(on('p1'), gameAt('chess', await fenOf('p1')), 'e2e8');
  await waitStatus('p1', 'solving');
  assert.equal(await fenOf('p1'), gameAfter(puzzle, 3), 'the reply Rxe8 was played for Black');
  await clickAction(on('p1'), gameAt('chess', await fenOf('p1')), 'e1e8');
  await waitStatus('p1', 'complete');
  const s = await state('p1');
  assert.deepEqual([s.solved, s.failed, s.mistakes, s.hintUsed], [true, false, 0, false]);
  assert.match(await statusOf('p1'), /^Solved! White wins by checkmate\.$/);
  const events = await log('p1', ['puzzlemove', 'solved', 'failed']);
  assert.deepEqual(events.map((e) => [e.type, e.correct ?? null, e.lan ?? null]), [
    ['puzzlemove', true, 'e2e8'], ['puzzlemove', true, 'e1e8'], ['solved', null, null],
  ]);
  assert.deepEqual(events.at(-1), { type: 'solved', id: 'fix01', mistakes: 0, hintUsed: false, error: undefined, move: undefined });
  assert.equal(await page.locator('#p1 .sq.movable').count(), 0, 'nothing moves once solved');
});

test('a wrong action is taken back with a notice; puzzlemove and failed fire once', async () => {
  const puzzle = puzzles.chess[0];
  await makeBoard('p2');
  await loadPuzzle('p2', puzzle, 300);
  const before = await fenOf('p2');
  await clickAction(on('p2'), gameAt('chess', before), 'e2e6');
  await page.waitForFunction(() => /Not the move/.test(document.getElementById('p2').status));
  await page.waitForFunction((fen) => document.getElementById('p2').fen === fen, before, { timeout: 5000 });
  const message = page.locator('#p2 .message');
  await page.waitForFunction(() => /Re6 is not the move\. Try again\./.test(document.getElementById('p2').shadowRoot.querySelector('.message').textContent));
  assert.equal(await message.isVisible(), true);
  assert.equal(await page.evaluate(() => document.getElementById('p2').canRedo()), false, 'the wrong action is no redo');
  await clickAction(on('p2'), gameAt('chess', before), 'g1f1');
  await page.waitForFunction((fen) => document.getElementById('p2').fen === fen && document.getElementById('p2').puzzle.mistakes === 2, before);
  const s = await state('p2');
  assert.deepEqual([s.status, s.mistakes, s.failed, s.solved], ['solving', 2, true, false]);
  const events = await log('p2', ['puzzlemove', 'failed']);
  assert.deepEqual(events.map((e) => [e.type, e.correct ?? e.reason, e.mistakes]), [
    ['puzzlemove', false, 1], ['failed', 'mistake', 1], ['puzzlemove', false, 2],
  ]);
});

test('hint() circles the piece to move; showSolution() plays the rest and fails the puzzle', async () => {
  const puzzle = puzzles.chess[0];
  await makeBoard('p3');
  await loadPuzzle('p3', puzzle);
  const hint = await page.evaluate(() => document.getElementById('p3').hint());
  assert.deepEqual(hint, { square: 'e2', piece: 'r', drop: false, token: 'e2e8' });
  const circle = page.locator('#p3 [part~="circle"]');
  assert.equal(await circle.count(), 1);
  assert.equal(await circle.getAttribute('data-square'), 'e2');
  assert.equal((await state('p3')).hintUsed, true);
  const shown = await page.evaluate(() => document.getElementById('p3').showSolution());
  assert.equal(shown, true);
  assert.equal(await circle.count(), 0, 'the hint goes with the next action');
  const s = await state('p3');
  assert.deepEqual([s.status, s.solved, s.failed], ['complete', false, true]);
  assert.equal(await fenOf('p3'), gameAfter(puzzle, 4));
  assert.match(await statusOf('p3'), /^The solution\. White wins by checkmate\.$/);
  const events = await log('p3', ['failed', 'solved']);
  assert.deepEqual(events.map((e) => [e.type, e.reason, e.hintUsed]), [['failed', 'solution', true]]);
  assert.equal(await page.evaluate(() => document.getElementById('p3').hint()), null);
});

test('an alternative mate is accepted', async () => {
  await makeBoard('p4');
  await loadPuzzle('p4', puzzles.chess[1]);
  await page.evaluate(() => document.getElementById('p4').move('Ra8#'));
  await waitStatus('p4', 'complete');
  assert.equal((await state('p4')).solved, true);
});

test('Marseillais: both actions of the turn by clicks; Chess-Gi: a drop from the pocket', async () => {
  const turn = puzzles.marseillais[0];
  await makeBoard('p5');
  await loadPuzzle('p5', turn);
  const game = gameAt('marseillais', await fenOf('p5'));
  await clickAction(on('p5'), game, 'e5c4');
  game.move('e5c4');
  await page.waitForFunction(() => document.getElementById('p5').puzzle.ply === 2);
  assert.equal((await state('p5')).status, 'solving', 'the second action is the person\'s too');
  await clickAction(on('p5'), game, 'e1e8');
  await waitStatus('p5', 'complete');
  assert.equal((await state('p5')).solved, true);

  const drop = puzzles.chessgi[0];
  await makeBoard('p6');
  await loadPuzzle('p6', drop);
  const hint = await page.evaluate(() => document.getElementById('p6').hint());
  assert.equal(hint.square, 'e8');
  assert.equal(hint.drop, true);
  await clickAction(on('p6'), gameAt('chessgi', await fenOf('p6')), 'Q@e8');
  await waitStatus('p6', 'complete');
  assert.equal((await state('p6')).solved, true);
});

test('Marseillais: in a last turn off the line, the action after which it cannot win goes back alone; one that wins solves', async () => {
  const turn = puzzles.marseillais[0];
  await makeBoard('p5b');
  await loadPuzzle('p5b', turn, 200);
  const start = await fenOf('p5b');
  const game = gameAt('marseillais', start);
  await clickAction(on('p5b'), game, 'e5d3'); // off the line, but the rook can still mate
  game.move('e5d3');
  await page.waitForFunction(() => document.getElementById('p5b').fen.includes('3N4'));
  const knight = await fenOf('p5b');
  assert.equal((await state('p5b')).status, 'solving');
  await clickAction(on('p5b'), game, 'g1h1'); // the turn ends without the mate
  await page.waitForFunction(() => /Kh1 is not the move: after it the turn cannot win/.test(document.getElementById('p5b').shadowRoot.querySelector('.message').textContent));
  assert.equal(await fenOf('p5b'), knight, 'the knight move stays: the rook can still mate');
  assert.equal((await state('p5b')).mistakes, 1);
  await clickAction(on('p5b'), gameAt('marseillais', knight), 'e1e8');
  await waitStatus('p5b', 'complete');
  assert.equal((await state('p5b')).solved, true);
  // Loaded again and played without a slip, the same turn solves.
  await loadPuzzle('p5b', turn, 200);
  const again = gameAt('marseillais', start);
  await clickAction(on('p5b'), again, 'e5d3');
  again.move('e5d3');
  await page.waitForFunction(() => document.getElementById('p5b').fen.includes('3N4'));
  await clickAction(on('p5b'), again, 'e1e8');
  await waitStatus('p5b', 'complete');
  assert.equal((await state('p5b')).solved, true);
});

test('Alice: the hint circles the rook on board B; the mate by clicks crosses to board A', async () => {
  const puzzle = puzzles.alice[0];
  await makeBoard('p9');
  await loadPuzzle('p9', puzzle);
  const hint = await page.evaluate(() => document.getElementById('p9').hint());
  assert.deepEqual(hint, { square: 'e1', piece: 'r', drop: false, token: 'e1e8', board: 'b' });
  const circle = page.locator('#p9 [part~="circle"]');
  assert.equal(await circle.count(), 1);
  assert.deepEqual([await circle.getAttribute('data-square'), await circle.getAttribute('data-board')], ['e1', 'b']);
  const game = gameAt('alice', await fenOf('p9'));
  await page.click('#p9 .sq[data-square="e1"][data-board="b"]');
  await page.click('#p9 .sq[data-square="e8"][data-board="b"]');
  await waitStatus('p9', 'complete');
  game.move('e1e8');
  assert.equal(await fenOf('p9'), game.fen());
  assert.equal((await state('p9')).solved, true);
});

test('Avalanche: the move by clicks, then the push by a click on Black\'s pawn; a wrong push is taken back', async () => {
  const puzzle = puzzles.avalanche[0];
  await makeBoard('p10');
  await loadPuzzle('p10', puzzle);
  const game = gameAt('avalanche', await fenOf('p10'));
  await clickAction(on('p10'), game, 'e1e8');
  game.move('e1e8');
  await page.waitForFunction(() => document.getElementById('p10').puzzle.ply === 2);
  const pushPhase = await fenOf('p10');
  await clickAction(on('p10'), game, 'h7h6');
  await page.waitForFunction(([fen]) => document.getElementById('p10').puzzle.mistakes === 1 && document.getElementById('p10').fen === fen, [pushPhase], { timeout: 5000 });
  await page.waitForFunction(() => document.getElementById('p10').puzzle.status === 'solving' && !/Not the move/.test(document.getElementById('p10').status));
  await clickAction(on('p10'), game, 'a7a6');
  await waitStatus('p10', 'complete');
  const s = await state('p10');
  assert.deepEqual([s.solved, s.mistakes], [true, 1]);
});

test('the puzzle attribute (JSON); bad text fires error and changes nothing, shown as text', async () => {
  const puzzle = puzzles.chess[0];
  await makeBoard('p7', { puzzle: JSON.stringify({ variant: 'chess', fen: puzzle.fen, moves: puzzle.moves.join(' '), id: 'attr1' }) });
  await waitStatus('p7', 'solving');
  assert.equal((await state('p7')).id, 'attr1');
  assert.equal(await fenOf('p7'), gameAfter(puzzle, 1));
  const fen = await fenOf('p7');
  const bad = [
    ['{"variant": "chess", "fen": "<img src=x onerror=alert(1)>", "moves": "e2e4 e7e5"}', /puzzle: .*invalid FEN/],
    ['<b>not json</b>', /puzzle: a puzzle as text must be JSON/],
    [JSON.stringify({ variant: 'chess', fen: puzzle.fen, moves: 'h8g8 e2e9' }), /action 2 \(e2e9\) is not legal/],
    [JSON.stringify({ variant: 'xiangqi', fen: puzzle.fen, moves: 'h8g8 e2e8' }), /unknown variant/],
  ];
  for (const [text, pattern] of bad) {
    await page.evaluate((t) => document.getElementById('p7').setAttribute('puzzle', t), text);
    await page.waitForFunction((n) => window.__log.p7.filter((e) => e.type === 'error').length >= n, bad.indexOf(bad.find(([t]) => t === text)) + 1);
    const error = (await log('p7', ['error'])).at(-1);
    assert.equal(error.error, 'InvalidPuzzleError');
    assert.match(error.message, pattern);
    assert.equal(await fenOf('p7'), fen, 'the board is unchanged');
    assert.equal((await state('p7')).id, 'attr1', 'the puzzle in play goes on');
  }
  assert.equal(await page.locator('#p7 img[src="x"]').count(), 0);
  assert.match(await page.locator('#p7 .message').textContent(), /<img src=x|invalid FEN|not legal|unknown variant/);
  const rejected = await page.evaluate(() => document.getElementById('p7').loadPuzzle({ variant: 'chess', fen: '8/8/8/8/8/8/8/8 w - - 0 1', moves: 'a1a2 a2a3' }).then(() => null, (e) => e.name));
  assert.equal(rejected, 'InvalidPuzzleError');
  assert.deepEqual(errors, [], 'no unhandled rejection from the attribute');
});

test('with the engine seated, it plays for neither side while the puzzle is on; a new game ends the puzzle', async () => {
  const puzzle = puzzles.chess[0];
  await makeBoard('p8', { engine: 'black', level: 'beginner' });
  await loadPuzzle('p8', puzzle);
  await clickAction(on('p8'), gameAt('chess', await fenOf('p8')), 'e2e8');
  await waitStatus('p8', 'solving');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.getElementById('p8').thinking), false);
  assert.equal(await fenOf('p8'), gameAfter(puzzle, 3), 'only the puzzle\'s reply was played');
  await page.evaluate(() => document.getElementById('p8').reset());
  assert.equal(await state('p8'), null);
  // A puzzle cut short settles its promises: the load by null, the solution by false.
  const cut = await page.evaluate(async (p) => {
    const board = document.getElementById('p8');
    const loading = board.loadPuzzle(p, { pause: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    board.loadPuzzle(null);
    const first = await loading;
    await board.loadPuzzle(p, { pause: 2000 }).then(() => null);
    const showing = board.showSolution();
    board.reset();
    return [first, await showing, board.puzzle];
  }, puzzle);
  assert.deepEqual(cut, [null, false, null]);
  assert.doesNotMatch(await statusOf('p8'), /find the best move/);
});

/** The FEN after the first `n` actions of `puzzle`'s line. */
function gameAfter(puzzle, n) {
  const game = new A.Game(puzzle.variant, puzzle.fen);
  for (const token of puzzle.moves.slice(0, n)) game.move(token);
  return game.fen();
}
