#!/usr/bin/env node
// `npm run bench`: the package's speed in Node, against other programs in the same run.
//
//  1. perft through the package (`Game.perft`, the Node build of the wasm) side by side
//     with chess.js and chessops (npm devDependencies) on the same positions; several
//     runs, medians, node counts checked equal. chess.js is left out of Kiwipete depth 5
//     (193 M nodes would take it minutes per run). About 4 minutes with 3 runs, plus
//     the builds.
//  2. engine speed: the wasm Session in Node (in process, one step; and through the JS
//     Engine in a worker thread, in 8 ms slices) against the native `alfiere` binary
//     (built with `cargo build --release --bin alfiere`), same positions, fixed depths;
//     node counts must be equal (the search is deterministic). Speeds are nodes per
//     second of CPU time (the machines are shared; wall-clock figures are shown too).
//
//  3. alfiere/chessjs against chess.js 1.4 on the work its users do (scripts/bench/
//     chessjs.mjs): random games, verbose moves, undo, FEN and PGN round trips, perft.
//
// Both builds are brought up to date from the same sources first (scripts/build-wasm.sh,
// cargo build --release --bin alfiere), so the node counts can be compared.
// Options: --runs N (default 3), --perft-only, --engine-only, --chessjs-only, --rows
// 1,6,7 (only those rows of part 3, numbered from 1), --network
// FILE|none (the engine rows' evaluation in orthodox chess, in all three: `EvalFile`
// natively, `Session.loadNetwork` in process, the Engine's `network` option in the
// worker; default the shipped orthodox network (js/networks.js), `none` the hand-written
// one everywhere; the other rule sets with a shipped network search with it in all
// three), --repo DIR (another checkout's builds, made there, for the build before a
// change: `node scripts/bench-js.mjs --engine-only --repo ../base`).
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import { Chess } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { perft as opsPerft } from 'chessops/debug';
import { SHIPPED_NETWORKS } from '../js/networks.js';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const networkAt = args.indexOf('--network');
// The engine rows search with the shipped network unless `--network none` (the
// hand-written evaluation) or another file is named.
const orthodoxNetwork = SHIPPED_NETWORKS.find((network) => network.variants.includes('chess'));
const networkArg = networkAt >= 0 ? args[networkAt + 1] : fileURLToPath(orthodoxNetwork.url());
const NETWORK = networkArg === 'none' ? null : networkArg;
const NETWORK_BYTES = NETWORK ? new Uint8Array(readFileSync(NETWORK)) : null;
// The shipped networks of the other layouts: the native binary has them built in, so
// the wasm rows load them too (none with `--network none`, as `EvalFile <none>` natively).
const OTHER_NETWORKS = NETWORK
  ? SHIPPED_NETWORKS.filter((network) => network !== orthodoxNetwork).map((network) => new Uint8Array(readFileSync(network.url())))
  : [];
const repoAt = args.indexOf('--repo');
const repo = repoAt >= 0 ? resolve(args[repoAt + 1]) : fileURLToPath(new URL('..', import.meta.url));

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

// Both builds first, back to back, so that they come from the same sources.
console.log('building the wasm package: bash scripts/build-wasm.sh');
execFileSync('bash', ['scripts/build-wasm.sh'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
const NATIVE = args.includes('--perft-only') ? null : nativeBinary();
const ONLY = ['--perft-only', '--engine-only', '--chessjs-only'].find((flag) => args.includes(flag));
const { Game, Session } = await import(pathToFileURL(`${repo}/js/index-node.js`).href);
const { Engine: WorkerEngine } = await import(pathToFileURL(`${repo}/js/engine-node.js`).href);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, digits = 2) => x.toFixed(digits);
const pad = (text, width) => String(text).padEnd(width);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Runs `fn`, returning its value and the CPU time it took (ms). */
function timeIt(fn) {
  const t0 = cpuMs();
  const value = fn();
  return { value, ms: cpuMs() - t0 };
}

// --- 1. perft ---------------------------------------------------------------------------

function perftBench() {
  const cases = [
    { name: 'start', fen: START, depth: 5, chessjs: true },
    { name: 'Kiwipete', fen: KIWIPETE, depth: 4, chessjs: true },
    { name: 'Kiwipete', fen: KIWIPETE, depth: 5, chessjs: false },
  ];
  const programs = {
    alfiere: (fen, depth) => {
      const game = new Game('chess', fen);
      try {
        return game.perft(depth);
      } finally {
        game.free();
      }
    },
    chessops: (fen, depth) => opsPerft(OpsChess.fromSetup(parseFen(fen).unwrap()).unwrap(), depth),
    'chess.js': (fen, depth) => new Chess(fen).perft(depth),
  };
  console.log(`\nperft in Node ${process.version}, ${RUNS} runs each, median Mnps (nodes per second of CPU time)`);
  console.log('alfiere counts the last ply in bulk, chessops too; chess.js plays every move to the leaves.\n');
  console.log(`${pad('position', 10)} ${pad('depth', 5)} ${pad('nodes', 11)} ${pad('alfiere', 8)} ${pad('chessops', 8)} ${pad('chess.js', 8)} ${pad('vs chess.js', 11)} vs chessops`);
  const rows = [];
  for (const c of cases) {
    const names = Object.keys(programs).filter((p) => p !== 'chess.js' || c.chessjs);
    const times = Object.fromEntries(names.map((n) => [n, []]));
    let nodes;
    programs.alfiere(c.fen, c.depth - 1); // warm up the JIT
    for (let run = 0; run < RUNS; run++) {
      for (const name of names) {
        const { value, ms } = timeIt(() => programs[name](c.fen, c.depth));
        if (nodes === undefined) nodes = value;
        if (value !== nodes) throw new Error(`${name} counts ${value} nodes at ${c.name} depth ${c.depth}, not ${nodes}`);
        times[name].push(ms);
      }
    }
    const mnps = Object.fromEntries(names.map((n) => [n, nodes / median(times[n]) / 1000]));
    const vsChessjs = mnps['chess.js'] ? `${fmt(mnps.alfiere / mnps['chess.js'], 0)}x` : '-';
    console.log(`${pad(c.name, 10)} ${pad(c.depth, 5)} ${pad(nodes.toLocaleString('en'), 11)} ${pad(fmt(mnps.alfiere, 1), 8)} ` +
      `${pad(fmt(mnps.chessops, 2), 8)} ${pad(mnps['chess.js'] ? fmt(mnps['chess.js'], 2) : '-', 8)} ${pad(vsChessjs, 11)} ${fmt(mnps.alfiere / mnps.chessops, 0)}x`);
    rows.push({ ...c, nodes, mnps });
  }
  return rows;
}

// --- 2. engine --------------------------------------------------------------------------

const ENGINE_POSITIONS = [
  { variant: 'chess', fen: null, depth: 14, name: 'chess start' },
  { variant: 'chess', fen: KIWIPETE, depth: 12, name: 'chess Kiwipete' },
  { variant: 'chess', fen: 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8', depth: 14, name: 'chess middlegame' },
  { variant: 'chessgi', fen: null, depth: 12, name: 'chessgi start' },
  { variant: 'alice', fen: null, depth: 12, name: 'alice start' },
  { variant: 'marseillais', fen: null, depth: 9, name: 'marseillais start' },
];

function nativeBinary() {
  const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: repo, encoding: 'utf8' }));
  console.log('building the native engine: cargo build --release --bin alfiere');
  execFileSync('cargo', ['build', '--release', '--bin', 'alfiere'], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
  const binary = `${metadata.target_directory}/release/alfiere`;
  if (!existsSync(binary)) throw new Error(`${binary} was not built`);
  return binary;
}

/** CPU time (ms) of a running process, from /proc (Linux); null elsewhere. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** A native engine process driven over UCI. */
function startNative(binary) {
  const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '';
  let waiting = null;
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at).trim();
      buffer = buffer.slice(at + 1);
      waiting?.(line);
    }
  });
  const until = (command, done) =>
    new Promise((resolve) => {
      const lines = [];
      waiting = (line) => {
        lines.push(line);
        if (done(line)) {
          waiting = null;
          resolve(lines);
        }
      };
      child.stdin.write(`${command}\n`);
    });
  child.stdin.write(`setoption name EvalFile value ${NETWORK ?? '<none>'}\n`);
  return {
    async search({ variant, fen, depth }) {
      await until(`setoption name UCI_Variant value ${variant}\nucinewgame\nposition ${fen ? `fen ${fen}` : 'startpos'}\nisready`, (l) => l === 'readyok');
      const cpu0 = processCpuMs(child.pid);
      const t0 = performance.now();
      const lines = await until(`go depth ${depth}`, (l) => l.startsWith('bestmove'));
      const wall = performance.now() - t0;
      const cpu1 = processCpuMs(child.pid);
      const info = lines.filter((l) => l.startsWith('info depth')).at(-1);
      const nodes = Number(/ nodes (\d+)/.exec(info)[1]);
      return { nodes, wall, cpu: cpu0 === null ? wall : cpu1 - cpu0, bestmove: lines.at(-1).split(' ')[1] };
    },
    quit() {
      child.stdin.end('quit\n');
    },
  };
}

function wasmSearch({ variant, fen, depth }) {
  const session = new Session(1);
  try {
    for (const bytes of OTHER_NETWORKS) session.loadNetwork(bytes);
    if (NETWORK_BYTES) session.loadNetwork(NETWORK_BYTES);
    session.handleLine(`setoption name UCI_Variant value ${variant}`);
    session.handleLine(fen ? `position fen ${fen}` : 'position startpos');
    const cpu0 = cpuMs();
    const t0 = performance.now();
    session.handleLine(`go depth ${depth}`);
    const lines = [];
    // 'searching' is the status of builds before issue 55 (for --repo).
    while (['running', 'searching'].includes(session.status())) lines.push(...session.step(1e12, 0));
    const info = lines.filter((l) => l.startsWith('info depth')).at(-1);
    const nodes = Number(/ nodes (\d+)/.exec(info)[1]);
    return { nodes, wall: performance.now() - t0, cpu: cpuMs() - cpu0, bestmove: lines.at(-1).split(' ')[1] };
  } finally {
    session.free();
  }
}

async function workerSearch({ variant, fen, depth }) {
  const network = NETWORK_BYTES ? [...OTHER_NETWORKS, NETWORK_BYTES].map((bytes) => bytes.slice()) : null;
  const engine = new WorkerEngine({ variant, network });
  try {
    await engine.ready;
    if (NETWORK_BYTES && !(await engine.network).loaded) throw new Error('the worker did not load the network');
    const cpu0 = cpuMs();
    const t0 = performance.now();
    const result = await engine.analyse({ fen, depth });
    return { nodes: result.nodes, wall: performance.now() - t0, cpu: cpuMs() - cpu0, bestmove: result.bestmove };
  } finally {
    engine.terminate();
  }
}

async function engineBench() {
  const native = startNative(NATIVE);
  wasmSearch({ variant: 'chess', fen: null, depth: 10 }); // warm up the JIT
  console.log(`\nengine: fixed depth, fresh 16 MB table per search, ${RUNS} runs each; median knps of CPU time (wall-clock in brackets)\n`);
  console.log(`${pad('position', 18)} ${pad('depth', 5)} ${pad('nodes', 9)} ${pad('native', 15)} ${pad('wasm in process', 18)} ${pad('wasm in worker', 18)} ratio (in process / native)`);
  const totals = { native: [0, 0, 0], wasm: [0, 0, 0], worker: [0, 0, 0] }; // nodes, cpu, wall
  try {
    // Each row searches with its rule set's network where one is shipped (chess, Chess-Gi),
    // the same one in all three; Alice and Marseillais with the hand-written evaluation.
    for (const position of ENGINE_POSITIONS) {
      const samples = { native: [], wasm: [], worker: [] };
      let nodes;
      for (let run = 0; run < RUNS; run++) {
        const results = {
          native: await native.search(position),
          wasm: wasmSearch(position),
          worker: await workerSearch(position),
        };
        for (const [name, r] of Object.entries(results)) {
          if (nodes === undefined) nodes = r.nodes;
          if (r.nodes !== nodes) {
            throw new Error(`${name} searched ${r.nodes} nodes at ${position.name}, not ${nodes}` +
              ' (did the sources change between the two builds? run the bench again)');
          }
          samples[name].push(r);
        }
      }
      const rate = (name, key) => nodes / median(samples[name].map((r) => r[key]));
      const cell = (name) => `${fmt(rate(name, 'cpu'), 0)} (${fmt(rate(name, 'wall'), 0)})`;
      for (const name of Object.keys(totals)) {
        totals[name][0] += nodes;
        totals[name][1] += median(samples[name].map((r) => r.cpu));
        totals[name][2] += median(samples[name].map((r) => r.wall));
      }
      console.log(`${pad(position.name, 18)} ${pad(position.depth, 5)} ${pad(nodes, 9)} ${pad(cell('native'), 15)} ${pad(cell('wasm'), 18)} ` +
        `${pad(cell('worker'), 18)} ${fmt(rate('wasm', 'cpu') / rate('native', 'cpu'))} (worker ${fmt(rate('worker', 'cpu') / rate('native', 'cpu'))})`);
    }
  } finally {
    native.quit();
  }
  const total = (name, i) => totals[name][0] / totals[name][i];
  console.log(`${pad('all positions', 18)} ${pad('', 5)} ${pad(totals.native[0], 9)} ${pad(`${fmt(total('native', 1), 0)} (${fmt(total('native', 2), 0)})`, 15)} ` +
    `${pad(`${fmt(total('wasm', 1), 0)} (${fmt(total('wasm', 2), 0)})`, 18)} ${pad(`${fmt(total('worker', 1), 0)} (${fmt(total('worker', 2), 0)})`, 18)} ` +
    `${fmt(total('wasm', 1) / total('native', 1))} (worker ${fmt(total('worker', 1) / total('native', 1))}; wall-clock ${fmt(total('wasm', 2) / total('native', 2))})`);
}

if (!ONLY || ONLY === '--perft-only') perftBench();
if (!ONLY || ONLY === '--engine-only') await engineBench();
if (!ONLY || ONLY === '--chessjs-only') {
  const { chessJsBench } = await import('./bench/chessjs.mjs');
  const rowsAt = args.indexOf('--rows');
  const rows = rowsAt >= 0 ? args[rowsAt + 1].split(',').map(Number) : undefined;
  chessJsBench({ runs: RUNS, repo, nativeDir: dirname(NATIVE), rows });
}
