// Renames the functions of a wasm module (its `name` section) to sort keys, so that
// `wasm-opt --reorder-functions-by-name` puts the ten rule sets' copies of each
// generic function side by side, in the order of the registry (src/variant.rs),
// where similar rule sets are neighbours. gzip's 32 KB window then finds each copy's
// near-twin (README, "JavaScript performance": about 9 KB less gzipped than sorting the
// original names). The names are debug information only: wasm-opt strips them after.
//
//   node scripts/order-functions.mjs FILE.wasm...
//
// Needs names mangled with `-C symbol-mangling-version=v0` (scripts/build-wasm.sh sets
// it), whose demangled form names a generic function's type arguments.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The rule-set type names in the order of the registry (`rule_set_registry!` in
 *  src/variant.rs, whose lines read `Name = "id" => module::Type,`). */
function variantOrder() {
  const source = readFileSync(fileURLToPath(new URL('../src/variant.rs', import.meta.url)), 'utf8');
  const types = [...source.matchAll(/^\s*\w+ = "[^"]+" => \w+::(\w+),$/gm)].map((m) => m[1]);
  if (types.length === 0) throw new Error('src/variant.rs: no registry lines');
  return types;
}

function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function leb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** The sort key of a demangled v0 name: the name with every rule-set type replaced
 *  by `G`, then the rule sets' ranks (a function of no rule set sorts first). */
function sortKey(name, order) {
  const ranks = [];
  const generic = name
    .replace(/\[[0-9a-f]+\]/g, '')
    .replace(/alfiere::variants::\w+::(\w+)/g, (_, type) => {
      const rank = order.indexOf(type);
      ranks.push(String(rank < 0 ? 99 : rank).padStart(2, '0'));
      return 'G';
    });
  return `${generic}|${ranks.join(',')}`;
}

function rename(bytes, order) {
  const text = new TextDecoder();
  const encoder = new TextEncoder();
  const out = [bytes.subarray(0, 8)];
  let at = 8;
  let renamed = 0;
  while (at < bytes.length) {
    const start = at;
    const id = bytes[at];
    const [size, body] = readLeb(bytes, at + 1);
    const end = body + size;
    at = end;
    const [nameLength, nameAt] = id === 0 ? readLeb(bytes, body) : [0, body];
    if (id !== 0 || text.decode(bytes.subarray(nameAt, nameAt + nameLength)) !== 'name') {
      out.push(bytes.subarray(start, end));
      continue;
    }
    const section = [...bytes.subarray(body, nameAt + nameLength)];
    let p = nameAt + nameLength;
    while (p < end) {
      const kind = bytes[p];
      const [subSize, subAt] = readLeb(bytes, p + 1);
      const subEnd = subAt + subSize;
      if (kind !== 1) {
        section.push(...bytes.subarray(p, subEnd));
      } else {
        const [count, first] = readLeb(bytes, subAt);
        const entries = [...leb(count)];
        let q = first;
        for (let i = 0; i < count; i += 1) {
          const [index, lengthAt] = readLeb(bytes, q);
          const [length, nameStart] = readLeb(bytes, lengthAt);
          const name = text.decode(bytes.subarray(nameStart, nameStart + length));
          q = nameStart + length;
          const key = encoder.encode(sortKey(name, order));
          entries.push(...leb(index), ...leb(key.length), ...key);
          renamed += 1;
        }
        section.push(1, ...leb(entries.length));
        for (const byte of entries) section.push(byte);
      }
      p = subEnd;
    }
    out.push(Uint8Array.from([0, ...leb(section.length)]), Uint8Array.from(section));
  }
  return { bytes: Buffer.concat(out), renamed };
}

const order = variantOrder();
for (const file of process.argv.slice(2)) {
  const { bytes, renamed } = rename(readFileSync(file), order);
  writeFileSync(file, bytes);
  console.log(`[order-functions] ${file}: ${renamed} functions keyed`);
}
