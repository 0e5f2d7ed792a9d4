// Same offline set-up as the app: register once Python is ready (the mark named by this
// script's data-mark, "hello-ready" by default; bench/bare shares this file).
"use strict";
{
  const READY = document.currentScript?.dataset.mark || "hello-ready";
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName(READY).length === 0) return;
    observer.disconnect();
    navigator.serviceWorker?.register("./sw.js", { updateViaCache: "none" });
  }).observe({ type: "mark", buffered: true });
}
