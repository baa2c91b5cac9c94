// UCI text, both ways: parsing the engine's `info` and `bestmove` lines into the
// objects the Engine API hands out, and parsing the `position` / `go` commands the
// worker accepts as raw UCI. Pure functions, no dependencies; used by the worker
// (engine-host.js) and exported from 'alfiere/engine' for code that speaks UCI itself.

const INFO_NUMBERS = new Set(['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull', 'tbhits', 'currmovenumber']);
const GO_NUMBERS = new Set(['depth', 'nodes', 'movetime', 'wtime', 'btime', 'winc', 'binc', 'movestogo']);
const CLOCK_NUMBERS = new Set(['wtime', 'btime', 'winc', 'binc']);

/**
 * Parses one UCI `info` line: `{depth, seldepth, multipv, score: {cp} | {mate}, nodes,
 * nps, time, hashfull, pv}` with the fields the line has (`multipv` defaults to 1, `pv`
 * to []); `{string}` for `info string ...`; `null` for anything that is not an info line.
 */
export function parseInfo(line) {
  if (typeof line !== 'string') return null;
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'info') return null;
  const info = { multipv: 1, pv: [] };
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === 'string') return { string: words.slice(i + 1).join(' ') };
    if (word === 'pv') {
      info.pv = words.slice(i + 1);
      break;
    }
    if (word === 'score') {
      const kind = words[i + 1];
      const value = Number(words[i + 2]);
      if ((kind === 'cp' || kind === 'mate') && Number.isInteger(value)) {
        info.score = { [kind]: value };
        i += 2;
        const bound = words[i + 1];
        if (bound === 'lowerbound' || bound === 'upperbound') {
          info.score.bound = bound === 'lowerbound' ? 'lower' : 'upper';
          i += 1;
        }
      }
      continue;
    }
    if (word === 'currmove') {
      info.currmove = words[++i];
      continue;
    }
    if (INFO_NUMBERS.has(word)) {
      const value = Number(words[i + 1]);
      if (Number.isFinite(value)) info[word] = value;
      i += 1;
    }
  }
  return info;
}

/** Parses `bestmove <action> [ponder <action>]`: `{bestmove, ponder?}` (`bestmove` is
 * `null` for `(none)`), or `null` for another line. */
export function parseBestMove(line) {
  if (typeof line !== 'string') return null;
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'bestmove' || words.length < 2) return null;
  const result = { bestmove: words[1] === '(none)' ? null : words[1] };
  if (words[2] === 'ponder' && words[3]) result.ponder = words[3];
  return result;
}

/** The arguments of `position startpos|fen <fen> [moves ...]` as `{fen, moves}` (`fen` is
 * `null` for the start position). Throws an Error with a message for malformed text. */
export function parsePosition(args) {
  const words = args.trim().split(/\s+/).filter(Boolean);
  const at = words.indexOf('moves');
  const head = at < 0 ? words : words.slice(0, at);
  const moves = at < 0 ? [] : words.slice(at + 1);
  if (head[0] === 'startpos' && head.length === 1) return { fen: null, moves };
  if (head[0] === 'fen' && head.length > 1) return { fen: head.slice(1).join(' '), moves };
  if (head[0] === 'startpos') throw new Error("unexpected text after 'startpos'");
  if (head[0] === 'fen') throw new Error("'position fen' needs a FEN");
  throw new Error("expected 'position startpos' or 'position fen <fen>'");
}

const shown = (text) => JSON.stringify(String(text).slice(0, 32));

/** The arguments of `go` as limits for the wasm Engine (`{depth, nodes, movetime, wtime,
 * btime, winc, binc, movestogo, infinite}`), or `{perft: depth}` for `go perft <depth>`.
 * Throws an Error with a message for arguments it does not accept. */
export function parseGo(args) {
  const words = args.trim().split(/\s+/).filter(Boolean);
  if (words[0] === 'perft') {
    const depth = Number(words[1]);
    if (!Number.isInteger(depth) || depth < 0) throw new Error("'go perft' needs a depth");
    return { perft: depth };
  }
  const limits = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === 'infinite') {
      limits.infinite = true;
    } else if (GO_NUMBERS.has(word)) {
      const text = words[++i];
      if (text === undefined) throw new Error(`'go ${word}' needs a number`);
      let value = Number(text);
      // Clocks may run below zero in some GUIs: that is no time left.
      if (CLOCK_NUMBERS.has(word) && Number.isInteger(value) && value < 0) value = 0;
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new Error(`'go ${word}' needs a whole number of at least 0, not ${shown(text)}`);
      }
      limits[word] = value;
    } else if (word === 'ponder' || word === 'mate' || word === 'searchmoves') {
      throw new Error(`'go ${word}' is not supported here`);
    } else {
      throw new Error(`unknown 'go' argument ${shown(word)}`);
    }
  }
  return limits;
}

/** Splits `setoption name <id> [value <x>]` into `{name, value}` (value `undefined`
 * when absent). Throws for other text. */
export function parseSetOption(args) {
  const match = /^name\s+(.*?)(?:\s+value(?:\s+(.*))?)?$/s.exec(args.trim());
  if (!match || !match[1]) throw new Error("expected 'setoption name <id> [value <x>]'");
  return { name: match[1].trim(), value: match[2]?.trim() };
}
