#!/usr/bin/env node
// Plays 3 + 2 games against the engine in the page, one per level given (default:
// beginner, club and full), the person's side answering at once with a random legal
// action, and prints each engine answer's time on the board's clock and the engine's
// time left: the engine must never lose on time. Not a test (minutes of engine time);
// run by hand after changing the engine's time use:
//   node scripts/build-page.mjs && node tests/page/clock-games.mjs [level ...] [--moves N]

import { launchBrowser, newGame, openPage, seeded, startServer } from './helpers.mjs';

const args = process.argv.slice(2);
const movesAt = args.indexOf('--moves');
const maxMoves = movesAt >= 0 ? Number(args.splice(movesAt, 2)[1]) : 60;
const levels = args.length ? args : ['beginner', 'club', 'full'];
const CONTROL = '180+2';

const server = await startServer();
const browser = await launchBrowser();
let failed = false;
try {
  const { page, errors } = await openPage(browser, server.url);
  for (const level of levels) {
    await page.evaluate(() => {
      document.getElementById('settings-card').open = true;
    });
    await page.selectOption('#time-control', CONTROL);
    await newGame(page, { variant: 'chess', mode: 'engine', color: 'w', level });
    await page.evaluate(() => {
      window.__flags = [];
      if (window.__listening) return;
      window.__listening = true;
      document.getElementById('board').addEventListener('flag', (e) => window.__flags.push(e.detail.color));
    });
    const random = seeded(levels.indexOf(level) + 1);
    const started = Date.now();
    for (let n = 0; n < maxMoves; n++) {
      const over = await page.evaluate(() => document.getElementById('board').over);
      if (over) break;
      const legal = await page.evaluate(() => document.getElementById('board').game.legalMoves());
      const token = legal[Math.floor(random() * legal.length)];
      await page.evaluate((mv) => document.getElementById('board').move(mv), token);
      // The engine's answer: the person's turn again (or the end).
      await page.waitForFunction(
        () => {
          const board = document.getElementById('board');
          return board.over || (board.game.turn() === 'w' && !board.thinking);
        },
        null,
        { timeout: 120_000 },
      );
    }
    const result = await page.evaluate(() => {
      const board = document.getElementById('board');
      const answers = [];
      // Each answer's time: from the person's action (or, for the first, the game's
      // first action) to the engine's, on the board's clock (timesUsed).
      const used = board.game.timesUsed().filter((_, i) => i % 2 === 1);
      for (const ms of used) answers.push(ms);
      return {
        answers,
        clock: board.clock,
        over: board.over,
        outcome: board.game.outcome(),
        flags: window.__flags,
        pgnClock: /\[TimeControl "([^"]+)"\]/.exec(board.pgn())?.[1] ?? null,
      };
    });
    const sorted = [...result.answers].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    console.log(
      `${level}: ${result.answers.length} engine answers in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `answer ms min ${sorted[0]} median ${median} max ${sorted.at(-1)} total ${sorted.reduce((a, b) => a + b, 0)}; ` +
        `engine clock left ${result.clock?.b} ms; ${result.outcome ? result.outcome.text : 'game not over'}; ` +
        `flags ${JSON.stringify(result.flags)}; TimeControl ${result.pgnClock}`,
    );
    console.log(`  answers: ${result.answers.join(' ')}`);
    if (result.flags.includes('b') || (result.clock && result.clock.b <= 0)) failed = true;
  }
  if (errors.length) console.log(`page errors: ${errors.join('\n')}`);
} finally {
  await browser.close();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
