// Whether a stored game analysis is what the page wrote: the report of Engine.analyseGame
// (js/engine.d.ts, GameReport; docs/analysis.md) checked field by field, every field the
// page reads, so a record that storage changed is dropped whole (stored-records.js)
// instead of failing later in the graph, the summary or the arrows. Pure: no storage.

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const finite = (value) => typeof value === 'number' && Number.isFinite(value);
const nullOr = (check) => (value) => value === null || check(value);
const isString = (value) => typeof value === 'string';
const percent = (value) => finite(value) && value >= 0 && value <= 100;
const count = (value) => Number.isSafeInteger(value) && value >= 0;
const MARKS = new Set(['inaccuracy', 'mistake', 'blunder']);
const CAUSES = new Set(['win-chance', 'missed-mate', 'allowed-mate']);
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2']);

/** An evaluation as the engine writes it: {cp}, {mate} or {result}, nothing else. */
export function isEvaluation(value) {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  if ('cp' in value) return Number.isSafeInteger(value.cp) && Math.abs(value.cp) <= 1_000_000;
  if ('mate' in value) return Number.isSafeInteger(value.mate) && value.mate !== 0 && Math.abs(value.mate) <= 10_000;
  return RESULTS.has(value.result);
}

const isSquare = (value) => typeof value === 'string' && /^[a-h][1-8]$/.test(value);
const optional = (check) => (value) => value === undefined || check(value);

/** An action of a best line's first turn, every field the arrows and the words read. */
const isTurnMove = (move) =>
  isObject(move) &&
  isString(move.san) &&
  isString(move.kind) &&
  /^[pnbrqk]$/.test(move.piece) &&
  optional(isSquare)(move.from) &&
  isSquare(move.to) &&
  optional((path) => Array.isArray(path) && path.every(isSquare))(move.path) &&
  optional((board) => board === 'a' || board === 'b')(move.board) &&
  typeof move.endsTurn === 'boolean';

const isBest = (best) =>
  isObject(best) &&
  isString(best.uci) &&
  isString(best.san) &&
  Array.isArray(best.pv) &&
  best.pv.every(isString) &&
  Array.isArray(best.pvSan) &&
  best.pvSan.every(isString) &&
  // Lines as data (`actions`, `turn`); a report stored before has neither.
  optional((actions) => Array.isArray(actions) && actions.every(count))(best.actions) &&
  optional((turn) => Array.isArray(turn) && turn.every(isTurnMove))(best.turn);

const isCounts = (counts) => isObject(counts) && [...MARKS].every((mark) => count(counts[mark]));

/** One action of a report, every field the page reads (docs/analysis.md, PlyReport). */
function isPly(ply, index) {
  return (
    isObject(ply) &&
    ply.ply === index &&
    count(ply.turn) &&
    typeof ply.endsTurn === 'boolean' &&
    (ply.color === 'w' || ply.color === 'b') &&
    isString(ply.san) &&
    isString(ply.uci) &&
    nullOr(isEvaluation)(ply.eval) &&
    nullOr(isBest)(ply.best) &&
    nullOr(percent)(ply.winBefore) &&
    nullOr(percent)(ply.winAfter) &&
    typeof ply.forced === 'boolean' &&
    nullOr((mark) => MARKS.has(mark))(ply.class) &&
    nullOr((cause) => CAUSES.has(cause))(ply.cause)
  );
}

/** Whether `report` is a game analysis report of `plies` actions, as Engine.analyseGame gives it. */
export function isReport(report, plies) {
  return (
    isObject(report) &&
    Array.isArray(report.plies) &&
    report.plies.length === plies &&
    report.plies.every(isPly) &&
    nullOr(isEvaluation)(report.start) &&
    isObject(report.accuracy) &&
    nullOr(percent)(report.accuracy.w) &&
    nullOr(percent)(report.accuracy.b) &&
    isObject(report.counts) &&
    isCounts(report.counts.w) &&
    isCounts(report.counts.b) &&
    typeof report.complete === 'boolean'
  );
}

/**
 * The stored game analysis ({version: 1, key, report, pgn}) checked: {key, report, pgn}
 * or null. `key` names the game (rule set, start, actions: one line each), so the
 * report has one action per action of it.
 */
export function checkStoredAnalysis(data) {
  if (!isObject(data) || data.version !== 1) return null;
  const { key, report, pgn } = data;
  if (!isString(key) || !isString(pgn)) return null;
  const lines = key.split('\n');
  if (lines.length !== 3) return null;
  const plies = lines[2].split(' ').filter(Boolean).length;
  return isReport(report, plies) ? { key, report, pgn } : null;
}
