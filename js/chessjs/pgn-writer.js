// `pgn()` in chess.js 1.4's layout: tag lines, a blank line, movetext units of one
// move number each ("12. Nf3 {comment} Nc6"), the Result tag as the last token, and
// its greedy line filling for `maxWidth` (units are never split except those holding
// a comment, which are re-flowed word by word).

/**
 * `tags`: [name, value] pairs in order; `plies`: [{ san, color, after }] from the
 * start; `commentAt(fen)` the comment of a position or undefined; `startFen` and
 * `startMoveNumber` the game's start.
 */
export function writePgn({ tags, plies, commentAt, startFen, startMoveNumber, result }, { newline = '\n', maxWidth = 0 } = {}) {
  let head = '';
  for (const [name, value] of tags) if (value) head += `[${name} "${value}"]${newline}`;
  if (plies.length > 0) head += newline;

  const units = [];
  const withComment = (text, fen) => {
    const comment = commentAt(fen);
    if (comment === undefined) return text;
    return text ? `${text} {${comment}}` : `{${comment}}`;
  };
  let unit = withComment('', startFen);
  let moveNumber = startMoveNumber;
  plies.forEach((ply, index) => {
    if (index === 0 && ply.color === 'b') {
      unit = unit ? `${unit} ${moveNumber}. ...` : `${moveNumber}. ...`;
    } else if (ply.color === 'w') {
      if (unit) units.push(unit);
      unit = `${moveNumber}.`;
    }
    unit = withComment(`${unit} ${ply.san}`, ply.after);
    if (ply.color === 'b') moveNumber++;
  });
  // A game without moves still gives one (possibly empty) unit, so the result is
  // preceded by a space, as chess.js prints it.
  if (unit || plies.length === 0) units.push(unit);
  units.push(result);

  if (!maxWidth) return head + units.join(' ');
  return head + fillLines(units, maxWidth, newline);
}

/** Lays units out on lines of at most `maxWidth` characters (see the module doc). */
function fillLines(units, maxWidth, newline) {
  const out = [];
  let width = 0;
  const dropTrailingSpaces = () => {
    while (out.length > 0 && out[out.length - 1] === ' ') {
      out.pop();
      width--;
    }
  };
  units.forEach((unit, index) => {
    if (width + unit.length > maxWidth && unit.includes('{')) {
      for (const word of unit.split(' ')) {
        if (!word) continue;
        if (width + word.length > maxWidth) {
          dropTrailingSpaces();
          out.push(newline);
          width = 0;
        }
        out.push(word, ' ');
        width += word.length + 1;
      }
      if (out[out.length - 1] === ' ') {
        out.pop();
        width--;
      }
      return;
    }
    if (index > 0 && width + unit.length > maxWidth) {
      if (out[out.length - 1] === ' ') out.pop();
      out.push(newline);
      width = 0;
    } else if (index > 0) {
      out.push(' ');
      width++;
    }
    out.push(unit);
    width += unit.length;
  });
  return out.join('');
}
