// Which puzzle comes next: one rated near the person's rating that they have not
// played recently. Of the puzzles left after the recent ones, the CLOSEST nearest
// the rating are the candidates and one of them is drawn at random (Math.random, or
// the generator the caller passes: the tests pass a seeded one), so the same rating
// does not always give the same puzzle and the page stays unpredictable. Pure.

/** How many of the nearest puzzles the next one is drawn from. */
export const CLOSEST = 12;

/**
 * The next puzzle of `puzzles` (each with `id` and `rating`) for a person rated
 * `rating`, avoiding the ids in `recent` (oldest first). At most half the set is ever
 * held back, the most recent first, so a small set still offers a choice; `avoid` (the
 * puzzle just played) is held back whenever another one exists. Null for no puzzles.
 */
export function chooseNextPuzzle(puzzles, { rating, recent = [], avoid = null, random = Math.random } = {}) {
  if (!puzzles.length) return null;
  const heldBack = new Set(recent.slice(-Math.floor(puzzles.length / 2)));
  if (avoid && puzzles.length > 1) heldBack.add(avoid);
  let open = puzzles.filter((puzzle) => !heldBack.has(puzzle.id));
  if (!open.length) open = puzzles.filter((puzzle) => puzzle.id !== avoid);
  if (!open.length) open = puzzles;
  const nearest = open
    .map((puzzle) => ({ puzzle, distance: Math.abs(puzzle.rating - rating) }))
    .sort((x, y) => x.distance - y.distance || (x.puzzle.id < y.puzzle.id ? -1 : 1))
    .slice(0, CLOSEST);
  const index = Math.min(nearest.length - 1, Math.floor(random() * nearest.length));
  return nearest[index].puzzle;
}
