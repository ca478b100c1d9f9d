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
  if (typeof window.matchMedia !== "function" || "jupyterapp" in window) return;
  let app;
  const arrange = () => {
    if (!window.matchMedia(NARROW).matches) return;
    const shell = app?.shell;
    if (!shell) return;
    if (shell.mode !== "single-document") shell.mode = "single-document";
    shell.collapseLeft?.();
    shell.collapseRight?.();
  };
  Object.defineProperty(window, "jupyterapp", {
    configurable: true,
    get: () => app,
    set: (value) => {
      app = value;
      Promise.resolve(value?.restored).then(arrange, () => {});
    },
  });
})();
