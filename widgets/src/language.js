// The language a widget speaks: the engine's (Python's set_language, handed over in the model's
// `_fht_host.language`), else the page's <html lang>, else English.  The words come from the same
// catalogs as the engine's (catalogs.js, generated from fivehundred_tutor/locale): a string a learner
// reads is written `t("Show the answer")`, a count `nt("{n} card", "{n} cards", n, { n })`, so Babel
// extracts it beside the engine's messages (python -m fivehundred_tutor.bookbuild.catalogs extract).

import { PLURAL, WORDS } from "./catalogs.js";

let chosen = null;

/** Speak `code` from now on ("pl", "it_IT" → "it"); an unknown or missing code keeps the current one. */
export function useLanguage(code) {
  const short = typeof code === "string" ? code.trim().toLowerCase().split(/[-_.]/)[0] : "";
  if (Object.hasOwn(WORDS, short)) chosen = short;
  return language();
}

/** The language spoken now: the one chosen, else the page's, else English. */
export function language() {
  if (chosen) return chosen;
  const page = typeof document !== "undefined" ? (document.documentElement?.lang || "").toLowerCase().split(/[-_]/)[0] : "";
  return Object.hasOwn(WORDS, page) ? page : "en";
}

/** The words of the language spoken now (card names: ranks, suits, the joker, the pattern joining them). */
export function words() {
  return WORDS[language()];
}

/** Fill `{name}` fields of `text` from `values` (a field without a value stays as it is). */
function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole)) : text;
}

/** `message` (English, as written in the code) in the language spoken, its `{fields}` filled from `values`. */
export function t(message, values = null) {
  const table = words().messages || {};
  return fill(Object.hasOwn(table, message) && table[message] ? table[message] : message, values);
}

/** A counted message: the form for `n` in the language spoken (Polish has three: 1 karta, 2 karty, 5 kart). */
export function nt(singular, plural, n, values = null) {
  const code = language();
  const table = words().plurals || {};
  const forms = Object.hasOwn(table, singular) ? table[singular] : [singular, plural];
  const index = Math.min(Math.max(PLURAL[code](Math.abs(n)), 0), forms.length - 1);
  return fill(forms[index] || (n === 1 ? singular : plural), values);
}
