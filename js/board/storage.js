// Saving to localStorage as JSON, under a key the page chooses ('alfiere/board/storage':
// the board keeps its game with it, a page its own records beside it). Storage can be full,
// disabled or shared with a stranger's data, so every read is checked by its caller.
// load/save fail silently (a board works without storage); read/store say what went
// wrong, for a caller that tells the person.

/** What is stored under `key`: {status: 'absent' | 'ok' | 'unreadable', value, text}. */
export function read(key) {
  let text;
  try {
    text = globalThis.localStorage?.getItem(key);
  } catch {
    return { status: 'absent', value: null, text: null }; // storage refused: nothing to read
  }
  if (text === null || text === undefined || text === '') return { status: 'absent', value: null, text: null };
  try {
    return { status: 'ok', value: JSON.parse(text), text };
  } catch {
    return { status: 'unreadable', value: null, text };
  }
}

export function load(key) {
  return read(key).value;
}

/**
 * Stores `value` as JSON under `key`: 'ok', 'full' (the browser's quota is reached) or
 * 'unavailable' (no storage, or storage refused).
 */
export function store(key, value) {
  const storage = (() => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  })();
  if (!storage) return 'unavailable';
  try {
    storage.setItem(key, JSON.stringify(value));
    return 'ok';
  } catch (err) {
    return isQuotaError(err) ? 'full' : 'unavailable';
  }
}

/** Whether `err` says the storage quota is reached (named differently by browsers). */
function isQuotaError(err) {
  return err?.name === 'QuotaExceededError' || err?.name === 'NS_ERROR_DOM_QUOTA_REACHED' || err?.code === 22 || err?.code === 1014;
}

export function save(key, value) {
  return store(key, value) === 'ok';
}

/** Stores `text` as it is (a record that could not be read, kept beside its key). */
export function keepText(key, text) {
  try {
    globalThis.localStorage?.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // nothing stored, nothing to forget
  }
}
