// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): a link to a section
// of another chapter opens that chapter at the section.
//
// The chapters' links to another chapter's label (`03-bowers.ipynb#ch-bowers`, fivehundred_tutor.bookbuild.lite)
// open its notebook, and JupyterLab looks for the label's anchor as soon as the notebook's file is read: before
// its cells are drawn, so it finds nothing and stays at the top (a section further down was never shown).  Here
// the notebook waits until the anchor is drawn (up to 15 s), then JupyterLab looks.  It reaches JupyterLab's
// Notebook class through the first notebook shown (`window.jupyterapp`: JupyterLite sets it when the site's
// configuration says `exposeAppInBrowser`); a JupyterLab without that method is left as it is.
(() => {
  const METHOD = "setFragment";
  const WAIT_MS = 60000;
  const DRAWN_MS = 15000;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const owner = (notebook) => {
    let proto = notebook;
    while (proto && !Object.hasOwn(proto, METHOD)) proto = Object.getPrototypeOf(proto);
    return proto;
  };
  const patch = () => {
    const notebook = window.jupyterapp?.shell?.currentWidget?.content;
    const proto = notebook && typeof notebook[METHOD] === "function" && Array.isArray(notebook.widgets) ? owner(notebook) : null;
    if (!proto) return false;
    if (proto.__fhtFragmentWhenDrawn) return true;
    const setFragment = proto[METHOD];
    proto[METHOD] = async function setFragmentWhenDrawn(fragment, ...rest) {
      const label = typeof fragment === "string" ? fragment.slice(1) : "";
      // JupyterLab's own kinds of fragment (`#heading=…`, `#cell-id=…`) go as they came
      if (label && !label.includes("=")) {
        const selector = `[data-jupyter-id="${CSS.escape(label)}"], [id="${CSS.escape(label)}"]`;
        const until = performance.now() + DRAWN_MS;
        while (!this.isDisposed && !this.node.querySelector(selector) && performance.now() < until) await sleep(100);
        if (this.isDisposed) return undefined;
      }
      return setFragment.call(this, fragment, ...rest);
    };
    proto.__fhtFragmentWhenDrawn = true;
    return true;
  };
  const since = performance.now();
  const poll = () => {
    if (!patch() && performance.now() - since < WAIT_MS) setTimeout(poll, 100);
  };
  poll();
})();
