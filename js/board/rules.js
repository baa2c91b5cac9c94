// The rules for every board on the page: the wasm module, initialised once (it fetches
// alfiere_bg.wasm next to its glue). A page that already holds the module's bytes
// (the single-file build) hands over its own loader with `setRulesLoader`.

import init, { Game, variants, placement, placementHands } from '../../pkg/web/alfiere.js';

// Only what a board uses, so a bundler leaves out the rest of the glue (the engine's Session).
let loader = () => init().then(() => ({ Game, variants, placement, placementHands }));
let loading = null;

/** The initialised wasm module's Game, variants, placement and placementHands (one load,
 * however many boards ask). */
export function loadRules() {
  loading ??= loader();
  return loading;
}

/** Replaces how the rules are loaded; call before the first board connects. */
export function setRulesLoader(load) {
  if (typeof load !== 'function') throw new TypeError('the rules loader must be a function');
  loader = load;
  loading = null;
}
