// The main line of a game as its own PGN writes it, so each rule set keeps its own
// numbering (Progressive numbers its series) and its way of writing a turn (Marseillais
// `e4,d4`, Avalanche `d4/e6`): split into numbered rows (engine lines in the analysis
// panel), and one label per action with its number and the actions of its turn before
// it ("12. Nf3", "12… Nc6", "3. e4,d4": the embed's navigation). Comments, variations,
// NAGs and the result are skipped.

const NUMBER = /^(\d+)\.(?:\.\.)?$/;
const GLUED = /^(\d+\.(?:\.\.)?)(\S+)$/;
const RESULT = /^(1-0|0-1|1\/2-1\/2|\*)$/;

/** The main line's words of PGN movetext: move numbers and move tokens, in order. */
function mainLineWords(pgn) {
  const text = pgn.replace(/^\s*\[[^\]\n]*\]\s*$/gm, '');
  const words = [];
  let depth = 0;
  for (let i = 0; i < text.length; ) {
    const ch = text[i];
    if (ch === '{') {
      const end = text.indexOf('}', i + 1);
      i = end < 0 ? text.length : end + 1;
    } else if (ch === ';') {
      const end = text.indexOf('\n', i + 1);
      i = end < 0 ? text.length : end + 1;
    } else if (ch === '(' || ch === ')') {
      depth = Math.max(0, depth + (ch === '(' ? 1 : -1));
      i++;
    } else if (/\s/.test(ch)) {
      i++;
    } else {
      let end = i;
      while (end < text.length && !/[\s{}();]/.test(text[end])) end++;
      const word = text.slice(i, end);
      i = end;
      if (depth > 0 || word.startsWith('$') || RESULT.test(word)) continue;
      const glued = GLUED.exec(word);
      if (glued && !NUMBER.test(word)) words.push(glued[1], glued[2]);
      else words.push(word);
    }
  }
  return words;
}

/** The main line in rows, one per move number: [{number: '12.', tokens: ['e4,d4', 'e5']}]. */
export function movetextRows(pgn) {
  const rows = [];
  for (const word of mainLineWords(pgn)) {
    if (NUMBER.test(word)) rows.push({ number: word, tokens: [] });
    else if (rows.length) rows.at(-1).tokens.push(word);
    else rows.push({ number: '', tokens: [word] });
  }
  return rows;
}

/**
 * One label per action of `history` (verbose moves, in order), from `pgn` (the Game's
 * own PGN of that history). An action the movetext does not match is labelled by its
 * SAN alone.
 */
export function actionLabels(pgn, history) {
  const labels = history.map((move) => move.san);
  let number = null;
  let ply = 0;
  for (const word of mainLineWords(pgn)) {
    const numbered = NUMBER.exec(word);
    if (numbered) {
      number = numbered[1];
      continue;
    }
    // The token's actions: each SAN in turn, joined by the rule set's separator.
    let rest = word;
    let sofar = '';
    while (rest && ply < history.length && rest.startsWith(history[ply].san)) {
      const { san, color } = history[ply];
      rest = rest.slice(san.length);
      sofar += san;
      labels[ply] = number ? `${number}${color === 'w' ? '.' : '…'} ${sofar}` : sofar;
      ply++;
      const separator = /^[,/]/.exec(rest)?.[0] ?? '';
      if (!separator) break;
      sofar += separator;
      rest = rest.slice(1);
    }
    if (ply >= history.length) break;
  }
  return labels;
}
