// The service worker of farkle serve, served at /sw.js: the page opens
// offline. Every page and static file is fetched from the network first
// (so that a new release is seen at once) and kept; offline, the copy
// kept is served. The page shell is kept at install; a game's page as it
// is first shown and on every later visit; the last state of each game
// seen is kept by the page itself (alerts.js, cache "farkle-games"), which
// also keeps here the static files it loaded before this worker ran.
// The API is never answered from here: moves and streams need the
// server.

const SHELL = 'farkle-shell';
const PAGES = 'farkle-pages';
const MAX_PAGES = 30;
const SHELL_FILES = [
  '/', '/manifest.webmanifest',
  '/static/app.js', '/static/alerts.js', '/static/alerts-i18n.js', '/static/i18n.js', '/static/messages.js',
  '/static/dice.js', '/static/style.css', '/static/icon.svg', '/static/icon-turn.svg', '/static/icon-192.png',
];

self.addEventListener('install', (ev) => {
  // A file missing from the list is no reason to fail the install.
  ev.waitUntil(caches.open(SHELL).then((c) => Promise.all(SHELL_FILES.map((u) => c.add(u).catch(() => {})))).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (ev) => {
  // The pages open now were fetched before this worker: keep them too.
  ev.waitUntil(self.clients.claim().then(() => self.clients.matchAll({ type: 'window' })).then((list) =>
    Promise.all(list.map((c) => keepPage(new URL(c.url).pathname).catch(() => {})))));
});

// keepPage fetches the page at path and keeps it.
async function keepPage(path) {
  if (!isPage(path)) return;
  const res = await fetch(path, { credentials: 'same-origin' });
  if (res.ok) await put(PAGES, path, res);
}

function isPage(path) {
  return path === '/' || /^\/g\/[A-Za-z0-9_-]+$/.test(path);
}

// put keeps res under key, at most MAX_PAGES pages (the oldest go).
async function put(name, key, res) {
  const c = await caches.open(name);
  await c.put(key, res);
  if (name !== PAGES) return;
  const keys = await c.keys();
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await c.delete(k);
}

self.addEventListener('fetch', (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  const page = req.mode === 'navigate' && isPage(url.pathname);
  const kept = page || url.pathname.startsWith('/static/') || url.pathname === '/manifest.webmanifest';
  if (!kept) return;
  const key = url.pathname; // without the query: one copy of each file
  ev.respondWith((async () => {
    try {
      const res = await fetch(req);
      if (res.ok) await put(page ? PAGES : SHELL, key, res.clone());
      return res;
    } catch (err) {
      const copy = await caches.match(key, { cacheName: page ? PAGES : SHELL });
      if (copy) return copy;
      // A game never opened here: the home page, which says it is offline.
      if (page) {
        const home = await caches.match('/', { cacheName: PAGES }) || await caches.match('/', { cacheName: SHELL });
        if (home) return home;
      }
      throw err;
    }
  })());
});
