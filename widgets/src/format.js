// Words and labels for what the engine wrote into a model: bids, context keys, play choices.
// Pure functions (tested in widgets/tests): no DOM, no rules of the game.

import { card, SUITS } from "./cards.js";
import { language, nt, t, words } from "./language.js";

const BID_RE = /^(6|7|8|9|10)(S|C|D|H|NT)$/;

/** Is this text a bid code ("7H", "10NT", "MIS", "OM")? */
export function isBidCode(code) {
  return typeof code === "string" && (BID_RE.test(code) || code === "MIS" || code === "OM");
}

/** Display text for a bid code: "7H" → "7♥", "MIS" → "misère"; anything else as it is. */
export function bidLabel(code) {
  if (code === "MIS") return t("misère");
  if (code === "OM") return t("open misère");
  const m = BID_RE.exec(code);
  if (!m) return code;
  return m[1] + (m[2] === "NT" ? "NT" : SUITS[m[2]].sym);
}

const contextNames = () => ({
  hand: t("Your hand"),
  trick: t("The trick so far"),
  cards: t("Cards"),
  card: t("Card"),
  contract: t("Contract"),
  declarer: t("Declarer"),
  joker_suit: t("Joker suit"),
  to_play: t("To play"),
  bid: t("Bid"),
  bids: t("Bids"),
  tricks: t("Tricks"),
  scores_before: t("Scores before"),
  target: t("Target"),
  hole: t("Hole"),
  rules_players: t("Rules players"),
  hands: t("Hands"),
  declarer_tricks: t("Declarer tricks"),
  deal: t("Deal"),
  auction: t("Auction"),
  dealer: t("Dealer"),
  to_bid: t("To bid"),
  leader: t("Leader"),
  last_trick: t("Last trick"),
  ladder: t("Ladder"),
  table_up: t("Table up"),
  points: t("Points"),
});

// the engine's seat names as a question's context carries them (English, as records keep them)
const seatNames = () => ({
  North: t("North"),
  East: t("East"),
  South: t("South"),
  West: t("West"),
  "North-east": t("North-east"),
  "South-east": t("South-east"),
  "South-west": t("South-west"),
  "North-west": t("North-west"),
});

/** Where a card of the 2-player game comes from ("hand", "table"), in the reader's words: "ręka", "stół". */
export function sourceWords(source) {
  if (source === "hand") return t("hand");
  if (source === "table") return t("table");
  return source;
}

/**
 * A seat or a side as a question's context names it ("North", "North–South", and in the 2-player game
 * "North (hand)"), in the reader's words: "Północ (ręka)".
 */
export function seatWords(text) {
  if (typeof text !== "string") return text;
  const from = /^(.*) \((hand|table)\)$/.exec(text);
  if (from) return `${seatWords(from[1])} (${sourceWords(from[2])})`;
  const names = seatNames();
  return text
    .split(/(\u2013| & )/)
    .map((part) => (Object.hasOwn(names, part) ? names[part] : part))
    .join("");
}

/** The heading of a question's context entry: "hand" → "Your hand", "cards_left" → "Cards left". */
export function contextName(key) {
  const names = contextNames();
  return Object.hasOwn(names, key) ? names[key] : key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

const markNames = () => ({
  "!": t("good move"),
  "?": t("mistake"),
  "??": t("blunder"),
  "!?": t("interesting move"),
  "?!": t("dubious move"),
  "!!": t("brilliant move"),
});

/** The spoken words of an annotation mark: "?!" → "dubious move". */
export function markWords(mark) {
  const names = markNames();
  return Object.hasOwn(names, mark) ? names[mark] : mark;
}

/** The words of a problem's choice: "JD" → "Jack of diamonds", "h:JK:H" → "Joker from hand, naming hearts". */
export function playWords(code) {
  if (!code.includes(":")) return card(code).name;
  const [first, second, third] = code.split(":");
  const suitName = (letter) => (Object.hasOwn(SUITS, letter) ? words().suits[letter] : letter);
  if (first === "h" && third) return t("{card} from hand, naming {suit}", { card: card(second).name, suit: suitName(third) });
  if (first === "h") return t("{card} from hand", { card: card(second).name });
  if (first === "t" && third) return t("{card} from the table, naming {suit}", { card: card(second).name, suit: suitName(third) });
  if (first === "t") return t("{card} from the table", { card: card(second).name });
  return t("{card}, naming {suit}", { card: card(first).name, suit: suitName(second) });
}

/**
 * A number with `digits` decimals, written as the language spoken writes it: `decimalWords(8.94)` → "8.9",
 * "8,9" in Polish and Italian (the engine's `i18n.decimal`).
 */
export function decimalWords(number, digits = 1) {
  const text = Number(number).toFixed(digits);
  let mark = ".";
  try {
    mark = new Intl.NumberFormat(language()).formatToParts(1.5).find((p) => p.type === "decimal")?.value || ".";
  } catch {
    // an engine without the language's number data: the source's point
  }
  return text.replace(".", mark);
}

/** "a", "a and b", "a, b and c" (joined as the language spoken joins a list: "a, b i c", "a, b e c"). */
export function listWords(words) {
  return words.length > 1 ? t("{cards} and {last}", { cards: words.slice(0, -1).join(", "), last: words.at(-1) }) : words[0] || "";
}

/**
 * The English forms of every phrase that changes with a count, keyed by a short name: whole phrases (the
 * verb agrees too), "#" standing for the count, one form per plural category of `Intl.PluralRules`
 * ("one", "other" in English; Polish adds "few" and "many").  A translation is another catalog with the
 * same keys and its own language's categories.
 */
export const PLURALS = {
  trick: { one: "# trick", other: "# tricks" },
  puzzle: { one: "# puzzle", other: "# puzzles" },
  point: { one: "# point", other: "# points" },
  answer: { one: "# answer", other: "# answers" },
  card: { one: "# card", other: "# cards" },
  "face-down card": { one: "# face-down card", other: "# face-down cards" },
  "card face down": { one: "# card face down", other: "# cards face down" },
  "more card": { one: "# more card", other: "# more cards" },
  "bids outrank it": { one: "# bid outranks it", other: "# bids outrank it" },
  "missed questions first": {
    one: "# question you missed in the chapters comes first.",
    other: "# questions you missed in the chapters come first.",
  },
  "within tricks": { one: "one trick", other: "# tricks" },
  "still empty": { one: "# is still empty", other: "# are still empty" },
  "hints read": { one: "The hint you read", other: "The hints you read" },
  "you missed": { one: "The one you missed", other: "The # you missed" },
  "you skipped": { one: "The one you skipped \u2014 answer it now, or start again:", other: "The # you skipped \u2014 answer them now, or start again:" },
  "answer skipped": { one: "Answer the skipped one", other: "Answer the skipped ones" },
  "day in a row": { one: "# day in a row", other: "# days in a row" },
  day: { one: "# day", other: "# days" },
  "quiz or widget": { one: "# quiz or widget", other: "# quizzes and widgets" },
  "question to review": { one: "# question to review", other: "# questions to review" },
  "chapter done": { one: "# chapter done", other: "# chapters done" },
};

/**
 * A phrase for a count: `plural(2, "trick")` → "2 tricks", `plural(1, "bids outrank it")` → "1 bid outranks it".
 * `shown` replaces "#" when the count is said otherwise (a list of names).  The form is chosen by the
 * count's plural category in `locale`, from `catalog` (PLURALS: English); a key the catalog lacks is an
 * error (a missing translation shows, it is never guessed).
 */
export function plural(count, key, { shown = null, catalog = PLURALS, locale = "en" } = {}) {
  const forms = Object.hasOwn(catalog, key) ? catalog[key] : null;
  if (!forms) throw new Error(`no plural forms for "${key}"`);
  // PLURALS in another language: its catalog's forms (language.js; the phrases are extracted from this table)
  const form =
    catalog === PLURALS && language() !== "en" ? nt(forms.one, forms.other, count) : (forms[new Intl.PluralRules(locale).select(count)] ?? forms.other);
  return form.replaceAll("#", shown ?? String(count));
}
