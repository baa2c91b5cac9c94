// 'alfiere/engine' in Node: the same Engine class as engine.js, running its worker on a
// worker_threads thread (engine-worker-node.js) instead of a Web Worker. The thread
// keeps the process alive only while a promise is pending, so a script using only the
// promise API may simply end without terminate(); after raw UCI (postMessage), replies
// may come at any time, so then it stays alive until terminate(), as a Worker does.

import { Worker } from 'node:worker_threads';
import { Engine as WorkerEngine, checkEngineOptions } from './engine.js';

export { ErrorKinds } from './engine.js';

/** A worker_threads Worker behind the Web Worker interface the Engine uses. */
class NodeWorker extends EventTarget {
  #thread;

  constructor(url) {
    super();
    // The thread inherits the process's flags, but `--input-type` (node -e scripts)
    // is refused by worker threads.
    const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
    this.#thread = new Worker(url, { execArgv });
    this.#thread.on('message', (data) => this.dispatchEvent(new MessageEvent('message', { data })));
    this.#thread.on('messageerror', () => this.dispatchEvent(new Event('messageerror')));
    this.#thread.on('error', (error) => {
      const event = new Event('error');
      Object.assign(event, { error, message: error?.message ?? String(error) });
      this.dispatchEvent(event);
    });
  }

  postMessage(message, transfer) {
    this.#thread.postMessage(message, transfer);
  }

  terminate() {
    this.#thread.terminate();
  }

  ref() {
    this.#thread.ref();
  }

  unref() {
    this.#thread.unref();
  }
}

export class Engine extends WorkerEngine {
  /** `new Engine({ variant, worker, wasm })` as in engine.js; `wasm` may also be a file
   * path. Without `worker`, a worker thread runs engine-worker-node.js. */
  constructor(options = {}) {
    checkEngineOptions(options); // throws before a thread is started
    if (options.worker !== undefined) {
      super(options);
      return;
    }
    const { workerUrl, ...rest } = options;
    const url = workerUrl ?? new URL('./engine-worker-node.js', import.meta.url);
    super({ ...rest, worker: new NodeWorker(url) });
  }
}
