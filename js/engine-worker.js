// The Engine's module Web Worker (package subpath 'alfiere/worker'). It loads the wasm
// module through the wasm-bindgen `web` glue and serves the engine over postMessage:
// raw UCI text lines, or the Engine class's messages (see engine-host.js).
//
//   new Worker(new URL('alfiere/worker', import.meta.url), { type: 'module' })  // or
//   new Engine()  // from 'alfiere/engine', which starts this worker itself
//
// By default the glue fetches alfiere_bg.wasm next to pkg/web/alfiere.js; the Engine's
// `wasm` option (a URL, the bytes or a WebAssembly.Module) overrides that.

import init, * as glue from '../pkg/web/alfiere.js';
import { createEngineHost } from './engine-host.js';

/** Resolves on the next macrotask: a MessageChannel message, as setTimeout(0) is
 * clamped to 4 ms after a few nestings (a slice is 8 ms). */
function macrotaskYielder() {
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()();
  return () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}

const host = createEngineHost({
  post: (message) => self.postMessage(message),
  yieldNow: macrotaskYielder(),
  load: async (wasm) => {
    await init(wasm === undefined || wasm === null ? undefined : { module_or_path: wasm });
    return glue;
  },
  // A network's bytes as given, or fetched from its URL (the browser's HTTP cache and
  // the page's service worker keep it for offline use).
  readNetwork: async (network) => {
    if (network instanceof ArrayBuffer || ArrayBuffer.isView(network)) return network;
    const response = await fetch(network);
    if (!response.ok) throw new Error(`${network}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  },
  close: () => self.close(),
});

self.addEventListener('message', (event) => host.receive(event.data));
