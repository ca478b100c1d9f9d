// Parts: what a widget's view returns, and the one way parts become DOM.
//
// A view is a pure function of the widget's state that returns a small tree of parts: plain objects
// ({kind: "button", cls: "fht-start", text: "« Start", disabled: true, on: {type: "go", to: 0}}),
// strings (text) and null/false (nothing).  Events are data too (`on`): a renderer never decides
// anything, it hands the event to `dispatch`, and the widget's one reducer says what it changes.
// Views and reducers are tested under `node --test` (widgets/tests), the renderers in a browser.

import { el } from "./dom.js";

/** The attributes of a part: its classes (`cls`), then any `attrs` it carries (role, aria-…, data-…). */
function attrsOf(part) {
  return { class: part.cls, ...(part.attrs || {}) };
}

/** Renderers every widget has: a container (`box`), an element with text (`text`), a `button`. */
export const BASE_RENDERERS = {
  box: (part, r) => el(part.tag || "div", attrsOf(part), r.all(part.children)),
  text: (part) => el(part.tag || "p", { ...attrsOf(part), text: part.text }),
  button: (part, r) =>
    el(
      "button",
      { type: "button", ...attrsOf(part), disabled: part.disabled || undefined, onclick: part.on ? () => r.dispatch(part.on) : undefined },
      part.children ? r.all(part.children) : part.text,
    ),
};

/**
 * A renderer for one widget: `renderers` maps a part's kind to `(part, r) => Node` (BASE_RENDERERS
 * are always there); `dispatch(event)` receives the parts' events.  `r.one(part)`, `r.all(parts)`.
 */
export function renderer(renderers, dispatch) {
  const table = { ...BASE_RENDERERS, ...renderers };
  const r = {
    dispatch,
    one(part) {
      if (part === null || part === undefined || part === false) return null;
      if (typeof part === "string") return part;
      const draw = table[part.kind];
      if (!draw) throw new Error(`no renderer for a part of kind "${part.kind}"`);
      return draw(part, r);
    },
    all(parts) {
      return (Array.isArray(parts) ? parts.flat() : [parts]).map((part) => r.one(part)).filter((node) => node !== null);
    },
  };
  return r;
}

/** A widget's title (not a heading: the page around it decides the outline). */
export function titlePart(text) {
  return { kind: "text", tag: "div", cls: "fht-title", text };
}

/** Every part in a tree, depth first (for tests and for a view that looks something up). */
export function* walk(parts) {
  for (const part of Array.isArray(parts) ? parts.flat() : [parts]) {
    if (!part || typeof part !== "object") continue;
    yield part;
    for (const value of Object.values(part)) {
      if (Array.isArray(value) || (value && typeof value === "object" && value.kind)) yield* walk(value);
    }
  }
}

/** The first part of `kind` (whose `cls` contains `cls`, when given) in a tree, or null. */
export function findPart(parts, kind, cls = null) {
  for (const part of walk(parts)) {
    if (
      part.kind === kind &&
      (cls === null ||
        String(part.cls || "")
          .split(" ")
          .includes(cls))
    )
      return part;
  }
  return null;
}
