// Drawing arrows and circles by hand: a right-button press on a square (or on a
// Chess-Gi pocket piece) and a drag to another square draws an arrow, a release on the
// same square a circle; Shift or Ctrl makes it red, Alt blue, both yellow, none green;
// the same shape again removes it. On touch, a long press then a drag does the same.
// From the keyboard: C toggles a circle on the focused square, A starts an arrow there
// and A on another square ends it (Escape drops it). Everything ends in
// BoardController.toggleUserShape; `draw="none"` turns all of it off. input.js loads
// this module at the first gesture that may draw, and hands it the events.

const LONG_PRESS_MS = 450;
const MOVE_SLOP = 8; // px a finger may wander before a press is no longer a long press

/** How a screen reader hears a stroke's shape: "green arrow e2 to e4". */
function describeShape(shape) {
  const brush = ['green', 'red', 'blue', 'yellow'].includes(shape.brush) ? shape.brush : 'coloured';
  const board = shape.board ? ` on board ${shape.board.toUpperCase()}` : '';
  if (shape.square) return `${brush} circle on ${shape.square}${board}`;
  const from = shape.from.endsWith('@') ? `the pocket's ${shape.from[0]}` : shape.from;
  return `${brush} arrow ${from} to ${shape.to}${board}`;
}

/** The brush a stroke's modifier keys choose (as on lichess). */
function brushFor(event) {
  const red = event.shiftKey || event.ctrlKey;
  if (red && event.altKey) return 'yellow';
  if (red) return 'red';
  return event.altKey ? 'blue' : 'green';
}

/**
 * @param controller  the BoardController
 * @param cancelPress stops input.js's press in progress (a long press turns into a stroke)
 * @param squareOf    board-view.js's squareOf (passed in: this module imports nothing, so
 *                    a bundler makes it one chunk and shares none with the board's)
 * @returns the handlers input.js calls: board(pointerdown), pocket(pointerdown), key(keydown)
 *          and, for a stroke begun before this module arrived, move and up; a handed-over
 *          event comes with its target (the DOM clears a shadow target after dispatch)
 */
export function attachDrawing(controller, cancelPress, squareOf) {
  const enabled = () => controller.canDraw();
  let stroke = null; // {from, board, brush, pointerId}
  let pending = null; // {timer, x, y, pointerId, from, board} of a touch that may become a long press
  let keyArrow = null; // {from, board} of an arrow begun from the keyboard

  function shapeOf(from, to, board, brush) {
    const shape = from === to || !to ? { square: from, brush } : { from, to, brush };
    if (board) shape.board = board;
    return shape;
  }

  function begin(event, from, board) {
    stroke = { from, board, brush: brushFor(event), pointerId: event.pointerId };
    if (!from.endsWith('@')) controller.preview = shapeOf(from, from, board, stroke.brush);
    controller.drawShapes();
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', cancelStroke);
  }

  function onMove(event) {
    if (!stroke || event.pointerId !== stroke.pointerId) return;
    const to = controller.squareAt(event.clientX, event.clientY)?.square;
    const next = to ? shapeOf(stroke.from, to, stroke.board, stroke.brush) : null;
    if (JSON.stringify(next) === JSON.stringify(controller.preview)) return;
    controller.preview = next;
    controller.drawShapes();
  }

  function onUp(event) {
    if (!stroke || event.pointerId !== stroke.pointerId) return;
    const shape = controller.preview;
    cancelStroke();
    if (shape) commit(shape);
  }

  function commit(shape) {
    try {
      controller.toggleUserShape(shape, describeShape(shape));
    } catch {
      // a pocket piece dropped on nothing or the like: nothing is drawn
    }
  }

  function cancelStroke() {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', cancelStroke);
    stroke = null;
    if (controller.preview) {
      controller.preview = null;
      controller.drawShapes();
    }
  }
  controller.cancelStroke = () => {
    cancelStroke();
    keyArrow = null;
  };

  // ---- mouse and pen: the right button; touch: a long press, then a drag ------------------
  function onBoardDown(event, target = event.target) {
    const at = squareOf(target);
    if (!enabled() || !at) return;
    if (event.button === 2) {
      event.preventDefault();
      return begin(event, at.square, at.board);
    }
    if (event.pointerType !== 'touch' || stroke) return;
    const { square: from, board } = at;
    clearTimeout(pending?.timer);
    pending = {
      x: event.clientX,
      y: event.clientY,
      pointerId: event.pointerId,
      timer: setTimeout(() => {
        pending = null;
        cancelPress();
        controller.clearSelection();
        begin(event, from, board);
      }, LONG_PRESS_MS),
    };
  }

  function onPocketDown(event, target = event.target) {
    const button = target.closest('[data-pocket]');
    if (!enabled() || event.button !== 2 || !button) return;
    event.preventDefault();
    begin(event, `${button.dataset.pocket}@`, controller.model.facts().boards === 2 ? 'a' : null);
  }

  const dropPending = (event) => {
    if (!pending || event.pointerId !== pending.pointerId) return;
    if (event.type === 'pointermove' && Math.hypot(event.clientX - pending.x, event.clientY - pending.y) < MOVE_SLOP) return;
    clearTimeout(pending.timer);
    pending = null;
  };
  for (const type of ['pointermove', 'pointerup', 'pointercancel']) controller.ui.boards.addEventListener(type, dropPending);

  // ---- keyboard: C for a circle, A … A for an arrow ---------------------------------------
  function onKey(event, target = event.target) {
    const at = squareOf(target);
    if (!enabled() || event.metaKey || !at) return;
    const key = event.key.toLowerCase();
    const { square, board } = at;
    if (key === 'c') {
      event.preventDefault();
      keyArrow = null;
      controller.preview = null;
      commit(shapeOf(square, square, board, brushFor(event)));
    } else if (key === 'a') {
      event.preventDefault();
      if (!keyArrow) {
        keyArrow = { from: square, board };
        controller.preview = shapeOf(square, square, board, brushFor(event));
        controller.drawShapes();
        controller.announce(`arrow from ${square}: move to its end and press A again`);
        return;
      }
      const { from, board: start } = keyArrow;
      keyArrow = null;
      controller.preview = null;
      if (from === square) {
        controller.drawShapes();
        controller.announce('arrow dropped');
      } else {
        commit(shapeOf(from, square, start, brushFor(event)));
      }
    } else if (key === 'escape' && keyArrow) {
      keyArrow = null;
      controller.preview = null;
      controller.drawShapes();
    }
  }

  return { board: onBoardDown, pocket: onPocketDown, key: onKey, move: onMove, up: onUp };
}
