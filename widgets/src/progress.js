// Progress that lasts: each quiz's results in the browser's localStorage (no server), per page,
// keyed by a stable widget id; and the Review box (Leitner boxes) shared by every page.
//
//   fht-progress/v1:<page>   {<widget id>: {title, mastered: {qid: true|false}, round: {...}}}
//   fht-review/v1            {step, items: {qid: {box, due, item, where, misses}}}
//
// A missed question goes to box 1 (due at the next step of the review); a right answer in the
// review moves it up a box (due 2, 4, 8, 16 steps later): a missed item returns sooner than a
// known one.  Everything here fails quietly (private mode, full storage): progress is a comfort,
// never a reason for a widget to break.

export const PROGRESS_PREFIX = "fht-progress/v1:";
export const REVIEW_KEY = "fht-review/v1";
/** At most this many questions kept for review (the oldest known ones go first). */
export const REVIEW_LIMIT = 150;
export const TOP_BOX = 5;

function storage() {
  try {
    const s = globalThis.localStorage;
    if (!s) return null;
    const probe = "fht-probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch (_error) {
    return null;
  }
}

function readJson(key, fallback) {
  const s = storage();
  if (!s) return fallback;
  try {
    const value = JSON.parse(s.getItem(key) || "null");
    return value && typeof value === "object" ? value : fallback;
  } catch (_error) {
    return fallback;
  }
}

function writeJson(key, value) {
  const s = storage();
  if (!s) return false;
  try {
    s.setItem(key, JSON.stringify(value));
    return true;
  } catch (_error) {
    return false;
  }
}

/** The page a widget lives on (a chapter): its path, without index.html. */
export function pageKey(loc = globalThis.location) {
  const path = (loc?.pathname || "/").replace(/index\.html$/, "");
  return path || "/";
}

/** A small stable hash of text (FNV-1a, hex). */
export function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** A quiz's id on its page: its title and its first question's id (the saved bank). */
export function widgetId(quiz) {
  const first = Array.isArray(quiz?.bank) && quiz.bank.length ? String(quiz.bank[0].id || quiz.bank[0].prompt || "") : "";
  return `${quiz?.title || "quiz"}#${hash(first)}`;
}

/** This page's record of one widget: {title, mastered: {qid: bool}, round: {answers, indices, summary}}. */
export function loadWidget(id, page = pageKey()) {
  const all = readJson(PROGRESS_PREFIX + page, {});
  const rec = all[id];
  return rec && typeof rec === "object" ? rec : { mastered: {}, round: null };
}

export function saveWidget(id, record, page = pageKey()) {
  const all = readJson(PROGRESS_PREFIX + page, {});
  all[id] = record;
  return writeJson(PROGRESS_PREFIX + page, all);
}

/** At most this many answered ids go with a request for a new question (the engine's limit too). */
export const SEEN_LIMIT = 1000;

/** Ids of the questions this learner answered on this widget (kept progress and this round), the last
 * SEEN_LIMIT: the engine's next new question is none of them (a returning learner gets a fresh one). */
export function answeredIds(record, round, limit = SEEN_LIMIT) {
  const ids = new Set([...Object.keys(record?.mastered || {}), ...Object.keys(round?.answers || {})]);
  return [...ids].filter((id) => id && id.length <= 100 && !id.startsWith("#")).slice(-limit);
}

/** "Mastered n of m": questions of `bank` whose latest first try was right. */
export function masteredCount(record, bank) {
  const mastered = record?.mastered || {};
  return bank.filter((q) => mastered[q.id] === true).length;
}

export function loadReview() {
  const data = readJson(REVIEW_KEY, { step: 0, items: {} });
  if (!data.items || typeof data.items !== "object") data.items = {};
  if (typeof data.step !== "number") data.step = 0;
  return data;
}

function trim(data) {
  const ids = Object.keys(data.items);
  if (ids.length <= REVIEW_LIMIT) return;
  // drop the best-known, least recently missed first
  ids.sort((a, b) => data.items[b].box - data.items[a].box || (data.items[a].seen || 0) - (data.items[b].seen || 0));
  for (const id of ids.slice(0, ids.length - REVIEW_LIMIT)) delete data.items[id];
}

/**
 * Record a judged question for review.  `firstTry` true/false: a chapter quiz's first answer
 * (a miss puts it in box 1; a known one is kept at box 2 only if already there).  In the review
 * itself use reviewAnswer.
 */
export function noteForReview(item, correct, where = "") {
  if (!item?.id) return;
  const data = loadReview();
  const old = data.items[item.id];
  if (!correct) {
    data.items[item.id] = { box: 1, due: data.step + 1, item, where, misses: (old?.misses || 0) + 1, seen: data.step };
  } else if (old) {
    old.box = Math.min(TOP_BOX, old.box + 1);
    old.due = data.step + 2 ** (old.box - 1);
  }
  trim(data);
  writeJson(REVIEW_KEY, data);
}

/** An answer given in the review: right moves the item up a box, wrong back to box 1. */
export function reviewAnswer(item, correct, where = "") {
  if (!item?.id) return;
  const data = loadReview();
  data.step += 1;
  const old = data.items[item.id] || { box: 1, item, where, misses: 0 };
  if (correct) old.box = Math.min(TOP_BOX, (old.box || 1) + 1);
  else {
    old.box = 1;
    old.misses = (old.misses || 0) + 1;
  }
  old.due = data.step + (correct ? 2 ** (old.box - 1) : 1);
  old.seen = data.step;
  old.item = old.item || item;
  old.where = old.where || where;
  data.items[item.id] = old;
  trim(data);
  writeJson(REVIEW_KEY, data);
}

/** The questions to review, due first (lowest box first), then the rest by due step. */
export function reviewQueue(data = loadReview()) {
  const entries = Object.values(data.items).filter((e) => e?.item?.id);
  entries.sort((a, b) => {
    const dueA = a.due <= data.step ? 0 : 1;
    const dueB = b.due <= data.step ? 0 : 1;
    return dueA - dueB || a.box - b.box || a.due - b.due;
  });
  return entries;
}

/** Forget every page's progress and the review box. */
export function resetProgress() {
  const s = storage();
  if (!s) return 0;
  const keys = [];
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (key && (key.startsWith(PROGRESS_PREFIX) || key === REVIEW_KEY)) keys.push(key);
  }
  for (const key of keys) s.removeItem(key);
  return keys.length;
}
