// The worker side of the Engine (engine-worker.js in a browser, engine-worker-node.js in
// Node). It owns one wasm `Session`, the engine session the native binary runs too: it
// runs its jobs in slices of a few ms, yielding so a `stop` is seen within one slice,
// rebuilds it with its settings and networks (engine-networks.js) after a crash, and
// routes strings to the session's UCI codec, the Engine class's messages ({type, id,
// ...}) to its typed door. Jobs and their events pass through as data ({type: 'job',
// id, job} in, {type: 'event', id, kind, final, value} out): the host knows no job kind.
// Any command but stop/isready ends the running job first (it still gives its answer).

import { ErrorKinds, describeError, typedError } from './errors.js';
import { createNetworkLoader } from './engine-networks.js';

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

/** A running job: raw (started by a UCI `go`) or typed; `done` settles at its end (a
 * typed one's rejects with its error). */
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
  const networks = createNetworkLoader({ session: () => session, post, readNetwork });
  let [started, managed, pumping] = [false, false, false]; // init begun; by the Engine class; pump running
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
    [handling, pumping] = [null, false];
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
      networks.replay(session);
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
      session = new glue.Session(randomSeed()); // plays chess
      if (wantedVariant !== 'chess') setOption('UCI_Variant', wantedVariant);
    } catch (error) {
      session = null;
      if (!glue) startError = typedError(ErrorKinds.WasmLoad, `could not load the wasm module: ${crashText(error)}`);
      else startError = isTyped(error) ? error : typedError(ErrorKinds.EngineCrashed, String(error));
    }
  }

  /** A typed option change (throws the session's typed error); kept for a restart. */
  function setOption(name, value) {
    const before = session.variant();
    session.setOption(name, value);
    settings.push((s) => s.setOption(name, value));
    noteVariant(before);
  }

  /** Tells the Engine class when the session's rule set changed (by raw UCI too). */
  function noteVariant(before) {
    if (session.variant() === before) return;
    if (managed) post({ type: 'variant', variant: session.variant() });
    networks.variantChanged();
  }

  /** One raw UCI line to the session's codec, its answer routed; a trap during a raw
   * search ends it with `bestmove (none)`. */
  function rawLine(line) {
    const [idle, before] = [session.status() === 'idle', session.variant()];
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
    noteVariant(before);
    postLines(lines);
  }

  /** Ends the running job now: its last events and its answer come out. */
  function stopJob() {
    if (job?.raw) rawLine('stop');
    else if (job) deliver(job, () => session.stopJob());
  }

  /** Runs one call of the job's stepping and sends out what it gave: raw lines, or
   * typed events as they are, the `final` one ending the job. */
  function deliver(running, call) {
    let out;
    try {
      out = call();
    } catch (error) {
      return finish(running, error);
    }
    if (running.raw) return postLines(out);
    for (const event of out) {
      post({ type: 'event', ...event });
      if (event.final) finish(running);
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
    while (job === running && session.status() === 'running') {
      const [sliceStart, budget] = [now(), slices.nodes];
      deliver(running, () => (running.raw ? session.step(budget, sliceStart) : session.advance(budget, sliceStart)));
      slices.measured(now() - sliceStart);
      await yieldNow();
    }
    await running.done;
    // Lines the codec kept during the search may have started another one.
    if (session?.status() === 'running' && !job) await run(newJob(true));
  }

  async function handle(item) {
    const { msg } = item;
    if (msg !== null && typeof msg === 'object' && msg.type === 'init') {
      if (started) throw typedError(ErrorKinds.InvalidArgument, 'the engine is already initialised');
      managed = true;
      await start(msg.variant ?? 'chess', msg.wasm);
      if (startError) throw startError;
      post({ type: 'ready', id: msg.id ?? null, variant: session.variant() });
      return networks.start(msg.network);
    }
    if (!started) await start('chess');
    if (!session) throw startError;
    if (typeof msg === 'string') {
      for (const line of msg.split(/\r?\n/)) {
        rawLine(line);
        if (session.status() === 'running' && !job) await run(newJob(true));
      }
      return;
    }
    switch (msg?.type) {
      case 'setOption':
        setOption(msg.name, msg.value);
        return post({ type: 'result', id: msg.id, value: null }); // a new rule set was told first
      case 'newGame':
        session.newGame();
        return post({ type: 'result', id: msg.id, value: null });
      case 'job':
        // A job whose answer must not depend on whether a network had arrived yet
        // (a game's report, docs/analysis.md) starts once those being read are in use.
        if (msg.awaitNetworks) await networks.settled();
        session.start(msg.id, msg.job); // throws the session's typed error and starts nothing
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
