// Progress that lasts: one store for the learner's results, in the browser's localStorage (no server),
// shared by every host on the same origin (the book, the live book and the book's JupyterLite are one
// site), and carried to another origin (a JupyterLab of one's own) or another device as a file.
//
// Keys (all under STORE_PREFIX; nothing else in localStorage is read or written):
//
//   fht/v2:w:<widget id>   one widget's record, e.g. a quiz: {title, mastered: {qid: bool}, round, size, updated}
//                          (a widget id comes from the widget's content, not its page: the same quiz
//                          in the book, in JupyterLite and in JupyterLab has the same id, and two
//                          chapters' quizzes never share one: the book build checks the ids are unique)
//   fht/v2:review          the review's Leitner boxes: {step, items: {qid: {box, due, item, where, misses, seen}}}
//   fht/v2:days            the days the learner practised: {goal, days: {"YYYY-MM-DD": answers}}
//   fht/v2:done            done moments already shown: {<what>: "YYYY-MM-DD"}
//   fht/v2:visits          chapters opened: {<chapter path>: "YYYY-MM-DD"}
//
// The API (everything else here is its machinery):
//   loadWidget(id) / saveWidget(id, record)   a widget's record (quizzes, the hand evaluator, the final
//                                             test's plays, the puzzle trainer's rating …); a record is
//                                             plain JSON; saveWidget stamps `updated`
//   quizMastery(record, size, passMark)       {right, need, mastered}: MASTERY_SHARE of the questions right
//                                             (or the quiz's own pass mark)
//   noteActivity(n) / dayStats()              today's answers, the daily goal, the streak of days
//   setDailyGoal(n), markDone(what), isDone(what), noteVisit(path), visits()
//   noteForReview / reviewAnswer / reviewQueue / loadReview   the review (missed questions come back)
//   exportProgress() / importProgress(text)   the whole store as a file, and back (checked like a stranger's file)
//   onProgressChange(callback)                told when the store changes, here or in another tab
//   resetProgress()                           forget it all
//
// A missed question goes to box 1 (due at the next step of the review); a right answer in the
// review moves it up a box (due 2, 4, 8, 16 steps later): a missed item returns sooner than a
// known one.  Everything here fails quietly (private mode, full storage): progress is a comfort,
// never a reason for a widget to break.

import { t } from "./language.js";

export const STORE_PREFIX = "fht/v2:";
const WIDGET_PREFIX = `${STORE_PREFIX}w:`;
export const REVIEW_KEY = `${STORE_PREFIX}review`;
export const DAYS_KEY = `${STORE_PREFIX}days`;
export const DONE_KEY = `${STORE_PREFIX}done`;
export const VISITS_KEY = `${STORE_PREFIX}visits`;
/** Before one store (v1): per page (its URL path), and the review on its own. Read once, then moved. */
export const LEGACY_PREFIX = "fht-progress/v1:";
export const LEGACY_REVIEW_KEY = "fht-review/v1";
/** At most this many questions kept for review (the oldest known ones go first). */
export const REVIEW_LIMIT = 150;
export const TOP_BOX = 5;
/** A quiz is mastered when this share of its questions (rounded up) was right at the latest first try. */
export const MASTERY_SHARE = 0.8;
/** Answers a day, unless the learner chose another goal. */
export const DEFAULT_GOAL = 10;
export const GOALS = [5, 10, 20, 40];
/** What a progress file says it is. */
export const FILE_FORMAT = "fivehundred-tutor progress";
/** A progress file bigger than this is refused (the browser's store holds about 5 MB). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
const MAX_RECORDS = 1000;
const MAX_DEPTH = 16;
const MAX_STRING = 20000;
const CHANGE_EVENT = "fht-progress";

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

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

function readRaw(s, key) {
  try {
    const value = JSON.parse(s.getItem(key) || "null", dropUnsafeKeys);
    return isObject(value) ? value : null;
  } catch (_error) {
    return null;
  }
}

function readJson(key, fallback) {
  const s = storage();
  if (!s) return fallback;
  migrate(s);
  return readRaw(s, key) ?? fallback;
}

function announce(keys) {
  try {
    globalThis.dispatchEvent?.(new CustomEvent(CHANGE_EVENT, { detail: { keys } }));
  } catch (_error) {
    // no window (node tests without a CustomEvent): nobody to tell
  }
}

function writeJson(key, value, { quiet = false } = {}) {
  const s = storage();
  if (!s) return false;
  try {
    s.setItem(key, JSON.stringify(value));
    if (!quiet) announce([key]);
    return true;
  } catch (_error) {
    return false;
  }
}

/** A key that could reach an object's prototype never comes out of JSON.parse (a reviver drops it). */
function dropUnsafeKeys(key, value) {
  return key === "__proto__" || key === "constructor" || key === "prototype" ? undefined : value;
}

// ------------------------------------------------------------------------------- v1 → one store

/** The v1 store kept a page's widgets under the page's URL path: each record moves to its widget id. */
function migrate(s) {
  let legacy = [];
  try {
    for (let i = 0; i < s.length; i += 1) {
      const key = s.key(i);
      if (key && (key.startsWith(LEGACY_PREFIX) || key === LEGACY_REVIEW_KEY)) legacy.push(key);
    }
  } catch (_error) {
    legacy = [];
  }
  if (!legacy.length) return;
  for (const key of legacy) {
    const old = readRaw(s, key);
    if (old && key === LEGACY_REVIEW_KEY) {
      if (!readRaw(s, REVIEW_KEY)) s.setItem(REVIEW_KEY, JSON.stringify(old));
    } else if (old) {
      // several pages could hold one widget (JupyterLite's chapters all had one page): the answers meet
      for (const [id, record] of Object.entries(old)) {
        if (!isObject(record) || !id) continue;
        const here = readRaw(s, WIDGET_PREFIX + id);
        s.setItem(WIDGET_PREFIX + id, JSON.stringify(here ? mergeWidget(record, here) : record));
      }
    }
    s.removeItem(key);
  }
}

// ------------------------------------------------------------------------------- widget records

/** @deprecated v1 keyed records by page; kept for callers that pass a page (ignored now). */
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

/** A quiz's id: its title and its first question's id (the saved bank), the same in every host. */
export function widgetId(quiz) {
  const first = Array.isArray(quiz?.bank) && quiz.bank.length ? String(quiz.bank[0].id || quiz.bank[0].prompt || "") : "";
  return `${quiz?.title || "quiz"}#${hash(first)}`;
}

/** One widget's record ({mastered: {}, round: null} when there is none). `_page` is ignored (v1 API). */
export function loadWidget(id, _page = undefined) {
  const rec = readJson(WIDGET_PREFIX + id, null);
  return rec || { mastered: {}, round: null };
}

// The last stamp this page gave: two saves in one millisecond still come in order (a merge keeps the newer).
let lastStamp = 0;

/** Keep a widget's record (a plain JSON object); stamps `updated` (ms, rising within a page). Returns false when it cannot. */
export function saveWidget(id, record, _page = undefined) {
  if (!id || !isObject(record)) return false;
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return writeJson(WIDGET_PREFIX + id, { ...record, updated: lastStamp });
}

/** Every widget record there is: {id: record}. */
export function allWidgets() {
  const s = storage();
  if (!s) return {};
  migrate(s);
  const out = {};
  for (const key of storeKeys(s)) {
    if (!key.startsWith(WIDGET_PREFIX)) continue;
    const rec = readRaw(s, key);
    if (rec) out[key.slice(WIDGET_PREFIX.length)] = rec;
  }
  return out;
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

/** How many right answers master a quiz of `size` questions (four in five, rounded up). */
export function masteryNeed(size) {
  return Math.max(1, Math.ceil(MASTERY_SHARE * Math.max(1, Number(size) || 0) - 1e-9));
}

/**
 * A quiz's mastery: `right` (questions whose latest first try was right, new ones in a live host too),
 * `need` (the quiz's own pass mark when it has one, e.g. the final test's; else masteryNeed of its saved
 * size) and `mastered` (right ≥ need).
 */
export function quizMastery(record, size, passMark = null) {
  const right = Object.values(record?.mastered || {}).filter((v) => v === true).length;
  const need = Number.isInteger(passMark) && passMark > 0 ? passMark : masteryNeed(size);
  return { right, need, mastered: right >= need, started: Object.keys(record?.mastered || {}).length > 0 };
}

// ------------------------------------------------------------------------------- days and moments

/** A date as the learner's calendar has it: "2026-05-04". */
export function dayKey(date = new Date()) {
  const d = new Date(date);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function loadDays() {
  const data = readJson(DAYS_KEY, {});
  const days = isObject(data.days) ? data.days : {};
  const goal = GOALS.includes(data.goal) ? data.goal : DEFAULT_GOAL;
  return { goal, days };
}

/** Count `n` answers for today (a quiz's first answer, a judged hand, a solved problem …). */
export function noteActivity(n = 1, when = new Date()) {
  const data = loadDays();
  const today = dayKey(when);
  data.days[today] = (Number(data.days[today]) || 0) + n;
  // keep the last year of days
  const keys = Object.keys(data.days).sort();
  for (const old of keys.slice(0, Math.max(0, keys.length - 366))) delete data.days[old];
  writeJson(DAYS_KEY, data);
}

export function setDailyGoal(goal) {
  if (!GOALS.includes(goal)) return false;
  const data = loadDays();
  return writeJson(DAYS_KEY, { ...data, goal });
}

/**
 * Today's answers, the goal, and the streak: days in a row with at least one answer, ending today
 * (or yesterday: the streak lives on until today ends).  `atRisk` when only yesterday keeps it.
 */
export function dayStats(when = new Date()) {
  const { goal, days } = loadDays();
  const today = Number(days[dayKey(when)]) || 0;
  const back = (n) => {
    const d = new Date(when);
    d.setDate(d.getDate() - n);
    return Number(days[dayKey(d)]) || 0;
  };
  const start = today > 0 ? 0 : 1;
  let streak = 0;
  while (back(start + streak) > 0 && streak < 3660) streak += 1;
  const best = bestRun(days);
  return { today, goal, met: today >= goal, streak, atRisk: today === 0 && streak > 0, best: Math.max(best, streak), days: Object.keys(days).length };
}

function bestRun(days) {
  const sorted = Object.keys(days)
    .filter((k) => Number(days[k]) > 0 && /^\d{4}-\d\d-\d\d$/.test(k))
    .sort();
  let best = 0;
  let run = 0;
  let last = null;
  for (const key of sorted) {
    const t = Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10)));
    run = last !== null && t - last === 86400000 ? run + 1 : 1;
    best = Math.max(best, run);
    last = t;
  }
  return best;
}

/** Mark a moment (a chapter, a problem, the final test done): true the first time, false after. */
export function markDone(what, when = new Date()) {
  const data = readJson(DONE_KEY, {});
  if (data[what]) return false;
  data[what] = dayKey(when);
  writeJson(DONE_KEY, data);
  return true;
}

export function isDone(what) {
  return Boolean(readJson(DONE_KEY, {})[what]);
}

/** A chapter opened (its path, e.g. "chapters/03-bowers"): the course map calls it started. */
export function noteVisit(path, when = new Date()) {
  const data = readJson(VISITS_KEY, {});
  if (data[path]) return;
  data[path] = dayKey(when);
  writeJson(VISITS_KEY, data);
}

export function visits() {
  return readJson(VISITS_KEY, {});
}

// ------------------------------------------------------------------------------- the review

export function loadReview() {
  const data = readJson(REVIEW_KEY, { step: 0, items: {} });
  if (!isObject(data.items)) data.items = {};
  if (typeof data.step !== "number") data.step = 0;
  for (const [id, entry] of Object.entries(data.items)) if (!isObject(entry) || !looksLikeQuestion(entry.item)) delete data.items[id];
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

// ------------------------------------------------------------------------------- the whole store

function storeKeys(s) {
  const keys = [];
  for (let i = 0; i < s.length; i += 1) {
    const key = s.key(i);
    if (key?.startsWith(STORE_PREFIX)) keys.push(key);
  }
  return keys;
}

/** Forget every widget's record, the review, the days and the moments. */
export function resetProgress() {
  const s = storage();
  if (!s) return 0;
  migrate(s);
  const keys = storeKeys(s);
  for (const key of keys) s.removeItem(key);
  announce(keys);
  return keys.length;
}

/** Told (`callback(keys)`) when the store changes: in this page, or in another tab of the site. Returns a stop function. */
export function onProgressChange(callback) {
  const here = (event) => callback(event.detail?.keys || []);
  const other = (event) => {
    if (event.key === null || event.key?.startsWith(STORE_PREFIX)) callback(event.key ? [event.key] : []);
  };
  globalThis.addEventListener?.(CHANGE_EVENT, here);
  globalThis.addEventListener?.("storage", other);
  return () => {
    globalThis.removeEventListener?.(CHANGE_EVENT, here);
    globalThis.removeEventListener?.("storage", other);
  };
}

/** The whole store as a file's text (JSON): {format, version, exported, records: {key: value}}. */
export function exportProgress(when = new Date()) {
  const s = storage();
  const records = {};
  if (s) {
    migrate(s);
    for (const key of storeKeys(s).sort()) {
      const value = readRaw(s, key);
      if (value) records[key.slice(STORE_PREFIX.length)] = value;
    }
  }
  return JSON.stringify({ format: FILE_FORMAT, version: 2, exported: new Date(when).toISOString(), records }, null, 1);
}

/** A progress file that cannot be read: `message` says why, in words a learner can act on. */
export class ProgressFileError extends Error {}

const RECORD_NAMES = new Set(["review", "days", "done", "visits"]);
/** A record's name in a file: a widget's ("w:<id>", printable, not too long) or one of the store's own. */
const recordName = (name) =>
  RECORD_NAMES.has(name) || (name.startsWith("w:") && name.length > 2 && name.length <= 302 && ![...name].some((c) => c.charCodeAt(0) < 32));
const CARD_CODE = /^(JK|(?:[2-9TJQKA]|1[1-3])[SHDC])$/;
const KINDS = new Set(["choice", "multi", "cards", "order", "number"]);

/** A value as JSON has it, small enough, not too deep: or the reason it is not. */
function plainProblem(value, depth = 0) {
  if (depth > MAX_DEPTH) return t("it nests too deeply");
  if (value === null || typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isFinite(value) ? null : t("it holds a number that is not finite");
  if (typeof value === "string") return value.length > MAX_STRING ? t("it holds a text far too long") : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = plainProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value !== "object") return t("it holds something that is not data");
  for (const item of Object.values(value)) {
    const problem = plainProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Could the review draw this as a question?  (A stored or imported item that cannot be drawn is dropped.) */
export function looksLikeQuestion(item) {
  if (!isObject(item) || typeof item.id !== "string" || !item.id || item.id.length > 100) return false;
  if (typeof item.prompt !== "string" || !KINDS.has(item.kind)) return false;
  if (item.choices !== undefined && !Array.isArray(item.choices)) return false;
  for (const choice of item.choices || []) {
    if (!isObject(choice) || typeof choice.id !== "string" || typeof choice.label !== "string") return false;
    if (choice.card !== undefined && (typeof choice.card !== "string" || !CARD_CODE.test(choice.card))) return false;
  }
  const hand = item.context?.hand;
  if (hand !== undefined && (!Array.isArray(hand) || hand.some((c) => !isObject(c) || typeof c.code !== "string" || !CARD_CODE.test(c.code)))) return false;
  return true;
}

/** A quiz round as the panel reads it, or null (an imported one that is not is dropped, not drawn). */
function cleanRound(round) {
  if (!isObject(round) || !isObject(round.answers)) return null;
  const answers = {};
  for (const [id, a] of Object.entries(round.answers)) {
    if (!isObject(a) || typeof a.correct !== "boolean") continue;
    const r = a.response;
    const okResponse =
      r === null ||
      typeof r === "string" ||
      typeof r === "number" ||
      (Array.isArray(r) && r.every((x) => typeof x === "string")) ||
      (isObject(r) && Object.values(r).every((x) => typeof x === "number" || typeof x === "string"));
    if (!okResponse) continue;
    answers[id] = {
      response: r,
      correct: a.correct,
      first: typeof a.first === "boolean" ? a.first : a.correct,
      tries: Number.isInteger(a.tries) && a.tries > 0 ? a.tries : 1,
    };
  }
  const indices = Array.isArray(round.indices) && round.indices.every((i) => Number.isInteger(i) && i >= 0) ? round.indices : null;
  return { answers, indices, summary: round.summary === true, at: Number.isInteger(round.at) && round.at >= 0 ? round.at : 0 };
}

/** A widget record from a file: its known fields checked, the rest (other widgets' own data) kept as data. */
function cleanWidget(record) {
  const out = { ...record };
  if (record.title !== undefined) out.title = String(record.title).slice(0, 200);
  out.mastered = {};
  if (isObject(record.mastered)) for (const [id, v] of Object.entries(record.mastered)) if (typeof v === "boolean") out.mastered[id] = v;
  out.round = cleanRound(record.round);
  out.updated = Number.isFinite(record.updated) ? record.updated : 0;
  return out;
}

/** Two records of one widget: the newer wins; the questions mastered meet (the newer's say wins). */
function mergeWidget(older, newer) {
  const [a, b] = (older.updated || 0) > (newer.updated || 0) ? [newer, older] : [older, newer];
  return { ...a, ...b, mastered: { ...(a.mastered || {}), ...(b.mastered || {}) } };
}

function cleanDays(value) {
  const days = {};
  for (const [day, n] of Object.entries(isObject(value.days) ? value.days : {}))
    if (/^\d{4}-\d\d-\d\d$/.test(day) && Number.isInteger(n) && n >= 0 && n <= 100000) days[day] = n;
  return { goal: GOALS.includes(value.goal) ? value.goal : DEFAULT_GOAL, days };
}

function cleanDates(value) {
  const out = {};
  for (const [what, day] of Object.entries(value)) if (what.length <= 300 && typeof day === "string" && /^\d{4}-\d\d-\d\d$/.test(day)) out[what] = day;
  return out;
}

function cleanReview(value) {
  const items = {};
  for (const [id, e] of Object.entries(isObject(value.items) ? value.items : {})) {
    if (!isObject(e) || !looksLikeQuestion(e.item) || e.item.id !== id) continue;
    const box = Number.isInteger(e.box) ? Math.min(TOP_BOX, Math.max(1, e.box)) : 1;
    items[id] = {
      box,
      due: Number.isFinite(e.due) ? e.due : 0,
      item: e.item,
      where: typeof e.where === "string" ? e.where.slice(0, 200) : "",
      misses: Number.isInteger(e.misses) && e.misses >= 0 ? e.misses : 0,
      seen: Number.isFinite(e.seen) ? e.seen : 0,
    };
  }
  return { step: Number.isFinite(value.step) && value.step >= 0 ? value.step : 0, items };
}

/**
 * Read a progress file (its text) into the store, checked as a stranger's file would be: its size, its
 * shape, only this store's keys, no key that reaches a prototype, data only (nothing in it is ever run
 * or drawn as HTML).  It adds to what is here (a widget's newer record wins, days and review meet).
 * Returns {widgets, review, days}; throws ProgressFileError with a reason a learner can act on.
 */
export function importProgress(text) {
  if (typeof text !== "string") throw new ProgressFileError(t("That is not a progress file (it is not text)."));
  if (text.length > MAX_FILE_BYTES) throw new ProgressFileError(t("That file is too big to be a progress file from this book."));
  let data;
  try {
    data = JSON.parse(text, dropUnsafeKeys);
  } catch (_error) {
    throw new ProgressFileError(t("That is not a progress file: it is not the JSON this book saves."));
  }
  if (!isObject(data) || data.format !== FILE_FORMAT)
    throw new ProgressFileError(t("That is not a progress file from this book (choose the file Save my progress made)."));
  if (data.version !== 2)
    throw new ProgressFileError(t("That progress file is of version {version}; this book reads version 2.", { version: JSON.stringify(data.version) }));
  if (!isObject(data.records)) throw new ProgressFileError(t("That progress file holds no progress."));
  const names = Object.keys(data.records);
  if (names.length > MAX_RECORDS) throw new ProgressFileError(t("That progress file holds far more than this book ever saves."));
  const problem = plainProblem(data.records);
  if (problem) throw new ProgressFileError(t("That progress file cannot be read: {problem}.", { problem }));
  const s = storage();
  if (!s) throw new ProgressFileError(t("This browser keeps no progress here (private browsing, or storage turned off)."));
  migrate(s);
  const counts = { widgets: 0, review: 0, days: 0 };
  const written = [];
  for (const name of names) {
    const value = data.records[name];
    if (!recordName(name) || !isObject(value)) continue;
    const key = STORE_PREFIX + name;
    const here = readRaw(s, key);
    let merged;
    if (name.startsWith("w:")) {
      const clean = cleanWidget(value);
      merged = here ? mergeWidget(here, clean) : clean;
      counts.widgets += 1;
    } else if (name === "review") {
      const clean = cleanReview(value);
      const mine = here ? cleanReview(here) : { step: 0, items: {} };
      const items = { ...mine.items };
      for (const [id, e] of Object.entries(clean.items)) if (!items[id] || (items[id].seen || 0) < e.seen) items[id] = e;
      merged = { step: Math.max(mine.step, clean.step), items };
      trim(merged);
      counts.review = Object.keys(clean.items).length;
    } else if (name === "days") {
      const clean = cleanDays(value);
      const mine = here ? cleanDays(here) : { goal: clean.goal, days: {} };
      const days = { ...mine.days };
      for (const [day, n] of Object.entries(clean.days)) days[day] = Math.max(days[day] || 0, n);
      merged = { goal: here ? mine.goal : clean.goal, days };
      counts.days = Object.keys(clean.days).length;
    } else {
      merged = { ...cleanDates(value), ...(here ? cleanDates(here) : {}) };
    }
    try {
      s.setItem(key, JSON.stringify(merged));
      written.push(key);
    } catch (_error) {
      throw new ProgressFileError(t("This browser's storage is full: part of the file was read, the rest could not be kept."));
    }
  }
  announce(written);
  return counts;
}
