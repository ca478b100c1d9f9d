// Make the notebook's start-up snapshot at build time (the book's JupyterLite: lite/kernel/notebook.snapshot), so a
// reader's FIRST visit starts the notebook's Python from it too.
//
//   node tools/lite-snapshot.mjs --start KERNEL_DIR/start.mjs --pyodide DIR --out FILE
//
// Starts the notebook's Python the way the browser does (the site's start module, KERNEL_DIR's wheels, the book's
// Pyodide from npm: the files the site serves), with every import notebook_python.warm() makes, then keeps
// Pyodide's memory snapshot: the free parts of its heap cleared (old objects' bytes compress badly and are never
// read again), gzipped.  Then it starts a second Python from that file, as a reader's browser would, and runs a
// cell in the kernel: a snapshot that does not start is never shipped.  Run by
// fivehundred_tutor.bookbuild.litekernel.make_notebook_snapshot.

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";

const { values } = parseArgs({ options: { start: { type: "string" }, pyodide: { type: "string" }, out: { type: "string" } } });
if (!values.start || !values.pyodide || !values.out) {
  console.error("usage: node tools/lite-snapshot.mjs --start KERNEL_DIR/start.mjs --pyodide DIR --out FILE");
  process.exit(2);
}

const kernel = await import(pathToFileURL(resolve(values.start)).href);
const runtime = pathToFileURL(join(resolve(values.pyodide), "pyodide.mjs")).href;
const read = async (url) => new Uint8Array(readFileSync(fileURLToPath(url)));

/**
 * Clear the free chunks of Pyodide's heap (emscripten's dlmalloc) in `snapshot`, a copy of the memory: walk the
 * chunks from the heap's base to the top chunk, and zero each free chunk past its free-list links (24 bytes) and
 * the top chunk past its header; its last word (the next chunk's prev_foot) and the segment record after the top
 * chunk stay.  Any chunk that does not look as dlmalloc writes it: nothing is cleared.  Returns the bytes cleared.
 */
function clearFreeChunks(snapshot, module) {
  const header = new DataView(snapshot.buffer, snapshot.byteOffset).getUint32(4, true);
  const memory = snapshot.subarray(header);
  const view = new DataView(memory.buffer, memory.byteOffset, memory.byteLength);
  const end = module._sbrk(0);
  const ranges = [];
  let chunk = module.___heap_base;
  for (;;) {
    if (chunk % 8 || chunk + 16 > end) return 0;
    const head = view.getUint32(chunk + 4, true);
    const size = head & ~7;
    if (size < 16 || chunk + size > end) return 0;
    const next = chunk + size;
    const inUse = head & 2;
    if (next + 64 >= end) {
      // the top chunk: free, its size up to dlmalloc's segment record
      if (inUse) return 0;
      ranges.push([chunk + 8, next]);
      break;
    }
    if ((head & 3) === 0) return 0; // neither bit: not a chunk of this heap
    if (!inUse) {
      if (view.getUint32(next + 4, true) & 1 || view.getUint32(next, true) !== size) return 0;
      if (size > 32) ranges.push([chunk + 32, next]);
    }
    chunk = next;
  }
  let cleared = 0;
  for (const [from, to] of ranges) {
    memory.fill(0, from, to);
    cleared += to - from;
  }
  return cleared;
}

const t0 = performance.now();
const made = await kernel.startPython({ read, runtime, makeSnapshot: true });
if (made.from) throw new Error("expected an ordinary start");
const { pyodide } = made;
const snapshot = pyodide.makeMemorySnapshot({ serializer: kernel.snapshotSerializer(pyodide) });
const cleared = clearFreeChunks(snapshot, pyodide._module);
const packed = gzipSync(snapshot, { level: 9 });

// A reader's first visit: start from the file, then run a cell that displays and makes a widget.
const again = await kernel.startPython({ read, runtime, loadSnapshot: async () => gunzipSync(packed) });
if (again.from !== "site") throw new Error("a Python could not start from the snapshot just made");
kernel.markInstalled(again.pyodide);
const check = await again.pyodide.runPythonAsync(`
import pyodide_kernel
kernel = pyodide_kernel.kernel_instance
shown = []
kernel.interpreter.display_pub.display_data_callback = lambda *args: shown.append(args)
kernel.interpreter.displayhook.publish_execution_result = lambda *args: shown.append(args)
kernel.interpreter.send_comm = lambda *args: None
result = await kernel.run("from IPython.display import HTML, display\\ndisplay(HTML('<b>x</b>'))\\nfrom fivehundred_tutor.widgets import CardView\\nCardView([])")
str(result["status"]) + " " + str(len(shown))
`);
if (check !== "ok 2") throw new Error(`the kernel started from the snapshot does not run a cell: ${check}`);

const out = resolve(values.out);
writeFileSync(`${out}.tmp`, packed);
renameSync(`${out}.tmp`, out);
const seconds = Number(((performance.now() - t0) / 1000).toFixed(1));
console.log(JSON.stringify({ memory: snapshot.length, cleared, bytes: packed.length, seconds }));
