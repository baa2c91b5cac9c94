#!/usr/bin/env node
// The time the JS Engine takes, through its worker, from `analyse()` to the first info
// object and to the result, for a depth-1 and a depth-12 search: the cost of the way
// a request travels (main thread → worker → engine session → back), which the
// depth-1 row shows almost alone, and that cost next to a real search (depth 12).
// Medians of --runs (default 20) after one warm-up; the table is cleared before each
// search (newGame), so every run searches the same tree.
//
//   node scripts/bench-analyse-latency.mjs                 # this checkout's build
//   node scripts/bench-analyse-latency.mjs --repo ../base  # another checkout's build
//
// `--repo DIR` loads DIR/js/engine-node.js (with DIR/pkg/, built there first with
// `npm run build`), so that two builds can be run side by side, e.g. the one before the
// typed engine door: `git worktree add ../base 1a3c2bd && (cd ../base && npm ci &&
// npm run build)`. Options: --runs N, --network none (the hand-written evaluation;
// default: the package's own network, as the Engine loads it).
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = Number(option('--runs', 20));
const REPO = resolve(option('--repo', new URL('..', import.meta.url).pathname));
const network = option('--network', undefined) === 'none' ? { network: null } : {};

const { Engine } = await import(pathToFileURL(`${REPO}/js/engine-node.js`).href);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const engine = new Engine({ variant: 'chess', ...network });
await engine.ready;
const status = await engine.network;
const REQUEST = { moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'] };

async function once(depth) {
  await engine.newGame();
  let firstInfo = null;
  const t0 = performance.now();
  const result = await engine.analyse({ ...REQUEST, depth }, () => {
    firstInfo ??= performance.now() - t0;
  });
  return { firstInfo, result: performance.now() - t0, nodes: result.nodes };
}

console.log(`build: ${REPO}`);
console.log(`evaluation: ${status.loaded ? 'network' : 'hand-written'}; ${RUNS} runs each, medians`);
console.log('depth  first info (ms)  result (ms)  nodes');
for (const depth of [1, 12]) {
  await once(depth); // warm-up: the code paths compiled, the worker's slices sized
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(depth));
  const row = [
    String(depth).padEnd(7),
    median(runs.map((r) => r.firstInfo)).toFixed(2).padEnd(17),
    median(runs.map((r) => r.result)).toFixed(2).padEnd(13),
    median(runs.map((r) => r.nodes)),
  ];
  console.log(row.join(''));
}
engine.terminate();
