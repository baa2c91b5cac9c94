// Words for the state of the game: the status line (whose turn, check, the result with
// its reason), the multi-action turn line, and what the aria-live region announces.

const SIDE = { w: 'White', b: 'Black' };

const REASONS = {
  checkmate: 'checkmate',
  stalemate: 'stalemate',
  insufficient_material: 'insufficient material',
  seventyfive_moves: 'the 75-move rule',
  fivefold_repetition: 'fivefold repetition',
  fifty_moves: 'the 50-move rule (claimed)',
  threefold_repetition: 'threefold repetition (claimed)',
  ten_series: 'ten series without a capture or pawn move',
  self_check: 'a push into their own check',
  promotion_check: 'a promoted piece attacking the king',
  resignation: 'resignation',
  agreement: 'agreement',
  time_forfeit: 'time forfeit',
};

/** The result in words: "White wins by checkmate", "Draw by stalemate". */
export function outcomeText(outcome, facts) {
  let reason = REASONS[outcome.reason] ?? outcome.reason.replace(/_/g, ' ');
  if (outcome.reason === 'variant_win') reason = facts.variantWin;
  else if (outcome.reason === 'variant_draw') reason = facts.variantDraw;
  if (outcome.reason === 'self_check' && outcome.winner) {
    return `${SIDE[outcome.winner]} wins: ${SIDE[outcome.winner === 'w' ? 'b' : 'w']} pushed into their own check`;
  }
  return outcome.winner ? `${SIDE[outcome.winner]} wins by ${reason}` : `Draw by ${reason}`;
}

/** The status line. */
export function statusText(model, { mode, human, thinking }) {
  const game = model.game;
  const outcome = game.outcome();
  if (outcome) return outcomeText(outcome, model.facts());
  const turn = game.turnState();
  const side = SIDE[turn.side];
  let text;
  if (turn.phase === 'push') text = `${side} to push one of ${SIDE[other(turn.side)]}'s pawns`;
  else if (turn.phase === 'promotion_choice') text = `${side} to choose the piece for the promoted pawn`;
  else text = `${side} to move`;
  if (mode === 'engine') {
    if (turn.side === human) text += ' (you)';
    else text = thinking ? `${side} (computer) is thinking…` : `${side} (computer) to move`;
  }
  if (game.isCheck()) text += '. Check!';
  return text;
}

/** "Action 2 of 3 · so far: e4, d4" for turns of several actions, or null. */
export function turnText(model) {
  const turn = model.currentTurn();
  if (model.game.isGameOver() || turn.length <= 1) return null;
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
  if (outcome) text += ` ${outcomeText(outcome, model.facts())}.`;
  else if (model.game.isCheck()) text += ' Check.';
  return text;
}

const ROLE = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

function other(side) {
  return side === 'w' ? 'b' : 'w';
}
