// Who plays the game on the page: the person against the computer (`engine`, with
// the person's colour), two people at one board (`friend`), nobody yet (`view`: an
// imported game opened to look at, until the person chooses to play on from it and
// against whom), or the person solving puzzles (`puzzle`: puzzle-mode.js). Reads the stored shape back safely, says the players in words, and
// readies the board to play on from the position it shows.

const SIDE = { w: 'White', b: 'Black' };
const MODES = new Set(['engine', 'friend', 'view', 'puzzle']);

/** The players as stored (`{mode, human}`), cleaned; the settings' mode when unreadable. */
/** The stored players checked: {mode, human}, or null when they are not what the page wrote. */
export function checkPlayers(data) {
  if (!data || typeof data !== 'object' || !MODES.has(data.mode) || (data.human !== 'w' && data.human !== 'b')) return null;
  return { mode: data.mode, human: data.human };
}

export function sanitizePlayers(data, settings) {
  const mode = MODES.has(data?.mode) ? data.mode : settings.mode;
  const human = data?.human === 'b' ? 'b' : 'w';
  return { mode, human };
}

/** The board's `engine` and `movable` attributes for `players`. */
export function boardSides(players) {
  if (players.mode === 'engine') return { engine: players.human === 'w' ? 'black' : 'white', movable: 'both' };
  return { engine: 'none', movable: players.mode === 'view' ? 'none' : 'both' };
}

/** The players a game's tags name ({w, b}), each else its colour, as the board names them. */
export function taggedNames(headers) {
  const name = (tag, side) => (/^[?.\s]*$/.test(headers[tag] ?? '') ? SIDE[side] : headers[tag].trim());
  return { w: name('White', 'w'), b: name('Black', 'b') };
}

/**
 * The game in play in words, for the Opponent panel: `names` are the board's player
 * names ({w, b}, from the game's tags when it names its players).
 */
export function playersText(players, names) {
  if (players.mode === 'engine') return `This game: you play ${SIDE[players.human]} against the computer.`;
  if (players.mode === 'puzzle') return 'Puzzles: choose “New game” to play a game again.';
  const named = names.w !== SIDE.w || names.b !== SIDE.b;
  const both = named ? `${names.w} (White) and ${names.b} (Black)` : 'White and Black';
  if (players.mode === 'friend') return `This game: ${both}, played by people on this board.`;
  return `This game: ${both}, opened to look at; choose “Play on” to continue it.`;
}

/**
 * Whether the game can be played on from the position the board shows: a past one
 * always (the game went on from it); the last one unless the game ended on the board
 * (a result only recorded in the PGN gives way).
 */
export function canPlayOnFromShown(board) {
  return board.reviewing !== null || !board.game.isGameOver();
}

/** Takes the game back to the position shown (a recorded result first); redo brings the actions back. */
export function takeBackToShown(board) {
  const target = board.reviewing ?? board.history().length;
  const recordedOnly = () => board.over && !board.game.isGameOver(); // a result only the PGN records
  while (board.canUndo() && (board.history().length > target || recordedOnly())) board.undo();
}
