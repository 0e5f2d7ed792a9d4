// Offline service worker: serves every file of one build from one versioned cache.
//
// static/vendor/precache.js (written by tools/build.py) defines self.PRECACHE =
// {version, files: {path: "sha256-..."}}: every file the app needs, with its hash, and a
// version hashing the whole list. A deploy that changes any file changes precache.js, so
// the browser's update check (which compares imported scripts byte for byte) installs a new
// worker; it precaches the whole new build into a new cache "klondike-<version>", checking
// each file against its hash, and only then can activate and delete the old caches. A page
// is always served from a single cache: never a mix of two builds.
/* global PRECACHE */
"use strict";

importScripts("./static/vendor/precache.js");

const CACHE_PREFIX = "klondike-";
const CACHE = CACHE_PREFIX + PRECACHE.version;
// Pyodide's memory snapshot (static/runtime.mjs), keyed to its own inputs: it outlives a
// deploy that changed none of them, and the runtime replaces it when one did.
const SNAPSHOTS = "klondike-snapshot";
const SCOPE = new URL(self.registration.scope);
const INDEX = new URL("index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      Object.entries(PRECACHE.files).map(async ([path, hash]) => {
        // no-cache: revalidate with the server, never trust a stale HTTP cache entry.
        const response = await fetch(path, { cache: "no-cache" });
        if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
        // A file of another build (say, a CDN mid-deploy) fails the install as a whole.
        if ((await sha256(response.clone())) !== hash) {
          throw new Error(`precache ${path}: content differs from the manifest`);
        }
        // The real Response is stored, headers included: the wasm keeps application/wasm.
        await cache.put(path, response);
      }),
    );
  } catch (error) {
    await caches.delete(CACHE); // no half-filled cache; the next visit tries again
    const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const tab of tabs) tab.postMessage({ type: "precache-failed", reason: String(error) });
    throw error;
  }
}

// The manifest's hash format: "sha256-" + base64 of the digest (as Subresource Integrity).
async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return "sha256-" + btoa(String.fromCharCode(...new Uint8Array(digest)));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE && name !== SNAPSHOTS)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

// Sent by a fully loaded page (static/boot.js). Taking over is safe only if no other tab
// of the site may still be loading files of the old build.
self.addEventListener("message", (event) => {
  if (event.data !== "activate-now") return;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      if (tabs.length <= 1) await self.skipWaiting();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  event.respondWith(cacheFirst(request, url));
});

let openCache; // opened once per worker life: every request of a boot goes through here

async function cacheFirst(request, url) {
  openCache ??= caches.open(CACHE);
  const cache = await openCache;
  // Any navigation to the app's page (./, ./index.html, with a query) gets the cached page.
  const isPage = request.mode === "navigate" &&
    (url.pathname === SCOPE.pathname || url.href.split(/[?#]/)[0] === INDEX);
  const hit = isPage
    ? await cache.match(INDEX)
    : await cache.match(request);
  return hit || fetch(request);
}
