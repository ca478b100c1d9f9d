// One way to mount a widget: its root element, a readable error instead of a blank area,
// one redraw after the traits it reads change, the keyboard focus kept, cleanup for anywidget.

import { batched, el, keepFocus } from "./dom.js";
import { request } from "./host.js";
import { t, useLanguage } from "./language.js";
import { liveConfig, liveStatusLine } from "./live.js";
import { renderer } from "./parts.js";
import { REPLY } from "./protocol.js";

/** The model layout this code reads: Python's MODEL_VERSION, put in by the bundler (esbuild `define`). */
export const MODEL_VERSION = typeof __FHT_MODEL_VERSION__ === "number" ? __FHT_MODEL_VERSION__ : null;

/** A stale saved state from another version of the package gets a readable message. */
export function checkVersion(data, what) {
  if (data.version !== undefined && data.version !== MODEL_VERSION) {
    throw new Error(
      `this ${what} was saved by a different version of fivehundred-tutor (model version ${data.version}; this page reads version ${MODEL_VERSION})`,
    );
  }
}

/** The root element every widget draws into (theming hooks, four-colour switch, live status line). */
export function root(host, kind, { fourColour = false, label = "", region = true, model = null } = {}) {
  host.replaceChildren();
  const node = el("div", {
    class: `fht-root fht-${kind}${fourColour ? " fht-four" : ""}`,
    role: region ? "region" : null,
    "aria-label": region ? label || kind : null,
  });
  host.append(node);
  if (region && liveConfig()) node.append(liveStatusLine(model));
  return node;
}

/** The live status line goes next to the buttons that ask for something (after the widget's nav bar). */
function placeStatusLine(node) {
  const line = node.querySelector(":scope > .fht-live-status");
  const nav = node.querySelector(".fht-nav");
  if (line && nav) nav.after(line);
}

/** A readable message in place of a widget whose data cannot be drawn. */
export function showError(host, kind, error) {
  const node = root(host, kind, { region: false });
  node.append(
    el(
      "div",
      { class: "fht-error", role: "alert" },
      el("strong", { text: `${t("This widget cannot be shown.")} ` }),
      String(error?.message ? error.message : error),
      el("div", { class: "fht-hint", text: t("Re-run the cell that made it (the saved data may be from an older version).") }),
    ),
  );
}

/** Run `draw()`; if it throws, show the error inside `host` instead of a blank area. */
export function safe(host, kind, draw) {
  try {
    draw();
  } catch (error) {
    showError(host, kind, error);
  }
}

/**
 * Mount a widget into anywidget's `el`.  Options:
 *   kind        the widget's CSS name (`fht-<kind>` on the root) and error-box name
 *   label       the root region's accessible name: text, or a function of nothing (must not throw)
 *   fourColour  read the model's `four_colour` trait (and redraw when it changes)
 *   traits      model traits whose change redraws (once, after all the changes of one update)
 *   draw(root)  draw the widget into its fresh root element; throw a readable Error on bad data
 *   focus       put the keyboard focus back on the same control after a redraw (default true)
 *   hello(reply) called when a host (kernel, or the engine in the browser) answers "hello" as live
 * Returns {draw, redraw, dispose}: draw now, redraw batched, dispose (anywidget's cleanup).
 */
export function mountWidget(host, model, { kind, label = kind, fourColour = false, traits = [], draw, focus = true, hello = null }) {
  const drawOnce = () =>
    safe(host, kind, () => {
      useLanguage(model.get("_fht_host")?.language);
      const name = typeof label === "function" ? label() : label;
      const node = root(host, kind, { fourColour: fourColour && Boolean(model.get("four_colour")), label: name, model });
      draw(node);
      placeStatusLine(node);
    });
  const drawNow = () => (focus ? keepFocus(host, drawOnce) : drawOnce());
  const redraw = batched(drawNow);
  const events = [...traits, ...(fourColour && !traits.includes("four_colour") ? ["four_colour"] : [])].map((name) => `change:${name}`);
  drawNow();
  for (const event of events) model.on(event, redraw);
  if (hello) {
    // `data-fht-live` says where the widget stands: "asking" a host, then "live" (it answered) or "saved"
    // (nothing answered: the state saved in the page) — what a test waits for after Run All
    const mark = (state) => {
      if (host.dataset) host.dataset.fhtLive = state;
    };
    mark("asking");
    request(model, { type: REPLY.HELLO }, 5000).then((reply) => {
      mark(reply?.live ? "live" : "saved");
      if (reply?.live) hello(reply);
    });
  }
  return {
    draw: drawNow,
    redraw,
    dispose: () => {
      for (const event of events) model.off(event, redraw);
    },
  };
}

/**
 * Mount a widget written as a view and a reducer (parts.js).  Options, besides mountWidget's kind,
 * label, fourColour, traits and focus:
 *   ui                the widget's own state at the start (what the model does not hold: focus, hints …)
 *   read()            the widget's state from the model, checked (throws a readable Error on bad data)
 *   view(state, ui)   the parts to draw (pure)
 *   reduce(state, ui, event)   what an event changes (pure): null for nothing, else
 *                     {ui, set: {trait: value}, request: message, wait, reply: event type, redraw, run}
 *   renderers         the widget's part renderers (besides parts.js's BASE_RENDERERS)
 *   after(root, state, ui, dispatch)   DOM work after a draw (the keyboard focus); returns the ui to keep
 *   run(effect, dispatch)   the widget's own effects (`out.run`: e.g. saving progress), if any
 *   requestOptions    host.request's options for every request (onStatus, born: a kernel's restarts)
 *   hello             ask whether a host answers: its answer is the event {type: "hello", reply}  Returns {dispatch, ui(), redraw, draw, dispose}.
 */
export function mountView(
  host,
  model,
  {
    kind,
    label = kind,
    fourColour = false,
    traits = [],
    focus = true,
    hello = false,
    ui,
    read,
    view,
    reduce,
    renderers = {},
    after = null,
    run = null,
    requestOptions = {},
  },
) {
  let current = ui;
  let widget = null;
  const dispatch = (event) => {
    const out = reduce(read(), current, event);
    if (!out) return false;
    if (out.ui) current = out.ui;
    if (out.run && run) run(out.run, dispatch);
    if (out.set) {
      for (const [name, value] of Object.entries(out.set)) model.set(name, value);
      model.save_changes();
    }
    if (out.request) {
      request(model, out.request, out.wait ?? 4000, requestOptions).then((reply) => {
        if (out.reply) dispatch({ type: out.reply, reply, asked: out.request });
      });
    }
    if (out.redraw) widget?.redraw();
    return true;
  };
  widget = mountWidget(host, model, {
    kind,
    label,
    fourColour,
    traits,
    focus,
    draw: (root) => {
      const state = read();
      root.append(...renderer(renderers, dispatch).all(view(state, current)));
      if (after) current = after(root, state, current, dispatch) ?? current;
    },
    hello: hello ? (reply) => dispatch({ type: "hello", reply }) : null,
  });
  return { dispatch, ui: () => current, redraw: widget.redraw, draw: widget.draw, dispose: widget.dispose };
}
