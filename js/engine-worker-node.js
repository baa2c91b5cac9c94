// The Engine's worker for Node (worker_threads), the twin of engine-worker.js: the same
// host (engine-host.js) over `parentPort`, with the wasm read from disk by default.
// js/engine-node.js starts it; the package exports it as 'alfiere/worker' under the
// `node` condition.

import { parentPort } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as glue from '../pkg/web/alfiere.js';
import { createEngineHost } from './engine-host.js';

const defaultWasm = new URL('../pkg/web/alfiere_bg.wasm', import.meta.url);

/** Bytes from a source the Engine was given: bytes as they are, an http(s) URL
 * fetched, anything else a file path or file: URL read from disk. */
async function bytesOf(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const text = String(source);
  if (/^https?:/.test(text)) {
    const response = await fetch(text);
    if (!response.ok) throw new Error(`${text}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return readFile(text.startsWith('file:') ? fileURLToPath(text) : text);
}

/** The module bytes (or a compiled module) from what the Engine's `wasm` option gave. */
async function wasmSource(wasm) {
  if (wasm === undefined || wasm === null) return readFile(defaultWasm);
  if (wasm instanceof WebAssembly.Module) return wasm;
  return bytesOf(wasm);
}

const host = createEngineHost({
  post: (message) => parentPort.postMessage(message),
  load: async (wasm) => {
    glue.initSync({ module: await wasmSource(wasm) });
    return glue;
  },
  readNetwork: bytesOf,
  close: () => parentPort.close(),
  yieldNow: () => new Promise((resolve) => setImmediate(resolve)),
});

parentPort.on('message', (message) => host.receive(message));
