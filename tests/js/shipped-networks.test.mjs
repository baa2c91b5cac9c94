// The shipped networks are listed once, in js/networks.js; the places that cannot import
// it (package.json's `files`, the native binary's `include_bytes!`) must name the same
// files, and each network must play exactly the rule sets the list says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as A from 'alfiere';
import { SHIPPED_NETWORKS } from '../../js/networks.js';
import { inlineBlockId } from '../../www/app/inline-blocks.js';

const root = new URL('../../', import.meta.url);
const files = SHIPPED_NETWORKS.map((network) => network.file);

test('each listed network lies in nets/, at its URL, and is a network file', () => {
  assert.ok(files.length > 0);
  for (const network of SHIPPED_NETWORKS) {
    assert.equal(network.url().href, new URL(`nets/${network.file}`, root).href);
    const bytes = readFileSync(network.url());
    assert.equal(bytes.subarray(0, 8).toString('latin1'), 'ALFNNUE\0', network.file);
  }
  assert.equal(new Set(SHIPPED_NETWORKS.map(inlineBlockId)).size, files.length, 'two networks share a block id');
});

test("package.json's files ship exactly the listed networks", () => {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  const named = pkg.files.filter((entry) => entry.startsWith('nets/') && entry.endsWith('.nnue'));
  assert.deepEqual(named, files.map((file) => `nets/${file}`));
});

test('the native binary builds in exactly the listed networks', () => {
  const source = readFileSync(new URL('src/eval/nnue/mod.rs', root), 'utf8');
  const built = [...source.matchAll(/include_bytes!\("(?:\.\.\/)+nets\/([^"]+)"\)/g)].map((m) => m[1]);
  assert.deepEqual(built.sort(), [...files].sort());
});

/** The score a depth-2 search of `variant`'s start gives, with a network's `bytes`
 * loaded or none. */
function startScore(variant, bytes) {
  const session = new A.Session(1);
  try {
    if (bytes) session.loadNetwork(new Uint8Array(bytes));
    session.setOption('UCI_Variant', variant);
    session.handleLine('position startpos');
    session.handleLine('go depth 2');
    const lines = [];
    while (session.status() === 'running') lines.push(...session.step(100000, 0));
    const last = lines.filter((line) => line.startsWith('info depth')).at(-1);
    return last.match(/score (cp|mate) (-?\d+)/).slice(1).join(' ');
  } finally {
    session.free();
  }
}

test('each network changes the play of exactly the rule sets it lists', () => {
  const all = A.variants().map((v) => v.id);
  for (const variant of SHIPPED_NETWORKS.flatMap((network) => network.variants)) assert.ok(all.includes(variant), variant);
  const bytesOf = new Map(SHIPPED_NETWORKS.map((network) => [network, readFileSync(network.url())]));
  for (const variant of all) {
    const hand = startScore(variant, null);
    for (const network of SHIPPED_NETWORKS) {
      const used = startScore(variant, bytesOf.get(network)) !== hand;
      assert.equal(used, network.variants.includes(variant), `${network.file} in ${variant}`);
    }
  }
});
