// Makes wasm-bindgen's web glue (pkg/web/alfiere.js) tree-shakeable, so a bundle that
// imports only `Game` (the board) leaves the engine's `Session` class out (about 0.3 KB
// gzipped of the board's size goal, issue 40). wasm-bindgen writes two top-level
// statements per class that a bundler must keep, which keep every class alive:
//
//   if (Symbol.dispose) Session.prototype[Symbol.dispose] = Session.prototype.free;
//   const SessionFinalization = ... : new FinalizationRegistry(...);
//
// The first becomes a `[Symbol.dispose]()` method in the class body (the same method on
// every runtime that has the symbol: Node 20, current browsers); the second is marked
// `/* @__PURE__ */` (a registry no class uses is never read). Fails loudly when the
// glue's shape changes, rather than leaving it half rewritten.
//
//   node scripts/glue-tree-shake.mjs pkg/web/alfiere.js

import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
let text = readFileSync(file, 'utf8');
const classes = [...text.matchAll(/^export class (\w+) \{$/gm)].map((m) => m[1]);
if (!classes.length) throw new Error(`${file}: no exported class found`);
for (const name of classes) {
  const dispose = `if (Symbol.dispose) ${name}.prototype[Symbol.dispose] = ${name}.prototype.free;\n`;
  const registry = `const ${name}Finalization = (typeof FinalizationRegistry === 'undefined')\n    ? { register: () => {}, unregister: () => {} }\n    : new FinalizationRegistry(`;
  if (!text.includes(dispose) || !text.includes(registry)) {
    throw new Error(`${file}: the glue of class ${name} is not shaped as wasm-bindgen 0.2.130 writes it`);
  }
  text = text
    .replace(dispose, '')
    .replace(`export class ${name} {\n`, `export class ${name} {\n    [Symbol.dispose]() { this.free(); }\n`)
    .replace(registry, registry.replace(': new FinalizationRegistry(', ': /* @__PURE__ */ new FinalizationRegistry('));
}
writeFileSync(file, text);
console.log(`[glue-tree-shake] ${file}: ${classes.join(', ')} made tree-shakeable`);
