// How the served page gets its parts: the rules (rules.js, bundled into the page's
// script) with the wasm from ../pkg/web, the engine from 'alfiere/engine' (left out of
// the bundle: the HTML's import map finds it in js/, its module worker beside it), the
// puzzle files from ../puzzles/ (the service worker caches them with the rest), and a
// service worker for offline use. The single-file build swaps this module for
// platform-inline.js.

import { loadRulesFrom } from './rules.js';

export const SINGLE_FILE = false;

export function loadRules() {
  // The wasm's URL from here, not the glue's default: the page's modules are bundled.
  return loadRulesFrom(new URL('../pkg/web/alfiere_bg.wasm', import.meta.url));
}

export async function createEngine(variant) {
  const { Engine } = await import('alfiere/engine');
  const engine = new Engine({ variant });
  await engine.ready;
  return engine;
}

/** The text of a rule set's puzzle file, `puzzles/<rule set>.csv` next to the page. */
export async function loadPuzzleFile(variant) {
  const response = await fetch(new URL(`../puzzles/${encodeURIComponent(variant)}.csv`, import.meta.url));
  if (!response.ok) throw new Error(`the puzzles of this rule set could not be loaded (${response.status})`);
  return response.text();
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register('sw.js').catch((err) => {
    console.warn('service worker not registered:', err?.message ?? err);
  });
}
