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

// Side lines cost a replay each (their tokens played from the position before them, for
// the previews), so a PGN with thousands of them must not replay or draw them all: the
// list shows a few per action and a bounded number in all, the rest behind a "more"
// button per action (showMoreSideLines), and a replayed line is remembered.
/** Side lines shown per action before its "more" button. */
const SIDE_LINES_PER_ACTION = 3;
/** Side lines a press of "more" adds. */
const SIDE_LINES_STEP = 50;
/** Tokens of side lines replayed and drawn per render, in all (those asked for with "more" aside). */
const SIDE_LINE_TOKENS = 600;
/** Tokens drawn of one side line; the rest is said as a count. */
const TOKENS_PER_LINE = 120;
/** Replayed lines remembered (variant, start and tokens → the positions after each). */
const REPLAYS_KEPT = 2000;

const replays = new Map();
/** Per list: the game its side lines belong to, and how many each action shows ({key, shown: Map<ply, count>}). */
const sideLineState = new WeakMap();

/** `tokens` played from `before`, remembered (a line is replayed once, not at every redraw). */
function replayed(Game, variantId, before, tokens, joiner) {
  const key = `${variantId}\n${before}\n${tokens.join(' ')}`;
  let played = replays.get(key);
  if (!played) {
    if (replays.size >= REPLAYS_KEPT) replays.clear();
    played = playVariation(Game, variantId, before, tokens, joiner);
    replays.set(key, played);
  }
  return played;
}

/**
 * A side line played from `before` (a FEN) instead of `replaced`, indented on its own
 * line: `(1... c5 2. Nf3)`, each token a button that previews the position after it
 * (at most TOKENS_PER_LINE of them, then how many more).
 */
function variationSpan(game, variant, notation, before, replaced, tokens) {
  const span = document.createElement('span');
  span.className = 'move-variation';
  const drawn = tokens.slice(0, TOKENS_PER_LINE);
  const played = replayed(game.constructor, variant.id, before, drawn, notation.joiner);
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
  if (tokens.length > drawn.length) span.append(` … ${tokens.length - drawn.length} more`);
  span.append(')');
  return span;
}

/** The button that shows more of action `ply`'s side lines (`hidden` of them not shown). */
function moreSideLinesButton(ply, hidden, shown) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'more-side-lines';
  button.dataset.moreSideLines = String(ply);
  const count = hidden.toLocaleString('en');
  button.textContent = shown ? `+ ${count} more side line${hidden === 1 ? '' : 's'}` : `${count} side line${hidden === 1 ? '' : 's'}`;
  return button;
}

/** The game's side lines are those of its start and actions: a new game has new ones. */
function gameKey(game, history) {
  return `${game.variant()} ${history.length ? history[0].before : game.fen()} ${history.map((move) => move.lan).join(' ')}`;
}

/** Shows up to SIDE_LINES_STEP more side lines of action `ply` (1-based) at the next render of `list`. */
export function showMoreSideLines(list, ply) {
  const state = sideLineState.get(list);
  if (!state) return;
  state.shown.set(ply, (state.shown.get(ply) ?? 0) + SIDE_LINES_STEP);
}

/** Rows built per render (the ones nearest the end and the current one first); the rest follow in later tasks. */
const ROWS_PER_TASK = 100;

/** Per list: the rows built for the game drawn ({key, rows: Map<signature, li>}) and the render waiting to finish. */
const built = new WeakMap();

/**
 * Fills the list from `history` (verbose moves); `game` gives the comments; `variant`
 * is the rule set's VariantInfo; `nags[i]` are the NAGs shown after action i (see
 * game-marks.js); `reviewing` is the number of actions shown while looking back (null:
 * the game as it stands), and that action is marked current; `variations[i]` are the
 * side lines of action i (variations.js), shown after it, each token a button that
 * previews its position (`data-preview-fen`, `data-caption`); where there are more
 * than the list draws, a button (`data-more-side-lines`: the action) shows more.
 *
 * A long game's list is not rebuilt at every redraw: each row is kept by what it
 * shows and reused while that stays the same, and at most ROWS_PER_TASK new rows are
 * built at once (the last ones and the current one first), the earlier ones in the
 * tasks after, so neither an import nor a reload holds the page.
 */
export function renderMoveList(list, history, game, variant, reviewing = null, nags = [], variations = []) {
  const comments = new Map();
  for (const { fen, comment } of game.getComments()) {
    const text = commentText(comment); // `[%eval]`, `[%cal]`: shown as the graph and the arrows
    if (text) comments.set(fen, text);
  }
  const current = reviewing ?? history.length;
  const notation = turnNotation(variant);
  const key = gameKey(game, history);
  if (sideLineState.get(list)?.key !== key) sideLineState.set(list, { key, shown: new Map() });
  const asked = sideLineState.get(list).shown;
  // What each row shows, as data (no DOM yet), with the signature it is kept by.
  const plans = [];
  const startComment = comments.get(history.length ? history[0].before : game.fen());
  if (startComment) plans.push({ startComment, signature: `start\n${startComment}` });
  let budget = SIDE_LINE_TOKENS;
  for (const row of rowsOf(turnsOf(history), notation, startsMidTurn(game, history))) {
    const parts = [row.number];
    const sideLines = new Map(); // ply -> the lines shown after it
    let hasCurrent = false;
    for (const turn of row.turns) {
      for (const ply of turn.plies) {
        hasCurrent ||= ply === current;
        const lines = variations[ply - 1] ?? [];
        let shown = 0;
        if (lines.length) {
          // The first few (or as many as asked for), while the render's budget lasts.
          const wanted = SIDE_LINES_PER_ACTION + (asked.get(ply) ?? 0);
          for (const line of lines.slice(0, wanted)) {
            if (budget <= 0 && !asked.has(ply)) break;
            budget -= Math.min(line.length, TOKENS_PER_LINE);
            shown++;
          }
          sideLines.set(ply, { lines, shown });
        }
        parts.push(`${ply}:${history[ply - 1].san}:${(nags[ply - 1] ?? []).join(',')}:${ply === current}:${shown}/${lines.length}:${comments.get(history[ply - 1].after) ?? ''}`);
      }
    }
    plans.push({ row, sideLines, hasCurrent, signature: parts.join('\n') });
  }

  const cache = built.get(list)?.key === key ? built.get(list).rows : new Map();
  const rows = new Map();
  // Built first: the current row and the last ones (what the person sees), then upwards.
  const order = plans.map((_, i) => plans.length - 1 - i);
  const currentIndex = plans.findIndex((plan) => plan.hasCurrent);
  if (currentIndex >= 0) order.unshift(currentIndex);
  let fresh = 0;
  const items = new Array(plans.length).fill(null);
  for (const i of order) {
    if (items[i]) continue;
    const plan = plans[i];
    let li = cache.get(plan.signature);
    if (!li) {
      if (fresh >= ROWS_PER_TASK) continue;
      li = plan.startComment ? startRow(plan.startComment) : buildRow(plan, { history, game, variant, notation, current, nags, comments });
      fresh++;
    }
    items[i] = li;
    rows.set(plan.signature, li);
  }
  const shown = items.filter(Boolean);
  built.set(list, { key, rows });
  // Only what changed is touched: a kept row that is already in place stays.
  shown.forEach((li, i) => {
    const at = list.children[i];
    if (at !== li) list.insertBefore(li, at ?? null);
  });
  while (list.children.length > shown.length) list.lastElementChild.remove();
  if (reviewing === null) list.scrollTop = list.scrollHeight;
  else list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  if (shown.length < plans.length) finishLater(list, [list, history, game, variant, reviewing, nags, variations]);
}

/** Renders `list` again in a later task, with the arguments of its latest render, to build the rows still missing. */
function finishLater(list, args) {
  const state = built.get(list);
  state.latest = args;
  if (state.pending) return;
  state.pending = setTimeout(() => {
    state.pending = null;
    // A newer render of another game may have replaced this state: it schedules its own.
    if (built.get(list) === state && list.isConnected) renderMoveList(...state.latest);
  }, 0);
}

function commentSpan(text) {
  const span = document.createElement('span');
  span.className = 'move-comment';
  span.textContent = text;
  return span;
}

/** The row of the comment before the first action. */
function startRow(text) {
  const li = document.createElement('li');
  li.className = 'move-row comment-row';
  li.append(commentSpan(text));
  return li;
}

/** One numbered row of the list, as `plan` says (its turns, their marks, comments and side lines). */
function buildRow(plan, { history, game, variant, notation, current, nags, comments }) {
  const { row, sideLines } = plan;
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
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'move-token';
        button.dataset.ply = String(ply);
        button.textContent = history[ply - 1].san;
        if (ply === current) {
          button.classList.add('current');
          button.setAttribute('aria-current', 'step');
        }
        const marks = glyphs(nags[ply - 1]);
        if (marks.length) button.setAttribute('aria-label', [button.textContent, ...marks.map((m) => m.title.toLowerCase())].join(', '));
        group.append(button, ...marks);
      });
      li.append(' ', group); // spaces keep the text readable when copied or spoken
      for (const ply of plies) {
        const text = comments.get(history[ply - 1].after);
        if (text) li.append(' ', commentSpan(text));
        const side = sideLines.get(ply);
        if (!side) continue;
        // A side line replaces the whole token it follows (a joined turn from its first action).
        const before = history[plies[0] - 1].before;
        const replaced = plies.map((p) => history[p - 1].san).join(notation.joiner || ' ');
        for (const line of side.lines.slice(0, side.shown)) li.append(variationSpan(game, variant, notation, before, replaced, line));
        if (side.lines.length > side.shown) li.append(moreSideLinesButton(ply, side.lines.length - side.shown, side.shown));
      }
    }
  }
  return li;
}
