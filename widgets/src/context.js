// A question's context (the hand, the trick so far, the contract, the auction …) as parts: whatever
// the engine put into `question.context`, each entry under its heading, cards drawn as cards (table.js),
// bids and labelled items in words, never codes.  Pure (tested in widgets/tests/context.test.js).

import { card } from "./cards.js";
import { bidLabel, contextName, isBidCode, seatWords } from "./format.js";
import { t, words } from "./language.js";
import { cardPart, contextTrick, handPart } from "./table.js";

/** Is this context object a card (the engine's card_info), not a bid or anything else? */
export function isCardInfo(v) {
  if (!v || typeof v !== "object" || typeof v.code !== "string" || "trumps" in v) return false;
  try {
    return !v.words || card(v.code).name === v.words;
  } catch (_error) {
    return false;
  }
}

const label = (text) => ({ kind: "text", tag: "div", cls: "fht-label", text });
const entry = (...children) => ({ kind: "box", children });
const span = (text, cls = null) => ({ kind: "text", tag: "span", cls, text });
const cardsRow = (infos, name) =>
  handPart(
    infos.map((v) => cardPart(v.code)),
    name,
  );
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** One context entry as parts (null: nothing to show). */
function entryParts(key, value) {
  const heading = contextName(key);
  if (isObject(value) && Object.keys(value).length && Object.values(value).every((v) => Array.isArray(v) && v.every(isCardInfo))) {
    // cards by player: each player's cards under their name
    const rows = Object.entries(value)
      .map(([seat, cards]) => [seatWords(seat), cards])
      .flatMap(([who, cards]) => [
        { kind: "text", tag: "div", cls: "fht-hint", text: who },
        cardsRow(cards, `${who}: ${cards.map((c) => c.words).join(", ") || t("no cards")}`),
      ]);
    return entry(label(heading), ...rows);
  }
  if (Array.isArray(value) && value.length && value.every((v) => isObject(v) && typeof v.call === "string")) {
    return entry(label(heading), span(value.map((v) => `${v.seat ? `${seatWords(v.seat)}: ` : ""}${v.label || bidLabel(v.call)}`).join(", ")));
  }
  if (key === "contract" && typeof value === "object") {
    // the trump suit in the reader's words, from the contract's code ("10C"); `trumps` is the English word
    const letter = typeof value.code === "string" ? value.code.slice(-1) : "";
    const suit = Object.hasOwn(words().suits, letter) ? words().suits[letter] : value.trumps;
    const trumps = value.trumps ? t("{suit} are trumps", { suit }) : t("no trumps");
    // a misère is named in words (its words are the reader's: "odkryte misère"), a level in notation and words
    if (value.code === "MIS" || value.code === "OM")
      return entry(label(contextName("contract")), { kind: "text", tag: "strong", text: value.words }, ` (${trumps})`);
    return entry(label(contextName("contract")), { kind: "text", tag: "strong", text: value.label }, ` (${value.words}; ${trumps})`);
  }
  if (Array.isArray(value) && value.length && value.every(isCardInfo)) {
    if (value.some((v) => v.seat)) return entry(label(heading), contextTrick(heading, value));
    return entry(label(heading), cardsRow(value, `${heading}: ${value.map((v) => v.words || card(v.code).name).join(", ")}`));
  }
  if (Array.isArray(value) && value.length === 0) return entry(label(heading), span(t("none yet"), "fht-muted"));
  if (Array.isArray(value) && value.every((v) => typeof v === "string" && isBidCode(v))) return entry(label(heading), span(value.map(bidLabel).join("  ")));
  if (isObject(value) && typeof value.code === "string" && (value.words || value.label)) {
    if (isCardInfo(value)) {
      const from = { hand: t("from the hand"), table: t("from the table") };
      const source = value.source ? (Object.hasOwn(from, value.source) ? from[value.source] : value.source) : "";
      const extra = [value.winner ? t("won by {seat}", { seat: seatWords(value.winner) }) : "", source].filter(Boolean).join(", ");
      return entry(
        label(heading),
        cardsRow([value], value.words + (extra ? `, ${extra}` : "")),
        extra ? { kind: "text", tag: "div", cls: "fht-hint", text: extra } : null,
      );
    }
    return entry(
      label(heading),
      { kind: "text", tag: "strong", text: value.label || value.code },
      value.words && value.words !== value.label ? ` (${value.words})` : null,
    );
  }
  if (typeof value === "string") return entry(label(heading), span(seatWords(value)));
  if (typeof value === "number" || typeof value === "boolean") return entry(label(heading), span(String(value)));
  if (isObject(value) && typeof value.summary === "string") return entry(label(key === "hand" ? t("This hand") : heading), span(value.summary));
  // bids or other labelled items: their labels, as a learner reads them (never codes)
  if (Array.isArray(value) && value.every((v) => isObject(v) && typeof v.label === "string"))
    return entry(label(heading), span(value.map((v) => v.label).join(", ")));
  if (Array.isArray(value) || typeof value === "object") {
    const parts = Array.isArray(value)
      ? value.map((v) => (typeof v === "object" ? Object.values(v).join(" ") : String(v)))
      : Object.entries(value).map(([k, v]) => `${seatWords(k)}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
    return entry(label(heading), span(parts.join("; ")));
  }
  return null;
}

/**
 * The context box of a question: each entry of `context` (but its count, records meant for programs,
 * and cards the answer buttons show already: `choiceCards`).
 */
export function contextParts(context, choiceCards = []) {
  const same = (value) =>
    Array.isArray(value) && choiceCards.length > 0 && value.length === choiceCards.length && value.every((v) => v && choiceCards.includes(v.code));
  const children = Object.entries(context || {})
    .filter(([key, value]) => value !== null && value !== undefined && key !== "count")
    .filter(([, value]) => !same(value)) // the choices show these very cards
    .filter(([, value]) => !(isObject(value) && typeof value.format === "string")) // a record for programs
    .map(([key, value]) => entryParts(key, value));
  return { kind: "box", cls: "fht-context", children };
}
