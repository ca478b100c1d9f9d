// The live book: the engine in the reader's browser.
//
// The built book ships Pyodide and a wheel of fivehundred_tutor; a page script
// (fivehundred-live.js) sets window.fhtLiveConfig = {worker, index, wheel, bytes}.
// Every widget bundle on the page carries this code, so the engine's state is
// kept once per page on window.__fhtLive: ONE Web Worker, started on the first
// request that needs the engine, answering with the same Python handlers as the
// kernel (fivehundred_tutor.handlers.handle).  Until then, and if it cannot start,
// the widgets work from their saved state; the status line says why in one line.

import { el } from "./dom.js";

/** The page's live-book settings, or null (JupyterLab, or a book without the engine). */
export function liveConfig() {
  return (typeof window !== "undefined" && window.fhtLiveConfig) || null;
}

function shared() {
  if (!window.__fhtLive) {
    // `call(kind, request, state)` is there for benchmarks and tests: the same path the widgets use.
    window.__fhtLive = { status: "idle", text: "", ready: null, worker: null, pending: new Map(), next: 1, started: 0, readyAt: 0, call: liveCall };
  }
  return window.__fhtLive;
}

/** Why the engine cannot run in this browser (null when it can). */
export function liveUnsupported() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") return "this browser has no WebAssembly";
  if (typeof Worker !== "function") return "this browser has no Web Workers";
  return null;
}

// A learner sees a status line only while something loads or when it failed (one short line):
// no line while the saved examples are all there is, none once the live book answers.
const LOADING_TEXT = "Loading\u2026";
const FAILED_TEXT = "New examples could not load here; the saved ones still work.";

function statusText() {
  const live = shared();
  return live.status === "idle" ? "" : live.text;
}

/** The one-line status of the in-browser engine (hidden unless loading or failed). */
export function liveStatusLine() {
  const live = shared();
  const text = statusText();
  return el("p", {
    class: `fht-live-status fht-live-${live.status}`,
    role: "status",
    "aria-live": "polite",
    "data-status": live.status,
    hidden: !text,
    text,
  });
}

function setStatus(status, text) {
  const live = shared();
  live.status = status;
  live.text = text;
  for (const line of document.querySelectorAll(".fht-live-status")) {
    line.textContent = text;
    line.hidden = !text;
    line.dataset.status = status;
    line.className = `fht-live-status fht-live-${status}`;
  }
  window.dispatchEvent(new CustomEvent("fht-live", { detail: { status, text } }));
}

/** Start the engine once per page (in a Web Worker); resolves when Python is ready, rejects with a readable Error. */
export function liveStart() {
  const live = shared();
  if (live.ready) return live.ready;
  const cfg = liveConfig();
  live.started = performance.now();
  setStatus("loading", LOADING_TEXT);
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
      setStatus("live", "");
    },
    (error) => {
      if (live.worker) live.worker.terminate();
      for (const waiting of live.pending.values()) waiting.reject(error);
      live.pending.clear();
      setStatus("failed", FAILED_TEXT);
      console.warn(`fivehundred-tutor: the live book could not start (${error.message})`);
    },
  );
  return live.ready;
}

/** Send {kind, request, state} to the engine in the worker; resolves {reply, update}. */
export async function liveCall(kind, request, state) {
  const worker = await liveStart();
  const live = shared();
  const id = live.next++;
  return new Promise((resolve, reject) => {
    live.pending.set(id, { resolve, reject });
    worker.postMessage({ type: "request", id, message: JSON.stringify({ kind, request, state }) });
  });
}

/** The browser host: answer a widget's request with the engine in this page, update its model, resolve the reply. */
export async function liveRequest(model, message) {
  const host = model.get("_fht_host");
  if (!host || typeof host.kind !== "string" || !Array.isArray(host.state)) return null; // this widget has no handlers
  if (message.type === "hello") {
    // Answered at once: the engine starts only when a request needs it.
    return liveUnsupported() || shared().status === "failed" ? null : { type: "hello", live: true, host: "browser", id: message.id };
  }
  const state = {};
  for (const name of host.state) state[name] = model.get(name);
  let result;
  try {
    result = await liveCall(host.kind, message, state);
  } catch (_error) {
    return null; // the status line says why; the widget keeps its saved state
  }
  const update = result.update || {};
  const names = Object.keys(update).filter((name) => host.state.includes(name));
  for (const name of names) model.set(name, update[name]);
  if (names.length) model.save_changes();
  return result.reply;
}
