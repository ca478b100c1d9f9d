// Cards: facts and spoken names from an ASCII code ("JD" → Jack of diamonds), SVG faces, rows of cards.
// Drawing only: which card is legal or wins is the engine's business.

import { el, roving, svgEl } from "./dom.js";
import { t, words } from "./language.js";

export const SUITS = {
  S: { sym: "\u2660", word: "spades", red: false },
  C: { sym: "\u2663", word: "clubs", red: false },
  D: { sym: "\u2666", word: "diamonds", red: true },
  H: { sym: "\u2665", word: "hearts", red: true },
};

/** Each rank's label on the card (its name is the catalog's: words().ranks). */
const RANKS = {
  2: "2",
  3: "3",
  4: "4",
  5: "5",
  6: "6",
  7: "7",
  8: "8",
  9: "9",
  T: "10",
  11: "11",
  12: "12",
  13: "13",
  J: "J",
  Q: "Q",
  K: "K",
  A: "A",
};

/** Read an ASCII card code ("JD", "TH", "11H", "JK") into display facts. */
export function card(code) {
  if (typeof code !== "string") throw new Error(`expected a card code, got ${JSON.stringify(code)}`);
  if (code === "JK") {
    const joker = words().joker;
    return { code, joker: true, label: joker, sym: "\u2605", name: joker, short: joker, red: false, suit: null };
  }
  const suit = Object.hasOwn(SUITS, code.slice(-1)) ? SUITS[code.slice(-1)] : null;
  const rank = Object.hasOwn(RANKS, code.slice(0, -1)) ? RANKS[code.slice(0, -1)] : null;
  if (!suit || !rank) throw new Error(`"${code}" is not a card code (like "JD", "TH" or "JK")`);
  return {
    code,
    joker: false,
    suit: code.slice(-1),
    label: rank,
    sym: suit.sym,
    red: suit.red,
    name: spokenName(code.slice(0, -1), code.slice(-1)),
    short: `${rank}${suit.sym}`,
  };
}

/** A card's name in the language spoken (language.js): "Jack of diamonds", "Walet karo", "Fante di quadri". */
function spokenName(rank, suit) {
  const w = words();
  return w.card.replace("{rank}", w.ranks[rank]).replace("{suit}", w.suits[suit]);
}

/** Short text for a card code: "J♦", "10♥", "Joker" (the joker in the language spoken: "Dżoker", "Jolly"). */
export function shortName(code) {
  return card(code).short;
}

/** The spoken name of a card code, in the language spoken: "Jack of diamonds", "Joker" ("Walet karo", "Dżoker"). */
export function cardName(code) {
  return card(code).name;
}

/** The SVG picture of one card face (or its back), decorative: the wrapper carries the words. */
export function cardSvg(code, { faceDown = false } = {}) {
  const svg = svgEl("svg", { viewBox: "0 0 60 84", class: "fht-svg", "aria-hidden": "true", focusable: "false" });
  svg.append(svgEl("rect", { class: faceDown ? "fht-back" : "fht-face", x: 1, y: 1, width: 58, height: 82, rx: 6, ry: 6 }));
  if (faceDown) {
    svg.append(svgEl("rect", { class: "fht-back-inner", x: 7, y: 7, width: 46, height: 70, rx: 3, ry: 3 }));
    return svg;
  }
  const facts = card(code);
  if (facts.joker) {
    svg.append(svgEl("text", { x: 30, y: 44, "text-anchor": "middle", "font-size": 26, class: "fht-ink fht-joker" }, "\u2605"));
    svg.append(
      svgEl("text", { x: 30, y: 64, "text-anchor": "middle", "font-size": 11, "font-weight": 700, class: "fht-ink fht-joker" }, facts.name.toUpperCase()),
    );
    return svg;
  }
  const cls = `fht-ink fht-s-${facts.suit}`;
  const small = facts.label.length > 1 ? 11 : 14;
  svg.append(svgEl("text", { x: 5, y: 17, "font-size": small, "font-weight": 700, class: cls }, facts.label));
  svg.append(svgEl("text", { x: 5, y: 31, "font-size": 13, class: cls }, facts.sym));
  svg.append(svgEl("text", { x: 32, y: 60, "text-anchor": "middle", "font-size": 28, class: cls }, facts.sym));
  // the bottom index is the top one turned about the card's centre: as far from the edge as the top one
  const corner = { x: 5, y: 17, "font-size": small, "font-weight": 700, class: cls, transform: "rotate(180 30 42)" };
  svg.append(svgEl("text", corner, facts.label));
  return svg;
}

/**
 * One card as a labelled element.  Options: button (make it a <button>), onClick,
 * faceDown, highlight, dim, label (override the spoken words), small, extraClass.
 */
export function cardEl(code, opts = {}) {
  const faceDown = Boolean(opts.faceDown);
  const words = opts.label || (faceDown ? t("a face-down card") : card(code).name);
  const cls = ["fht-card"];
  if (opts.highlight) cls.push("fht-highlight");
  if (opts.dim) cls.push("fht-dim");
  if (opts.small) cls.push("fht-small");
  if (opts.extraClass) cls.push(opts.extraClass);
  let node;
  if (opts.button) {
    // named by its (visually hidden) text, so the name and the content agree
    node = el("button", { type: "button", class: `${cls.join(" ")} fht-card-btn`, "data-card": code }, el("span", { class: "fht-sr", text: words }));
    if (opts.onClick) node.addEventListener("click", () => opts.onClick(code, node));
  } else {
    node = el("span", { class: cls.join(" "), role: "img", "aria-label": words, "data-card": faceDown ? null : code });
  }
  node.append(cardSvg(code, { faceDown }));
  return node;
}

/** A row of cards, grouped for screen readers under `label`. */
export function cardRow(codes, opts = {}) {
  const label = opts.label || codes.map((c) => card(c).name).join(", ") || t("no cards");
  const row = el("div", { class: "fht-cards", role: "group", "aria-label": label });
  for (const code of codes) row.append(cardEl(code, { ...opts, highlight: (opts.highlight || []).includes(code), label: undefined }));
  if (opts.button) roving(row);
  return row;
}

/**
 * After an answer: the right card(s) highlighted and the learner's wrong pick marked, among card
 * elements (buttons or pictures); the words say so too ("… (the answer)", "… (your answer)").
 */
export function markCards(nodes, isRight, isPicked = () => false) {
  for (const node of nodes) {
    const right = isRight(node);
    const wrong = isPicked(node) && !right;
    node.classList.toggle("fht-right-answer", right);
    node.classList.toggle("fht-wrong-pick", wrong);
    if (!right && !wrong) continue;
    const note = ` ${right ? t("(the answer)") : t("(your answer)")}`;
    const words = node.querySelector(".fht-sr");
    if (words) {
      if (!words.textContent.endsWith(note)) words.textContent += note;
    } else {
      // a button named by its text (the joker's "naming clubs") keeps its words in the new name
      const label = node.getAttribute("aria-label") || node.textContent.trim();
      if (!label.endsWith(note)) node.setAttribute("aria-label", label + note);
    }
  }
}
