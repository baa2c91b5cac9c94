// The side lines of an imported PGN, as the move list shows them: the variations the
// Game keeps for each action (alternatives to it, played from the position before it,
// `Game.getVariations()`), each token with the position after it, so a click shows that
// position on the board as a preview (board.preview: the game is never touched).
// Nothing is read from PGN text: the Game gives the tokens and plays them.

import { readPerAction } from './game-marks.js';

/**
 * The variations of every action: `result[i]` are action i's, each an array of its
 * tokens (SAN; a multi-action turn is one token), read as the NAGs are (game-marks.js).
 */
export function variationsOfGame(game, length) {
  return readPerAction(game, length, (position) => position.getVariations());
}

/**
 * A variation's tokens played from `before` (a FEN) in rule set `variantId`, each with
 * the FEN after it and its last action (a verbose move). A turn's token is split by
 * `joiner` (`e5,Nc6`); the walk stops at the first token that does not play.
 */
export function playVariation(Game, variantId, before, tokens, joiner) {
  const game = new Game(variantId, before);
  const played = [];
  try {
    for (const token of tokens) {
      let move = null;
      for (const san of joiner ? token.split(joiner) : [token]) move = game.move(san);
      played.push({ token, fen: game.fen(), move });
    }
  } catch {
    // A variation the Game kept is legal; anything else ends the walk where it fails.
  } finally {
    game.free();
  }
  return played;
}
