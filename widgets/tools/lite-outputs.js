// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): outputs without a
// layout each.
//
// JupyterLab (4.x, as jupyterlite-core 0.8.6 ships it) updates a code cell's "collapse output" icon on every new
// output by reading the height of the cell's output overlay.  Reading a height makes the browser lay the page out
// there and then; a chapter's Run All adds about 80 outputs before its first quiz, so the notebook was laid out 80
// times in a row (a fifth of a second of the page's main thread, on the path to the first live widget).  This
// makes that update wait for the next frame, once per cell however many outputs came: the icon is the same, a
// frame later.  It reaches JupyterLab's CodeCell class through a cell of the first notebook shown
// (`window.jupyterapp`: JupyterLite sets it when the site's configuration says `exposeAppInBrowser`); a
// JupyterLab without that method is left as it is.
(() => {
  const METHOD = "updatePromptOverlayIcon";
  const WAIT_MS = 60000;
  const owner = (cell) => {
    let proto = cell;
    while (proto && !Object.hasOwn(proto, METHOD)) proto = Object.getPrototypeOf(proto);
    return proto;
  };
  const patch = () => {
    const cells = window.jupyterapp?.shell?.currentWidget?.content?.widgets;
    const cell = Array.isArray(cells) ? cells.find((c) => typeof c?.[METHOD] === "function") : undefined;
    const proto = cell && owner(cell);
    if (!proto) return false;
    if (proto.__fhtOneLayoutPerFrame) return true;
    const update = proto[METHOD];
    const waiting = new WeakSet();
    proto[METHOD] = function updateOncePerFrame(...args) {
      if (waiting.has(this)) return;
      waiting.add(this);
      requestAnimationFrame(() => {
        waiting.delete(this);
        if (!this.isDisposed) update.apply(this, args);
      });
    };
    proto.__fhtOneLayoutPerFrame = true;
    return true;
  };
  const since = performance.now();
  const poll = () => {
    if (!patch() && performance.now() - since < WAIT_MS) setTimeout(poll, 100);
  };
  poll();
})();
