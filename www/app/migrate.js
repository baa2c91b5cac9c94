// Carries a game saved by the page before the board became a component (localStorage
// `alfiere.game.v1`: start FEN, UCI actions, tags, comments, players) over to the
// board's own format (`alfiere.game.v2`: the Game's PGN), once, so an update never
// loses a game in play. A saved game that does not replay is left where it is.

import { load, remove, save } from 'alfiere/board/storage';

const OLD_KEY = 'alfiere.game.v1';

export function migrateSavedGame(rules, boardKey, playersKey) {
  const old = load(OLD_KEY);
  if (!old || load(boardKey)) return false;
  let game = null;
  try {
    if (typeof old.variant !== 'string' || !Array.isArray(old.actions)) throw new Error('wrong shape');
    game = new rules.Game(old.variant, old.startFen ?? undefined);
    const notes = new Map();
    for (const comment of Array.isArray(old.comments) ? old.comments : []) {
      if (Number.isInteger(comment?.after) && typeof comment.text === 'string') notes.set(comment.after, comment.text);
    }
    if (notes.has(0)) game.setComment(notes.get(0));
    old.actions.forEach((token, index) => {
      game.move(String(token));
      if (notes.has(index + 1)) game.setComment(notes.get(index + 1));
    });
    for (const [name, value] of Object.entries(old.tags ?? {})) {
      if (typeof value === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(name)) game.setHeader(name, value);
    }
    save(boardKey, {
      version: 1,
      // The board's restore() checks the ending and the redo stack as for any stored game.
      game: { version: 2, variant: old.variant, pgn: game.pgn(), redo: old.redo, ending: old.ending, record: null },
      orientation: old.orientation === 'b' ? 'b' : 'w',
    });
    if (old.players) save(playersKey, old.players);
    remove(OLD_KEY);
    return true;
  } catch (err) {
    console.warn('the game saved by an older page could not be carried over:', err?.message ?? err);
    return false;
  } finally {
    game?.free();
  }
}
