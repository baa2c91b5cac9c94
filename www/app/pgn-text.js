// What the page keeps from an imported PGN text that the Game does not: the tag pairs
// of the first game (shown as the players' names and the event) and the comments of
// its main line, keyed by the index of the move token they follow. Everything read
// here is plain text and is only ever put into the page with textContent.

const MAX_TAGS = 64;
const MAX_TEXT = 200;
const MAX_COMMENT = 2000;
const MAX_COMMENTS = 500;

/** The tag pairs before the first game's movetext. */
export function readTags(text) {
  const tags = {};
  const tagLine = /^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() && !Object.keys(tags).length) continue; // blank lines before the tags
    const match = tagLine.exec(line);
    if (!match) break; // the movetext starts
    if (Object.keys(tags).length < MAX_TAGS) tags[match[1]] = match[2].replace(/\\(["\\])/g, '$1').slice(0, MAX_TEXT);
  }
  return tags;
}

/**
 * The comments of the first game's main line: [{after, text}] where `after` is the
 * number of move tokens before the comment (0 = before the first move).
 */
export function readComments(text) {
  const comments = [];
  let i = 0;
  let depth = 0;
  let tokens = 0;
  let lineStart = true;
  let inMovetext = false;
  const n = text.length;
  while (i < n && comments.length < MAX_COMMENTS) {
    const ch = text[i];
    if (lineStart && ch === '[' && depth === 0) {
      if (inMovetext) break; // the next game's tags
      i = skipLine(text, i);
      continue;
    }
    if (ch === '\n') {
      lineStart = true;
      i++;
      continue;
    }
    lineStart = false;
    if (ch === '{') {
      const end = text.indexOf('}', i + 1);
      const body = text.slice(i + 1, end < 0 ? n : end).trim();
      if (depth === 0 && body) comments.push({ after: tokens, text: body.slice(0, MAX_COMMENT) });
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (ch === ';') {
      i = skipLine(text, i);
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (/\s|\(|\)/.test(ch)) {
      i++;
      continue;
    }
    // A token: up to whitespace or a bracket.
    let j = i;
    while (j < n && !/[\s{}();]/.test(text[j])) j++;
    const token = text.slice(i, j).replace(/^\d+\.+/, '');
    inMovetext = true;
    if (depth === 0 && token && !/^\$\d+$/.test(token) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token) && !/^\d+\.*$/.test(token)) {
      tokens++;
    }
    i = j;
  }
  return comments;
}

function skipLine(text, i) {
  const end = text.indexOf('\n', i);
  return end < 0 ? text.length : end + 1;
}
