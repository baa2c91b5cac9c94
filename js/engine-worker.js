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

const host = createEngineHost({
  post: (message) => self.postMessage(message),
  load: async (wasm) => {
    await init(wasm === undefined || wasm === null ? undefined : { module_or_path: wasm });
    return glue;
  },
  close: () => self.close(),
});

self.addEventListener('message', (event) => host.receive(event.data));
