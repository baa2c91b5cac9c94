// The move list: the movetext of the Game's own PGN, split into rows at each move
// number, so every variant keeps the way it writes turns (Marseillais `e4,d4`,
// Avalanche `d4/e6`, Progressive one number per series). Text only, via textContent.

const RESULT = /^(1-0|0-1|1\/2-1\/2|\*)$/;
const NUMBER = /^(\d+)\.(\.\.)?$/;

/**
 * The move tokens and move numbers of PGN movetext, in order: comments (`{…}`, `;…`),
 * variations (`( … )`, nested) and NAGs (`$1`), which the Game writes since it keeps
 * them, are left out (comments are shown from the model's list).
 */
function movetextWords(movetext) {
  const words = [];
  let depth = 0;
  for (let i = 0; i < movetext.length; ) {
    const ch = movetext[i];
    if (ch === '{') {
      const end = movetext.indexOf('}', i + 1);
      i = end < 0 ? movetext.length : end + 1;
    } else if (ch === ';') {
      const end = movetext.indexOf('\n', i + 1);
      i = end < 0 ? movetext.length : end + 1;
    } else if (ch === '(' || ch === ')') {
      depth = Math.max(0, depth + (ch === '(' ? 1 : -1));
      i++;
    } else if (/\s/.test(ch)) {
      i++;
    } else {
      let end = i;
      while (end < movetext.length && !/[\s{}();]/.test(movetext[end])) end++;
      const word = movetext.slice(i, end);
      if (depth === 0 && !word.startsWith('$')) words.push(word);
      i = end;
    }
  }
  return words;
}

/** Splits PGN movetext into rows: [{number: '12.', tokens: ['e4', 'e5']}]. */
export function movetextRows(pgn) {
  const body = pgn.replace(/^\s*\[[^\]\n]*\]\s*$/gm, '');
  const rows = [];
  for (const token of movetextWords(body)) {
    if (!token || RESULT.test(token)) continue;
    // A number glued to its move ("1.e4") is split.
    const glued = /^(\d+\.(?:\.\.)?)(\S+)$/.exec(token);
    const parts = glued && !NUMBER.test(token) ? [glued[1], glued[2]] : [token];
    for (const part of parts) {
      // "1..." after a comment or variation continues row "1.".
      const resumes = part.endsWith('...') && rows.at(-1)?.number === part.slice(0, -2);
      if (resumes) continue;
      if (NUMBER.test(part)) rows.push({ number: part, tokens: [] });
      else if (rows.length) rows.at(-1).tokens.push(part);
      else rows.push({ number: '', tokens: [part] });
    }
  }
  return rows;
}

/**
 * Fills the <ol id="moves"> with the rows; the last token is marked current. Comments
 * from an imported PGN ([{after, text}], `after` = move tokens before it) follow
 * their move, as text.
 */
export function renderMoveList(list, pgn, comments = []) {
  const rows = movetextRows(pgn);
  const byToken = new Map();
  for (const comment of comments) {
    if (!byToken.has(comment.after)) byToken.set(comment.after, []);
    byToken.get(comment.after).push(comment.text);
  }
  const commentSpan = (text) => {
    const span = document.createElement('span');
    span.className = 'move-comment';
    span.textContent = text;
    return span;
  };
  const items = [];
  if (byToken.has(0)) {
    const li = document.createElement('li');
    li.className = 'move-row comment-row';
    li.append(...byToken.get(0).map(commentSpan));
    items.push(li);
  }
  let count = 0;
  rows.forEach((row, i) => {
    const li = document.createElement('li');
    li.className = 'move-row';
    const number = document.createElement('span');
    number.className = 'move-number';
    number.textContent = row.number;
    li.append(number);
    row.tokens.forEach((token, j) => {
      const span = document.createElement('span');
      span.className = 'move-token';
      span.textContent = token;
      if (i === rows.length - 1 && j === row.tokens.length - 1) {
        span.classList.add('current');
        span.setAttribute('aria-current', 'step');
      }
      li.append(' ', span); // spaces keep the text readable when copied or spoken
      count++;
      for (const text of byToken.get(count) ?? []) li.append(' ', commentSpan(text));
    });
    items.push(li);
  });
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
  return rows;
}
