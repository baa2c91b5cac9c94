// PGN tags kept as chess.js 1.4 keeps them: an ordered map that always holds its
// template of 37 known tags (unset ones as null, roster tags at their defaults),
// then other tags in the order they were first set. This fixes the order of
// `getHeaders()` and of the tag lines of `pgn()` whatever order they were set in.

import { DEFAULT_POSITION, HEADER_TEMPLATE, SEVEN_TAG_ROSTER } from './constants.js';

const defaultOf = (name) => (Object.hasOwn(SEVEN_TAG_ROSTER, name) ? SEVEN_TAG_ROSTER[name] : null);

const TEMPLATE = new Map(HEADER_TEMPLATE.map((name) => [name, defaultOf(name)]));

export class Headers {
  #tags = new Map(TEMPLATE);
  #changed = new Set(); // tags set since the last reset: what reset() has to undo

  reset() {
    // Every load() resets the tags: undoing the few changes is cheaper than a new map.
    for (const name of this.#changed) {
      if (TEMPLATE.has(name)) this.#tags.set(name, TEMPLATE.get(name));
      else this.#tags.delete(name);
    }
    this.#changed.clear();
  }

  /** Sets a tag; a null or undefined value puts back its default. */
  set(name, value) {
    this.#tags.set(name, value ?? defaultOf(name));
    this.#changed.add(name);
  }

  /** Puts a known tag back to its default; false for a tag never known. */
  remove(name) {
    if (!this.#tags.has(name)) return false;
    this.#tags.set(name, defaultOf(name));
    return true;
  }

  /**
   * The SetUp and FEN tags of a game starting at `fen`: set unless it is the standard
   * start (or null), removed then.
   */
  setUp(fen) {
    if (fen && fen !== DEFAULT_POSITION) {
      this.set('SetUp', '1');
      this.set('FEN', fen);
    } else {
      this.remove('SetUp');
      this.remove('FEN');
    }
  }

  get(name) {
    return this.#tags.get(name) ?? null;
  }

  /** The tags with values, in order. */
  entries() {
    return [...this.#tags].filter(([, value]) => value !== null && value !== undefined);
  }

  /** Every known tag, unset ones as null (chess.js's deprecated `header()`). */
  all() {
    return Object.fromEntries(this.#tags);
  }
}
