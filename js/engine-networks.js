// The worker's learned evaluations (the Engine's `network` option): which networks are
// still to be read, reading the ones due for the rule set in play in the background,
// handing them to the session, and keeping them for a new session after a crash. Used
// by engine-host.js.

import { ErrorKinds, describeError, errorText, typedError } from './errors.js';

/** `session()` gives the host's current session; `post(message)` sends to the main
 * thread; `readNetwork(source)` resolves to a network file's bytes. */
export function createNetworkLoader({ session, post, readNetwork }) {
  const loaded = []; // the bytes of each network in use
  let ahead = []; // the `network` option's entries not read yet: {source, variants?}
  let reading = Promise.resolve(); // settles when the networks being read are in use (or failed)

  const readOne = (source) => Promise.resolve(source).then(readNetwork).catch((error) => {
    throw typedError(ErrorKinds.NetworkLoad, `could not read the network: ${errorText(error)}`);
  });

  /** Hands a network's bytes to the session; a bad file throws its typed error, and
   * is not kept. */
  function use(bytes) {
    const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    session().loadNetwork(view);
    loaded.push(view);
  }

  /** Reads, in the background, the networks due for the session's rule set (an entry
   * without `variants` is due at once) and hands each to the session between two
   * slices; the hand-written evaluation plays until then, and on if one fails. One
   * `network` message per batch: `later` for a batch read when a rule set was first
   * played, after the start's. */
  function loadDue(later) {
    const variant = session().variant();
    const due = ahead.filter((entry) => !entry.variants || entry.variants.includes(variant));
    ahead = ahead.filter((entry) => !due.includes(entry));
    if (!due.length) return later ? undefined : post({ type: 'network', loaded: false });
    // Each entry settles to its error, or to undefined once the network is in use.
    const batch = Promise.all(due.map((entry) => readOne(entry.source).then(use).then(() => undefined, (error) => error)));
    reading = Promise.all([reading, batch]);
    batch.then((outcomes) => {
      const error = outcomes.find((outcome) => outcome !== undefined);
      const inUse = outcomes.some((outcome) => outcome === undefined);
      post({ type: 'network', loaded: inUse, later, error: error && describeError(error, ErrorKinds.NetworkLoad) });
    });
  }

  return {
    /** The start: the init message's `network` entries (none: null), and the starting
     * rule set's due. */
    start(entries) {
      ahead = entries ?? [];
      loadDue(false);
    },
    /** The rule set changed: read the networks it is the first to need. */
    variantChanged: () => ahead.length && loadDue(true),
    /** Settles once the networks being read are in use (or failed). */
    settled: () => reading,
    /** The bytes of each network in use, for a new session after a crash. */
    loaded,
  };
}
