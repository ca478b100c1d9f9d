// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): File > Download of a
// chapter gives a notebook that works outside this site.
//
// JupyterLite's File > Download saves the notebook, then clicks a link holding it (a data: URL) whose file name is
// the notebook's path, "chapters/03-bowers.ipynb", which the reader's browser turns into "chapters_03-bowers.ipynb";
// and the chapter's install cell names the book's wheel by its place relative to the notebook
// ("../../pypi/fivehundred_tutor-….whl"), which means nothing once the file has left the site.  Here such a link,
// as it is clicked, gets the notebook's own name ("03-bowers.ipynb") and the wheel's full address on this site
// ("https://…/lite/pypi/….whl"): in a JupyterLab of the reader's own, the first cell installs the package from the
// book's site (there is none on PyPI).  A download that is not a notebook with a path is left as it is.
(() => {
  const WHEEL = /("fivehundred-tutor @ )((?:\.\.\/)+pypi\/[^"\s]+\.whl)(")/;
  const click = HTMLAnchorElement.prototype.click;
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
  const rewrite = (link) => {
    const path = link.getAttribute("download") || "";
    const href = link.getAttribute("href") || "";
    const comma = href.indexOf(",");
    if (!path.includes("/") || !path.endsWith(".ipynb") || !href.startsWith("data:") || comma < 0) return;
    if (href.slice(0, comma).includes(";base64")) return;
    const content = JSON.parse(decodeURIComponent(href.slice(comma + 1)));
    link.setAttribute("href", `${href.slice(0, comma + 1)}${encodeURIComponent(`${JSON.stringify(portable(content, path), null, 1)}\n`)}`);
    link.setAttribute("download", path.split("/").pop());
  };
  HTMLAnchorElement.prototype.click = function fhtClick(...args) {
    try {
      rewrite(this);
    } catch (_error) {
      // not a notebook this script understands: downloaded as JupyterLite made it
    }
    return click.apply(this, args);
  };
})();
