// Entry point of the page: chooses how the rules and the engine load (served files or
// the single-file build's inline bytes), and builds the panels around the board
// (page.js). The board is the npm package's 'alfiere/board', which defines
// <alfiere-board> when imported; the page's board starts a microtask later, once the
// loaders below are set.

import { loadRules, createEngine, registerServiceWorker } from './platform.js';
import { setRulesLoader, setEngineFactory } from 'alfiere/board';
import { Page, GAME_KEY, PLAYERS_KEY } from './page.js';
import { migrateSavedGame } from './migrate.js';
import { hideBoardCopy } from './board-message.js';

const $ = (id) => document.getElementById(id);

async function main() {
  const board = $('board');
  // What the board says while it starts (a saved game it could not read back) comes
  // before the page listens: kept and shown once the page is up.
  const early = [];
  const keep = (event) => early.push(event.detail.message);
  board.addEventListener('error', keep);
  // The board gets the rules only once a game saved by the older page has come along,
  // so it reads its stored game after that.
  const rulesReady = loadRules().then((rules) => {
    migrateSavedGame(rules, GAME_KEY, PLAYERS_KEY);
    return rules;
  });
  setRulesLoader(() => rulesReady);
  setEngineFactory(createEngine);
  const rules = await rulesReady;
  await board.ready;
  // The page's panels in a task after the board's (a long saved game's parse and its
  // move list do not hold the page together).
  await new Promise((resolve) => setTimeout(resolve, 0));
  board.removeEventListener('error', keep);
  const page = new Page(board, rules);
  page.start();
  if (early.length) page.showError(early.join(' '));
  for (const message of early) hideBoardCopy(board, message);
  document.body.classList.add('ready');
  registerServiceWorker();
}

main().catch((err) => {
  console.error(err);
  const box = $('error');
  box.textContent = `The page could not start: ${err?.message ?? err}`;
  box.hidden = false;
});
