// The comment commands of PGN notes (`[%eval 0.31]`, `[%cal Ge2e4]`): the evaluation
// one carries, and a comment's words without them. Comments come from the Game
// (getComments), never from PGN text read here.

/**
 * The evaluation of a `[%eval …]` comment command (`0.31`, `-1.5`, `#3`, `#-2`,
 * optionally followed by `,depth`), in White's view; null when the text has none.
 */
export function evalInComment(text) {
  const match = /\[%eval\s+(#)?([+-]?\d+(?:\.\d+)?)(?:,\d+)?\s*\]/.exec(String(text ?? ''));
  if (!match) return null;
  const value = Number(match[2]);
  if (!Number.isFinite(value)) return null;
  return match[1] ? { mate: Math.trunc(value) } : { cp: Math.round(value * 100) };
}

/** A comment without its `[%…]` commands (what a reader is shown). */
export function commentText(text) {
  return String(text ?? '')
    .replace(/\[%[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
