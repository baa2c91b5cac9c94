// The main-thread side of the engine (package subpath 'alfiere/engine'): `Engine` runs
// the wasm search in a module Web Worker (engine-worker.js) and offers
//  - a promise API: ready, setOption, newGame, analyse (with info objects), stop,
//    terminate, over the worker session's typed door (objects in, objects out);
//  - raw UCI, as Stockfish.js does: postMessage('go depth 10') / uci(line), and the
//    replies as 'message' events whose `data` is one UCI line (`onmessage` works too).
// Every failure is an Error with a stable `name` and `code` (see errors.js).
// No dependencies; Node uses engine-node.js, which passes in a worker_threads worker.

import { ErrorKinds, rebuildError, typedError } from './errors.js';
import { SHIPPED_NETWORKS } from './networks.js';

export { ErrorKinds } from './errors.js';

const invalid = (message) => typedError(ErrorKinds.InvalidArgument, message);
const terminated = () => typedError(ErrorKinds.EngineTerminated, 'the engine was terminated');

function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/** The `wasm` or `network` option as a message field plus what to transfer with it. */
function sourceForWorker(wasm, what = 'wasm') {
  if (wasm === undefined || wasm === null) return [undefined, []];
  if (typeof wasm === 'string') {
    // Relative URLs mean relative to the page, not to the worker script.
    const base = globalThis.document?.baseURI ?? globalThis.location?.href;
    return [base ? new URL(wasm, base).href : wasm, []];
  }
  if (wasm instanceof URL) return [wasm.href, []];
  if (wasm instanceof ArrayBuffer) return [wasm, [wasm]];
  if (ArrayBuffer.isView(wasm)) {
    // Only a view of a whole buffer is transferred (a Node Buffer may share its pool).
    const whole = wasm.buffer instanceof ArrayBuffer && wasm.byteOffset === 0 && wasm.byteLength === wasm.buffer.byteLength;
    return [wasm, whole ? [wasm.buffer] : []];
  }
  if (what === 'wasm' && typeof WebAssembly !== 'undefined' && wasm instanceof WebAssembly.Module) return [wasm, []];
  throw invalid(what === 'wasm'
    ? `wasm must be a URL, the module's bytes or a WebAssembly.Module, not ${typeName(wasm)}`
    : `network must be a URL or a network file's bytes, not ${typeName(wasm)}`);
}

/** The networks an engine loads when the `network` option is left out: the ones the
 * native binary has built in (networks.js), each with the rule sets it plays. Each is
 * read when one of its rule sets is first played (an engine that never plays Chess-Gi
 * never fetches its network). A bundle without import.meta.url gets none. */
function defaultNetworks() {
  try {
    return SHIPPED_NETWORKS.map((network) => ({ source: network.url().href, variants: [...network.variants] }));
  } catch {
    return null;
  }
}

/** The `network` option as the worker's list of `{source, variants?}` (an entry without
 * `variants` is read at once) plus what to transfer with it. */
function networksForWorker(option) {
  if (option === undefined) {
    const defaults = defaultNetworks();
    return [defaults, []];
  }
  if (option === null) return [null, []];
  const sources = Array.isArray(option) ? option : [option];
  if (Array.isArray(option) && (option.length === 0 || option.length > 8)) {
    throw invalid(`network must list 1 to 8 networks, not ${option.length}`);
  }
  const entries = [];
  const transfer = [];
  for (const source of sources) {
    const [field, moved] = sourceForWorker(source, 'network');
    if (field === undefined) throw invalid(`network must be a URL or a network file's bytes, not ${typeName(source)}`);
    // One buffer given twice cannot be transferred twice.
    for (const buffer of moved) if (!transfer.includes(buffer)) transfer.push(buffer);
    entries.push({ source: field });
  }
  return [entries, transfer];
}

/** The fields of analyse()'s options the worker's session reads (it checks them); a
 * `game` goes as its line (`game.engineLine()`), never as notation. */
const ANALYSE_FIELDS = ['fen', 'moves', 'line', 'depth', 'movetime', 'nodes', 'wtime', 'btime', 'winc', 'binc', 'movestogo',
  'multipv', 'infinite', 'multiPv'];

/** The worker's search job for analyse(). */
function searchJob(options) {
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw invalid(`analyse() takes an options object, not ${typeName(options)}`);
  }
  const job = { kind: 'search' };
  for (const key of ANALYSE_FIELDS) if (options?.[key] !== undefined) job[key] = options[key];
  const game = options?.game;
  const sources = [game ?? undefined, job.line, job.fen ?? job.moves].filter((source) => source !== undefined && source !== null);
  if (sources.length > 1) throw invalid('analyse() takes one of a game, a line, or a fen and moves');
  if (game === undefined || game === null) return job;
  if (typeof game?.engineLine !== 'function') throw invalid(`game must be a Game from alfiere, not ${typeName(game)}`);
  job.line = game.engineLine();
  return job;
}

/** The worker's job for analyseGame() (`kind` 'analysis'), or judgeTurn() ('practice',
 * with its `from`; `what` names the method): the game as its line (a `Game`) or a PGN
 * text, and the budget per position (the worker's session checks them). */
function judgingJob(gameOrPgn, options, kind = 'analysis', what = 'analyseGame', fields = ['depth', 'movetime', 'nodes']) {
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw invalid(`${what}()'s options must be an object, not ${typeName(options)}`);
  }
  const job = { kind };
  for (const key of fields) if (options?.[key] !== undefined) job[key] = options[key];
  if (typeof gameOrPgn === 'string') job.pgn = gameOrPgn;
  else if (typeof gameOrPgn?.engineLine === 'function') job.line = gameOrPgn.engineLine();
  else throw invalid(`${what}() takes a Game or a PGN text, not ${typeName(gameOrPgn)}`);
  return job;
}

/** A game analysis of `game`'s line (`{report, pgn}` from the worker) with the game's
 * notes: the analysis written into `game` itself, and its tags in the report, as its
 * PGN text would have given them. */
function withNotes(game, analysis) {
  game.annotate(analysis.report);
  const tags = new Map(Object.entries(game.getHeaders())); // a Map, as the worker's report has them
  return { ...analysis, report: { ...analysis.report, tags }, pgn: game.pgn() };
}

function lineEvent(line) {
  if (typeof MessageEvent === 'function') return new MessageEvent('message', { data: line });
  const event = new Event('message');
  Object.defineProperty(event, 'data', { value: line });
  return event;
}

/** Reports an exception of a user callback without breaking the engine. */
function reportLater(error) {
  queueMicrotask(() => {
    throw error;
  });
}

/** Checks the options of `new Engine()`; throws an InvalidArgumentError. Returns them
 * with defaults and the `wasm` option prepared for the worker. */
export function checkEngineOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw invalid(`Engine options must be an object, not ${typeName(options)}`);
  }
  const { variant = 'chess', worker, workerUrl, wasm } = options;
  if (typeof variant !== 'string') throw invalid(`variant must be a string, not ${typeName(variant)}`);
  if (worker !== undefined && (typeof worker?.postMessage !== 'function' || typeof worker.addEventListener !== 'function')) {
    throw invalid('worker must be a Worker (with postMessage and addEventListener)');
  }
  if (workerUrl !== undefined && typeof workerUrl !== 'string' && !(workerUrl instanceof URL)) {
    throw invalid(`workerUrl must be a string or URL, not ${typeName(workerUrl)}`);
  }
  const [wasmField, wasmTransfer] = sourceForWorker(wasm);
  const [networkField, networkTransfer] = networksForWorker(options.network);
  return { variant, worker, workerUrl, wasmField, networkField, transfer: [...wasmTransfer, ...networkTransfer] };
}

export class Engine extends EventTarget {
  #worker;
  // The session's rule set and options: a cache that the worker's 'ready' and
  // 'options' messages update (the session owns them; raw UCI may change them too).
  #variant;
  #options = null;
  #ready;
  #network; // settles with {loaded, error?} once the network has loaded or failed
  #settleNetwork;
  #networkPending = true; // the worker still owes the network's fate
  #pending = new Map(); // id -> { resolve, reject, onInfo }
  #nextId = 1;
  #dead = null; // the error every call gets once the engine is gone
  #rawUsed = false; // raw UCI was sent: replies may come at any time
  #onmessage = null;

  /**
   * `new Engine({ variant = 'chess', worker, workerUrl, wasm, network } = {})`: starts
   * the worker (or uses `worker`) and loads the wasm; `ready` settles when that is
   * done. `network` (a URL or a network file's bytes, or a list of them; by default
   * the package's own, `null` for none) is the learned evaluation, each network for
   * the rule sets of its layout (orthodox chess and Chess960, or Chess-Gi), loaded
   * after `ready`; the hand-written evaluation plays until it has loaded, and on if
   * it fails (`network` tells which).
   */
  constructor(options = {}) {
    super();
    const { variant, worker, workerUrl, wasmField, networkField, transfer } = checkEngineOptions(options);
    this.#network = new Promise((resolve) => {
      this.#settleNetwork = (status) => {
        this.#networkPending = false;
        resolve(status);
        this.#keepAlive();
      };
    });
    this.#variant = variant;
    this.#worker = worker ?? Engine.#spawn(workerUrl);
    this.#worker.addEventListener('message', (event) => this.#receive(event.data));
    this.#worker.addEventListener('error', (event) => {
      const detail = event?.message || event?.error?.message || 'the worker failed to start or crashed';
      this.#die(typedError(ErrorKinds.Worker, `engine worker error: ${detail}`));
    });
    this.#worker.addEventListener('messageerror', () => {
      this.#die(typedError(ErrorKinds.Worker, 'a message from the engine worker could not be read'));
    });
    this.#ready = new Promise((resolve, reject) => this.#pending.set(0, { resolve, reject }));
    this.#ready.catch(() => {}); // an engine nobody awaits must not log an unhandled rejection
    this.#keepAlive();
    try {
      this.#worker.postMessage({ type: 'init', id: 0, variant, wasm: wasmField, network: networkField }, transfer);
    } catch (error) {
      this.#die(typedError(ErrorKinds.Worker, `could not send to the engine worker: ${error?.message ?? error}`));
    }
  }

  static #spawn(workerUrl) {
    if (workerUrl !== undefined) return new Worker(workerUrl, { type: 'module' });
    // This exact form lets bundlers (Vite, webpack) find and bundle the worker.
    return new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  }

  /** Resolves when the wasm is loaded and the variant set; rejects with a typed Error. */
  get ready() {
    return this.#ready;
  }

  /** Settles once the networks read at the start are in use, `{loaded: true}`, or are
   * not: `{loaded: false}` without one (also when the starting rule set has no
   * network of the package's own), `{loaded: false, error}` when one could not be
   * read (NetworkLoadError) or is no valid network (InvalidNetworkError); then the
   * hand-written evaluation plays (`{loaded: true, error}`: of a list, the others
   * loaded). A default network read later, when its rule set is first played, reports
   * a failure as a console warning. Never rejects. */
  get network() {
    return this.#network;
  }

  /** The current rule-set id (the one asked for until `ready`). */
  get variant() {
    return this.#variant;
  }

  /** The engine session's options under their UCI names ({UCI_Variant, UCI_Chess960,
   * UCI_AnalyseMode, Hash, Threads (always 1: no threads in the browser), MultiPV,
   * 'Skill Level', UCI_LimitStrength, UCI_Elo, EvalFile}), as the session last reported them (null until `ready`): a change by
   * setOption() shows once it resolves, one by raw UCI once the session has read it. */
  get options() {
    return this.#options;
  }

  /** Sets a UCI option ('UCI_Variant', 'Hash', 'MultiPV', 'Skill Level',
   * 'UCI_LimitStrength', 'UCI_Elo', 'UCI_AnalyseMode', 'EvalFile'; 'Threads' only to 1);
   * rejects on a bad name or value. */
  setOption(name, value) {
    if (typeof name !== 'string') return Promise.reject(invalid(`option name must be a string, not ${typeName(name)}`));
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      return Promise.reject(invalid(`the value of ${name.slice(0, 32)} must be a string, number or boolean, not ${typeName(value)}`));
    }
    // The worker tells the session's new options (an 'options' message) before the result.
    return this.#request({ type: 'setOption', name, value }).then(() => undefined);
  }

  /** Forgets the game: the start position and an empty hash table (UCI ucinewgame). */
  newGame() {
    return this.#request({ type: 'newGame' }).then(() => undefined);
  }

  /**
   * Searches `fen` (default: the variant's start) after `moves` (SAN or UCI tokens), or
   * the position of `game` (a `Game` of the engine's variant, with its history), within
   * `depth` / `movetime` / `nodes` (or `infinite: true` until stop()); with no limit,
   * 1 second. `onInfo(info)` gets every progress report. A running analysis is stopped
   * first (its promise resolves with its best move).
   */
  analyse(options, onInfo) {
    if (onInfo !== undefined && onInfo !== null && typeof onInfo !== 'function') {
      return Promise.reject(invalid(`onInfo must be a function, not ${typeName(onInfo)}`));
    }
    return this.#job(() => searchJob(options), onInfo);
  }

  /**
   * Analyses a whole game, in any rule set: `gameOrPgn` is a `Game` (its start and
   * every action, whatever the engine's variant) or a PGN text (its first game).
   * Every position is searched with `{nodes}`, `{depth}` or `{movetime}` per position
   * (100,000 nodes by default) at full strength, and every decision judged
   * (docs/analysis.md). `onProgress({done, total, nodes})` hears of each position.
   * Resolves with `{report, pgn}`: the report (per action its evaluation, best line,
   * win chances and mark; per side counts and accuracy) and the game's PGN with the
   * analysis written in, which `game.loadPgn(pgn)` takes. `stop()` ends it early with
   * what is analysed (`report.complete` false). Runs in the worker: the page never
   * waits. A `Game` crosses to the worker as its line only (`engineLine()`); its
   * notes (tags, comments, side lines, clocks, result) stay here, and the analysis is
   * written into a copy of it taken now (`game.annotate(report)`), so `pgn` is the one
   * its PGN text would give.
   */
  analyseGame(gameOrPgn, options, onProgress) {
    if (onProgress !== undefined && onProgress !== null && typeof onProgress !== 'function') {
      return Promise.reject(invalid(`onProgress must be a function, not ${typeName(onProgress)}`));
    }
    let copy = null;
    const make = () => {
      const job = judgingJob(gameOrPgn, options);
      if (job.line && typeof gameOrPgn.annotate === 'function') copy = gameOrPgn.clone();
      return job;
    };
    // A game's report must not depend on whether its rule set's network had arrived
    // yet (docs/analysis.md): the worker starts it once the networks being read are in use.
    const result = this.#job(make, onProgress, true);
    if (!copy) return result;
    return result.then((analysis) => withNotes(copy, analysis)).finally(() => copy.free());
  }

  /** Runs the job `make()` builds (it may throw a typed error) in the worker: `onEvent`
   * hears each of its events but the last, whose value the promise resolves with. */
  #job(make, onEvent, awaitNetworks = false) {
    let job;
    try {
      job = make();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#request(awaitNetworks ? { type: 'job', job, awaitNetworks } : { type: 'job', job }, onEvent ?? undefined);
  }

  /**
   * Practice your mistakes: judges the turn `gameOrPgn` (a `Game` of any rule set, or
   * a PGN text) ends with, as analyseGame() judges a played one: the positions before
   * and after it searched with the same `{nodes}`, `{depth}` or `{movetime}` (100,000
   * nodes by default), the same marks (docs/analysis.md). `from` is the number of
   * actions before the turn (by default where the last turn starts); a multi-action
   * turn is judged whole. Resolves with `{accepted, mark, cause, before, after,
   * winBefore, winAfter, best, bestTurn, san, uci, mover, complete, nodes}`:
   * `accepted` when the turn earns no mark.
   */
  judgeTurn(gameOrPgn, options) {
    // As a game's report, a judgement must not depend on whether a network had arrived.
    return this.#job(() => judgingJob(gameOrPgn, options, 'practice', 'judgeTurn', ['depth', 'movetime', 'nodes', 'from']), undefined, true);
  }

  /** Ends the running analysis (and any waiting one): each resolves with its best
   * action so far, within a slice of the search (a few milliseconds). */
  stop() {
    if (this.#dead) return;
    this.#send({ type: 'stop' });
  }

  /** Kills the worker; pending promises reject with EngineTerminatedError. */
  terminate() {
    if (this.#dead?.code === ErrorKinds.EngineTerminated[1]) return;
    this.#die(terminated());
  }

  /** Sends raw UCI text (one or more lines); replies arrive as 'message' events. */
  postMessage(text) {
    if (typeof text !== 'string') throw invalid(`a UCI command must be a string, not ${typeName(text)}`);
    if (this.#dead) throw this.#dead;
    for (const line of text.split(/\r?\n/)) {
      const command = line.trim().split(/\s+/, 1)[0];
      if (command === 'quit') {
        this.terminate();
        return;
      }
      this.#send(line);
    }
    this.#rawUsed = true;
    this.#keepAlive();
  }

  /** The same as postMessage(line). */
  uci(line) {
    this.postMessage(line);
  }

  /** A handler for every UCI output line (`event.data`), like Worker.onmessage. */
  get onmessage() {
    return this.#onmessage?.handler ?? null;
  }

  set onmessage(handler) {
    if (this.#onmessage) this.removeEventListener('message', this.#onmessage.listener);
    this.#onmessage = null;
    if (typeof handler === 'function') {
      const listener = (event) => handler.call(this, event);
      this.#onmessage = { handler, listener };
      this.addEventListener('message', listener);
    }
  }

  #send(message, transfer) {
    this.#worker.postMessage(message, transfer);
  }

  #request(message, onInfo) {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      try {
        this.#send({ ...message, id });
      } catch (error) {
        // e.g. a DataCloneError for a value that cannot cross to the worker
        reject(invalid(`could not send the request to the engine worker: ${error?.message ?? error}`));
        return;
      }
      this.#pending.set(id, { resolve, reject, onInfo });
      this.#keepAlive();
    });
  }

  #settle(id, settle) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    settle(pending);
    this.#keepAlive();
  }

  #emitLine(line) {
    this.dispatchEvent(lineEvent(line));
  }

  #receive(message) {
    if (typeof message === 'string') {
      this.#emitLine(message);
      return;
    }
    if (message === null || typeof message !== 'object') return;
    switch (message.type) {
      case 'ready':
      case 'options':
        if (typeof message.variant === 'string') this.#variant = message.variant;
        if (message.options && typeof message.options === 'object') this.#options = Object.freeze({ ...message.options });
        if (message.type === 'ready') this.#settle(0, (p) => p.resolve());
        return;
      case 'network':
        if (message.error) {
          const error = rebuildError(message.error);
          console.warn(`alfiere: ${error.message}; the hand-written evaluation plays`);
          if (!message.later) this.#settleNetwork({ loaded: Boolean(message.loaded), error });
        } else if (!message.later) {
          this.#settleNetwork({ loaded: Boolean(message.loaded) });
        }
        return;
      case 'result':
        this.#settle(message.id, (p) => p.resolve(message.value));
        return;
      case 'event': {
        // A job's event: the last one is its answer, the others its progress.
        if (message.final) return this.#settle(message.id, (p) => p.resolve(message.value));
        const pending = this.#pending.get(message.id);
        try {
          pending?.onInfo?.(message.value);
        } catch (error) {
          reportLater(error);
        }
        return;
      }
      case 'error': {
        const error = rebuildError(message.error);
        const id = message.id ?? 0;
        if (id === 0 && this.#pending.has(0)) {
          // The engine could not start: nothing else will work either.
          this.#die(error);
        } else {
          this.#settle(id, (p) => p.reject(error));
        }
        return;
      }
      default:
    }
  }

  /** Ends the engine: the worker is terminated and every pending promise rejects. */
  #die(error) {
    if (this.#dead) return;
    this.#dead = error;
    this.#settleNetwork({ loaded: false, error });
    try {
      this.#worker.terminate();
    } catch {
      // already gone
    }
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) p.reject(error);
  }

  /** A Node worker thread keeps the process alive while a promise is pending, and
   * from the first raw UCI command on (replies may come at any time) until terminate(). */
  #keepAlive() {
    // A network still loading keeps the process alive too: `network` would never
    // settle otherwise.
    const busy = !this.#dead && (this.#pending.size > 0 || this.#rawUsed || this.#networkPending);
    if (busy) this.#worker.ref?.();
    else this.#worker.unref?.();
  }
}
