// The book's JupyterLite, lab/index.html (inlined by fivehundred_tutor.bookbuild.litekernel): start the notebook's
// Python while JupyterLab loads.
//
// The Pyodide kernel creates its worker only once the notebook is open, seconds after the page began, and the
// Python start (kernel/start.mjs) then takes seconds more.  When the page opens a notebook (?path=….ipynb), this
// script creates that worker now (kernel/worker.mjs: the kernel's own worker, which imports start.mjs first, so
// Python starts at once) and hands it to the kernel when the kernel asks for its worker.  The worker is created
// once the page is controlled by JupyterLite's service worker, through which the kernel reaches the notebook's
// files: at once on a revisit; on a first visit this script registers that service worker itself (the same
// script and scope JupyterLite registers a moment later, and the version record JupyterLite keeps, so that it
// finds it registered and leaves it be).  No notebook in the address, no service worker, a cross-origin-isolated
// page (another kernel worker), or a worker nobody asks for within five minutes: nothing changes.
(() => {
  // The book build replaces the next line with this site's kernel worker and JupyterLite's service worker.
  const SITE = { kernelWorker: "/pyodide-kernel-extension/static/comlink.worker.js", serviceWorker: "", version: "" };
  const WAIT_MS = 300000;
  if (!/[?&]path=[^&]*\.ipynb(&|$)/.test(location.search) || typeof Worker !== "function" || self.crossOriginIsolated) return;
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const Native = window.Worker;
  const early = new URL("../kernel/worker.mjs", location.href).href;
  let spare = null;
  let asked = false;
  const start = () => {
    if (spare || asked) return;
    try {
      spare = new Native(early, { type: "module" });
    } catch (_error) {
      return;
    }
    setTimeout(() => {
      spare?.terminate();
      spare = null;
    }, WAIT_MS);
  };
  function Worker(url, options) {
    const wanted = new URL(String(url), location.href).pathname.endsWith(SITE.kernelWorker) && options?.type === "module";
    if (wanted && !asked) {
      asked = true;
      if (spare) {
        const worker = spare;
        spare = null;
        return worker;
      }
    }
    return new Native(url, options);
  }
  Worker.prototype = Native.prototype;
  window.Worker = Worker;
  if (sw.controller) {
    start();
    return;
  }
  sw.addEventListener("controllerchange", start, { once: true });
  if (!SITE.serviceWorker) return;
  const script = new URL(SITE.serviceWorker, location.href).href;
  sw.register(script)
    .then(() => {
      try {
        localStorage.setItem(`${script}-version`, SITE.version); // JupyterLite's record of the version it registered
      } catch (_error) {
        // no storage: JupyterLite registers its service worker again, as it would anyway
      }
    })
    .catch(() => {}); // JupyterLite tries again, and says so if it fails
})();
