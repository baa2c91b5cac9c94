// The evaluation graph of an analysed game: White's chance to win along the game
// (from an analysis report or an imported PGN's `[%eval]`, see game-marks.js), as an
// SVG area over a 50% line, with the marked actions as dots coloured by their mark. A
// click or a drag on it, or the arrow keys when it has the focus, go to that ply.
// Built with DOM calls only: nothing reaches it as HTML.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 120;
/** The colour of each mark's dot (the move list's glyph colours). */
const MARK_COLOUR = { inaccuracy: '#e8c547', mistake: '#f0913a', blunder: '#ef5a4c' };

function svg(name, attributes = {}) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** The plies that have a value, with their x and y in the view box. */
export function graphPoints(whiteWin) {
  const last = Math.max(1, whiteWin.length - 1);
  const points = [];
  whiteWin.forEach((win, ply) => {
    if (win === null || win === undefined) return;
    points.push({ ply, x: (ply / last) * WIDTH, y: HEIGHT - (win / 100) * HEIGHT, win });
  });
  return points;
}

export class EvalGraph {
  /**
   * @param {HTMLElement} container where the graph goes (its content is replaced)
   * @param {(ply: number) => void} onSelect called with the ply a person chose
   */
  constructor(container, onSelect) {
    this.container = container;
    this.onSelect = onSelect;
    this.plies = 0;
    this.current = 0;
    this.labels = [];
    this.root = svg('svg', {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      preserveAspectRatio: 'none',
      class: 'eval-graph',
      role: 'slider',
      tabindex: '0',
      'aria-label': 'Evaluation graph: White’s chance to win along the game',
      'aria-valuemin': '0',
    });
    // Its colours are presentation attributes, so the graph looks the same in the page and
    // in the embed without a shared stylesheet (a page's CSS on the classes still wins).
    const thin = { 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke' };
    const back = svg('rect', { class: 'eval-graph-back', width: WIDTH, height: HEIGHT, fill: '#3a3632' });
    this.area = svg('path', { class: 'eval-graph-area', fill: '#f3eee4' });
    this.line = svg('path', { class: 'eval-graph-line', fill: 'none', stroke: '#cfc6b6', ...thin });
    this.middle = svg('line', { class: 'eval-graph-middle', x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2, stroke: '#a59c8f', 'stroke-dasharray': '3 3', ...thin });
    this.cursor = svg('line', { class: 'eval-graph-cursor', y1: 0, y2: HEIGHT, stroke: '#e0a83e', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke' });
    this.dots = svg('g', { class: 'eval-graph-marks', 'stroke-width': 8, 'stroke-linecap': 'round', 'vector-effect': 'non-scaling-stroke' });
    this.root.append(back, this.area, this.middle, this.line, this.dots, this.cursor);
    this.#listen();
    container.replaceChildren(this.root);
  }

  #plyAt(event) {
    const box = this.root.getBoundingClientRect();
    const share = Math.min(1, Math.max(0, (event.clientX - box.left) / Math.max(1, box.width)));
    return Math.round(share * this.plies);
  }

  #listen() {
    let dragging = false;
    const choose = (ply) => {
      if (ply !== this.current) this.onSelect(ply);
    };
    this.root.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      dragging = true;
      this.root.setPointerCapture?.(event.pointerId);
      choose(this.#plyAt(event));
    });
    this.root.addEventListener('pointermove', (event) => {
      if (dragging) choose(this.#plyAt(event));
    });
    const end = () => {
      dragging = false;
    };
    this.root.addEventListener('pointerup', end);
    this.root.addEventListener('pointercancel', end);
    this.root.addEventListener('keydown', (event) => {
      const steps = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, Home: -Infinity, End: Infinity };
      if (!(event.key in steps)) return;
      event.preventDefault();
      event.stopPropagation(); // the page's own arrow keys would step a second time
      choose(Math.min(this.plies, Math.max(0, this.current + steps[event.key])));
    });
  }

  /**
   * Draws the game: `whiteWin[ply]` (0..100 or null; index 0 the start), `marks[i]`
   * the mark of action i, `labels[ply]` how ply is read out (`12... Nf6`), and the
   * ply shown now.
   */
  update({ whiteWin, marks, labels, current }) {
    this.plies = Math.max(0, whiteWin.length - 1);
    this.labels = labels;
    const points = graphPoints(whiteWin);
    const path = points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join('');
    this.line.setAttribute('d', path);
    this.area.setAttribute(
      'd',
      points.length ? `${path}L${points.at(-1).x.toFixed(1)},${HEIGHT}L${points[0].x.toFixed(1)},${HEIGHT}Z` : '',
    );
    const byPly = new Map(points.map((p) => [p.ply, p]));
    const dots = [];
    marks.forEach((mark, i) => {
      const ply = i + 1;
      // In the multi-action rule sets the evaluation stands after the turn: the
      // mark's dot goes on the first evaluated ply from its action on.
      let point = null;
      for (let p = ply; p <= this.plies && !point; p++) point = byPly.get(p) ?? null;
      if (!mark || !point) return;
      // A zero-length line with a round cap and a stroke that does not scale: a round
      // dot even though the graph stretches to its box (preserveAspectRatio none).
      const [x, y] = [point.x.toFixed(1), point.y.toFixed(1)];
      const dot = svg('line', { class: `eval-graph-mark ${mark}`, x1: x, x2: x, y1: y, y2: y, stroke: MARK_COLOUR[mark], 'vector-effect': 'non-scaling-stroke', 'data-ply': ply, 'data-mark': mark });
      const title = svg('title');
      title.textContent = `${labels[ply] ?? `ply ${ply}`}: ${mark}`;
      dot.append(title);
      dots.push(dot);
    });
    this.dots.replaceChildren(...dots);
    this.root.setAttribute('aria-valuemax', String(this.plies));
    this.show(current);
  }

  /** Moves the cursor to `ply`. */
  show(ply) {
    this.current = Math.min(this.plies, Math.max(0, ply));
    const x = (this.current / Math.max(1, this.plies)) * WIDTH;
    this.cursor.setAttribute('x1', x.toFixed(1));
    this.cursor.setAttribute('x2', x.toFixed(1));
    this.root.setAttribute('aria-valuenow', String(this.current));
    this.root.setAttribute('aria-valuetext', this.current ? `after ${this.labels[this.current] ?? `ply ${this.current}`}` : 'the start');
  }
}
