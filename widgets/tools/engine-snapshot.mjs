// Make the live book's start-up snapshot at build time, so a reader's FIRST visit starts the
// engine from it too (the worker otherwise makes one only after its first, ordinary start).
//
//   node tools/engine-snapshot.mjs --pyodide DIR --wheel FILE --out FILE
//
// Loads the book's Pyodide (the npm package, the same files the site serves) in Node, unpacks
// the engine's wheel, imports fivehundred_tutor.handlers and warms every handler (as the
// worker does), then writes Pyodide's memory snapshot gzipped.  The snapshot holds the Python
// heap only: no file system, no JS object (Pyodide's _makeSnapshot mode refuses those), so the
// worker still mounts the standard library and unpacks the wheel for later imports.  Loading it
// in a browser is checked by the live-book test; the worker falls back to the ordinary start
// if a snapshot cannot be read.  Run by fivehundred_tutor.bookbuild.webassets.install_live.

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const { values } = parseArgs({
  options: { pyodide: { type: "string" }, wheel: { type: "string" }, out: { type: "string" } },
});
if (!values.pyodide || !values.wheel || !values.out) {
  console.error("usage: node tools/engine-snapshot.mjs --pyodide DIR --wheel FILE --out FILE");
  process.exit(2);
}

const indexURL = `${resolve(values.pyodide)}/`;
const { loadPyodide, version } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL, fullStdLib: false, _makeSnapshot: true, stdout: () => {}, stderr: () => {}, checkAPIVersion: false });
pyodide.unpackArchive(new Uint8Array(readFileSync(values.wheel)), "wheel");
const handlers = pyodide.pyimport("fivehundred_tutor.handlers");
handlers.warm();
handlers.destroy(); // no JS reference to Python may outlive the snapshot
const memory = pyodide.makeMemorySnapshot();
const packed = gzipSync(memory, { level: 9 });
const out = resolve(values.out);
writeFileSync(`${out}.tmp`, packed);
renameSync(`${out}.tmp`, out);
const seconds = ((performance.now() - t0) / 1000).toFixed(1);
console.log(JSON.stringify({ pyodide: version, memory: memory.length, bytes: packed.length, seconds: Number(seconds) }));
