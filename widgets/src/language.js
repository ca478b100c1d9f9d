// The language a widget speaks: the engine's (Python's set_language, handed over in the model's
// `_fht_host.language`), else the page's <html lang>, else English.  The words come from the same
// catalogs as the engine's (catalogs.js, generated from fivehundred_tutor/locale).

import { WORDS } from "./catalogs.js";

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
