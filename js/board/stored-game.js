// What a board stores of a game too large to store whole: a game whose PGN is over the
// bound (GameModel's MAX_STORED_PGN: reading a megabyte of side lines back holds the
// page for seconds at every load) is stored without its side lines, and without its
// comments too if that is still too large. The moves, tags and NAGs are always kept.
// Built through the Game (its history, notes and tags), never from PGN text. Loaded
// when a board first meets such a game (element.js).

/** Tags the Game writes from its position, which setHeader refuses. */
const POSITION_TAGS = new Set(['Variant', 'SetUp', 'FEN']);

/**
 * `game`'s PGN for storage, at most `max` characters where its moves allow: `{pgn,
 * dropped}`, `dropped` null (nothing left out), 'side lines', 'comments' or 'side lines
 * and comments'. `Game` is the wasm Game class; `whole` is game.pgn(), if known.
 */
export function storedPgn(Game, game, max, whole = game.pgn()) {
  if (whole.length <= max) return { pgn: whole, dropped: null };
  const notes = notesOf(game);
  // What was left out is told only where there was something to leave out (a shorter PGN).
  const withComments = mainLine(Game, game, notes, true);
  const sideLines = withComments.length < whole.length;
  if (withComments.length <= max) return { pgn: withComments, dropped: sideLines ? 'side lines' : null };
  const bare = mainLine(Game, game, notes, false);
  const comments = bare.length < withComments.length;
  const dropped = [sideLines && 'side lines', comments && 'comments'].filter(Boolean).join(' and ') || null;
  return { pgn: bare, dropped };
}

/** The NAGs and comments (as written) of every position of the game's main line, by ply (0: the start). */
function notesOf(game) {
  const history = game.history({ verbose: true });
  const nags = new Array(history.length).fill(null);
  const copy = game.clone();
  try {
    for (let ply = history.length; ply > 0; ply--) {
      nags[ply - 1] = copy.getNags();
      if (!copy.undo()) break;
    }
  } finally {
    copy.free();
  }
  // Comments name their position by FEN, in game order: matched to plies in order.
  const fens = [history.length ? history[0].before : game.fen(), ...history.map((move) => move.after)];
  const comments = new Map();
  let ply = 0;
  for (const { fen, comment } of game.getComments({ asWritten: true })) {
    while (ply < fens.length && fens[ply] !== fen) ply++;
    if (ply >= fens.length) break;
    comments.set(ply++, comment);
  }
  return { history, start: fens[0], nags, comments };
}

/** The main line replayed into a fresh Game with the tags, NAGs and (if `comments`) comments; its PGN. */
function mainLine(Game, game, notes, comments) {
  const copy = new Game(game.variant(), notes.start);
  try {
    for (const [name, value] of Object.entries(game.getHeaders())) {
      if (POSITION_TAGS.has(name)) continue;
      try {
        copy.setHeader(name, value);
      } catch {
        // a tag the Game wrote but will not take back is left out
      }
    }
    const note = (ply) => {
      if (comments && notes.comments.has(ply)) copy.setComment(notes.comments.get(ply));
    };
    note(0);
    notes.history.forEach((move, i) => {
      copy.move(move.lan);
      if (notes.nags[i]?.length) copy.setNags(notes.nags[i]);
      note(i + 1);
    });
    return copy.pgn();
  } finally {
    copy.free();
  }
}
