// chess.js 1.4's move order, which code and tests written against it rely on (first
// move of a list, exact arrays): origin squares a8 … h1; per pawn the single step,
// the double step, then its captures (White's toward the a-file first, Black's toward
// the h-file); per piece its directions in chess.js's fixed order, nearest square
// first; promotions knight, bishop, rook, queen; castling last, king side first.

const KNIGHT_STEPS = [-18, -33, -31, -14, 18, 33, 31, 14];
const BISHOP_STEPS = [-17, -15, 17, 15];
const ROOK_STEPS = [-16, 1, 16, -1];
const ROYAL_STEPS = [-17, -16, -15, 1, 17, 16, 15, -1];
const STEPS = { n: KNIGHT_STEPS, b: BISHOP_STEPS, r: ROOK_STEPS, q: ROYAL_STEPS, k: ROYAL_STEPS };
const PROMOTIONS = 'nbrq';

/** A number that sorts a move (`piece`, `color`, `from`, `to`, `promotion`, `flags`) into chess.js's order. */
export function moveOrderKey(move) {
  const fromFile = move.from.charCodeAt(0) - 97;
  const fromRank = move.from.charCodeAt(1) - 49;
  const toFile = move.to.charCodeAt(0) - 97;
  const toRank = move.to.charCodeAt(1) - 49;
  const origin = (7 - fromRank) * 8 + fromFile;
  if (move.flags.includes('k')) return 1_000_000;
  if (move.flags.includes('q')) return 1_000_001;
  let within;
  if (move.piece === 'p') {
    if (fromFile === toFile) within = Math.abs(toRank - fromRank) === 1 ? 0 : 1;
    else within = (move.color === 'w') === toFile < fromFile ? 2 : 3;
    within = within * 4 + (move.promotion ? PROMOTIONS.indexOf(move.promotion) : 0);
  } else {
    const dFile = toFile - fromFile;
    const dRank = toRank - fromRank;
    const steps = STEPS[move.piece] ?? ROYAL_STEPS;
    if (move.piece === 'n') {
      within = steps.indexOf(-16 * dRank + dFile) * 8;
    } else {
      const distance = Math.max(Math.abs(dFile), Math.abs(dRank));
      within = steps.indexOf(-16 * Math.sign(dRank) + Math.sign(dFile)) * 8 + distance;
    }
  }
  return origin * 1000 + within;
}
