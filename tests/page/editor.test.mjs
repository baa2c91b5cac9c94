// The position editor (<alfiere-board editor>, js/board/editor*.js) and the page's "Set
// up a position" (www/app/setup-mode.js): pieces from the palettes clicked or dragged
// onto squares, moved and dragged off the board, on Alice's board B, in and out of
// Chess-Gi's pockets; side to act, castling (Chess960's rooks on any file), en passant,
// a Marseillais turn in progress and the move number; the core's problems listed as
// they appear; typed text refused without reaching the page as HTML; and from the
// editor, play against the computer, a friend, analyse, copy the FEN and a link that
// opens the page on the position.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, gotoReady, confirmIfAsked, pageFen } from './helpers.mjs';

let page;
let errors;
let server;
let context;
usePage({
  setup: async (env) => {
    ({ page, errors, server, context } = env);
    await page.setViewportSize({ width: 1280, height: 1300 }); // the board, its pockets and palettes in view at once
  },
});

const B = '#board';
const sq = (square, board = null) => `${B} [data-square="${square}"]${board ? `[data-board="${board}"]` : ''}`;
const read = (code) => page.evaluate((c) => new Function('b', `return ${c}`)(document.getElementById('board')), code);

/** Opens the editor on the page in `variant`, from its start position. */
async function openEditor(variant) {
  await gotoReady(page, server.url);
  if ((await page.inputValue('#variant')) !== variant) {
    await page.selectOption('#variant', variant);
    await confirmIfAsked(page);
  }
  await page.click('#setup');
  await page.waitForSelector(`${B} [data-piece="wQ"]`);
  await page.click(`${B} [data-editor="start"]`);
}

/** Drags from one element to another with the mouse, in steps (pointer events, as a person). */
async function drag(from, to) {
  await page.evaluate(() => window.scrollTo(0, 0)); // a click below the board may have scrolled it away
  const a = await page.locator(from).first().boundingBox();
  const b = to ? await page.locator(to).first().boundingBox() : { x: 5, y: 5, width: 0, height: 0 };
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

test('chess: palettes, clicks, drags, the problems as they appear, the side, castling, move number', async () => {
  await openEditor('chess');
  const pieces = await page.$$eval(`${B} [data-piece]`, (list) => list.map((b) => b.dataset.piece).sort());
  assert.deepEqual(pieces, ['bB', 'bK', 'bN', 'bP', 'bQ', 'bR', 'delete', 'wB', 'wK', 'wN', 'wP', 'wQ', 'wR'].sort());
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.deepEqual(await read('b.problems'), []);
  // The eraser on the white king: the problem is listed at once, and playing waits.
  await page.click(`${B} [data-piece="delete"]`);
  await page.click(sq('e1'));
  assert.deepEqual(await read('b.problems'), ['white has no king']);
  assert.equal(await page.locator(`${B} .editor-problems li`).textContent(), 'white has no king');
  assert.equal(await page.isDisabled('#editor-play-engine'), true);
  assert.equal(await page.isVisible('#editor-blocked'), true);
  // A king from the palette, put with a click; then a queen dragged onto d5 and d5 dragged off the board.
  await page.click(`${B} [data-piece="wK"]`);
  await page.click(sq('e1'));
  await page.keyboard.press('Escape');
  assert.deepEqual(await read('b.problems'), []);
  // The king left its square: its castling rights went, and are given back.
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1');
  await page.check(`${B} [data-castling="h1"]`);
  await page.check(`${B} [data-castling="a1"]`);
  await drag(`${B} [data-piece="wQ"]`, sq('d5'));
  assert.match(await read('b.fen'), /^rnbqkbnr\/pppppppp\/8\/3Q4\//);
  assert.deepEqual(await read('b.problems'), ['white has more than 16 pieces']);
  await drag(sq('d5'), sq('d4'));
  assert.match(await read('b.fen'), /\/8\/3Q4\/8\/PPPPPPPP\//, 'the queen moved to d4');
  await drag(sq('d4'), null);
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  // Side to act, castling and the move number.
  await page.check(`${B} input[name="editor-turn"][value="b"]`);
  await page.uncheck(`${B} [data-castling="h1"]`);
  await page.fill(`${B} .editor-number input[max="9999"]`, '12');
  await page.press(`${B} .editor-number input[max="9999"]`, 'Enter');
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Qkq - 0 12');
  // A bad number is said and not kept.
  await page.fill(`${B} .editor-number input[max="9999"]`, '0');
  await page.press(`${B} .editor-number input[max="9999"]`, 'Enter');
  assert.match(await page.locator(`${B} .editor-panel .message`).textContent(), /move number must be a whole number from 1/);
  assert.match(await read('b.fen'), / 12$/);
  // A seventeenth white piece, a pawn on the eighth rank: both of the core's problems, listed.
  await page.click(`${B} [data-piece="wP"]`);
  await page.click(sq('a8'));
  assert.deepEqual(await read('b.problems'), ['white has more than 16 pieces', 'pawn on the back rank at a8']);
  assert.equal(await page.locator(`${B} .editor-problems li`).count(), 2);
  await page.click(`${B} [data-piece="bR"]`);
  await page.click(sq('a8'));
  assert.deepEqual(await read('b.problems'), []);
  assert.deepEqual(errors, []);
});

test('typed text: a bad FEN is said as text, never as HTML, and changes nothing', async () => {
  await openEditor('chess');
  const before = await read('b.fen');
  const evil = '<img src=x onerror="window.__pwned=1">/8/8/8/8/8/8/8 w - - 0 1';
  await page.fill(`${B} .editor-fen`, evil);
  await page.press(`${B} .editor-fen`, 'Enter');
  const message = page.locator(`${B} .editor-panel .message`);
  assert.match(await message.textContent(), /could not be read/);
  assert.equal(await page.locator(`${B} .editor-panel img`).count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await read('b.fen'), before);
  // A good one typed is edited; the fen attribute while editing edits too; a bad one fires error.
  await page.fill(`${B} .editor-fen`, '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  await page.press(`${B} .editor-fen`, 'Enter');
  assert.equal(await read('b.fen'), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  const error = await read(`new Promise((resolve) => { b.addEventListener('error', (e) => resolve(e.detail.message), { once: true }); b.fen = '8/8/8 z'; })`);
  assert.match(error, /cannot be edited/);
  assert.equal(await read('b.fen'), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
  // The game underneath is untouched: back to it, it is the start position.
  await page.click('#editor-done');
  assert.equal(await read('b.editor'), false);
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
});

test('from the editor: play the computer as the side to act, a friend, analyse, copy the FEN, a link', async () => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openEditor('chess');
  const fen = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1';
  await page.fill(`${B} .editor-fen`, fen);
  await page.press(`${B} .editor-fen`, 'Enter');
  await page.click('#editor-copy');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), fen);
  const link = await page.getAttribute('#editor-link', 'href');
  assert.equal(new URL(link).searchParams.get('fen'), fen);
  await page.click('#editor-play-engine');
  assert.equal(await read('b.editor'), false);
  assert.equal(await pageFen(page), fen);
  assert.equal(await read('b.engine'), 'white', 'the person takes the side to act');
  assert.equal(await read('b.orientation'), 'black');
  // A friend.
  await page.click('#setup');
  await page.waitForSelector(`${B} .editor-panel:not([hidden])`);
  await page.click('#editor-play-friend');
  assert.equal(await read('b.engine'), 'none');
  assert.equal(await read('b.movable'), 'both');
  // Analyse: the position to look at, with the analysis on.
  await page.click('#setup');
  await page.waitForSelector(`${B} .editor-panel:not([hidden])`);
  await page.click('#editor-analyse');
  assert.equal(await page.isChecked('#analysis-toggle'), true);
  assert.equal(await page.isVisible('#play-on'), true);
  // The link opens the page on the position (the game in play is asked about first).
  await page.goto(link);
  await page.waitForSelector('body.ready');
  await confirmIfAsked(page);
  await page.waitForFunction((f) => document.getElementById('fen-out').value === f, fen);
  assert.equal(new URL(page.url()).search, '', 'the address no longer holds the link');
  // A link with a bad FEN or rule set is said, as text, and the game in play stays.
  await page.goto(`${server.url}?variant=alice&fen=${encodeURIComponent('<b>bad</b> w - - 0 1')}&analysis-nodes=5`);
  await page.waitForSelector('body.ready');
  await page.waitForFunction(() => !document.getElementById('error').hidden);
  assert.match(await page.locator('#error').textContent(), /could not be opened/);
  assert.equal(await page.locator('#error b').count(), 0);
  assert.equal(await pageFen(page), fen);
  assert.equal(new URL(page.url()).search, '?analysis-nodes=5', 'only the parameters of the link go');
  await page.goto(`${server.url}?variant=nope&fen=x`);
  await page.waitForSelector('body.ready');
  assert.match(await page.locator('#error').textContent(), /unknown rule set/);
});

test("Chess-Gi: pieces go into the pockets and come out of them", async () => {
  await openEditor('chessgi');
  // A board piece dragged into Black's pocket is Black's to drop; a pocket piece dragged onto the board.
  await drag(sq('b1'), `${B} .pocket[data-color="b"]`);
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[n] w KQkq - 0 1');
  await drag(`${B} .pocket [data-pocket="N"][data-color="b"]`, sq('e5'));
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/4n3/8/8/PPPPPPPP/R1BQKBNR[] w KQkq - 0 1');
  // With a palette piece held, a pocket click adds one; with the eraser, takes one.
  await page.click(`${B} [data-piece="wQ"]`);
  await page.click(`${B} .pocket [data-pocket="Q"][data-color="w"]`);
  await page.click(`${B} .pocket [data-pocket="Q"][data-color="w"]`);
  await page.click(`${B} [data-piece="delete"]`);
  await page.click(`${B} .pocket [data-pocket="Q"][data-color="w"]`);
  assert.match(await read('b.fen'), /\[Q\] w /);
  assert.equal(await page.locator(`${B} .pocket [data-pocket="Q"][data-color="w"] .pocket-count`).textContent(), '1');
  // A king never enters a hand (dragged with the eraser held: a drag is a drag).
  await drag(sq('e8'), `${B} .pocket[data-color="w"]`);
  assert.match(await read('b.fen'), /^rnbqkbnr\//);
  assert.match(await page.locator(`${B} .editor-panel .message`).textContent(), /king cannot be held/);
  assert.deepEqual(errors, []);
});

test("Alice: a piece put on board B, and one dragged from board A to board B", async () => {
  await openEditor('alice');
  await page.click(`${B} [data-piece="wN"]`);
  await page.click(sq('d4', 'b'));
  await page.keyboard.press('Escape');
  assert.match(await read('b.fen'), /\/3\|N4\//);
  await drag(sq('g1', 'a'), sq('f3', 'b'));
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/8/3|N4/5|N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1');
  assert.equal(await page.locator(`${sq('f3', 'b')} .piece`).count(), 1);
  assert.equal(await page.locator(`${sq('f3', 'a')} .piece`).count(), 0);
  assert.deepEqual(await read('b.problems'), ['white has more than 16 pieces'], 'the knight put on d4 was a seventeenth');
  // Keyboard: Enter on a square with the eraser held empties it.
  await page.click(`${B} [data-piece="delete"]`);
  await page.focus(sq('f3', 'b'));
  await page.keyboard.press('Enter');
  assert.doesNotMatch(await read('b.fen'), /5\|N2/);
  assert.deepEqual(errors, []);
});

test('Marseillais: the turn in progress is set, and the game goes on from it', async () => {
  await openEditor('marseillais');
  const played = `${B} .editor-number input[min="0"]`;
  await page.fill(played, '1');
  await page.press(played, 'Enter');
  assert.equal(await read('b.fen'), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:1');
  await page.fill(played, '2');
  await page.press(played, 'Enter');
  assert.match(await page.locator(`${B} .editor-panel .message`).textContent(), /from 0 to 1/);
  await page.click('#editor-play-friend');
  assert.deepEqual(await read('b.game.turnState()'), { side: 'w', length: 2, played: 1, phase: 'move' });
  assert.deepEqual(errors, []);
});

test('Chess960: castling rights name rooks on any file', async () => {
  await openEditor('chess960');
  await page.fill(`${B} .editor-fen`, '1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w - - 0 1');
  await page.press(`${B} .editor-fen`, 'Enter');
  const rooks = await page.$$eval(`${B} [data-castling]`, (list) => list.map((b) => b.dataset.castling));
  assert.deepEqual(rooks, ['b1', 'g1', 'b8', 'g8']);
  await page.check(`${B} [data-castling="g1"]`);
  await page.check(`${B} [data-castling="b8"]`);
  assert.equal(await read('b.fen'), '1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w Gb - 0 1');
  assert.deepEqual(await read('b.problems'), []);
});

test('a phone: Set up is in Import / export (the top bar keeps the rule set), and the editor fits', async () => {
  const phone = await context.browser().newContext({ viewport: { width: 390, height: 844 } });
  const small = await phone.newPage();
  await gotoReady(small, server.url);
  assert.equal(await small.isVisible('#setup'), false);
  await small.evaluate(() => {
    document.getElementById('io-card').open = true;
  });
  await small.click('#setup-io');
  await small.waitForSelector(`${B} [data-piece="delete"]`);
  assert.equal(await small.evaluate(() => document.getElementById('board').editor), true);
  const scroll = await small.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= 390, `no sideways scrolling (${scroll})`);
  for (const selector of [`${B} [data-piece="bP"]`, `${B} [data-piece="delete"]`, '#editor-play-engine']) {
    const box = await small.locator(selector).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${selector} fits: ${JSON.stringify(box)}`);
  }
  await phone.close();
});

test('en passant: the square behind a pawn just past its double step is offered, and written', async () => {
  await openEditor('chess');
  await page.fill(`${B} .editor-fen`, '4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2');
  await page.press(`${B} .editor-fen`, 'Enter');
  assert.deepEqual(await page.$$eval(`${B} [data-ep]`, (list) => list.map((b) => b.dataset.ep)), ['d6']);
  await page.check(`${B} [data-ep="d6"]`);
  assert.equal(await read('b.fen'), '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2');
  assert.deepEqual(await read('b.problems'), []);
  // Black to act: no white pawn has just double-stepped, so the square goes.
  await page.check(`${B} input[name="editor-turn"][value="b"]`);
  assert.equal(await read('b.fen'), '4k3/8/8/3pP3/8/8/8/4K3 b - - 0 2');
  assert.equal(await page.locator(`${B} [data-ep]`).count(), 0);
});
