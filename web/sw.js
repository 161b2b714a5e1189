// The page's service worker: the page's files are kept in the browser's cache as they are
// served, so a page loaded once starts again offline. scripts/web writes the build's version
// into CACHE, so a new deployment replaces the old files instead of mixing with them.
const CACHE = 'cqlbox-VERSION';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// The network first (a teacher's update shows at once), the cache when there is none.
self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET' || new URL(event.request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(event.request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(event.request, copy));
      }
      return response;
    })
    .catch(() => caches.match(event.request).then((hit) => hit || Response.error())));
});
