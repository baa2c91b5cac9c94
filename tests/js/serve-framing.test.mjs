// scripts/serve.mjs says who may frame what it serves: every response (pages, scripts,
// errors) but embed.html carries `Content-Security-Policy: frame-ancestors 'self'` and
// `X-Frame-Options: SAMEORIGIN`, so another site cannot frame the page and act on the
// person's saved game; embed.html, made to be framed, carries neither. Served from a
// fixture directory (ALFIERE_SERVE_ROOT), so the test needs no build.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serve = fileURLToPath(new URL('../../scripts/serve.mjs', import.meta.url));
let root;
let child;
let base;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'alfiere-serve-'));
  for (const name of ['index.html', 'embed.html']) writeFileSync(join(root, name), `<!doctype html><title>${name}</title>`);
  mkdirSync(join(root, 'app'));
  writeFileSync(join(root, 'app', 'embed.js'), 'export {};');
  mkdirSync(join(root, 'sub'));
  writeFileSync(join(root, 'sub', 'embed.html'), '<!doctype html><title>not the embed</title>');
  child = spawn(process.execPath, [serve], { env: { ...process.env, PORT: '0', ALFIERE_SERVE_ROOT: root }, stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /http:\/\/localhost:\d+\//.exec(text);
      if (match) resolve(match[0]);
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
  });
});

after(() => {
  child?.kill('SIGTERM');
  if (root) rmSync(root, { recursive: true, force: true });
});

async function framing(path, method = 'GET') {
  const response = await fetch(new URL(path, base), { method, redirect: 'manual' });
  return { status: response.status, csp: response.headers.get('content-security-policy'), xfo: response.headers.get('x-frame-options') };
}

test('the page, its scripts and its errors may be framed by its own origin only', async () => {
  for (const [path, status] of [['/', 200], ['/index.html', 200], ['/index.html', 200, 'HEAD'], ['/app/embed.js', 200], ['/sub/embed.html', 200], ['/missing.html', 404], ['/app', 301]]) {
    const got = await framing(path);
    assert.deepEqual(got, { status, csp: "frame-ancestors 'self'", xfo: 'SAMEORIGIN' }, path);
  }
  const head = await framing('/', 'HEAD');
  assert.deepEqual(head, { status: 200, csp: "frame-ancestors 'self'", xfo: 'SAMEORIGIN' });
  const post = await framing('/', 'POST');
  assert.equal(post.status, 405);
  assert.equal(post.xfo, 'SAMEORIGIN');
});

test('embed.html stays frameable by any site', async () => {
  for (const path of ['/embed.html', '/embed.html?variant=alice', '/./embed.html']) {
    const got = await framing(path);
    assert.deepEqual(got, { status: 200, csp: null, xfo: null }, path);
  }
});
