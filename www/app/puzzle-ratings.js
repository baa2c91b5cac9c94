// The person's puzzle record in the browser: per rule set a Glicko-2 rating
// (glicko2.js) with its deviation and volatility, the puzzles played, the streak
// (puzzles solved in a row without a mistake, a hint or the solution), the puzzles
// played recently (not offered again soon) and the puzzle in hand. One rating per rule
// set, not one overall: a 1500 in Racing Kings says nothing about Alice, and the
// miner's difficulty scale is per rule set. The page stores it as JSON under
// PUZZLES_KEY (storedRecords / readRecords give and read that shape); whatever is read
// back is checked field by field, and a corrupt or hostile value gives way to a new
// record, never an exception. Pure: the caller does the storage.

import { NEW_PLAYER, rate } from './glicko2.js';

export const PUZZLES_KEY = 'alfiere.puzzles.v1';

/**
 * The deviation every puzzle is rated with: its rating is the miner's estimate from a
 * formula, not from thousands of plays, so it is taken as about as unsure as a settled
 * player's rating (Glicko's 100 ≈ a 95% interval of ±200).
 */
export const PUZZLE_DEVIATION = 100;
/**
 * The person's deviation stays within these bounds: Glicko-2 with one game per period
 * shrinks it below 50 after a few hundred puzzles, and then a puzzle hardly moves the
 * rating; the floor keeps every puzzle worth a few points (lichess bounds its puzzle
 * deviations the same way). 350 is a new player's.
 */
export const MIN_DEVIATION = 50;
export const MAX_DEVIATION = NEW_PLAYER.deviation;
/** How many of the last puzzles played per rule set are remembered (and not offered again soon). */
export const RECENT_LIMIT = 150;

const PUZZLE_ID = /^[0-9a-z]{5}$/;
const RULE_SET_ID = /^[a-z][a-z0-9-]{1,30}$/;

/** A new rule set's record. */
export function newRecord() {
  return { ...NEW_PLAYER, played: 0, streak: 0, recent: [], current: null };
}

const finiteIn = (value, min, max) => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/**
 * One rule set's record as stored, checked field by field: the record, or null when any
 * field is wrong (a record is used whole or not at all; half a rating is no rating).
 * The rating triple must be there; a count, the recent puzzles or the puzzle in hand
 * that is missing (a record of an older page) starts as a new record's.
 */
export function sanitizeRecord(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  if (!finiteIn(data.rating, 0, 4000) || !finiteIn(data.deviation, MIN_DEVIATION, MAX_DEVIATION) || !finiteIn(data.volatility, 0.0001, 1)) return null;
  const record = newRecord();
  record.rating = data.rating;
  record.deviation = data.deviation;
  record.volatility = data.volatility;
  const given = (name) => data[name] !== undefined;
  for (const name of ['played', 'streak']) {
    if (!given(name)) continue;
    if (!Number.isSafeInteger(data[name]) || data[name] < 0) return null;
    record[name] = data[name];
  }
  if (given('recent')) {
    if (!Array.isArray(data.recent) || !data.recent.every((id) => typeof id === 'string' && PUZZLE_ID.test(id))) return null;
    record.recent = data.recent.slice(-RECENT_LIMIT);
  }
  if (given('current') && data.current !== null) {
    if (typeof data.current !== 'string' || !PUZZLE_ID.test(data.current)) return null;
    record.current = data.current;
  }
  return record;
}

/**
 * Every rule set's record (a Map from rule-set id) from the value stored under
 * PUZZLES_KEY; a rule set's record that is not what the page wrote is left out, and
 * `problems` (if given) is told ('puzzle ratings', once).
 */
export function readRecords(stored, problems = []) {
  const records = new Map();
  const fine = stored?.version === 1 && stored.ruleSets && typeof stored.ruleSets === 'object' && !Array.isArray(stored.ruleSets);
  let bad = stored !== null && stored !== undefined && !fine;
  for (const [id, data] of Object.entries(fine ? stored.ruleSets : {})) {
    const record = RULE_SET_ID.test(id) ? sanitizeRecord(data) : null;
    if (record) records.set(id, record);
    else bad = true;
  }
  if (bad) problems.push('puzzle ratings');
  return records;
}

/** The value to store under PUZZLES_KEY. */
export function storedRecords(records) {
  return { version: 1, ruleSets: Object.fromEntries(records) };
}

/**
 * The record after a puzzle: `solved` is true only for a clean solve (no mistake, no
 * hint, no solution), which counts as a win against the puzzle; anything else is a
 * loss. The puzzle joins the recent ones and stops being the one in hand. Returns the
 * new record and the rating change.
 */
export function recordResult(record, { id, rating, solved }) {
  const next = rate(record, [{ rating, deviation: PUZZLE_DEVIATION, score: solved ? 1 : 0 }]);
  const deviation = Math.min(MAX_DEVIATION, Math.max(MIN_DEVIATION, next.deviation));
  const recent = [...record.recent.filter((seen) => seen !== id), id].slice(-RECENT_LIMIT);
  const updated = {
    rating: next.rating,
    deviation,
    volatility: next.volatility,
    played: record.played + 1,
    streak: solved ? record.streak + 1 : 0,
    recent,
    current: record.current === id ? null : record.current,
  };
  return { record: updated, change: Math.round(updated.rating) - Math.round(record.rating) };
}

/** The record after a puzzle that could not be played: no longer in hand, held back like a played one, unrated. */
export function recordSkipped(record, id) {
  return { ...record, recent: [...record.recent.filter((seen) => seen !== id), id].slice(-RECENT_LIMIT), current: record.current === id ? null : record.current };
}

/**
 * Whether a rating is still provisional (shown with a `?`, as lichess does): its
 * deviation is above this, i.e. the person has played only a few puzzles.
 */
export const PROVISIONAL_DEVIATION = 110;

/** The rating as the page says it: `1523` or `1500?` while provisional. */
export function ratingText(record) {
  return `${Math.round(record.rating)}${record.deviation > PROVISIONAL_DEVIATION ? '?' : ''}`;
}
