// The page's JavaScript before and around Python: the loading bar, and the offline worker.
// Python (static/main.py) says it is interactive with performance.mark("klondike-ready").
"use strict";

(() => {
  const READY_MARK = "klondike-ready";
  // PyScript dispatches "py:progress" on window with a text detail per stage ("Loading
  // Pyodide", "Loaded interpreter", "Loaded files", ...): about 8 of them, then main.py runs.
  // The bar counts them; the label says "Loading…" in the player's language where
  // static/paint.js drew a board (its record carries the text), not PyScript's English.
  const EXPECTED_STAGES = 8;
  let stages = 0;

  const label = document.getElementById("progress-label");
  const loading = document.getElementById("table")?.dataset.loading;
  if (label && loading) label.textContent = loading;

  addEventListener("py:progress", ({ detail }) => {
    stages += 1;
    const bar = document.getElementById("progress");
    if (!bar) return;
    if (detail === "Loading interpreter") {
      // The long stage, and no count of stages says how far into it the page is: on a
      // first visit it downloads the runtime (12 MiB: 10 s and more on a phone's link),
      // and the bar stood still at a third all that time. It shows that work goes on, and
      // after a while, on a first visit (no service worker has the site yet), why.
      bar.removeAttribute("value");
      setTimeout(explainWait, SLOW_MS);
    } else {
      bar.value = Math.min(95, Math.round((100 * stages) / (EXPECTED_STAGES + 1)));
    }
  });

  // A start that fails says so and offers to try again, instead of a loading bar that never
  // ends: a script the browser could not load (a first visit's connection dropped),
  // Pyodide that did not start (static/runtime.mjs calls klondikeBootFailed), the game's
  // own start raising (static/main.py calls it), or, before the game is ready, an error
  // nobody caught or PyScript's error box (.py-error: what Python printed to stderr). The
  // texts are static/paint.js's, in the player's language (#table's dataset), else
  // English; the reason is the browser's or Python's last line, in English, as text. Were
  // the game to become ready after all (a warning printed, say), the loading area and
  // this message go with it.
  const FAILED = "The game could not start. Check your connection, then try again.";
  const RETRY = "Try again";
  let failed = false;
  const isReady = () => performance.getEntriesByName(READY_MARK, "mark").length > 0;

  function fail(reason) {
    const box = document.getElementById("loading");
    if (failed || isReady() || !box) return;
    failed = true;
    document.body.classList.remove("ready"); // (main.py adds it just before the mark)
    document.body.classList.add("boot-failed");
    const texts = document.getElementById("table")?.dataset ?? {};
    const message = document.createElement("p");
    message.id = "boot-failed";
    message.setAttribute("role", "alert");
    message.textContent = texts.failed || FAILED;
    const detail = document.createElement("p");
    detail.className = "boot-reason";
    detail.textContent = String(reason ?? "").trim().split("\n").at(-1).slice(0, 300);
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "button accent";
    retry.textContent = texts.retry || RETRY;
    retry.addEventListener("click", () => location.reload());
    box.replaceChildren(message, detail, retry);
    document.getElementById("board")?.setAttribute("aria-busy", "false");
    retry.focus();
  }
  globalThis.klondikeBootFailed = fail;

  addEventListener("error", (event) => {
    const el = event.target;
    if (el instanceof HTMLScriptElement) { // a script that did not load (seen when capturing)
      fail(`${el.src || "A script"} did not load`);
    } else if (el === window && !/^ResizeObserver loop/.test(event.message)) {
      fail(event.message || String(event.error));
    }
  }, true);
  addEventListener("unhandledrejection", ({ reason }) => {
    fail(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason));
  });
  new MutationObserver((changes, observer) => {
    if (isReady()) return observer.disconnect();
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node instanceof HTMLElement && node.classList.contains("py-error")) {
          return fail(node.textContent);
        }
      }
    }
  }).observe(document.body, { childList: true });

  const SLOW_MS = 4000;
  const SLOW = "The first visit downloads the game. From then on it starts in a moment, " +
    "offline too.";
  function explainWait() {
    const bar = document.getElementById("progress");
    if (failed || isReady() || !bar || !("serviceWorker" in navigator) ||
        navigator.serviceWorker.controller || document.getElementById("loading-note")) return;
    const note = document.createElement("p");
    note.id = "loading-note";
    note.textContent = document.getElementById("table")?.dataset.slow || SLOW;
    bar.after(note);
  }

  const whenReady = new Promise((resolve) => {
    const seen = (list) => list.getEntriesByName(READY_MARK, "mark").length > 0;
    const observer = new PerformanceObserver((list) => {
      if (seen(list)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ type: "mark", buffered: true });
  });

  whenReady.then(() => {
    document.body.classList.add("ready");
    document.getElementById("board")?.setAttribute("aria-busy", "false");
    // Registered only once the game is interactive, so precaching the runtime never
    // competes with the first boot for bandwidth.
    registerServiceWorker().catch((error) => console.warn("offline mode unavailable:", error));
  });

  // A new version installs in the background and then waits. It takes over only from a page
  // that is already fully loaded (it fetches nothing more), and only when that page is the
  // site's single tab (sw.js checks); a reload then runs the new version from its own cache.
  function activateWhenInstalled(worker) {
    if (!worker) return;
    const ask = () => worker.state === "installed" && worker.postMessage("activate-now");
    ask();
    worker.addEventListener("statechange", ask);
  }

  async function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.addEventListener("message", ({ data }) => {
      if (data?.type === "precache-failed") console.warn("offline copy not saved:", data.reason);
    });
    // Relative URL: the scope is the directory of the page, e.g. /<repo>/ on GitHub Pages.
    // updateViaCache "none": update checks bypass the HTTP cache for sw.js and precache.js.
    const registration = await navigator.serviceWorker.register("./sw.js", {
      updateViaCache: "none",
    });
    activateWhenInstalled(registration.waiting || registration.installing);
    registration.addEventListener("updatefound", () => activateWhenInstalled(registration.installing));
    await navigator.serviceWorker.ready;
    const active = registration.active;
    const mark = () => { document.body.dataset.offline = "ready"; };
    if (active.state === "activated") mark();
    else active.addEventListener("statechange", () => active.state === "activated" && mark());
  }
})();
