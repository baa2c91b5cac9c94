// The board's sounds, as the rest of the board calls them. The synthesiser
// (sound-effects.js) is loaded only once a board wants sound: sound is off by default,
// so most boards never load it. A sound asked for while it loads plays when it arrives.

let effects = null;
let loading = null;

/** Runs `use(effects)` now, or once sound-effects.js has arrived. */
function withEffects(use) {
  if (effects) return use(effects);
  loading ??= import('./sound-effects.js').then((module) => (effects = module));
  loading.then(use, () => {}); // no sound where the module cannot load: sound is decoration
}

export function playSound(name, muted) {
  if (!muted) withEffects((e) => e.play(name));
}

/** Makes the AudioContext ahead of the first gesture, in idle time (see sound-effects.js). */
export function prepareAudio(muted) {
  if (!muted) withEffects((e) => e.prepare());
}

/** Called from a user gesture so later sounds are allowed to start. */
export function unlockAudio(muted) {
  if (!muted) withEffects((e) => e.unlock());
}
