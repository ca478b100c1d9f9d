// fivehundred_tutor — the engine in the reader's browser (a module Web Worker).
//
// The live book starts this worker once per page (live.js, liveStart).  It loads
// Pyodide from the book's own static folder (never a CDN), unpacks the wheel of
// fivehundred_tutor that the book build made from the same source, and answers
// every widget request with fivehundred_tutor.handlers.handle_json: the same Python
// handlers the JupyterLab kernel uses.  No rules of the game live here.
//
// Next page, next visit: once the engine has run, the worker keeps a memory snapshot of
// the started interpreter, every handler imported (Pyodide's makeMemorySnapshot, 25 MB),
// in the browser's Cache Storage, keyed by the wheel's URL (its ?v= digest) and the Pyodide
// version.  Starting from it skips Python's start-up and every import.  No snapshot, a stale
// one or no Cache Storage (not a secure context): the ordinary start, nothing lost.
//
// Messages in:  {type: "start", index, wheel}  then  {type: "request", id, message: JSON text}
// Messages out: {type: "ready", seconds, snapshot} | {type: "failed", error} | {type: "reply", id, result | error}

let engine = null;
let warm = async () => {};

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

const SNAPSHOTS = "fivehundred-engine";

async function snapshotStore() {
  try {
    return typeof caches === "object" && caches ? await caches.open(SNAPSHOTS) : null;
  } catch (_error) {
    return null; // no Cache Storage here (an insecure context, a private window): start without
  }
}

async function readSnapshot(store, key) {
  if (!store) return null;
  try {
    const hit = await store.match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (_error) {
    return null;
  }
}

/** Keep one snapshot: this wheel's, made after every handler was imported (run when the worker is idle). */
async function saveSnapshot(pyodide, store, key) {
  if (!store) return;
  try {
    const bytes = pyodide.makeMemorySnapshot();
    for (const old of await store.keys()) await store.delete(old);
    await store.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
  } catch (_error) {
    // a full disk or a refused snapshot: the next page starts the ordinary way
  }
}

async function start(index, wheel) {
  const t0 = performance.now();
  const { loadPyodide, version } = await import(new URL("pyodide.mjs", index).href);
  const key = new URL(`${wheel}${wheel.includes("?") ? "&" : "?"}pyodide=${version}`, self.location.href).href;
  const store = await snapshotStore();
  const snapshot = await readSnapshot(store, key);
  const wheelBytes = fetch(wheel).then((response) => {
    if (!response.ok) throw new Error(`the engine's wheel could not be loaded (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
  const options = { indexURL: index, fullStdLib: false, stdout: () => {}, stderr: () => {}, checkAPIVersion: false };
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
    } catch (_error) {
      pyodide = null; // a snapshot this Pyodide cannot read: forget it, start the ordinary way
      if (store) await store.delete(key).catch(() => {});
    }
  }
  const fromSnapshot = pyodide !== null;
  if (!fromSnapshot) {
    pyodide = await loadPyodide({ ...options, _makeSnapshot: Boolean(store) });
    pyodide.unpackArchive(await wheelBytes, "wheel");
  }
  const live = pyodide.pyimport("fivehundred_tutor.handlers");
  engine = live.handle_json;
  warm = async () => {
    if (fromSnapshot) {
      // Every handler is imported already; the files are there for anything imported later.
      pyodide.unpackArchive(await wheelBytes, "wheel");
      return;
    }
    live.warm(); // the first requests then find every handler imported
    await saveSnapshot(pyodide, store, key);
  };
  return { seconds: (performance.now() - t0) / 1000, snapshot: fromSnapshot };
}

self.addEventListener("message", async (event) => {
  const msg = event.data || {};
  if (msg.type === "start") {
    try {
      const { seconds, snapshot } = await watchdog(start(msg.index, msg.wheel));
      self.postMessage({ type: "ready", seconds, snapshot });
      setTimeout(() => warm().catch(() => {}), 0); // after the messages already waiting
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
