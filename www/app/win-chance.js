// White's chance to win, in percent, from an evaluation: the one place the page turns
// an evaluation into a win chance (docs/analysis.md, "Win chance"): the graph's points,
// whether they come from an analysis report or from an imported PGN's `[%eval]`.

/** lichess's fitted constant (docs/analysis.md): the curve's slope per centipawn. */
export const WIN_CHANCE_SLOPE = 0.00368208;
/** Past ±10 pawns the curve tells a player nothing; a forced mate counts as the cap. */
export const EVAL_CAP_CP = 1000;

/**
 * White's win percentage (0..100) from an evaluation in White's view: `{cp}`,
 * `{mate}` (positive: White mates), or `{result: '1-0' | '0-1' | '1/2-1/2'}` for a
 * finished position. Null for anything else.
 */
export function whiteWinChance(evaluation) {
  if (!evaluation || typeof evaluation !== 'object') return null;
  if (typeof evaluation.result === 'string') {
    return { '1-0': 100, '0-1': 0, '1/2-1/2': 50 }[evaluation.result] ?? null;
  }
  let cp;
  if (Number.isFinite(evaluation.mate) && evaluation.mate !== 0) cp = evaluation.mate > 0 ? EVAL_CAP_CP : -EVAL_CAP_CP;
  else if (Number.isFinite(evaluation.cp)) cp = Math.max(-EVAL_CAP_CP, Math.min(EVAL_CAP_CP, evaluation.cp));
  else return null;
  return 50 + 50 * (2 / (1 + Math.exp(-WIN_CHANCE_SLOPE * cp)) - 1);
}
