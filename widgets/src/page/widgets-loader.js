/* fivehundred_tutor: draw a page's saved anywidget state (the built book; no Jupyter widgets manager, no CDN).
 *
 * A built chapter holds its widgets' saved state in
 *   <script type="application/vnd.jupyter.widget-state+json">{"state": {MODEL_ID: {model_name, state}}}</script>
 * and one <script type="application/vnd.jupyter.widget-view+json">{"model_id": …}</script> where each is shown.
 * Every widget here is an anywidget: its state has `_esm` (an ES module whose default export has
 * `render({model, el})` and maybe `initialize({model})`), `_css` and its traits.  This script:
 *   - loads each distinct module once: a file written by the book build (the state holds
 *     "fht-static:esm/<hash>.js", relative to this script), or inline source through one Blob URL;
 *   - adds each distinct stylesheet once (unless the page's head links it already);
 *   - gives every model a small anywidget-compatible object (get, set, on, off, save_changes, send);
 *   - draws each view into a <div class="widget-subarea"> put just before its view tag, as the
 *     Jupyter widgets HTML manager does.
 * There is no kernel in the book: `send` goes nowhere, so widgets answer from their saved state or from
 * the engine in the reader's browser (window.fhtLiveConfig, see live.js).
 * A reader who has used the live engine before gets it started once the page is idle (startEngineIfKept).
 * window.__fhtWidgets = {models, ready, drawn, engineStartedEarly}: `ready` resolves with the number of views drawn.
 */
(() => {
  const STATE_MIME = "application/vnd.jupyter.widget-state+json";
  const VIEW_MIME = "application/vnd.jupyter.widget-view+json";
  const REF = "fht-static:";
  const script = document.currentScript;
  const base = new URL(".", script?.src || document.baseURI);
  const modules = new Map();
  const styles = new Set();

  function resolve(ref) {
    return new URL(ref.slice(REF.length), base).href;
  }

  function loadModule(esm) {
    let promise = modules.get(esm);
    if (!promise) {
      let url;
      if (esm.startsWith(REF)) url = resolve(esm);
      else if (/^https?:\/\//.test(esm)) url = esm;
      else url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
      promise = import(url).then(async (mod) => {
        const widget = typeof mod.default === "function" ? await mod.default() : mod.default;
        if (!widget || typeof widget.render !== "function") throw new Error("the widget's module has no render()");
        return widget;
      });
      modules.set(esm, promise);
    }
    return promise;
  }

  function addStyle(css) {
    if (!css || styles.has(css)) return;
    styles.add(css);
    // The book build links its pages' stylesheets in the head already (data-fht-ref).
    if ([...document.querySelectorAll("link[data-fht-ref]")].some((link) => link.dataset.fhtRef === css)) return;
    let node;
    if (css.startsWith(REF)) {
      node = document.createElement("link");
      node.rel = "stylesheet";
      node.href = resolve(css);
    } else {
      node = document.createElement("style");
      node.textContent = css;
    }
    document.head.append(node);
  }

  function same(a, b) {
    if (a === b) return true;
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
    try {
      return JSON.stringify(a) === JSON.stringify(b);
    } catch (_error) {
      return false;
    }
  }

  function decode(base64) {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new DataView(bytes.buffer);
  }

  /** The part of an anywidget model a widget's module uses (Backbone-style events). */
  class Model {
    constructor(id, state) {
      this.model_id = id;
      this.attributes = state;
      this.listeners = new Map();
    }
    get(name) {
      return this.attributes[name];
    }
    set(name, value) {
      const changes = typeof name === "object" && name !== null ? name : { [name]: value };
      const changed = [];
      for (const [key, val] of Object.entries(changes)) {
        if (same(this.attributes[key], val)) continue;
        this.attributes[key] = val;
        changed.push(key);
      }
      for (const key of changed) this.emit(`change:${key}`, this, this.attributes[key]);
      if (changed.length) this.emit("change", this);
    }
    save_changes() {
      // No kernel in the book: the state lives in this page only.
    }
    send(_content, _callbacks, _buffers) {
      // No kernel in the book: nothing answers (widgets fall back to their saved state).
    }
    on(events, callback) {
      for (const event of String(events).split(/\s+/).filter(Boolean)) {
        if (!this.listeners.has(event)) this.listeners.set(event, new Set());
        this.listeners.get(event).add(callback);
      }
    }
    off(events, callback) {
      if (events === undefined || events === null) {
        if (callback === undefined) this.listeners.clear();
        else for (const set of this.listeners.values()) set.delete(callback);
        return;
      }
      for (const event of String(events).split(/\s+/).filter(Boolean)) {
        if (callback === undefined) this.listeners.delete(event);
        else this.listeners.get(event)?.delete(callback);
      }
    }
    emit(event, ...args) {
      for (const callback of [...(this.listeners.get(event) || [])]) {
        try {
          callback(...args);
        } catch (error) {
          console.error(error);
        }
      }
    }
  }

  function readModels() {
    const models = new Map();
    for (const tag of document.querySelectorAll(`script[type="${STATE_MIME}"]`)) {
      let saved;
      try {
        saved = JSON.parse(tag.textContent).state || {};
      } catch (_error) {
        continue;
      }
      for (const [id, entry] of Object.entries(saved)) {
        const state = { ...(entry.state || {}) };
        for (const buffer of entry.buffers || []) {
          let target = state;
          const path = buffer.path || [];
          for (const key of path.slice(0, -1)) target = target[key];
          if (path.length && buffer.encoding === "base64") target[path[path.length - 1]] = decode(buffer.data);
        }
        models.set(id, { name: entry.model_name, model: new Model(id, state), initialized: null });
      }
    }
    return models;
  }

  function showError(area, error) {
    const box = document.createElement("div");
    box.setAttribute("role", "alert");
    box.textContent = `This widget cannot be shown (${error?.message || error}).`;
    area.replaceChildren(box);
  }

  async function drawView(tag, models) {
    let id;
    try {
      id = JSON.parse(tag.textContent).model_id;
    } catch (_error) {
      return false;
    }
    const entry = models.get(id);
    if (!entry || typeof entry.model.get("_esm") !== "string") return false; // not an anywidget: nothing to draw
    const area = document.createElement("div");
    area.className = "widget-subarea";
    const el = document.createElement("div");
    el.className = "fht-anywidget";
    area.append(el);
    tag.before(area);
    try {
      addStyle(entry.model.get("_css"));
      const widget = await loadModule(entry.model.get("_esm"));
      if (!entry.initialized) {
        entry.initialized = Promise.resolve(typeof widget.initialize === "function" ? widget.initialize({ model: entry.model, experimental: {} }) : null);
      }
      await entry.initialized;
      await widget.render({ model: entry.model, el, experimental: {} });
      return true;
    } catch (error) {
      console.error(error);
      showError(area, error);
      return false;
    }
  }

  /**
   * A reader who used the live engine before in this browser (its worker kept a start-up snapshot
   * for this very wheel, see live-worker.js) gets it started as soon as the page is idle, so it is
   * live before they ask.  Everyone else: the engine starts on the first request only.
   */
  async function startEngineIfKept(shared) {
    const cfg = window.fhtLiveConfig;
    if (!cfg?.wheel || !cfg.pyodide || typeof caches !== "object" || !caches) return;
    const key = new URL(`${cfg.wheel}${cfg.wheel.includes("?") ? "&" : "?"}pyodide=${cfg.pyodide}`, document.baseURI).href;
    try {
      if (!(await caches.has("fivehundred-engine"))) return;
      const store = await caches.open("fivehundred-engine");
      if (!(await store.keys()).some((request) => request.url === key)) return;
    } catch (_error) {
      return;
    }
    const live = window.__fhtLive;
    if (!live || typeof live.call !== "function" || live.status !== "idle") return;
    shared.engineStartedEarly = true;
    live.call("quiz", { type: "hello" }, {}).catch(() => {}); // the status lines say how it went
  }

  function start() {
    const models = readModels();
    const views = [...document.querySelectorAll(`script[type="${VIEW_MIME}"]`)];
    const shared = { models, drawn: 0, ready: null, engineStartedEarly: false };
    window.__fhtWidgets = shared;
    shared.ready = Promise.all(
      views.map((tag) =>
        drawView(tag, models).then((ok) => {
          if (ok) shared.drawn += 1;
          return ok;
        }),
      ),
    ).then(() => shared.drawn);
    shared.ready.then(() => {
      const later = window.requestIdleCallback || ((callback) => setTimeout(callback, 200));
      later(() => startEngineIfKept(shared));
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
})();
