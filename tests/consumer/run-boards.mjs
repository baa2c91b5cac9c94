// The board component from the packed tarball, end to end in headless Chromium, on two
// pages of the consumer project: the plain module-script page (an import map) and the
// same page built by Vite. Each has an Alice board with the engine playing Black and a
// storage key, a Chess-Gi board between two people, and two boards with bad attributes.
// Checked on each: both boards render; a move by click and one by drag fire `move` with
// the right SAN; the engine answers on the Alice board only; a Chess-Gi drop from the
// pocket and a keyboard move; the stored game survives a reload while the other board
// starts fresh; a puzzle solved by a drop (its lazily loaded code); a hostile PGN stays
// text; bad attributes show a message and fire `error`; no console errors.
// Usage: node run-boards.mjs <consumer project dir>
import assert from 'node:assert/strict';
import { launchChromium, serveStatic } from './static-server.mjs';

const root = process.argv[2];
const server = await serveStatic(root);
const browser = await launchChromium();

const HOSTILE = `[Event "<img src=x onerror=window.__pwned=1>"]
[White "<script>window.__pwned=2</script>"]
[Black "?"]
[Result "*"]

1. e4 {<svg onload=window.__pwned=3>} e5 *`;

const square = (board, sq, side = null) =>
  `#${board} [data-square="${sq}"]${side ? `[data-board="${side}"]` : ''}`;

/** Events the page recorded, of one board and type. */
async function events(page, board, type) {
  return (await page.evaluate(() => window.__events)).filter((e) => e.board === board && e.type === type);
}

async function waitEvents(page, board, type, count, timeout = 30000) {
  await page.waitForFunction(
    ([b, t, n]) => window.__events.filter((e) => e.board === b && e.type === t).length >= n,
    [board, type, count],
    { timeout },
  );
  return events(page, board, type);
}

async function drag(page, from, to) {
  const a = await page.locator(from).boundingBox();
  const b = await page.locator(to).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(a.x + a.width / 2 + ((b.x - a.x) * i) / 8, a.y + a.height / 2 + ((b.y - a.y) * i) / 8);
  }
  await page.mouse.up();
}

async function checkPage(label, path) {
  const context = await browser.newContext({ viewport: { width: 1800, height: 1000 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('dialog', (d) => problems.push(`dialog: ${d.message()}`));
  await page.goto(server.origin + path);
  await page.evaluate(() => Promise.all([...document.querySelectorAll('alfiere-board')].map((b) => b.ready)).then(() => true)).catch(() => {});
  await page.waitForFunction(() => ['alice', 'chessgi'].every((id) => document.getElementById(id).game), null, { timeout: 30000 });

  // Both boards render: Alice two boards of 64 squares, Chess-Gi one and its pockets.
  assert.equal(await page.locator('#alice [data-square]').count(), 128, `${label}: Alice squares`);
  assert.equal(await page.locator('#chessgi [data-square]').count(), 64, `${label}: Chess-Gi squares`);
  assert.equal(await page.locator('#chessgi .pocket [data-pocket]').count(), 10, `${label}: Chess-Gi pockets`);
  // The host page's CSS does not reach inside.
  const squareColour = await page.locator(square('chessgi', 'e4')).evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.notEqual(squareColour, 'rgb(0, 255, 0)', `${label}: host CSS leaked into the board`);

  // Bad attributes: a message in the board and an `error` event, nothing thrown.
  const badVariant = await events(page, 'bad-variant', 'error');
  assert.equal(badVariant.length, 1, `${label}: error events of the unknown variant`);
  assert.match(badVariant[0].message, /unknown variant “no-such-variant”/);
  assert.match(await page.locator('#bad-variant .message').textContent(), /unknown variant/);
  const badFen = await events(page, 'bad-fen', 'error');
  assert.equal(badFen.length, 1, `${label}: error events of the bad FEN`);
  assert.match(await page.locator('#bad-fen .message').textContent(), /fen attribute/);

  // Alice: a move by click, on board A.
  await page.click(square('alice', 'e2', 'a'));
  await page.click(square('alice', 'e4', 'a'));
  let moves = await waitEvents(page, 'alice', 'move', 1);
  assert.equal(moves[0].san, 'e4');
  // The engine answers (Black).
  moves = await waitEvents(page, 'alice', 'move', 2);
  assert.equal(moves[1].color, 'b', `${label}: the engine's answer`);
  // A move by drag: a quiet move of a piece on board A, chosen from the legal ones.
  await page.waitForFunction(() => !document.getElementById('alice').thinking);
  const dragMove = await page.evaluate(() => {
    const board = document.getElementById('alice');
    const onA = new Set(board.game.board().flat().filter((c) => c && c.board !== 'b').map((c) => c.square));
    return board.game.moves({ verbose: true }).find((m) => m.from && onA.has(m.from) && !m.promotion && m.piece === 'n');
  });
  await drag(page, square('alice', dragMove.from, 'a'), square('alice', dragMove.to, 'a'));
  moves = await waitEvents(page, 'alice', 'move', 3);
  assert.equal(moves[2].san, dragMove.san, `${label}: the dragged move`);
  moves = await waitEvents(page, 'alice', 'move', 4);
  assert.equal(moves[3].color, 'b');
  const aliceFen = await page.evaluate(() => document.getElementById('alice').fen);

  // The second board is unaffected: still the start, no engine move on it.
  assert.equal((await events(page, 'chessgi', 'move')).length, 0);
  const chessgiStart = await page.evaluate(() => document.getElementById('chessgi').fen);

  // Chess-Gi between two people: clicks, a keyboard move, then a drop from the pocket.
  for (const [from, to] of [['e2', 'e4'], ['d7', 'd5'], ['e4', 'd5']]) {
    await page.click(square('chessgi', from));
    await page.click(square('chessgi', to));
  }
  // Black by keyboard: focus g8, Enter, arrows to f6, Enter.
  await page.focus(square('chessgi', 'g8'));
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  moves = await waitEvents(page, 'chessgi', 'move', 4);
  assert.deepEqual(moves.map((m) => m.san), ['e4', 'd5', 'exd5', 'Nf6'], `${label}: Chess-Gi moves`);
  // White drops the captured pawn: pocket, then square.
  await page.click('#chessgi .pocket [data-pocket="P"][data-color="w"]');
  await page.click(square('chessgi', 'e6'));
  moves = await waitEvents(page, 'chessgi', 'move', 5);
  assert.equal(moves[4].san, '@e6', `${label}: the drop`); // a pawn drop's SAN has no letter

  // A puzzle on the same board (the puzzle code is a chunk loaded on demand): the setup
  // action is played, the person drops the queen from the pocket, `solved` fires.
  const puzzle = { variant: 'chessgi', fen: '7k/5ppp/8/8/8/8/5PPP/6K1[Q] b - - 0 1', moves: 'h8g8 Q@e8', id: 'pkg01' };
  const started = await page.evaluate((p) => document.getElementById('chessgi').loadPuzzle(p, { pause: 50 }), puzzle);
  assert.deepEqual([started.status, started.solver, started.ply], ['solving', 'w', 1], `${label}: the puzzle's setup`);
  await page.click('#chessgi .pocket [data-pocket="Q"][data-color="w"]');
  await page.click(square('chessgi', 'e8'));
  const solved = await waitEvents(page, 'chessgi', 'solved', 1);
  assert.deepEqual([solved[0].id, solved[0].mistakes], ['pkg01', 0], `${label}: the puzzle solved`);

  // A hostile PGN is kept as text: nothing runs, no element is made from it.
  await page.evaluate((text) => document.getElementById('chessgi').loadPgn(text), HOSTILE);
  const hostile = await page.evaluate(() => ({
    pwned: window.__pwned ?? null,
    made: document.querySelectorAll('img, script:not([type]), svg[onload]').length +
      [...document.querySelectorAll('alfiere-board')].reduce((n, b) => n + b.shadowRoot.querySelectorAll('img, script, svg[onload]').length, 0),
    pgn: document.getElementById('chessgi').pgn(),
  }));
  assert.equal(hostile.pwned, null);
  assert.ok(hostile.made <= 1, `${label}: elements made from the PGN: ${hostile.made}`); // the page's own module script
  assert.match(hostile.pgn, /\[White "<script>window.__pwned=2<\/script>"\]/);

  // A reload: the Alice board (storage-key) keeps its game, Chess-Gi starts fresh.
  await page.reload();
  await page.waitForFunction(() => ['alice', 'chessgi'].every((id) => document.getElementById(id).game), null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.getElementById('alice').fen), aliceFen, `${label}: stored Alice game`);
  assert.equal(await page.evaluate(() => document.getElementById('chessgi').fen), chessgiStart, `${label}: Chess-Gi without storage`);
  await page.evaluate(() => document.getElementById('alice').forget());

  assert.deepEqual(problems, [], `${label}: ${problems.join('\n')}`);
  await context.close();
  console.log(`${label}: boards render, click/drag/keyboard/drop moves, engine answer, storage, a puzzle, bad attributes: ok`);
}

let failed = false;
try {
  for (const [label, path] of [['plain module script', '/boards/index.html'], ['Vite build', '/boards/dist/index.html']]) {
    try {
      await checkPage(label, path);
    } catch (e) {
      failed = true;
      console.error(`${label}: ${e.stack ?? e.message}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
