// The live book: the engine in the reader's browser.
//
// The built book ships Pyodide and a wheel of fivehundred_tutor; a page script
// (fivehundred-live.js) sets window.fhtLiveConfig = {worker, index, wheel, snapshot, bytes}.
// Every widget bundle on the page carries this code, so the engine's state is
// kept once per page on window.__fhtLive: ONE Web Worker, started on the first
// request that needs the engine, answering with the same Python handlers as the
// kernel (fivehundred_tutor.handlers.handle).  Until then, and if it cannot start,
// the widgets work from their saved state; the status line says why in one line.

import { el } from "./dom.js";
import { t } from "./language.js";
import { REPLY } from "./protocol.js";

/** The page's live-book settings, or null (JupyterLab, or a book without the engine). */
export function liveConfig() {
  return (typeof window !== "undefined" && window.fhtLiveConfig) || null;
}

function shared() {
  if (!window.__fhtLive) {
    // `call(kind, request, state)` is there for benchmarks and tests: the same path the widgets use.
    window.__fhtLive = { status: "idle", text: "", ready: null, worker: null, pending: new Map(), next: 1, started: 0, readyAt: 0, call: liveCall };
  }
  window.__fhtLive.asking ||= new Map();
  return window.__fhtLive;
}

/** Why the engine cannot run in this browser (null when it can). */
export function liveUnsupported() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") return t("this browser has no WebAssembly");
  if (typeof Worker !== "function") return t("this browser has no Web Workers");
  return null;
}

// A learner sees a status line only while something they asked for is on its way, or when the
// engine failed (one short line each).  The line is the asking widget's own, next to its buttons,
// and says what is happening in a learner's words; the first request, which waits for the engine
// to start, says that the first time is slower.  No line while the saved examples are all there
// is, none once an answer came.  Other widgets stay usable meanwhile.
const failedText = () => t("New examples could not load here: reload the page to try again (the saved ones still work).");
/** What a request is doing, in a learner's words: one whole sentence each, the slower first time too. */
const DOING = {
  new_question: (starting) => (starting ? t("Getting a new question ready — the first one takes a few seconds.") : t("Getting a new question ready…")),
  new_deal: (starting) => (starting ? t("Dealing a new deal — the first one takes a few seconds.") : t("Dealing a new deal…")),
  next: (starting) => (starting ? t("Dealing the next deal — the first one takes a few seconds.") : t("Dealing the next deal…")),
  again: (starting) => (starting ? t("Dealing the first deal again — the first one takes a few seconds.") : t("Dealing the first deal again…")),
  act: (starting) => (starting ? t("Waiting for the bots — the first time takes a few seconds.") : t("Waiting for the bots…")),
  hint: (starting) => (starting ? t("Finding a hint — the first one takes a few seconds.") : t("Finding a hint…")),
  review: (starting) => (starting ? t("Checking your play — the first time takes a few seconds.") : t("Checking your play…")),
  set_rules: (starting) => (starting ? t("Changing the rules — the first time takes a few seconds.") : t("Changing the rules…")),
  level: (starting) => (starting ? t("Changing how the bots play — the first time takes a few seconds.") : t("Changing how the bots play…")),
  play: (starting) => (starting ? t("Checking your card — the first time takes a few seconds.") : t("Checking your card…")),
  answer: (starting) => (starting ? t("Checking your answer — the first time takes a few seconds.") : t("Checking your answer…")),
  takeback: (starting) => (starting ? t("Taking the card back — the first time takes a few seconds.") : t("Taking the card back…")),
  restart: (starting) => (starting ? t("Starting the problem again — the first time takes a few seconds.") : t("Starting the problem again…")),
  make: (starting) => (starting ? t("Making the questions — the first time takes a few seconds.") : t("Making the questions…")),
};
/** A request that is answered at once shows no line: wait this long before saying anything. */
const QUIET_MS = 400;

/** The words while `type` is on its way; `starting`: the engine is not ready yet (slower). */
export function doingText(type, starting) {
  if (Object.hasOwn(DOING, type)) return DOING[type](starting);
  return starting ? t("Working on it — the first time takes a few seconds.") : t("Working on it…");
}

function lineText(model) {
  const live = shared();
  if (live.status === "failed") return failedText();
  return (model && live.asking.get(model)) || "";
}

function paint(line) {
  const live = shared();
  const text = lineText(line.__fhtModel);
  line.textContent = text;
  line.hidden = !text;
  line.dataset.status = live.status;
  line.className = `fht-live-status fht-live-${live.status}${text && live.status !== "failed" ? " fht-live-asking" : ""}`;
}

/** The widget's one-line status (hidden unless something it asked for is on its way, or the engine failed). */
export function liveStatusLine(model = null) {
  const line = el("p", { role: "status", "aria-live": "polite" });
  line.__fhtModel = model;
  paint(line);
  return line;
}

function repaint() {
  for (const line of document.querySelectorAll(".fht-live-status")) paint(line);
}

function setStatus(status, text) {
  const live = shared();
  live.status = status;
  live.text = text;
  repaint();
  window.dispatchEvent(new CustomEvent("fht-live", { detail: { status, text } }));
}

/**
 * Requests that only add to what the learner already sees (an answer judged again after its saved
 * verdict is shown): no waiting line, or it would stay next to a verdict that is already there.
 */
const ADDITIVE = new Set(["answer"]);

/** Say (in the asking widget's line) what `message` is doing until `promise` settles. */
function asking(model, message, promise) {
  const live = shared();
  if (ADDITIVE.has(message.type)) return promise;
  const show = () => {
    if (settled) return;
    live.asking.set(model, doingText(message.type, live.status !== "live"));
    repaint();
  };
  let settled = false;
  const timer = live.status === "live" ? setTimeout(show, QUIET_MS) : null;
  if (!timer) show();
  const done = () => {
    settled = true;
    if (timer) clearTimeout(timer);
    if (live.asking.get(model) !== undefined) {
      live.asking.delete(model);
      repaint();
    }
  };
  promise.then(done, done);
  return promise;
}

/** Start the engine once per page (in a Web Worker); resolves when Python is ready, rejects with a readable Error. */
export function liveStart() {
  const live = shared();
  if (live.ready) return live.ready;
  const cfg = liveConfig();
  live.started = performance.now();
  setStatus("loading", "");
  live.ready = new Promise((resolve, reject) => {
    const why = liveUnsupported();
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
      if (msg.type === "ready") {
        live.startedFrom = msg.snapshot || "start"; // "cache", "site" (the build's snapshot) or an ordinary "start"
        resolve(worker);
      } else if (msg.type === "failed") reject(new Error(msg.error));
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
      reject(new Error(event.message || "the engine's files could not be loaded")); // i18n-ok: a developer's reason, the learner reads failedText()
    });
    worker.postMessage({ type: "start", index: cfg.index, wheel: cfg.wheel, snapshot: cfg.snapshot || "" });
  });
  live.ready.then(
    () => {
      live.readyAt = performance.now();
      setStatus("live", "");
    },
    (error) => {
      if (live.worker) live.worker.terminate();
      for (const waiting of live.pending.values()) waiting.reject(error);
      live.pending.clear();
      setStatus("failed", failedText());
      console.warn(`fivehundred-tutor: the live book could not start (${error.message})`);
    },
  );
  return live.ready;
}

/** Send {kind, request, state, language} to the engine in the worker; resolves {reply, update}. */
export async function liveCall(kind, request, state, language = "en") {
  const worker = await liveStart();
  const live = shared();
  const id = live.next++;
  return new Promise((resolve, reject) => {
    live.pending.set(id, { resolve, reject });
    worker.postMessage({ type: "request", id, message: JSON.stringify({ kind, request, state, language }) });
  });
}

/** The browser host: answer a widget's request with the engine in this page, update its model, resolve the reply. */
export async function liveRequest(model, message) {
  const host = model.get("_fht_host");
  if (!host || typeof host.kind !== "string" || !Array.isArray(host.state)) return null; // this widget has no handlers
  if (message.type === REPLY.HELLO) {
    // Answered at once: the engine starts only when a request needs it.
    return liveUnsupported() || shared().status === "failed" ? null : { type: REPLY.HELLO, live: true, host: "browser", id: message.id };
  }
  const state = {};
  for (const name of host.state) state[name] = model.get(name);
  let result;
  try {
    result = await asking(model, message, liveCall(host.kind, message, state, host.language));
  } catch (_error) {
    return null; // the status line says why; the widget keeps its saved state
  }
  const update = result.update || {};
  const names = Object.keys(update).filter((name) => host.state.includes(name));
  for (const name of names) model.set(name, update[name]);
  if (names.length) model.save_changes();
  return result.reply;
}
