// What the position editor adds to the board's shadow root: a palette of each side's
// pieces beside the board (its buttons carry `data-piece`: `wQ`, `bN`, ...; the eraser
// `data-piece="delete"`), and under it the panel: side to act, castling rights (one per
// rook on the back rank), en passant, the turn in progress, the move number, the FEN
// (typed text is read, a bad one is said, never shown as HTML) and the problems the
// core finds, listed as they appear. Controls change the editor; it redraws all this.

import { el } from './dom.js';
import { pieceName, pieceSvg, SIDE_NAMES } from './pieces.js';
import { PALETTE_ROLES, MAX_MOVE_NUMBER, castlingCandidates, castlingWing, enPassantCandidates, seriesLength } from './editor-fen.js';

export class EditorPanel {
  constructor(editor) {
    this.editor = editor;
    const ui = editor.controller.ui;
    this.paletteTop = el('div', 'palette top', { part: 'palette palette-top', role: 'toolbar', hidden: '' });
    this.paletteBottom = el('div', 'palette bottom', { part: 'palette palette-bottom', role: 'toolbar', hidden: '' });
    ui.pocketTop.before(this.paletteTop);
    ui.pocketBottom.after(this.paletteBottom);
    this.root = el('div', 'editor-panel', { part: 'editor', hidden: '' });
    ui.message.after(this.root); // under the status line, which says what the editor holds
    this.build();
  }

  build() {
    const field = (legend, ...children) => {
      const set = el('fieldset', 'editor-field');
      set.append(el('legend', '', {}, legend), ...children);
      return set;
    };
    this.turn = el('div', 'editor-choices');
    for (const color of ['w', 'b']) {
      const input = el('input', '', { type: 'radio', name: 'editor-turn', value: color });
      input.addEventListener('change', () => input.checked && this.editor.setTurn(color));
      const label = el('label');
      label.append(input, ` ${SIDE_NAMES[color]}`);
      this.turn.append(label);
    }
    this.castling = el('div', 'editor-choices');
    this.enPassant = el('div', 'editor-choices');
    this.series = el('label', 'editor-number');
    this.played = el('input', '', { type: 'number', min: '0', step: '1', inputmode: 'numeric' });
    this.seriesText = el('span');
    this.played.addEventListener('change', () => this.number(this.played, 'played', 0, seriesLength(this.editor.facts, this.editor.position) - 1, 'actions already played'));
    this.series.append('Actions already played ', this.played, this.seriesText);
    this.push = el('label', 'editor-number');
    this.pushBox = el('input', '', { type: 'checkbox' });
    this.pushBox.addEventListener('change', () => this.editor.setNumber('push', this.pushBox.checked));
    this.push.append(this.pushBox, ' The push is still to play');
    this.turnField = field('Turn in progress', this.series, this.push);
    this.fullmoves = el('input', '', { type: 'number', min: '1', max: String(MAX_MOVE_NUMBER), step: '1', inputmode: 'numeric' });
    this.fullmoves.addEventListener('change', () => this.number(this.fullmoves, 'fullmoves', 1, MAX_MOVE_NUMBER, 'move number'));
    const moveLabel = el('label', 'editor-number', {}, 'Move number ');
    moveLabel.append(this.fullmoves);
    const start = el('button', '', { type: 'button', 'data-editor': 'start' }, 'Start position');
    start.addEventListener('click', () => this.editor.reset('start'));
    const empty = el('button', '', { type: 'button', 'data-editor': 'empty' }, 'Empty board');
    empty.addEventListener('click', () => this.editor.reset('empty'));
    this.fen = el('input', 'editor-fen', { type: 'text', spellcheck: 'false', autocomplete: 'off', 'aria-label': 'FEN of the position' });
    this.fen.addEventListener('change', () => this.typedFen());
    const fenLabel = el('label', 'editor-fen-row', {}, 'FEN ');
    fenLabel.append(this.fen);
    this.message = el('p', 'message', { role: 'alert', hidden: '' });
    this.problemList = el('ul', 'editor-problems', { part: 'problems', 'aria-live': 'polite' });
    this.verdict = el('p', 'editor-verdict', { 'aria-live': 'polite' });
    this.root.append(
      field('Side to act', this.turn),
      field('Castling', this.castling),
      field('En passant', this.enPassant),
      this.turnField,
      el('div', 'editor-row'),
      fenLabel,
      this.message,
      this.verdict,
      this.problemList,
    );
    this.root.querySelector('.editor-row').append(moveLabel, start, empty);
  }

  show(on) {
    this.root.hidden = !on;
    this.paletteTop.hidden = !on;
    this.paletteBottom.hidden = !on;
    if (!on) this.say('');
  }

  /** A typed number: kept when it is a whole number in range, else said and put back. */
  number(input, name, min, max, what) {
    const text = input.value.trim();
    const value = Number(text);
    if (!/^\d{1,4}$/.test(text) || value < min || value > max) {
      this.say(`The ${what} must be a whole number from ${min} to ${max}, not “${text.slice(0, 10)}”.`);
      input.value = String(this.editor.position[name]);
      return;
    }
    this.say('');
    this.editor.setNumber(name, value);
  }

  typedFen() {
    try {
      this.editor.load(this.fen.value);
      this.say('');
    } catch (err) {
      this.say(`This FEN could not be read: ${err?.message ?? err}`);
    }
  }

  /** A message under the FEN (text only). */
  say(text) {
    this.message.textContent = text;
    this.message.hidden = !text;
  }

  render() {
    const editor = this.editor;
    const position = editor.position;
    if (!position) return;
    const facts = editor.facts;
    const active = editor.controller.ui.root.activeElement;
    this.renderPalettes();
    for (const input of this.turn.querySelectorAll('input')) input.checked = input.value === position.turn;
    const box = (label, checked, change, data) => {
      const input = el('input', '', { type: 'checkbox', ...data });
      input.checked = checked;
      input.addEventListener('change', () => change(input.checked));
      const wrap = el('label');
      wrap.append(input, ` ${label}`);
      return wrap;
    };
    const rights = ['w', 'b'].flatMap((color) =>
      castlingCandidates(position.pieces, color).map((rook) => {
        const wing = castlingWing(position.pieces, rook) === 'king' ? 'O-O' : 'O-O-O';
        return box(`${SIDE_NAMES[color]} ${wing} (rook ${rook})`, position.castling.has(rook), (on) => editor.setCastling(rook, on), { 'data-castling': rook });
      }),
    );
    this.castling.replaceChildren(...(rights.length ? rights : [el('span', 'hint', {}, 'No king and rook on their back rank.')]));
    const squares = enPassantCandidates(position.pieces, position.turn);
    this.enPassant.replaceChildren(
      ...(squares.length
        ? squares.map((sq) => box(sq, position.ep.has(sq), (on) => editor.setEnPassant(sq, on), { 'data-ep': sq }))
        : [el('span', 'hint', {}, 'No pawn has just made a double step.')]),
    );
    const series = facts.turn === 'series';
    this.turnField.hidden = !series && facts.turn !== 'move-and-push';
    this.series.hidden = !series;
    this.push.hidden = facts.turn !== 'move-and-push';
    if (series) {
      const length = seriesLength(facts, position);
      this.played.max = String(length - 1);
      if (active !== this.played) this.played.value = String(position.played);
      this.seriesText.textContent = ` of ${length}`;
    }
    this.pushBox.checked = position.push;
    if (active !== this.fullmoves) this.fullmoves.value = String(position.fullmoves);
    if (active !== this.fen) this.fen.value = editor.fen();
    const problems = editor.problems();
    this.verdict.textContent = problems.length ? `${facts.name} does not allow this position:` : 'No problems: this position can be played.';
    this.verdict.classList.toggle('ok', !problems.length);
    this.problemList.replaceChildren(...problems.map((text) => el('li', '', {}, text)));
  }

  renderPalettes() {
    const editor = this.editor;
    const bottom = editor.controller.orientation;
    const top = bottom === 'w' ? 'b' : 'w';
    const images = editor.controller.host.settings.pieceImages;
    const button = (piece, label, content) => {
      const b = el('button', 'palette-piece', { type: 'button', 'data-piece': piece, 'aria-label': label, 'aria-pressed': String(editor.armed === piece), part: 'palette-piece' });
      b.append(content);
      return b;
    };
    const row = (color) =>
      PALETTE_ROLES.map((role) => button(`${color}${role.toUpperCase()}`, pieceName(color, role), pieceSvg(color, role, 'palette-svg', images)));
    this.paletteTop.setAttribute('aria-label', `${SIDE_NAMES[top]} pieces to put on the board`);
    this.paletteBottom.setAttribute('aria-label', `${SIDE_NAMES[bottom]} pieces to put on the board`);
    this.paletteTop.replaceChildren(...row(top));
    this.paletteBottom.replaceChildren(...row(bottom), button('delete', 'Eraser: empties the squares clicked', el('span', 'eraser', { 'aria-hidden': 'true' }, '✕')));
  }
}
