// The worker side of the Engine, independent of where it runs (a browser module worker:
// engine-worker.js; a Node worker thread: engine-worker-node.js). It owns one wasm
// `Session`, the engine session the native `alfiere` binary runs too, and only
// schedules its jobs in slices of a few milliseconds, yielding to the event loop between
// them so that a `stop` is seen within one slice; rebuilds it after a crash, with its
// settings; and routes what comes out.
//
// Two kinds of messages come in:
//  - strings: raw UCI lines, for the session's UCI codec; its replies go out as UCI text
//    lines, as from Stockfish.js. While a search started by raw UCI runs, lines go to
//    the session at once (it answers `stop` and `isready` at once and keeps the others
//    in order itself);
//  - objects from the Engine class (engine.js): {type: 'init' | 'setOption' | 'newGame' |
//    'analyse' | 'stop', id, ...}, passed to the session's typed door, which checks them
//    and throws typed errors; the replies are objects {type: 'ready' | 'result' | 'info' |
//    'done' | 'error' | 'variant' | 'network', id, ...}.
// Any command other than stop/isready that arrives during an analysis ends it first (it
// still reports its best move).

import { ErrorKinds, describeError, typedError } from './errors.js';

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
const crashText = (error) => error?.message ?? String(error);

/** A running job: raw (started by a UCI `go`) or an analysis; `done` settles at its end
 * (an analysis's rejects with its error). */
function newJob(raw, id) {
  const job = { raw, id };
  job.done = new Promise((resolve, reject) => (job.settle = (error) => (error ? reject(error) : resolve())));
  job.done.catch(() => {}); // awaited later; not an unhandled rejection meanwhile
  return job;
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
  let variant = 'chess'; // the session's rule set, as the Engine class last heard it
  let startError = null; // why there is no session
  let started = false; // init begun (explicitly or by the first raw command)
  let managed = false; // driven by the Engine class (it sent 'init')
  const settings = []; // accepted option changes, (session) => void, replayed after a crash
  let networkBytes = null; // the loaded network, loaded again after a crash
  const queue = []; // { msg, stopped }
  let pumping = false;
  const slices = createSliceBudget();
  let job = null; // the running job (newJob)

  function receive(msg) {
    if (typeof msg === 'string' && job?.raw) {
      // The codec's own search runs: the session answers or keeps each line.
      for (const line of msg.split(/\r?\n/)) rawLine(line);
      return;
    }
    if (isStop(msg)) {
      // Ends the running job and any one already waiting.
      for (const item of queue) item.stopped = true;
      stopJob();
      return;
    }
    if (job && typeof msg === 'string' && msg.trim() === 'isready') {
      post('readyok');
      return;
    }
    queue.push({ msg, stopped: false });
    stopJob();
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
    if (typeof msg === 'string') post(`info string engine error: ${crashText(error)}`);
    else post({ type: 'error', id: msg?.id ?? null, error: describeError(error) });
  }

  /** After a trap the old session may be unusable: make a new one with the same
   * settings (the variant among them) and network. */
  function recover() {
    if (!glue) return;
    safely(() => session?.free());
    try {
      session = new glue.Session(randomSeed());
      if (networkBytes) safely(() => session.loadNetwork(networkBytes));
      for (const apply of settings) safely(() => apply(session));
    } catch (error) {
      session = null;
      startError = typedError(ErrorKinds.EngineCrashed, `the engine could not be restarted: ${crashText(error)}`);
    }
  }

  async function start(wantedVariant, wasm) {
    started = true;
    try {
      glue = await load(wasm);
    } catch (error) {
      startError = typedError(ErrorKinds.WasmLoad, `could not load the wasm module: ${crashText(error)}`);
      return;
    }
    try {
      session = new glue.Session(randomSeed());
      if (wantedVariant !== 'chess') setOption('UCI_Variant', wantedVariant);
      variant = session.variant();
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
        throw typedError(ErrorKinds.NetworkLoad, `could not read the network: ${crashText(error)}`);
      })
      .then((bytes) => {
        const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
        session.loadNetwork(view);
        networkBytes = view;
        post({ type: 'network', loaded: true });
      })
      .catch((error) => post({ type: 'network', loaded: false, error: describeError(error, ErrorKinds.NetworkLoad) }));
  }

  /** A typed option change (throws the session's typed error); kept for a restart. */
  function setOption(name, value) {
    session.setOption(name, value);
    settings.push((s) => s.setOption(name, value));
    noteVariant();
  }

  /** Tells the Engine class when the rule set changed (by raw UCI too). */
  function noteVariant() {
    const current = session.variant();
    if (current === variant) return;
    variant = current;
    if (managed) post({ type: 'variant', variant });
  }

  /** One raw UCI line to the session's codec, its answer routed; a trap during a raw
   * search ends it with `bestmove (none)`. */
  function rawLine(line) {
    const idle = session.status() === 'idle';
    let lines;
    try {
      lines = session.handleLine(line);
    } catch (error) {
      if (!job) throw error;
      finish(job, error);
      return;
    }
    if (idle && /^\s*setoption\s/i.test(line) && !lines.some((l) => l.startsWith('info string'))) {
      settings.push((s) => s.handleLine(line));
    }
    for (const out of lines) {
      post(out);
      if (out.startsWith('bestmove') && job?.raw) finish(job);
    }
    noteVariant();
    if (session.status() === 'quit') {
      if (job) finish(job);
      close();
    }
  }

  /** Ends the running job now: its last events and its answer come out. */
  function stopJob() {
    if (job?.raw) rawLine('stop');
    else if (job) deliver(job, () => session.stopJob());
  }

  /** Runs one call of the job's stepping and sends out what it gave. */
  function deliver(running, call) {
    let out;
    try {
      out = call();
    } catch (error) {
      finish(running, error);
      return;
    }
    if (running.raw) {
      for (const line of out) {
        post(line);
        if (line.startsWith('bestmove')) finish(running);
      }
      return;
    }
    for (const { type, info, result, uci } of out) {
      if (type === 'info') post({ type, id: running.id, info, uci });
      else {
        post({ type, id: running.id, result, uci });
        finish(running);
      }
    }
  }

  /** The job has ended, by its answer or by an error. */
  function finish(running, error) {
    if (job === running) job = null;
    if (running.raw && error) {
      recover();
      post(`info string engine error: ${crashText(error)}`);
      post('bestmove (none)');
      error = undefined;
    }
    running.settle(error);
  }

  /** Steps the job in slices, yielding between them, until it ends; a finished
   * infinite search then waits for `stop`. */
  async function run(running, stopped = false) {
    job = running;
    if (stopped) stopJob();
    while (job === running && session.status() === 'searching') {
      const sliceStart = now();
      const budget = slices.nodes;
      deliver(running, () => (running.raw ? session.step(budget, sliceStart) : session.advance(budget, sliceStart)));
      slices.measured(now() - sliceStart);
      if (job === running && session.status() === 'quit') finish(running);
      if (session.status() === 'quit') close();
      await yieldNow();
    }
    await running.done;
    // Lines the codec kept during the search may have started another one.
    if (session?.status() === 'searching' && !job) await run(newJob(true));
  }

  async function handle({ msg, stopped }) {
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
        rawLine(line);
        if (session.status() === 'searching' && !job) await run(newJob(true));
      }
      return;
    }
    switch (msg?.type) {
      case 'setOption':
        setOption(msg.name, msg.value);
        post({ type: 'result', id: msg.id, value: { variant } });
        return;
      case 'newGame':
        session.newGame();
        post({ type: 'result', id: msg.id, value: null });
        return;
      case 'analyse':
        session.analyse(msg.request);
        await run(newJob(false, msg.id), stopped);
        return;
      default:
        throw typedError(ErrorKinds.InvalidArgument, `unknown message type ${JSON.stringify(String(msg?.type)).slice(0, 40)}`);
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
