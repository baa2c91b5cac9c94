#!/usr/bin/env node
// The page's default game analysis, timed through the JS Engine's worker (a Node
// worker thread running the same host as the browser's Web Worker): the wall time of
// `engine.analyseGame(game)` with the default budget (100,000 nodes per position) for a
// 40-move orthodox game and a 30-turn Marseillais game, positions per second, and the
// nodes the analysis searched with their rate (the work differs between builds whose
// analysis looks again at its marks; the rate compares the search itself).
// Medians of --runs (default 3). The games are made here, the same every run: the
// engine plays both sides at a fixed node budget (deterministic at full strength).
//
//   node scripts/bench-analysis-worker.mjs [--runs 3] [--nodes 100000] [--repo ../base]
//
// `--repo DIR` runs DIR's build (DIR/js/engine-node.js and DIR/js/index-node.js, with
// DIR/pkg/ built there first), so that two builds can be timed side by side.
// Also the native command's speed from 1 to 2 threads: scripts/bench-analysis.mjs.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const RUNS = option('--runs', 3);
const NODES = option('--nodes', undefined);
const REPO = resolve(args.includes('--repo') ? args[args.indexOf('--repo') + 1] : new URL('..', import.meta.url).pathname);
const { Engine } = await import(pathToFileURL(`${REPO}/js/engine-node.js`).href);
const { Game } = await import(pathToFileURL(`${REPO}/js/index-node.js`).href);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const engine = new Engine();
await engine.ready;
await engine.network;

/** A game of `turns` turns (fewer if it ends), the engine playing both sides. */
async function selfPlay(variant, turns) {
  await engine.setOption('UCI_Variant', variant);
  const game = new Game(variant);
  let turn = 0;
  while (turn < turns && !game.isGameOver()) {
    const { bestmove } = await engine.analyse({ game, nodes: 20000 });
    const move = game.move(bestmove);
    if (move.endsTurn) turn++;
  }
  return game;
}

const games = [
  ['a 40-move orthodox game', await selfPlay('chess', 80)],
  ['a 30-turn Marseillais game', await selfPlay('marseillais', 60)],
];
await engine.setOption('UCI_Variant', 'chess');

console.log(`budget: ${NODES ?? 'the default (100,000)'} nodes per position; ${RUNS} runs each, medians of wall time`);
console.log('| game | actions | positions | wall (s) | positions per second | nodes | nodes per second |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, game] of games) {
  const times = [];
  let positions = 0;
  let nodes = 0;
  for (let i = 0; i < RUNS; i++) {
    await engine.newGame();
    const t0 = performance.now();
    const { report } = await engine.analyseGame(game, NODES ? { nodes: NODES } : undefined, (p) => {
      positions = p.total;
      nodes = p.nodes ?? nodes;
    });
    if (!report.complete) throw new Error('the analysis did not complete');
    // The report's count includes the deeper looks that confirm marks; progress's may not.
    nodes = report.nodes ?? nodes;
    times.push((performance.now() - t0) / 1000);
  }
  const wall = median(times);
  const rate = nodes ? Math.round(nodes / wall).toLocaleString('en-US') : '–';
  console.log(`| ${name} | ${game.history().length} | ${positions} | ${wall.toFixed(1)} | ${(positions / wall).toFixed(1)} | ${nodes ? nodes.toLocaleString('en-US') : '–'} | ${rate} |`);
}
engine.terminate();
