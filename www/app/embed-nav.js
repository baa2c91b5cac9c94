// The embed's compact navigation through the game in its board: first, previous, next
// and last buttons, the arrow keys (and Home/End) outside the board's own squares, and
// the action shown as its number and SAN ("12… Nc6"), so an embedded game can be
// stepped through. It only looks back (board.review); it never changes the game.

import { actionLabels, startsMidTurn } from './turn-notation.js';

const $ = (id) => document.getElementById(id);

export function attachNavigation(board) {
  const nav = $('embed-nav');
  const label = $('nav-move');
  const buttons = { first: $('nav-first'), prev: $('nav-prev'), next: $('nav-next'), last: $('nav-last') };
  let labels = [];
  let labelsOf = null; // the history the labels were made from

  /** The number of actions shown, and the number played. */
  const where = () => {
    const length = board.history().length;
    return { at: board.reviewing ?? length, length };
  };

  const go = (ply) => {
    const { length } = where();
    board.review(ply >= length ? null : Math.max(0, ply));
  };

  function draw() {
    const history = board.history();
    nav.hidden = history.length === 0;
    if (!history.length) return;
    const key = `${board.variant} ${history[0].before} ${history.map((move) => move.lan).join(' ')}`;
    if (key !== labelsOf) {
      const variant = board.variants.find((v) => v.id === board.variant);
      labels = actionLabels(history, variant, startsMidTurn(board.game, history));
      labelsOf = key;
    }
    const { at, length } = where();
    label.textContent = at === 0 ? 'Start' : labels[at - 1];
    label.title = at === 0 ? 'The start position' : `Action ${at} of ${length}`;
    buttons.first.disabled = buttons.prev.disabled = at === 0;
    buttons.next.disabled = buttons.last.disabled = at === length;
  }

  buttons.first.addEventListener('click', () => go(0));
  buttons.prev.addEventListener('click', () => go(where().at - 1));
  buttons.next.addEventListener('click', () => go(where().at + 1));
  buttons.last.addEventListener('click', () => go(Infinity));
  for (const type of ['move', 'change', 'gameover', 'review']) board.addEventListener(type, draw);

  document.addEventListener('keydown', (event) => {
    if (nav.hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    // The arrows belong to the board's squares and pickers while one has the focus.
    if (event.target === board && board.shadowRoot.activeElement?.closest?.('[data-square], button')) return;
    const { at } = where();
    if (event.key === 'ArrowLeft') go(at - 1);
    else if (event.key === 'ArrowRight') go(at + 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(Infinity);
    else return;
    event.preventDefault();
  });

  draw();
  return { draw };
}
