// The native game analysis's speed: `alfiere annotate --json` over a corpus of games
// (benches/data/planted-games.pgn by default: seeded engine games of six rule sets,
// made by `cargo run --release --example planted_blunders -- --games 10
// --probe-nodes 8000 --pgn benches/data/planted-games.pgn`), on
// one thread and on two, alternating, several runs each. Prints positions analysed
// per second (wall time; median) for each thread count and the speed-up, and checks
// that both thread counts give the same JSON.
//
//   node scripts/bench-analysis.mjs [--runs 3] [--nodes 100000] [--games 12] [FILE.pgn]

import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return Number(value);
};
const runs = option('--runs', 3);
const nodes = option('--nodes', 100_000);
const gameCount = option('--games', 12);
const file = args[0] ?? `${root}benches/data/planted-games.pgn`;

/** The first `count` games of the file, taken evenly from its rule sets. */
function corpus(text, count) {
  const games = text.split(/\n(?=\[Event )/).filter((g) => g.trim());
  const byVariant = new Map();
  for (const game of games) {
    const variant = /\[Variant "([^"]*)"\]/.exec(game)?.[1] ?? 'Standard';
    if (!byVariant.has(variant)) byVariant.set(variant, []);
    byVariant.get(variant).push(game);
  }
  const picked = [];
  for (let i = 0; picked.length < count && i < games.length; i++) {
    for (const list of byVariant.values()) if (list[i] && picked.length < count) picked.push(list[i]);
  }
  return picked.join('\n');
}

execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'alfiere'], { cwd: root, stdio: 'inherit' });
const binary = `${root}target/release/alfiere`;
const input = corpus(readFileSync(file, 'utf8'), gameCount);

function annotate(threads) {
  const start = process.hrtime.bigint();
  const out = spawnSync(binary, ['annotate', '--nodes', String(nodes), '--threads', String(threads), '--json'], {
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (out.status !== 0) throw new Error(`annotate failed (${out.status}): ${out.stderr}`);
  const games = out.stdout.trim().split('\n').map((line) => JSON.parse(line));
  const positions = games.reduce((sum, g) => sum + g.plies.length + 1, 0);
  return { seconds, positions, json: out.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rates = { 1: [], 2: [] };
let reference = null;
let positions = 0;
for (let run = 0; run < runs; run++) {
  for (const threads of [1, 2]) {
    const result = annotate(threads);
    reference ??= result.json;
    if (result.json !== reference) throw new Error(`--threads ${threads} gave other JSON than --threads 1`);
    positions = result.positions;
    rates[threads].push(result.positions / result.seconds);
    console.log(`run ${run + 1}, ${threads} thread(s): ${result.positions} positions in ${result.seconds.toFixed(1)} s`);
  }
}
const one = median(rates[1]);
const two = median(rates[2]);
console.log(`\n${gameCount} games, ${positions} positions, ${nodes} nodes per position, medians of ${runs} runs:`);
console.log(`| threads | positions per second |\n|---|---|\n| 1 | ${one.toFixed(2)} |\n| 2 | ${two.toFixed(2)} |`);
console.log(`speed-up from 1 to 2 threads: ${(two / one).toFixed(2)}x (same JSON on both)`);
