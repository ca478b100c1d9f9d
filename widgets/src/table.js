// The card table: seats, hands and tricks, drawn one way for every widget that shows them (play,
// replay, problem, quiz, assignment).  The builders are pure (parts, tested under node); the
// renderers (TABLE_RENDERERS) turn the parts into DOM.  Which card is legal or who won is the
// engine's business: the parts only carry what the model says.

import { card, cardEl } from "./cards.js";
import { el, roving } from "./dom.js";
import { plural, seatWords, sourceWords } from "./format.js";
import { t } from "./language.js";

/** A slot's place in the trick's grid (fht.css `.fht-at-t` …). */
const AT = { top: "t", left: "l", right: "r", bottom: "b" };
const bowerWords = () => ` ${t("(the left bower, a trump)")}`;
const kittyWords = () => ` ${t("(from the kitty)")}`;
const markWords = (mark) => ` ${mark === "right" ? t("(the answer)") : t("(your answer)")}`;

/** The words of a tag under a card or beside a seat ("left bower", "dealer" …); the tag itself stays the code. */
export function tagWords(tag) {
  const names = {
    "left bower": t("left bower"),
    kitty: t("kitty"),
    partner: t("partner"),
    called: t("called"),
    dealer: t("dealer"),
    declarer: t("declarer"),
    you: t("you"),
    "to play": t("to play"),
    "to move": t("to move"),
    "sits out": t("sits out"),
    "sits out: hand laid aside": t("sits out: hand laid aside"),
    "hand exposed": t("hand exposed"),
  };
  return Object.hasOwn(names, tag) ? names[tag] : tag;
}

/** The grid place ("t", "l", "r", "b"; "c" the centre) of a seat sitting at `area` ("top", "left" …). */
export function gridPlace(area) {
  return AT[area] || "c";
}

/** Where each seat sits with `me` at the bottom: four round the table, three without a top, two face to
 * face, five with the two seats across sharing the top (left of it first, in the order of play). */
export function placeOf(seat, me, players) {
  const turn = (seat - me + players) % players;
  if (players === 4) return ["bottom", "left", "top", "right"][turn];
  if (players === 3) return ["bottom", "left", "right"][turn];
  if (players === 2) return ["bottom", "top"][turn];
  if (players === 5) return ["bottom", "left", "top", "top", "right"][turn];
  return turn === 0 ? "bottom" : "top";
}

/** A seat's card's place in the trick's grid: as the seat sits, the two seats across five apart ("tl", "tr"). */
export function trickPlace(seat, me, players) {
  if (players === 5) return ["b", "l", "tl", "tr", "r"][(seat - me + players) % players];
  return gridPlace(placeOf(seat, me, players));
}

/**
 * One card on the table.  Options: button (a control), disabled, dim, small, highlight, bower (the left
 * bower: tagged, and said), kitty (came from the kitty: said; `kittyTag` shows "kitty" under it too),
 * mark ("right": the answer, "wrong": the learner's wrong pick), words (what it is called, before the marks),
 * named (a card the comment shown names: marked, and said).
 */
export function cardPart(code, opts = {}) {
  const cls = [];
  const tags = [];
  let words = opts.words || card(code).name;
  if (opts.bower) {
    cls.push("fht-bower");
    tags.push("left bower"); // i18n-ok: a tag code, shown through tagWords()
    words += bowerWords();
  }
  if (opts.kitty) {
    cls.push("fht-from-kitty");
    if (opts.kittyTag) tags.push("kitty");
    words += kittyWords();
  }
  if (opts.mark === "right") cls.push("fht-right-answer");
  if (opts.mark === "wrong") cls.push("fht-wrong-pick");
  if (opts.mark) words += markWords(opts.mark);
  if (opts.named) {
    cls.push("fht-named");
    words = t("{card}, named in the comment", { card: words });
  }
  return {
    code,
    words,
    cls,
    tags,
    button: Boolean(opts.button),
    disabled: Boolean(opts.disabled),
    dim: Boolean(opts.dim),
    small: Boolean(opts.small),
    highlight: Boolean(opts.highlight),
    on: opts.on || null,
  };
}

/**
 * A hand of face-up cards (`cards`: cardPart objects), a group named `label`; `cls` adds classes.
 * A hand of buttons is one stop for Tab, the arrow keys move within it.
 */
export function handPart(cards, label, cls = "") {
  return { kind: "hand", cards, label, cls };
}

/** `count` face-down cards, one picture named `label` (the cards themselves are not read out). */
export function faceDownPart(count, label) {
  return { kind: "facedown", count, label };
}

/** A hand's face-down count in words: "North's hand: 3 face-down cards". */
export function faceDownWords(name, count) {
  return t("{name}'s hand: {cards}", { name, cards: plural(count, "face-down card") });
}

/**
 * A seat: its name, what it is at the moment (`tags`: "dealer", "declarer", "to move" …), its tricks
 * (`counts`, words after the name, or null) and what it holds (`body`: parts).  `cls` adds classes.
 */
export function seatPart(seat, name, { tags = [], counts = null, cls = "", body = [] } = {}) {
  return { kind: "seat", seat, name, tags, counts, cls, body };
}

/**
 * One card in a trick: who played it (`caption` under it), its spoken `words`, `at` its place in the
 * grid (t, l, r, b) or none in a row; `won` when it wins; `place` for an empty seat's invisible place.
 */
export function slotPart(seat, code, { caption, words = null, at = null, won = false, named = false, small = false, place = false } = {}) {
  return { seat, code, caption, words: named ? t("{card}, named in the comment", { card: words || card(code).name }) : words, at, won, named, small, place };
}

/**
 * The cards played to a trick: `slots` in a group (`cls`: "fht-trick" a grid by seat, "fht-cards" a row)
 * named `label`; `heading` above it; `lead` a line inside the grid while it is empty; `notes` below
 * ({cls, text}); `wrap` puts heading, grid and notes in one `.fht-trick-wrap`.
 */
export function trickPart(slots, { cls = "fht-trick", label, heading = "", lead = null, notes = [], wrap = true } = {}) {
  return { kind: "trick", slots, cls, label, heading, lead, notes, wrap };
}

/**
 * The cards played so far as a question's context has them ([{seat, code, words, source}], the seat a
 * name): a row named "`name`: North: Ten of hearts, …", each card over its seat (and where it came from).
 */
export function contextTrick(name, plays, { small = false } = {}) {
  const source = (v) => (v.source ? ` (${sourceWords(v.source)})` : "");
  const words = plays.map((v) => `${seatWords(v.seat)}: ${v.words || card(v.code).name}`).join(", ");
  const slots = plays.map((v) => slotPart(v.seat, v.code, { caption: seatWords(v.seat) + source(v), small }));
  return trickPart(slots, { cls: "fht-cards", label: `${name}: ${words}`, wrap: false });
}

/**
 * The table: seats in areas round a centre (`areas`: [["top", [seat parts]], …]), `center` parts in the
 * middle, `note` parts right under the middle row across the table's whole width (a line of words the
 * narrow centre would wrap into a tall column).
 */
export function tablePart(areas, center, cls = "fht-table", note = []) {
  return { kind: "table", areas, center, cls, note };
}

/**
 * A seat's piles on the table (the two-player game): `piles` [{down, top, up}] as the frame has them
 * (a face-down card under; the top card face up when `up`, "?" when unknown); the top cards in
 * `choosable` are buttons (their event `on`).
 */
export function pilesPart(name, piles, { choosable = [], on = null } = {}) {
  return {
    kind: "piles",
    label: t("{name}'s table piles", { name }),
    piles: piles.map(([down, top, up], index) => {
      const faceUp = Boolean(top) && up && top !== "?";
      const words = [
        down ? t("a face-down card") : "",
        top ? (faceUp ? t("{card} face up on top", { card: card(top).name }) : t("a face-down card on top")) : "",
      ];
      return {
        index,
        down: Boolean(down),
        top: top ? { code: faceUp ? top : "", faceUp, button: faceUp && choosable.includes(top) } : null,
        words: words.filter(Boolean).join(", ") || "empty",
        on,
      };
    }),
  };
}

/** The contract and the tricks each side took so far (a side's name and count never split over two lines). */
export function contractPart(title, sides = []) {
  return { kind: "contract", title, sides };
}

// ---------------------------------------------------------------------------------- renderers

function renderCard(c, r) {
  const node = cardEl(c.code, {
    button: c.button,
    label: c.words,
    dim: c.dim,
    small: c.small,
    highlight: c.highlight,
    onClick: c.on ? (code) => r.dispatch({ ...c.on, code }) : undefined,
  });
  if (c.cls.length) node.classList.add(...c.cls);
  if (c.disabled) node.disabled = true;
  for (const tag of c.tags) node.append(el("span", { class: tag === "kitty" ? "fht-kitty-tag" : "fht-bower-tag", "aria-hidden": "true", text: tagWords(tag) }));
  return node;
}

function renderHand(part, r) {
  const row = el("div", { class: `fht-cards${part.cls ? ` ${part.cls}` : ""}`, role: "group", "aria-label": part.label });
  for (const c of part.cards) row.append(renderCard(c, r));
  if (part.cards.some((c) => c.button)) roving(row);
  return row;
}

function renderFaceDown(part) {
  const row = el("div", { class: "fht-cards", role: "img", "aria-label": part.label });
  for (let i = 0; i < part.count; i++) row.append(cardEl("", { faceDown: true, small: true, label: t("a face-down card") }));
  for (const child of row.children) child.setAttribute("aria-hidden", "true");
  return row;
}

function renderSeat(part, r) {
  const box = el("div", { class: `fht-seat${part.cls ? ` ${part.cls}` : ""}`, "data-seat": part.seat });
  box.append(
    el(
      "div",
      {},
      el("span", { class: "fht-seat-name", text: part.name }),
      part.tags.length ? el("span", { class: "fht-hint", text: ` (${part.tags.map(tagWords).join(", ")})` }) : null,
      part.counts ? el("span", { class: "fht-counts", text: ` \u00b7 ${part.counts}` }) : null,
    ),
    ...r.all(part.body),
  );
  return box;
}

function renderSlot(slot) {
  if (slot.place) {
    // an empty seat's place, kept so the table keeps its size as the cards come
    const place = el("div", { class: `fht-trick-slot fht-trick-place fht-at-${slot.at}`, "aria-hidden": "true" });
    place.append(cardEl("", { faceDown: true, label: "" }), el("div", { text: slot.caption }));
    return place;
  }
  const cls = ["fht-trick-slot"];
  if (slot.at) cls.push(`fht-at-${slot.at}`);
  if (slot.won) cls.push("fht-won");
  const face = cardEl(slot.code, { highlight: slot.won, small: slot.small, label: slot.words || undefined });
  if (slot.named) face.classList.add("fht-named");
  return el("div", { class: cls.join(" "), "data-seat": slot.seat }, face, el("div", { text: slot.caption }));
}

function renderTrick(part) {
  const grid = el("div", { class: part.cls, role: "group", "aria-label": part.label }, part.slots.map(renderSlot));
  if (part.lead) grid.append(el("p", { class: "fht-trick-empty fht-hint fht-at-c", text: part.lead }));
  if (!part.wrap) return grid;
  return el(
    "div",
    { class: "fht-trick-wrap" },
    part.heading ? el("div", { class: "fht-label fht-trick-title", text: part.heading }) : null,
    grid,
    part.notes.map((note) => el("div", { class: note.cls, text: note.text })),
  );
}

function renderPile(pile, r) {
  const node = el("div", { class: "fht-pile", "data-pile": pile.index });
  if (pile.down) {
    const under = cardEl("", { faceDown: true, label: t("a face-down card") });
    under.setAttribute("aria-hidden", "true");
    node.append(under);
  }
  if (pile.top?.button) {
    node.append(cardEl(pile.top.code, { button: true, extraClass: "fht-pile-top", onClick: (code) => r.dispatch({ ...pile.on, code }) }));
    return node; // a control inside: no picture role, the button speaks for itself
  }
  if (pile.top) {
    const { code, faceUp } = pile.top;
    node.append(cardEl(code, { faceDown: !faceUp, label: faceUp ? card(code).name : t("a face-down card"), extraClass: "fht-pile-top" }));
  }
  for (const child of node.children) child.setAttribute("aria-hidden", "true");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", t("pile {n}: {words}", { n: pile.index + 1, words: pile.words }));
  return node;
}

function renderPiles(part, r) {
  return el(
    "div",
    { class: "fht-piles", role: "group", "aria-label": part.label },
    part.piles.map((pile) => renderPile(pile, r)),
  );
}

function renderTable(part, r) {
  const table = el("div", { class: part.cls });
  for (const [area, seats] of part.areas) table.append(el("div", { class: `fht-area-${area}` }, r.all(seats)));
  table.append(el("div", { class: "fht-area-center" }, r.all(part.center)));
  if (part.note?.length) table.append(el("div", { class: "fht-area-note" }, r.all(part.note)));
  // the frame is a size container, so the table can re-arrange itself when the widget is narrow
  return el("div", { class: "fht-table-frame" }, table);
}

function renderContract(part) {
  const sides = part.sides.flatMap((text, i) => [i ? ", " : "", el("span", { class: "fht-nowrap", text })]);
  return el(
    "div",
    { class: "fht-contract" },
    el("strong", { text: part.title }),
    sides.length ? el("div", { class: "fht-counts" }, `${t("Tricks:")} `, sides) : null,
  );
}

/** The renderers of the table's parts, for a widget's `renderer(...)`. */
export const TABLE_RENDERERS = {
  hand: renderHand,
  facedown: renderFaceDown,
  seat: renderSeat,
  trick: renderTrick,
  table: renderTable,
  contract: renderContract,
  piles: renderPiles,
};
