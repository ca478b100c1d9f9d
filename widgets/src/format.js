// Words and labels for what the engine wrote into a model: bids, context keys, play choices.
// Pure functions (tested in widgets/tests): no DOM, no rules of the game.

import { card, SUITS } from "./cards.js";

const BID_RE = /^(6|7|8|9|10)(S|C|D|H|NT)$/;

/** Is this text a bid code ("7H", "10NT", "MIS", "OM")? */
export function isBidCode(code) {
  return typeof code === "string" && (BID_RE.test(code) || code === "MIS" || code === "OM");
}

/** Display text for a bid code: "7H" → "7♥", "MIS" → "misère"; anything else as it is. */
export function bidLabel(code) {
  if (code === "MIS") return "misère";
  if (code === "OM") return "open misère";
  const m = BID_RE.exec(code);
  if (!m) return code;
  return m[1] + (m[2] === "NT" ? "NT" : SUITS[m[2]].sym);
}

const CONTEXT_NAMES = { hand: "Your hand", trick: "The trick so far", cards: "Cards", card: "Card", contract: "Contract" };

/** The heading of a question's context entry: "hand" → "Your hand", "cards_left" → "Cards left". */
export function contextName(key) {
  return CONTEXT_NAMES[key] || key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

const MARK_WORDS = { "!": "good move", "?": "mistake", "??": "blunder", "!?": "interesting move", "?!": "dubious move", "!!": "brilliant move" };

/** The spoken words of an annotation mark: "?!" → "dubious move". */
export function markWords(mark) {
  return MARK_WORDS[mark] || mark;
}

/** The words of a problem's choice: "JD" → "Jack of diamonds", "h:JK:H" → "Joker from hand, naming hearts". */
export function playWords(code) {
  if (!code.includes(":")) return card(code).name;
  const [first, second, third] = code.split(":");
  if (first === "h" || first === "t") {
    const where = first === "h" ? "from hand" : "from the table";
    return `${card(second).name} ${where}${third ? `, naming ${SUITS[third]?.word}` : ""}`;
  }
  return `${card(first).name}, naming ${SUITS[second]?.word || second}`;
}

/** "a", "a and b", "a, b and c". */
export function listWords(words) {
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0] || "";
}

/** "1 trick", "2 tricks". */
export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
