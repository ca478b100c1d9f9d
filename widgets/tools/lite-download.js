// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): File > Download of a
// chapter gives a notebook that works outside this site.
//
// JupyterLab downloads through a link that names no file, and the reader's browser named the chapter after its
// path ("chapters_03-bowers.ipynb"); and the chapter's install cell names the book's wheel by its place relative
// to the notebook ("../../pypi/fivehundred_tutor-….whl"), which means nothing once the file has left the site.
// Here a notebook's download is the saved notebook as JupyterLab gives it, named as the notebook is
// ("03-bowers.ipynb"), with the wheel's address made the site's full address ("https://…/lite/pypi/….whl"): in a
// JupyterLab of the reader's own, the first cell installs the package from the book's site (there is none on
// PyPI).  Reaches JupyterLab through `window.jupyterapp` (JupyterLite sets it: `exposeAppInBrowser`).
(() => {
  const WHEEL = /("fivehundred-tutor @ )((?:\.\.\/)+pypi\/[^"\s]+\.whl)(")/;
  const WAIT_MS = 600000;
  const since = performance.now();
  const sourceOf = (cell) => (Array.isArray(cell.source) ? cell.source.join("") : String(cell.source ?? ""));
  /** The notebook with its install cell's wheel at its full address on this site (as seen from `path`). */
  const portable = (content, path) => {
    const notebookUrl = new URL(`../files/${path.split("/").map(encodeURIComponent).join("/")}`, location.href);
    for (const cell of content.cells || []) {
      if (cell.cell_type !== "code") continue;
      const source = sourceOf(cell);
      const found = source.match(WHEEL);
      if (found) cell.source = source.replace(WHEEL, `$1${new URL(found[2], notebookUrl).href}$3`);
    }
    return content;
  };
  const save = (text, name) => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/x-ipynb+json" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };
  const patch = (context) => {
    const proto = Object.getPrototypeOf(context);
    if (!proto || proto.__fhtDownload || typeof proto.download !== "function") return Boolean(proto?.__fhtDownload);
    const download = proto.download;
    proto.download = async function fhtDownload() {
      const path = String(this.path || "");
      if (!path.endsWith(".ipynb")) return download.call(this);
      const saved = await window.jupyterapp.serviceManager.contents.get(path, { content: true, type: "notebook" });
      save(`${JSON.stringify(portable(saved.content, path), null, 1)}\n`, path.split("/").pop());
    };
    proto.__fhtDownload = true;
    return true;
  };
  const look = () => {
    const context = window.jupyterapp?.shell?.currentWidget?.context;
    if (context && patch(context)) return;
    if (performance.now() - since < WAIT_MS) setTimeout(look, 250);
  };
  look();
})();
