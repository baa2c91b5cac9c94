// The page's game analysis (issue 41): *Analyse game* on a loaded game with a planted
// blunder (progress, the graph with its points and a blunder dot, a click on the graph,
// the mark in the move list, accuracy, next mistake, the better move as arrows, the
// annotated PGN, a reload), an annotated PGN shown without a new analysis, multi-action
// turns (Marseillais) and Chess-Gi; the result card after a mate with Rematch; NAG
// glyphs in the move list; a Chess-Gi FEN with a hand in the import panel.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  clickAction,
  gotoReady,
  importText,
  movetext,
  newGame,
  pageFen,
  seeded,
  usePage,
  waitFenChange,
} from './helpers.mjs';

// A small node budget per position keeps each analysis to seconds (people get the engine's default).
const NODES = 20000;
let A;
let page;
let errors;
let url;
usePage({
  open: 'blank',
  setup: async (env) => {
    ({ rules: A, page, errors } = env);
    url = `${env.server.url}?analysis-nodes=${NODES}`;
    await gotoReady(page, url);
  },
});

async function loadText(text) {
  await importText(page, text).catch(() => {}); // a load that changes nothing is checked by the test
}

/** Records every progress text the panel shows, from now on. */
async function recordProgress() {
  await page.evaluate(() => {
    window.progressSeen = [];
    const text = document.getElementById('ga-progress-text');
    const row = document.getElementById('ga-progress-row');
    new MutationObserver(() => {
      if (!row.hidden) window.progressSeen.push(text.textContent);
    }).observe(row, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function analyse() {
  await page.click('#ga-run');
  await page.waitForSelector('#ga-stop', { state: 'hidden', timeout: 120000 });
  await page.waitForSelector('#ga-result:not([hidden])');
}

const reviewing = () => page.evaluate(() => document.getElementById('board').reviewing);
const autoShapes = () => page.evaluate(() => document.getElementById('board').autoShapes);
const graphPoints = async () => ((await page.getAttribute('.eval-graph-line', 'd')) ?? '').match(/[ML]/g)?.length ?? 0;
const glyphAfter = (ply) => page.locator(`#moves [data-ply="${ply}"] + .move-glyph`);

const BLUNDER = '[White "Ann"]\n[Black "Bo"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 *';

test('Analyse game: progress, graph, marks, accuracy, navigation, arrows, export and a reload', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  assert.equal(await page.isDisabled('#ga-run'), true, 'nothing to analyse yet');
  await loadText(BLUNDER);
  assert.equal(await page.isEnabled('#ga-run'), true);
  assert.equal(await page.isHidden('#ga-result'), true);
  await recordProgress();
  await analyse();
  const seen = await page.evaluate(() => window.progressSeen);
  assert.ok(seen.some((text) => /^\d of 7 positions$/.test(text)), `progress shown: ${seen}`);
  // The graph: the start and one point per action; the hung queen is a blunder dot.
  assert.equal(await graphPoints(), 7);
  const dot = page.locator('.eval-graph-mark.blunder[data-ply="5"]');
  assert.equal(await dot.count(), 1);
  // A click on the graph goes to that action.
  const box = await dot.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  assert.equal(await reviewing(), 5);
  assert.equal(await page.getAttribute('.eval-graph', 'aria-valuenow'), '5');
  // What the analysis says of it, in words.
  assert.match(await page.textContent('#ga-verdict'), /^Qxf7\+: Blunder\. Best was [^.]+ \(arrows on the position before it\)\. Evaluation -\d+\.\d\d\.$/);
  // The mark in the move list, coloured and named.
  assert.equal(await glyphAfter(5).textContent(), '??');
  assert.equal(await glyphAfter(5).getAttribute('title'), 'Blunder');
  // Accuracy and counts per side.
  assert.match(await page.textContent('.ga-accuracy[data-color="w"]'), /^\d+(\.\d)?%$/);
  assert.equal(await page.textContent('.ga-count[data-color="w"][data-mark="blunder"]'), '1');
  const w = parseFloat(await page.textContent('.ga-accuracy[data-color="w"]'));
  const b = parseFloat(await page.textContent('.ga-accuracy[data-color="b"]'));
  assert.ok(w < b, `the blunderer is less accurate (${w} < ${b})`);
  // The better move as arrows on the position before the blunder (issue 53: not after
  // it, where they would start from emptied squares); *Show the better move* goes there.
  assert.deepEqual(await autoShapes(), [], 'no arrows on the position after the blunder');
  assert.equal(await page.textContent('#ga-better'), 'Show the better move');
  await page.click('#ga-better');
  assert.equal(await reviewing(), 4);
  assert.match(await page.textContent('#ga-verdict'), /Next: Qxf7\+, a blunder; the green arrows show [^.]+\.$/);
  const shapes = await autoShapes();
  assert.ok(shapes.length >= 1, 'an arrow for the better move');
  assert.notEqual(`${shapes[0].from}${shapes[0].to}`, 'h5f7');
  assert.equal(await page.isHidden('#ga-better-row'), true, 'already there');
  await page.evaluate(() => {
    document.getElementById('analysis-card').open = true;
  });
  await page.uncheck('#arrows-toggle');
  assert.deepEqual(await autoShapes(), []);
  await page.check('#arrows-toggle');
  assert.ok((await autoShapes()).length >= 1);
  // Next and previous mistake: from the start, the first marked action; the keys too.
  const marked = await page.$$eval('.eval-graph-mark', (dots) => dots.map((d) => Number(d.dataset.ply)).sort((x, y) => x - y));
  await page.evaluate(() => document.getElementById('board').review(0));
  await page.click('#ga-next');
  assert.equal(await reviewing(), marked[0]);
  await page.locator('#moves').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('p');
  assert.equal(await reviewing(), marked.at(-1), 'previous from the first wraps to the last');
  // Arrow keys on the focused graph step one action, once.
  await page.focus('.eval-graph');
  const at = await reviewing();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await reviewing(), at - 1);
  // The annotated PGN.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#ga-download')]);
  const exported = await readFile(await download.path(), 'utf8');
  assert.match(exported, /\[%eval /);
  assert.match(exported, /Qxf7\+ \$4/);
  assert.match(exported, /\[White "Ann"\]/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('#ga-copy');
  await page.waitForFunction(() => /Copied/.test(document.getElementById('ga-copy').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), exported);
  // A reload keeps the graph, the marks and the accuracy.
  await gotoReady(page, url);
  await page.waitForSelector('#ga-result:not([hidden])');
  assert.equal(await graphPoints(), 7);
  assert.equal(await glyphAfter(5).textContent(), '??');
  assert.equal(await page.textContent('.ga-count[data-color="w"][data-mark="blunder"]'), '1');
  assert.equal(await page.textContent('#ga-run'), 'Analyse again');
  assert.deepEqual(errors, []);
});

test('the game crosses to the worker as its line, never as PGN; the export keeps its notes with the analysis (issue 55)', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await loadText(`[Event "Club night"]\n[White "Ann"]\n\n{A first game} 1. e4 {the king's pawn} e5 $1 2. Qh5 (2. Nf3 Nc6) Nc6 3. Qxf7+ Kxf7 *`);
  // Every job the page sends to an engine worker, from now on.
  await page.evaluate(() => {
    window.sentJobs = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, transfer) {
      if (message?.type === 'job') window.sentJobs.push(structuredClone(message.job));
      return post.call(this, message, transfer);
    };
  });
  await analyse();
  const jobs = await page.evaluate(() => window.sentJobs.filter((job) => job.kind === 'analysis'));
  assert.equal(jobs.length, 1);
  assert.equal(jobs[0].pgn, undefined, 'no PGN crosses to the worker');
  assert.equal(jobs[0].line.actions.length, 6);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#ga-download')]);
  const exported = (await readFile(await download.path(), 'utf8')).replace(/\s+/g, ' ');
  for (const kept of ['[Event "Club night"]', '[White "Ann"]', '{A first game}', "the king's pawn", 'e5 $1', '(2. Nf3 Nc6)', 'Qxf7+ $4', '[%eval ']) {
    assert.ok(exported.includes(kept), `${kept} in ${exported}`);
  }
  assert.deepEqual(errors, []);
});

test('Stop keeps the analysed end of the game; the live analysis waits meanwhile and then goes on', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  // A seeded random game long enough that Stop comes before the end.
  const random = seeded(41);
  const game = new A.Game('chess');
  while (game.history().length < 50 && !game.isGameOver()) {
    const legal = game.legalMoves();
    game.move(legal[Math.floor(random() * legal.length)]);
  }
  const plies = game.history().length;
  await loadText(game.pgn());
  await page.evaluate(() => {
    document.getElementById('analysis-card').open = true;
  });
  await page.check('#analysis-toggle');
  await page.waitForSelector('#eval-bar[data-idle="false"]');
  await page.click('#ga-run');
  await page.waitForFunction(() => /^[1-9]\d* of \d+ positions$/.test(document.getElementById('ga-progress-text').textContent));
  assert.equal(await page.getAttribute('#eval-bar', 'data-idle'), 'true', 'the live analysis pauses');
  assert.equal(await page.isDisabled('#ga-run'), true);
  await page.click('#ga-stop');
  await page.waitForSelector('#ga-result:not([hidden])', { timeout: 60000 });
  assert.equal(await page.isVisible('#ga-incomplete'), true);
  assert.match(await page.textContent('#ga-message'), /stopped/);
  // Only the end was analysed: no accuracy is claimed for the game (issue 53).
  assert.deepEqual(await page.$$eval('.ga-accuracy', (cells) => cells.map((c) => c.textContent)), ['–', '–']);
  const points = await graphPoints();
  assert.ok(points >= 1 && points < plies + 1, `the analysed end only: ${points} of ${plies + 1}`);
  await page.waitForSelector('#eval-bar[data-idle="false"]', { timeout: 20000 });
  await page.uncheck('#analysis-toggle');
  game.free();
  assert.deepEqual(errors, []);
});

test('Analyse again, then Stop: the earlier full report stays (issue 53)', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  const random = seeded(53);
  const game = new A.Game('chess');
  while (game.history().length < 30 && !game.isGameOver()) {
    const legal = game.legalMoves();
    game.move(legal[Math.floor(random() * legal.length)]);
  }
  await loadText(game.pgn());
  await analyse();
  const summary = () => page.$$eval('#ga-summary-body td', (cells) => cells.map((c) => c.textContent));
  const before = await summary();
  const dots = () => page.locator('.eval-graph-mark').count();
  const marks = await dots();
  assert.match(before[0], /^\d+\.\d%$/);
  assert.equal(await page.textContent('#ga-run'), 'Analyse again');
  await page.click('#ga-run');
  await page.waitForFunction(() => /^[1-9]\d* of \d+ positions$/.test(document.getElementById('ga-progress-text').textContent));
  await page.click('#ga-stop');
  await page.waitForSelector('#ga-stop', { state: 'hidden', timeout: 60000 });
  assert.match(await page.textContent('#ga-message'), /earlier full analysis is kept/);
  assert.equal(await page.isHidden('#ga-incomplete'), true);
  assert.deepEqual(await summary(), before);
  assert.equal(await dots(), marks);
  // And after a reload.
  await gotoReady(page, url);
  await page.waitForSelector('#ga-result:not([hidden])');
  assert.deepEqual(await summary(), before);
  game.free();
  assert.deepEqual(errors, []);
});

test('an annotated PGN shows its graph and marks without a new analysis', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await recordProgress();
  const annotated =
    '1. e4 {[%eval 0.3]} e5 {[%eval 0.25]} 2. Nf3 {[%eval 0.3]} f6 $6 {[%eval 1.1] A weak move.} ' +
    '3. Nxe5 {[%eval 1.5]} fxe5 $4 {[%eval #3]} 4. Qh5+ {[%eval #2]} *';
  await loadText(annotated);
  await page.waitForSelector('#ga-result:not([hidden])');
  assert.equal(await graphPoints(), 7, 'one point per evaluated action (the start has none)');
  assert.equal(await page.locator('.eval-graph-mark.blunder[data-ply="6"]').count(), 1);
  assert.equal(await page.locator('.eval-graph-mark.inaccuracy[data-ply="4"]').count(), 1);
  assert.equal(await glyphAfter(6).textContent(), '??');
  assert.equal(await glyphAfter(4).textContent(), '?!');
  assert.equal(await page.textContent('.ga-count[data-color="b"][data-mark="blunder"]'), '1');
  // The comment's words are shown, its [%eval] is the graph.
  assert.match(await page.textContent('#moves'), /A weak move\./);
  assert.doesNotMatch(await page.textContent('#moves'), /%eval/);
  assert.equal(await page.textContent('#ga-run'), 'Analyse game');
  assert.deepEqual(await page.evaluate(() => window.progressSeen), [], 'no analysis ran');
  // With the live analysis off, the bar shows the game's evaluation of the position shown.
  assert.equal(await page.isChecked('#analysis-toggle'), false);
  await page.click('#moves [data-ply="4"]');
  await page.waitForFunction(() => document.getElementById('eval-number').textContent === '+1.10');
  assert.equal(await page.getAttribute('#eval-bar', 'data-idle'), 'false');
  assert.match(await page.getAttribute('#eval-bar', 'aria-label'), /Evaluation \+1\.10\. From the game analysis/);
  await page.click('#moves [data-ply="6"]');
  await page.waitForFunction(() => document.getElementById('eval-number').textContent === '#3');
  assert.deepEqual(errors, []);
});

test('Marseillais: one graph point per turn, the mark on the turn\'s last action, the better turn drawn before it', async () => {
  await loadText('[Variant "Marseillais"]\n\n1. e4,Qh5 Nf6,Nxh5 2. d4,Nc3 e6,Bb4 *');
  assert.equal(await page.inputValue('#variant'), 'marseillais');
  await analyse();
  assert.equal(await graphPoints(), 5, 'the start and four turn ends');
  const queen = await glyphAfter(2).textContent();
  assert.ok(['?', '??'].includes(queen), `Qh5 is marked (${queen})`);
  assert.equal(await glyphAfter(1).count(), 0, 'one mark per turn, on its last action');
  // Every dot has its glyph in the move list.
  for (const ply of await page.$$eval('.eval-graph-mark', (dots) => dots.map((d) => d.dataset.ply))) {
    assert.equal(await glyphAfter(ply).count(), 1);
  }
  await page.click('.eval-graph-mark[data-ply="2"]', { force: true });
  assert.equal(await reviewing(), 2);
  // The better turn is drawn on the position before the turn (issue 53), its actions
  // numbered, the first from a square that holds the mover's piece there.
  assert.deepEqual(await autoShapes(), []);
  assert.match(await page.textContent('#ga-verdict'), /Best was [^.]+, [^.]+ \(arrows on the position before this turn\)/);
  assert.equal(await page.textContent('#ga-better'), 'Show the better turn');
  await page.click('#ga-better');
  assert.equal(await reviewing(), 0);
  const shapes = (await autoShapes()).filter((shape) => !shape.light);
  assert.deepEqual(shapes.map((shape) => shape.label), ['1', '2']);
  const start = new A.Game('marseillais');
  const first = start.board().flat().find((cell) => cell?.square === shapes[0].from);
  assert.equal(first?.color, 'w', `a white piece on ${shapes[0].from}`);
  start.free();
  assert.deepEqual(errors, []);
});

test('Chess-Gi: a game with drops is analysed; a FEN with a hand loads without a tag row', async () => {
  await loadText('[Variant "Chessgi"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe6+ 4. Be2 P@e4 *');
  assert.equal(await page.inputValue('#variant'), 'chessgi');
  await analyse();
  assert.equal(await graphPoints(), 9);
  // The case: a Chess-Gi FEN with pieces in hand from the import panel, loaded
  // between friends (so it stays theirs to play; the imported game above opened to look at).
  await newGame(page, { variant: 'chessgi', mode: 'friend' });
  const fen = 'rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 2';
  await loadText(fen);
  assert.equal(await pageFen(page), fen);
  assert.equal(await page.locator('#moves li').count(), 0, 'no row for the [FEN] tag');
  await page.fill('#san-input', 'P@e4');
  await page.click('#san-form button[type="submit"]');
  await page.waitForSelector('#moves [data-ply="1"]');
  assert.equal(await page.locator('#moves li').count(), 1);
  assert.match(await page.textContent('#moves'), /^2\.\.\. @e4$/);
  assert.deepEqual(errors, []);
});

test('every rule set: a seeded game analysed, one graph point per turn end, each dot a glyph in the list', async () => {
  for (const { id } of A.variants()) {
    await newGame(page, { variant: id, mode: 'friend' });
    const random = seeded(id.length * 41);
    const game = new A.Game(id);
    while (game.history().length < 8 && !game.isGameOver()) {
      const legal = game.legalMoves();
      game.move(legal[Math.floor(random() * legal.length)]);
    }
    // The game's last action closes its decision even in an unfinished turn (the report says so).
    const turnEnds = game.history({ verbose: true }).filter((m, i, all) => m.endsTurn || i === all.length - 1).length;
    await loadText(game.pgn());
    assert.equal(await page.inputValue('#variant'), id);
    await analyse();
    assert.equal(await graphPoints(), turnEnds + 1, `${id}: the start and each turn end`);
    for (const ply of await page.$$eval('.eval-graph-mark', (dots) => dots.map((d) => d.dataset.ply))) {
      assert.equal(await glyphAfter(ply).count(), 1, `${id}: the mark of action ${ply} in the move list`);
    }
    game.free();
  }
  assert.deepEqual(errors, []);
});

test('the move list, built from the history, writes a game that starts inside a turn as its PGN does', async () => {
  const starts = {
    marseillais: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 2:1',
    'progressive-scottish': 'rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR w KQkq - 1 3 5:1',
    avalanche: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 push',
    chessgi: 'rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 2',
  };
  for (const [variant, fen] of Object.entries(starts)) {
    await newGame(page, { variant, mode: 'friend' });
    await loadText(fen);
    const game = new A.Game(variant, fen);
    for (let i = 0; i < 5 && !game.isGameOver(); i++) {
      const san = game.moves()[0];
      game.move(san);
      await page.fill('#san-input', san);
      await page.click('#san-form button[type="submit"]');
    }
    await page.waitForFunction((n) => document.querySelectorAll('#moves .move-token').length === n, game.history().length);
    const listed = await page.$$eval('#moves .move-row', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent).join(' ')).join(' '));
    assert.equal(listed, movetext(game.pgn()), variant);
    game.free();
  }
  assert.deepEqual(errors, []);
});

test('the result card after a mate: Rematch swaps the colours, New game, Close', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  const game = new A.Game('chess');
  for (const token of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) {
    const before = await pageFen(page);
    await clickAction(page, game, token);
    game.move(token);
    await waitFenChange(page, before);
  }
  await page.waitForSelector('#result-card:not([hidden])');
  assert.equal(await page.textContent('#result-title'), 'Black wins');
  assert.match(await page.textContent('#result-text'), /checkmate/);
  assert.equal(await page.isEnabled('#result-analyse'), true);
  await page.keyboard.press('Escape');
  assert.equal(await page.isHidden('#result-card'), true);
  // It does not come back on its own for the same game (a reload shows the line under the board).
  await gotoReady(page, url);
  assert.equal(await page.isHidden('#result-card'), true);
  // Rematch: the same opponent, the colours swapped.
  await page.evaluate(() => document.getElementById('board').dispatchEvent(new CustomEvent('gameover', { detail: { outcome: { winner: 'b', text: 'Black wins by checkmate' } } })));
  await page.click('#result-rematch');
  await page.waitForFunction(() => document.getElementById('moves').children.length === 0);
  assert.equal(await page.getAttribute('#board', 'orientation'), 'black');
  assert.equal(await page.isHidden('#result-card'), true);
  assert.deepEqual(errors, []);
});

test('the result card against the computer: the person resigns, Rematch gives them the other colour', async () => {
  await newGame(page, { variant: 'chess', mode: 'engine', color: 'w' });
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#result-card:not([hidden])');
  assert.equal(await page.textContent('#result-title'), 'The computer wins');
  await page.click('#result-rematch');
  await page.waitForSelector('#result-card', { state: 'hidden' });
  assert.equal(await page.getAttribute('#board', 'orientation'), 'black');
  assert.equal(await page.getAttribute('#board', 'engine'), 'white');
  // The computer (White) opens the rematch.
  await page.waitForSelector('#moves [data-ply="1"]', { timeout: 30000 });
  await page.click('#resign');
  await page.click('#confirm-yes');
  await page.waitForSelector('#result-card:not([hidden])');
  await page.click('#result-new');
  await page.waitForFunction(() => document.getElementById('moves').children.length === 0);
  assert.equal(await page.getAttribute('#board', 'engine'), 'black', 'New game: the colour chosen in the settings');
  assert.deepEqual(errors, []);
});

test('side lines of an imported PGN are shown after their move, numbered, and a click previews them', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await loadText('1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3) d6) 2. Nf3 (2. f4 exf4) Nc6 *');
  const lines = await page.$$eval('#moves .move-variation', (spans) => spans.map((s) => s.textContent));
  assert.deepEqual(lines, ['(1... c5 2. Nf3 d6)', '(2. f4 exf4)']);
  const tokens = page.locator('#moves .variation-token');
  assert.equal(await tokens.count(), 5);
  // A click shows the position after the token, as a preview: the game is untouched.
  const game = await page.evaluate(() => document.querySelector('alfiere-board').fen);
  await tokens.nth(1).click();
  const after = new A.Game('chess');
  for (const san of ['e4', 'c5', 'Nf3']) after.move(san);
  const board = page.locator('alfiere-board');
  assert.equal(await board.evaluate((b) => b.previewing), after.fen());
  assert.equal(await board.evaluate((b) => b.fen), game);
  after.free();
  // Escape goes back; a main-line move ends a preview too.
  await page.keyboard.press('Escape');
  assert.equal(await board.evaluate((b) => b.previewing), null);
  await tokens.nth(4).click();
  assert.match(await board.evaluate((b) => b.previewing), /^rnbqkbnr\/pppp1ppp\/8\/8\/4Pp2\//);
  await page.click('#moves [data-ply="2"]');
  assert.equal(await board.evaluate((b) => b.previewing), null);
  assert.equal(await board.evaluate((b) => b.reviewing), 2);
  // Marseillais: a side line replaces a whole turn, played from the turn's start.
  await newGame(page, { variant: 'marseillais', mode: 'friend' });
  await loadText('[Variant "Marseillais"]\n\n1. e4,d4 d5,Nf6 (1... e5,Nc6) 2. Nc3,Nf3 *');
  assert.deepEqual(await page.$$eval('#moves .move-variation', (spans) => spans.map((s) => s.textContent)), ['(1... e5,Nc6)']);
  await page.click('#moves .variation-token');
  const turn = new A.Game('marseillais');
  for (const san of ['e4', 'd4', 'e5', 'Nc6']) turn.move(san);
  assert.equal(await board.evaluate((b) => b.previewing), turn.fen());
  turn.free();
  assert.deepEqual(errors, []);
});

test('NAG glyphs of an imported PGN follow their moves, titled; the export keeps the variations', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await loadText('1. e4 $1 e5 $6 (1... c5 $5 2. Nf3) 2. Nf3 $3 Nc6 $2 3. Bb5 $5 a6 $4 *');
  const glyphs = await page.$$eval('#moves .move-glyph', (spans) => spans.map((s) => [s.previousElementSibling.dataset.ply, s.textContent, s.title]));
  assert.deepEqual(glyphs, [
    ['1', '!', 'Good move'],
    ['2', '?!', 'Inaccuracy'],
    ['3', '!!', 'Brilliant move'],
    ['4', '?', 'Mistake'],
    ['5', '!?', 'Interesting move'],
    ['6', '??', 'Blunder'],
  ]);
  // A screen reader hears the mark in words with the move.
  assert.equal(await page.getAttribute('#moves [data-ply="6"]', 'aria-label'), 'a6, blunder');
  assert.equal(await page.getAttribute('#moves [data-ply="6"] + .move-glyph', 'aria-hidden'), 'true');
  assert.match(await page.inputValue('#pgn-out'), /\(1\.\.\. c5 \$5 2\. Nf3\)/);
  // The game's own marks count as notes only with evaluations: no graph here.
  assert.equal(await page.isHidden('#ga-result'), true);
  assert.deepEqual(errors, []);
});
