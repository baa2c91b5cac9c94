// Where the page's end-of-game card goes: over the half of the board away from the
// losing king, so a mate stays in sight (a king mated on its first rank, at the
// bottom or, flipped, at the top; on a desktop screen and a phone); and the Opponent
// settings, which mean nothing while solving puzzles, are not shown in Puzzles mode.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clickAction, gotoReady, newGame, openPage, pageFen, repoRoot, usePage, waitFenChange } from './helpers.mjs';

let server;
let browser;
let A;
usePage({ open: false, setup: (env) => ({ server, browser, rules: A } = env) });

/** Plays `tokens` by clicks from the start of `variant`. */
async function play(page, variant, tokens) {
  const game = new A.Game(variant);
  for (const token of tokens) {
    const before = await pageFen(page);
    await clickAction(page, game, token);
    game.move(token);
    await waitFenChange(page, before);
  }
}

/** The card's box and the mated king's square's box. */
function cardAndKing(page, square) {
  return page.evaluate((square) => {
    const box = (el) => {
      const b = el.getBoundingClientRect();
      return { top: b.top, bottom: b.bottom, left: b.left, right: b.right };
    };
    const king = document.getElementById('board').shadowRoot.querySelector(`[data-square="${square}"]`);
    return { card: box(document.getElementById('result-card')), king: box(king), checked: king.classList.contains('check') };
  }, square);
}

const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const MATES = [
  // Fool's mate: White's king mated on e1, at the bottom of the board.
  { name: "White mated on e1, White below", tokens: ['f2f3', 'e7e5', 'g2g4', 'd8h4'], king: 'e1', flip: false },
  // The same mate seen from Black's side: e1 is at the top.
  { name: 'White mated on e1, Black below', tokens: ['f2f3', 'e7e5', 'g2g4', 'd8h4'], king: 'e1', flip: true },
  // Scholar's mate: Black's king on e8, at the top for White, at the bottom flipped.
  { name: 'Black mated on e8, Black below', tokens: ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7'], king: 'e8', flip: true },
];

for (const viewport of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
  test(`${viewport.width}x${viewport.height}: the result card leaves the mated king in sight`, async () => {
    const { context, page, errors } = await openPage(browser, server.url, { viewport });
    for (const mate of MATES) {
      await newGame(page, { variant: 'chess', mode: 'friend' });
      const flipped = (await page.getAttribute('#board', 'orientation')) === 'black';
      if (flipped !== mate.flip) await page.click('#flip');
      await play(page, 'chess', mate.tokens);
      await page.waitForSelector('#result-card:not([hidden])');
      const { card, king, checked } = await cardAndKing(page, mate.king);
      assert.equal(checked, true, `${mate.name}: the king is the one in check`);
      assert.ok(!overlaps(card, king), `${mate.name}: the card ${JSON.stringify(card)} covers the king ${JSON.stringify(king)}`);
      // Still over the board, not pushed off it.
      const grid = await page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('.board-grid').getBoundingClientRect().toJSON());
      assert.ok(card.top >= grid.top - 1 && card.bottom <= grid.bottom + 60, `${mate.name}: the card stays by the board`);
      await page.click('#result-close');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('Puzzles mode hides the Opponent settings; a new game shows them again', async () => {
  const fixture = readFileSync(`${repoRoot}tests/fixtures/puzzles/chess.csv`, 'utf8');
  const { context, page, errors } = await openPage(browser, null, { serviceWorkers: 'block' });
  await context.route('**/puzzles/*.csv', (route) => route.fulfill({ body: fixture, contentType: 'text/csv; charset=utf-8' }));
  await gotoReady(page, server.url);
  assert.equal(await page.isVisible('#settings-card'), true);
  await page.click('#puzzles');
  await page.waitForSelector('#puzzle-card:not([hidden])');
  await page.waitForFunction(() => document.getElementById('puzzle-card').dataset.puzzleId);
  assert.equal(await page.isVisible('#settings-card'), false);
  await page.click('#puzzles'); // pressed again: back to a game
  await page.waitForSelector('#puzzle-card', { state: 'hidden' });
  assert.equal(await page.isVisible('#settings-card'), true);
  assert.deepEqual(errors, []);
  await context.close();
});
