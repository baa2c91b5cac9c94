// Practice your mistakes (issue 55): after *Analyse game*, the person's mistakes come
// back as exercises on the board, from the position before each; the engine judges a
// tried move (or whole turn) by the analysis's rule: the played mistake again is
// refused and taken back, the better move drawn after two tries is accepted; the count,
// next/previous, and *Back to the game* that puts the analysed game back as it was (the
// game stays stored meanwhile). In chess, Alice and Marseillais (a whole turn judged).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickAction, confirmIfAsked, gotoReady, importText, newGame, usePage } from './helpers.mjs';

// A small node budget per position keeps each analysis and judgement to seconds.
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

const historyLength = () => page.evaluate(() => document.getElementById('board').history().length);
const prompt = () => page.textContent('#practice-prompt');

/** Loads `pgn` (a game to look at: both sides' mistakes), analyses it, opens the practice;
 * returns the game's tags before it. */
async function analyseAndPractise(variant, pgn) {
  await newGame(page, { variant, mode: 'friend' });
  await importText(page, pgn);
  await page.click('#ga-run');
  await page.waitForSelector('#ga-stop', { state: 'hidden', timeout: 120000 });
  await page.waitForSelector('#ga-practice:not([hidden]):not([disabled])');
  const headers = await page.evaluate(() => document.getElementById('board').game.getHeaders());
  await page.click('#ga-practice');
  await page.waitForSelector('#practice-card:not([hidden])');
  assert.equal(await page.isHidden('#game-analysis'), true, 'the game analysis waits');
  return headers;
}

/** Steps with Next from the first exercise to the one whose prompt matches `pattern`;
 * returns how many exercises the practice has. */
async function stepToExercise(pattern) {
  const count = await page.textContent('#practice-count');
  const total = Number(count.match(/^Mistake 1 of (\d+)$/)?.[1]);
  assert.ok(total >= 1, count);
  for (let i = 1; !pattern.test(await prompt()); i++) {
    assert.ok(i < total, `an exercise matching ${pattern}`);
    await page.click('#practice-next');
  }
  return total;
}

/** A Node Game at the position the board shows (the game's first `count` actions). */
async function nodeGame(variant) {
  const lans = await page.evaluate(() => document.getElementById('board').history().map((m) => m.lan));
  const game = new A.Game(variant);
  for (const lan of lans) game.move(lan);
  return game;
}

/** Plays `tokens` (one turn) by clicks and waits for the engine's word on it. */
async function tryTurn(variant, tokens) {
  const game = await nodeGame(variant);
  const start = await historyLength();
  for (const [i, token] of tokens.entries()) {
    await clickAction(page, game, token);
    game.move(token);
    await page.waitForFunction((n) => document.getElementById('board').history().length === n, start + i + 1);
  }
  await page.waitForFunction(() => !/^Judging/.test(document.getElementById('practice-prompt').textContent), null, { timeout: 60000 });
  return prompt();
}

/** The better turn the arrows show, as UCI tokens played on a Node Game of the position. */
async function arrowTokens(variant) {
  const shapes = await page.evaluate(() => document.getElementById('board').autoShapes);
  const strong = shapes.filter((s) => !s.light).sort((x, y) => Number(x.label ?? 1) - Number(y.label ?? 1));
  assert.ok(strong.length >= 1, 'the better move drawn');
  const game = await nodeGame(variant);
  const tokens = [];
  for (const shape of strong) {
    const move = game.moves({ verbose: true }).find((m) => m.from === shape.from && m.to === shape.to);
    assert.ok(move, `the arrow ${shape.from}-${shape.to} is a legal action`);
    tokens.push(move.lan);
    game.move(move.lan);
  }
  assert.ok(shapes.every((s) => s.brush === 'green'));
  return tokens;
}

/** Tries the game's own mistake twice (refused, taken back), then the better turn drawn (accepted). */
async function practiseExercise(variant, played, first) {
  assert.equal(await historyLength(), first, 'the position before the mistake');
  for (const attempt of [1, 2]) {
    const words = await tryTurn(variant, played);
    assert.match(words, /^.+: an? (inaccuracy|mistake|blunder) \(.+\)\. It is taken back; try again\./, words);
    assert.equal(await page.getAttribute('#practice-prompt', 'class'), 'puzzle-prompt wrong');
    await page.waitForFunction((n) => document.getElementById('board').history().length === n, first);
    if (attempt === 1) {
      assert.doesNotMatch(await prompt(), /better/, 'no answer after one try');
      assert.deepEqual(await page.evaluate(() => document.getElementById('board').autoShapes), []);
    }
  }
  assert.match(await prompt(), /The better (move|turn): .+ \(the green arrows\)\.$/);
  const better = await arrowTokens(variant);
  const words = await tryTurn(variant, better);
  assert.match(words, /^Good: .+ loses nothing \(\w+'s winning chances \d+% before, \d+% after\)\./, words);
  assert.equal(await page.getAttribute('#practice-prompt', 'class'), 'puzzle-prompt right');
}

test('chess: the hung queen practised, then back to the game as it was', async () => {
  const headers = await analyseAndPractise('chess', '[White "Ann"]\n[Black "Bo"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 *');
  // The exercise of Qxf7+ (the first after any earlier one).
  await stepToExercise(/played Qxf7\+, a blunder\. Find a better move for White\.$/);
  assert.equal(await page.evaluate(() => document.getElementById('board').orientation), 'white');
  assert.equal(await page.evaluate(() => document.getElementById('board').game.getHeaders().White), 'Ann', 'the players keep their names');
  await practiseExercise('chess', ['h5f7'], 4);
  // The game's controls were not offered, and Take back is off once the turn is judged.
  assert.equal(await page.isVisible('#resign'), false);
  assert.equal(await page.isDisabled('#undo'), true);
  // Back to the game: the whole analysed game, with its report.
  await page.click('#practice-leave');
  await page.waitForSelector('#practice-card', { state: 'hidden' });
  assert.equal(await historyLength(), 6);
  assert.deepEqual(await page.evaluate(() => document.getElementById('board').game.getHeaders()), headers, 'the same tags');
  await page.waitForSelector('#ga-result:not([hidden])');
  assert.equal(await page.isVisible('#ga-practice'), true);
  // The game stayed stored: a reload shows it whole.
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await historyLength(), 6);
  assert.deepEqual(errors.filter((e) => !/favicon/.test(e)), []);
});

test('Alice: the move that allowed a mate practised; a reload during practice keeps the game', async () => {
  await analyseAndPractise('alice', '1. d4 c6 2. f4 g6 3. Nf3 d6 *');
  // How many earlier turns the analysis also marks is the engine's judgement (Alice's
  // second network marks 1...c6 and 2.f4 mistakes); d6, which allows a mate, is the last.
  const total = await stepToExercise(/Black played d6, a blunder\. Find a better move for Black\.$/);
  assert.equal(await page.textContent('#practice-count'), `Mistake ${total} of ${total}`);
  assert.equal(await page.evaluate(() => document.getElementById('board').orientation), 'black');
  assert.equal(await page.isDisabled('#practice-next'), true, 'the last exercise');
  assert.equal(await page.isDisabled('#practice-previous'), total === 1);
  await practiseExercise('alice', ['d7d6'], 5);
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await historyLength(), 6, 'the stored game is the analysed one');
  assert.equal(await page.isHidden('#practice-card'), true);
});

test('Marseillais: a whole turn tried and judged, the better turn drawn as two arrows', async () => {
  await analyseAndPractise('marseillais', '1. f3,g4 e5,Qh4# 0-1');
  assert.match(await prompt(), /White played f3, g4, a blunder\. Find a better turn for White\.$/);
  // Half a turn is not judged.
  const game = await nodeGame('marseillais');
  await clickAction(page, game, 'f2f3');
  await page.waitForFunction(() => document.getElementById('board').history().length === 1);
  assert.equal(await prompt(), 'Played. Finish the turn.');
  // Take back takes back an action of the turn being played, not the game's.
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('board').history().length === 0);
  assert.equal(await page.isDisabled('#undo'), true);
  assert.match(await prompt(), /Find a better turn for White\.$/);
  await practiseExercise('marseillais', ['f2f3', 'g2g4'], 0);
  const shapes = await page.evaluate(() => document.getElementById('board').autoShapes);
  assert.deepEqual(shapes, [], 'the arrows go with the position they belong to');
  await page.click('#practice-leave');
  assert.equal(await historyLength(), 4);
  // A new game from the header during the practice ends it; the board saves again.
  await page.click('#ga-practice');
  await page.click('#new-game');
  await confirmIfAsked(page);
  await page.waitForSelector('#practice-card', { state: 'hidden' });
  assert.equal(await historyLength(), 0);
  assert.equal(await page.getAttribute('#board', 'storage-key'), 'alfiere.game.v2');
  assert.equal(await page.evaluate(() => document.body.classList.contains('practice-mode')), false);
});
