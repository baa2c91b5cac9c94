// Saving to localStorage as JSON, under a key the page chooses. Storage can be full,
// disabled or shared with a stranger's data, so every read is checked by its caller
// and every failure is silent here (a board works without storage).

export function load(key) {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function save(key, value) {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
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
