// Placeholder page: loads the wasm module and lists the legal moves of the chess
// start position. Text goes in with textContent only (never innerHTML).
import init, { legalMoves } from '/pkg/alfiere.js';

const status = document.getElementById('status');
const error = document.getElementById('error');
const list = document.getElementById('moves');

function showError(message) {
  status.textContent = 'The engine could not start.';
  error.textContent = `Error: ${message}`;
  error.hidden = false;
}

try {
  await init(); // fetches /pkg/alfiere_bg.wasm next to alfiere.js
  const moves = legalMoves('chess');
  for (const move of moves) {
    const item = document.createElement('li');
    item.textContent = move;
    list.append(item);
  }
  status.textContent = `${moves.length} legal moves.`;
} catch (err) {
  console.error(err);
  showError(err instanceof Error ? err.message : String(err));
}
