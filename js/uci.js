// The engine's UCI output read back: its `info` and `bestmove` lines as the objects the
// Engine API hands out. Pure functions, no dependencies; exported from 'alfiere/engine'
// for code that speaks UCI itself. (Commands are read by the session in the wasm
// module, the same one the native binary runs.)

const INFO_NUMBERS = new Set(['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull', 'tbhits', 'currmovenumber']);

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
