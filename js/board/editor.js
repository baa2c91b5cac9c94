// The position editor of one <alfiere-board> (the `editor` attribute): a position that
// need not be legal yet, edited piece by piece on the board (either of Alice's boards)
// and in Chess-Gi's hands, with the side to act, castling rights, en passant, the turn
// in progress and the move number set in its panel (editor-panel.js), gestures from
// editor-input.js. Every problem the core finds in it (validateFen) is listed as it
// appears; the board draws it through the controller's shown position, and the game
// underneath waits untouched until the page plays the edited FEN. Each edit fires `edit`.

import { emptyHands, prune, readFen, writeFen } from './editor-fen.js';
import { EditorPanel } from './editor-panel.js';
import { attachEditorInput } from './editor-input.js';
import { SIDE_NAMES, pieceName } from './pieces.js';

export class PositionEditor {
  constructor(controller) {
    this.controller = controller;
    this.active = false;
    this.position = null;
    this.armed = null; // the palette's piece ('wQ') or 'delete', put by a click on a square
    this.checked = null; // {fen, problems} of the last check
    this.onKey = null; // Escape's handler while editing (editor-input.js)
    this.panel = new EditorPanel(this);
    attachEditorInput(this);
  }

  get facts() {
    return this.controller.model.facts();
  }

  get rules() {
    return this.controller.model.rules;
  }

  /** Starts editing `fen` (the game's position when the editor opens). */
  open(fen) {
    this.position = prune(readFen(this.rules, this.facts, fen));
    this.active = true;
    this.armed = null;
    this.controller.selection = null;
    this.controller.picker.close();
    this.panel.show(true);
    window.addEventListener('keydown', this.onKey);
    this.changed();
  }

  /** Back to the game, as it was. */
  close() {
    if (!this.active) return;
    this.active = false;
    this.controller.selection = null;
    window.removeEventListener('keydown', this.onKey);
    this.panel.show(false);
    this.controller.render();
    this.controller.engine.sync();
  }

  /** Edits `fen` instead; throws InvalidFenError for text that is not a FEN (no change). */
  load(fen) {
    this.position = prune(readFen(this.rules, this.facts, fen));
    this.controller.selection = null;
    this.changed();
  }

  fen() {
    return writeFen(this.facts, this.position);
  }

  /** The core's problems with the edited position (none: it can be played). */
  problems() {
    const fen = this.fen();
    if (this.checked?.fen !== fen) {
      const answer = this.rules.validateFen(fen, this.facts.id);
      this.checked = { fen, problems: answer.ok ? [] : answer.problems ?? [answer.error] };
    }
    return [...this.checked.problems];
  }

  /** After every edit: the rights the pieces no longer allow go, the board and panel redraw, `edit` fires. */
  changed() {
    prune(this.position);
    this.controller.render();
    this.panel.render();
    const problems = this.problems();
    this.controller.host.notify('edit', { fen: this.fen(), problems });
  }

  // ---- what the controller asks ------------------------------------------------------

  /** The position to draw (no game marks, no shapes). */
  shown() {
    return { fen: this.fen(), move: null, caption: this.hint(), preview: true };
  }

  /** What a click does now, for the turn line. */
  hint() {
    if (this.armed === 'delete') return 'Click squares to empty them (Escape: done).';
    if (this.armed) return `Click squares to put a ${pieceName(this.armed[0], this.armed[1].toLowerCase())} there (Escape: done).`;
    return 'Drag pieces on, off and around the board, or choose one in the palette.';
  }

  statusLine() {
    if (!this.active) return null;
    const count = this.problems().length;
    const side = `${SIDE_NAMES[this.position.turn]} to act`;
    return count ? `Setting up: ${side} · ${count} problem${count > 1 ? 's' : ''}` : `Setting up: ${side} · ready to play`;
  }

  // ---- edits -------------------------------------------------------------------------

  /** Puts `piece` ({color, type}) on `square` (on Alice's `board`), replacing what stood there. */
  put(square, piece, board = 'a') {
    this.position.pieces.set(square, { color: piece.color, type: piece.type, board: this.facts.boards === 2 ? board : 'a' });
    this.changed();
  }

  remove(square) {
    if (!this.position.pieces.delete(square)) return;
    this.changed();
  }

  /** Moves the piece on `from` to `to` (on Alice's `board`). */
  move(from, to, board = 'a') {
    const piece = this.position.pieces.get(from);
    if (!piece) return;
    this.position.pieces.delete(from);
    this.position.pieces.set(to, { ...piece, board: this.facts.boards === 2 ? board : 'a' });
    this.changed();
  }

  /** Chess-Gi: one more `role` in `color`'s hand (kings never enter a hand). */
  addToHand(color, role) {
    if (!this.position.hands || role === 'k') {
      this.panel.say(role === 'k' ? 'A king cannot be held in hand.' : '');
      return false;
    }
    this.position.hands[color][role] = Math.min(99, (this.position.hands[color][role] ?? 0) + 1);
    this.changed();
    return true;
  }

  /** Chess-Gi: one `role` fewer in `color`'s hand; false when there was none. */
  takeFromHand(color, role) {
    const hand = this.position.hands?.[color];
    if (!hand?.[role]) return false;
    hand[role]--;
    this.changed();
    return true;
  }

  /** Whatever the palette holds applied to `square` on `board`: its piece put, or the square emptied. */
  applyArmed(square, board) {
    if (this.armed === 'delete') this.remove(square);
    else if (this.armed) this.put(square, { color: this.armed[0], type: this.armed[1].toLowerCase() }, board);
  }

  arm(piece) {
    this.armed = this.armed === piece ? null : piece;
    this.controller.selection = null;
    this.panel.render();
    this.controller.render();
  }

  setTurn(color) {
    this.position.turn = color;
    this.position.ep.clear();
    this.changed();
  }

  setCastling(rook, on) {
    if (on) this.position.castling.add(rook);
    else this.position.castling.delete(rook);
    this.changed();
  }

  setEnPassant(square, on) {
    if (on) this.position.ep.add(square);
    else this.position.ep.delete(square);
    this.changed();
  }

  setNumber(name, value) {
    this.position[name] = value;
    this.changed();
  }

  /** The rule set's start position, or an empty board (kings stay, so a position is near). */
  reset(kind) {
    const game = new this.rules.Game(this.facts.id);
    try {
      this.position = prune(readFen(this.rules, this.facts, game.fen()));
    } finally {
      game.free();
    }
    if (kind === 'empty') {
      for (const [square, piece] of [...this.position.pieces]) if (piece.type !== 'k') this.position.pieces.delete(square);
      if (this.position.hands) this.position.hands = emptyHands();
    }
    this.controller.selection = null;
    this.changed();
  }
}
