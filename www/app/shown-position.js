// The position the board shows, as the engine needs it to analyse it: the game's line
// (its start and the actions up to the shown one, so repetitions count), its FEN, the
// side to act there and whether it is inside a turn (a line from it resumes as `12...`).
// While looking back that is a past position of the game; analysing it never plays
// anything into the game.

import { insideTurn, startsMidTurn } from './turn-notation.js';

export function shownPosition(board) {
  const history = board.history();
  const ply = board.reviewing ?? history.length;
  const startFen = history.length ? history[0].before : board.game.fen();
  // The game's line as numbers, cut at the shown action: it crosses to the worker as it is.
  const line = board.game.engineLine();
  return {
    variant: board.variant,
    ply,
    startFen,
    line: { ...line, actions: line.actions.slice(0, ply) },
    fen: ply > 0 ? history[ply - 1].after : startFen,
    // The side that acted next in the game is the side to act there.
    side: ply < history.length ? history[ply].color : board.game.turn(),
    midTurn: shownInsideTurn(board, history, ply),
  };
}

/** Whether the position after `ply` actions is inside a turn. */
function shownInsideTurn(board, history, ply) {
  if (ply > 0) return !history[ply - 1].endsTurn;
  return history.length ? startsMidTurn(board.game, history) : insideTurn(board.game.turnState());
}

// Endings decided off the board (or by a claim): the position itself plays on, so it
// can still be analysed.
const DECIDED_OFF_THE_BOARD = new Set(['resignation', 'agreement', 'time_forfeit', 'fifty_moves', 'threefold_repetition']);

/** Whether the position shown ends the game by the rules (mate, stalemate, a variant's win…): nothing to analyse. */
export function shownPositionEnded(board) {
  if (board.reviewing !== null || !board.game.isGameOver()) return false;
  return !DECIDED_OFF_THE_BOARD.has(board.game.outcome()?.reason);
}
