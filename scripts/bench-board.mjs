#!/usr/bin/env node
// The figures of the board component (issue 28), printed side by side:
//   1. size: 'alfiere/board' minified and gzipped (its JS, its CSS and the wasm glue;
//      the wasm itself excluded) as a bundler splits it: what a page loads with the
//      board, and the parts the board imports only when needed (drawing by hand,
//      sound), each gzipped on its own and in total; then the engine client it loads
//      on first play, and the worker script;
//   2. from navigation to a board that takes a click (the board's `ready` event, in
//      ms since navigation start), on localhost in Debian's Chromium, cold (a fresh
//      profile: nothing cached) and warm (a reload), medians of --runs;
//   3. the longest main-thread task (CPU and wall ms, from a trace) on the first click
//      of a fresh page, while dragging a piece, while a person draws 20 arrows quickly
//      with the right button, and while the engine thinks at full strength;
//   4. every task from the first click of a fresh page (sound on, against the engine)
//      to the engine's reply, as a person feels it: the longest (wall) and how many
//      took over 50 ms.
// Needs the built page (node scripts/build-page.mjs). Run: node scripts/bench-board.mjs [--runs 5]
// (--sizes: the sizes only, which are not noisy).

import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function gzipped(entry, external = []) {
  const result = await build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    external,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  return { raw: text.length, gz: gzipSync(text, { level: 9 }).length };
}

/** The board split as a bundler splits dynamic imports: {initial, lazy: [{name, gz}]},
 * each chunk minified and gzipped on its own (the engine client, external here, is
 * measured by itself). */
async function boardChunks() {
  const result = await build({
    entryPoints: [`${root}js/board/index.js`],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    outdir: '/bench-board-out',
    external: ['../engine.js'],
    metafile: true,
    logLevel: 'silent',
  });
  const gz = new Map(result.outputFiles.map((f) => [f.path, { raw: f.text.length, gz: gzipSync(f.text, { level: 9 }).length }]));
  const outputs = result.metafile.outputs;
  const full = (name) => result.outputFiles.find((f) => f.path.endsWith(name.slice(name.lastIndexOf('/')))).path;
  const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint);
  // What the entry loads before the board runs: itself and its static imports.
  const initial = new Set();
  const visit = (name) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const i of outputs[name].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  const sum = (names) => names.reduce((t, n) => ({ raw: t.raw + gz.get(full(n)).raw, gz: t.gz + gz.get(full(n)).gz }), { raw: 0, gz: 0 });
  const lazy = Object.keys(outputs)
    .filter((name) => !initial.has(name))
    .map((name) => ({ modules: Object.keys(outputs[name].inputs).map((m) => m.split('/').pop()).join(', '), ...sum([name]) }));
  return { initial: sum([...initial]), lazy };
}

async function sizes() {
  const board = await boardChunks();
  const engine = await gzipped('js/engine.js');
  const worker = await gzipped('js/engine-worker.js');
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB (${bytes} B)`;
  const lazyTotal = board.lazy.reduce((t, c) => t + c.gz, 0);
  console.log('size (minified, gzip -9, wasm excluded):');
  console.log(`  'alfiere/board' with its CSS and the wasm glue: ${kb(board.initial.gz)}, ${(board.initial.raw / 1024).toFixed(1)} KB raw; goal 25 KB`);
  for (const chunk of board.lazy) console.log(`    + loaded when needed: ${kb(chunk.gz)} (${chunk.modules})`);
  console.log(`    = all of it: ${kb(board.initial.gz + lazyTotal)}`);
  console.log(`  engine client, loaded when a board first plays:  ${kb(engine.gz)}`);
  console.log(`  engine worker script (runs off the main thread):  ${(worker.gz / 1024).toFixed(1)} KB`);
  const player = board.lazy.filter((c) => c.modules.includes('engine-player')).reduce((t, c) => t + c.gz, 0);
  console.log(`  on the main thread once the engine plays (the board, its engine player, the client): ${kb(board.initial.gz + player + engine.gz)}`);
}

async function startServer() {
  const child = spawn(process.execPath, [`${root}scripts/serve.mjs`], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /http:\/\/localhost:\d+\//.exec(text);
      if (match) resolve(match[0]);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

const RECORD_READY = () => {
  document.addEventListener('ready', () => {
    window.__boardReady = performance.now();
  });
};

async function timeToBoard(page, url, reload = false) {
  if (reload) await page.reload();
  else await page.goto(url);
  await page.waitForFunction(() => window.__boardReady !== undefined, null, { timeout: 30000 });
  return page.evaluate(() => window.__boardReady);
}

/** The longest main-thread task during `action`: {cpu, wall} in ms. */
async function longestTask(browser, page, action) {
  let buffer;
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  try {
    await action();
  } finally {
    buffer = await browser.stopTracing();
  }
  const events = JSON.parse(buffer.toString('utf8')).traceEvents;
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const isMain = (e) => mains.some((m) => m.pid === e.pid && m.tid === e.tid);
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && isMain(e));
  return {
    cpu: Math.max(0, ...tasks.map((e) => (e.tdur ?? e.dur) / 1000)),
    wall: Math.max(0, ...tasks.map((e) => e.dur / 1000)),
    over50: tasks.filter((e) => e.dur / 1000 > 50).length,
  };
}

async function squareCentre(page, square) {
  const box = await page.locator(`[data-square="${square}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function browserFigures() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const cold = [];
  const warm = [];
  const dragging = [];
  const drawing = [];
  const thinking = [];
  const toReply = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      await context.addInitScript(RECORD_READY);
      const page = await context.newPage();
      cold.push(await timeToBoard(page, server.url));
      await page.waitForSelector('body.ready');
      await page.waitForTimeout(500);
      // The page's default game: against the engine, sound on. From the first click
      // (e2, then e4) to the engine's answer.
      toReply.push(await longestTask(browser, page, async () => {
        await page.click('[data-square="e2"]');
        await page.waitForTimeout(200);
        await page.click('[data-square="e4"]');
        await page.waitForFunction(() => document.getElementById('board').history().length >= 2, null, { timeout: 30000 });
      }));
      warm.push(await timeToBoard(page, server.url, true));
      await page.waitForSelector('body.ready');
      // Two people: drag a knight out and back.
      await page.evaluate(() => {
        document.getElementById('settings-card').open = true;
      });
      await page.check('input[name="mode"][value="friend"]');
      await page.click('#new-game');
      if (await page.isVisible('#confirm')) await page.click('#confirm-yes');
      const from = await squareCentre(page, 'g1');
      const to = await squareCentre(page, 'f3');
      dragging.push(await longestTask(browser, page, async () => {
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        for (let i = 1; i <= 30; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 30, from.y + ((to.y - from.y) * i) / 30);
        await page.mouse.up();
        await page.waitForTimeout(200);
      }));
      // Twenty arrows drawn quickly with the right button (each a short drag).
      const squares = ['a2', 'b3', 'c4', 'd5', 'e6', 'f7', 'g6', 'h5', 'g4', 'f3', 'e2'];
      const points = [];
      for (const square of squares) points.push(await squareCentre(page, square));
      drawing.push(await longestTask(browser, page, async () => {
        for (let i = 0; i < 20; i++) {
          const a = points[i % points.length];
          const b = points[(i * 3 + 4) % points.length];
          await page.mouse.move(a.x, a.y);
          await page.mouse.down({ button: 'right' });
          for (let k = 1; k <= 4; k++) await page.mouse.move(a.x + ((b.x - a.x) * k) / 4, a.y + ((b.y - a.y) * k) / 4);
          await page.mouse.up({ button: 'right' });
        }
        await page.waitForTimeout(200);
      }));
      // The engine at full strength answers 1.e4 (2.5 s of thinking).
      await page.check('input[name="mode"][value="engine"]');
      await page.selectOption('#level', 'full');
      await page.click('#new-game');
      if (await page.isVisible('#confirm')) await page.click('#confirm-yes');
      await page.click('[data-square="e2"]');
      await page.click('[data-square="e4"]');
      thinking.push(await longestTask(browser, page, async () => {
        await page.waitForFunction(() => document.getElementById('board').history().length >= 2, null, { timeout: 30000 });
      }));
      await context.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
  const ms = (values) => `${Math.round(median(values))} ms (runs: ${values.map(Math.round).join(', ')})`;
  console.log(`navigation to a board that takes a click (median of ${RUNS}), goal 300 ms:`);
  console.log(`  cold cache: ${ms(cold)}`);
  console.log(`  warm cache: ${ms(warm)}`);
  console.log('longest main-thread task (median of runs, CPU / wall), goal 50 ms of CPU:');
  for (const [name, list] of [['dragging a piece', dragging], ['drawing 20 arrows quickly', drawing], ['engine thinking (full strength)', thinking]]) {
    console.log(`  ${name}: ${Math.round(median(list.map((t) => t.cpu)))} / ${Math.round(median(list.map((t) => t.wall)))} ms`);
  }
  console.log('every task from the first click of a fresh page (sound on) to the engine\'s reply, goal none over 50 ms wall:');
  console.log(`  longest (wall): ${ms(toReply.map((t) => t.wall))}; CPU ${Math.round(median(toReply.map((t) => t.cpu)))} ms`);
  console.log(`  tasks over 50 ms (wall): ${toReply.map((t) => t.over50).join(', ')}`);
}

await sizes();
if (!process.argv.includes('--sizes')) await browserFigures();
