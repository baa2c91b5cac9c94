// The worker side of the Engine (engine-worker.js in a browser, engine-worker-node.js in
// Node). It owns one wasm `Session`, the engine session the native binary runs too: it
// runs its jobs in slices of a few ms, yielding so a `stop` is seen within one slice,
// rebuilds it with its settings after a crash, and routes strings to the session's UCI
// codec, the Engine class's messages ({type, id, ...}) to its typed door. Any command
// but stop/isready ends the running job first (it still reports its best move).

import { ErrorKinds, describeError, typedError } from './errors.js';

/** A slice aims at 8 ms: `stop` is seen within 50 ms, and yielding costs nothing
 * measurable. Its node budget starts at 4000 and stays within 500..100 000. */
const TARGET_SLICE_MS = 8;
const [FIRST_BUDGET, MIN_BUDGET, MAX_BUDGET] = [4000, 500, 100_000];
/** Slice timings are summed over at least this long before the rate is re-estimated, so
 * a coarse `performance.now()` (100 µs..1 ms in browsers) still gives a fair rate. */
const RATE_WINDOW_MS = 24;

/** Adapts the node budget of a slice to the measured speed, so a slice takes about
 * TARGET_SLICE_MS whatever the machine. */
function createSliceBudget() {
  const slices = { nodes: FIRST_BUDGET, windowNodes: 0, windowMs: 0 };
  slices.measured = (ms) => {
    slices.windowNodes += slices.nodes;
    slices.windowMs += ms;
    if (slices.windowMs < RATE_WINDOW_MS) return;
    const rate = slices.windowNodes / slices.windowMs; // nodes per millisecond
    slices.nodes = Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, Math.round(rate * TARGET_SLICE_MS)));
    slices.windowNodes = slices.windowMs = 0;
  };
  return slices;
}

/** A seed for the weakened levels, different in every worker. */
const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

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

/** Creates the host: `post(message)` sends to the main thread; `load(wasm)` resolves to
 * the initialised wasm-bindgen glue (`wasm`: the Engine's `wasm` option); `readNetwork(
 * source)` to a network file's bytes (the `network` option); `close()` ends the worker
 * (UCI `quit`); `yieldNow()` resolves on a later macrotask (each worker passes its
 * environment's quickest). Returns `{ receive(message) }`. */
export function createEngineHost({ post, load, readNetwork, close = () => {}, now = () => performance.now(), yieldNow = nextTimer }) {
  let [glue, session, startError, job] = [null, null, null, null];
  const networksLoaded = []; // the bytes of each network in use, replayed after a crash
  let networksAhead = []; // the `network` option's entries not read yet: {source, variants?}
  let networksReading = Promise.resolve(); // settles when the networks being read are in use (or failed)
  let variant = 'chess'; // the session's rule set, as the Engine class last heard it
  let started = false; // init begun (explicitly or by the first raw command)
  let managed = false; // driven by the Engine class (it sent 'init')
  let pumping = false;
  const settings = []; // accepted option changes, (session) => void, replayed after a crash
  const queue = []; // { msg, stopped }
  let handling = null; // the queue's item being handled (it may wait for networks)
  const slices = createSliceBudget();

  function receive(msg) {
    // During a raw search the codec answers or keeps each line itself.
    if (typeof msg === 'string' && job?.raw) return msg.split(/\r?\n/).forEach(rawLine);
    if (isStop(msg)) [handling, ...queue].forEach((item) => item && (item.stopped = true)); // and the running job
    else if (job && typeof msg === 'string' && msg.trim() === 'isready') return post('readyok');
    else queue.push({ msg, stopped: false });
    stopJob();
    pump();
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    for (let item; (item = queue.shift()); ) {
      handling = item;
      await handle(item).catch((error) => fail(item.msg, error));
    }
    handling = null;
    pumping = false;
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
      for (const bytes of networksLoaded) safely(() => session.loadNetwork(bytes));
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
      session = new glue.Session(randomSeed()); // plays chess, the `variant` it starts with
      if (wantedVariant !== 'chess') setOption('UCI_Variant', wantedVariant);
    } catch (error) {
      session = null;
      if (!glue) startError = typedError(ErrorKinds.WasmLoad, `could not load the wasm module: ${crashText(error)}`);
      else startError = isTyped(error) ? error : typedError(ErrorKinds.EngineCrashed, String(error));
    }
  }

  /** Reads, in the background, the networks due for the rule set in play (an entry
   * without `variants` is due at once) and hands each to the session between two
   * slices; the hand-written evaluation plays until then, and on if one fails. One
   * `network` message per batch: `later` for a batch read when a rule set was first
   * played, after the start's. */
  function loadDueNetworks(later) {
    const due = networksAhead.filter((entry) => !entry.variants || entry.variants.includes(variant));
    networksAhead = networksAhead.filter((entry) => !due.includes(entry));
    if (!due.length) return later ? undefined : post({ type: 'network', loaded: false });
    // Each entry settles to its error, or to undefined once the network is in use.
    const reading = Promise.all(due.map((entry) => readOne(entry.source).then(useNetwork).then(() => undefined, (error) => error)));
    networksReading = Promise.all([networksReading, reading]);
    reading
      .then((outcomes) => {
        const error = outcomes.find((outcome) => outcome !== undefined);
        const message = { type: 'network', loaded: outcomes.some((outcome) => outcome === undefined) };
        if (later) message.later = true;
        if (error) message.error = describeError(error, ErrorKinds.NetworkLoad);
        post(message);
      });
  }

  function readOne(source) {
    return Promise.resolve(source)
      .then(readNetwork)
      .catch((error) => {
        throw typedError(ErrorKinds.NetworkLoad, `could not read the network: ${crashText(error)}`);
      });
  }

  /** Hands a network's bytes to the session; a bad file throws its typed error, and
   * is not kept. */
  function useNetwork(bytes) {
    const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    session.loadNetwork(view);
    networksLoaded.push(view);
  }

  /** The init message's `network`: a list of entries, or (from an older caller) one
   * source; nothing for none. */
  function networkEntries(field) {
    if (field === undefined || field === null) return [];
    return Array.isArray(field) ? field.filter((entry) => entry && entry.source !== undefined) : [{ source: field }];
  }

  /** A typed option change (throws the session's typed error); kept for a restart. */
  function setOption(name, value) {
    session.setOption(name, value);
    settings.push((s) => s.setOption(name, value));
    noteVariant();
  }

  /** Tells the Engine class when the rule set changed (by raw UCI too). */
  function noteVariant() {
    if (session.variant() === variant) return;
    variant = session.variant();
    if (managed) post({ type: 'variant', variant });
    if (networksAhead.length) loadDueNetworks(true);
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
      return finish(job, error);
    }
    if (idle && /^\s*setoption\s/i.test(line) && !lines.some((l) => l.startsWith('info string'))) {
      settings.push((s) => s.handleLine(line));
    }
    noteVariant();
    postLines(lines);
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
      return finish(running, error);
    }
    if (running.raw) return postLines(out);
    for (const event of out) {
      post({ ...event, id: running.id });
      if (event.type === 'done' || event.type === 'analysis' || event.type === 'judgement') finish(running);
    }
  }

  /** Raw UCI lines out; a `bestmove` ends the raw search, a `quit` (now or kept until
   * the search's end) also the worker. */
  function postLines(lines) {
    for (const line of lines) {
      post(line);
      if (line.startsWith('bestmove') && job?.raw) finish(job);
    }
    if (session.status() !== 'quit') return;
    if (job) finish(job);
    close();
  }

  /** The job has ended, by its answer or by an error. */
  function finish(running, error) {
    if (job === running) job = null;
    if (running.raw && error) {
      fail('go', error); // as an error of the raw `go`: an info string
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
      await yieldNow();
    }
    await running.done;
    // Lines the codec kept during the search may have started another one.
    if (session?.status() === 'searching' && !job) await run(newJob(true));
  }

  async function handle(item) {
    const { msg } = item;
    if (msg !== null && typeof msg === 'object' && msg.type === 'init') {
      if (started) throw typedError(ErrorKinds.InvalidArgument, 'the engine is already initialised');
      managed = true;
      await start(msg.variant ?? 'chess', msg.wasm);
      if (startError) throw startError;
      post({ type: 'ready', id: msg.id ?? null, variant });
      networksAhead = networkEntries(msg.network);
      return loadDueNetworks(false);
    }
    if (!started) await start('chess');
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
        return post({ type: 'result', id: msg.id, value: { variant } });
      case 'newGame':
        session.newGame();
        return post({ type: 'result', id: msg.id, value: null });
      case 'analyse':
      case 'analyseGame':
      case 'judgeTurn':
        // A game's report (or a turn's judgement) must not depend on whether its rule
        // set's network had arrived yet (docs/analysis.md): it starts once it is in use.
        if (msg.type !== 'analyse') await networksReading;
        session[msg.type](msg.request); // throws the session's typed error and starts nothing
        return run(newJob(false, msg.id), item.stopped); // a stop may have come while it waited
      default:
        throw typedError(ErrorKinds.InvalidArgument, `unknown message type ${JSON.stringify(String(msg?.type)).slice(0, 40)}`);
    }
  }

  return { receive };
}

/** Runs `fn`, ignoring a failure: the old session is gone anyway, or a setting no
 * longer applies. */
function safely(fn) {
  try {
    fn();
  } catch {}
}

const nextTimer = () => new Promise((resolve) => setTimeout(resolve));
