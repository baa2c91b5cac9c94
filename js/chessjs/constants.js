// The constants chess.js 1.4 exports, with the same values, and the tag template that
// fixes the order of its PGN headers.

export const WHITE = 'w';
export const BLACK = 'b';
export const PAWN = 'p';
export const KNIGHT = 'n';
export const BISHOP = 'b';
export const ROOK = 'r';
export const QUEEN = 'q';
export const KING = 'k';

export const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The 64 square names, rank 8 first (a8 … h8, a7 … h1): chess.js's board order. */
export const SQUARES = [];
for (let rank = 8; rank >= 1; rank--) {
  for (const file of 'abcdefgh') SQUARES.push(`${file}${rank}`);
}

/** The seven tags every PGN game carries, with their values when unknown. */
export const SEVEN_TAG_ROSTER = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '?',
  White: '?',
  Black: '?',
  Result: '*',
};

/** The tags chess.js knows, in the order it prints them: the roster, then these. */
export const HEADER_TEMPLATE = Object.freeze([
  ...Object.keys(SEVEN_TAG_ROSTER),
  'WhiteTitle', 'BlackTitle', 'WhiteElo', 'BlackElo', 'WhiteUSCF', 'BlackUSCF',
  'WhiteNA', 'BlackNA', 'WhiteType', 'BlackType', 'EventDate', 'EventSponsor',
  'Section', 'Stage', 'Board', 'Opening', 'Variation', 'SubVariation', 'ECO', 'NIC',
  'Time', 'UTCTime', 'UTCDate', 'TimeControl', 'SetUp', 'FEN', 'Termination',
  'Annotator', 'Mode', 'PlyCount',
]);

/** Square name → index in SQUARES (a8 = 0, h1 = 63). */
export function squareIndex(square) {
  if (typeof square !== 'string' || !/^[a-h][1-8]$/.test(square)) return -1;
  return (8 - Number(square[1])) * 8 + (square.charCodeAt(0) - 97);
}
