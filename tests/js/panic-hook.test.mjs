// The module's panic hook is `console_error_panic_hook` (src/wasm/mod.rs, as the design
// asks): a Rust panic (a bug; nothing panics on bad input) is logged with `console.error`
// with its message, its location and the JS stack, read from `new Error().stack`. No
// export panics on purpose, so this checks what the module asks of JS for it: the
// console and the stack of a fresh `Error` (the hand-written hook it replaced asked
// only for the console). Run after `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const wasmPath = fileURLToPath(new URL('../../pkg/web/alfiere_bg.wasm', import.meta.url));

/** The names of the functions the module imports from its JS glue. */
function importedFunctions() {
  assert.ok(existsSync(wasmPath), `${wasmPath} is missing: run \`npm run build\` first`);
  const module = new WebAssembly.Module(readFileSync(wasmPath));
  return WebAssembly.Module.imports(module)
    .filter((entry) => entry.kind === 'function')
    .map((entry) => entry.name);
}

test('the panic hook logs to the console with the JS stack', () => {
  const names = importedFunctions();
  assert.ok(
    names.some((name) => name.startsWith('__wbg_error_')),
    `console.error is imported: ${names.join(', ')}`,
  );
  assert.ok(
    names.some((name) => name.startsWith('__wbg_stack_')),
    `the stack of an Error is read (console_error_panic_hook): ${names.join(', ')}`,
  );
});
