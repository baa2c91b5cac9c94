// The iframe embed (embed.html), for hosts that only allow iframes: one board, set up
// from the URL (?variant=&fen=&pgn=&orientation=&engine=&level=&movable=&coordinates=
// &sound=&storage-key=&parent-origin=&draw=&shapes=&time-control=) or playing a puzzle
// (?puzzle=<rule set>/<id>, or ?variant=&fen=&moves=; embed-puzzle.js), that posts `move`,
// `flag`, `gameover`, `change`, `shapes`, `error`, `puzzle`, `puzzlemove`, `solved` and
// `failed` messages to its parent. A bad parameter shows a message in the frame (the
// board validates every attribute) as well as posting it;
// nothing from the URL reaches the page as HTML. A game can be stepped through
// (embed-nav.js), and the whole embed fits the frame's height (embed-fit.js).
//
// Storage: the embed shares its origin with the page, so any site could frame it and
// name a key of the page's. Its games are therefore kept apart: under
// `alfiere.embed.<host origin>.<key>`, never a key of the page's, and in a frame only
// when the host names its origin (`parent-origin`) and the browser confirms it is the
// frame's parent. Messages then go to that origin alone; without `parent-origin` they
// go to any parent ('*') and carry nothing stored, since nothing is.

import { loadRules, createEngine } from './platform.js';
import { setRulesLoader, setEngineFactory } from 'alfiere/board'; // defines <alfiere-board>
import { attachNavigation } from './embed-nav.js';
import { attachGraph } from './embed-graph.js';
import { fitToFrame } from './embed-fit.js';
import { hideBoardCopy } from './board-message.js';
import { puzzleRequest, startPuzzle, PUZZLE_PARAMS } from './embed-puzzle.js';

const ATTRIBUTES = ['variant', 'fen', 'orientation', 'engine', 'level', 'movable', 'coordinates', 'sound', 'draw', 'time-control'];
const OWN_PARAMS = ['pgn', 'shapes', 'storage-key', 'parent-origin'];
const MAX_PARAM = 100_000;
const STORAGE_PREFIX = 'alfiere.embed.';
const STORAGE_KEY = /^[\w.-]{1,100}$/;

const framed = window.parent !== window;
/** Where messages go: the host's confirmed origin, any parent ('*'), or nowhere (null:
 * a host named an origin that is not its own). */
let messageTarget = '*';

function post(type, detail) {
  if (!framed || !messageTarget) return;
  window.parent.postMessage({ source: 'alfiere', type, detail }, messageTarget);
}

/** `text` as an origin (`https://blog.example`), or null. */
function asOrigin(text) {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text ? url.origin : null;
  } catch {
    return null;
  }
}

/** The parent's origin as the browser tells it: `ancestorOrigins` where there is one,
 * else the referrer (absent under a no-referrer policy: then nothing is confirmed). */
function parentOriginSeen() {
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length) return ancestors[0];
  return document.referrer ? asOrigin(new URL(document.referrer).origin) : null;
}

/** The namespaced key for the `storage-key` parameter, or null with the reason shown. */
function embedStorageKey(key, parentOrigin) {
  if (!STORAGE_KEY.test(key)) {
    showMessage('The storage-key parameter may use letters, digits, ".", "-" and "_" (at most 100); nothing is stored.');
    return null;
  }
  if (!framed) return `${STORAGE_PREFIX}${location.origin}.${key}`;
  if (!parentOrigin) {
    showMessage('storage-key needs parent-origin (the origin of the page that holds the frame); nothing is stored.');
    return null;
  }
  return `${STORAGE_PREFIX}${parentOrigin}.${key}`;
}

/** Adds a line to the frame's messages (as text; the same line only once). */
function showMessage(text) {
  const box = document.getElementById('embed-message');
  if ([...box.children].some((line) => line.textContent === text)) return;
  const line = document.createElement('span');
  line.textContent = text;
  box.append(line);
  box.hidden = false;
}

async function main() {
  setRulesLoader(loadRules);
  setEngineFactory(createEngine);
  const params = new URLSearchParams(location.search);
  const board = document.createElement('alfiere-board');
  board.id = 'board';
  const ignored = [];
  const puzzle = puzzleRequest(params);
  if (puzzle?.error) showMessage(puzzle.error);
  for (const [name, value] of params) {
    if (value.length > MAX_PARAM) showMessage(`The ${name.slice(0, 20)} parameter is too long.`);
    else if (name === 'fen' && puzzle && !puzzle.error) continue; // the puzzle's, not the board's start position
    else if (ATTRIBUTES.includes(name)) board.setAttribute(name, value);
    else if (!OWN_PARAMS.includes(name) && !PUZZLE_PARAMS.includes(name)) ignored.push(name.slice(0, 20));
  }
  // The puzzle's rule set from the start (the page's look for Alice's two boards).
  if (puzzle?.variant) board.setAttribute('variant', puzzle.variant);
  if (ignored.length) showMessage(`Unknown parameters ignored: ${ignored.join(', ')}.`);
  let parentOrigin = null;
  if (params.has('parent-origin')) {
    const named = asOrigin(params.get('parent-origin'));
    if (!named) showMessage('The parent-origin parameter must be an origin, such as https://blog.example.');
    else if (framed && parentOriginSeen() !== named) showMessage('The page holding this frame is not the one parent-origin names; messages and storage are off.');
    else parentOrigin = named;
    // Named but unconfirmed: post nothing at all rather than to a stranger.
    messageTarget = parentOrigin;
  }
  if (params.has('storage-key')) {
    const key = embedStorageKey(params.get('storage-key'), parentOrigin);
    if (key) board.setAttribute('storage-key', key);
  }
  board.addEventListener('move', (event) => {
    const { san, lan, fen, color, turnState } = event.detail;
    post('move', { san, lan, fen, color, turnState });
  });
  board.addEventListener('flag', (event) => post('flag', event.detail));
  board.addEventListener('gameover', (event) => post('gameover', event.detail));
  board.addEventListener('shapes', (event) => post('shapes', { shapes: event.detail.shapes, ply: event.detail.ply }));
  board.addEventListener('change', (event) => post('change', event.detail));
  board.addEventListener('error', (event) => {
    // Shown in the frame's own line, which stays (the board's is cleared by the next
    // change); the board's copy is hidden, so the message is said once.
    showMessage(event.detail.message);
    hideBoardCopy(board, event.detail.message);
    post('error', { message: event.detail.message, name: event.detail.error?.name });
  });
  document.getElementById('embed').append(board);
  fitToFrame(board);
  await board.ready;
  attachNavigation(board);
  attachGraph(board);
  const pgn = params.get('pgn');
  if (puzzle && !puzzle.error) await startPuzzle(board, puzzle, { show: showMessage, post });
  else if (pgn && pgn.length <= MAX_PARAM && !board.storageKey) {
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
