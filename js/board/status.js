// Words for the state of the game: the status line (whose turn, check, the result with
// its reason, from the core), the multi-action turn line, and what the aria-live region
// announces.

import { ROLE_NAMES as ROLE, SIDE_NAMES as SIDE } from './pieces.js';

/** The result in words, as the core writes it ("White wins by checkmate"). */
function outcomeText(model) {
  const outcome = model.game.outcome();
  if (outcome) return outcome.text;
  const recorded = model.recordedResult();
  if (!recorded) return null;
  const who = recorded === '1-0' ? 'White won' : recorded === '0-1' ? 'Black won' : 'Drawn';
  return `${who} (${recorded}, the result recorded in the PGN)`;
}

/** The status line. */
export function statusText(model, { engineSide, thinking }) {
  const game = model.game;
  const over = outcomeText(model);
  if (over) return over;
  const turn = game.turnState();
  const side = SIDE[turn.side];
  let text;
  if (turn.phase === 'push') text = `${side} to push one of ${SIDE[other(turn.side)]}'s pawns`;
  else if (turn.phase === 'promotion_choice') text = `${side} to choose the piece for the promoted pawn`;
  else text = `${side} to move`;
  if (engineSide) {
    if (turn.side !== engineSide) text += ' (you)';
    else text = thinking ? `${side} (computer) is thinking…` : `${side} (computer) to move`;
  }
  if (game.isCheck()) text += '. Check!';
  return text;
}

/** "Action 2 of 3 · so far: e4, d4" for turns of several actions, or null. */
export function turnText(model) {
  const turn = model.currentTurn();
  if (model.isOver() || turn.length <= 1) return null;
  let text;
  if (model.facts().turn === 'move-and-push') {
    const step = turn.phase === 'push' ? 'push' : turn.phase === 'promotion_choice' ? 'promotion choice' : 'move';
    text = `${SIDE[turn.side]}'s turn: ${step}`;
  } else {
    text = `${SIDE[turn.side]}'s turn: action ${turn.played + 1} of ${turn.length}`;
  }
  if (turn.sofar.length) text += ` · so far: ${turn.sofar.map((m) => m.san).join(', ')}`;
  return text;
}

/** What a screen reader hears after an action. */
export function announceText(move, model) {
  const who = SIDE[move.color];
  let text;
  switch (move.kind) {
    case 'drop':
      text = `${who} drops a ${ROLE[move.piece]} on ${move.to}`;
      break;
    case 'push':
      text = `${who} pushes the pawn from ${move.from} to ${move.to}`;
      break;
    case 'promotion_choice':
      text = `${who} promotes the pawn on ${move.to} to a ${ROLE[move.promotion]}`;
      break;
    case 'castle':
      text = `${who} castles ${move.flags.includes('k') ? 'king side' : 'queen side'}`;
      break;
    default:
      text = `${who} ${ROLE[move.piece]} from ${move.from} to ${move.to}`;
      if (move.captured) text += `, takes ${ROLE[move.captured]}`;
      if (move.promotion) text += `, promotes to ${ROLE[move.promotion]}`;
      if (move.board) text += `, now on board ${move.board.toUpperCase()}`;
  }
  text += ` (${move.san}).`;
  const outcome = model.game.outcome();
  if (outcome) text += ` ${outcome.text}.`;
  else if (model.game.isCheck()) text += ' Check.';
  return text;
}

function other(side) {
  return side === 'w' ? 'b' : 'w';
}
