// The position editor's position as plain data, and its FEN in the project's dialect
// (RULES.md §9): pieces by square (with Alice's board), Chess-Gi's hands, the side to
// act, castling rights as the castling rooks' squares (Chess960 rooks on any file), en
// passant squares, the clocks, and the turn in progress of the multi-action rule sets
// (`S:K`, Avalanche's `push`). Reading takes the pieces and hands from the core's
// placement() and placementHands() (given as `rules`); the other fields are read here,
// and a field that is not FEN is refused with a typed error. Whether the position is
// legal is the core's answer (validateFen), never this module's.

const FILES = 'abcdefgh';
const ROLES = ['k', 'q', 'r', 'b', 'n', 'p'];
const HAND_ROLES = ['q', 'r', 'b', 'n', 'p'];
export const MAX_MOVE_NUMBER = 9999;

function fenError(message) {
  const error = new Error(message);
  error.name = 'InvalidFenError';
  return error;
}

/** An empty hand for each side. */
export function emptyHands() {
  const hand = () => Object.fromEntries(HAND_ROLES.map((r) => [r, 0]));
  return { w: hand(), b: hand() };
}

/** The back rank of `color`: '1' or '8'. */
export function backRank(color) {
  return color === 'w' ? '1' : '8';
}

/** The square of `color`'s king on its back rank, or null. */
function homeKing(pieces, color) {
  for (const [square, p] of pieces) if (p.type === 'k' && p.color === color && square[1] === backRank(color)) return square;
  return null;
}

/** The rook squares on `color`'s back rank that a castling right can name (with its king there). */
export function castlingCandidates(pieces, color) {
  const king = homeKing(pieces, color);
  if (!king) return [];
  const list = [];
  for (const [square, p] of pieces) if (p.type === 'r' && p.color === color && square[1] === backRank(color)) list.push(square);
  return list.sort();
}

/** Which way the rook on `rook` castles with its king: 'king' (towards h) or 'queen'. */
export function castlingWing(pieces, rook) {
  const color = rook[1] === '1' ? 'w' : 'b';
  const king = homeKing(pieces, color);
  return king && rook[0] > king[0] ? 'king' : 'queen';
}

/** The squares an en-passant capture by `side` could name: behind an enemy pawn just past its double step. */
export function enPassantCandidates(pieces, side) {
  const [pawnRank, passed, start] = side === 'w' ? ['5', '6', '7'] : ['4', '3', '2'];
  const enemy = side === 'w' ? 'b' : 'w';
  const list = [];
  for (const file of FILES) {
    const pawn = pieces.get(file + pawnRank);
    if (pawn?.type === 'p' && pawn.color === enemy && !pieces.has(file + passed) && !pieces.has(file + start)) list.push(file + passed);
  }
  return list;
}

/** Keeps only the rights and en-passant squares the pieces still allow (after an edit). */
export function prune(position) {
  const rooks = new Set([...castlingCandidates(position.pieces, 'w'), ...castlingCandidates(position.pieces, 'b')]);
  position.castling = new Set([...position.castling].filter((sq) => rooks.has(sq)));
  const ep = new Set(enPassantCandidates(position.pieces, position.turn));
  position.ep = new Set([...position.ep].filter((sq) => ep.has(sq)));
  return position;
}

/**
 * Reads `fen` for rule set `facts` (a variants() entry) into an editor position.
 * Throws InvalidFenError (with the core's words for the placement) for text that is not
 * a FEN; a legal position is not asked for.
 */
export function readFen(rules, facts, fen) {
  if (typeof fen !== 'string' || !fen.trim()) throw fenError('a FEN is needed');
  if (fen.length > 512) throw fenError('the FEN is too long');
  const fields = fen.trim().split(/\s+/);
  if (fields.length > 7) throw fenError(`a FEN has at most seven fields, not ${fields.length}`);
  const [board, turn = 'w', castling = '-', ep = '-', half = '0', full = '1', extra = null] = fields;
  const pieces = new Map();
  for (const row of rules.placement(board, facts.id)) {
    for (const cell of row) if (cell) pieces.set(cell.square, { type: cell.type, color: cell.color, board: cell.board ?? 'a' });
  }
  const held = rules.placementHands(board);
  if (turn !== 'w' && turn !== 'b') throw fenError(`the side to act is w or b, not “${turn.slice(0, 10)}”`);
  if (!/^(-|[KQkqA-Ha-h]{1,8})$/.test(castling)) throw fenError(`the castling field is -, or letters KQkq or files A-H and a-h, not “${castling.slice(0, 10)}”`);
  if (!/^(-|[a-h][36](,[a-h][36])*)$/.test(ep)) throw fenError(`the en-passant field is - or squares such as e3, not “${ep.slice(0, 10)}”`);
  const number = (text, min, what) => {
    if (!/^\d{1,4}$/.test(text) || Number(text) < min) throw fenError(`the ${what} is a whole number from ${min} to ${MAX_MOVE_NUMBER}, not “${text.slice(0, 10)}”`);
    return Number(text);
  };
  const position = {
    pieces,
    hands: facts.id === 'chessgi' ? { ...emptyHands(), ...(held ?? {}) } : null,
    turn,
    castling: new Set(),
    ep: new Set(ep === '-' ? [] : ep.split(',')),
    halfmoves: number(half, 0, 'half-move clock'),
    fullmoves: number(full, 1, 'move number'),
    played: 0, // actions already played in the turn (series rule sets)
    quiet: 0, // Progressive: completed series in a row without capture or pawn move (kept as read)
    push: false, // Avalanche: the push is still to play
  };
  readExtra(position, facts, extra);
  readCastling(position, castling);
  return position;
}

function readExtra(position, facts, extra) {
  if (extra === null || extra === '-') return;
  if (facts.turn === 'move-and-push' && extra === 'push') {
    position.push = true;
    return;
  }
  const series = /^(\d{1,3}):(\d{1,3})(:\d{1,3})?$/.exec(extra);
  if (facts.turn === 'series' && series) {
    position.played = Number(series[2]);
    position.quiet = series[3] ? Number(series[3].slice(1)) : 0;
    return;
  }
  if (facts.turn === 'move-and-push' && /^promoted?:[a-h][18]$/.test(extra)) return; // the core's own pending state: a new turn here
  throw fenError(`the seventh field “${extra.slice(0, 12)}” is not one of ${facts.name}`);
}

function readCastling(position, field) {
  if (field === '-') return;
  for (const letter of field) {
    const color = letter === letter.toUpperCase() ? 'w' : 'b';
    const rank = backRank(color);
    const king = homeKing(position.pieces, color);
    let rook = null;
    const lower = letter.toLowerCase();
    if (lower === 'k' || lower === 'q') {
      // X-FEN: the outermost rook on that wing.
      const files = lower === 'k' ? [...FILES].reverse() : [...FILES];
      rook = files.map((f) => f + rank).find((sq) => {
        const p = position.pieces.get(sq);
        return p?.type === 'r' && p.color === color && (!king || (lower === 'k' ? sq[0] > king[0] : sq[0] < king[0]));
      });
    } else {
      rook = lower + rank;
    }
    if (rook) position.castling.add(rook);
  }
}

/** The series length of the turn in progress, by RULES.md §9's defaults. */
export function seriesLength(facts, position) {
  if (facts.id.startsWith('progressive')) return 2 * position.fullmoves - (position.turn === 'w' ? 1 : 0);
  if (facts.id === 'marseillais-balanced' && position.fullmoves === 1 && position.turn === 'w') return 1;
  return 2;
}

/** The FEN of an editor position in rule set `facts`. */
export function writeFen(facts, position) {
  const rows = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (const file of FILES) {
      const piece = position.pieces.get(`${file}${rank}`);
      if (!piece) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      empty = 0;
      const letter = piece.color === 'w' ? piece.type.toUpperCase() : piece.type;
      row += (facts.boards === 2 && piece.board === 'b' ? '|' : '') + letter;
    }
    rows.push(row + (empty ? empty : ''));
  }
  let board = rows.join('/');
  if (position.hands) {
    const hand = (color) => HAND_ROLES.map((r) => (color === 'w' ? r.toUpperCase() : r).repeat(position.hands[color][r] ?? 0)).join('');
    board += `[${hand('w')}${hand('b')}]`;
  }
  const fields = [board, position.turn, castlingField(facts, position), position.ep.size ? [...position.ep].sort().join(',') : '-', String(position.halfmoves), String(position.fullmoves)];
  if (facts.turn === 'series' && (position.played > 0 || position.quiet > 0)) {
    fields.push(`${seriesLength(facts, position)}:${position.played}${position.quiet ? `:${position.quiet}` : ''}`);
  }
  if (facts.turn === 'move-and-push' && position.push) fields.push('push');
  return fields.join(' ');
}

/** Castling rights: Shredder-FEN file letters in Chess960 (RULES.md §10), KQkq elsewhere
 * (a file letter for a rook that is not the outermost of its wing). */
function castlingField(facts, position) {
  const letters = [];
  for (const color of ['w', 'b']) {
    const rooks = [...position.castling].filter((sq) => sq[1] === backRank(color)).sort().reverse(); // the h side first
    for (const rook of rooks) {
      const wing = castlingWing(position.pieces, rook);
      const outer = [...position.castling, ...castlingCandidates(position.pieces, color)].filter(
        (sq) => sq[1] === rook[1] && castlingWing(position.pieces, sq) === wing && (wing === 'king' ? sq[0] > rook[0] : sq[0] < rook[0]),
      );
      const letter = facts.id !== 'chess960' && !outer.length ? (wing === 'king' ? 'k' : 'q') : rook[0];
      letters.push(color === 'w' ? letter.toUpperCase() : letter);
    }
  }
  return letters.length ? letters.join('') : '-';
}

/** Every role a palette offers, kings first. */
export const PALETTE_ROLES = ROLES;
