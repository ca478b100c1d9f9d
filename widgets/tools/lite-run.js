// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): a chapter opened
// from the book runs by itself.
//
// A reader who clicks "Open in JupyterLab" wants the chapter's examples and quizzes alive, not a notebook of
// "Loading widget..." that waits for Run > Run All Cells (readers missed that step, and had to take it again
// after every reload).  So the chapter notebook JupyterLab shows when the page loads (opened by the book's
// button, or restored by a reload) has all its cells run once its Python is ready: JupyterLab's own Run All, as
// if the reader had chosen it.  Only the book's chapters (chapters/*.ipynb), only once per page load, and not
// when any cell has run or is running already (the reader was quicker).  A notebook that was unchanged before
// and whose cells the reader did not edit meanwhile is unchanged after it too: its new outputs are made again
// at every opening, and a reader who only read it is not asked to save it when they leave.  Reaches JupyterLab
// through `window.jupyterapp` (JupyterLite sets it when the site's configuration says `exposeAppInBrowser`).
(() => {
  const CHAPTER = /^chapters\/[^/]+\.ipynb$/;
  const WAIT_MS = 120000;
  const since = performance.now();
  /** When the notebook started running by itself and when that run ended (ms since the page began): the tests and
   * python -m bench.bench_lite read them. */
  window.__fhtRunAll = null;
  window.__fhtRunAllDone = null;
  const untouched = (panel) =>
    panel.content.widgets.every((cell) => cell.model.type !== "code" || (cell.model.executionCount === null && !cell.model.executionState?.startsWith?.("running")));
  const start = async (panel) => {
    try {
      await panel.context.ready;
      await panel.sessionContext.ready;
    } catch (_error) {
      return; // no Python: JupyterLab says so itself
    }
    const app = window.jupyterapp;
    if (panel.isDisposed || !panel.sessionContext.session?.kernel || !untouched(panel)) return;
    if (app.shell.currentWidget !== panel) return; // the reader went elsewhere: Run All acts on the current notebook
    const model = panel.content.model;
    const sources = () => JSON.stringify(panel.content.widgets.map((cell) => [cell.model.type, cell.model.sharedModel.getSource()]));
    const clean = !model.dirty;
    const before = sources();
    window.__fhtRunAll = performance.now();
    // Run All makes the last cell the active one and scrolls the notebook to it: a reader who came to read the
    // chapter stays at its start (where they were), with the cell they were on.
    const notebook = panel.content;
    const index = notebook.activeCellIndex;
    const own = Object.hasOwn(notebook, "scrollToItem");
    const scroll = notebook.scrollToItem;
    let running;
    notebook.scrollToItem = async () => {};
    try {
      running = app.commands.execute("notebook:run-all-cells");
      notebook.activeCellIndex = index;
      notebook.deselectAll();
    } finally {
      if (own) notebook.scrollToItem = scroll;
      else delete notebook.scrollToItem;
    }
    await running;
    if (clean && !panel.isDisposed && sources() === before) model.dirty = false;
    window.__fhtRunAllDone = performance.now();
  };
  const look = () => {
    const panel = window.jupyterapp?.shell?.currentWidget;
    const path = panel?.context?.path;
    if (typeof path === "string" && panel.sessionContext && panel.content?.widgets) {
      if (CHAPTER.test(path)) start(panel);
      return;
    }
    if (performance.now() - since < WAIT_MS) setTimeout(look, 50);
  };
  look();
})();
