// The baseline's offline worker: the same precache-then-cache-first scheme as the app's
// sw.js, over the same vendored runtime (from the app's manifest) plus this page's files.
// bench/bare/sw.js imports it, with its own files and vendored subset in self.BENCH_PAGE.
/* global PRECACHE */
"use strict";
importScripts("../../static/vendor/precache.js");

const PAGE = self.BENCH_PAGE ?? {
  own: ["./", "./index.html", "./hello.py", "./pyscript.toml", "./register.js",
    "../../static/icons/icon.svg"],
  vendor: "static/vendor/",
};
const CACHE = "bench-" + PRECACHE.version;
const OWN = PAGE.own;
const VENDOR = Object.keys(PRECACHE.files)
  .filter((path) => path.startsWith(PAGE.vendor))
  .map((path) => "../../" + path);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...OWN, ...VENDOR])));
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(event.request)),
  );
});
