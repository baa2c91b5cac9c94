// Reads the placement field of a FEN (the project's dialect: `|` marks a board-B piece
// in Alice, `[..]` holds Chess-Gi hands, `~` marks promoted pieces) into a map of
// square -> {type, color, board}, for drawing positions the wasm Game is not in.

const FILES = 'abcdefgh';

export function readPlacement(fen) {
  const pieces = new Map();
  const field = String(fen).trim().split(/\s+/)[0].replace(/\[.*$/, '');
  const ranks = field.split('/').slice(0, 8);
  ranks.forEach((row, index) => {
    const rank = 8 - index;
    let file = 0;
    let onB = false;
    for (const ch of row) {
      if (ch === '|') {
        onB = true;
      } else if (ch === '~') {
        // promoted marker: nothing to draw
      } else if (/[1-8]/.test(ch)) {
        file += Number(ch);
      } else if (/[pnbrqk]/i.test(ch) && file < 8) {
        const color = ch === ch.toUpperCase() ? 'w' : 'b';
        pieces.set(FILES[file] + rank, { type: ch.toLowerCase(), color, board: onB ? 'b' : 'a' });
        file += 1;
        onB = false;
      }
    }
  });
  return pieces;
}

/** The Chess-Gi hands of a FEN (`[QRbp]` after the placement): {w: {q: 1, ...}, b: {...}}. */
export function readHands(fen) {
  const hands = { w: { p: 0, n: 0, b: 0, r: 0, q: 0 }, b: { p: 0, n: 0, b: 0, r: 0, q: 0 } };
  const match = /\[([^\]]*)\]/.exec(String(fen).trim().split(/\s+/)[0]);
  for (const ch of match?.[1] ?? '') {
    const role = ch.toLowerCase();
    if (role in hands.w) hands[ch === role ? 'b' : 'w'][role]++;
  }
  return hands;
}
