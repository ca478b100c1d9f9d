// fivehundred_tutor — shared card drawing and widget helpers.
//
// This file is NOT imported: Python concatenates it in front of each widget
// module (fivehundred_tutor.widgets.base.esm_bundle), because anywidget loads
// each `_esm` as one module in JupyterLab and in the HTML manager.  Every
// name here starts with `fht` so that widget modules cannot collide with it.
// It draws and collects input only: no rules of the game live here.

const FHT_SVG = "http://www.w3.org/2000/svg";
const FHT_SUITS = {
  S: { sym: "\u2660", word: "spades", red: false },
  C: { sym: "\u2663", word: "clubs", red: false },
  D: { sym: "\u2666", word: "diamonds", red: true },
  H: { sym: "\u2665", word: "hearts", red: true },
};
const FHT_RANKS = {
  "2": ["2", "Two"], "3": ["3", "Three"], "4": ["4", "Four"], "5": ["5", "Five"],
  "6": ["6", "Six"], "7": ["7", "Seven"], "8": ["8", "Eight"], "9": ["9", "Nine"],
  T: ["10", "Ten"], "11": ["11", "Eleven"], "12": ["12", "Twelve"], "13": ["13", "Thirteen"],
  J: ["J", "Jack"], Q: ["Q", "Queen"], K: ["K", "King"], A: ["A", "Ace"],
};

/** Read an ASCII card code ("JD", "TH", "11H", "JK") into display facts. */
export function fhtCard(code) {
  if (typeof code !== "string") throw new Error(`expected a card code, got ${JSON.stringify(code)}`);
  if (code === "JK") return { code, joker: true, label: "Joker", sym: "\u2605", name: "Joker", short: "Joker", red: false, suit: null };
  const suit = FHT_SUITS[code.slice(-1)];
  const rank = FHT_RANKS[code.slice(0, -1)];
  if (!suit || !rank) throw new Error(`"${code}" is not a card code (like "JD", "TH" or "JK")`);
  return {
    code, joker: false, suit: code.slice(-1), label: rank[0], sym: suit.sym, red: suit.red,
    name: `${rank[1]} of ${suit.word}`, short: `${rank[0]}${suit.sym}`,
  };
}

/** Short text for a card code: "J♦", "10♥", "Joker". */
export function fhtShort(code) {
  return fhtCard(code).short;
}

/** Make an element: fhtEl("button", {class: "x", "aria-label": "…", onclick: f}, child, "text"). */
export function fhtEl(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function fhtSvgEl(tag, attrs, text) {
  const node = document.createElementNS(FHT_SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The SVG picture of one card face (or its back), decorative: the wrapper carries the words. */
export function fhtCardSvg(code, { faceDown = false } = {}) {
  const svg = fhtSvgEl("svg", { viewBox: "0 0 60 84", class: "fht-svg", "aria-hidden": "true", focusable: "false" });
  svg.append(fhtSvgEl("rect", { class: faceDown ? "fht-back" : "fht-face", x: 1, y: 1, width: 58, height: 82, rx: 6, ry: 6 }));
  if (faceDown) {
    svg.append(fhtSvgEl("rect", { class: "fht-back-inner", x: 7, y: 7, width: 46, height: 70, rx: 3, ry: 3 }));
    return svg;
  }
  const card = fhtCard(code);
  if (card.joker) {
    svg.append(fhtSvgEl("text", { x: 30, y: 44, "text-anchor": "middle", "font-size": 26, class: "fht-ink fht-joker" }, "\u2605"));
    svg.append(fhtSvgEl("text", { x: 30, y: 64, "text-anchor": "middle", "font-size": 11, "font-weight": 700, class: "fht-ink fht-joker" }, "JOKER"));
    return svg;
  }
  const cls = `fht-ink fht-s-${card.suit}`;
  const small = card.label.length > 1 ? 11 : 14;
  svg.append(fhtSvgEl("text", { x: 5, y: 17, "font-size": small, "font-weight": 700, class: cls }, card.label));
  svg.append(fhtSvgEl("text", { x: 5, y: 31, "font-size": 13, class: cls }, card.sym));
  svg.append(fhtSvgEl("text", { x: 32, y: 60, "text-anchor": "middle", "font-size": 28, class: cls }, card.sym));
  svg.append(fhtSvgEl("text", { x: 55, y: 79, "text-anchor": "end", "font-size": small, "font-weight": 700, class: cls, transform: "rotate(180 47 73)" }, card.label));
  return svg;
}

/**
 * One card as a labelled element.  Options: button (make it a <button>), onClick,
 * faceDown, highlight, dim, label (override the spoken words), small, extraClass.
 */
export function fhtCardEl(code, opts = {}) {
  const faceDown = Boolean(opts.faceDown);
  const words = opts.label || (faceDown ? "a face-down card" : fhtCard(code).name);
  const cls = ["fht-card"];
  if (opts.highlight) cls.push("fht-highlight");
  if (opts.dim) cls.push("fht-dim");
  if (opts.small) cls.push("fht-small");
  if (opts.extraClass) cls.push(opts.extraClass);
  let node;
  if (opts.button) {
    // named by its (visually hidden) text, so the name and the content agree
    node = fhtEl("button", { type: "button", class: cls.join(" ") + " fht-card-btn", "data-card": code }, fhtEl("span", { class: "fht-sr", text: words }));
    if (opts.onClick) node.addEventListener("click", () => opts.onClick(code, node));
  } else {
    node = fhtEl("span", { class: cls.join(" "), role: "img", "aria-label": words, "data-card": faceDown ? null : code });
  }
  node.append(fhtCardSvg(code, { faceDown }));
  return node;
}

/** A row of cards, grouped for screen readers under `label`. */
export function fhtCardRow(codes, opts = {}) {
  const row = fhtEl("div", { class: "fht-cards", role: "group", "aria-label": opts.label || codes.map((c) => fhtCard(c).name).join(", ") || "no cards" });
  for (const code of codes) row.append(fhtCardEl(code, { ...opts, highlight: (opts.highlight || []).includes(code), label: undefined }));
  if (opts.button) fhtRoving(row);
  return row;
}

/** Arrow keys (and Home/End) move focus among the buttons inside `container`. */
export function fhtRoving(container, selector = "button:not([disabled])") {
  container.addEventListener("keydown", (event) => {
    const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
    if (!keys.includes(event.key)) return;
    const items = [...container.querySelectorAll(selector)];
    const at = items.indexOf(document.activeElement);
    if (at < 0 || items.length === 0) return;
    let next = at;
    if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (at - 1 + items.length) % items.length;
    else if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (at + 1) % items.length;
    else if (event.key === "Home") next = 0;
    else next = items.length - 1;
    items[next].focus();
    event.preventDefault();
    event.stopPropagation();
  });
}

/** The root element every widget draws into (theming hooks, four-colour switch). */
/** A widget's title (not a heading: the page around it decides the outline). */
export function fhtTitle(text) {
  return fhtEl("div", { class: "fht-title", text });
}

export function fhtRoot(el, kind, { fourColour = false, label = "", region = true } = {}) {
  el.replaceChildren();
  const root = fhtEl("div", { class: `fht-root fht-${kind}` + (fourColour ? " fht-four" : ""), role: region ? "region" : null, "aria-label": region ? label || kind : null });
  el.append(root);
  if (region && fhtLiveConfig()) root.append(fhtLiveStatusLine());
  return root;
}

/** A readable message in place of a widget whose data cannot be drawn. */
export function fhtShowError(el, kind, error) {
  const root = fhtRoot(el, kind, { region: false });
  root.append(
    fhtEl("div", { class: "fht-error", role: "alert" },
      fhtEl("strong", { text: "This widget cannot be shown. " }),
      String(error && error.message ? error.message : error),
      fhtEl("div", { class: "fht-hint", text: "Re-run the cell that made it (the saved data may be from an older version)." })),
  );
}

/** Run `draw()`; if it throws, show the error inside the widget instead of a blank area. */
export function fhtSafe(el, kind, draw) {
  try {
    draw();
  } catch (error) {
    fhtShowError(el, kind, error);
  }
}

/** Check that model data has the expected shape; throws a readable error. */
export function fhtExpect(value, type, what) {
  const ok = type === "array" ? Array.isArray(value) : type === "object" ? value !== null && typeof value === "object" && !Array.isArray(value) : typeof value === type;
  if (!ok) throw new Error(`${what} should be ${type === "array" || type === "object" ? "an " + type : "a " + type}, got ${JSON.stringify(value)?.slice(0, 60)}`);
  return value;
}

/** The model layout this code reads; Python writes the same number (handlers.MODEL_VERSION). */
export const FHT_MODEL_VERSION = 1;

/** A stale saved state from another version of the package gets a readable message. */
export function fhtCheckVersion(data, what) {
  if (data.version !== undefined && data.version !== FHT_MODEL_VERSION) {
    throw new Error(`this ${what} was saved by a different version of fivehundred-tutor (model version ${data.version}; this page reads version ${FHT_MODEL_VERSION})`);
  }
}

/**
 * Requests to the Python side.  `fhtRequest(model, {type: …})` resolves with the reply, or with
 * null when nothing answers within `wait` ms.  Three hosts, one protocol: the JupyterLab kernel
 * (model.send → fivehundred_tutor.handlers.handle), the static book without the engine (null), and
 * the live book, where the engine runs in the reader's browser (fhtLiveRequest below).
 */
let fhtNextId = 1;
export function fhtRequest(model, message, wait = 4000) {
  if (fhtLiveConfig()) return fhtLiveRequest(model, { ...message, id: `r${fhtNextId++}` });
  return new Promise((resolve) => {
    const id = `r${fhtNextId++}`;
    let done = false;
    const onMsg = (msg) => {
      if (!msg || msg.id !== id || done) return;
      done = true;
      model.off("msg:custom", onMsg);
      resolve(msg);
    };
    model.on("msg:custom", onMsg);
    try {
      model.send({ ...message, id });
    } catch (_error) {
      done = true;
      model.off("msg:custom", onMsg);
      resolve(null);
      return;
    }
    setTimeout(() => {
      if (done) return;
      done = true;
      model.off("msg:custom", onMsg);
      resolve(null);
    }, wait);
  });
}

/** A polite live region for announcements (feedback, steps). */
export function fhtLive(root) {
  const region = fhtEl("div", { class: "fht-live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  root.append(region);
  return region;
}

/** Several traits change together (after an answer, a step): draw once, after them all. */
export function fhtBatched(draw) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw();
    });
  };
}

/** Redraw `el` with `draw()` and put the keyboard focus back on the matching control. */
export function fhtKeepFocus(el, draw) {
  const active = document.activeElement;
  let selector = null;
  if (active && el.contains(active) && active !== el) {
    const cls = [...active.classList].find((c) => c.startsWith("fht-") && c !== "fht-selected" && c !== "fht-card" && c !== "fht-highlight");
    const data = ["choice", "card", "bid", "field"].find((k) => active.dataset && active.dataset[k] !== undefined);
    selector = (active.tagName.toLowerCase()) + (cls ? `.${cls}` : "") + (data ? `[data-${data}="${active.dataset[data]}"]` : "");
  }
  draw();
  if (selector && (!document.activeElement || document.activeElement === document.body)) {
    const again = el.querySelector(selector);
    if (again && !again.disabled) again.focus();
  }
}

// ------------------------------------------------------------------ the live book
// The built book ships Pyodide and a wheel of fivehundred_tutor; a page script
// (fivehundred-live.js) sets window.fhtLiveConfig = {worker, index, wheel, bytes}.
// Every widget module on the page carries this code, so the engine's state is
// kept once per page on window.__fhtLive: ONE Web Worker, started on the first
// request that needs the engine, answering with the same Python handlers as the
// kernel (fivehundred_tutor.handlers.handle).  Until then, and if it cannot start,
// the widgets work from their saved state; the status line says why in one line.

export function fhtLiveConfig() {
  return (typeof window !== "undefined" && window.fhtLiveConfig) || null;
}

function fhtLiveShared() {
  if (!window.__fhtLive) {
    // `call(kind, request, state)` is there for benchmarks and tests: the same path the widgets use.
    window.__fhtLive = { status: "idle", text: "", ready: null, worker: null, pending: new Map(), next: 1, started: 0, readyAt: 0, call: fhtLiveCall };
  }
  return window.__fhtLive;
}

/** Why the engine cannot run in this browser (null when it can). */
export function fhtLiveUnsupported() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") return "this browser has no WebAssembly";
  if (typeof Worker !== "function") return "this browser has no Web Workers";
  return null;
}

const FHT_LIVE_IDLE = "Saved examples. The engine starts in your browser when you ask for something new.";

function fhtLiveText() {
  const live = fhtLiveShared();
  if (live.status === "idle") {
    const why = fhtLiveUnsupported();
    return why ? `The live engine cannot run here (${why}); the saved examples still work.` : FHT_LIVE_IDLE;
  }
  return live.text;
}

/** The one-line status of the in-browser engine (every widget of the live book shows it). */
export function fhtLiveStatusLine() {
  const live = fhtLiveShared();
  return fhtEl("p", { class: `fht-live-status fht-live-${live.status}`, role: "status", "aria-live": "polite", "data-status": live.status, text: fhtLiveText() });
}

function fhtLiveSet(status, text) {
  const live = fhtLiveShared();
  live.status = status;
  live.text = text;
  for (const line of document.querySelectorAll(".fht-live-status")) {
    line.textContent = text;
    line.dataset.status = status;
    line.className = `fht-live-status fht-live-${status}`;
  }
  window.dispatchEvent(new CustomEvent("fht-live", { detail: { status, text } }));
}

/** Start the engine once per page (in a Web Worker); resolves when Python is ready, rejects with a readable Error. */
export function fhtLiveStart() {
  const live = fhtLiveShared();
  if (live.ready) return live.ready;
  const cfg = fhtLiveConfig();
  live.started = performance.now();
  fhtLiveSet("loading", "Starting the engine in your browser…");
  live.ready = new Promise((resolve, reject) => {
    const why = fhtLiveUnsupported();
    if (why) {
      reject(new Error(why));
      return;
    }
    let worker;
    try {
      worker = new Worker(cfg.worker, { type: "module", name: "fivehundred-engine" });
    } catch (error) {
      reject(new Error(`the engine's worker could not start (${error.message || error})`));
      return;
    }
    live.worker = worker;
    worker.addEventListener("message", (event) => {
      const msg = event.data || {};
      if (msg.type === "ready") resolve(worker);
      else if (msg.type === "failed") reject(new Error(msg.error));
      else if (msg.type === "reply") {
        const waiting = live.pending.get(msg.id);
        if (!waiting) return;
        live.pending.delete(msg.id);
        if (msg.error) waiting.reject(new Error(msg.error));
        else waiting.resolve(msg.result);
      }
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      reject(new Error(event.message || "the engine's files could not be loaded"));
    });
    worker.postMessage({ type: "start", index: cfg.index, wheel: cfg.wheel });
  });
  live.ready.then(
    () => {
      live.readyAt = performance.now();
      fhtLiveSet("live", `Live: the engine runs in your browser (started in ${((live.readyAt - live.started) / 1000).toFixed(1)} s).`);
    },
    (error) => {
      if (live.worker) live.worker.terminate();
      for (const waiting of live.pending.values()) waiting.reject(error);
      live.pending.clear();
      fhtLiveSet("failed", `The live engine could not start (${error.message}); the saved examples still work.`);
    },
  );
  return live.ready;
}

/** Send {kind, request, state} to the engine in the worker; resolves {reply, update}. */
export async function fhtLiveCall(kind, request, state) {
  const worker = await fhtLiveStart();
  const live = fhtLiveShared();
  const id = live.next++;
  return new Promise((resolve, reject) => {
    live.pending.set(id, { resolve, reject });
    worker.postMessage({ type: "request", id, message: JSON.stringify({ kind, request, state }) });
  });
}

/** The browser host: answer a widget's request with the engine in this page, update its model, resolve the reply. */
export async function fhtLiveRequest(model, message) {
  const host = model.get("_fht_host");
  if (!host || typeof host.kind !== "string" || !Array.isArray(host.state)) return null; // this widget has no handlers
  if (message.type === "hello") {
    // Answered at once: the engine starts only when a request needs it.
    return fhtLiveUnsupported() || fhtLiveShared().status === "failed" ? null : { type: "hello", live: true, host: "browser", id: message.id };
  }
  const state = {};
  for (const name of host.state) state[name] = model.get(name);
  let result;
  try {
    result = await fhtLiveCall(host.kind, message, state);
  } catch (_error) {
    return null; // the status line says why; the widget keeps its saved state
  }
  const update = result.update || {};
  const names = Object.keys(update).filter((name) => host.state.includes(name));
  for (const name of names) model.set(name, update[name]);
  if (names.length) model.save_changes();
  return result.reply;
}
