// Service worker: keeps the page, its scripts, styles, the wasm and the puzzle files
// (puzzles/<rule set>.csv) in a cache so the page opens, plays and gives puzzles with
// no network after the first visit. scripts/build-page.mjs
// puts `VERSION` (a hash of the files) and `PRECACHE` (their paths) before this code,
// so a new build installs a new cache and the old one is removed.
/* global VERSION, PRECACHE */

const CACHE = `alfiere-${typeof VERSION === 'string' ? VERSION : 'dev'}`;
const FILES = typeof PRECACHE !== 'undefined' ? PRECACHE : ['./'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('alfiere-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Cache first for our own files (they are versioned together), network as a fallback;
// a navigation falls back to the cached page.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (err) {
        if (request.mode === 'navigate') {
          const page = await cache.match('./index.html');
          if (page) return page;
        }
        throw err;
      }
    })(),
  );
});
