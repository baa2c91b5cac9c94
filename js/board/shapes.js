// Arrows and circles on the board: the shape model (`{from, to, brush}` arrows and
// `{square, brush}` circles, with `board` for Alice, `'N@'` pocket origins for drops,
// an optional short `label`, an optional rebound `path` and `light` for a paler stroke), its checks against the
// rule set in play, and the compact notation shared by the PGN comment commands
// `[%csl Ge4]` / `[%cal Ge2e4]` and the embed's `shapes=` parameter. Nothing here draws.

/** The named brushes and the letters the PGN commands use for them. */
export const BRUSHES = { green: '#15781b', red: '#c8201a', blue: '#0d5fb3', yellow: '#d59a00' };
const LETTER_OF = { green: 'G', red: 'R', blue: 'B', yellow: 'Y' };
const BRUSH_OF = { G: 'green', R: 'red', B: 'blue', Y: 'yellow' };

/** At most this many shapes in one list (a comment holds at most 4,096 bytes). */
export const MAX_SHAPES = 64;
const MAX_LABEL = 3;
const SQUARE = /^[a-h][1-8]$/;
const POCKET = /^[PNBRQ]@$/;
const LABEL = /^[^\s,[\]{}]+$/u;

function shapeError(message) {
  const error = new Error(message);
  error.name = 'InvalidShapeError';
  return error;
}

/** Whether `brush` is a named brush or a CSS colour. */
function isBrush(brush) {
  if (typeof brush !== 'string' || brush.length > 40) return false;
  if (BRUSHES[brush]) return true;
  if (globalThis.CSS?.supports) return CSS.supports('color', brush);
  return /^#[0-9a-f]{3,8}$/i.test(brush);
}

/** The CSS colour a brush paints with. */
export function brushColour(brush) {
  return BRUSHES[brush] ?? brush;
}

/**
 * Checks one shape against the rule set in play (`{boards, pockets}`) and returns its
 * clean copy; throws an InvalidShapeError saying what is wrong.
 */
export function checkShape(raw, { boards = 1, pockets = false } = {}) {
  if (!raw || typeof raw !== 'object') throw shapeError('a shape is an object: {from, to, brush} or {square, brush}');
  const brush = raw.brush ?? 'green';
  if (!isBrush(brush)) throw shapeError(`brush “${String(brush).slice(0, 40)}” is not green, red, blue, yellow or a CSS colour`);
  const shape = { brush };
  if (raw.board !== undefined && raw.board !== null) {
    if (boards !== 2) throw shapeError(`board “${String(raw.board).slice(0, 4)}” is only for Alice's two boards`);
    if (raw.board !== 'a' && raw.board !== 'b') throw shapeError(`board must be 'a' or 'b', not “${String(raw.board).slice(0, 4)}”`);
  }
  if (boards === 2) shape.board = raw.board ?? 'a';
  if (raw.square !== undefined) {
    if (!SQUARE.test(raw.square)) throw shapeError(`“${String(raw.square).slice(0, 8)}” is not a square`);
    shape.square = raw.square;
  } else {
    const { from, to } = raw;
    if (typeof from === 'string' && POCKET.test(from)) {
      if (!pockets) throw shapeError(`a pocket origin (${from}) needs a rule set with pockets`);
    } else if (!SQUARE.test(from)) {
      throw shapeError(`“${String(from).slice(0, 8)}” is not a square or a pocket origin such as N@`);
    }
    if (!SQUARE.test(to)) throw shapeError(`“${String(to).slice(0, 8)}” is not a square`);
    if (from === to) shape.square = to;
    else Object.assign(shape, { from, to });
    if (raw.path !== undefined) {
      const path = raw.path;
      if (!Array.isArray(path) || path.length < 2 || path.length > 16 || !path.every((sq) => SQUARE.test(sq))) {
        throw shapeError('a path is a list of 2 to 16 squares');
      }
      if (shape.to && path.at(-1) === to) shape.path = [...path];
    }
  }
  if (raw.light === true) shape.light = true; // drawn thinner and paler (the rest of a line)
  if (raw.label !== undefined && raw.label !== null && raw.label !== '') {
    const label = String(raw.label);
    // No spaces, commas, brackets or braces: a label is written into PGN comment commands.
    if ([...label].length > MAX_LABEL || !LABEL.test(label)) {
      throw shapeError(`a label is at most ${MAX_LABEL} characters without spaces, commas, brackets or braces, not “${label.slice(0, 8)}”`);
    }
    shape.label = label;
  }
  return shape;
}

/** Checks a whole list (an array, or a string in the `Ge2e4,Rd4` notation). */
export function checkShapes(list, facts) {
  if (list === null || list === undefined) return [];
  const shapes = typeof list === 'string' ? parseShapeList(list) : list;
  if (!Array.isArray(shapes)) throw shapeError('shapes must be an array of shapes or a string such as "Ge2e4,Rd4"');
  if (shapes.length > MAX_SHAPES) throw shapeError(`at most ${MAX_SHAPES} shapes`);
  const clean = [];
  for (const shape of shapes) {
    const checked = checkShape(shape, facts);
    // The same shape twice is drawn once.
    if (!clean.some((s) => sameShape(s, checked))) clean.push(checked);
  }
  return clean;
}

/** Whether two shapes mark the same thing (whatever their brush). */
export function sameShape(a, b) {
  return a.square === b.square && a.from === b.from && a.to === b.to && (a.board ?? 'a') === (b.board ?? 'a');
}

/** Adds `shape`, or removes it when the same shape in the same brush is there (a second stroke). */
export function toggleShape(list, shape) {
  const i = list.findIndex((s) => sameShape(s, shape));
  if (i < 0) return [...list, shape];
  const same = list[i].brush === shape.brush;
  const next = list.filter((_, j) => j !== i);
  return same ? next : [...next, shape];
}

// ---- the notation: `Ge4` circles, `Ge2e4` arrows, `GN@e4` drops, `:b` for Alice's board B,
// `#rrggbb` instead of G/R/B/Y for another colour, `=?!` after it for a label

/** A CSS colour as #rrggbb (the notation's form of a brush without a letter), or null. */
function hexColour(colour) {
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(colour)) return `#${[...colour.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  const ctx = globalThis.document?.createElement('canvas').getContext?.('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#000000';
  ctx.fillStyle = colour; // the canvas reads any CSS colour and gives #rrggbb or rgba()
  const value = ctx.fillStyle;
  if (value.startsWith('#')) return value;
  const rgb = value.match(/\d+/g)?.slice(0, 3);
  return rgb ? `#${rgb.map((n) => Number(n).toString(16).padStart(2, '0')).join('')}` : null;
}

/** One shape in the notation: a brush letter (or #rrggbb for any other colour), then squares. */
export function formatShape(shape) {
  const letter = LETTER_OF[shape.brush] ?? hexColour(shape.brush);
  if (!letter) return null;
  const where = shape.square ?? `${shape.from}${shape.to}`;
  return `${letter}${where}${shape.board === 'b' ? ':b' : ''}${shape.label ? `=${shape.label}` : ''}`;
}

/** Reads `Ge2e4,Rd4` (spaces allowed); throws an InvalidShapeError on a bad item. */
export function parseShapeList(text) {
  const shapes = [];
  for (const item of text.split(/[\s,]+/)) {
    if (!item) continue;
    const m = /^([GRBY]|#[0-9a-fA-F]{6})([PNBRQ]@|[a-h][1-8])([a-h][1-8])?(?::([ab]))?(?:=([^\s,[\]{}]{1,12}))?$/u.exec(item);
    if (!m || (m[2].endsWith('@') && !m[3])) throw shapeError(`“${item.slice(0, 12)}” is not a shape such as Ge2e4 or Rd4`);
    const shape = m[3] ? { from: m[2], to: m[3] } : { square: m[2] };
    shape.brush = BRUSH_OF[m[1]] ?? m[1].toLowerCase();
    if (m[4]) shape.board = m[4];
    if (m[5]) shape.label = m[5];
    shapes.push(shape);
  }
  return shapes;
}

// ---- PGN comments ---------------------------------------------------------------------

const COMMAND = /\[%(csl|cal)\s+([^\]]*)\]/g;

/**
 * The shapes of a comment's `[%csl …]` / `[%cal …]` commands (items that do not read
 * are skipped: a PGN from elsewhere may hold what this board does not draw).
 */
export function shapesInComment(comment) {
  const shapes = [];
  for (const [, , body] of comment?.matchAll(COMMAND) ?? []) {
    for (const item of body.split(/[\s,]+/)) {
      try {
        shapes.push(...parseShapeList(item));
      } catch {
        // not ours
      }
    }
  }
  return shapes;
}

/** The comment without its shape commands (the words a person wrote). */
export function commentText(comment) {
  return (comment ?? '').replace(COMMAND, '').replace(/\s{2,}/g, ' ').trim();
}

/** `comment` with its shape commands replaced by those of `shapes`. */
export function withShapes(comment, shapes) {
  const circles = shapes.filter((s) => s.square).map(formatShape).filter(Boolean);
  const arrows = shapes.filter((s) => s.to).map(formatShape).filter(Boolean);
  const commands = [circles.length ? `[%csl ${circles.join(',')}]` : '', arrows.length ? `[%cal ${arrows.join(',')}]` : ''].join('');
  const words = commentText(comment);
  return [commands, words].filter(Boolean).join(' ');
}
