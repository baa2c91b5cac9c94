// The page (www/) is the package's first consumer: it imports the package only by its
// public names ('alfiere', 'alfiere/board', ... as package.json's `exports` lists them),
// never a file inside js/ or pkg/ by its path. Node resolves those names from the
// repository (the package's self-reference); the browser by the import map of each HTML
// file, which must agree with the exports, and which the page's policy allows by hash.

import { test } from 'node:test';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashSource, keepImports, readImportMap, withoutImportMap } from '../../scripts/import-map.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const www = join(root, 'www');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const modules = walk(www).filter((path) => path.endsWith('.js') && !path.endsWith(`${sep}sw.js`));
const pages = walk(www).filter((path) => path.endsWith('.html'));

/** Every module specifier `source` imports or re-exports: static, side-effect and dynamic
 * imports. A dynamic import of anything but a string literal is reported as `null`. */
function specifiers(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?(['"])([^'"]+)\1/gm)) found.push(match[2]);
  for (const match of code.matchAll(/\bimport\s*\(\s*([^)]*?)\s*\)/g)) {
    const literal = /^(['"])([^'"]+)\1$/.exec(match[1]);
    found.push(literal ? literal[2] : null);
  }
  return found;
}

/** The file a public name gives a browser (the `default` condition), from package.json's
 * exports; with `types`, its types there. */
function browserTarget(name, { types = false } = {}) {
  const key = name === 'alfiere' ? '.' : `.${name.slice('alfiere'.length)}`;
  let entry = pkg.exports[key];
  while (entry && typeof entry === 'object') entry = types && entry.types ? entry.types : entry.default;
  return entry ?? null;
}

const imported = new Set();
for (const file of modules) {
  for (const spec of specifiers(readFileSync(file, 'utf8'))) if (spec && !spec.startsWith('.')) imported.add(spec);
}

test('the specifier reader finds static, re-exported, multi-line and dynamic imports', () => {
  const source = [
    "import { a } from './a.js';",
    "import {\n  b,\n  c,\n} from '../js/board/storage.js';",
    "import d, * as e from 'alfiere';",
    "import './side-effect.js';",
    "export { f } from 'alfiere/board';",
    "// import { g } from '../js/commented.js';",
    "const h = await import('alfiere/engine');",
    'const i = await import(`./${name}.js`);',
  ].join('\n');
  assert.deepEqual(specifiers(source), ['./a.js', '../js/board/storage.js', 'alfiere', './side-effect.js', 'alfiere/board', 'alfiere/engine', null]);
});

test('no page module imports a file outside www/ by its path, or anything but the package by name', () => {
  assert.ok(modules.length > 10, 'the page modules were not found');
  const wrong = [];
  for (const file of modules) {
    const where = relative(root, file);
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (spec === null) wrong.push(`${where}: a dynamic import of a computed name`);
      else if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(`${www}${sep}`)) wrong.push(`${where}: ${spec} (${relative(root, target)}: use the package's public name)`);
        else if (!existsSync(target)) wrong.push(`${where}: ${spec} does not exist`);
      } else if (!browserTarget(spec)) wrong.push(`${where}: ${spec} is not a name package.json exports`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(imported.has('alfiere/board'), 'the page does not import the board by its public name');
});

test("each public name the page imports resolves in Node from the repository, to its export's file", () => {
  for (const name of imported) {
    const file = browserTarget(name);
    assert.ok(existsSync(join(root, file)), `${name}: ${file} is missing`);
    // Node's own resolution (the package's self-reference), from a page module.
    const resolved = fileURLToPath(import.meta.resolve(name, pathToFileURL(join(www, 'app', 'main.js')).href));
    assert.ok(resolved.startsWith(join(root, 'js')), `${name} resolved to ${resolved}`);
  }
});

test('each HTML page maps every public name the page imports, as the exports do, and its policy allows the map', () => {
  assert.deepEqual(pages.map((p) => relative(www, p)).sort(), ['embed.html', 'index.html']);
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    const map = readImportMap(html);
    assert.ok(map, `${relative(root, page)} has no import map`);
    for (const name of imported) {
      // The served page lays js/ out as the repository does, beside the HTML.
      assert.equal(map.imports[name], browserTarget(name), `${relative(root, page)}: ${name}`);
    }
    for (const name of Object.keys(map.imports)) assert.ok(imported.has(name), `${relative(root, page)} maps ${name}, which no page module imports`);
    const csp = /<meta http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
    assert.match(csp, new RegExp(`script-src 'self' ${hashSource(map.text).replace(/[+/=]/g, '\\$&')} 'wasm-unsafe-eval'(;|$)`), `${relative(root, page)}: the policy's hash is not the import map's`);
    // The page's module scripts are its own files.
    for (const match of html.matchAll(/<script type="module" src="([^"]+)"/g)) assert.ok(existsSync(join(www, match[1])), match[1]);
  }
});

test("the built pages' import maps: only the names the bundles leave to the browser, allowed by their new hash; none in the single file", () => {
  for (const page of pages) {
    const built = keepImports(readFileSync(page, 'utf8'), ['alfiere/engine']);
    const map = readImportMap(built);
    assert.deepEqual(map.imports, { 'alfiere/engine': './js/engine.js' });
    assert.equal(built.match(/'sha256-[^']+'/g).join(' '), hashSource(map.text));
    assert.throws(() => keepImports(built, ['alfiere/nothing']), /no alfiere\/nothing/);
  }
  const single = withoutImportMap(readFileSync(join(www, 'index.html'), 'utf8'));
  assert.equal(readImportMap(single), null);
  assert.doesNotMatch(single, /importmap|<!-- The import map/);
});

test("TypeScript, as an editor runs it (www/jsconfig.json), follows each public name the page imports to its export's types", () => {
  const tsc = join(root, 'node_modules', '.bin', 'tsc');
  const run = spawnSync(tsc, ['-p', join(www, 'jsconfig.json'), '--traceResolution'], { encoding: 'utf8', maxBuffer: 256 << 20 });
  assert.equal(run.status, 0, `${run.error ?? ''}${run.stdout.slice(-2000)}${run.stderr}`);
  for (const name of imported) {
    const types = join(root, browserTarget(name, { types: true }));
    assert.ok(run.stdout.includes(`Module name '${name}' was successfully resolved to '${types}'`), `${name} does not resolve to ${types}`);
  }
});
