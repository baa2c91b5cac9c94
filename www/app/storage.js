// Saving to localStorage: the game in play and the settings, as JSON. Storage can be
// full, disabled or shared with a stranger's data, so every read is checked and every
// failure is silent (the page works without it).

export const GAME_KEY = 'alfiere.game.v1';
export const SETTINGS_KEY = 'alfiere.settings.v1';

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
