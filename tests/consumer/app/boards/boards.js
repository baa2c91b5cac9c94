// The page of the board's end-to-end test (tests/consumer/run-boards.mjs), used twice:
// served as it is (index.html's import map resolves the bare specifier) and through a
// Vite production build of the same index.html. It imports the component, mounts one
// board by mountBoard(), and records every event the boards fire in window.__events,
// for the driver to read.
import { mountBoard } from 'alfiere/board';

const events = [];
window.__events = events;
for (const type of ['move', 'gameover', 'change', 'error', 'ready', 'solved']) {
  document.addEventListener(type, (event) => {
    const board = event.target.id;
    const detail = event.detail ?? {};
    events.push({ type, board, san: detail.san, color: detail.color, fen: detail.fen, message: detail.message, reason: detail.reason, id: detail.id, mistakes: detail.mistakes });
  });
}

// The fourth board by a call instead of a tag, with a FEN that is no position.
const mounted = mountBoard(document.getElementById('mount'), { fen: '8/8/8 w - - 0 1' });
mounted.id = 'bad-fen';
