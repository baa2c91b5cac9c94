// How a rule set writes its turns in a move list, as its PGN does (RULES.md's
// "Notation" lines): the move number of a turn, whether it opens a row, and what joins
// the actions of one turn. The Game's VariantInfo says the kind of turn (`single`,
// `series`, `move-and-push`) but not how a series is numbered, so the one rule-set
// fact the page must know is here: Progressive numbers every series; Marseillais pairs
// the two sides' turns under one number as orthodox chess does.

/** The rule sets that write one number per series (`1. e4 2. e5 Qh4 3. Nf3 Bc4 Bxf7+`). */
const NUMBERED_SERIES = new Set(['progressive-scottish', 'progressive-italian']);

/** The full-move number of a FEN (its sixth field). */
function fullMove(fen) {
  const number = Number(String(fen).split(' ')[5]);
  return Number.isInteger(number) && number > 0 ? number : 1;
}

/**
 * `{joiner, number(firstAction)}`: `joiner` is the text between a turn's actions (''
 * when each is written on its own); `number` gives the move number of the turn that
 * `firstAction` (a verbose move) opens and whether the turn opens a row.
 */
export function turnNotation(variant) {
  if (variant && NUMBERED_SERIES.has(variant.id)) {
    // Series k of White at full move k is the (2k-1)th, Black's the (2k)th (RULES.md, FEN).
    return {
      joiner: '',
      number: (move) => ({ number: 2 * fullMove(move.before) - (move.color === 'w' ? 1 : 0), opensRow: true }),
    };
  }
  const joiner = variant?.turn === 'move-and-push' ? '/' : variant?.turn === 'series' ? ',' : '';
  return { joiner, number: (move) => ({ number: fullMove(move.before), opensRow: move.color === 'w' }) };
}
