// The embed's evaluation graph: for a game whose PGN carries evaluations (`[%eval]`
// comments, as `alfiere annotate` and the page's game analysis write them), White's
// chance to win along the game with the marks of its NAGs, drawn by the page's graph
// (eval-graph.js). A click, a drag or the arrow keys on it show that action on the
// board (board.review), as the navigation does; it follows the board's review. Hidden
// for a game without evaluations.

import { EvalGraph } from './eval-graph.js';
import { graphData, marksFromNotes, nagsOfGame } from './game-marks.js';

export function attachGraph(board) {
  const container = document.getElementById('embed-graph');
  let graph = null;
  let drawnFor = null; // the history the graph was drawn for

  function draw() {
    const history = board.history();
    const key = history.map((move) => move.lan).join(' ');
    const shown = board.reviewing ?? history.length;
    if (key === drawnFor) return graph?.show(shown);
    drawnFor = key;
    const marks = history.length ? marksFromNotes(board.game, history, nagsOfGame(board.game, history.length)) : null;
    container.hidden = !marks;
    container.dataset.evaluations = String(Boolean(marks));
    if (!marks) return;
    graph ??= new EvalGraph(container, (ply) => board.review(ply >= board.history().length ? null : ply));
    graph.update({ ...graphData(marks, history), current: shown });
  }

  for (const type of ['move', 'change', 'gameover', 'review']) board.addEventListener(type, draw);
  draw();
}
