// The piece that follows the pointer while it is dragged, for the game's gestures
// (input.js) and the position editor's (editor-input.js): a square's size, over
// everything, moved by transform.

import { pieceSvg } from './pieces.js';

/** Pixels a press travels before it becomes a drag. */
export const DRAG_THRESHOLD = 5;

/** A fresh ghost of `color`'s `role`, as big as a square of `view`, put in the board's frame. */
export function ghostPiece(controller, view, color, role) {
  const size = view.squareElement('a1').getBoundingClientRect().width;
  const ghost = pieceSvg(color, role, 'drag-ghost', controller.host.settings.pieceImages);
  ghost.style.width = `${size}px`;
  ghost.style.height = `${size}px`;
  controller.ui.frame.append(ghost);
  return ghost;
}

/** Centres the ghost on the point (x, y) of the page. */
export function moveGhost(ghost, x, y) {
  const size = ghost.getBoundingClientRect().width;
  ghost.style.transform = `translate(${x - size / 2}px, ${y - size / 2}px)`;
}
