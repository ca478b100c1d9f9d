// The notebook's Python in the book's JupyterLite: the Pyodide kernel's `pyodideUrl` (the site's lite/kernel/start.mjs).
//
// The kernel's worker imports this module as its Pyodide and calls loadPyodide(options).  The start begins at
// once when the module is imported in a worker: the page may create that worker while JupyterLab is still
// loading (lite/kernel/early.js), so Python is ready by the time the notebook shows.  It loads the book's own
// Pyodide (the live book's: one runtime for both), unpacks the kernel's wheels (kernel/pyodide-lock.json) and
// starts from a memory snapshot of an interpreter that has imported IPython, the widget stack, this package's
// widgets and the kernel itself (fivehundred_tutor/bookbuild/notebook_python.py):
//
//   1. the one this browser keeps in Cache Storage (a revisit, another chapter), else
//   2. the site's (made by the book build in Node: kernel/notebook.snapshot, gzip), kept for the next time, else
//   3. the ordinary start: Python's start-up and those imports, then a snapshot for the next time.
//
// A snapshot this Pyodide refuses (another build, a broken file) or no Cache Storage (an insecure context):
// the next way down.  Pyodide's snapshots carry the Python heap only: the wheels' files are written every time
// (later imports, package metadata; kernel/site-packages.tar.gz, one fetch and the browser's own gunzip, then
// plain file writes, much quicker than unpacking wheels in Python), and the few JavaScript objects the kernel's Python holds (Pyodide's API and four
// of its functions) are carried by name and looked up again in this Pyodide.  Nothing here decides anything
// about the game.  widgets/tools/lite-snapshot.mjs makes the site's snapshot with this module in Node.

// The book build replaces the next line with this site's settings (fivehundred_tutor.bookbuild.litekernel).
const SETTINGS = { runtime: "", lock: "", packages: [], archive: "", imports: [], snapshot: "", key: "", python: "" };

const STORE = "fivehundred-notebook";
/** When each step of the start happened (epoch ms): python -m bench.bench_lite reads it from the worker. */
globalThis.__fhtNotebookTimeline ??= [];
const mark = (step) => globalThis.__fhtNotebookTimeline.push([step, Date.now()]);
const here = import.meta.url;
const LOCK = new URL(SETTINGS.lock, here).href;

/** Pyodide's API objects a started kernel's Python holds, named, so that a memory snapshot can carry them. */
export function snapshotSerializer(pyodide) {
  const roots = { pyodide, api: pyodide._api };
  return (object) => {
    if (object === pyodide) return { pyodide: "" };
    for (const [root, owner] of Object.entries(roots)) {
      for (const key of Reflect.ownKeys(owner)) {
        if (typeof key !== "string") continue;
        let value;
        try {
          value = owner[key];
        } catch (_error) {
          continue;
        }
        if (value === object) return { [root]: key };
      }
    }
    throw new Error(`the notebook's Python holds a JavaScript object no snapshot can carry (${object?.name || typeof object})`);
  };
}

/** The same objects in the Pyodide started from the snapshot: `started()` gives it once loadPyodide returned. */
export function snapshotDeserializer(started) {
  const owner = (ref) => {
    const pyodide = started();
    if (!pyodide) throw new Error("the notebook's Python used Pyodide before it started");
    return "api" in ref ? pyodide._api : pyodide;
  };
  return (ref) => {
    const key = ref.api ?? ref.pyodide;
    if (typeof key !== "string") throw new Error(`not a Pyodide object: ${JSON.stringify(ref)}`);
    if (key === "") {
      const target = () => owner(ref);
      return new Proxy(
        {},
        {
          get: (_object, name) => Reflect.get(target(), name),
          has: (_object, name) => Reflect.has(target(), name),
          set: (_object, name, value) => Reflect.set(target(), name, value),
          ownKeys: () => Reflect.ownKeys(target()),
          getOwnPropertyDescriptor: (_object, name) => {
            const found = Reflect.getOwnPropertyDescriptor(target(), name);
            return found ? { ...found, configurable: true } : undefined;
          },
        },
      );
    }
    return (...args) => {
      const object = owner(ref);
      return object[key].apply(object, args);
    };
  };
}

/** A Pyodide memory snapshot starts with "\0snp" (its header then names the Pyodide build it needs). */
const isSnapshot = (bytes) => bytes?.length > 64 && bytes[0] === 0 && bytes[1] === 0x73 && bytes[2] === 0x6e && bytes[3] === 0x70;

async function bytesOf(url, priority = "auto") {
  const response = await fetch(url, { priority });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const isGzip = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b;

async function gzip(bytes) {
  const packed = new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip")));
  return new Uint8Array(await packed.arrayBuffer());
}

async function gunzip(bytes) {
  const unpacked = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")));
  return new Uint8Array(await unpacked.arrayBuffer());
}

/** Write every file of a tar archive (ustar: the build's kernel/site-packages.tar.gz) under `dir` of Pyodide's FS. */
function untar(FS, bytes, dir) {
  const text = new TextDecoder();
  const made = new Set();
  for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0; ) {
    const field = (start, length) => {
      const raw = bytes.subarray(at + start, at + start + length);
      const end = raw.indexOf(0);
      return text.decode(end < 0 ? raw : raw.subarray(0, end));
    };
    const prefix = field(345, 155);
    const path = `${dir}/${prefix ? `${prefix}/` : ""}${field(0, 100)}`;
    const size = Number.parseInt(field(124, 12).trim() || "0", 8);
    const type = bytes[at + 156];
    at += 512;
    if (type === 0x30 || type === 0) {
      const folder = path.slice(0, path.lastIndexOf("/"));
      if (!made.has(folder)) {
        FS.mkdirTree(folder);
        made.add(folder);
      }
      FS.writeFile(path, bytes.subarray(at, at + size));
    }
    at += Math.ceil(size / 512) * 512;
  }
}

/** The site's snapshot (gzip; a host may already have unpacked it), or null: none on this site, or unreadable. */
async function siteSnapshot(url) {
  if (!url) return null;
  try {
    const packed = await bytesOf(url, "low");
    const bytes = isGzip(packed) ? await gunzip(packed) : packed;
    return isSnapshot(bytes) ? { bytes, packed } : null;
  } catch (_error) {
    return null;
  }
}

async function openStore() {
  try {
    return typeof caches === "object" && caches ? await caches.open(STORE) : null;
  } catch (_error) {
    return null; // no Cache Storage here (an insecure context, a private window): start without
  }
}

/** The snapshot kept in Cache Storage (gzip, as the site's: a third of the bytes to read), or null. */
async function cachedSnapshot(store, key) {
  try {
    const hit = store ? await store.match(key) : null;
    const packed = hit ? new Uint8Array(await hit.arrayBuffer()) : null;
    const bytes = packed && isGzip(packed) ? await gunzip(packed) : packed;
    return isSnapshot(bytes) ? { bytes, packed } : null;
  } catch (_error) {
    return null;
  }
}

async function keep(store, key, bytes) {
  if (!store) return;
  try {
    for (const old of await store.keys()) await store.delete(old);
    await store.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
  } catch (_error) {
    // a full disk: the next start is the ordinary one
  }
}

// Pyodide waits forever when its wasm cannot be instantiated (e.g. a snapshot whose memory it refuses): it only
// warns "wasm instantiation failed!".  While a start from a snapshot is tried, that warning fails the try.
let failSnapshot = null;
const consoleWarn = console.warn.bind(console);
console.warn = (...args) => {
  if (failSnapshot && /wasm instantiation failed|WebAssembly/.test(args.map(String).join(" "))) {
    const fail = failSnapshot;
    failSnapshot = null;
    fail(new Error("this Pyodide cannot start from the snapshot"));
  }
  consoleWarn(...args);
};

/** Run a call of notebook_python.py's (a coroutine: awaited) in a namespace of its own (not the notebook's). */
async function runKernelPython(pyodide, call) {
  const namespace = pyodide.globals.get("dict")();
  try {
    await pyodide.runPythonAsync(`${SETTINGS.python}\n_result = ${call}\nif _result is not None:\n    await _result`, { globals: namespace });
  } finally {
    namespace.destroy();
  }
}

/**
 * Start the notebook's Python.  `read(url)` gives a file's bytes (fetch in the browser; the build's Node reads files),
 * `store` is Cache Storage or null; with `makeSnapshot` an ordinary start keeps the snapshot option on (the build);
 * `loadSnapshot()` gives the site's snapshot (default: fetched); `runtime` is another pyodide.mjs (the build's npm copy).
 * Returns { pyodide, from: "cache" | "site" | "", snapshot: what to keep in Cache Storage (the site's gzip, or a
 * snapshot made after an ordinary start) or null }.
 */
export async function startPython({ read = bytesOf, store = null, loadSnapshot = null, makeSnapshot = false, runtime = SETTINGS.runtime, options = {} } = {}) {
  // Python's files are fetched at low priority: on a real network the notebook's page (JupyterLab's own 2 MB on
  // the wire) comes first, Python's 14 MB after it; on localhost it makes no difference (bench_lite, 4 runs each).
  // Every wheel's files, needed once Python started (a host may have unpacked the gzip already):
  const archive = read(new URL(SETTINGS.archive, LOCK).href, "low").then((bytes) => (isGzip(bytes) ? gunzip(bytes) : bytes));
  archive.catch(() => {}); // awaited below
  const runtimeURL = new URL(runtime, here);
  if (read === bytesOf) {
    // Pyodide asks for its runtime files one after the other (and for the wasm only once a snapshot is read):
    // ask now, in parallel, so they are in the browser's cache by then
    for (const file of ["pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"]) bytesOf(new URL(file, runtimeURL).href, "low").catch(() => {});
  }
  const { loadPyodide } = await import(runtimeURL.href);
  mark("runtime imported");
  // Pyodide in Node (the build) takes file paths, not file: URLs
  const local = (url) => (url.protocol === "file:" ? decodeURIComponent(url.pathname) : url.href);
  const indexURL = local(new URL(".", runtimeURL));
  let pyodide = null;
  const base = { stdout: () => {}, stderr: () => {}, ...options, indexURL, lockFileURL: local(new URL(LOCK)), packages: [], checkAPIVersion: false };
  let from = "";
  let bytes = null;
  for (const [source, get] of [
    ["cache", () => cachedSnapshot(store, SETTINGS.key)],
    ["site", () => (loadSnapshot ? loadSnapshot() : siteSnapshot(SETTINGS.snapshot && new URL(SETTINGS.snapshot, here).href))],
  ]) {
    const found = await get();
    if (!found) continue;
    const { bytes: snapshot, packed } = ArrayBuffer.isView(found) ? { bytes: found, packed: null } : found;
    mark(`snapshot read (${source})`);
    const refused = new Promise((_resolve, reject) => {
      failSnapshot = reject;
    });
    try {
      const options = { ...base, _loadSnapshot: snapshot, _snapshotDeserializer: snapshotDeserializer(() => pyodide) };
      pyodide = await Promise.race([loadPyodide(options), refused]);
      from = source;
      bytes = source === "site" ? packed || snapshot : null;
      break;
    } catch (_error) {
      pyodide = null;
      if (source === "cache") await store?.delete(SETTINGS.key).catch(() => {}); // one this Pyodide cannot read
    } finally {
      failSnapshot = null;
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ ...base, _makeSnapshot: makeSnapshot || Boolean(store) });
  mark(from ? "Python restored" : "Python started");
  untar(pyodide.FS, await archive, pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')"));
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  mark("wheels unpacked");
  if (from) {
    await runKernelPython(pyodide, "after_restore()");
  } else {
    await runKernelPython(pyodide, `warm(${JSON.stringify(SETTINGS.imports)})`);
    if (store && !makeSnapshot) {
      try {
        bytes = pyodide.makeMemorySnapshot({ serializer: snapshotSerializer(pyodide) });
      } catch (_error) {
        bytes = null; // a refused snapshot: the next start is the ordinary one
      }
    }
  }
  mark(from ? "ready" : "imports made");
  return { pyodide, from, snapshot: bytes };
}

/**
 * Tell Pyodide the kernel's wheels are installed: its loadPackagesFromImports (the kernel calls it before every cell)
 * would otherwise fetch and unpack a wheel again the first time a cell imports from it.  After any snapshot: Pyodide
 * refuses to make one once this record changed.
 */
export function markInstalled(pyodide) {
  for (const name of SETTINGS.packages) pyodide.loadedPackages[name] ??= "default channel";
}

async function begin() {
  mark("start");
  const store = await openStore();
  const { pyodide, snapshot } = await startPython({ store });
  markInstalled(pyodide);
  // kept gzipped (the site's as it came; one made here compressed first), in the background
  if (snapshot)
    Promise.resolve(isGzip(snapshot) ? snapshot : gzip(snapshot))
      .then((packed) => keep(store, SETTINGS.key, packed))
      .catch(() => {});
  return pyodide;
}

const inWorker = typeof WorkerGlobalScope === "function" && globalThis instanceof WorkerGlobalScope;
// one start per worker, however this module is reached (the page's early worker imports it, the kernel too)
if (inWorker) globalThis.__fhtNotebookPython ??= startOnce();

function startOnce() {
  const python = begin();
  python.catch(() => {}); // the kernel awaits it and reports a failure
  return python;
}

/** What the Pyodide kernel calls: the started Python, its output sent where the kernel wants it. */
export async function loadPyodide(options = {}) {
  mark("the kernel asks");
  globalThis.__fhtNotebookPython ??= startOnce();
  const pyodide = await globalThis.__fhtNotebookPython;
  mark("given to the kernel");
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
