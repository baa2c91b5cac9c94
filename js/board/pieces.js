// The piece artwork of alfiere, drawn for this project: simple geometric figures on a
// 100×100 grid, drawn once per piece and cloned for every use. The body
// of each piece is filled with the side's colour; "detail" lines (slits, bands, the
// knight's eye) take a contrasting stroke so both colours read well on both squares.

import { el, svg } from './dom.js';

/** Shapes per role: [tag, attributes, isDetail]. */
const SHAPES = {
  p: [
    ['path', { d: 'M25 86 C25 79 31 75 38 74 L62 74 C69 75 75 79 75 86 Z' }],
    ['path', { d: 'M38 74 C42 66 43 60 43 55 L57 55 C57 60 58 66 62 74 Z' }],
    ['path', { d: 'M36 56 C36 51 42 49 50 49 C58 49 64 51 64 56 Z' }],
    ['circle', { cx: 50, cy: 36, r: 14 }],
  ],
  n: [
    ['path', { d: 'M24 86 C24 79 30 75 37 74 L70 74 C76 75 80 80 80 86 Z' }],
    [
      'path',
      {
        d:
          'M36 74 C34 64 40 57 47 52 C42 52 36 55 31 58 C26 60 20 57 20 51 ' +
          'C20 46 26 41 31 35 C35 29 38 24 44 20 L45 12 L52 19 C65 22 74 34 75 50 ' +
          'C76 60 73 67 70 74 Z',
      },
    ],
    ['circle', { cx: 41, cy: 31, r: 3 }, true],
    ['path', { d: 'M55 24 C63 30 67 40 67 52', fill: 'none' }, true],
    ['path', { d: 'M24 50 L28 49', fill: 'none' }, true],
  ],
  b: [
    ['path', { d: 'M25 86 C25 79 31 75 38 74 L62 74 C69 75 75 79 75 86 Z' }],
    ['path', { d: 'M39 74 C43 68 44 64 44 60 L56 60 C56 64 57 68 61 74 Z' }],
    ['path', { d: 'M37 61 C37 57 43 56 50 56 C57 56 63 57 63 61 Z' }],
    ['path', { d: 'M50 18 C64 27 68 40 63 51 C61 55 57 57 50 57 C43 57 39 55 37 51 C32 40 36 27 50 18 Z' }],
    ['circle', { cx: 50, cy: 14, r: 5 }],
    ['path', { d: 'M58 30 L47 42', fill: 'none' }, true],
  ],
  r: [
    ['path', { d: 'M22 86 C22 80 27 77 33 77 L67 77 C73 77 78 80 78 86 Z' }],
    ['path', { d: 'M33 77 L36 44 L64 44 L67 77 Z' }],
    [
      'path',
      { d: 'M29 44 L29 22 L38 22 L38 29 L45.5 29 L45.5 22 L54.5 22 L54.5 29 L62 29 L62 22 L71 22 L71 44 Z' },
    ],
    ['path', { d: 'M35.5 52 L64.5 52', fill: 'none' }, true],
  ],
  q: [
    ['path', { d: 'M23 86 C23 80 28 76 35 76 L65 76 C72 76 77 80 77 86 Z' }],
    ['path', { d: 'M32 77 L22 39 L34 56 L36 30 L45 53 L50 24 L55 53 L64 30 L66 56 L78 39 L68 77 Z' }],
    ['circle', { cx: 22, cy: 36, r: 4.5 }],
    ['circle', { cx: 36, cy: 27, r: 4.5 }],
    ['circle', { cx: 50, cy: 20, r: 4.5 }],
    ['circle', { cx: 64, cy: 27, r: 4.5 }],
    ['circle', { cx: 78, cy: 36, r: 4.5 }],
    ['path', { d: 'M33 68 C44 64 56 64 67 68', fill: 'none' }, true],
  ],
  k: [
    ['path', { d: 'M23 86 C23 80 28 76 35 76 L65 76 C72 76 77 80 77 86 Z' }],
    ['path', { d: 'M33 77 C22 64 20 50 30 44 C38 40 46 44 50 52 C54 44 62 40 70 44 C80 50 78 64 67 77 Z' }],
    ['path', { d: 'M46 46 L46 30 L38 30 L38 23 L46 23 L46 13 L54 13 L54 23 L62 23 L62 30 L54 30 L54 46 Z' }],
    ['path', { d: 'M33 68 C44 64 56 64 67 68', fill: 'none' }, true],
  ],
};

const COLORS = {
  w: { fill: '#fbf6ea', stroke: '#2a2522', detail: '#2a2522' },
  b: { fill: '#2f2a27', stroke: '#0f0d0c', detail: '#e9dfcf' },
};

/** The words for pieces and sides, for every label the board writes. */
export const ROLE_NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
export const COLOR_NAMES = { w: 'white', b: 'black' };
export const SIDE_NAMES = { w: 'White', b: 'Black' };

export function pieceName(color, role) {
  return `${COLOR_NAMES[color]} ${ROLE_NAMES[role]}`;
}

const prototypes = new Map(); // 'wn' -> the drawn <svg>, cloned for every use

/** The artwork of one piece as a fresh <svg> (shapes inline: no ids, so it works in any shadow root). */
function drawPiece(color, role) {
  const key = color + role;
  let proto = prototypes.get(key);
  if (!proto) {
    const palette = COLORS[color];
    proto = svg('svg', { viewBox: '0 0 100 100', 'aria-hidden': 'true', focusable: 'false' });
    const group = svg('g', {
      fill: palette.fill,
      stroke: palette.stroke,
      'stroke-width': 3.2,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
    });
    for (const [tag, attrs, detail] of SHAPES[role]) {
      const shape = svg(tag, attrs);
      if (detail) {
        shape.setAttribute('stroke', palette.detail);
        shape.setAttribute('stroke-width', '2.6');
        if (tag === 'circle') {
          shape.setAttribute('fill', palette.detail);
          shape.setAttribute('stroke', 'none');
        }
      }
      group.append(shape);
    }
    proto.append(group);
    prototypes.set(key, proto);
  }
  return proto.cloneNode(true);
}

/**
 * A fresh element showing one piece: our artwork, or an <img> from `imageUrl` (a
 * template where {color} is w/b and {piece} is P, N, B, R, Q or K, e.g.
 * "/pieces/{color}{piece}.svg"). It carries the part names `piece` and e.g.
 * `white-knight` for theming.
 */
export function pieceSvg(color, role, className = 'piece', imageUrl = null) {
  const node = imageUrl
    ? el('img', '', { alt: '', draggable: 'false', src: imageUrl.replaceAll('{color}', color).replaceAll('{piece}', role.toUpperCase()) })
    : drawPiece(color, role);
  node.classList.add(className);
  node.setAttribute('part', `${className} ${COLOR_NAMES[color]}-${ROLE_NAMES[role]}`);
  return node;
}
