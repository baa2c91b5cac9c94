// How chess.js 1.4 reads a move string, as a choice among the legal moves the core
// lists: check and annotation marks are never verified; strict mode wants the SAN
// exactly (but for `=` and those marks); permissive mode also takes long algebraic
// forms, over-disambiguated SAN and `0-0`, choosing the first match in chess.js's move
// order.

/** SAN without its first `=` and its trailing check and annotation marks. */
export function strippedSan(text) {
  return text.replace('=', '').replace(/[+#]?[?!]*$/, '');
}

/** The piece letter chess.js guesses from a move string's first character. */
function guessedPiece(text) {
  const first = text.charAt(0);
  if (first >= 'a' && first <= 'h') return /[a-h]\d.*[a-h]\d/.test(text) ? undefined : 'p';
  const lower = first.toLowerCase();
  return lower === 'o' ? 'k' : lower;
}

/**
 * The move of `legal` (chess.js order, each with `san`, `from`, `to`, `piece`,
 * `promotion`) that `text` names, or undefined.
 */
export function findMove(text, legal, strict) {
  const written = legal.find((move) => move.san === text);
  if (written) return written;
  let clean = strippedSan(text);
  const exact = legal.find((move) => strippedSan(move.san) === clean);
  if (exact) return exact;
  if (strict) return undefined;
  if (clean === '0-0') clean = 'O-O';
  else if (clean === '0-0-0') clean = 'O-O-O';
  const castle = legal.find((move) => strippedSan(move.san) === clean);
  if (castle) return castle;

  let match = clean.match(/([pnbrqkPNBRQK])?([a-h][1-8])x?-?([a-h][1-8])([qrbnQRBN])?/);
  let partialOrigin = false;
  if (!match) {
    match = clean.match(/([pnbrqkPNBRQK])?([a-h]?[1-8]?)x?-?([a-h][1-8])([qrbnQRBN])?/);
    partialOrigin = Boolean(match && match[2].length === 1);
  }
  if (!match) return undefined;
  const [, pieceLetter, from, to, promotionLetter] = match;
  const piece = pieceLetter ? pieceLetter.toLowerCase() : guessedPiece(clean);
  const promotion = promotionLetter?.toLowerCase();
  const candidates = piece ? legal.filter((move) => move.piece === piece) : legal;
  return candidates.find((move) => {
    if (!from) return strippedSan(move.san).replace('x', '') === clean;
    const samePromotion = !promotion || promotion === move.promotion;
    if (move.from === from && move.to === to && samePromotion) return true;
    return partialOrigin && move.to === to && samePromotion && move.from.includes(from);
  });
}
