// The page of the board's end-to-end test (tests/consumer/run-boards.mjs), used twice:
// served as it is (index.html's import map resolves the bare specifier) and through a
// Vite production build of the same index.html. It only imports the component and
// records every event the boards fire in window.__events, for the driver to read.
import 'alfiere/board';

const events = [];
window.__events = events;
for (const type of ['move', 'gameover', 'change', 'error', 'ready']) {
  document.addEventListener(type, (event) => {
    const board = event.target.id;
    const detail = event.detail ?? {};
    events.push({ type, board, san: detail.san, color: detail.color, fen: detail.fen, message: detail.message, reason: detail.reason });
  });
}
