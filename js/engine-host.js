// The worker side of the Engine, independent of where it runs (a browser module worker:
// engine-worker.js; a Node worker thread: engine-worker-node.js). It owns one wasm
// `Engine`, takes commands in order, and runs searches in slices of a few milliseconds,
// yielding to the event loop between slices so that a `stop` is seen within one slice.
//
// Two kinds of messages come in:
//  - strings: raw UCI commands (uci, isready, ucinewgame, setoption, position, go, stop,
//    quit, d); the replies are UCI text lines, as from Stockfish.js;
//  - objects from the Engine class (engine.js): {type: 'init' | 'setOption' | 'newGame' |
//    'analyse' | 'stop', id, ...}; the replies are objects {type: 'ready' | 'result' |
//    'info' | 'done' | 'error' | 'variant', id, ...}.
// Any command other than stop/isready that arrives during a search ends that search
// first (it still reports its best move).

import { ErrorKinds, describeError, typedError } from './errors.js';
import { normaliseAnalyseOptions } from './analyse-options.js';
import { parseGo, parsePosition, parseSetOption } from './uci.js';

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
/** Raw UCI lines longer than this are refused (as the native engine does). */
const MAX_LINE_LENGTH = 1 << 20;

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

const isStop = (msg) => msg === 'stop' || (typeof msg === 'string' && msg.trim() === 'stop') || msg?.type === 'stop';

/**
 * Creates the host. `post(message)` sends to the main thread; `load(wasmSource)`
 * resolves to the initialised wasm-bindgen glue module (`wasmSource` is what the
 * Engine's `wasm` option gave, or undefined); `close()` ends the worker (UCI `quit`).
 * Returns `{ receive(message) }`.
 */
export function createEngineHost({ post, load, close = () => {}, now = () => performance.now(), yieldNow = macrotaskYielder() }) {
  let glue = null; // the initialised wasm-bindgen module
  let engine = null; // its Engine
  let variant = 'chess'; // the engine's rule set, kept here to rebuild it after a crash
  let startError = null; // why there is no engine
  let started = false; // init begun (explicitly or by the first raw command)
  let managed = false; // driven by the Engine class (it sent 'init')
  const options = new Map(); // options set so far, replayed after a crash
  const queue = []; // { msg, stopped }
  let current = null; // the queue item whose search runs
  let pumping = false;
  let budget = FIRST_BUDGET;

  function receive(msg) {
    if (isStop(msg)) {
      // Ends the running search and any search already waiting.
      for (const item of queue) item.stopped = true;
      if (current && engine) engine.stop();
      return;
    }
    if (current && typeof msg === 'string' && msg.trim() === 'isready') {
      post('readyok');
      return;
    }
    queue.push({ msg, stopped: false });
    if (current && engine) engine.stop();
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
    const crashed = !(error instanceof Error && typeof error.code === 'string');
    if (crashed) recover();
    if (typeof msg === 'string') {
      post(`info string ${crashed ? 'engine error: ' : ''}${error?.message ?? error}`);
      if (/^\s*go\b/m.test(msg)) post('bestmove (none)');
    } else {
      post({ type: 'error', id: msg?.id ?? null, error: describeError(error) });
    }
  }

  /** After a trap the old wasm object may be unusable: make a new one with the same
   * variant and options. */
  function recover() {
    if (!glue) return;
    safely(() => engine?.free());
    try {
      engine = new glue.Engine(variant);
      for (const [name, value] of options) safely(() => engine.setOption(name, value));
    } catch (error) {
      engine = null;
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
      engine = new glue.Engine(wantedVariant);
      variant = engine.variant();
    } catch (error) {
      startError = error instanceof Error && error.code ? error : typedError(ErrorKinds.EngineCrashed, String(error));
    }
  }

  async function handle(item) {
    const { msg } = item;
    if (msg !== null && typeof msg === 'object' && msg.type === 'init') {
      if (started) throw typedError(ErrorKinds.InvalidArgument, 'the engine is already initialised');
      managed = true;
      await start(msg.variant ?? 'chess', msg.wasm);
      if (startError) throw startError;
      post({ type: 'ready', id: msg.id ?? null, variant: engine.variant() });
      return;
    }
    if (!started) await start('chess', undefined);
    if (!engine) throw startError;
    if (typeof msg === 'string') {
      for (const line of msg.split(/\r?\n/)) await uciCommand(line, item);
      return;
    }
    switch (msg?.type) {
      case 'setOption':
        setOption(msg.name, msg.value);
        post({ type: 'result', id: msg.id, value: { variant: engine.variant() } });
        return;
      case 'newGame':
        engine.newGame();
        post({ type: 'result', id: msg.id, value: null });
        return;
      case 'analyse':
        await analyse(msg, item);
        return;
      default:
        throw typedError(ErrorKinds.InvalidArgument, `unknown message type ${JSON.stringify(String(msg?.type)).slice(0, 40)}`);
    }
  }

  function setOption(name, value) {
    engine.setOption(name, value);
    options.set(String(name).toLowerCase(), value);
    if (engine.variant() !== variant) {
      variant = engine.variant();
      if (managed) post({ type: 'variant', variant });
    }
  }

  async function uciCommand(line, item) {
    if (line.length > MAX_LINE_LENGTH) {
      post(`info string line too long (over ${MAX_LINE_LENGTH} bytes), ignored`);
      return;
    }
    const text = line.trim();
    const space = text.search(/\s/);
    const command = space < 0 ? text : text.slice(0, space);
    const rest = space < 0 ? '' : text.slice(space + 1).trim();
    const refuse = (error) => post(`info string ${error?.message ?? error}`);
    switch (command) {
      case '':
      case 'stop':
      case 'ponderhit':
        return;
      case 'uci':
        for (const reply of engine.handshake()) post(reply);
        return;
      case 'isready':
        post('readyok');
        return;
      case 'ucinewgame':
        engine.newGame();
        return;
      case 'setoption':
        try {
          const { name, value } = parseSetOption(rest);
          setOption(name, value ?? '');
        } catch (error) {
          refuse(error);
        }
        return;
      case 'position':
        try {
          const { fen, moves } = parsePosition(rest);
          engine.position(fen, moves);
        } catch (error) {
          refuse(error);
        }
        return;
      case 'go': {
        let limits;
        try {
          limits = parseGo(rest);
        } catch (error) {
          refuse(error);
          return;
        }
        if (limits.perft !== undefined) {
          perft(limits.perft, refuse);
          return;
        }
        const result = await search(limits, item, undefined, (info) => post(info.uci));
        post(result.uci);
        return;
      }
      case 'd':
        post(`Fen: ${engine.fen()}`);
        return;
      case 'quit':
        close();
        return;
      default:
        post(`info string unknown command ${JSON.stringify(command.slice(0, 32))}`);
    }
  }

  function perft(depth, refuse) {
    let game;
    try {
      game = new glue.Game(engine.variant(), engine.fen());
      post(`Nodes searched: ${game.perft(depth)}`);
    } catch (error) {
      refuse(error);
    } finally {
      game?.free();
    }
  }

  async function analyse(msg, item) {
    const { fen, moves, limits, multiPv } = normaliseAnalyseOptions(msg);
    engine.position(fen, moves);
    const outcome = engine.outcome();
    if (outcome) throw typedError(ErrorKinds.GameOver, `the game is over: ${outcome.text}`);
    const lines = new Map();
    const t0 = now();
    const result = await search(limits, item, multiPv, (info) => {
      lines.set(info.multipv, info);
      post({ type: 'info', id: msg.id, info });
    });
    if (result.bestmove === null) throw typedError(ErrorKinds.GameOver, 'the side to act has no legal action');
    const time = Math.max(0, Math.round(now() - t0));
    const main = lines.get(1);
    post({
      type: 'done',
      id: msg.id,
      result: {
        bestmove: result.bestmove,
        ...(result.pv.length > 1 ? { ponder: result.pv[1] } : {}),
        score: result.score,
        pv: result.pv,
        depth: result.depth,
        seldepth: main?.seldepth ?? result.depth,
        nodes: result.nodes,
        nps: time > 0 ? Math.round((result.nodes * 1000) / time) : 0,
        time,
        lines: [...lines.keys()].sort((a, b) => a - b).map((k) => lines.get(k)),
        uci: result.uci,
      },
    });
  }

  /** Runs one search to its end in slices; resolves to the wasm step result. */
  async function search(limits, item, multiPv, onInfo) {
    const t0 = now();
    if (multiPv !== undefined) {
      const previous = options.get('multipv') ?? 1;
      engine.setOption('MultiPV', multiPv);
      try {
        engine.go(limits);
      } finally {
        engine.setOption('MultiPV', previous);
      }
    } else {
      engine.go(limits);
    }
    if (item.stopped) engine.stop();
    current = item;
    let windowNodes = 0;
    let windowMs = 0;
    try {
      for (;;) {
        const sliceStart = now();
        const result = engine.step(budget, sliceStart - t0, onInfo);
        if (result) return result;
        windowNodes += budget;
        windowMs += now() - sliceStart;
        if (windowMs >= RATE_WINDOW_MS) {
          const rate = windowNodes / windowMs; // nodes per millisecond
          budget = Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, Math.round(rate * TARGET_SLICE_MS)));
          windowNodes = 0;
          windowMs = 0;
        }
        await yieldNow();
      }
    } finally {
      current = null;
    }
  }

  return { receive };
}

function safely(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
