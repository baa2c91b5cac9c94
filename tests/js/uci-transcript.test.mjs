// One UCI session everywhere: tests/data/uci-transcript.txt (every command, every
// option at its limits, `d`, `go perft`, searches in every family of rule sets, bad
// input) fed to the native `alfiere` binary and to the raw-UCI Engine in Node (the
// wasm Session in a worker thread). The transcripts must be identical apart from the
// figures that measure time: `time`, `nps`, `hashfull`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Engine } from 'alfiere/engine';
import { SHIPPED_NETWORKS } from '../../js/networks.js';

const root = new URL('../../', import.meta.url);
const script = readFileSync(new URL('tests/data/uci-transcript.txt', root), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

/** The native binary, built (if needed) with cargo's dev profile. */
function nativeBinary() {
  const cwd = new URL('.', root).pathname;
  execFileSync('cargo', ['build', '--quiet', '--bin', 'alfiere'], { cwd, stdio: 'inherit' });
  const meta = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd }));
  return `${meta.target_directory}/debug/alfiere`;
}

/** A line source with a way to wait for a line. */
function lineQueue() {
  const lines = [];
  let waiter = null;
  return {
    push(line) {
      lines.push(line);
      if (waiter && waiter.until(line)) {
        const { resolve } = waiter;
        waiter = null;
        resolve();
      }
    },
    lines,
    /** Resolves once a line from index `from` on satisfies `predicate`. */
    after(from, predicate) {
      return new Promise((resolve, reject) => {
        if (lines.slice(from).some(predicate)) return resolve();
        const timer = setTimeout(() => reject(new Error(`no line after ${JSON.stringify(lines.slice(-5))}`)), 120_000);
        waiter = { until: predicate, resolve: () => (clearTimeout(timer), resolve()) };
      });
    },
  };
}

/** Feeds the script through `send`, each command followed by `isready` (and a search
 * by its `bestmove` first), so both engines' answers come in the same order. */
async function converse(send, queue) {
  let readies = 0; // the readyok lines owed so far
  const readyCount = () => queue.lines.filter((l) => l === 'readyok').length;
  for (const line of script) {
    const from = queue.lines.length;
    queue.push(`> ${line}`);
    send(line);
    if (line.trim() === 'isready') readies += 1;
    const words = line.trim().split(/\s+/);
    if (words[0] === 'go' && words[1] !== 'perft') {
      // A refused `go` is answered by an info string alone.
      await queue.after(from, (l) => l.startsWith('bestmove') || l.startsWith('info string'));
    }
    send('isready');
    readies += 1;
    const owed = readies;
    await queue.after(0, () => readyCount() >= owed);
  }
  return queue.lines;
}

const normalise = (lines) =>
  lines.map((line) => line.replace(/ (time|nps|hashfull) \d+/g, ' $1 _'));

let engine = null;
after(() => engine?.terminate());

test('the native binary and the wasm session in Node give the same transcript', async () => {
  const native = spawn(nativeBinary(), [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const fromNative = lineQueue();
  createInterface({ input: native.stdout }).on('line', (line) => fromNative.push(line));
  const nativeLines = await converse((line) => native.stdin.write(`${line}\n`), fromNative);
  native.stdin.end('quit\n');

  // The native binary has its networks built in; the wasm engine loads the same files
  // from the package first (both at the start, not each when its rule set is first
  // played), so that both search with them from the first line.
  const nets = SHIPPED_NETWORKS.map((network) => network.url().pathname);
  engine = new Engine({ network: nets });
  assert.deepEqual(await engine.network, { loaded: true });
  const fromWasm = lineQueue();
  engine.addEventListener('message', (event) => fromWasm.push(event.data));
  const wasmLines = await converse((line) => engine.postMessage(line), fromWasm);

  // The one designed difference: WebAssembly has no threads, so its `Threads` goes
  // up to 1 (README, "Threads"); the rest of the line is the same.
  const threads = (lines) => lines.find((l) => l.startsWith('option name Threads '));
  assert.equal(threads(nativeLines), 'option name Threads type spin default 1 min 1 max 256');
  assert.equal(threads(wasmLines), 'option name Threads type spin default 1 min 1 max 1');
  const sameThreads = (lines) => lines.map((l) => (l === threads(lines) ? 'option name Threads' : l));
  const a = normalise(sameThreads(nativeLines));
  const b = normalise(sameThreads(wasmLines));
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    assert.equal(b[i], a[i], `line ${i + 1} differs (native first); context: ${JSON.stringify(a.slice(Math.max(0, i - 3), i + 1))}`);
  }
  // The script exercised what it should: searches in every family, options, errors.
  assert.ok(a.filter((l) => l.startsWith('bestmove ')).length >= 16);
  assert.ok(a.filter((l) => l.startsWith('info string ')).length >= 30);
  assert.ok(a.some((l) => l.startsWith('Fen: ') && l.includes('|')), 'an Alice diagram');
});
