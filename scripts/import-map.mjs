// The page's import map (www/index.html, www/embed.html): where the browser finds the
// package's public names ('alfiere/engine' → ./js/engine.js) in the served page. The
// page's Content-Security-Policy allows no inline script but this one, by the sha256 of
// its text, so the hash is written wherever the map changes (build-page.mjs keeps only
// the names its bundles leave to the browser) and checked by tests/js/page-imports.test.mjs.

import { createHash } from 'node:crypto';

const MAP = /<script type="importmap">([\s\S]*?)<\/script>/;
const HASH = /'sha256-[A-Za-z0-9+/=]+'/;

/** The CSP source that allows an inline script of exactly `text`. */
export function hashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The import map of `html`: {text, imports}, or null when it has none. */
export function readImportMap(html) {
  const match = MAP.exec(html);
  return match ? { text: match[1], imports: JSON.parse(match[1]).imports } : null;
}

/** `html` with its import map reduced to `names`, and the policy's hash its new text's. */
export function keepImports(html, names) {
  const map = readImportMap(html);
  if (!map) throw new Error('the page has no import map');
  const imports = Object.fromEntries(names.map((name) => {
    if (!map.imports[name]) throw new Error(`the import map has no ${name}`);
    return [name, map.imports[name]];
  }));
  const text = `\n    ${JSON.stringify({ imports })}\n  `;
  if (!HASH.test(html)) throw new Error("the page's policy has no hash for its import map");
  return html.replace(MAP, () => `<script type="importmap">${text}</script>`).replace(HASH, () => hashSource(text));
}

/** `html` without its import map (the single-file build bundles everything). */
export function withoutImportMap(html) {
  return html.replace(/\s*<!-- The import map[\s\S]*?-->/, '').replace(new RegExp(`\\s*${MAP.source}`), '');
}
