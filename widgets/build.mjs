// Bundle the widgets' front end with esbuild: one self-contained, minified ES module per
// widget (anywidget loads each `_esm` as ONE module) and one stylesheet per CSS entry.
//
//   node build.mjs --outdir DIR --model-version N [--watch]
//
// Normally run by `python -m fivehundred_tutor.bookbuild.bundles`, which passes the Python
// side's MODEL_VERSION (put into the bundles as __FHT_MODEL_VERSION__) and the package's
// static folder.  --watch rebuilds on every change (with ANYWIDGET_HMR=1, JupyterLab then
// reloads the widgets that use a rebuilt bundle).

import { parseArgs } from "node:util";
import * as esbuild from "esbuild";

/** Widget modules (each `export default { render }`), page and worker scripts, stylesheets. */
export const ENTRIES = [
  "cardview",
  "quizview",
  "ladder",
  "replay",
  "play",
  "problem",
  "assignment",
  "maker",
  "review",
  "assignment-page",
  "live-worker",
];
export const STYLESHEETS = ["fht", "assignment"];

const { values } = parseArgs({
  options: {
    outdir: { type: "string" },
    "model-version": { type: "string" },
    watch: { type: "boolean", default: false },
  },
});
if (!values.outdir || !/^\d+$/.test(values["model-version"] || "")) {
  console.error("usage: node build.mjs --outdir DIR --model-version N [--watch]");
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
