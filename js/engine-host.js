// The worker side of the Engine, independent of where it runs (a browser module worker:
// engine-worker.js; a Node worker thread: engine-worker-node.js). It owns one wasm
// `Session`: the project's one UCI session, which the native `alfiere` binary runs
// too, so every command, option, default, limit and reply is defined there once. The
// host only schedules the session's search in slices of a few milliseconds, yielding
// to the event loop between them so that a `stop` is seen within one slice, and turns
// the Engine class's requests into UCI lines and the session's lines back into objects.
//
// Two kinds of messages come in:
//  - strings: raw UCI lines, passed to the session as they are; its replies go out as
//    UCI text lines, as from Stockfish.js. While a search started by raw UCI runs, lines
//    go to the session at once (it answers `stop` and `isready` at once and keeps the
//    others in order itself);
//  - objects from the Engine class (engine.js): {type: 'init' | 'setOption' | 'newGame' |
//    'analyse' | 'stop', id, ...}; the replies are objects {type: 'ready' | 'result' |
//    'info' | 'done' | 'error' | 'variant', id, ...}. Arguments are checked with the wasm
//    `Game` (typed errors: UnknownVariantError, InvalidFenError, IllegalMoveError) before
//    any line reaches the session; a refused `setoption` is an InvalidArgumentError.
// Any command other than stop/isready that arrives during an analysis ends it first (it
// still reports its best move).

import { ErrorKinds, describeError, typedError } from './errors.js';
import { normaliseAnalyseOptions } from './analyse-options.js';
import { parseInfo } from './uci.js';

/** A slice aims at this many milliseconds: short enough that `stop` is seen within
 * 50 ms, long enough that yielding costs nothing measurable. */
const TARGET_SLICE_MS = 8;
/** Node budgets of a slice: the first guess and the bounds of the adaptation. */
const FIRST_BUDGET = 4000;
const MIN_BUDGET = 500;
const MAX_BUDGET = 100_000;
/** Slice timings are summed over at least this long before the rate is re-estimated, so
 * a coarse `performance.now()` (100 µs..1 ms in browsers) still gives a fair rate. */
const RATE_WINDOW_MS = 24;

/** A function returning a promise that resolves on a later macrotask. setTimeout(0) is
 * clamped to 4 ms after a few nestings, so a MessageChannel is used in browsers. */
export function macrotaskYielder() {
  if (typeof setImmediate === 'function') return () => new Promise((resolve) => setImmediate(resolve));
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}

/** Adapts the node budget of a slice to the measured speed, so a slice takes about
 * TARGET_SLICE_MS whatever the machine. */
function createSliceBudget() {
  let budget = FIRST_BUDGET;
  let windowNodes = 0;
  let windowMs = 0;
  return {
    get nodes() {
      return budget;
    },
    measured(ms) {
      windowNodes += budget;
      windowMs += ms;
      if (windowMs >= RATE_WINDOW_MS) {
        const rate = windowNodes / windowMs; // nodes per millisecond
        budget = Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, Math.round(rate * TARGET_SLICE_MS)));
        windowNodes = 0;
        windowMs = 0;
      }
    },
  };
}

/** A seed for the weakened levels, different in every worker. */
function randomSeed() {
  const words = new Uint32Array(1);
  globalThis.crypto?.getRandomValues?.(words);
  return words[0] || Math.floor(Math.random() * 2 ** 32);
}

const isStop = (msg) => (typeof msg === 'string' && msg.trim() === 'stop') || msg?.type === 'stop';
const isTyped = (error) => error instanceof Error && typeof error.code === 'string';
const refusal = (lines) => lines.find((l) => l.startsWith('info string '))?.slice('info string '.length);

/** An option value as the text of a `setoption` line; anything but a string, an
 * integer or a boolean is refused. */
function optionText(name, value) {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'number') return 'NaN';
  const shown = value === null ? 'null' : typeof value;
  throw typedError(ErrorKinds.InvalidArgument, `the value of ${String(name).slice(0, 32)} must be a string, number or boolean, not ${shown}`);
}

/**
 * Creates the host. `post(message)` sends to the main thread; `load(wasmSource)`
 * resolves to the initialised wasm-bindgen glue module (`wasmSource` is what the
 * Engine's `wasm` option gave, or undefined); `readNetwork(source)` resolves to a
 * network file's bytes (`source` is what the Engine's `network` option gave);
 * `close()` ends the worker (UCI `quit`). Returns `{ receive(message) }`.
 */
export function createEngineHost({
  post,
  load,
  readNetwork = async () => {
    throw new Error('this worker cannot read network files');
  },
  close = () => {},
  now = () => performance.now(),
  yieldNow = macrotaskYielder(),
}) {
  let glue = null; // the initialised wasm-bindgen module
  let session = null; // its Session
  let variant = 'chess'; // the session's rule set (canonical id)
  let startError = null; // why there is no session
  let started = false; // init begun (explicitly or by the first raw command)
  let managed = false; // driven by the Engine class (it sent 'init')
  let multipv = 1; // the session's MultiPV, restored after an analysis that set its own
  const optionLines = []; // accepted setoption lines, replayed after a crash
  let networkBytes = null; // the loaded network, loaded again after a crash
  const queue = []; // { msg, stopped }
  let pumping = false;
  const slices = createSliceBudget();
  // The running search: { raw: boolean, onLine(line), done: Promise, finish() }.
  let search = null;

  function receive(msg) {
    if (typeof msg === 'string' && search?.raw) {
      // The session's own search runs: the session answers or keeps each line.
      for (const line of msg.split(/\r?\n/)) toSession(line);
      return;
    }
    if (isStop(msg)) {
      // Ends the running analysis and any one already waiting.
      for (const item of queue) item.stopped = true;
      if (search) toSession('stop');
      return;
    }
    if (search && typeof msg === 'string' && msg.trim() === 'isready') {
      post('readyok');
      return;
    }
    queue.push({ msg, stopped: false });
    if (search) toSession('stop');
    pump();
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const item = queue.shift();
        try {
          await handle(item);
        } catch (error) {
          fail(item.msg, error);
        }
      }
    } finally {
      pumping = false;
    }
  }

  /** Reports an error of one command; an untyped error means the wasm trapped. */
  function fail(msg, error) {
    if (!isTyped(error)) recover();
    if (typeof msg === 'string') {
      post(`info string engine error: ${error?.message ?? error}`);
    } else {
      post({ type: 'error', id: msg?.id ?? null, error: describeError(error) });
    }
  }

  /** After a trap the old session may be unusable: make a new one with the same
   * options (the variant among them). */
  function recover() {
    if (!glue) return;
    safely(() => session?.free());
    try {
      session = new glue.Session(randomSeed());
      if (networkBytes) safely(() => session.loadNetwork(networkBytes));
      for (const line of optionLines) safely(() => session.handleLine(line));
    } catch (error) {
      session = null;
      startError = typedError(ErrorKinds.EngineCrashed, `the engine could not be restarted: ${error?.message ?? error}`);
    }
  }

  async function start(wantedVariant, wasm) {
    started = true;
    try {
      glue = await load(wasm);
    } catch (error) {
      startError = typedError(ErrorKinds.WasmLoad, `could not load the wasm module: ${error?.message ?? error}`);
      return;
    }
    try {
      session = new glue.Session(randomSeed());
      if (wantedVariant !== 'chess') setOption('UCI_Variant', wantedVariant);
    } catch (error) {
      session = null;
      startError = isTyped(error) ? error : typedError(ErrorKinds.EngineCrashed, String(error));
    }
  }

  /** Reads the network in the background and gives it to the session when it has
   * arrived (between two slices: this thread runs one thing at a time); the
   * hand-written evaluation plays until then, and on if it fails. */
  function loadNetwork(source) {
    if (source === undefined || source === null) {
      post({ type: 'network', loaded: false });
      return;
    }
    readNetwork(source)
      .catch((error) => {
        throw typedError(ErrorKinds.NetworkLoad, `could not read the network: ${error?.message ?? error}`);
      })
      .then((bytes) => {
        const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
        session.loadNetwork(view);
        networkBytes = view;
        post({ type: 'network', loaded: true });
      })
      .catch((error) => post({ type: 'network', loaded: false, error: describeError(error, ErrorKinds.NetworkLoad) }));
  }

  /** One line to the session, its answer routed; a trap ends a running search with
   * `bestmove (none)` (raw) or an EngineCrashedError (analysis). */
  function toSession(line) {
    const idle = session.status() === 'idle';
    let lines;
    try {
      lines = session.handleLine(line);
    } catch (error) {
      crashed(error);
      return [];
    }
    if (idle && refusal(lines) === undefined) noteOption(line);
    route(lines);
    if (session.status() === 'quit') close();
    return lines;
  }

  /** Keeps track of an accepted `setoption` (raw or from setOption): replayed after a
   * crash; the variant and MultiPV the Engine class sees follow it. */
  function noteOption(line) {
    const match = /^\s*setoption\s+name\s+(.*?)\s+value\s+(.*?)\s*$/i.exec(line);
    if (!match) return;
    optionLines.push(line.trim());
    const name = match[1].toLowerCase();
    if (name === 'multipv') multipv = Number(match[2]);
    if (name === 'uci_variant') {
      const game = safely(() => new glue.Game(match[2]));
      const canonical = game?.variant();
      game?.free();
      if (canonical && canonical !== variant) {
        variant = canonical;
        if (managed) post({ type: 'variant', variant });
      }
    }
  }

  /** Sends the session's lines where they belong: to the running analysis, or out as
   * raw UCI text. */
  function route(lines) {
    for (const line of lines) {
      if (search && !search.raw) search.onLine(line);
      else post(line);
      if (line.startsWith('bestmove') && search) {
        const ended = search;
        search = null;
        ended.finish();
      }
    }
  }

  function crashed(error) {
    const running = search;
    search = null;
    recover();
    if (running?.raw) {
      post(`info string engine error: ${error?.message ?? error}`);
      post('bestmove (none)');
      running.finish();
    } else if (running) {
      running.fail(error);
    } else {
      throw error;
    }
  }

  async function handle(item) {
    const { msg } = item;
    if (msg !== null && typeof msg === 'object' && msg.type === 'init') {
      if (started) throw typedError(ErrorKinds.InvalidArgument, 'the engine is already initialised');
      managed = true;
      await start(msg.variant ?? 'chess', msg.wasm);
      if (startError) throw startError;
      post({ type: 'ready', id: msg.id ?? null, variant });
      loadNetwork(msg.network);
      return;
    }
    if (!started) await start('chess', undefined);
    if (!session) throw startError;
    if (typeof msg === 'string') {
      for (const line of msg.split(/\r?\n/)) {
        if (session.status() !== 'idle') {
          toSession(line);
          continue;
        }
        const raw = rawSearch();
        search = raw;
        toSession(line);
        if (search === raw && session.status() === 'idle') search = null;
        if (search === raw) await runSearch(raw);
      }
      return;
    }
    switch (msg?.type) {
      case 'setOption':
        setOption(msg.name, msg.value);
        post({ type: 'result', id: msg.id, value: { variant } });
        return;
      case 'newGame':
        toSession('ucinewgame');
        post({ type: 'result', id: msg.id, value: null });
        return;
      case 'analyse':
        await analyse(msg, item);
        return;
      default:
        throw typedError(ErrorKinds.InvalidArgument, `unknown message type ${JSON.stringify(String(msg?.type)).slice(0, 40)}`);
    }
  }

  /** `setoption` through the session; a refusal is a typed error and changes nothing. */
  function setOption(name, value) {
    if (typeof name !== 'string') throw typedError(ErrorKinds.InvalidArgument, 'the option name must be a string');
    const text = optionText(name, value);
    const isVariant = name.trim().toLowerCase() === 'uci_variant';
    let canonical = null;
    if (isVariant) {
      // The wasm Game names the rule set (aliases too) with a typed error.
      const game = new glue.Game(text);
      canonical = game.variant();
      game.free();
    }
    const line = `setoption name ${name.trim()} value ${canonical ?? text}`;
    const problem = refusal(session.handleLine(line));
    if (problem !== undefined) throw typedError(ErrorKinds.InvalidArgument, problem);
    noteOption(line);
  }

  async function analyse(msg, item) {
    const { fen, moves, limits, multipv: lines } = normaliseAnalyseOptions(msg);
    // The position through the wasm Game: typed errors, SAN accepted, the game's end.
    const game = new glue.Game(variant, fen ?? undefined);
    let tokens;
    let outcome;
    try {
      tokens = moves.map((m) => game.move(m).lan);
      outcome = game.outcome();
    } finally {
      game.free();
    }
    if (outcome) throw typedError(ErrorKinds.GameOver, `the game is over: ${outcome.text}`);
    const position = `${fen ? `position fen ${fen}` : 'position startpos'}${tokens.length ? ` moves ${tokens.join(' ')}` : ''}`;
    const refused = refusal(session.handleLine(position));
    if (refused !== undefined) throw typedError(ErrorKinds.InvalidArgument, refused);
    if (lines !== undefined && lines !== multipv) session.handleLine(`setoption name MultiPV value ${lines}`);
    const infos = new Map();
    let best = null;
    const analysis = {
      raw: false,
      onLine(line) {
        if (line.startsWith('bestmove')) {
          best = line;
          return;
        }
        const info = parseInfo(line);
        if (!info || info.string !== undefined || info.depth === undefined) return;
        info.uci = line;
        infos.set(info.multipv, info);
        post({ type: 'info', id: msg.id, info });
      },
    };
    analysis.done = new Promise((resolve, reject) => {
      analysis.finish = resolve;
      analysis.fail = reject;
    });
    const t0 = now();
    search = analysis;
    try {
      toSession(`go ${goArguments(limits)}`);
      if (item.stopped && search === analysis) toSession('stop');
      if (search === analysis) await runSearch(analysis);
      await analysis.done;
    } finally {
      if (search === analysis) search = null;
      if (lines !== undefined && lines !== multipv) safely(() => session.handleLine(`setoption name MultiPV value ${multipv}`));
    }
    const bestmove = best?.split(/\s+/)[1];
    if (!bestmove || bestmove === '(none)') throw typedError(ErrorKinds.GameOver, 'the side to act has no legal action');
    const time = Math.max(0, Math.round(now() - t0));
    const main = infos.get(1);
    const pv = main?.pv?.[0] === bestmove ? main.pv : [bestmove];
    const nodes = Math.max(0, ...[...infos.values()].map((i) => i.nodes ?? 0));
    post({
      type: 'done',
      id: msg.id,
      result: {
        bestmove,
        ...(pv.length > 1 ? { ponder: pv[1] } : {}),
        score: main?.score ?? { cp: 0 },
        pv,
        depth: main?.depth ?? 0,
        seldepth: main?.seldepth ?? main?.depth ?? 0,
        nodes,
        nps: time > 0 ? Math.round((nodes * 1000) / time) : 0,
        time,
        lines: [...infos.keys()].sort((a, b) => a - b).map((k) => infos.get(k)),
        uci: best,
      },
    });
  }

  /** Steps the session's search in slices, yielding between them, until it no longer
   * runs; a finished `go infinite` then waits for `stop`. */
  async function runSearch(running) {
    while (search === running && session.status() === 'searching') {
      const sliceStart = now();
      let lines;
      try {
        lines = session.step(slices.nodes, sliceStart);
      } catch (error) {
        crashed(error);
        break;
      }
      route(lines);
      slices.measured(now() - sliceStart);
      if (session.status() === 'quit') {
        close();
        break;
      }
      await yieldNow();
    }
    await running.done.catch(() => {});
    // Lines the session kept during the search may have started another one.
    if (session && session.status() === 'searching' && !search) {
      const raw = rawSearch();
      search = raw;
      await runSearch(raw);
    }
  }

  /** A search started by raw UCI: its lines go out as they are; `done` settles at its
   * `bestmove`. */
  function rawSearch() {
    const raw = { raw: true };
    raw.done = new Promise((resolve) => (raw.finish = resolve));
    return raw;
  }

  return { receive };
}

/** The `go` arguments of an analysis's limits. */
function goArguments(limits) {
  if (limits.infinite) return 'infinite';
  return ['depth', 'nodes', 'movetime']
    .filter((key) => limits[key] !== undefined)
    .map((key) => `${key} ${limits[key]}`)
    .join(' ');
}

function safely(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
