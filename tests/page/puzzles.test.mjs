// The page's Puzzles mode (www/app/puzzle-mode.js) on hand-made puzzles
// (tests/fixtures/puzzles, served in place of puzzles/<rule set>.csv), each replayed
// through the wasm Game here: a right answer with the opponent's reply played for them,
// a wrong one taken back with a notice, the solution offered after two and played, the
// hint's circle, a Marseillais mate that needs the whole turn, the Glicko-2 rating
// change stored and shown again after a reload (a hostile stored value ignored), the
// next puzzle chosen near the rating, a phone screen, the puzzle files served offline
// by the service worker and the single-file build's sample (these two run once
// data/puzzles/ has files: the build copies them).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { clickAction, confirmIfAsked, gotoReady, openPage, pageFen, repoRoot, usePage, waitFenChange } from './helpers.mjs';

let server;
let browser;
let A;
usePage({ open: false, setup: (env) => ({ server, browser, rules: A } = env) });

const KEY = 'alfiere.puzzles.v1';
const fixture = (variant) => readFileSync(`${repoRoot}tests/fixtures/puzzles/${variant}.csv`, 'utf8');
const HEADER = 'PuzzleId,FEN,Moves,Rating,Themes';

/** A file of one rule set's puzzles: `rows` as [id, fen, moves, rating, themes]. */
const csv = (rows) => [HEADER, ...rows.map((row) => row.join(','))].join('\n');
/** The fixture puzzle `id` of `variant` as a row. */
function fixtureRow(variant, id) {
  return fixture(variant)
    .split('\n')
    .find((line) => line.startsWith(`${id},`))
    .split(',');
}

/**
 * A page (its own context, no service worker) whose puzzles/<variant>.csv are `files`
 * ({variant: text}); any other puzzle file is missing.
 */
async function puzzlePage(files, { storage = null, viewport } = {}) {
  const opened = await openPage(browser, null, { serviceWorkers: 'block', ...(viewport ? { viewport } : {}) });
  const { page, context } = opened;
  await context.route('**/puzzles/*.csv', (route) => {
    const variant = new URL(route.request().url()).pathname.split('/').pop().replace(/\.csv$/, '');
    if (variant in files) route.fulfill({ body: files[variant], contentType: 'text/csv; charset=utf-8' });
    else route.fulfill({ status: 404, body: 'no such file' });
  });
  if (storage !== null) {
    await context.addInitScript(([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    }, [KEY, storage]);
  }
  await gotoReady(page, server.url);
  return opened;
}

/** Enters the Puzzles mode of `variant`; resolves with the puzzle id once it is on the board. */
async function openPuzzles(page, variant) {
  if ((await page.inputValue('#variant')) !== variant) {
    await page.selectOption('#variant', variant);
    await confirmIfAsked(page);
  }
  await page.click('#puzzles');
  await confirmIfAsked(page);
  return waitPuzzle(page);
}

async function waitPuzzle(page, other = null) {
  await page.waitForFunction(
    (old) => {
      const id = document.getElementById('puzzle-card').dataset.puzzleId;
      return id && id !== old;
    },
    other,
    { timeout: 15000 },
  );
  return page.getAttribute('#puzzle-card', 'data-puzzle-id');
}

/** A Game of the puzzle `row` after its first `count` actions. */
function gameAfter(variant, row, count) {
  const game = new A.Game(variant, row[1]);
  for (const token of row[2].split(' ').slice(0, count)) game.move(token);
  return game;
}

async function waitFen(page, fen) {
  await page.waitForFunction((want) => document.getElementById('fen-out').value === want, fen, { timeout: 15000 });
}

const stored = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key)), KEY);
const prompt = (page) => page.textContent('#puzzle-prompt');

test('a right answer: the reply is played for the opponent, solved, the rating goes up and survives a reload', async () => {
  const row = fixtureRow('chess', 'fix01');
  const { context, page, errors } = await puzzlePage({ chess: csv([row]) });
  assert.equal(await page.isVisible('#puzzle-card'), false);
  assert.equal(await openPuzzles(page, 'chess'), 'fix01');
  // The setup action is played; the person is Black's opponent here: White to find Re8+.
  const game = gameAfter('chess', row, 1);
  await waitFen(page, game.fen());
  assert.match(await prompt(page), /^Black played Kg8\. Find the best action for White\.$/);
  assert.equal(await page.textContent('#puzzle-rating'), '1500?');
  assert.equal(await page.isVisible('#puzzle-solution'), false);
  assert.equal(await page.isVisible('#puzzle-next'), false);
  assert.equal(await page.isVisible('#puzzle-about'), false, 'the themes would tell the answer');
  await clickAction(page, game, 'e2e8');
  game.move('e2e8');
  game.move('d8e8'); // the reply, played by the page
  await waitFen(page, game.fen());
  await clickAction(page, game, 'e1e8');
  game.move('e1e8');
  await waitFen(page, game.fen());
  await page.waitForFunction(() => /Solved!/.test(document.getElementById('puzzle-prompt').textContent));
  const record = (await stored(page)).ruleSets.chess;
  assert.ok(record.rating > 1500, `${record.rating}`);
  assert.equal(record.streak, 1);
  assert.deepEqual(record.recent, ['fix01']);
  const change = Math.round(record.rating) - 1500;
  assert.equal(await page.textContent('#puzzle-change'), `+${change}`);
  assert.equal(await page.textContent('#puzzle-streak'), '1');
  assert.equal(await page.isVisible('#puzzle-next'), true);
  assert.match(await page.textContent('#puzzle-about'), /fix01.*rated 900.*mate, mateIn2, short/);
  assert.equal(await page.isVisible('#result-card'), false, 'the puzzle card says the end, not the game card');

  // A reload comes back to the Puzzles mode with the rating as stored.
  await page.reload();
  await page.waitForSelector('body.ready');
  await waitPuzzle(page);
  assert.equal(await page.textContent('#puzzle-rating'), `${Math.round(record.rating)}?`);
  assert.equal(await page.textContent('#puzzle-streak'), '1');
  assert.equal(await page.getAttribute('#puzzles', 'aria-pressed'), 'true');
  // The Puzzles button is a toggle: pressed again, it leaves the mode for a new game, as New game does.
  await page.click('#puzzles');
  await page.waitForFunction(() => document.getElementById('puzzle-card').hidden);
  assert.equal(await page.getAttribute('#puzzles', 'aria-pressed'), 'false');
  assert.equal(await pageFen(page), new A.Game('chess').fen());
  await openPuzzles(page, 'chess');
  await page.click('#new-game');
  await confirmIfAsked(page);
  await page.waitForFunction(() => document.getElementById('puzzle-card').hidden);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong action is taken back with a notice; after two the solution is offered and played; the rating goes down', async () => {
  const row = fixtureRow('chess', 'fix01');
  const { context, page, errors } = await puzzlePage({ chess: csv([row]) });
  await openPuzzles(page, 'chess');
  const game = gameAfter('chess', row, 1);
  const start = game.fen();
  await waitFen(page, start);
  for (const [n, wrong] of [[1, 'g2g3'], [2, 'h2h4']]) {
    await clickAction(page, game, wrong);
    await page.waitForFunction(() => /is not the move: it is taken back/.test(document.getElementById('puzzle-prompt').textContent));
    await waitFen(page, start);
    assert.equal(await page.isVisible('#puzzle-solution'), n >= 2, `solution offered after ${n}`);
    if (n === 1) {
      // The rating was settled at the first mistake: a loss, stored at once.
      assert.ok((await stored(page)).ruleSets.chess.rating < 1500);
    }
  }
  const rating = (await stored(page)).ruleSets.chess.rating;
  await page.click('#puzzle-solution');
  const end = gameAfter('chess', row, 4);
  await waitFen(page, end.fen());
  await page.waitForFunction(() => /solution is on the board/.test(document.getElementById('puzzle-prompt').textContent));
  const record = (await stored(page)).ruleSets.chess;
  assert.equal(record.rating, rating, 'settled once');
  assert.equal(record.streak, 0);
  assert.equal(await page.textContent('#puzzle-change'), `−${1500 - Math.round(rating)}`);
  assert.equal(await page.isVisible('#puzzle-next'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the hint circles the piece to move and counts as not solved', async () => {
  const row = fixtureRow('chess', 'fix01');
  const { context, page, errors } = await puzzlePage({ chess: csv([row]) });
  await openPuzzles(page, 'chess');
  const game = gameAfter('chess', row, 1);
  await waitFen(page, game.fen());
  await page.click('#puzzle-hint');
  await page.waitForSelector('#board [part~="circle"][data-square="e2"]', { timeout: 5000 });
  assert.equal(await page.isDisabled('#puzzle-hint'), true);
  assert.equal(await page.isVisible('#puzzle-solution'), true);
  for (const token of ['e2e8', 'd8e8']) game.move(token);
  await clickAction(page, gameAfter('chess', row, 1), 'e2e8');
  await waitFen(page, game.fen());
  await clickAction(page, game, 'e1e8');
  await page.waitForFunction(() => /Solved, with the hint: it counts as not solved/.test(document.getElementById('puzzle-prompt').textContent));
  const record = (await stored(page)).ruleSets.chess;
  assert.ok(record.rating < 1500);
  assert.equal(record.streak, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Marseillais: the mate needs both actions of the turn', async () => {
  const row = fixtureRow('marseillais', 'fix01');
  const { context, page, errors } = await puzzlePage({ chess: csv([fixtureRow('chess', 'fix01')]), marseillais: csv([row]) });
  await openPuzzles(page, 'chess');
  // The rule set picker switches between rule sets' puzzles, without asking.
  await page.selectOption('#variant', 'marseillais');
  const game = gameAfter('marseillais', row, 1);
  await waitFen(page, game.fen());
  assert.equal(await page.isVisible('#confirm'), false);
  assert.match(await page.textContent('#puzzle-title'), /Marseillais/);
  assert.match(await prompt(page), /Find the best turn for White\.$/, 'a Marseillais puzzle asks for a whole turn');
  await clickAction(page, game, 'e5c4');
  game.move('e5c4');
  await waitFen(page, game.fen());
  assert.match(await prompt(page), /Best action! Keep going/);
  await clickAction(page, game, 'e1e8');
  game.move('e1e8');
  assert.equal(game.isCheckmate(), true);
  await waitFen(page, game.fen());
  await page.waitForFunction(() => /Solved!/.test(document.getElementById('puzzle-prompt').textContent));
  assert.match(await page.textContent('#puzzle-about'), /wholeTurn/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Progressive: an action that leaves no winning series is wrong at once and named; the ones before it stay (issue 53)', async () => {
  // Puzzle xs6se: White's series of five mates with Bg5 and Qd8#; Qd2 and Nf3 still
  // allow it (the queen can step off d2 again), Nc3 does not.
  const row = ['xs6se', 'r1b1kbnr/1ppp1ppp/p1P1p3/2q5/8/7P/PPP1PPP1/RNBQKBNR b KQkq - 2 2 4:3', 'd7c6 c1g5 d1d8', '1651', 'mate mateIn1 short wholeTurn'];
  const { context, page, errors } = await puzzlePage({ 'progressive-scottish': csv([row]) });
  await openPuzzles(page, 'progressive-scottish');
  const game = gameAfter('progressive-scottish', row, 1);
  await waitFen(page, game.fen());
  assert.match(await prompt(page), /Find the best turn for White\.$/);
  for (const token of ['d1d2', 'g1f3']) {
    await clickAction(page, game, token);
    game.move(token);
    await waitFen(page, game.fen());
    assert.equal(await prompt(page), 'Right: the turn can still win. Keep going.');
  }
  const kept = game.fen();
  await clickAction(page, game, 'b1c3');
  await page.waitForFunction(() => /Nc3 is not the move: after it the turn cannot win/.test(document.getElementById('puzzle-prompt').textContent));
  await waitFen(page, kept);
  for (const token of ['d2d3', 'c1g5', 'd3d8']) {
    await clickAction(page, game, token);
    game.move(token);
    await waitFen(page, game.fen());
  }
  await page.waitForFunction(() => /Solved, with a mistake/.test(document.getElementById('puzzle-prompt').textContent));
  game.free();
  assert.deepEqual(errors, []);
  await context.close();
});

test('the next puzzle is chosen near the rating, never the one just played; a hostile stored value is ignored', async () => {
  const row = fixtureRow('chess', 'fix01');
  // 30 copies of the mate in 2, rated 600, 670, ... 2630.
  const rows = Array.from({ length: 30 }, (_, i) => [`n${String(i).padStart(4, '0')}`, row[1], row[2], String(600 + 70 * i), row[4]]);
  const ratingOf = (id) => 600 + 70 * Number(id.slice(1));
  const strong = { version: 1, ruleSets: { chess: { rating: 2200, deviation: 60, volatility: 0.06, played: 40, streak: 0, recent: [] } } };
  const { context, page, errors } = await puzzlePage({ chess: csv(rows) }, { storage: JSON.stringify(strong) });
  let id = await openPuzzles(page, 'chess');
  assert.equal(await page.textContent('#puzzle-rating'), '2200');
  const seen = [];
  let rating = 2200;
  for (let round = 0; round < 3; round++) {
    // The 12 nearest of the rating the choice was made at lie within 6 steps of 70 (and
    // half a step) either side, one step more for each recent puzzle held back among them.
    const reach = (6 + seen.length) * 70 + 35;
    assert.ok(Math.abs(ratingOf(id) - rating) <= reach, `${id} rated ${ratingOf(id)}, chosen at ${rating}`);
    assert.ok(!seen.includes(id), 'not one played recently');
    seen.push(id);
    await page.click('#puzzle-hint'); // settles it (a loss), so that it ends quickly
    await page.click('#puzzle-solution');
    await page.waitForSelector('#puzzle-next:not([hidden])');
    // The loss lowered the rating; the next choice is made from the stored one.
    rating = (await stored(page)).ruleSets.chess.rating;
    assert.ok(rating < 2200);
    await page.click('#puzzle-next');
    id = await waitPuzzle(page, id);
  }
  assert.deepEqual((await stored(page)).ruleSets.chess.recent, seen);
  await context.close();

  // Hostile or corrupt stored values: the page starts and rates from scratch.
  for (const value of ['{broken', JSON.stringify({ version: 1, ruleSets: { chess: { rating: '<img src=x onerror=alert(1)>', recent: 'x' } } })]) {
    const other = await puzzlePage({ chess: csv([row]) }, { storage: value });
    await openPuzzles(other.page, 'chess');
    assert.equal(await other.page.textContent('#puzzle-rating'), '1500?');
    assert.deepEqual(other.errors, []);
    await other.context.close();
  }
  assert.deepEqual(errors, []);
});

test('a puzzle the board cannot play is said, skipped for good, and Next puzzle goes on', async () => {
  const good = fixtureRow('chess', 'fix01');
  const bad = ['bad01', good[1], 'h8g8 e2e9', '1500', 'mate']; // e2e9: no such square
  const inHand = { version: 1, ruleSets: { chess: { rating: 1500, deviation: 350, volatility: 0.06, played: 0, streak: 0, recent: [], current: 'bad01' } } };
  const { context, page } = await puzzlePage({ chess: csv([bad, good]) }, { storage: JSON.stringify(inHand) });
  await page.click('#puzzles');
  await confirmIfAsked(page);
  await page.waitForFunction(() => /Puzzle bad01 could not be played/.test(document.getElementById('puzzle-prompt').textContent));
  assert.equal(await page.isVisible('#puzzle-hint'), false);
  const record = (await stored(page)).ruleSets.chess;
  assert.deepEqual([record.rating, record.current, record.recent], [1500, null, ['bad01']]);
  await page.click('#puzzle-next');
  assert.equal(await waitPuzzle(page), 'fix01');
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await waitPuzzle(page), 'fix01', 'the puzzle in hand now, never the broken one');
  await context.close();
});

test('a phone-sized screen: the puzzle card under the board, its buttons in reach', async () => {
  const row = fixtureRow('chess', 'fix01');
  const { context, page, errors } = await puzzlePage({ chess: csv([row]) }, { viewport: { width: 390, height: 844 } });
  await openPuzzles(page, 'chess');
  const board = await page.locator('#board').boundingBox();
  const card = await page.locator('#puzzle-card').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 390, 'the board fits the width');
  assert.ok(card.y >= board.y + board.height - 1, 'the card comes after the board');
  assert.ok(card.y + card.height <= 844 + 120, 'the card is on the first screen or just under it');
  const hint = await page.locator('#puzzle-hint').boundingBox();
  assert.ok(hint.height >= 36, 'a button a finger can hit');
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= 390, `no sideways scrolling (${scroll})`);
  assert.deepEqual(errors, []);
  await context.close();
});

// The service worker caches every file of dist/page, the puzzle files copied there
// from data/puzzles with them.
const puzzleDir = `${repoRoot}dist/page/puzzles`;
const shipped = existsSync(puzzleDir) ? readdirSync(puzzleDir).filter((name) => name.endsWith('.csv')) : [];

test('offline: the service worker serves the puzzle files', { skip: shipped.length ? false : 'no puzzle files in dist/page/puzzles' }, async () => {
  const variant = shipped.includes('chess.csv') ? 'chess' : shipped[0].slice(0, -4);
  const { context, page, errors } = await openPage(browser, server.url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body.ready', { timeout: 20000 });
  const id = await openPuzzles(page, variant);
  const row = readFileSync(`${puzzleDir}/${variant}.csv`, 'utf8')
    .split('\n')
    .find((line) => line.startsWith(`${id},`))
    .split(',');
  await waitFen(page, gameAfter(variant, row, 1).fen());
  // Solving works offline too: the line's first action is right.
  const game = gameAfter(variant, row, 1);
  const before = await pageFen(page);
  await clickAction(page, game, row[2].split(' ')[1]);
  await waitFenChange(page, before);
  assert.doesNotMatch(await prompt(page), /is not the move/);
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

const single = `${repoRoot}dist/alfiere.html`;
const singleHasPuzzles = existsSync(single) && /id="alfiere-puzzles-[a-z0-9-]+"/.test(readFileSync(single, 'utf8'));

test('the single-file build plays puzzles from its sample', { skip: singleHasPuzzles ? false : 'dist/alfiere.html carries no puzzles' }, async () => {
  const { context, page, errors } = await openPage(browser, null);
  await gotoReady(page, pathToFileURL(single).href);
  const variants = await page.evaluate(() => [...document.querySelectorAll('script[id^="alfiere-puzzles-"]')].map((s) => s.id.slice('alfiere-puzzles-'.length)));
  const variant = variants.includes('chess') ? 'chess' : variants[0];
  const id = await openPuzzles(page, variant);
  const text = await page.evaluate((v) => document.getElementById(`alfiere-puzzles-${v}`).textContent, variant);
  const lines = text.trim().split('\n');
  assert.equal(lines[0], HEADER);
  assert.ok(lines.length - 1 <= 20, 'a sample, not the whole file');
  const row = lines.find((line) => line.startsWith(`${id},`)).split(',');
  await waitFen(page, gameAfter(variant, row, 1).fen());
  assert.deepEqual(errors, []);
  await context.close();
});
