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

/** The module bytes (or a compiled module) from what the Engine's `wasm` option gave. */
async function wasmSource(wasm) {
  if (wasm === undefined || wasm === null) return readFile(defaultWasm);
  if (wasm instanceof WebAssembly.Module || wasm instanceof ArrayBuffer || ArrayBuffer.isView(wasm)) return wasm;
  const text = String(wasm);
  if (/^https?:/.test(text)) {
    const response = await fetch(text);
    if (!response.ok) throw new Error(`${text}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return readFile(text.startsWith('file:') ? fileURLToPath(text) : text);
}

/** A network file's bytes from what the Engine's `network` option gave. */
async function networkBytes(network) {
  if (network instanceof ArrayBuffer || ArrayBuffer.isView(network)) return network;
  const text = String(network);
  if (/^https?:/.test(text)) {
    const response = await fetch(text);
    if (!response.ok) throw new Error(`${text}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return readFile(text.startsWith('file:') ? fileURLToPath(text) : text);
}

const host = createEngineHost({
  post: (message) => parentPort.postMessage(message),
  load: async (wasm) => {
    glue.initSync({ module: await wasmSource(wasm) });
    return glue;
  },
  readNetwork: networkBytes,
  close: () => parentPort.close(),
});

parentPort.on('message', (message) => host.receive(message));
