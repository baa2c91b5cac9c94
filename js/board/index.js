// The package's 'alfiere/board' entry: defines <alfiere-board> (once, however often it
// is imported) and exports its class, mountBoard(), and the hooks that choose how the
// rules and the engine are loaded (for pages that carry the wasm themselves).

import { AlfiereBoard, mountBoard } from './element.js';

export { AlfiereBoard, mountBoard };
export { setRulesLoader } from './rules.js';
export { setEngineFactory, sharedEngine, EngineQueue } from './engine-queue.js';
export { LEVELS } from './levels.js';

if (typeof customElements !== 'undefined' && !customElements.get('alfiere-board')) {
  customElements.define('alfiere-board', AlfiereBoard);
}
