// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): on a phone-sized
// screen, the chapter's notebook gets the whole width.
//
// JupyterLab opens with its file browser in the left area, 250 px of a 390 px phone, and the notebook squeezed
// into the rest (a word per line); someone new to Jupyter does not know that the folder icon closes it.  On a
// narrow screen this closes the left area and shows one document at a time (JupyterLab's simple mode), once
// JupyterLab has restored its layout.  It reaches JupyterLab through `window.jupyterapp`, which JupyterLite sets
// when the site's configuration says `exposeAppInBrowser` (the book's does).  The reader can open the area again.
(() => {
  const NARROW = "(max-width: 760px)";
  const WAIT_MS = 30000;
  if (typeof window.matchMedia !== "function" || "jupyterapp" in window) return;
  let app;
  const SETTLE_MS = 4000;
  const arrange = () => {
    const shell = app?.shell;
    if (!shell || !window.matchMedia(NARROW).matches) return;
    if (shell.mode !== "single-document") shell.mode = "single-document";
    shell.collapseLeft?.();
    shell.collapseRight?.();
    // JupyterLab opens the file browser again as it shows the notebook's folder: for a few seconds, unless the
    // reader touches the page, close it again (a reader who opens it keeps it open).
    let touched = false;
    const touch = () => {
      touched = true;
    };
    window.addEventListener("pointerdown", touch, { capture: true, once: true });
    window.addEventListener("keydown", touch, { capture: true, once: true });
    const settle = () => {
      if (!touched && !shell.leftCollapsed) shell.collapseLeft();
    };
    shell.layoutModified?.connect(settle);
    setTimeout(() => {
      shell.layoutModified?.disconnect(settle);
      window.removeEventListener("pointerdown", touch, { capture: true });
      window.removeEventListener("keydown", touch, { capture: true });
    }, SETTLE_MS);
  };
  // JupyterLab restores its layout, then opens the notebook of ?path=: arrange once the notebook is there.
  const whenOpen = (since) => {
    if (app?.shell?.currentWidget && document.querySelector(".jp-NotebookPanel")) {
      setTimeout(arrange, 0);
      return;
    }
    if (performance.now() - since < WAIT_MS) setTimeout(() => whenOpen(since), 200);
  };
  Object.defineProperty(window, "jupyterapp", {
    configurable: true,
    get: () => app,
    set: (value) => {
      app = value;
      Promise.resolve(value?.restored).then(
        () => whenOpen(performance.now()),
        () => {},
      );
    },
  });
})();
