// The position editor's gestures, for mouse, pen, touch and keyboard alike: a palette
// piece (or the eraser) clicked is held, and each square clicked (or Enter on it) then
// takes it; a palette piece dragged onto a square is put there. A board piece dragged
// goes to the square it is dropped on (on either of Alice's boards), into a Chess-Gi
// pocket, or off the board; clicked, it is picked up and the next square clicked takes
// it. A pocket piece dragged onto a square is put there; a pocket clicked with a piece
// held takes one more, with the eraser one fewer. Escape lets go. Nothing happens here
// unless the editor is on: the game's own gestures (input.js) stay off meanwhile.

import { squareOf } from './board-view.js';
import { DRAG_THRESHOLD, ghostPiece, moveGhost } from './drag-ghost.js';

export function attachEditorInput(editor) {
  const controller = editor.controller;
  const { boards, frame, pocketTop, pocketBottom } = controller.ui;
  const palettes = [editor.panel.paletteTop, editor.panel.paletteBottom];
  let press = null; // {source, piece, x, y, pointerId, ghost}
  let dragged = false; // the click after a drag is not a click
  // Every press starts afresh (a drag ended elsewhere fires no click to clear the mark).
  frame.addEventListener('pointerdown', () => (dragged = false), { capture: true });

  /** A press on `source` ({kind: 'board', square, board} | {kind: 'palette'} | {kind:
   * 'pocket', color, role}) holding `piece` ({color, type}; null: nothing to drag). */
  function start(event, source, piece) {
    press = { source, piece, x: event.clientX, y: event.clientY, pointerId: event.pointerId, ghost: null };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', stop);
  }

  function stop() {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', stop);
    press?.ghost?.remove();
    press = null;
  }

  function onMove(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.ghost) {
      if (!press.piece || Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      press.ghost = ghostPiece(controller, controller.viewOf(null), press.piece.color, press.piece.type);
    }
    moveGhost(press.ghost, event.clientX, event.clientY);
  }

  function onUp(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    const { source, piece, ghost } = press;
    stop();
    if (!ghost) {
      if (source.kind === 'board') click(source.square, source.board);
      return; // a palette or pocket click is the button's own click
    }
    dragged = true;
    drop(source, piece, event.clientX, event.clientY);
  }

  /** A dragged piece let go at (x, y): onto a square, into a pocket, or off the board. */
  function drop(source, piece, x, y) {
    const target = controller.squareAt(x, y);
    const pocket = controller.ui.root.elementFromPoint(x, y)?.closest?.('.pocket');
    if (target) {
      if (source.kind === 'board') {
        if (target.square !== source.square || (target.board ?? 'a') !== source.board) editor.move(source.square, target.square, target.board ?? 'a');
      } else {
        if (source.kind === 'pocket' && !editor.takeFromHand(source.color, source.role)) return;
        editor.put(target.square, piece, target.board ?? 'a');
      }
      return;
    }
    if (pocket && editor.position.hands) {
      const color = pocket.dataset.color;
      if (source.kind === 'pocket' && source.color === color) return;
      if (!editor.addToHand(color, piece.type)) return;
      if (source.kind === 'board') editor.remove(source.square);
      else if (source.kind === 'pocket') editor.takeFromHand(source.color, source.role);
      return;
    }
    // Off the board: a board piece is taken away, a pocket piece leaves its hand.
    if (source.kind === 'board') editor.remove(source.square);
    else if (source.kind === 'pocket') editor.takeFromHand(source.color, source.role);
  }

  /** A click (or Enter) on a square: the palette's piece, or the piece picked up goes
   * there, or this square's piece is picked up (the board's selection shows it). */
  function click(square, board) {
    const held = controller.selection;
    const here = board ?? 'a';
    if (editor.armed) {
      editor.applyArmed(square, here);
      return;
    }
    if (held) {
      controller.selection = null;
      if (held.origin !== square || held.board !== here) editor.move(held.origin, square, here);
      else controller.render();
      return;
    }
    const piece = editor.position.pieces.get(square);
    if (piece) controller.select(square, controller.views.length === 2 ? piece.board : null);
  }

  boards.addEventListener('pointerdown', (event) => {
    if (!editor.active || (event.button !== 0 && event.pointerType === 'mouse')) return;
    const at = squareOf(event.target);
    if (!at) return;
    event.preventDefault();
    const piece = editor.position.pieces.get(at.square);
    const board = at.board ?? 'a';
    // Only a piece standing on this board is dragged (in Alice the square may hold one on the other);
    // with a palette piece held, a press without a drag is a click that puts it.
    const draggable = piece && (controller.views.length === 1 || piece.board === board);
    start(event, { kind: 'board', square: at.square, board }, draggable ? piece : null);
  });

  boards.addEventListener('keydown', (event) => {
    if (!editor.active) return;
    const at = squareOf(event.target);
    if (at && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      click(at.square, at.board);
    }
  });

  // Palette: a click holds the piece (again: lets go); a drag puts it on a square.
  for (const palette of palettes) {
    palette.addEventListener('pointerdown', (event) => {
      const button = event.target.closest('[data-piece]');
      if (!button || button.dataset.piece === 'delete' || (event.button !== 0 && event.pointerType === 'mouse')) return;
      event.preventDefault();
      const piece = button.dataset.piece;
      start(event, { kind: 'palette' }, { color: piece[0], type: piece[1].toLowerCase() });
    });
    palette.addEventListener('click', (event) => {
      const button = event.target.closest('[data-piece]');
      if (!button || wasDrag(event)) return;
      editor.arm(button.dataset.piece);
    });
  }

  // Pockets (Chess-Gi): dragged out onto a square; clicked with a piece held, one more or fewer.
  for (const pocket of [pocketTop, pocketBottom]) {
    pocket.addEventListener('pointerdown', (event) => {
      if (!editor.active) return;
      const button = event.target.closest('[data-pocket]');
      if (!button) return;
      event.preventDefault();
      const role = button.dataset.pocket.toLowerCase();
      start(event, { kind: 'pocket', color: button.dataset.color, role }, { color: button.dataset.color, type: role });
    });
    pocket.addEventListener('click', (event) => {
      if (!editor.active || wasDrag(event)) return;
      const button = event.target.closest('[data-pocket]');
      if (!button) return;
      const color = button.dataset.color;
      if (editor.armed === 'delete') editor.takeFromHand(color, button.dataset.pocket.toLowerCase());
      else if (editor.armed) editor.addToHand(color, editor.armed[1].toLowerCase());
      else editor.panel.say('Choose a piece in the palette, then click a pocket to add it (the eraser takes one away); or drag a pocket piece onto the board.');
    });
  }

  /** Whether a pointer click ends a drag (a keyboard click, detail 0, never does). */
  function wasDrag(event) {
    const was = dragged && event.detail > 0;
    dragged = false;
    return was;
  }

  // Escape anywhere lets go of what is held (the focus stays where a click left it, often outside the board).
  editor.onKey = (event) => {
    if (!editor.active || event.key !== 'Escape' || (!editor.armed && !controller.selection)) return;
    editor.armed = null;
    controller.selection = null;
    editor.panel.render();
    controller.render();
  };
}
