// fivehundred_tutor — the engine in the reader's browser (a module Web Worker).
//
// The live book starts this worker once per page (live.js, liveStart).  It loads
// Pyodide from the book's own static folder (never a CDN), unpacks the wheel of
// fivehundred_tutor that the book build made from the same source, and answers
// every widget request with fivehundred_tutor.handlers.handle_json: the same Python
// handlers the JupyterLab kernel uses.  No rules of the game live here.
//
// Messages in:  {type: "start", index, wheel}  then  {type: "request", id, message: JSON text}
// Messages out: {type: "ready", seconds} | {type: "failed", error} | {type: "reply", id, result | error}

let engine = null;
let warm = () => {};

const WATCHDOG_MS = 60000;

// Pyodide waits forever when its wasm cannot be fetched or compiled (HTTP error, a policy
// forbidding WebAssembly): it only warns "wasm instantiation failed!".  Turn that warning
// into a failure, so the page can say so at once; the watchdog catches anything else.
let failLoading = null;
const consoleWarn = console.warn.bind(console);
console.warn = (...args) => {
  const text = args.map(String).join(" ");
  if (failLoading && /wasm instantiation failed|WebAssembly/.test(text)) {
    failLoading(new Error("the engine's WebAssembly file could not be loaded"));
    failLoading = null;
  }
  consoleWarn(...args);
};

function watchdog(promise) {
  let timer;
  const late = new Promise((_resolve, reject) => {
    failLoading = reject;
    timer = setTimeout(() => reject(new Error(`the engine did not start within ${WATCHDOG_MS / 1000} s`)), WATCHDOG_MS);
  });
  return Promise.race([promise, late]).finally(() => {
    clearTimeout(timer);
    failLoading = null;
  });
}

async function start(index, wheel) {
  const t0 = performance.now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", index).href);
  const [pyodide, bytes] = await Promise.all([
    loadPyodide({ indexURL: index, fullStdLib: false, stdout: () => {}, stderr: () => {} }),
    fetch(wheel).then((response) => {
      if (!response.ok) throw new Error(`the engine's wheel could not be loaded (HTTP ${response.status})`);
      return response.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(bytes, "wheel");
  const live = pyodide.pyimport("fivehundred_tutor.handlers");
  engine = live.handle_json;
  warm = () => live.warm();
  return (performance.now() - t0) / 1000;
}

self.addEventListener("message", async (event) => {
  const msg = event.data || {};
  if (msg.type === "start") {
    try {
      const seconds = await watchdog(start(msg.index, msg.wheel));
      self.postMessage({ type: "ready", seconds });
      warm(); // the first requests then find every handler imported
    } catch (error) {
      self.postMessage({
        type: "failed",
        error: String(error?.message || error)
          .split("\n")[0]
          .slice(0, 200),
      });
    }
    return;
  }
  if (msg.type === "request") {
    if (!engine) {
      self.postMessage({ type: "reply", id: msg.id, error: "the engine is not running" });
      return;
    }
    try {
      const t0 = performance.now();
      const result = JSON.parse(engine(msg.message));
      result.ms = performance.now() - t0;
      self.postMessage({ type: "reply", id: msg.id, result });
    } catch (error) {
      self.postMessage({ type: "reply", id: msg.id, error: String(error?.message || error).slice(0, 300) });
    }
  }
});
