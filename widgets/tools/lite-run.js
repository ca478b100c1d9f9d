// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): a chapter opened
// from the book runs by itself.
//
// A reader who clicks "Open in JupyterLab" wants the chapter's examples and quizzes alive, not a notebook of
// "Loading widget..." that waits for Run > Run All Cells (readers missed that step, and had to take it again
// after every reload).  So the chapter notebook the page opens (the one the book's button names in ?path=, or
// the one a reload restores) has all its cells run once its Python is ready: JupyterLab's own Run All, as
// if the reader had chosen it.  Only the book's chapters (chapters/*.ipynb), only once per page load, and not
// when any cell has run or is running in this Python already (the reader was quicker).  Outputs saved with the
// notebook (JupyterLab saves it every two minutes while it is changed, so also in the middle of a slow run) do
// not count: they came from a Python that is gone, and their widgets would wait at "Loading widget...".
// A notebook that was unchanged before
// and whose cells the reader did not edit meanwhile is unchanged after it too: its new outputs are made again
// at every opening, and a reader who only read it is not asked to save it when they leave.  Reaches JupyterLab
// through `window.jupyterapp` (JupyterLite sets it when the site's configuration says `exposeAppInBrowser`).
(() => {
  const CHAPTER = /^chapters\/[^/]+\.ipynb$/;
  // The notebook the book's button asked for (JupyterLab drops ?path= from the address once it is open; a reload
  // shows the notebook JupyterLab restores, the current one).
  const asked = new URLSearchParams(location.search).get("path");
  const WAIT_MS = 600000; // a loaded machine can take minutes to show the notebook
  const since = performance.now();
  /** When the notebook started running by itself and when that run ended (ms since the page began): the tests and
   * python -m bench.bench_lite read them. */
  window.__fhtRunAll = null;
  window.__fhtRunAllDone = null;
  /** Why the notebook was not run by itself, when it was not (for the tests, and for whoever wonders). */
  window.__fhtRunAllSkipped = null;
  const skip = (why) => {
    window.__fhtRunAllSkipped = why;
  };
  // The model's cells, filled when the notebook's file is read (its cell widgets may come later).
  const codeCells = (panel) => [...panel.content.model.cells].filter((cell) => cell.type === "code");
  // The prompt numbers the notebook came with: one that differs later was given by this page's Python.
  const countsAtOpening = (panel) => codeCells(panel).map((cell) => cell.executionCount);
  const untouched = (panel, counts) => {
    const cells = codeCells(panel);
    return cells.length === counts.length && cells.every((cell, i) => cell.executionCount === counts[i] && !cell.executionState?.startsWith?.("running"));
  };
  const start = async (panel) => {
    let counts;
    try {
      await panel.context.ready;
      counts = countsAtOpening(panel);
      await panel.sessionContext.ready;
    } catch (_error) {
      return skip("its Python did not start"); // JupyterLab says so itself
    }
    const app = window.jupyterapp;
    if (panel.isDisposed) return skip("the notebook was closed");
    if (!panel.sessionContext.session?.kernel) return skip("the notebook has no Python");
    if (!untouched(panel, counts)) return skip("the reader ran a cell first");
    // Run All acts on the current notebook: the one the button asked for is made current; after a reload, a
    // reader who went elsewhere meanwhile is left there
    if (app.shell.currentWidget !== panel) {
      if (!asked) return skip("the reader went to another tab");
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
    try {
      await running;
    } catch (_error) {
      // a cell's error is the reader's to see in the notebook; the run has ended all the same
    }
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
      else skip("the notebook is not one of the book's chapters");
      return;
    }
    if (performance.now() - since < WAIT_MS) setTimeout(look, 50);
    else skip("no notebook opened");
  };
  look();
})();
