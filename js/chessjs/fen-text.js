// FEN text as chess.js 1.4 reads it: its validation (checks and messages in its
// order), the completion of short FENs, the placement read as cells, and the
// castling letters chess.js keeps. The position itself is always judged, and every
// board edited, by the core.

const PREFIX = 'Invalid FEN: ';
const PIECE_LETTERS = 'prnbqkPRNBQK';

/** `{ ok: true }` or `{ ok: false, error }`, with chess.js's checks and messages. */
export function validateFen(fen) {
  const fail = (message) => ({ ok: false, error: PREFIX + message });
  const tokens = fen.split(/\s+/);
  if (tokens.length !== 6) return fail('must contain six space-delimited fields');
  const moveNumber = parseInt(tokens[5], 10);
  if (Number.isNaN(moveNumber) || moveNumber <= 0) return fail('move number must be a positive integer');
  const halfMoves = parseInt(tokens[4], 10);
  if (Number.isNaN(halfMoves) || halfMoves < 0) {
    return fail('half move counter number must be a non-negative integer');
  }
  if (!/^(-|[abcdefgh][36])$/.test(tokens[3])) return fail('en-passant square is invalid');
  if (/[^kKqQ-]/.test(tokens[2])) return fail('castling availability is invalid');
  if (!/^(w|b)$/.test(tokens[1])) return fail('side-to-move is invalid');
  const rows = tokens[0].split('/');
  if (rows.length !== 8) return fail("piece data does not contain 8 '/'-delimited rows");
  const kings = { K: 0, k: 0 };
  for (const row of rows) {
    let squares = 0;
    let previousWasNumber = false;
    for (let i = 0; i < row.length; i++) {
      const ch = row[i];
      if (ch >= '0' && ch <= '9') {
        if (previousWasNumber) return fail('piece data is invalid (consecutive number)');
        squares += ch.charCodeAt(0) - 48;
        previousWasNumber = true;
      } else {
        if (!PIECE_LETTERS.includes(ch)) return fail('piece data is invalid (invalid piece)');
        if (ch === 'K' || ch === 'k') kings[ch]++;
        squares += 1;
        previousWasNumber = false;
      }
    }
    if (squares !== 8) return fail('piece data is invalid (too many squares in rank)');
  }
  if ((tokens[3][1] === '3' && tokens[1] === 'w') || (tokens[3][1] === '6' && tokens[1] === 'b')) {
    return fail('illegal en-passant square');
  }
  for (const [king, colour] of [['K', 'white'], ['k', 'black']]) {
    if (kings[king] === 0) return fail(`missing ${colour} king`);
    if (kings[king] > 1) return fail(`too many ${colour} kings`);
  }
  if (/[pP]/.test(rows[0] + rows[7])) return fail('some pawns are on the edge rows');
  return { ok: true };
}

/** A FEN of two to five fields completed with `- - 0 1`, as chess.js's load does. */
export function completeFen(fen) {
  const tokens = fen.split(/\s+/);
  if (tokens.length >= 2 && tokens.length < 6) {
    const defaults = ['-', '-', '0', '1'];
    return tokens.concat(defaults.slice(tokens.length - 2)).join(' ');
  }
  return fen;
}

/** The placement field as 8 rows of 8 cells, each a FEN piece letter or null. */
export function placementCells(placement) {
  return placement.split('/').map((row) => {
    const cells = [];
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') for (let i = 0; i < Number(ch); i++) cells.push(null);
      else cells.push(ch);
    }
    return cells.slice(0, 8);
  });
}

const HOMES = { K: ['e1', 'h1', 'K', 'R'], Q: ['e1', 'a1', 'K', 'R'], k: ['e8', 'h8', 'k', 'r'], q: ['e8', 'a8', 'k', 'r'] };

/** The letter at a square of placement cells. */
export function cellAt(cells, square) {
  return cells[8 - Number(square[1])][square.charCodeAt(0) - 97] ?? null;
}

/**
 * The castling letters of `rights` whose king and rook stand at home in the
 * `placement` field (`-` if none).
 */
export function rightsAtHome(placement, rights) {
  if (rights === '-' || rights === '') return '-';
  const rows = placement.split('/');
  // Only the two home ranks matter: rows 0 (rank 8) and 7 (rank 1) of the cells.
  const cells = [placementCells(rows[0])[0], [], [], [], [], [], [], placementCells(rows[7] ?? '')[0]];
  const kept = 'KQkq'
    .split('')
    .filter((right) => {
      if (!rights.includes(right)) return false;
      const [kingSquare, rookSquare, king, rook] = HOMES[right];
      return cellAt(cells, kingSquare) === king && cellAt(cells, rookSquare) === rook;
    })
    .join('');
  return kept || '-';
}

/** Castling letters in chess.js's order, `-` when none. */
export function normaliseRights(rights) {
  return 'KQkq'.split('').filter((right) => rights.includes(right)).join('') || '-';
}
