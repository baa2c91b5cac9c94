// One 8×8 board in the DOM: 64 focusable, labelled squares (`data-square`, and
// `data-board` in Alice), the pieces, coordinates, and the markers the game asks for
// (last move, check, selection, legal-move dots, pushable pawns, a Billiards path),
// and a layer for arrows and circles (shape-layer.js).
// It only draws what it is given; all input handling lives in input.js.

import { pieceName, pieceSvg } from './pieces.js';
import { ShapeLayer } from './shape-layer.js';
import { el, svg } from './dom.js';

const FILES = 'abcdefgh';

export function squareName(file, rank) {
  return FILES[file] + (rank + 1);
}

export function squareCoords(square) {
  return { file: FILES.indexOf(square[0]), rank: Number(square[1]) - 1 };
}

/** The square element at or around `node`, with its square and (Alice) board, or null. */
export function squareOf(node) {
  const el = node?.closest?.('[data-square]');
  return el ? { el, square: el.dataset.square, board: el.dataset.board ?? null } : null;
}

export class BoardView {
  /**
   * @param {HTMLElement} host  where the board goes
   * @param {{boardId?: 'a'|'b'|null, label: string}} options
   */
  constructor(host, { boardId = null, label, pieceImages = null, coordinates = true }) {
    this.boardId = boardId;
    this.pieceImages = pieceImages;
    this.coordinates = coordinates;
    this.orientation = 'w';
    this.squares = new Map();
    this.pieceKeys = new Map();
    this.focusTarget = 'e2';
    this.root = el('div', 'board', { part: 'board' });
    if (boardId) this.root.dataset.boardId = boardId;
    this.grid = el('div', 'board-grid', { role: 'grid', 'aria-label': label });
    this.overlay = svg('svg', { viewBox: '0 0 8 8', 'aria-hidden': 'true', class: 'board-overlay' });
    this.root.append(this.grid, this.overlay);
    this.shapes = new ShapeLayer(this.root);
    host.append(this.root);
    this.build();
  }

  /** (Re)creates the squares in reading order for the current orientation. */
  build() {
    this.grid.replaceChildren();
    this.squares.clear();
    this.pieceKeys.clear();
    const white = this.orientation === 'w';
    for (let row = 0; row < 8; row++) {
      const rowEl = el('div', 'board-row', { role: 'row' });
      const rank = white ? 7 - row : row;
      for (let col = 0; col < 8; col++) {
        const file = white ? col : 7 - col;
        const name = squareName(file, rank);
        const shade = (file + rank) % 2 === 0 ? 'dark' : 'light';
        const sq = el('div', `sq ${shade}`, { part: `square ${shade}-square`, role: 'gridcell', 'data-square': name });
        if (this.boardId) sq.dataset.board = this.boardId;
        sq.tabIndex = name === this.focusTarget ? 0 : -1;
        if (this.coordinates && row === 7) sq.append(el('span', 'coord file', { 'aria-hidden': 'true' }, FILES[file]));
        if (this.coordinates && col === 0) sq.append(el('span', 'coord rank', { 'aria-hidden': 'true' }, String(rank + 1)));
        rowEl.append(sq);
        this.squares.set(name, sq);
      }
      this.grid.append(rowEl);
    }
  }

  /** Redraws with or without coordinates, or with other piece images. */
  setLook({ coordinates, pieceImages }) {
    if (coordinates === this.coordinates && pieceImages === this.pieceImages) return;
    this.coordinates = coordinates;
    this.pieceImages = pieceImages;
    this.rebuild();
  }

  setOrientation(color) {
    if (color === this.orientation) return;
    this.orientation = color;
    this.rebuild();
  }

  rebuild() {
    const hadFocus = this.grid.contains(this.root.getRootNode().activeElement);
    this.build();
    if (this.lastState) this.render(this.lastState);
    if (hadFocus) this.focus(this.focusTarget);
  }

  /** Square centre in overlay units (0..8), for paths. */
  centre(square) {
    const { file, rank } = squareCoords(square);
    const x = this.orientation === 'w' ? file : 7 - file;
    const y = this.orientation === 'w' ? 7 - rank : rank;
    return { x: x + 0.5, y: y + 0.5 };
  }

  /**
   * Draws a state: {pieces: Map<square,{type,color}>, last: Set, check, selected,
   * dests: Set, captures: Set, pushable: Set, paths: string[][], movable: Set,
   * animate: {from, to, fromView}}.
   */
  render(state) {
    this.lastState = state;
    for (const [name, sq] of this.squares) {
      const piece = state.pieces.get(name) ?? null;
      const key = piece ? piece.color + piece.type : '';
      if (this.pieceKeys.get(name) !== key || (piece && !sq.querySelector('.piece'))) {
        sq.querySelector('.piece')?.remove();
        if (piece) sq.append(pieceSvg(piece.color, piece.type, 'piece', this.pieceImages));
        this.pieceKeys.set(name, key);
      }
      const classes = sq.classList;
      classes.toggle('last', state.last?.has(name) ?? false);
      classes.toggle('premove', state.premove?.has(name) ?? false);
      classes.toggle('check', name === state.check);
      classes.toggle('selected', name === state.selected);
      classes.toggle('dest', state.dests?.has(name) ?? false);
      classes.toggle('capture', (state.dests?.has(name) && piece !== null) || (state.captures?.has(name) ?? false));
      classes.toggle('pushable', state.pushable?.has(name) ?? false);
      classes.toggle('movable', state.movable?.has(name) ?? false);
      classes.toggle('dragging-origin', name === state.dragOrigin);
      classes.toggle('goal', state.goal?.has(name) ?? false);
      sq.setAttribute('aria-label', this.label(name, piece, state));
    }
    this.drawPaths(state.paths ?? [], state.checkPaths ?? []);
    if (state.animate) this.animate(state.animate);
  }

  label(name, piece, state) {
    const parts = [name];
    parts.push(piece ? pieceName(piece.color, piece.type) : 'empty');
    if (this.boardId) parts.push(`board ${this.boardId.toUpperCase()}`);
    if (name === state.selected) parts.push('selected');
    if (state.premove?.has(name)) parts.push('premove');
    if (state.dests?.has(name)) parts.push(piece ? 'capture possible' : 'move possible');
    if (state.pushable?.has(name)) parts.push('can be pushed');
    if (name === state.check) parts.push('in check');
    if (state.goal?.has(name)) parts.push('goal');
    return parts.join(', ');
  }

  drawPaths(paths, checkPaths = []) {
    this.overlay.replaceChildren();
    const all = [...paths.map((path) => [path, '']), ...checkPaths.map((path) => [path, ' check-path'])];
    for (const [path, kind] of all) {
      if (path.length < 2) continue;
      const points = path.map((sq) => this.centre(sq));
      const dot = ({ x, y }, r, className) => svg('circle', { cx: x, cy: y, r, class: className });
      this.overlay.append(
        svg('polyline', { points: points.map((p) => `${p.x},${p.y}`).join(' '), class: `rebound-path${kind}` }),
        ...points.slice(1, -1).map((p) => dot(p, 0.07, 'rebound-step')),
        dot(points.at(-1), 0.14, 'rebound-end'),
      );
    }
  }

  /** Slides the piece now on `to` from where `from` is (on this board or `fromView`). */
  animate({ from, to, fromView }) {
    const target = this.squares.get(to)?.querySelector('.piece');
    const origin = (fromView ?? this).squares.get(from);
    if (!target || !origin || typeof target.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const a = origin.getBoundingClientRect();
    const b = this.squares.get(to).getBoundingClientRect();
    const dx = a.left - b.left;
    const dy = a.top - b.top;
    if (!dx && !dy) return;
    target.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], {
      duration: 170,
      easing: 'cubic-bezier(.2,.7,.3,1)',
    });
  }

  /** Moves the keyboard cursor (roving tabindex) and focuses the square. */
  focus(square, { move = true } = {}) {
    const old = this.squares.get(this.focusTarget);
    if (old) old.tabIndex = -1;
    this.focusTarget = square;
    const sq = this.squares.get(square);
    if (!sq) return;
    sq.tabIndex = 0;
    if (move) sq.focus();
  }

  squareElement(square) {
    return this.squares.get(square);
  }
}
