#!/usr/bin/env node
// Assembles the page into dist/ (git-ignored):
//
//   dist/page/        the served page: www/ plus js/engine*.js, pkg/web/ and the network
//                     in nets/ laid out so every relative import resolves; the page's
//                     and the iframe embed's modules each bundled into one file with the
//                     package's parts they import by its public names ('alfiere',
//                     'alfiere/board', ...: package.json's exports, resolved from this
//                     repository), so the browser finds the wasm without a waterfall of
//                     module requests; the engine ('alfiere/engine') left to the browser,
//                     which finds it by the HTML's import map; the shipped puzzles
//                     (data/puzzles/ as puzzles/); and sw.js with the list of files to
//                     cache and a version hash of their contents;
//   dist/alfiere.html the single-file build (see build-single.mjs), unless --no-single.
//
// Needs pkg/web (scripts/build-wasm.sh). Run: node scripts/build-page.mjs [--no-single]

import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHIPPED_NETWORKS } from '../js/networks.js';
import { keepImports } from './import-map.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'page');
const log = (msg) => console.log(`[build-page] ${msg}`);

function fail(message) {
  console.error(`[build-page] error: ${message}`);
  process.exit(1);
}

for (const needed of ['pkg/web/alfiere.js', 'pkg/web/alfiere_bg.wasm']) {
  if (!existsSync(join(root, needed))) fail(`${needed} is missing: run bash scripts/build-wasm.sh first`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// www/ as it is, except the service worker, written below, and the editors' jsconfig.json.
const NOT_SERVED = [`${sep}sw.js`, `${sep}jsconfig.json`];
cpSync(join(root, 'www'), out, { recursive: true, filter: (src) => !NOT_SERVED.some((name) => src.endsWith(name)) });

// The names the bundles leave to the browser (the HTML's import map finds them): the
// engine stays a separate module, its worker found next to it.
const LEFT_TO_BROWSER = ['alfiere/engine'];

// The engine (js/engine.js + its worker) and the wasm glue, at the paths they import.
const engineFiles = ['engine.js', 'engine-worker.js'];
const haveEngine = engineFiles.every((f) => existsSync(join(root, 'js', f)));
if (haveEngine) {
  mkdirSync(join(out, 'js'), { recursive: true });
  // The browser's modules only (the *-node.js files are the Node worker's).
  for (const entry of readdirSync(join(root, 'js'))) {
    if (entry.endsWith('.js') && !entry.endsWith('-node.js')) cpSync(join(root, 'js', entry), join(out, 'js', entry));
  }
} else {
  log('warning: js/engine.js or js/engine-worker.js missing; the page will play without the computer');
}
mkdirSync(join(out, 'pkg', 'web'), { recursive: true });
for (const f of ['alfiere.js', 'alfiere_bg.wasm']) cpSync(join(root, 'pkg', 'web', f), join(out, 'pkg', 'web', f));
// The learned evaluations (js/networks.js), where js/engine.js looks for them (../nets/
// from js/); the engine fetches each when its rule set is first played, and the service
// worker caches them with the rest, for offline play.
mkdirSync(join(out, 'nets'), { recursive: true });
for (const { file } of SHIPPED_NETWORKS) cpSync(join(root, 'nets', file), join(out, 'nets', file));
// The shipped puzzles (data/puzzles/<rule set>.csv), read by the page's Puzzles mode and
// the embed's ?puzzle=<rule set>/<id> from puzzles/ next to them; cached like the rest.
const puzzleDir = join(root, 'data', 'puzzles');
if (existsSync(puzzleDir)) {
  const files = readdirSync(puzzleDir).filter((name) => name.endsWith('.csv'));
  mkdirSync(join(out, 'puzzles'), { recursive: true });
  for (const name of files) cpSync(join(puzzleDir, name), join(out, 'puzzles', name));
  log(`puzzles: ${files.length} files`);
}

if (!process.argv.includes('--no-single')) {
  const { buildSingle } = await import('./build-single.mjs');
  await buildSingle({ root, page: out, output: join(root, 'dist', 'alfiere.html'), log });
}

// The page's entries bundled in place (after the single-file build, which bundles the
// sources its own way), and each HTML's import map reduced to what the bundles leave
// to the browser. The modules the bundles replace are left out of dist/page.
const { bundle } = await import('./build-single.mjs');
for (const entry of ['main.js', 'embed.js']) {
  const path = join(out, 'app', entry);
  writeFileSync(path, await bundle(path, { external: LEFT_TO_BROWSER }));
}
for (const name of readdirSync(join(out, 'app'))) {
  if (!['main.js', 'embed.js'].includes(name)) rmSync(join(out, 'app', name));
}
for (const html of ['index.html', 'embed.html']) {
  const path = join(out, html);
  writeFileSync(path, keepImports(readFileSync(path, 'utf8'), haveEngine ? LEFT_TO_BROWSER : []));
}

// Every file goes into the service worker's cache; the hash of them all names it.
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
const files = walk(out).sort();
const hash = createHash('sha256');
for (const file of files) {
  hash.update(relative(out, file));
  hash.update(readFileSync(file));
}
const swSource = readFileSync(join(root, 'www', 'sw.js'), 'utf8');
hash.update(swSource);
const version = hash.digest('hex').slice(0, 16);
const precache = ['./', ...files.map((f) => `./${relative(out, f).split(sep).join('/')}`)];
writeFileSync(
  join(out, 'sw.js'),
  `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache, null, 1)};\n${swSource}`,
);
log(`dist/page: ${files.length + 1} files, cache version ${version}`);
