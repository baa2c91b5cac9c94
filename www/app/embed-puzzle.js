// The embed's puzzle: one puzzle of the shipped set (`?puzzle=<rule set>/<id>`, read
// from `puzzles/<rule set>.csv` next to the page) or one given in the URL
// (`?variant=&fen=&moves=`, `fen` the position before the setup action), played by the
// board (loadPuzzle), with a Hint and a Solution button under it. Every message about a
// bad parameter is text; nothing from the URL or the file reaches the page as HTML.

import { parsePuzzles } from 'alfiere';

const $ = (id) => document.getElementById(id);
const RULE_SET = /^[a-z][a-z0-9-]{0,29}$/;
const PUZZLE_ID = /^[0-9a-z]{5}$/;

/** The parameters the puzzle reads (the board's `variant` is shared with it). */
export const PUZZLE_PARAMS = ['puzzle', 'moves'];

/**
 * What the URL asks for: {variant, id} (from the shipped set), {variant, fen, moves}
 * (in the URL), {error} (a message), or null (no puzzle).
 */
export function puzzleRequest(params) {
  if (params.has('puzzle')) {
    const [variant, id, ...rest] = params.get('puzzle').split('/');
    if (rest.length || !RULE_SET.test(variant ?? '') || !PUZZLE_ID.test(id ?? '')) {
      return { error: 'The puzzle parameter must be <rule set>/<puzzle id>, such as alice/a1b2c.' };
    }
    return { variant, id };
  }
  if (params.has('moves')) {
    if (!params.has('fen')) return { error: 'A puzzle in the URL needs fen (the position before the setup action) and moves.' };
    return { variant: params.get('variant') || 'chess', fen: params.get('fen'), moves: params.get('moves') };
  }
  return null;
}

/** Finds puzzle `id` in the shipped file of `variant`; throws an Error whose message says what went wrong. */
async function shippedPuzzle({ variant, id }, known) {
  if (!known.includes(variant)) throw new Error(`There is no rule set “${variant}”: expected one of ${known.join(', ')}.`);
  let response;
  try {
    response = await fetch(`puzzles/${variant}.csv`);
  } catch {
    throw new Error(`The puzzles of ${variant} could not be loaded (offline?).`);
  }
  if (!response.ok) throw new Error(`No puzzles of ${variant} are served here (${response.status}).`);
  const puzzles = parsePuzzles(await response.text(), { variant });
  const puzzle = puzzles.find((p) => p.id === id);
  if (!puzzle) throw new Error(`There is no puzzle ${id} among the ${puzzles.length} puzzles of ${variant}.`);
  return puzzle;
}

/**
 * Plays the requested puzzle on `board` (ready); `show(text)` puts a message in the
 * frame, `post(type, detail)` tells the parent. Resolves once the person is to act, or
 * once the reason it cannot is shown.
 */
export async function startPuzzle(board, request, { show, post }) {
  for (const type of ['puzzlemove', 'solved', 'failed']) {
    board.addEventListener(type, (event) => {
      post(type, event.detail);
      draw();
    });
  }
  const bar = $('embed-puzzle');
  const hint = $('puzzle-hint');
  const solution = $('puzzle-solution');
  function draw() {
    const state = board.puzzle;
    bar.hidden = !state;
    const open = state && state.status !== 'complete';
    hint.disabled = !open || state.status !== 'solving';
    solution.disabled = !open;
  }
  hint.addEventListener('click', () => board.hint());
  solution.addEventListener('click', () => board.showSolution().then(draw));
  board.addEventListener('move', draw);
  board.addEventListener('change', draw);
  let puzzle = request;
  try {
    if (request.id) puzzle = await shippedPuzzle(request, board.variants.map((v) => v.id));
  } catch (err) {
    show(err.message);
    return;
  }
  try {
    await board.loadPuzzle(puzzle);
    post('puzzle', { id: puzzle.id ?? null, variant: board.variant });
  } catch {
    // The board refused it: its `error` event carries the reason, which the embed shows.
  }
  draw();
}
