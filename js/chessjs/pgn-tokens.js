// The main line's move tokens as written in a PGN game, for the two checks chess.js
// 1.4 makes on the text itself and the core does not: strict mode's exact SAN, and
// its refusal of a check mark after an annotation (`e4!+`). The core reads the game;
// this only lists what was written.

/** The move tokens of the main line, in order (tags, comments, variations, NAGs, move numbers and the result left out). */
export function mainLineTokens(text) {
  const tokens = [];
  let depth = 0;
  const pattern = /\[[^\]]*\]|\{[^}]*\}|;[^\n]*|\(|\)|\$\d+|\d+\.(?:\.\.)?|[^\s(){};[\]]+/g;
  for (const [token] of text.matchAll(pattern)) {
    if (token === '(') depth++;
    else if (token === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && !/^[[{;$]/.test(token) && !/^\d+\.(\.\.)?$/.test(token)
      && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token) && !/^\.+$/.test(token)) {
      tokens.push(token.replace(/^\d+\.+/, ''));
    }
  }
  return tokens;
}

/** Whether a token has a check mark after an annotation (`e4!+`), which chess.js refuses. */
export const markAfterAnnotation = (token) => /[!?][+#]/.test(token);
