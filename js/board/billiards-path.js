// Billiards (RULES.md §5): the rebounding path of a bishop's or queen's diagonal move,
// so the page can draw it. A diagonal slider steps square by square; a component that
// would leave the board flips and the piece goes on from the edge square; a corner ends
// the path, as do the first occupied square and a return to the departure square.

import { squareCoords, squareName } from './board-view.js';

const MAX_STEPS = 64;

/**
 * Every diagonal path from `from` to `to` given the occupied squares (a Set of names),
 * each as a list of squares from `from` to `to` with the rebound squares on it.
 */
export function reboundPaths(from, to, occupied) {
  const start = squareCoords(from);
  const paths = [];
  for (const [dx0, dy0] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    let dx = dx0;
    let dy = dy0;
    let { file, rank } = start;
    const path = [from];
    for (let step = 0; step < MAX_STEPS; step++) {
      const offFile = file + dx < 0 || file + dx > 7;
      const offRank = rank + dy < 0 || rank + dy > 7;
      if (offFile && offRank) break; // a corner ends the path
      if (offFile) {
        dx = -dx;
        path.push(squareName(file, rank));
      }
      if (offRank) {
        dy = -dy;
        path.push(squareName(file, rank));
      }
      file += dx;
      rank += dy;
      const name = squareName(file, rank);
      if (name === from) break; // never re-enters the departure square
      if (name === to) {
        path.push(name);
        paths.push(dedupe(path));
        break;
      }
      if (occupied.has(name)) break;
    }
  }
  return paths;
}

/** Whether a path turns somewhere (more than its two end points after deduplication). */
export function rebounds(path) {
  return path.length > 2;
}

function dedupe(path) {
  return path.filter((sq, i) => i === 0 || sq !== path[i - 1]);
}
