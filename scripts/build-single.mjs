// The single-file build: dist/alfiere.html holds the whole page, the app's modules
// bundled into one inline module script (esbuild), the stylesheet inline, the wasm, the
// network and the engine worker's code bundled into one classic script, as base64 blocks
// (app/platform-inline.js starts the worker from a Blob), and a sample of each rule set's
// puzzles (data/puzzles/*.csv) as text blocks. Works when opened from file://. The Content-Security-Policy
// allows exactly the inline script and style by their sha256 hashes, blob: workers and
// WebAssembly, and no network at all.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { withoutImportMap } from './import-map.mjs';
import { SHIPPED_NETWORKS } from '../js/networks.js';
import { WASM_BLOCK, WORKER_BLOCK, inlineBlockId, puzzleBlockId } from '../www/app/inline-blocks.js';

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** One minified browser bundle of `entry` (also the served page's, by build-page.mjs). */
export async function bundle(entry, { plugins = [], format = 'esm', external = [] } = {}) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format,
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'warning',
    // The glue's default wasm URL (import.meta.url) is unused here: the bytes are passed.
    logOverride: { 'empty-import-meta': 'silent' },
    plugins,
    external,
  });
  return result.outputFiles[0].text;
}

/** Every `</script` would end the inline block early; esbuild escapes them in strings. */
function assertInlineSafe(name, text) {
  if (/<\/script/i.test(text) || /<!--/.test(text)) throw new Error(`${name} cannot be inlined: it contains </script or <!--`);
}

/** How many puzzles of each rule set the single-file build carries. */
export const SINGLE_FILE_PUZZLES = 20;

/**
 * A sample of a puzzle file: its header and `count` puzzles spread evenly over its
 * ratings (sorted by rating, every n-th), so a person of any strength finds some near
 * their rating. The lines are kept as they are.
 */
export function puzzleSample(text, count = SINGLE_FILE_PUZZLES) {
  const [header, ...rows] = text.split(/\r?\n/).filter(Boolean);
  const rated = rows.map((row) => ({ row, rating: Number(row.split(',')[3]) })).sort((a, b) => a.rating - b.rating);
  const step = Math.max(1, rated.length / count);
  const sample = [];
  for (let i = 0; i < Math.min(count, rated.length); i++) sample.push(rated[Math.floor(i * step)].row);
  return [header, ...sample].join('\n');
}

/** The text blocks of the puzzle samples, one per file of `dir` (none when it is missing). */
function puzzleBlocks(dir) {
  if (!existsSync(dir)) return '';
  return readdirSync(dir)
    .filter((name) => /^[a-z][a-z0-9-]*\.csv$/.test(name))
    .sort()
    .map((name) => {
      const sample = puzzleSample(readFileSync(join(dir, name), 'utf8'));
      assertInlineSafe(name, sample);
      return `<script type="text/plain" id="${puzzleBlockId(name.slice(0, -4))}">${sample}</script>\n`;
    })
    .join('');
}

export async function buildSingle({ root, page, output, log }) {
  const workerEntry = join(page, 'js', 'engine-worker.js');
  if (!existsSync(workerEntry) || !existsSync(join(page, 'js', 'engine.js'))) {
    log('single-file build skipped: js/engine.js or js/engine-worker.js missing');
    return false;
  }
  // The app, with platform.js swapped for platform-inline.js.
  const swapPlatform = {
    name: 'inline-platform',
    setup(b) {
      b.onResolve({ filter: /\/platform\.js$/ }, () => ({ path: resolve(page, 'app', 'platform-inline.js') }));
    },
  };
  const app = await bundle(join(page, 'app', 'main.js'), { plugins: [swapPlatform] });
  // A classic worker: Chromium refuses module workers from blob: URLs in a file:// page.
  // (The glue's import.meta.url default is never used: the worker is given the bytes.)
  const worker = await bundle(workerEntry, { format: 'iife' });
  assertInlineSafe('the app bundle', app);
  const css = readFileSync(join(page, 'style.css'), 'utf8');
  const wasm = readFileSync(join(page, 'pkg', 'web', 'alfiere_bg.wasm')).toString('base64');
  // The networks (js/networks.js), each in its block (the ids platform-inline.js reads).
  const networks = SHIPPED_NETWORKS.map((network) =>
    [inlineBlockId(network), readFileSync(join(page, 'nets', network.file)).toString('base64')]);
  const networkLength = networks.reduce((sum, [, text]) => sum + text.length, 0);
  const workerB64 = Buffer.from(worker, 'utf8').toString('base64');
  const icon = `data:image/svg+xml;base64,${readFileSync(join(page, 'icon.svg')).toString('base64')}`;

  const csp = [
    "default-src 'none'",
    `script-src ${sha256(app)} 'wasm-unsafe-eval'`,
    `style-src ${sha256(css)}`,
    'img-src data: blob:',
    'worker-src blob:',
    "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  let html = readFileSync(join(page, 'index.html'), 'utf8');
  const replaceOnce = (pattern, replacement) => {
    if (!pattern.test(html)) throw new Error(`index.html: ${pattern} not found`);
    html = html.replace(pattern, () => replacement);
  };
  replaceOnce(/<meta http-equiv="Content-Security-Policy"[^>]*>/s, `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
  replaceOnce(/<!-- No inline scripts[\s\S]*?-->\s*/, '<!-- Single-file build: inline script and style allowed by hash only; no network. -->\n  ');
  replaceOnce(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${icon}" type="image/svg+xml">`);
  replaceOnce(/\s*<link rel="manifest"[^>]*>/, '');
  replaceOnce(/\s*<!-- The wasm is fetched at once[^>]*-->\s*<link rel="preload"[^>]*>/, ''); // the bytes are inline
  replaceOnce(/<link rel="stylesheet" href="style.css">/, `<style>${css}</style>`);
  replaceOnce(/<script type="module" src="app\/main.js"><\/script>/, '');
  html = withoutImportMap(html); // everything is bundled
  replaceOnce(
    /<\/body>/,
    `<script type="application/octet-stream" id="${WASM_BLOCK}">${wasm}</script>\n` +
      networks.map(([id, text]) => `<script type="application/octet-stream" id="${id}">${text}</script>\n`).join('') +
      `<script type="text/plain" id="${WORKER_BLOCK}">${workerB64}</script>\n` +
      puzzleBlocks(join(root, 'data', 'puzzles')) +
      `<script type="module">${app}</script>\n</body>`,
  );
  writeFileSync(output, html);
  log(`dist/alfiere.html: ${(html.length / 1024 / 1024).toFixed(2)} MB (app ${(app.length / 1024).toFixed(0)} kB, worker ${(worker.length / 1024).toFixed(0)} kB, wasm ${(wasm.length / 1024).toFixed(0)} kB, networks ${(networkLength / 1024).toFixed(0)} kB base64)`);
  return true;
}
