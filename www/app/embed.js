// The iframe embed (embed.html), for hosts that only allow iframes: one board, set up
// from the URL (?variant=&fen=&pgn=&orientation=&engine=&level=&movable=&coordinates=
// &sound=&storage-key=&draw=&shapes=), that posts `move`, `gameover`, `change`, `shapes` and `error` messages
// to its parent. A bad parameter shows a message in the frame (the board validates
// every attribute); nothing from the URL reaches the page as HTML; nothing is stored
// unless `storage-key` asks for it.

import { loadRules, createEngine } from './platform.js';
import { AlfiereBoard } from '../js/board/element.js';
import { setRulesLoader } from '../js/board/rules.js';
import { setEngineFactory } from '../js/board/engine-queue.js';

const ATTRIBUTES = ['variant', 'fen', 'orientation', 'engine', 'level', 'movable', 'coordinates', 'sound', 'storage-key', 'draw'];
const MAX_PARAM = 100_000;

function post(type, detail) {
  if (window.parent === window) return;
  // The game is public: any parent may read it ('*'); no message carries anything else.
  window.parent.postMessage({ source: 'alfiere', type, detail }, '*');
}

function showMessage(text) {
  const box = document.getElementById('embed-message');
  box.textContent = text;
  box.hidden = false;
}

async function main() {
  setRulesLoader(loadRules);
  setEngineFactory(createEngine);
  if (!customElements.get('alfiere-board')) customElements.define('alfiere-board', AlfiereBoard);
  const params = new URLSearchParams(location.search);
  const board = document.createElement('alfiere-board');
  board.id = 'board';
  const ignored = [];
  for (const [name, value] of params) {
    if (value.length > MAX_PARAM) showMessage(`The ${name.slice(0, 20)} parameter is too long.`);
    else if (ATTRIBUTES.includes(name)) board.setAttribute(name, value);
    else if (name !== 'pgn' && name !== 'shapes') ignored.push(name.slice(0, 20));
  }
  if (ignored.length) showMessage(`Unknown parameters ignored: ${ignored.join(', ')}.`);
  board.addEventListener('move', (event) => {
    const { san, lan, fen, color, turnState } = event.detail;
    post('move', { san, lan, fen, color, turnState });
  });
  board.addEventListener('gameover', (event) => post('gameover', event.detail));
  board.addEventListener('shapes', (event) => post('shapes', { shapes: event.detail.shapes, ply: event.detail.ply }));
  board.addEventListener('change', (event) => post('change', event.detail));
  board.addEventListener('error', (event) => post('error', { message: event.detail.message, name: event.detail.error?.name }));
  document.getElementById('embed').append(board);
  await board.ready;
  const pgn = params.get('pgn');
  if (pgn && pgn.length <= MAX_PARAM && !board.storageKey) {
    try {
      board.loadPgn(pgn);
    } catch (err) {
      showMessage(`The pgn parameter could not be loaded: ${err?.message ?? err}`);
      post('error', { message: String(err?.message ?? err), name: err?.name });
    }
  }
  // The person's shapes on the position shown (`Ge2e4,Rd4`); a bad list fires `error`.
  const shapes = params.get('shapes');
  if (shapes && shapes.length <= MAX_PARAM) board.shapes = shapes;
  post('ready', { variant: board.variant, fen: board.fen });
  document.body.classList.add('ready');
}

main().catch((err) => {
  console.error(err);
  showMessage(`The board could not start: ${err?.message ?? err}`);
});
