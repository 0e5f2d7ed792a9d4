// The board before Python: the saved game's cards, drawn at once from what the page stored
// at its last render ("klondike.paint", written by klondike/app/paint.py). No rule is read
// here: the placements, classes and texts are the Python view's, copied as they are. Once
// Python is ready, static/page/board.py adopts these elements and draws the game.
//
// A first visit has nothing stored: then one of the fresh deals index.html carries
// (#first-visit, written by the build from klondike/app/paint.py) is drawn, in the
// browser's language, and its code is left on the table (data-first) for Python to deal.
//
// A tap or a key before Python is ready is refused visibly: the status line says so (in the
// player's language, as stored), and the move is not made. The record is a stored value
// like any other: anything unexpected in it (another version, a wrong type, a huge value)
// draws nothing, and no text of it ever goes into innerHTML.
"use strict";

(() => {
  const KEY = "klondike.paint";
  const GAME = "klondike.game";
  const SETTINGS = "klondike.settings";
  const VERSION = 1;
  const MAX_LENGTH = 100_000; // the record is about 6 KB
  const READY_MARK = "klondike-ready";
  const WAITING = "Still loading: try again in a moment.";

  const ready = () => document.body.classList.contains("ready");
  const isNumber = (x, low, high) => typeof x === "number" && Number.isFinite(x) &&
    x >= low && x <= high;
  const isText = (x, pattern, max) => typeof x === "string" && x.length <= max &&
    pattern.test(x);
  const CLASS = /^[A-Za-z0-9 -]*$/;
  const NAME = /^[a-z0-9-]+$/;

  // One card's entry: [text, class, rank, suit, pip, x, y, z, face up, label], checked.
  function card(entry) {
    if (!Array.isArray(entry) || entry.length !== 10) return null;
    const [id, cls, rank, suit, pip, x, y, z, faceUp, label] = entry;
    const ok = isText(id, /^[A2-9TJQK][shdc]$/, 2) && isText(cls, CLASS, 60) &&
      [rank, suit, pip].every((t) => typeof t === "string" && t.length <= 2) &&
      isNumber(x, -1, 50) && isNumber(y, -1, 500) && Number.isInteger(z) &&
      isNumber(z, 0, 100_000) && typeof faceUp === "boolean" &&
      typeof label === "string" && label.length <= 100;
    return ok ? { id, cls, marks: [rank, suit, pip], x, y, z, faceUp, label } : null;
  }

  // The stored record, checked, or null.
  function read() {
    let text;
    try {
      text = localStorage.getItem(KEY);
    } catch {
      return null; // storage refused (some privacy modes)
    }
    return checked(parse(text));
  }

  function parse(text) {
    if (typeof text !== "string" || text.length > MAX_LENGTH) return null;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }

  // A record as painting() makes it, checked: the same record for drawing, or null.
  function checked(record) {
    if (!record || record.v !== VERSION || !Array.isArray(record.cards) ||
        record.cards.length !== 52 || !isNumber(record.height, 0, 500)) return null;
    const cards = record.cards.map(card);
    if (cards.includes(null) || new Set(cards.map((c) => c.id)).size !== 52) return null;
    const slots = record.slots && typeof record.slots === "object" ? record.slots : {};
    const places = Object.entries(slots).filter(([pile, at]) =>
      /^(stock|waste|F[shdc]|T[1-7])$/.test(pile) && Array.isArray(at) && at.length === 2 &&
      isNumber(at[0], -1, 50) && isNumber(at[1], -1, 50));
    const names = (list) => Array.isArray(list) && list.length <= 10 &&
      list.every((n) => isText(n, NAME, 40));
    if (!names(record.body) || !names(record.root)) return null;
    const waiting = isText(record.waiting, /^[^<>]*$/, 200) ? record.waiting : WAITING;
    const loading = isText(record.loading, /^[^<>]*$/, 100) ? record.loading : null;
    const failed = isText(record.failed, /^[^<>]*$/, 200) ? record.failed : null;
    const retry = isText(record.retry, /^[^<>]*$/, 60) ? record.retry : null;
    const slow = isText(record.slow, /^[^<>]*$/, 200) ? record.slow : null;
    const lang = isText(record.lang, /^[a-z]{2,3}$/, 3) ? record.lang : null;
    const texts = pageTexts(record.texts);
    const chrome = isText(record.chrome, /^[0-9]{1,4}px$/, 6) ? record.chrome : null;
    const tableH = isNumber(record.tableH, 1, 50) ? record.tableH : null;
    return { cards, places, height: record.height, body: record.body, root: record.root,
             waiting, loading, failed, retry, slow, lang, texts, chrome, tableH };
  }

  // The page's own texts translated (msgid, after its context and "\u0004" if it has one:
  // text), checked: a plain object of short texts, or an empty one.
  function pageTexts(texts) {
    if (!texts || typeof texts !== "object" || Array.isArray(texts)) return {};
    const entries = Object.entries(texts);
    const ok = entries.length <= 200 && entries.every(([key, text]) =>
      key.length <= 200 && isText(text, /^[^<>]*$/, 200));
    return ok ? Object.fromEntries(entries) : {};
  }

  // The texts of the toolbar and the table in the player's language, as
  // static/page/dialogs.py's translate_page() puts them (the msgid kept in the attribute,
  // where it looks for it), until Python translates the whole page.
  function translate(texts) {
    const text = (el, msgid) => {
      const context = el.getAttribute("data-i18n-context");
      const found = texts[context ? `${context}\u0004${msgid}` : msgid];
      return typeof found === "string" ? found : null;
    };
    const early = ".toolbar [data-i18n], #table[data-i18n], #table [data-i18n]";
    for (const el of document.querySelectorAll(early)) {
      const msgid = el.getAttribute("data-i18n") || el.textContent.trim();
      const found = text(el, msgid);
      if (found === null) continue;
      el.setAttribute("data-i18n", msgid);
      el.textContent = found;
    }
    const labelled = ".toolbar [data-i18n-label], #table[data-i18n-label], " +
      "#table [data-i18n-label]";
    for (const el of document.querySelectorAll(labelled)) {
      const msgid = el.getAttribute("data-i18n-label") || el.getAttribute("aria-label");
      const found = msgid && text(el, msgid);
      if (!found) continue;
      el.setAttribute("data-i18n-label", msgid);
      el.setAttribute("aria-label", found);
      if (el.hasAttribute("title")) el.setAttribute("title", found);
    }
  }

  function draw(record) {
    const table = document.getElementById("table");
    if (!table || table.querySelector(".card")) return false;
    record.body.forEach((name) => document.body.classList.add(name));
    record.root.forEach((name) => document.documentElement.classList.add(name));
    // The height the toolbar and the status line took, and the table's height in card
    // widths (more than usual for a long column): the cards come out the same size.
    const root = document.documentElement.style;
    if (record.chrome) root.setProperty("--chrome-h", record.chrome);
    if (record.tableH) root.setProperty("--table-h", String(record.tableH));
    for (const [pile, [x, y]] of record.places) {
      const slot = table.querySelector(`[data-pile="${pile}"]`);
      slot?.style.setProperty("--x", String(x));
      slot?.style.setProperty("--y", String(y));
    }
    const cards = document.createDocumentFragment();
    let timed = false; // the first face-up card's rank: when the board is on screen
    for (const c of record.cards) {
      const el = document.createElement("div");
      el.className = c.cls + (c.faceUp ? "" : " down");
      el.id = `c-${c.id}`;
      el.dataset.card = c.id;
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", c.label);
      el.style.setProperty("--x", String(c.x));
      el.style.setProperty("--y", String(c.y));
      el.style.zIndex = String(c.z);
      ["rank", "suit", "pip"].forEach((name, i) => {
        const span = document.createElement("span");
        span.className = name;
        span.setAttribute("aria-hidden", "true");
        span.textContent = c.marks[i];
        if (!timed && c.faceUp && name === "rank") {
          // Element Timing (bench/startup.py's "shown"): when the frame that shows the
          // cards is presented, not the mark below, which comes before its work.
          span.setAttribute("elementtiming", "klondike-board");
          timed = true;
        }
        el.appendChild(span);
      });
      cards.appendChild(el);
    }
    table.appendChild(cards);
    table.style.setProperty("--table-rows", String(record.height));
    return true;
  }

  // A first visit (no game and no settings stored): one of index.html's fresh deals, its
  // texts in the browser's language (as klondike.i18n.choose_language picks it), or null.
  // Not when the address may carry a deal of its own (klondike.app.deals.linked_text):
  // Python deals that one.
  function first() {
    if (location.hash.length > 1 || /[?&]game=/.test(location.search)) return null;
    try {
      if (localStorage.getItem(GAME) !== null || localStorage.getItem(SETTINGS) !== null) {
        return null;
      }
    } catch {
      return null;
    }
    const data = firstVisit();
    if (!data || !Array.isArray(data.deals) || !data.deals.length) return null;
    const deal = data.deals[Math.floor(Math.random() * data.deals.length)];
    const record = checked(deal);
    if (!record || !isText(deal.code, /^[A-Z0-9-]+$/, 30)) return null; // Python parses it
    const texts = spoken(data);
    if (texts) {
      const labels = texts.labels && typeof texts.labels === "object" ? texts.labels : {};
      for (const c of record.cards) {
        if (typeof labels[c.label] === "string") c.label = labels[c.label];
      }
      Object.assign(record, said(texts));
      record.texts = pageTexts(texts.texts);
      record.lang = texts.lang;
    }
    record.code = deal.code;
    return record;
  }

  function firstVisit() {
    const data = parse(document.getElementById("first-visit")?.textContent);
    return data && data.v === VERSION && data.languages && typeof data.languages === "object"
      ? data : null;
  }

  // The first visit's texts in the browser's language (as klondike.i18n.choose_language
  // picks it) with its code (lang), or null for English or none of ours.
  function spoken(data) {
    const tags = Array.isArray(navigator.languages) ? navigator.languages : [];
    const language = tags.map((tag) => String(tag).trim().replaceAll("_", "-").split("-")[0]
      .toLowerCase()).find((primary) => primary === "en" ||
        Object.hasOwn(data.languages, primary));
    const texts = language && language !== "en" ? data.languages[language] : null;
    return texts && typeof texts === "object" ? { ...texts, lang: language } : null;
  }

  // What the page says before Python, checked: while it loads, to a tap, where it fails.
  function said(texts) {
    const out = {};
    for (const [key, max] of [["waiting", 200], ["loading", 100], ["failed", 200],
                              ["retry", 60], ["slow", 200]]) {
      if (isText(texts[key], /^[^<>]*$/, max)) out[key] = texts[key];
    }
    return out;
  }

  // Run as soon as the table is parsed (index.html): the status line below it is not yet.
  const record = read() ?? first();
  const table = document.getElementById("table");
  // The loading bar's label, what the page adds where a first visit takes a while and what
  // it says where the game cannot start, in the player's language, for static/boot.js (the label is not parsed yet): the record's, or
  // where none is drawn (a first visit by a link to a deal), the browser's language's.
  const data = record ? null : firstVisit();
  const words = record ?? said((data && spoken(data)) ?? {});
  for (const key of ["loading", "failed", "retry", "slow"]) {
    if (words[key] && table) table.dataset[key] = words[key];
  }
  if (record && draw(record)) {
    if (record.code) table.setAttribute("data-first", record.code);
    if (record.lang) document.documentElement.lang = record.lang;
    translate(record.texts);
    // Marked at the frame that draws the cards (its callbacks run just before its style,
    // layout and paint: the cards are on screen later, up to 700 ms at 4x CPU on a warm
    // visit, when the rank given an elementtiming above is presented).
    requestAnimationFrame(() => performance.mark("klondike-painted"));
  }

  // Before Python is ready: a tap on the table or a key the game uses is answered.
  const waiting = words.waiting ?? WAITING;
  const status = () => document.getElementById("status");
  let refused = false;
  function refuse(event) {
    if (ready()) return stop();
    if (document.body.classList.contains("boot-failed")) return; // boot.js said why
    if (event.type === "keydown" && (event.key === "Tab" || event.key === "Shift" ||
        event.key === "Control" || event.key === "Alt" || event.key === "Meta")) return;
    if (event.type === "pointerdown" && !event.target.closest?.("#table, .toolbar")) return;
    refused = true;
    if (status()) status().textContent = waiting;
  }
  function stop() {
    removeEventListener("pointerdown", refuse, true);
    removeEventListener("keydown", refuse, true);
  }
  addEventListener("pointerdown", refuse, true);
  addEventListener("keydown", refuse, true);

  // Once ready, the refusal is no longer true: take it off the status line.
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName(READY_MARK, "mark").length === 0) return;
    observer.disconnect();
    stop();
    if (refused && status()?.textContent === waiting) status().textContent = "";
  }).observe({ type: "mark", buffered: true });
})();
