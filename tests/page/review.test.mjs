// What a player ran into on the page before the board became a component (issue 28):
// looking back through the game (clicks on the move list, arrow keys), a question
// before a click throws the game away, an imported finished game shown as finished,
// a FEN of another rule set, every action of the last turn marked, and a computer
// that takes a natural time over its answer.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newGame, pageFen, playByClicks, usePage, waitFenChange } from './helpers.mjs';

let A;
let page;
let errors;
usePage({ setup: (env) => ({ rules: A, page, errors } = env) });

async function play(variant, tokens) {
  const game = new A.Game(variant);
  await playByClicks(page, game, tokens);
  return game;
}

async function loadText(text) {
  await page.evaluate(() => {
    document.getElementById('io-card').open = true;
  });
  await page.fill('#io-text', text);
  await page.click('#io-load');
}

/** The pieces the board shows, as the placement field of a FEN. */
function shownPlacement() {
  return page.evaluate(() => {
    const root = document.getElementById('board').shadowRoot;
    const ranks = [];
    for (let rank = 8; rank >= 1; rank--) {
      let row = '';
      for (const file of 'abcdefgh') {
        const piece = root.querySelector(`[data-square="${file}${rank}"] .piece`);
        const name = piece?.getAttribute('part')?.split(' ')[1] ?? null; // e.g. white-knight
        if (!name) row += '1';
        else {
          const [color, role] = name.split('-');
          const letter = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' }[role];
          row += color === 'white' ? letter.toUpperCase() : letter;
        }
      }
      ranks.push(row.replace(/1+/g, (ones) => String(ones.length)));
    }
    return ranks.join('/');
  });
}

test('clicking a move shows that position; the arrow keys step through the game', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  const game = await play('chess', ['e2e4', 'e7e5', 'g1f3', 'b8c6']);
  const history = game.history({ verbose: true });
  await page.click('#moves [data-ply="2"]');
  await page.waitForSelector('#review-line:not([hidden])');
  assert.equal(await shownPlacement(), history[1].after.split(' ')[0]);
  assert.match(await page.textContent('.turn-line'), /Looking back: after e5, action 2 of 4/);
  // No moves while looking back.
  await page.click('[data-square="g1"]');
  assert.equal(await page.locator('.sq.dest').count(), 0);
  await page.locator('#moves').click({ position: { x: 1, y: 1 } }); // focus out of the board
  await page.keyboard.press('ArrowLeft');
  assert.equal(await shownPlacement(), history[0].after.split(' ')[0]);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await shownPlacement(), history[2].after.split(' ')[0]);
  await page.keyboard.press('End');
  await page.waitForSelector('#review-line', { state: 'hidden' });
  assert.equal(await shownPlacement(), game.fen().split(' ')[0]);
  assert.deepEqual(errors, []);
});

test('changing the variant mid-game asks first; cancelling keeps the game', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  await play('chess', ['d2d4']);
  const fen = await pageFen(page);
  await page.selectOption('#variant', 'alice');
  await page.waitForSelector('#confirm:not([hidden])');
  assert.match(await page.textContent('#confirm-text'), /Switch to Alice\?/);
  await page.click('#confirm-no');
  assert.equal(await pageFen(page), fen);
  assert.equal(await page.inputValue('#variant'), 'chess');
  // Resigning asks too, with the button where it was.
  await page.click('#resign');
  await page.waitForSelector('#confirm:not([hidden])');
  await page.click('#confirm-no');
  assert.equal(await page.isEnabled('#resign'), true);
  assert.deepEqual(errors, []);
});

test('an imported finished game is shown as finished, keeps its annotations, and can be played on', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  const pgn = '[Event "Club final"]\n[White "Ann"]\n[Black "Bo"]\n[Result "1-0"]\n\n1. e4 {a plan} e5 $1 (1... c5 2. Nf3) 2. Nf3 1-0';
  const before = await pageFen(page);
  await loadText(pgn);
  await waitFenChange(page, before);
  assert.match(await page.textContent('.status-line'), /White won \(1-0, the result recorded in the PGN\)/);
  await page.click('[data-square="b8"]');
  assert.equal(await page.locator('.sq.dest').count(), 0, 'no moves in a finished game');
  // The export keeps the comment, the NAG, the variation and the result.
  const exported = await page.inputValue('#pgn-out');
  assert.match(exported, /1\. e4 \{a plan\} 1\.\.\. e5 \$1 \(1\.\.\. c5 2\. Nf3\) 2\. Nf3 1-0/);
  assert.match(exported, /\[White "Ann"\]/);
  // It opens to look at, with the players its tags name.
  assert.match(await page.textContent('alfiere-board .player.bottom'), /Ann/);
  // Playing on from its end reopens the game.
  await page.click('#play-on-friend');
  await page.waitForFunction(() => /Black to move/.test(document.getElementById('board').status));
  assert.match(await page.inputValue('#pgn-out'), /\[Result "\*"\]/);
  assert.deepEqual(errors, []);
});

test('a FEN of another rule set offers to switch to it; the error does not repeat the FEN', async () => {
  await newGame(page, { variant: 'chess', mode: 'friend' });
  const chessgi = 'rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 2';
  await loadText(chessgi);
  await page.waitForSelector('#io-error:not([hidden])');
  assert.match(await page.textContent('#io-error'), /it is one of Chess-Gi/);
  const before = await pageFen(page);
  await page.click('#io-error .io-switch');
  assert.equal(await waitFenChange(page, before), chessgi);
  assert.equal(await page.inputValue('#variant'), 'chessgi');
  await loadText('8/8/8 w - - 0 1');
  await page.waitForFunction(() => /could not be loaded/.test(document.getElementById('io-error').textContent));
  assert.doesNotMatch(await page.textContent('#io-error'), /8\/8\/8 w/);
  assert.deepEqual(errors, []);
});

test('every action of the last turn is marked', async () => {
  await newGame(page, { variant: 'marseillais', mode: 'friend' });
  await play('marseillais', ['e2e4', 'd2d4']);
  const marked = await page.$$eval('.sq.last', (els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(marked, ['d2', 'd4', 'e2', 'e4']);
  assert.deepEqual(errors, []);
});
