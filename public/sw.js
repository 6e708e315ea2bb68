/*
 * Linkwise service worker. It caches only static files whose content cannot depend on who asks:
 * the fingerprinted build assets under /build/ and the app's icons. Pages, /api/ answers and
 * anything else go to the network untouched, so no user's data is ever kept here. The page
 * registers /sw.js?v=<build version>: a new deploy is a new script, which replaces this one and
 * drops the previous version's cache.
 */
const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const CACHE_PREFIX = "linkwise-static-";
const CACHE = CACHE_PREFIX + VERSION;
const STATIC_FILES = ["/favicon.svg", "/apple-touch-icon.png", "/manifest.webmanifest"];

/** Whether a request may be answered from (and stored in) the cache. */
function isCacheable(request, origin) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.origin !== origin || url.search !== "") return false;
  if (url.pathname.startsWith("/api/")) return false;
  return url.pathname.startsWith("/build/") || url.pathname.startsWith("/icons/") || STATIC_FILES.includes(url.pathname);
}

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  // Not calling respondWith leaves the request to the browser, exactly as without a worker.
  if (!isCacheable(event.request, self.location.origin)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request);
      if (hit) return hit;
      const response = await fetch(event.request);
      // Only complete same-origin answers: never an error page or a redirect to /login.
      if (response.status === 200 && response.type === "basic") await cache.put(event.request, response.clone());
      return response;
    }),
  );
});
