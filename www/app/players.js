// Who plays the game on the page: the person against the computer (`engine`, with
// the person's colour), two people at one board (`friend`), or nobody yet (`view`: an
// imported game opened to look at, until the person chooses to play on from it and
// against whom). Reads the stored shape back safely and says the players in words.

const SIDE = { w: 'White', b: 'Black' };
const MODES = new Set(['engine', 'friend', 'view']);

/** The players as stored (`{mode, human}`), cleaned; the settings' mode when unreadable. */
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
  const both = `${names.w} (White) and ${names.b} (Black)`;
  if (players.mode === 'friend') return `This game: ${both}, played on this board.`;
  return `This game: ${both}, opened to look at; choose “Play on” to continue it.`;
}
