// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): a chapter opened
// from the book runs by itself.
//
// A reader who clicks "Open in JupyterLab" wants the chapter's examples and quizzes alive, not a notebook of
// "Loading widget..." that waits for Run > Run All Cells (readers missed that step, and had to take it again
// after every reload).  So the chapter notebook the page opens (the one the book's button names in ?path=, or
// the one a reload restores) has all its cells run once its Python is ready: JupyterLab's own Run All, as
// if the reader had chosen it.  Only the book's chapters (chapters/*.ipynb), only once per page load, and not
// when any cell has run or is running already (the reader was quicker).  A notebook that was unchanged before
// and whose cells the reader did not edit meanwhile is unchanged after it too: its new outputs are made again
// at every opening, and a reader who only read it is not asked to save it when they leave.  Reaches JupyterLab
// through `window.jupyterapp` (JupyterLite sets it when the site's configuration says `exposeAppInBrowser`).
(() => {
  const CHAPTER = /^chapters\/[^/]+\.ipynb$/;
  // The notebook the book's button asked for (JupyterLab drops ?path= from the address once it is open; a reload
  // shows the notebook JupyterLab restores, the current one).
  const asked = new URLSearchParams(location.search).get("path");
  const WAIT_MS = 120000;
  const since = performance.now();
  /** When the notebook started running by itself and when that run ended (ms since the page began): the tests and
   * python -m bench.bench_lite read them. */
  window.__fhtRunAll = null;
  window.__fhtRunAllDone = null;
  const untouched = (panel) =>
    panel.content.widgets.every(
      (cell) => cell.model.type !== "code" || (cell.model.executionCount === null && !cell.model.executionState?.startsWith?.("running")),
    );
  const start = async (panel) => {
    try {
      await panel.context.ready;
      await panel.sessionContext.ready;
    } catch (_error) {
      return; // no Python: JupyterLab says so itself
    }
    const app = window.jupyterapp;
    if (panel.isDisposed || !panel.sessionContext.session?.kernel || !untouched(panel)) return;
    // Run All acts on the current notebook: the one the button asked for is made current; after a reload, a
    // reader who went elsewhere meanwhile is left there
    if (app.shell.currentWidget !== panel) {
      if (!asked) return;
      app.shell.activateById(panel.id);
    }
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
  const notebook = () => {
    const shell = window.jupyterapp?.shell;
    if (!shell) return null;
    const panels = asked ? [...shell.widgets("main")] : [shell.currentWidget];
    const found = panels.find((w) => typeof w?.context?.path === "string" && (!asked || w.context.path === asked));
    return found?.sessionContext && found.content?.widgets ? found : null;
  };
  const look = () => {
    const panel = notebook();
    if (panel) {
      if (CHAPTER.test(panel.context.path)) start(panel);
      return;
    }
    if (performance.now() - since < WAIT_MS) setTimeout(look, 50);
  };
  look();
})();
