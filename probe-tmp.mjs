import { Game, parsePuzzles } from 'alfiere';
import { readFileSync } from 'node:fs';
let nodes = 0;
function canWin(game, solver, seen, budget) {
  const key = game.fen();
  if (seen.has(key)) return seen.get(key);
  if (++nodes > budget) return null;
  let result = false;
  for (const m of game.legalMoves()) {
    game.move(m);
    let r;
    if (game.isGameOver()) r = game.outcome()?.winner === solver;
    else if (game.turn() !== solver) r = false;
    else r = canWin(game, solver, seen, budget);
    game.undo();
    if (r === null) return null;
    if (r) { result = true; break; }
  }
  seen.set(key, result);
  return result;
}
for (const v of ['progressive-scottish','progressive-italian','marseillais','marseillais-balanced','avalanche']) {
  const ps = parsePuzzles(readFileSync(`data/puzzles/${v}.csv`,'utf8'), {variant:v});
  let stats = [];
  for (const p of ps) {
    const g = new Game(v, p.fen);
    const movers = [];
    for (const t of p.moves) { movers.push(g.turn()); g.move(t); }
    const solver = movers[1];
    const won = g.isGameOver() && g.outcome()?.winner === solver;
    p.moves.forEach(()=>g.undo());
    let start = p.moves.length; while (start>1 && movers[start-1]===solver) start--;
    if (!won || p.moves.length-start < 2) { g.free(); continue; }
    for (let i=0;i<start;i++) g.move(p.moves[i]);
    // at turn start: try each legal first action, measure
    const t0 = performance.now(); let maxn=0, unknown=0, wrong=0, cnt=0;
    for (const m of g.legalMoves()) {
      g.move(m);
      if (!g.isGameOver() && g.turn()===solver) {
        nodes=0; const r = canWin(g, solver, new Map(), 3000); cnt++;
        if (r===null) unknown++; else if (!r) wrong++;
        maxn=Math.max(maxn,nodes);
      }
      g.undo();
    }
    const fen = g.fen();
    stats.push({id:p.id, turnLen: p.moves.length-start, fen: fen.split(' ').slice(-1)[0], ms: Math.round(performance.now()-t0), cnt, wrong, unknown, maxn});
    g.free();
  }
  console.log(v, stats.length);
  for (const s of stats.slice(0,40)) console.log(JSON.stringify(s));
}
