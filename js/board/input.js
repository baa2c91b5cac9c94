// Moving pieces: pointer events (mouse, pen and touch alike) for drag-and-drop and
// click-click on the boards and the Chess-Gi pockets, and the keyboard (roving focus
// over the squares with the arrow keys, Enter or Space to pick up and put down,
// Escape to cancel, also for a piece picked up with the mouse). Everything ends in
// BoardController.select / tryMove; a plain click also clears the person's shapes.
// Drawing them is draw-input.js, loaded by the first gesture that may draw (a right
// press, a touch, the C or A key: most boards are never drawn on), which is handed
// over with what followed it when the module arrives. Listeners sit on the board's own
// elements; the window gets listeners only while a press lasts or a clicked piece is held.

import { squareCoords, squareName, squareOf } from './board-view.js';
import { unlockAudio } from './sound.js';
import { DRAG_THRESHOLD, ghostPiece, moveGhost } from './drag-ghost.js';

export function attachInput(controller) {
  const { boards, root } = controller.ui;
  const muted = () => controller.muted;
  const viewOf = (board) => controller.viewOf(board);
  let press = null; // {origin, board, x, y, pointerId, wasSelected, ghost, fromPocket, push}

  function startPress(event, origin, board, fromPocket, wasSelected = false, push = null) {
    press = {
      push,
      origin,
      board,
      x: event.clientX,
      y: event.clientY,
      pointerId: event.pointerId,
      wasSelected,
      ghost: null,
      fromPocket,
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onEscape);
  }

  /** Escape puts down a piece picked up with the mouse (dragged or clicked). */
  function onEscape(event) {
    if (!press && !controller.selection) {
      window.removeEventListener('keydown', onEscape);
      return;
    }
    if (event.key !== 'Escape') return;
    window.removeEventListener('keydown', onEscape);
    endPress();
    controller.clearSelection();
    controller.render();
  }

  function ghostFor(origin, board) {
    let color;
    let role;
    if (origin.endsWith('@')) {
      color = controller.premoving() ? controller.premove.side : controller.model.game.turn();
      role = origin[0].toLowerCase();
    } else {
      const piece = controller.pieceMap().get(origin);
      if (!piece) return null;
      color = piece.color;
      role = piece.type;
    }
    return ghostPiece(controller, viewOf(board), color, role);
  }

  function onMove(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.ghost) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      press.ghost = ghostFor(press.origin, press.board);
      if (!press.ghost) return;
      controller.drag = { origin: press.origin, board: press.board };
      controller.render();
    }
    moveGhost(press.ghost, event.clientX, event.clientY);
    const over = controller.squareAt(event.clientX, event.clientY);
    controller.setHover(over?.square ?? null);
  }

  function endPress() {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onCancel);
    press?.ghost?.remove();
    const wasDragging = Boolean(controller.drag);
    controller.drag = null;
    press = null;
    return wasDragging;
  }

  function onUp(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    const { origin, board, wasSelected, ghost, push } = press;
    endPress();
    // A tap on a pushable pawn pushes it (a drag onto its square works too).
    if (push && !ghost) {
      controller.tryMove(origin, push);
      return;
    }
    if (ghost) {
      const target = controller.squareAt(event.clientX, event.clientY);
      if (target && controller.targetsOf(origin).includes(target.square)) {
        controller.tryMove(origin, target.square, { dragged: true });
      } else {
        controller.select(origin, board);
        if (target && target.square !== origin) controller.explain(origin, target.square);
      }
      return;
    }
    // A click: pressing the selected piece (or pocket piece) again puts it down.
    if (wasSelected) controller.clearSelection();
  }

  function onCancel() {
    endPress();
    controller.render();
  }

  boards.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    unlockAudio(muted());
    if (controller.canDraw()) controller.clearUserShapes();
    const at = squareOf(event.target);
    if (!at) return;
    const { square, board } = at;
    at.el.closest('.board')?.querySelector('[tabindex="0"]')?.setAttribute('tabindex', '-1');
    viewOf(board)?.focus(square, { move: false });
    if (!controller.canPick()) return;
    event.preventDefault(); // no text selection, no touch scrolling while dragging
    activate(square, board, event);
  });

  /** A click or a keyboard Enter on a square. `event` is the pointer event, if any. */
  function activate(square, board, event = null) {
    const selection = controller.selection;
    if (selection && controller.targetsOf(selection.origin).includes(square) && selection.origin !== square) {
      controller.tryMove(selection.origin, square);
      return;
    }
    const pieceBoard = controller.boardOf(square);
    if (controller.isOrigin(square) && !(board && pieceBoard && board !== pieceBoard)) {
      // A push of the side to act (not a premove during the engine's push).
      const push = controller.canAct() && controller.model.game.turnState().phase === 'push';
      const targets = controller.targetsOf(square);
      if (push && targets.length === 1 && !event) {
        controller.tryMove(square, targets[0]);
        return;
      }
      if (push && targets.length === 1 && event) {
        // A push is one square forward: a tap plays it, a drag also works.
        startPress(event, square, board, false, false, targets[0]);
        return;
      }
      const wasSelected = selection?.origin === square;
      if (!wasSelected) controller.select(square, board ?? controller.boardOf(square));
      if (event) startPress(event, square, board ?? controller.boardOf(square), false, wasSelected);
      else if (selection?.origin === square) controller.clearSelection();
      return;
    }
    controller.clearSelection();
    if (selection && selection.origin !== square) controller.explain(selection.origin, square);
  }

  boards.addEventListener('pointerover', (event) => {
    const at = squareOf(event.target);
    if (at && controller.selection) controller.setHover(at.square);
  });

  // ---- pockets (Chess-Gi) ----------------------------------------------------------
  for (const pocket of [controller.ui.pocketTop, controller.ui.pocketBottom]) {
    pocket.addEventListener('pointerdown', (event) => {
      const button = event.target.closest('[data-pocket]');
      if (!button || button.disabled || !controller.canPick()) return;
      event.preventDefault();
      unlockAudio(muted());
      const key = `${button.dataset.pocket}@`;
      const already = controller.selection?.origin === key;
      if (!already) controller.select(key, null);
      startPress(event, key, null, true, already);
    });
    pocket.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const button = event.target.closest('[data-pocket]');
      if (!button || button.disabled) return;
      event.preventDefault();
      const key = `${button.dataset.pocket}@`;
      if (controller.selection?.origin === key) controller.clearSelection();
      else {
        controller.select(key, null);
        const first = controller.targetsOf(key)[0];
        if (first) controller.views[0].focus(first);
      }
    });
  }

  // ---- keyboard on the squares ------------------------------------------------------
  boards.addEventListener('keydown', (event) => {
    const at = squareOf(event.target);
    if (!at) return;
    const { square, board } = at;
    const view = viewOf(board);
    const flipped = view.orientation === 'b';
    const steps = {
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    if (event.key in steps) {
      event.preventDefault();
      const [df, dr] = steps[event.key];
      const { file, rank } = squareCoords(square);
      const sign = flipped ? -1 : 1;
      const nf = Math.min(7, Math.max(0, file + df * sign));
      const nr = Math.min(7, Math.max(0, rank + dr * sign));
      view.focus(squareName(nf, nr));
      controller.setHover(squareName(nf, nr));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const { rank } = squareCoords(square);
      const left = event.key === 'Home' ? !flipped : flipped;
      view.focus(squareName(left ? 0 : 7, rank));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      unlockAudio(muted());
      if (!controller.canPick()) return;
      activate(square, board, null);
      // Keep focus on the board after a re-render.
      const again = viewOf(board).squareElement(square);
      if (again && root.activeElement !== again && !controller.picker.open) again.focus();
    } else if (event.key === 'Escape') {
      controller.clearSelection();
    }
  });

  // ---- drawing by hand (draw-input.js) ---------------------------------------------
  let drawing = null; // its handlers, once loaded
  let early = null; // [kind, event, target] of gestures before it arrived, handed over in order
  const keepEarly = (kind) => (event) => early?.push([kind, event]);
  const [earlyMove, earlyUp] = [keepEarly('move'), keepEarly('up')];
  const lifted = (down) => early.some(([kind, e]) => kind === 'up' && e.pointerId === down.pointerId);
  function loadDrawing() {
    window.addEventListener('pointermove', earlyMove);
    window.addEventListener('pointerup', earlyUp);
    const handOver = (module) => {
      window.removeEventListener('pointermove', earlyMove);
      window.removeEventListener('pointerup', earlyUp);
      if (module) attachAndReplay(module);
      early = null; // without the module (it could not load), the next gesture tries again
    };
    import('./draw-input.js').then(handOver, () => handOver(null));
  }
  function attachAndReplay({ attachDrawing }) {
    const cancelPress = () => {
      endPress();
      controller.render();
    };
    drawing = attachDrawing(controller, cancelPress, squareOf);
    // A touch already lifted was a tap, not the start of a long press.
    for (const [kind, event, target] of early) if (!(event.pointerType === 'touch' && kind === 'board' && lifted(event))) drawing[kind](event, target);
  }
  const draw = (kind) => (event) => {
    if (drawing) return drawing[kind](event);
    const mayDraw = kind === 'key' ? /^[ac]$/i.test(event.key) : event.button === 2 || event.pointerType === 'touch';
    if (!mayDraw || !controller.host.settings.draw) return;
    if (!early) {
      early = [];
      loadDrawing();
    }
    early.push([kind, event, event.target]); // the DOM clears a shadow target after dispatch
  };
  for (const target of [boards, controller.ui.pocketTop, controller.ui.pocketBottom]) {
    // No menu on a right-click while drawing is on, whether draw-input.js is here yet or not.
    target.addEventListener('contextmenu', (event) => {
      if (controller.host.settings.draw) event.preventDefault();
    });
    target.addEventListener('pointerdown', draw(target === boards ? 'board' : 'pocket'));
  }
  boards.addEventListener('keydown', draw('key'));

  boards.addEventListener('focusin', (event) => {
    const at = squareOf(event.target);
    if (at) viewOf(at.board).focus(at.square, { move: false });
  });
}
