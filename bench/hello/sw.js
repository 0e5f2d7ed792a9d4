// The baseline's offline worker: the same precache-then-cache-first scheme as the app's
// sw.js, over the same vendored runtime (from the app's manifest) plus this page's files.
/* global PRECACHE */
"use strict";
importScripts("../../static/vendor/precache.js");

const CACHE = "hello-" + PRECACHE.version;
const OWN = ["./", "./index.html", "./hello.py", "./pyscript.toml", "./register.js",
  "../../static/icons/icon.svg"];
const VENDOR = Object.keys(PRECACHE.files)
  .filter((path) => path.startsWith("static/vendor/"))
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
