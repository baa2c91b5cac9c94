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

/** The actions grouped into turns: [{color, first, plies: [1-based ply, ...]}] (the last may be unfinished). */
export function turnsOf(history) {
  const turns = [];
  let open = null;
  history.forEach((move, i) => {
    if (!open) {
      open = { color: move.color, first: move, plies: [] };
      turns.push(open);
    }
    open.plies.push(i + 1);
    if (move.endsTurn) open = null;
  });
  return turns;
}

/**
 * The rows of the list: [{number: '12.' | '12...', turns: [turn, ...]}]. A game that
 * starts in the middle of a turn resumes it as `12...`, as its PGN does.
 */
export function rowsOf(turns, notation, startsMidTurn) {
  const rows = [];
  for (const turn of turns) {
    const { number, opensRow } = notation.number(turn.first);
    const resumes = !rows.length && startsMidTurn;
    if ((opensRow && !resumes) || !rows.length) rows.push({ number: opensRow && !resumes ? `${number}.` : `${number}...`, turns: [turn] });
    else rows.at(-1).turns.push(turn);
  }
  return rows;
}

/** Whether a position with this `turnState()` is inside a turn (actions of it played, or its push to come). */
export function insideTurn(state) {
  return state.played > 0 || state.phase === 'push';
}

let startTurn = { key: null, midTurn: false };

/** Whether the game's start position is inside a turn (asked of the Game, once per start). */
export function startsMidTurn(game, history) {
  if (!history.length) return false;
  const key = `${game.variant()} ${history[0].before}`;
  if (startTurn.key !== key) {
    const copy = game.clone();
    try {
      while (copy.undo());
      startTurn = { key, midTurn: insideTurn(copy.turnState()) };
    } finally {
      copy.free();
    }
  }
  return startTurn.midTurn;
}

/**
 * The actions of `history` (verbose moves) as the rule set's PGN writes them, in rows
 * under their move numbers, each turn one token (`e4,d4` in Marseillais, `d4/e6` in
 * Avalanche): [{number: '12.', tokens: ['e4,d4', 'e5']}]. `midTurn`: the first action
 * continues a turn begun before it.
 */
export function writtenRows(history, variant, midTurn = false) {
  const notation = turnNotation(variant);
  const written = (turn) => turn.plies.map((ply) => history[ply - 1].san);
  return rowsOf(turnsOf(history), notation, midTurn).map((row) => ({
    number: row.number,
    tokens: row.turns.flatMap((turn) => (notation.joiner ? [written(turn).join(notation.joiner)] : written(turn))),
  }));
}

/**
 * One label per action of `history`: its move number and, where a turn is written as
 * one token, the turn's actions so far ("12. Nf3", "12… Nc6", "3. e4,d4").
 */
export function actionLabels(history, variant, midTurn = false) {
  const notation = turnNotation(variant);
  const labels = [];
  turnsOf(history).forEach((turn, index) => {
    const { number } = notation.number(turn.first);
    const mark = turn.color === 'w' && !(index === 0 && midTurn) ? '.' : '…';
    let sofar = '';
    for (const ply of turn.plies) {
      const san = history[ply - 1].san;
      sofar = notation.joiner && sofar ? `${sofar}${notation.joiner}${san}` : san;
      labels.push(`${number}${mark} ${sofar}`);
    }
  });
  return labels;
}
