// The move list: the game's actions (the Game's verbose history) in rows, each under its
// move number, grouped the way the rule set writes turns (Marseillais `e4,d4`,
// Avalanche `d4/e6`, Progressive one number per series, see turn-notation.js). Each
// action is a button that shows the position after it, followed by its NAG glyphs
// (the game's own and the analysis's marks) and the comment the Game keeps after it.
// Nothing is read from PGN text; text only, via textContent.

import { NAG_GLYPH, NAG_WORDS } from './game-marks.js';
import { commentText } from './comment-commands.js';
import { rowsOf, startsMidTurn, turnNotation, turnsOf } from './turn-notation.js';
import { playVariation } from './variations.js';

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
      span.setAttribute('aria-hidden', 'true'); // the move's button says it in words
      return span;
    });
}

/**
 * A side line played from `before` (a FEN) instead of `replaced`, indented on its own
 * line: `(1... c5 2. Nf3)`, each token a button that previews the position after it.
 */
function variationSpan(game, variant, notation, before, replaced, tokens) {
  const span = document.createElement('span');
  span.className = 'move-variation';
  const played = playVariation(game.constructor, variant.id, before, tokens, notation.joiner);
  const parts = [];
  let number = null;
  span.append('(');
  played.forEach(({ token, fen, move: last }, i) => {
    // The number of each turn that opens a row, and of the first token, as in the main line.
    const { number: n, opensRow } = notation.number(last);
    const label = i === 0 || (opensRow && n !== number) ? `${n}${last.color === 'w' ? '.' : '...'} ` : '';
    number = n;
    if (label) span.append(i ? ' ' : '', label);
    else if (i) span.append(' ');
    parts.push(`${label}${token}`);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move-token variation-token';
    button.textContent = token;
    button.dataset.previewFen = fen;
    button.dataset.caption = `Side line instead of ${replaced}: ${parts.join(' ')}.`;
    span.append(button);
  });
  span.append(')');
  return span;
}

/**
 * Fills the list from `history` (verbose moves); `game` gives the comments; `variant`
 * is the rule set's VariantInfo; `nags[i]` are the NAGs shown after action i (see
 * game-marks.js); `reviewing` is the number of actions shown while looking back (null:
 * the game as it stands), and that action is marked current; `variations[i]` are the
 * side lines of action i (variations.js), shown after it, each token a button that
 * previews its position (`data-preview-fen`, `data-caption`).
 */
export function renderMoveList(list, history, game, variant, reviewing = null, nags = [], variations = []) {
  const comments = new Map();
  for (const { fen, comment } of game.getComments()) {
    const text = commentText(comment); // `[%eval]`, `[%cal]`: shown as the graph and the arrows
    if (text) comments.set(fen, text);
  }
  const current = reviewing ?? history.length;
  const commentSpan = (text) => {
    const span = document.createElement('span');
    span.className = 'move-comment';
    span.textContent = text;
    return span;
  };
  const actionButton = (ply) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move-token';
    button.dataset.ply = String(ply);
    button.textContent = history[ply - 1].san;
    if (ply === current) {
      button.classList.add('current');
      button.setAttribute('aria-current', 'step');
    }
    return button;
  };
  const items = [];
  const startComment = comments.get(history.length ? history[0].before : game.fen());
  if (startComment) {
    const li = document.createElement('li');
    li.className = 'move-row comment-row';
    li.append(commentSpan(startComment));
    items.push(li);
  }
  const notation = turnNotation(variant);
  for (const row of rowsOf(turnsOf(history), notation, startsMidTurn(game, history))) {
    const li = document.createElement('li');
    li.className = 'move-row';
    const number = document.createElement('span');
    number.className = 'move-number';
    number.textContent = row.number;
    li.append(number);
    for (const turn of row.turns) {
      // A joined turn (e4,d4) is one group; a series written with spaces is a group per action.
      const groups = notation.joiner ? [turn.plies] : turn.plies.map((ply) => [ply]);
      for (const plies of groups) {
        const group = document.createElement('span');
        group.className = 'move-turn';
        plies.forEach((ply, i) => {
          if (i) group.append(notation.joiner);
          const button = actionButton(ply);
          const marks = glyphs(nags[ply - 1]);
          if (marks.length) button.setAttribute('aria-label', [button.textContent, ...marks.map((m) => m.title.toLowerCase())].join(', '));
          group.append(button, ...marks);
        });
        li.append(' ', group); // spaces keep the text readable when copied or spoken
        for (const ply of plies) {
          const text = comments.get(history[ply - 1].after);
          if (text) li.append(' ', commentSpan(text));
          // A side line replaces the whole token it follows (a joined turn from its first action).
          const before = history[plies[0] - 1].before;
          const replaced = plies.map((p) => history[p - 1].san).join(notation.joiner || ' ');
          for (const line of variations[ply - 1] ?? []) li.append(variationSpan(game, variant, notation, before, replaced, line));
        }
      }
    }
    items.push(li);
  }
  list.replaceChildren(...items);
  if (reviewing === null) list.scrollTop = list.scrollHeight;
  else list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}
