// The page's own stored records read back (the settings, the players of the game in
// play, the puzzle ratings, the last game analysis): storage is shared and may hold
// anything, so each record is checked field by field by its check function, and one
// that fails any check is dropped whole (forgotten, and named in a notice), never
// half-used. The checks sit with the modules that write those records (the analysis
// report's in report-check.js).

import { read, remove } from 'alfiere/board/storage';

/**
 * The record under `key` as `check(value)` returns it (null: not acceptable), or null
 * when there is none. A record that cannot be parsed or fails its check is removed,
 * and `what` (words for it) is added to `problems`.
 */
export function readRecord(key, check, problems, what) {
  const stored = read(key);
  if (stored.status === 'absent') return null;
  let value = null;
  try {
    value = stored.status === 'ok' ? check(stored.value) : null;
  } catch {
    value = null; // a check that meets a shape it did not expect: not acceptable
  }
  if (value === null || value === undefined) {
    remove(key);
    problems.push(what);
    return null;
  }
  return value;
}

/** The notice for the records in `problems` (null when there are none). */
export function problemsNotice(problems) {
  if (!problems.length) return null;
  const list = problems.length === 1 ? problems[0] : `${problems.slice(0, -1).join(', ')} and ${problems.at(-1)}`;
  return `The stored ${list} could not be read back and ${problems.length === 1 ? 'was' : 'were'} reset.`;
}
