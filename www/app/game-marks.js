// What the page shows of a game's analysis, one shape whatever it came from: an
// analysis report (Engine.analyseGame) or the notes of an imported PGN (`[%eval]`
// comments and NAGs, read through the Game). Per action: White's win chance after it
// where a turn ends (one graph point per turn end), its mark, its best line; per side:
// the counts of marks and, from a report, the accuracy.

import { evalInComment } from './comment-commands.js';
import { whiteWinChance } from './win-chance.js';

/** The move-quality marks and their NAGs (docs/analysis.md, "Marks"). */
export const MARK_NAG = { inaccuracy: 6, mistake: 2, blunder: 4 };
const NAG_MARK = { 6: 'inaccuracy', 2: 'mistake', 4: 'blunder' };
/** The glyphs of NAGs $1..$6 and the words a title gives them. */
export const NAG_GLYPH = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
export const NAG_WORDS = { 1: 'Good move', 2: 'Mistake', 3: 'Brilliant move', 4: 'Blunder', 5: 'Interesting move', 6: 'Inaccuracy' };

function emptyCounts() {
  return { inaccuracy: 0, mistake: 0, blunder: 0 };
}

function countMarks(actions) {
  const counts = { w: emptyCounts(), b: emptyCounts() };
  for (const action of actions) if (action.mark) counts[action.color][action.mark]++;
  return counts;
}

/**
 * The view of an analysis report: `{source: 'report', start, startEvaluation, actions:
 * [{color, turn, endsTurn, whiteWin, mark, cause, evaluation, best}], counts, accuracy,
 * complete}` (evaluations in White's view).
 */
export function marksFromReport(report) {
  const actions = report.plies.map((ply) => ({
    color: ply.color,
    turn: ply.turn,
    endsTurn: ply.endsTurn,
    // The graph has one point per turn end: inside a turn the side to act has not decided yet.
    whiteWin: ply.endsTurn ? whiteWinChance(ply.eval) : null,
    mark: ply.class ?? null,
    cause: ply.cause ?? null,
    evaluation: ply.eval ?? null,
    best: ply.best ?? null,
  }));
  return {
    source: 'report',
    start: whiteWinChance(report.start),
    startEvaluation: report.start ?? null,
    actions,
    counts: report.counts ?? countMarks(actions),
    accuracy: report.accuracy ?? { w: null, b: null },
    complete: report.complete !== false,
  };
}

/**
 * The view of a game's own notes: the `[%eval]` of the comment after each turn and the
 * mark NAGs ($6, $2, $4) of each action. Null when the game has no evaluation at all
 * (a game without notes is not shown as analysed). `nags[i]` are action i's NAGs.
 */
export function marksFromNotes(game, history, nags) {
  const evals = new Map();
  for (const { fen, comment } of game.getComments()) {
    const evaluation = evalInComment(comment);
    if (evaluation) evals.set(fen, evaluation);
  }
  if (!evals.size) return null;
  const startFen = history.length ? history[0].before : game.fen();
  let turn = 0;
  const actions = history.map((move, i) => {
    // The game's last action closes its decision even when its turn is unfinished, as in a report.
    const endsTurn = move.endsTurn || i === history.length - 1;
    const action = {
      color: move.color,
      turn,
      endsTurn,
      whiteWin: endsTurn ? whiteWinChance(evals.get(move.after)) : null,
      mark: (nags[i] ?? []).map((nag) => NAG_MARK[nag]).find(Boolean) ?? null,
      evaluation: evals.get(move.after) ?? null,
      best: null,
    };
    if (move.endsTurn) turn++;
    return action;
  });
  // A finished game's last position has no [%eval]: its result says it.
  const outcome = game.outcome();
  const last = actions.at(-1);
  if (last && last.whiteWin === null && outcome && history.at(-1).after === game.fen()) {
    last.whiteWin = outcome.winner === 'w' ? 100 : outcome.winner === 'b' ? 0 : 50;
  }
  return {
    source: 'notes',
    start: whiteWinChance(evals.get(startFen)),
    startEvaluation: evals.get(startFen) ?? null,
    actions,
    counts: countMarks(actions),
    accuracy: { w: null, b: null },
    complete: true,
  };
}

/**
 * What `read(position)` gives at the position after each action of the game, read by
 * walking a copy back from its end: `result[i]` is action i's (undefined before a
 * start the copy cannot undo past). The Game keeps its notes; the page never reads
 * PGN text.
 */
export function readPerAction(game, length, read) {
  const copy = game.clone();
  const values = new Array(length);
  try {
    for (let i = length - 1; i >= 0; i--) {
      values[i] = read(copy);
      if (!copy.undo()) break;
    }
  } finally {
    copy.free();
  }
  return values;
}

/** The NAGs of every action of the game: `result[i]` are action i's. */
export function nagsOfGame(game, length) {
  return readPerAction(game, length, (position) => position.getNags());
}

/**
 * The NAGs the move list shows per action: the game's own, with the move-quality ones
 * replaced by the analysis's marks when there is a report (the analysis is the newer
 * verdict), so there is one mechanism for imported and computed marks.
 */
export function shownNags(gameNags, marks) {
  if (!marks || marks.source !== 'report') return gameNags;
  return gameNags.map((nags, i) => {
    const own = (nags ?? []).filter((nag) => !NAG_MARK[nag]);
    const mark = marks.actions[i]?.mark;
    return mark ? [MARK_NAG[mark], ...own] : own;
  });
}

/**
 * What the evaluation graph draws of `marks` for `history` (verbose moves): White's win
 * chance at the start and after each action (null inside a turn), each action's mark,
 * and how each ply is read out.
 */
export function graphData(marks, history) {
  return {
    whiteWin: [marks.start, ...marks.actions.map((action) => action.whiteWin)],
    marks: marks.actions.map((action) => action.mark),
    labels: ['the start', ...history.map((move, i) => `action ${i + 1}, ${move.san}`)],
  };
}
