// The worker side of the Engine (engine-worker.js in a browser, engine-worker-node.js in
// Node). It owns one wasm `Session`, the engine session the native binary runs too: it
// runs its jobs in slices (the session sizes them to a few ms), yielding so a `stop` is
// seen within one slice, rebuilds it with its options and networks (engine-networks.js)
// after a crash, and routes strings to the session's UCI codec, the Engine class's
// messages ({type, id, ...}) to its typed door. Jobs and their events pass through as
// data ({type: 'job', id, job} in, {type: 'event', id, kind, final, value} out): the
// host knows no job kind. The session owns the rule set and the options; the host only
// relays them ({type: 'options', variant, options}) when they change.
// Any command but stop/isready ends the running job first (it still gives its answer).

import { ErrorKinds, describeError, errorText, typedError } from './errors.js';
import { createNetworkLoader } from './engine-networks.js';

/** A seed for the weakened levels, different in every worker. */
const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];
const isStop = (msg) => (typeof msg === 'string' && msg.trim() === 'stop') || msg?.type === 'stop';
const isTyped = (error) => error instanceof Error && typeof error.code === 'string';

/** Creates the host: `post(message)` sends to the main thread; `load(wasm)` resolves to
 * the initialised wasm-bindgen glue (`wasm`: the Engine's `wasm` option); `readNetwork(
 * source)` to a network file's bytes (the `network` option); `close()` ends the worker
 * (UCI `quit`); `yieldNow()` resolves on a later macrotask (each worker passes its
 * environment's quickest). Returns `{ receive(message) }`. */
export function createEngineHost({ post, load, readNetwork, close = () => {}, now = () => performance.now(), yieldNow = nextTimer }) {
  let [glue, session, startError, job] = [null, null, null, null];
  const networks = createNetworkLoader({ session: () => session, post, readNetwork });
  let [started, managed, pumping] = [false, false, false]; // init begun; by the Engine class; pump running
  let told = null; // the session's rule set and options as last relayed: a copy, to restore it after a crash
  const queue = []; // { msg, stopped }
  let handling = null; // the queue's item being handled (it may wait for networks)

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
    if (typeof msg === 'string') post(`info string engine error: ${errorText(error)}`);
    else post({ type: 'error', id: msg?.id ?? null, error: describeError(error) });
  }

  /** After a trap the old session may be unusable: make a new one with the same
   * networks and options (the rule set among them). */
  function recover() {
    if (!glue) return;
    safely(() => session?.free());
    try {
      session = new glue.Session(randomSeed());
      for (const bytes of networks.loaded) safely(() => session.loadNetwork(bytes));
      for (const [name, value] of Object.entries(told?.options ?? {})) safely(() => session.setOption(name, value));
    } catch (error) {
      session = null;
      startError = typedError(ErrorKinds.EngineCrashed, `the engine could not be restarted: ${errorText(error)}`);
    }
  }

  async function start(variant, wasm) {
    started = true;
    try {
      glue = await load(wasm);
      session = new glue.Session(randomSeed()); // plays chess
      if (variant !== 'chess') session.setOption('UCI_Variant', variant);
      noteOptions();
    } catch (error) {
      session = null;
      if (!glue) startError = typedError(ErrorKinds.WasmLoad, `could not load the wasm module: ${errorText(error)}`);
      else startError = isTyped(error) ? error : typedError(ErrorKinds.EngineCrashed, String(error));
    }
  }

  /** Relays the session's rule set and options to the Engine class when they changed
   * (by raw UCI too), and reads the networks a new rule set is the first to need. */
  function noteOptions() {
    const before = told;
    told = { type: 'options', variant: session.variant(), options: session.options() };
    if (JSON.stringify(told) === JSON.stringify(before)) return;
    if (managed && before) post(told);
    if (told.variant !== before?.variant) networks.variantChanged();
  }

  /** One raw UCI line to the session's codec, its answer routed (during a raw search,
   * as the search's output). */
  function rawLine(line) {
    if (job) deliver(job, () => session.handleLine(line));
    else postOut(session.handleLine(line));
  }

  /** Ends the running job now: its last output and its answer come out. */
  function stopJob() {
    if (job) deliver(job, () => session.stopJob());
  }

  /** Runs one call of the job's stepping and sends out what it gave; the job ends
   * when the session no longer runs it, or with the error the call threw. */
  function deliver(running, call) {
    let out;
    try {
      out = call();
    } catch (error) {
      return finish(running, error);
    }
    postOut(out);
    if (['idle', 'quit'].includes(session.status())) finish(running);
  }

  /** The session's output (the options it changed relayed first): raw UCI lines as
   * they are, a typed job's events as `event` messages; after a `quit` (now or kept
   * until the search's end) the worker ends. */
  function postOut(out) {
    noteOptions();
    for (const item of out) post(typeof item === 'string' ? item : { type: 'event', ...item });
    if (session.status() === 'quit') close();
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

  /** Steps a new job (raw: started by a UCI `go`) in slices, yielding between them,
   * until it ends; a finished infinite search then waits for `stop`. Rejects with a
   * typed job's error. */
  async function run(raw, stopped = false) {
    const running = (job = { raw });
    const done = new Promise((resolve, reject) => (running.settle = (error) => (error ? reject(error) : resolve())));
    done.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
    if (stopped) stopJob();
    while (job === running && session.status() === 'running') {
      // Lines the codec kept during a raw search may start another: the same job.
      deliver(running, () => session.advance(undefined, now()));
      await yieldNow();
    }
    await done;
  }

  async function handle(item) {
    const { msg } = item;
    if (msg !== null && typeof msg === 'object' && msg.type === 'init') {
      if (started) throw typedError(ErrorKinds.InvalidArgument, 'the engine is already initialised');
      managed = true;
      await start(msg.variant ?? 'chess', msg.wasm);
      if (startError) throw startError;
      post({ ...told, type: 'ready', id: msg.id ?? null });
      return networks.start(msg.network);
    }
    if (!started) await start('chess');
    if (!session) throw startError;
    if (typeof msg === 'string') {
      for (const line of msg.split(/\r?\n/)) {
        rawLine(line);
        if (session.status() === 'running' && !job) await run(true);
      }
      return;
    }
    switch (msg?.type) {
      case 'setOption':
        session.setOption(msg.name, msg.value);
        noteOptions();
        return post({ type: 'result', id: msg.id, value: null }); // the new options were told first
      case 'newGame':
        session.newGame();
        return post({ type: 'result', id: msg.id, value: null });
      case 'job':
        // A job whose answer must not depend on whether a network had arrived yet
        // (a game's report, docs/analysis.md) starts once those being read are in use.
        if (msg.awaitNetworks) await networks.settled();
        session.start(msg.id, msg.job); // throws the session's typed error and starts nothing
        return run(false, item.stopped); // a stop may have come while it waited
      default:
        throw typedError(ErrorKinds.InvalidArgument, `unknown message type ${JSON.stringify(String(msg?.type)).slice(0, 40)}`);
    }
  }

  return { receive };
}

/** Runs `fn`, ignoring a failure: the old session is gone anyway, or a setting or a
 * network no longer applies. */
function safely(fn) {
  try {
    fn();
  } catch {}
}

const nextTimer = () => new Promise((resolve) => setTimeout(resolve));
