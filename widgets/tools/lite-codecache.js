// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): the reader's next
// visit starts from JupyterLab's compiled code.
//
// Chromium keeps a script's compiled code for later visits only from the second time it runs the script (the
// first run marks it; the second compiles again and writes the compiled code out; the third starts from it).  So a
// reader's second visit paid for compiling JupyterLab's 7 MB of script again and for writing its code cache, about
// 0.3 s of the page's main thread on a 2-core machine, on the way to the first live widget.  Once the chapter has
// run by itself (widgets/tools/lite-run.js) and the page is idle, this runs JupyterLab's chunk scripts a second
// time in a hidden frame of the same site (from the browser's cache: nothing is downloaded; a chunk script only
// registers its modules, here in the frame's own globals, and nothing of JupyterLab starts there), then removes
// the frame.  Each script once per browser (localStorage keeps which), only in Chromium-based browsers (others
// keep code by their own rules), not when the reader asked to save data.
(() => {
  // JupyterLab's and its extensions' chunk files (numbered, named by their content), which only register modules;
  // not the entry scripts, which start things, nor the kernel's worker (a module)
  const CHUNK = /\/(build|extensions)\/(.+\/)?(\d+|jlab_core)\.[0-9a-f]{6,}\.js$/;
  const WAIT_MS = 600000;
  /** What the warm-up did (the tests and python -m bench.bench_lite read it). */
  window.__fhtCodeCache = { status: "waiting", scripts: 0, ms: 0 };
  const chromium = navigator.userAgentData?.brands?.some((b) => b.brand === "Chromium");
  if (!chromium || navigator.connection?.saveData || typeof requestIdleCallback !== "function") {
    window.__fhtCodeCache.status = "not here";
    return;
  }
  const scripts = () =>
    performance
      .getEntriesByType("resource")
      .filter((e) => e.initiatorType === "script" && CHUNK.test(new URL(e.name).pathname))
      .map((e) => e.name);
  const STORE = "fivehundred-codecache";
  const warm = async () => {
    const loaded = scripts();
    let warmed;
    try {
      warmed = new Set(JSON.parse(localStorage.getItem(STORE) || "[]"));
    } catch (_error) {
      window.__fhtCodeCache.status = "no storage";
      return;
    }
    // (JupyterLab's chunk files are named by their content: a new build's are new names)
    const urls = loaded.filter((url) => !warmed.has(url));
    if (!urls.length) {
      window.__fhtCodeCache.status = "already";
      return;
    }
    window.__fhtCodeCache.status = "warming";
    const t0 = performance.now();
    const frame = document.createElement("iframe");
    frame.hidden = true;
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    document.body.appendChild(frame);
    const doc = frame.contentDocument;
    await Promise.all(
      urls.map(
        (url) =>
          new Promise((resolve) => {
            const s = doc.createElement("script");
            s.src = url;
            s.onload = s.onerror = resolve;
            doc.head.appendChild(s);
          }),
      ),
    );
    frame.remove();
    try {
      // the latest few hundred (an old build's names are of no more use)
      localStorage.setItem(STORE, JSON.stringify([...new Set([...warmed, ...loaded])].slice(-400)));
    } catch (_error) {
      // no storage: the next visit does it again
    }
    window.__fhtCodeCache = { status: "done", scripts: urls.length, ms: Math.round(performance.now() - t0) };
  };
  const since = performance.now();
  const whenRun = () => {
    if (window.__fhtRunAllDone) {
      requestIdleCallback(() => warm(), { timeout: 10000 });
      return;
    }
    if (performance.now() - since < WAIT_MS) setTimeout(whenRun, 1000);
  };
  whenRun();
})();
