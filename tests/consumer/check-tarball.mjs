// Checks the file list of the packed tarball (`npm pack --json` output on stdin): every
// file the exports map, the worker and the types need is there, and nothing else big.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { SHIPPED_NETWORKS } from '../../js/networks.js';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const [pack] = JSON.parse(input);
const files = new Set(pack.files.map((f) => f.path));
const required = [
  'package.json', 'README.md',
  'pkg/web/alfiere.js', 'pkg/web/alfiere.d.ts', 'pkg/web/alfiere_bg.wasm', 'pkg/web/package.json',
  'pkg/node/alfiere.js', 'pkg/node/alfiere.d.ts', 'pkg/node/alfiere_bg.wasm', 'pkg/node/package.json',
  'js/engine.js', 'js/engine-node.js', 'js/engine.d.ts', 'js/engine-worker.js', 'js/engine-worker-node.js',
  'js/engine-worker.d.ts', 'js/engine-host.js', 'js/engine-networks.js', 'js/errors.js',
  'js/index.js', 'js/index-node.js', 'js/index.d.ts', 'js/index-node.d.ts', 'js/errors.d.ts',
  'js/chessjs.js', 'js/chessjs-node.js', 'js/chessjs.d.ts', 'js/chessjs/chess.js', 'js/chessjs/constants.js',
  'js/chessjs/fen-text.js', 'js/chessjs/headers.js', 'js/chessjs/move.js', 'js/chessjs/move-input.js',
  'js/chessjs/order.js', 'js/chessjs/pgn-writer.js', 'js/chessjs/zobrist.js', 'js/chessjs/pgn-reading.js',
  'js/chessjs/pgn-tokens.js', 'js/chessjs/public.js', 'js/networks.js', 'nets/README.md',
  'js/board/index.js', 'js/board/index.d.ts', 'js/board/element.js', 'js/board/controller.js', 'js/board/styles.js',
  'js/puzzles.js', 'js/puzzles.d.ts', 'js/board/puzzle-player.js', 'js/board/storage.js', 'js/board/storage.d.ts',
];
// The shipped networks (js/networks.js), and no other network file.
const networkFiles = SHIPPED_NETWORKS.map((network) => `nets/${network.file}`);
required.push(...networkFiles);
// The shipped puzzles (data/puzzles/<rule set>.csv, exported as 'alfiere/puzzles/*'), every one.
const puzzleFiles = existsSync('data/puzzles') ? readdirSync('data/puzzles').filter((f) => f.endsWith('.csv')) : [];
required.push(...puzzleFiles.map((f) => `data/puzzles/${f}`));
for (const file of required) assert.ok(files.has(file), `${file} is missing from the tarball`);
const stray = [...files].filter((f) => !networkFiles.includes(f) && !/^(pkg\/(web|node)\/|js\/|nets\/README\.md$|data\/puzzles\/[a-z0-9-]+\.csv$|package\.json$|README\.md$|LICENSE)/.test(f));
assert.deepEqual(stray, [], 'files outside pkg/, js/, the networks, the puzzles and the top-level docs');
const wasm = pack.files.find((f) => f.path === 'pkg/web/alfiere_bg.wasm');
console.log(`tarball ${pack.filename}: ${pack.files.length} files, ${pack.size} bytes packed, ${pack.unpackedSize} unpacked; ` +
  `pkg/web/alfiere_bg.wasm ${wasm.size} bytes; ${puzzleFiles.length} puzzle files`);
