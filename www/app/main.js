// Entry point of the page: chooses how the rules and the engine load (served files or
// the single-file build's inline bytes), defines <alfiere-board>, and builds the
// panels around it (page.js). The board itself is the same component the npm package
// ships as 'alfiere/board'.

import { loadRules, createEngine, registerServiceWorker } from './platform.js';
import { AlfiereBoard } from '../js/board/element.js';
import { setRulesLoader } from '../js/board/rules.js';
import { setEngineFactory } from '../js/board/engine-queue.js';
import { Page, GAME_KEY, PLAYERS_KEY } from './page.js';
import { migrateSavedGame } from './migrate.js';
import { hideBoardCopy } from './board-message.js';

const $ = (id) => document.getElementById(id);

async function main() {
  setRulesLoader(loadRules);
  setEngineFactory(createEngine);
  const rules = await loadRules();
  // Before the board reads its stored game: a game saved by the older page comes along.
  migrateSavedGame(rules, GAME_KEY, PLAYERS_KEY);
  if (!customElements.get('alfiere-board')) customElements.define('alfiere-board', AlfiereBoard);
  const board = $('board');
  // What the board says while it starts (a saved game it could not read back) comes
  // before the page listens: kept and shown once the page is up.
  const early = [];
  const keep = (event) => early.push(event.detail.message);
  board.addEventListener('error', keep);
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
