// The rules for every board on the page: the wasm module, initialised once (it fetches
// alfiere_bg.wasm next to its glue). A page that already holds the module's bytes
// (the single-file build) hands over its own loader with `setRulesLoader`.

import init, * as glue from '../../pkg/web/alfiere.js';

let loader = () => init().then(() => glue);
let loading = null;

/** The initialised wasm module (one load, however many boards ask). */
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
