// One engine (a Web Worker running the wasm search) shared by whoever needs it: boards
// that play, a page's analysis panel. Jobs run one at a time in order; each says its
// rule set, its options and its search, and the queue switches the engine to them
// only when they differ from the engine session's own (`engine.variant` and
// `engine.options`, which the session reports: the queue keeps no copy). A
// preemptible job (an open-ended analysis) is stopped as soon as another job waits. A
// cancelled job resolves with null; a running one is stopped within a few milliseconds.

let createEngine = async (variant) => {
  // Loaded on first use, so a board that never meets the engine never fetches it.
  const { Engine } = await import('../engine.js');
  const engine = new Engine({ variant });
  await engine.ready;
  return engine;
};

let shared = null;

/** Replaces how engines are made (e.g. a page that hands the worker its wasm bytes). */
export function setEngineFactory(factory) {
  if (typeof factory !== 'function') throw new TypeError('the engine factory must be a function');
  createEngine = factory;
}

/** The queue every board uses unless told otherwise: one worker for the whole page. */
export function sharedEngine() {
  shared ??= new EngineQueue();
  return shared;
}

const queues = new WeakMap();

/** The queue of a given Engine instance (boards handed the same Engine share it). */
export function queueFor(engine) {
  let queue = queues.get(engine);
  if (!queue) {
    queue = new EngineQueue(async () => engine);
    queues.set(engine, queue);
  }
  return queue;
}

export class EngineQueue {
  /** @param {(variant: string) => Promise<object>} [factory] makes the Engine on first use */
  constructor(factory = null) {
    this.factory = factory;
    this.enginePromise = null;
    this.engine = null;
    this.jobs = [];
    this.current = null;
  }

  /**
   * Queues a search: `{variant, options: {'Skill Level': 5}, request: {fen, moves,
   * movetime | infinite}, onInfo, preemptible}`, or instead of `request` a `run(engine)`
   * that does its own work on the Engine (a whole game's analyseGame). Returns `{result,
   * cancel}`: `result` resolves with the Engine's analyse() (or run's) result, or null
   * when cancelled.
   */
  submit(job) {
    const entry = { ...job, cancelled: false, done: false };
    entry.result = new Promise((resolve, reject) => {
      entry.resolve = (value) => {
        entry.done = true;
        resolve(value);
      };
      entry.reject = (error) => {
        entry.done = true;
        reject(error);
      };
    });
    this.jobs.push(entry);
    if (this.current?.preemptible && !this.current.cancelled) this.engine?.stop();
    this.pump();
    return { result: entry.result, cancel: () => this.cancel(entry) };
  }

  /** Ends the running search early: it resolves with its best action so far. */
  hurry() {
    if (this.current && !this.current.cancelled) this.engine?.stop();
  }

  cancel(entry) {
    if (entry.done || entry.cancelled) return;
    entry.cancelled = true;
    const index = this.jobs.indexOf(entry);
    if (index >= 0) {
      this.jobs.splice(index, 1);
      entry.resolve(null);
    } else if (this.current === entry) {
      this.engine?.stop();
    }
  }

  async start(variant) {
    if (!this.enginePromise) {
      this.enginePromise = (this.factory ?? createEngine)(variant).then(
        (engine) => {
          this.engine = engine;
          return engine;
        },
        (error) => {
          this.enginePromise = null; // the next job tries again
          throw error;
        },
      );
    }
    return this.enginePromise;
  }

  async pump() {
    if (this.current || !this.jobs.length) return;
    const entry = this.jobs.shift();
    this.current = entry;
    try {
      const engine = await this.start(entry.variant);
      // The rule set is the engine's own (another user of the Engine may change it).
      if (!entry.cancelled && engine.variant !== entry.variant) {
        await engine.setOption('UCI_Variant', entry.variant);
        await engine.newGame();
      }
      for (const [name, value] of Object.entries(entry.options ?? {})) {
        if (entry.cancelled || engine.options?.[name] === value) continue;
        await engine.setOption(name, value);
      }
      // A preemptible job that others overtook while it was being set up never starts.
      const skip = entry.cancelled || (entry.preemptible && this.jobs.length > 0);
      const result = skip ? null : entry.run ? await entry.run(engine) : await engine.analyse(entry.request, entry.onInfo);
      entry.resolve(entry.cancelled ? null : result);
    } catch (error) {
      entry.reject(error);
    } finally {
      this.current = null;
      this.pump();
    }
  }
}
