// The five-player game's called partner in PlayDeal: the declarer calls a card, whoever holds it is the
// declarer's partner, and nobody else learns who until the card is played.  Python (handlers.partner_call)
// says what the learner may know and in which words, and which cards may be called, grouped; this module
// draws that: the picker (trumps open, the other suits folded), the line on the table, the "partner" tag,
// the called card marked in the partner's own hand.  Pure builders, tested in widgets/tests/partnercall.test.js.

import { el } from "./dom.js";
import { listWords, plural } from "./format.js";
import { t } from "./language.js";
import { cardPart, handPart } from "./table.js";

/** The fields of the view that a card of the bots' move may change: the partner shows with the called card. */
const STEP_FIELDS = ["partner", "partner_words", "declaring_known"];

/** The view as it stood after a card of a move (`anim`, a step Python wrote), not as it ends. */
export function withStep(view, anim) {
  if (!anim || !("partner" in anim)) return view;
  const out = { ...view };
  for (const key of STEP_FIELDS) if (key in anim) out[key] = anim[key];
  return out;
}

/** Whether the learner is calling a partner now (Python sent the cards they may call). */
export function isCalling(v) {
  return Array.isArray(v.call_groups) && v.call_groups.length > 0;
}

/** The learner's legal actions that are calls (drawn in the picker, not as buttons of their own). */
export function isCall(action) {
  return Boolean(action?.call);
}

/**
 * The picker: each group of callable cards a row of card buttons named "Call the Jack of diamonds";
 * the first group (trumps, or the joker and the aces) open, the others folded under their suit.
 */
export function callPickerPart(v, { disabled = false } = {}) {
  const legal = new Map((Array.isArray(v.legal) ? v.legal : []).filter(isCall).map((a) => [a.call, a]));
  const groups = v.call_groups.map((group) => {
    const cards = group.cards
      .filter((code) => legal.has(code))
      .map((code) => cardPart(code, { button: true, disabled, words: legal.get(code).label, on: { type: "call", action: legal.get(code).code } }));
    const label = t("{suit}: {cards} you may call", { suit: group.label, cards: plural(cards.length, "card") });
    const hand = handPart(cards, label, "fht-call-cards");
    return group.open
      ? { kind: "box", cls: "fht-call-group", children: [{ kind: "text", tag: "div", cls: "fht-label", text: group.label }, hand] }
      : { kind: "fold", cls: "fht-call-group", summary: `${group.label} (${plural(cards.length, "card")})`, children: [hand] };
  });
  return { kind: "box", cls: "fht-partner-call", attrs: { role: "group", "aria-label": t("Call a card to choose your partner") }, children: groups };
}

/** The line on the table about the partner (called card, who holds it when known), or null. */
export function partnerLinePart(v) {
  if (!v.partner_words) return null;
  return { kind: "text", tag: "div", cls: "fht-partner-line", attrs: { role: "status" }, text: v.partner_words };
}

/** A seat's tag once the learner knows it is the declarer's partner. */
export function partnerTags(v, seat) {
  return Number.isInteger(v.partner) && v.partner === seat && v.partner !== v.seat ? ["partner"] : [];
}

/** The options of a card in the learner's hand: the called card, in its holder's hand, is marked. */
export function calledCardOptions(v, code) {
  return v.called_card && code === v.called_card && v.you_are_partner ? { called: true } : {};
}

/** A card part marked as the called card (a tag under it, and said). */
export function markCalled(part) {
  return { ...part, cls: [...part.cls, "fht-called"], tags: [...part.tags, "called"], words: `${part.words} ${t("(the called card: you are the partner)")}` };
}

/** The declaring side's tricks as the learner may know them (the contract's line on the table). */
export function declaringTricks(v) {
  const known = Array.isArray(v.declaring_known) ? v.declaring_known : [];
  if (!known.length || !Array.isArray(v.tricks_won)) return [];
  const total = known.reduce((sum, seat) => sum + (v.tricks_won[seat] || 0), 0);
  const names = known.map((seat) => (seat === v.seat ? t("you") : v.seat_names[seat]));
  if (known.length > 1) return [`${listWords(names)} ${total}`];
  return [t("{side} {total} (partner not known yet)", { side: names[0], total })];
}

/** The learner's tricks, and with a known partner the pair's: which count is which, in words. */
export function myPartnerTricks(v, me) {
  const own = t("you took {tricks}", { tricks: plural(v.tricks_won[me], "trick") });
  const known = Array.isArray(v.declaring_known) ? v.declaring_known : [];
  if (known.length < 2 || !known.includes(me)) return own;
  const total = known.reduce((sum, seat) => sum + (v.tricks_won[seat] || 0), 0);
  return t("{own}; with your partner {tricks}", { own, tricks: plural(total, "trick") });
}

/** A folded group (details and summary): the summary is the one stop for Tab until it is opened. */
function renderFold(part, r) {
  return el("details", { class: part.cls }, el("summary", { text: part.summary }), ...r.all(part.children));
}

/** The renderers of this module's parts, for PlayDeal's `renderer(...)`. */
export const PARTNER_RENDERERS = { fold: renderFold };
