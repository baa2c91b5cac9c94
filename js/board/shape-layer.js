// The SVG layer of one board that draws arrows, circles and labels above the pieces,
// in board units (one square = 1), so it scales with the board and never takes a
// pointer event. Each shape is one <g part="shape arrow|circle|label|arrival"> with
// data-from/-to/-square/-board/-brush/-owner, for pages to style and tests to find.
// It draws what it is given; which shapes, and their paths, come from the controller.

import { brushColour } from './shapes.js';
import { svg } from './dom.js';

const HEAD = 0.42; // arrow head length, in squares
const WIDTH = { user: 0.15, auto: 0.15, light: 0.1, flash: 0.12, preview: 0.15 };

export class ShapeLayer {
  /** @param root the board's element (`.board`); the layer goes on top of it. */
  constructor(root) {
    this.node = svg('svg', { viewBox: '0 0 8 8', 'aria-hidden': 'true', class: 'shape-layer', part: 'shapes' });
    root.append(this.node);
    this.key = '';
  }

  /**
   * Draws `items`: [{shape, owner, points, arrival}] where `points` are the centres the
   * arrow goes through ({x, y} in squares) or the circle's centre, and `arrival` marks
   * where an Alice move lands on this board.
   */
  draw(items) {
    const key = JSON.stringify(items);
    if (key === this.key) return; // nothing changed: no DOM work while the engine streams
    this.key = key;
    this.node.replaceChildren(...items.map((item) => this.group(item)));
  }

  group({ shape, owner, points, arrival, light }) {
    const kind = arrival ? 'arrival' : shape.square ? 'circle' : 'arrow';
    const colour = brushColour(shape.brush);
    const g = svg('g', { part: `shape ${kind}`, class: `shape ${owner}${light ? ' light' : ''}`, 'data-brush': shape.brush, 'data-owner': owner });
    for (const name of ['from', 'to', 'square', 'board']) if (shape[name]) g.dataset[name] = shape[name];
    g.style.setProperty('--brush', colour);
    const width = light ? WIDTH.light : WIDTH[owner] ?? WIDTH.user;
    if (kind === 'arrow') {
      g.append(...arrow(points, width));
    } else {
      const { x, y } = points[0];
      const r = arrival ? 0.2 : 0.5 - width / 2;
      g.append(svg('circle', { cx: x, cy: y, r, class: arrival ? 'arrival-ring' : 'ring', 'stroke-width': width }));
    }
    if (shape.label && !arrival) {
      const at = points.at(-1);
      const label = svg('g', { part: 'shape label', class: 'shape-label' });
      label.append(svg('circle', { cx: at.x + 0.32, cy: at.y - 0.32, r: 0.17 }));
      const text = svg('text', { x: at.x + 0.32, y: at.y - 0.32 });
      text.textContent = shape.label; // text only: a label never becomes markup
      label.append(text);
      g.append(label);
    }
    return g;
  }
}

/** A polyline through `points`, shortened at its end for a triangular head. */
function arrow(points, width) {
  const end = points.at(-1);
  const before = points.at(-2);
  const dx = end.x - before.x;
  const dy = end.y - before.y;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  // The head's tip stops short of the square's centre, as on lichess, so a piece stays visible.
  const tip = { x: end.x - ux * 0.1, y: end.y - uy * 0.1 };
  const base = { x: tip.x - ux * HEAD, y: tip.y - uy * HEAD };
  const start = points[0];
  const line = [start, ...points.slice(1, -1), base].map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
  const half = width * 1.6;
  const head = [tip, { x: base.x - uy * half, y: base.y + ux * half }, { x: base.x + uy * half, y: base.y - ux * half }]
    .map((p) => `${round(p.x)},${round(p.y)}`)
    .join(' ');
  return [
    svg('polyline', { points: line, class: 'shaft', 'stroke-width': width }),
    svg('polygon', { points: head, class: 'head' }),
  ];
}

function round(n) {
  return Math.round(n * 1000) / 1000;
}
