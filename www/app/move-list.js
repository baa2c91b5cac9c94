// The move list: the movetext of the Game's own PGN, split into rows at each move
// number, so every variant keeps the way it writes turns (Marseillais `e4,d4`,
// Avalanche `d4/e6`, Progressive one number per series). Each action in it is a
// button that shows the position after it; comments the Game keeps (from an imported
// PGN) follow their action. Text only, via textContent.

import { NAG_GLYPH, NAG_WORDS } from './game-marks.js';
import { commentText } from './comment-commands.js';

const RESULT = /^(1-0|0-1|1\/2-1\/2|\*)$/;
const NUMBER = /^(\d+)\.(\.\.)?$/;

/**
 * The move tokens and move numbers of PGN movetext, in order: comments (`{…}`, `;…`),
 * variations (`( … )`, nested) and NAGs (`$1`), which the Game writes since it keeps
 * them, are left out (comments are matched to their action by position).
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
function movetextRows(pgn) {
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
 * Splits a movetext token into its actions, matched against the SANs played from
 * `next`: [{san, ply, separator}], or null when the token is not those actions.
 */
function actionsOf(token, sans, next) {
  const parts = [];
  let rest = token;
  let i = next;
  while (rest && i < sans.length && rest.startsWith(sans[i])) {
    rest = rest.slice(sans[i].length);
    const separator = /^[,/]/.test(rest) ? rest[0] : '';
    parts.push({ san: sans[i], ply: i + 1, separator });
    rest = rest.slice(separator.length);
    i++;
    if (!separator) break;
  }
  return rest === '' && parts.length ? parts : null;
}

/**
 * The glyphs of an action's NAGs ($1..$6 as ! ? !! ?? !? ?!), each coloured by its
 * class and titled with its meaning; other NAGs have no glyph and are left out.
 */
function glyphs(nags = []) {
  return nags
    .filter((nag) => NAG_GLYPH[nag])
    .map((nag) => {
      const span = document.createElement('span');
      span.className = `move-glyph nag-${nag}`;
      span.textContent = NAG_GLYPH[nag];
      span.title = NAG_WORDS[nag];
      return span;
    });
}

/**
 * Fills the list from the game's PGN text and `history` (verbose moves); `game` gives
 * the comments; `nags[i]` are the NAGs shown after action i (the game's own and the
 * analysis's marks, see game-marks.js); `reviewing` is the number of actions shown while looking back (null:
 * the game as it stands), and that action is marked current.
 */
export function renderMoveList(list, pgn, history, game, reviewing = null, nags = []) {
  const comments = new Map();
  for (const { fen, comment } of game.getComments()) {
    const text = commentText(comment); // `[%eval]`, `[%cal]`: shown as the graph and the arrows
    if (text) comments.set(fen, text);
  }
  const sans = history.map((move) => move.san);
  const current = reviewing ?? history.length;
  const commentSpan = (text) => {
    const span = document.createElement('span');
    span.className = 'move-comment';
    span.textContent = text;
    return span;
  };
  const items = [];
  const startComment = comments.get(history.length ? history[0].before : game.fen());
  if (startComment) {
    const li = document.createElement('li');
    li.className = 'move-row comment-row';
    li.append(commentSpan(startComment));
    items.push(li);
  }
  let next = 0;
  for (const row of movetextRows(pgn)) {
    const li = document.createElement('li');
    li.className = 'move-row';
    const number = document.createElement('span');
    number.className = 'move-number';
    number.textContent = row.number;
    li.append(number);
    for (const token of row.tokens) {
      const actions = actionsOf(token, sans, next) ?? [];
      const group = document.createElement('span');
      group.className = 'move-turn';
      if (!actions.length) group.textContent = token;
      for (const { san, ply, separator } of actions) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'move-token';
        button.dataset.ply = String(ply);
        button.textContent = san;
        if (ply === current) {
          button.classList.add('current');
          button.setAttribute('aria-current', 'step');
        }
        group.append(button, ...glyphs(nags[ply - 1]));
        if (separator) group.append(separator);
      }
      li.append(' ', group); // spaces keep the text readable when copied or spoken
      next += actions.length;
      for (const { ply } of actions) {
        const text = comments.get(history[ply - 1].after);
        if (text) li.append(' ', commentSpan(text));
      }
    }
    items.push(li);
  }
  list.replaceChildren(...items);
  if (reviewing === null) list.scrollTop = list.scrollHeight;
  else list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}
