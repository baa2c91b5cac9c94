// Checks and normalises the options of `Engine.analyse()` (main thread) and of the
// worker's `analyse` message, so a bad limit is refused before anything changes.

import { ErrorKinds, typedError } from './errors.js';

/** With no limit at all, an analysis thinks this long (milliseconds). */
export const DEFAULT_MOVETIME = 1000;
/** The deepest `depth` accepted. */
export const MAX_DEPTH = 64;
/** The most lines `multipv` may ask for (the session's MultiPV limit). */
export const MAX_MULTIPV = 64;

const invalid = (message) => typedError(ErrorKinds.InvalidArgument, message);

function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

function wholeNumber(options, key, min, max) {
  const value = options[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const shown = typeof value === 'number' ? value : typeName(value);
    throw invalid(`${key} must be a whole number from ${min} to ${max}, not ${shown}`);
  }
  return value;
}

/**
 * `{fen, moves, depth, movetime, nodes, multipv, infinite}` → `{fen, moves, limits,
 * multipv}` for the worker. Throws an InvalidArgumentError for a value of the wrong type
 * or out of range. With no limit, the search gets `movetime: DEFAULT_MOVETIME`.
 */
export function normaliseAnalyseOptions(options) {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw invalid(`analyse() takes an options object, not ${typeName(options)}`);
  }
  if (options.multiPv !== undefined) {
    // Renamed in 0.2.0 to the spelling of UCI info lines (and `Info.multipv`).
    throw invalid('the option multiPv is spelled multipv');
  }
  const { fen, moves, infinite } = options;
  if (fen !== undefined && fen !== null && typeof fen !== 'string') {
    throw invalid(`fen must be a string, not ${typeName(fen)}`);
  }
  if (moves !== undefined && moves !== null) {
    if (!Array.isArray(moves)) throw invalid(`moves must be an array of UCI strings, not ${typeName(moves)}`);
    const bad = moves.findIndex((m) => typeof m !== 'string');
    if (bad >= 0) throw invalid(`moves[${bad}] must be a string, not ${typeName(moves[bad])}`);
  }
  if (infinite !== undefined && typeof infinite !== 'boolean') {
    throw invalid(`infinite must be true or false, not ${typeName(infinite)}`);
  }
  const limits = {};
  const depth = wholeNumber(options, 'depth', 1, MAX_DEPTH);
  const movetime = wholeNumber(options, 'movetime', 1, Number.MAX_SAFE_INTEGER);
  const nodes = wholeNumber(options, 'nodes', 1, Number.MAX_SAFE_INTEGER);
  const multipv = wholeNumber(options, 'multipv', 1, MAX_MULTIPV);
  if (depth !== undefined) limits.depth = depth;
  if (movetime !== undefined) limits.movetime = movetime;
  if (nodes !== undefined) limits.nodes = nodes;
  if (infinite) limits.infinite = true;
  if (Object.keys(limits).length === 0) limits.movetime = DEFAULT_MOVETIME;
  return {
    fen: typeof fen === 'string' ? fen : null,
    moves: moves ? [...moves] : [],
    limits,
    multipv,
  };
}
