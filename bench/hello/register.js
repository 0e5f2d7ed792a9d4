// Same offline set-up as the app: register once Python is ready.
"use strict";
new PerformanceObserver((list, observer) => {
  if (list.getEntriesByName("hello-ready").length === 0) return;
  observer.disconnect();
  navigator.serviceWorker?.register("./sw.js", { updateViaCache: "none" });
}).observe({ type: "mark", buffered: true });
