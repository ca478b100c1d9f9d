// Bundle the widgets' front end with esbuild: one self-contained, minified ES module per
// widget (anywidget loads each `_esm` as ONE module) and one stylesheet per CSS entry.
//
//   node build.mjs --outdir DIR --model-version N --entries a,b,… --stylesheets x,y [--watch]
//
// Normally run by `python -m fivehundred_tutor.bookbuild.bundles`, which passes the Python
// side's MODEL_VERSION (put into the bundles as __FHT_MODEL_VERSION__), the package's static
// folder and the one list of entries (ENTRIES and STYLESHEETS in bookbuild/bundles.py).
// --watch rebuilds on every change (with ANYWIDGET_HMR=1, JupyterLab then reloads the widgets
// that use a rebuilt bundle).

import { parseArgs } from "node:util";
import * as esbuild from "esbuild";

const { values } = parseArgs({
  options: {
    outdir: { type: "string" },
    "model-version": { type: "string" },
    entries: { type: "string" },
    stylesheets: { type: "string", default: "" },
    watch: { type: "boolean", default: false },
  },
});
const names = (text) => (text || "").split(",").filter(Boolean);
/** Widget modules (each `export default { render }`), page and worker scripts; stylesheets. */
const ENTRIES = names(values.entries);
const STYLESHEETS = names(values.stylesheets);
if (!values.outdir || !/^\d+$/.test(values["model-version"] || "") || ENTRIES.length === 0) {
  console.error("usage: node build.mjs --outdir DIR --model-version N --entries a,b,… [--stylesheets x,y] [--watch]");
  process.exit(2);
}

const here = new URL(".", import.meta.url).pathname;
const options = {
  absWorkingDir: here,
  entryPoints: [...ENTRIES.map((name) => `src/${name}.js`), ...STYLESHEETS.map((name) => `src/${name}.css`)],
  outdir: values.outdir,
  bundle: true,
  format: "esm",
  minify: true,
  target: ["es2022", "chrome100", "firefox100", "safari15.4"],
  charset: "utf8",
  legalComments: "none",
  define: { __FHT_MODEL_VERSION__: values["model-version"] },
  logLevel: "warning",
};

if (values.watch) {
  const context = await esbuild.context(options);
  await context.watch();
  console.log(`watching widgets/src, writing ${values.outdir}`);
} else {
  await esbuild.build(options);
}
