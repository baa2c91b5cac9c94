#!/usr/bin/env node
// Dependency-free static server for the page assembled in dist/page/ (by
// scripts/build-page.mjs; `npm start` builds it first). Listens on $PORT (default 8080).
//
//   node scripts/serve.mjs            # after scripts/build-wasm.sh + build-page.mjs
//   PORT=3000 node scripts/serve.mjs
//
// Only GET and HEAD; paths are resolved and must stay inside their root (no `..`
// escapes, no encoded-slash tricks); directories serve their index.html.
//
// Framing: every response but embed.html says that only the page's own origin may
// frame it (`Content-Security-Policy: frame-ancestors 'self'`, and `X-Frame-Options:
// SAMEORIGIN` for older browsers), so another site cannot show the person's saved game
// in a frame and click in it; embed.html, made to be framed, says nothing of the kind.
// A <meta> policy cannot say this: a host serving dist/page must send these headers
// itself (README, "The page").
//
// ALFIERE_SERVE_ROOT serves another directory than dist/page (the tests' fixtures).

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Longest prefix first.
const mounts = [{ prefix: '/', root: resolve(repoRoot, process.env.ALFIERE_SERVE_ROOT || 'dist/page') }];

/** The file that other sites may frame (the iframe embed), relative to the root. */
const FRAMEABLE = new Set(['embed.html']);
/** What every other response sends: framed only by the page's own origin. */
const FRAMING_HEADERS = { 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'SAMEORIGIN' };

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

function send(res, status, body, headers = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    ...FRAMING_HEADERS,
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** Maps a URL path to a file path inside a mount root, or null if it escapes/is bad. */
function resolvePath(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null; // malformed %-encoding
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const mount = mounts.find((m) => decoded === m.prefix.slice(0, -1) || decoded.startsWith(m.prefix));
  if (!mount) return null;
  const rest = decoded.slice(mount.prefix.length);
  const file = resolve(mount.root, '.' + sep + rest);
  if (file !== mount.root && !file.startsWith(mount.root + sep)) return null;
  return file;
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'Method Not Allowed\n', { Allow: 'GET, HEAD' });
  }
  let pathname;
  try {
    pathname = new URL(req.url, 'http://localhost').pathname;
  } catch {
    return send(res, 400, 'Bad Request\n');
  }
  let file = resolvePath(pathname);
  if (file === null) return send(res, 404, 'Not Found\n');

  let info;
  try {
    info = await stat(file);
    if (info.isDirectory()) {
      if (!pathname.endsWith('/')) {
        return send(res, 301, 'Moved Permanently\n', { Location: pathname + '/' });
      }
      file = join(file, 'index.html');
      info = await stat(file);
    }
  } catch {
    const hint = pathname === '/' ? ' (has the page been built? npm start builds it)' : '';
    return send(res, 404, `Not Found${hint}\n`);
  }
  if (!info.isFile()) return send(res, 404, 'Not Found\n');

  const frameable = FRAMEABLE.has(relative(mounts[0].root, file).split(sep).join('/'));
  res.writeHead(200, {
    'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    ...(frameable ? {} : FRAMING_HEADERS),
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

// PORT=0 picks a free port (the tests do); the URL printed below has the real one.
const port = process.env.PORT === undefined || process.env.PORT === '' ? 8080 : Number(process.env.PORT);
const server = createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) send(res, 500, 'Internal Server Error\n');
    else res.destroy();
  });
});
server.on('error', (err) => {
  console.error(`serve: cannot listen on port ${port}: ${err.message}`);
  process.exit(1);
});
server.listen(port, () => {
  console.log(`alfiere: serving ${relative(repoRoot, mounts[0].root) || '.'}/ at http://localhost:${server.address().port}/ (Ctrl+C to stop)`);
});
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => process.exit(0));
}
