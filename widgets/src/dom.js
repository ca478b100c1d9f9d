// DOM helpers shared by every widget: element builder, arrow keys, focus keeping, shape checks.
// They draw and collect input only: no rules of the game live here.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Make an element: el("button", {class: "x", "aria-label": "…", onclick: f}, child, "text"). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Make an SVG element with attributes and optional text. */
export function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A widget's title (not a heading: the page around it decides the outline). */
export function title(text) {
  return el("div", { class: "fht-title", text });
}

/** A polite live region for announcements (feedback, steps). */
export function liveRegion(root) {
  const region = el("div", { class: "fht-live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  root.append(region);
  return region;
}

/**
 * Is this key the notebook's?  Shift+Enter (and Ctrl/Alt/Cmd+Enter) runs a cell in JupyterLab: a widget
 * lets it through, never takes it for a press of the button that has the focus after an answer.
 */
export function notebookKey(event) {
  return event.key === "Enter" && Boolean(event.shiftKey || event.ctrlKey || event.metaKey || event.altKey);
}

/** Arrow keys (and Home/End) move focus among the buttons inside `container`. */
export function roving(container, selector = "button:not([disabled])") {
  container.addEventListener("keydown", (event) => {
    const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
    if (!keys.includes(event.key)) return;
    const items = [...container.querySelectorAll(selector)];
    const at = items.indexOf(document.activeElement);
    if (at < 0 || items.length === 0) return;
    let next = at;
    if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (at - 1 + items.length) % items.length;
    else if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (at + 1) % items.length;
    else if (event.key === "Home") next = 0;
    else next = items.length - 1;
    items[next].focus();
    event.preventDefault();
    event.stopPropagation();
  });
}

/** Several traits change together (after an answer, a step): draw once, after them all. */
export function batched(draw) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      draw();
    });
  };
}

/** The CSS selector that finds `active` again after a redraw (its tag, first `fht-` class, data key). */
export function focusSelector(active) {
  const skip = ["fht-selected", "fht-card", "fht-highlight"];
  const cls = [...active.classList].find((c) => c.startsWith("fht-") && !skip.includes(c));
  const data = ["choice", "card", "bid", "field", "mode", "theme", "level"].find((k) => active.dataset && active.dataset[k] !== undefined);
  return active.tagName.toLowerCase() + (cls ? `.${cls}` : "") + (data ? `[data-${data}="${active.dataset[data]}"]` : "");
}

/** Redraw `root` with `draw()` and put the keyboard focus back on the matching control. */
export function keepFocus(root, draw) {
  const active = document.activeElement;
  const selector = active && root.contains(active) && active !== root ? focusSelector(active) : null;
  draw();
  if (selector && (!document.activeElement || document.activeElement === document.body)) {
    const again = root.querySelector(selector);
    if (again && !again.disabled) again.focus();
  }
}

/** Check that model data has the expected shape; throws a readable error. */
export function expect(value, type, what) {
  const ok =
    type === "array" ? Array.isArray(value) : type === "object" ? value !== null && typeof value === "object" && !Array.isArray(value) : typeof value === type;
  if (!ok) {
    const article = type === "array" || type === "object" ? "an" : "a";
    throw new Error(`${what} should be ${article} ${type}, got ${JSON.stringify(value)?.slice(0, 60)}`);
  }
  return value;
}

let uidCounter = 0;
/** A page-unique element id starting with `prefix`. */
export function uid(prefix) {
  uidCounter += 1;
  return `${prefix}-${uidCounter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Offer `text` as a file download named `name` (a JSON file by default). */
export function download(text, name, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
