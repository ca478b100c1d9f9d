// The puzzle trainer's progress, kept in the learner's one progress store (progress.js: the book, the
// live book and the book's JupyterLite share it; the progress file carries it elsewhere), as one
// widget record shared by every trainer and drill on every page: the Glicko-2 rating and its
// history, first tries per puzzle, the streak.  Each answer counts towards the day's goal.
//
//   record "puzzle-trainer"  {rating: {rating, deviation, volatility}, history: [{id, ok, before, after, themes}],
//                             tries: {id: {first: bool, solved: bool}}, streak: {current, best}}

import { newcomer, update } from "./glicko.js";
import { loadWidget, noteActivity, onProgressChange, STORE_PREFIX, saveWidget } from "./progress.js";

/** The trainer's record in the progress store. */
export const PUZZLE_RECORD = "puzzle-trainer";
/** Rated attempts kept (the oldest go first). */
export const HISTORY_LIMIT = 400;
/** A learner's deviation never falls below this (lichess keeps a floor too: a rating can still move). */
export const MIN_DEVIATION = 45;
/** A puzzle's rating deviation when it plays against the learner. */
export const PUZZLE_DEVIATION = 80;

/** A fresh record. */
export function freshProgress() {
  return { rating: newcomer(), history: [], tries: {}, streak: { current: 0, best: 0 } };
}

function valid(p) {
  return (
    p &&
    typeof p === "object" &&
    p.rating &&
    Number.isFinite(p.rating.rating) &&
    Number.isFinite(p.rating.deviation) &&
    p.rating.deviation > 0 &&
    Number.isFinite(p.rating.volatility) &&
    p.rating.volatility > 0 &&
    Array.isArray(p.history) &&
    p.tries &&
    typeof p.tries === "object" &&
    p.streak &&
    typeof p.streak === "object"
  );
}

export function loadPuzzleProgress() {
  const record = loadWidget(PUZZLE_RECORD);
  const p = { rating: record.rating, history: record.history, tries: record.tries, streak: record.streak };
  return valid(p) ? p : freshProgress();
}

/** Keep the record, and count the answer towards the day's practice. */
export function savePuzzleProgress(p, { answered = true } = {}) {
  if (answered) noteActivity(1);
  return saveWidget(PUZZLE_RECORD, p);
}

/**
 * An answer applied to the record as the store holds it at this moment (load, recordAttempt, save): another
 * trainer or drill on the page, or another tab, may have saved answers since this trainer read the record, and
 * they stay.  Returns the record kept (the fresh one with this answer).
 */
export function applyAttempt(card, solved, options = {}) {
  const p = recordAttempt(loadPuzzleProgress(), card, solved, options);
  savePuzzleProgress(p);
  return p;
}

/** Told (`callback(record)`, the record as the store holds it now) when the trainer's record changes: by another
 * trainer on this page, another tab, a progress file read or a reset.  Returns a stop function. */
export function onPuzzleProgressChange(callback) {
  const key = `${STORE_PREFIX}w:${PUZZLE_RECORD}`;
  return onProgressChange((keys) => {
    if (!keys.length || keys.includes(key)) callback(loadPuzzleProgress());
  });
}

/**
 * The record after an answer to `card` (pure: a new object).  Only a puzzle's first try moves the
 * rating and, in Streak mode (`inStreak`), the streak of puzzles in a row (a second try after a miss
 * teaches, it does not count; the rated and theme modes leave the streak alone).
 */
export function recordAttempt(p, card, solved, { inStreak = false } = {}) {
  const out = { ...p, tries: { ...p.tries }, streak: { ...p.streak }, history: [...p.history] };
  const old = out.tries[card.id];
  if (old) {
    out.tries[card.id] = { ...old, solved: old.solved || solved };
    return out;
  }
  out.tries[card.id] = { first: solved, solved };
  const before = p.rating;
  const next = update(before, [[{ rating: card.rating, deviation: PUZZLE_DEVIATION }, solved ? 1 : 0]]);
  next.deviation = Math.max(MIN_DEVIATION, next.deviation);
  out.rating = next;
  out.history.push({ id: card.id, ok: solved, before: Math.round(before.rating), after: Math.round(next.rating), themes: card.themes || [] });
  if (out.history.length > HISTORY_LIMIT) out.history = out.history.slice(-HISTORY_LIMIT);
  if (inStreak) {
    out.streak.current = solved ? (out.streak.current || 0) + 1 : 0;
    out.streak.best = Math.max(out.streak.best || 0, out.streak.current);
  }
  return out;
}

/** Per theme: first tries and how many were right, from the history; strongest first (ties by tries). */
export function themeStats(p, names = {}) {
  const by = {};
  for (const h of p.history) {
    for (const t of h.themes || []) {
      if (t === "declarer-play" || t === "defence") continue;
      by[t] = by[t] || { theme: t, name: names[t] || t, tries: 0, solved: 0 };
      by[t].tries += 1;
      by[t].solved += h.ok ? 1 : 0;
    }
  }
  return Object.values(by).sort((a, b) => b.solved / b.tries - a.solved / a.tries || b.tries - a.tries);
}

/** Strong and weak themes: at least `least` first tries, strongest and weakest three. */
export function strongWeak(p, names = {}, least = 2) {
  const stats = themeStats(p, names).filter((s) => s.tries >= least);
  const strong = stats.filter((s) => s.solved / s.tries >= 0.6).slice(0, 3);
  const weak = stats
    .filter((s) => s.solved / s.tries < 0.6)
    .reverse()
    .slice(0, 3);
  return { strong, weak };
}

/** Each level: how many of its problems are solved, and whether it is open (the first always is). */
export function levelState(levels, p, pass) {
  let open = true;
  return levels.map((level) => {
    const solved = level.ids.filter((id) => p.tries[id]?.solved).length;
    const row = { name: level.name, solved, total: level.ids.length, open };
    open = open && solved >= pass;
    return row;
  });
}
