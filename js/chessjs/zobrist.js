// chess.js 1.4's position hash, reproduced from its published description so that
// `hash()` values and repetition counts match it: 64-bit Zobrist keys drawn from a
// seeded xoroshiro128** generator, indexed by 0x88 square numbers.

const MASK = (1n << 64n) - 1n;
const rotl = (x, k) => ((x << k) | (x >> (64n - k))) & MASK;

/** xoroshiro128**: `state`'s low 64 bits are the first word, its high 64 bits the second. */
export function xoroshiro128(state) {
  let s0 = BigInt(state) & MASK;
  let s1 = (BigInt(state) >> 64n) & MASK;
  return () => {
    const result = (rotl((s0 * 5n) & MASK, 7n) * 9n) & MASK;
    s1 ^= s0;
    s0 = (rotl(s0, 24n) ^ s1 ^ (s1 << 16n)) & MASK;
    s1 = rotl(s1, 37n);
    return result;
  };
}

const TYPES = 'pnbrqk';
let keys = null; // drawn on first use: 1,561 BigInts nobody needs until hash() is called

function zobristKeys() {
  if (keys) return keys;
  const next = xoroshiro128(0xa187eb39cdcaed8f31c4b365b102e01en);
  const pieces = [];
  for (let colour = 0; colour < 2; colour++) {
    for (let type = 0; type < 6; type++) {
      const row = [];
      for (let square = 0; square < 128; square++) row.push(next());
      pieces.push(row);
    }
  }
  const ep = Array.from({ length: 8 }, next);
  const castling = Array.from({ length: 16 }, next);
  keys = { pieces, ep, castling, side: next() };
  return keys;
}

/**
 * The hash of a position given as FEN fields: `placement` (field 1), `turn`,
 * `castling` (field 3) and `epSquare` (the square chess.js keeps internally, or null).
 */
export function positionHash(placement, turn, castling, epSquare) {
  const { pieces, ep, castling: castlingKeys, side } = zobristKeys();
  let hash = 0n;
  let row = 0;
  let file = 0;
  for (const ch of placement) {
    if (ch === '/') {
      row++;
      file = 0;
    } else if (ch >= '0' && ch <= '9') {
      file += Number(ch);
    } else {
      const type = TYPES.indexOf(ch.toLowerCase());
      if (type >= 0 && file < 8) {
        const colour = ch === ch.toLowerCase() ? 1 : 0;
        hash ^= pieces[colour * 6 + type][row * 16 + file];
      }
      file++;
    }
  }
  if (epSquare) hash ^= ep[epSquare.charCodeAt(0) - 97];
  const index = (castling.includes('K') ? 1 : 0) + (castling.includes('Q') ? 2 : 0)
    + (castling.includes('k') ? 4 : 0) + (castling.includes('q') ? 8 : 0);
  hash ^= castlingKeys[index];
  if (turn === 'b') hash ^= side;
  return hash;
}

const pieceKey = (colour, type, square) =>
  zobristKeys().pieces[(colour === 'b' ? 6 : 0) + TYPES.indexOf(type)][
    (8 - Number(square[1])) * 16 + (square.charCodeAt(0) - 97)];

const castlingKey = (rights) =>
  zobristKeys().castling[(rights.includes('K') ? 1 : 0) + (rights.includes('Q') ? 2 : 0)
    + (rights.includes('k') ? 4 : 0) + (rights.includes('q') ? 8 : 0)];

const epKey = (square) => (square ? zobristKeys().ep[square.charCodeAt(0) - 97] : 0n);

/**
 * The hash after `move` (a chess.js move description), from the hash before it and the
 * castling rights and internal en-passant squares before and after it. A null move is
 * `{ flags: '-' }`.
 */
export function hashAfterMove(hash, move, rights, epSquare) {
  let next = hash ^ zobristKeys().side ^ epKey(epSquare.before) ^ epKey(epSquare.after);
  next ^= castlingKey(rights.before) ^ castlingKey(rights.after);
  if (move.flags === '-') return next;
  const them = move.color === 'w' ? 'b' : 'w';
  next ^= pieceKey(move.color, move.piece, move.from);
  next ^= pieceKey(move.color, move.promotion ?? move.piece, move.to);
  if (move.flags.includes('e')) next ^= pieceKey(them, 'p', move.to[0] + move.from[1]);
  else if (move.captured) next ^= pieceKey(them, move.captured, move.to);
  const rank = move.from[1];
  if (move.flags.includes('k')) next ^= pieceKey(move.color, 'r', `h${rank}`) ^ pieceKey(move.color, 'r', `f${rank}`);
  if (move.flags.includes('q')) next ^= pieceKey(move.color, 'r', `a${rank}`) ^ pieceKey(move.color, 'r', `d${rank}`);
  return next;
}
