#!/usr/bin/env node
// Takes docs/screenshots/<variant>.png: the page at 1280×800 in each variant, after a
// few moves that show what is special about it (pockets, two boards, a rebound path,
// a series in progress, the push highlights), with the analysis on in chess; and
// docs/screenshots/analysis.png: a game's analysis (graph, marks, the better move).
// Not a test; run by hand after changing the page:
//   node scripts/build-page.mjs && node tests/page/screenshots.mjs

import { mkdirSync } from 'node:fs';
import { launchBrowser, loadRules, newGame, openPage, repoRoot, seeded, startServer } from './helpers.mjs';

const A = await loadRules();
const OPENINGS = {
  chess: ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'c3', 'Nf6', 'd4', 'exd4'],
  chessgi: ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qa5', 'd4', 'Nf6', 'Nf3', 'Bg4', 'Be2', 'Bxf3', 'Bxf3', 'Qb6', 'P@e5'],
  racingkings: ['Nd4', 'Nd5', 'Kh3', 'Ka3', 'Rf3', 'Kb4', 'Kh4', 'Ka5'],
  alice: ['e4', 'd5', 'Bc4', 'Nf6', 'Nf3', 'e6', 'd4', 'Be7'],
  billiards: ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6'],
  'progressive-scottish': ['e4', 'e5', 'Nc6', 'Nf3', 'Bc4', 'd4', 'exd4', 'Nf6', 'Be7'],
  'progressive-italian': ['d4', 'd5', 'Nf6', 'c4', 'Nc3', 'Bf4', 'e6', 'Be7', 'O-O'],
  marseillais: ['e4', 'd4', 'e5', 'Nc6', 'Nf3', 'Bc4', 'Nf6', 'd6', 'O-O'],
  'marseillais-balanced': ['e4', 'e5', 'Nf6', 'd4', 'Nc3', 'exd4', 'Bb4', 'Bd3'],
  avalanche: ['e4', 'd6', 'Nf3', 'e6', 'd4', 'c6', 'Nc6', 'h3', 'Bd3'],
};

const server = await startServer();
const browser = await launchBrowser();
const out = `${repoRoot}docs/screenshots`;
mkdirSync(out, { recursive: true });
try {
  const { page, errors } = await openPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
  for (const { id } of A.variants()) {
    const game = new A.Game(id);
    for (const san of OPENINGS[id]) {
      try {
        game.move(san);
      } catch {
        const legal = game.legalMoves();
        game.move(legal[Math.floor(seeded(san.length)() * legal.length)]);
      }
    }
    if (id === 'billiards') {
      const rebound = game
        .moves({ verbose: true })
        .find((m) => (m.piece === 'b' || m.piece === 'q') && Math.abs(m.to.charCodeAt(0) - m.from.charCodeAt(0)) !== Math.abs(m.to[1] - m.from[1]));
      if (rebound) game.move(rebound.lan);
    }
    await newGame(page, { variant: id, mode: 'friend' });
    await page.evaluate(() => {
      document.getElementById('io-card').open = false;
      document.getElementById('analysis-card').open = false;
    });
    await page.evaluate((text) => {
      document.getElementById('io-text').value = text;
      document.getElementById('io-load').click();
    }, game.pgn());
    await page.waitForFunction((fen) => document.getElementById('fen-out').value === fen, game.fen());
    await page.evaluate(() => {
      document.getElementById('io-text').value = '';
      window.scrollTo(0, 0);
    });
    if (id === 'chess') {
      await page.evaluate(() => {
        document.getElementById('analysis-card').open = true;
      });
      await page.check('#analysis-toggle').catch(() => {});
      await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length >= 3, null, { timeout: 8000 }).catch(() => {});
      await page.waitForTimeout(1500);
    }
    if (id === 'chessgi') await page.click('.pocket.top [data-pocket="P"]').catch(() => {});
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${id}.png` });
    if (id === 'chess') await page.uncheck('#analysis-toggle').catch(() => {});
    console.log(`docs/screenshots/${id}.png`);
    game.free();
  }
  await analysisScreenshot(page);
  if (errors.length) console.error(errors);
} finally {
  await browser.close();
  await server.stop();
}

/** A sharp orthodox game analysed, shown at its first mistake with the better move's arrow. */
async function analysisScreenshot(page) {
  const game = new A.Game('chess');
  const line = 'e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 Nxf7 Kxf7 Qf3+ Ke6 Nc3 Nb4 a3 Nxc2+ Kd1 Nxa1 Nxd5 Kd6 d4 c6 Bf4 exf4 Qxf4+ Ke6 Re1+ Kd7 Qf7+ Be7 Qxe7#';
  for (const san of line.split(' ')) game.move(san);
  game.setHeader('White', 'Ann');
  game.setHeader('Black', 'Bo');
  await newGame(page, { variant: 'chess', mode: 'friend' });
  // A budget per position that takes seconds here; people get the engine's default.
  await page.goto(`${server.url}?analysis-nodes=200000`);
  await page.waitForSelector('body.ready');
  await page.evaluate((text) => {
    document.getElementById('io-text').value = text;
    document.getElementById('io-load').click();
    document.getElementById('io-text').value = '';
  }, game.pgn());
  await page.click('#result-close').catch(() => {});
  await page.click('#ga-run');
  await page.waitForSelector('#ga-result:not([hidden])', { timeout: 300000 });
  await page.evaluate(() => document.getElementById('board').review(0));
  await page.click('#ga-next');
  await page.click('#ga-better'); // the better move's arrows, on the position before the mistake
  await page.evaluate(() => {
    // The side panel scrolls on its own: the analysis card in view, the page at its top.
    const panel = document.querySelector('.side-panel');
    panel.scrollTop = document.getElementById('game-analysis').offsetTop - panel.offsetTop - 120;
    window.scrollTo(0, 0);
  });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/analysis.png` });
  console.log('docs/screenshots/analysis.png');
  game.free();
}
