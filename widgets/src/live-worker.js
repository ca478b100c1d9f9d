// fivehundred_tutor — the engine in the reader's browser (a module Web Worker).
//
// The live book starts this worker once per page (live.js, liveStart).  It loads
// Pyodide from the book's own static folder (never a CDN), unpacks the wheel of
// fivehundred_tutor that the book build made from the same source, and answers
// every widget request with fivehundred_tutor.handlers.handle_json: the same Python
// handlers the JupyterLab kernel uses.  No rules of the game live here.
//
// Start-up snapshots: a memory snapshot of the started interpreter with every handler imported
// (Pyodide's makeMemorySnapshot, 25 MB) skips Python's start-up and every import.  The book build
// makes one for the wheel it ships (widgets/tools/engine-snapshot.mjs; gzipped, 6.5 MB), so even
// a first visit starts from it; the worker keeps the snapshot it started from in the browser's
// Cache Storage, keyed by the wheel's URL (its ?v= digest) and the Pyodide version, for the next
// page and the next visit.  A site without one, a snapshot this Pyodide cannot read, or no Cache
// Storage (not a secure context): the ordinary start (then the worker makes its own snapshot for
// the next page), nothing lost.
//
// Messages in:  {type: "start", index, wheel, snapshot?}  then  {type: "request", id, message: JSON text}
// Messages out: {type: "ready", seconds, snapshot: "cache" | "site" | ""} | {type: "failed", error} | {type: "reply", id, result | error}

let engine = null;
let warm = async () => {};
// The package's files (data files such as the example assignment) are on Pyodide's file system once this
// settles: at once on an ordinary start; after a start from a snapshot, once the wheel has arrived and been
// unpacked (a memory snapshot holds the imported modules, not the files).  Every request waits for it.
let filesReady = Promise.resolve();

const WATCHDOG_MS = 60000;

// Pyodide waits forever when its wasm cannot be fetched or compiled (HTTP error, a policy
// forbidding WebAssembly): it only warns "wasm instantiation failed!".  Turn that warning
// into a failure, so the page can say so at once; the watchdog catches anything else.
// While a start from a snapshot is tried, the warning fails that try only (failSnapshot): the
// ordinary start follows, and fails the same way if the wasm itself is the trouble.
let failLoading = null;
let failSnapshot = null;
const consoleWarn = console.warn.bind(console);
console.warn = (...args) => {
  const text = args.map(String).join(" ");
  if (/wasm instantiation failed|WebAssembly/.test(text)) {
    const fail = failSnapshot || failLoading;
    if (failSnapshot) failSnapshot = null;
    else failLoading = null;
    fail?.(new Error("the engine's WebAssembly file could not be loaded"));
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

/** A Pyodide memory snapshot starts with "\0snp" (its header then names the Pyodide build it needs). */
const isSnapshot = (bytes) => bytes?.length > 64 && bytes[0] === 0 && bytes[1] === 0x73 && bytes[2] === 0x6e && bytes[3] === 0x70;

/** The site's snapshot (gzip; a host may already have unpacked it), or null when there is none. */
async function fetchSnapshot(url) {
  if (!url) return null;
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    let bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const unpacked = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")));
      bytes = new Uint8Array(await unpacked.arrayBuffer());
    }
    return isSnapshot(bytes) ? bytes : null;
  } catch (_error) {
    return null; // no snapshot on this site, a broken one (or no DecompressionStream): the ordinary start
  }
}

/** Keep one snapshot, this wheel's: `bytes`, or one made now after every handler was imported (run when idle). */
async function saveSnapshot(pyodide, store, key, bytes = null) {
  if (!store) return;
  try {
    bytes = bytes || pyodide.makeMemorySnapshot();
    for (const old of await store.keys()) await store.delete(old);
    await store.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
  } catch (_error) {
    // a full disk or a refused snapshot: the next page starts the ordinary way
  }
}

async function start(index, wheel, shipped) {
  const t0 = performance.now();
  const { loadPyodide, version } = await import(new URL("pyodide.mjs", index).href);
  const key = new URL(`${wheel}${wheel.includes("?") ? "&" : "?"}pyodide=${version}`, self.location.href).href;
  const store = await snapshotStore();
  const wheelBytes = fetch(wheel).then((response) => {
    if (!response.ok) throw new Error(`the engine's wheel could not be loaded (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
  const options = { indexURL: index, fullStdLib: false, stdout: () => {}, stderr: () => {}, checkAPIVersion: false };
  /** Start from a snapshot (bytes, or a promise of bytes or null); null when it cannot be read. */
  const fromSnapshot = async (bytes) => {
    const snapshot = Promise.resolve(bytes).then((b) => (isSnapshot(b) ? b : Promise.reject(new Error("no snapshot"))));
    snapshot.catch(() => {}); // handled below, when loadPyodide rejects with it
    const wasmFailed = new Promise((_resolve, reject) => {
      failSnapshot = reject;
    });
    try {
      const pyodide = await Promise.race([loadPyodide({ ...options, _loadSnapshot: snapshot }), wasmFailed]);
      return { pyodide, bytes: await bytes };
    } catch (_error) {
      return null;
    } finally {
      failSnapshot = null;
    }
  };
  let started = null;
  let source = "";
  const cached = await readSnapshot(store, key);
  if (cached) {
    started = await fromSnapshot(cached);
    if (started) source = "cache";
    else if (store) await store.delete(key).catch(() => {}); // one this Pyodide cannot read: forget it
  }
  if (!started && shipped) {
    started = await fromSnapshot(fetchSnapshot(shipped)); // fetched while pyodide.asm.js loads
    if (started) source = "site";
  }
  let pyodide = started?.pyodide;
  if (!source) {
    pyodide = await loadPyodide({ ...options, _makeSnapshot: Boolean(store) });
    pyodide.unpackArchive(await wheelBytes, "wheel");
  }
  const live = pyodide.pyimport("fivehundred_tutor.handlers");
  engine = live.handle_json;
  if (source) {
    // Every handler is imported already; the wheel (fetched since the start) brings the files.
    filesReady = wheelBytes.then((bytes) => pyodide.unpackArchive(bytes, "wheel"));
    filesReady.catch(() => {}); // a request reports it
  }
  warm = async () => {
    if (source) {
      await filesReady;
      if (source === "site") await saveSnapshot(pyodide, store, key, started.bytes);
      return;
    }
    live.warm(); // the first requests then find every handler imported
    await saveSnapshot(pyodide, store, key);
  };
  return { seconds: (performance.now() - t0) / 1000, snapshot: source };
}

self.addEventListener("message", async (event) => {
  const msg = event.data || {};
  if (msg.type === "start") {
    try {
      const { seconds, snapshot } = await watchdog(start(msg.index, msg.wheel, msg.snapshot));
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
      await filesReady; // in order: requests that came together wait for the same promise
      const t0 = performance.now();
      const result = JSON.parse(engine(msg.message));
      result.ms = performance.now() - t0;
      self.postMessage({ type: "reply", id: msg.id, result });
    } catch (error) {
      self.postMessage({ type: "reply", id: msg.id, error: String(error?.message || error).slice(0, 300) });
    }
  }
});
