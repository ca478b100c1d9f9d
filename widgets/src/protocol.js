// The words the widgets and the Python handlers share: a deal's phases, the reply types a handler
// sends back, the bots' levels, a problem's status, an assignment's feedback modes, a replay action's kind.  The Python side
// writes them as typing.Literal aliases (fivehundred_tutor.deal.Phase,
// fivehundred_tutor.handlers.models, fivehundred_tutor.exercises.assignment);
// tests/widgets/test_models.py checks that these lists say exactly the same.  Constants only: no
// rules of the game here.
//
// Each list has a map of named constants beside it (PHASE.KITTY, REPLY.TAKEN_BACK, …): the widgets compare
// and send these names, never the bare words, so a word renamed here shows up at every place that uses it
// (widgets/tests/protocol.test.js checks that each map holds its list's words, each once, and that no
// widget compares a protocol word as a string literal).  A name is its word in capitals, "-" as "_".

/** @typedef {"auction" | "kitty" | "play" | "done"} Phase */
/** @type {readonly Phase[]} */
export const PHASES = Object.freeze(["auction", "kitty", "play", "done"]);
export const PHASE = Object.freeze({ AUCTION: "auction", KITTY: "kitty", PLAY: "play", DONE: "done" });

/**
 * @typedef {"hello" | "error" | "cards" | "deal" | "explain" | "hand" | "hint" | "judge" | "judged" | "level" | "made" |
 *   "marked" | "moved" | "none" | "progress" | "puzzle" | "question" | "restarted" | "review" | "rules" | "taken-back" |
 *   "verdict"} ReplyType
 */
/** @type {readonly ReplyType[]} */
export const REPLY_TYPES = Object.freeze([
  "hello",
  "error",
  "cards",
  "deal",
  "explain",
  "hand",
  "hint",
  "judge",
  "judged",
  "level",
  "made",
  "marked",
  "moved",
  "none",
  "progress",
  "puzzle",
  "question",
  "restarted",
  "review",
  "rules",
  "taken-back",
  "verdict",
]);
export const REPLY = Object.freeze({
  HELLO: "hello",
  ERROR: "error",
  CARDS: "cards",
  DEAL: "deal",
  EXPLAIN: "explain",
  HAND: "hand",
  HINT: "hint",
  JUDGE: "judge",
  JUDGED: "judged",
  LEVEL: "level",
  MADE: "made",
  MARKED: "marked",
  MOVED: "moved",
  NONE: "none",
  PROGRESS: "progress",
  PUZZLE: "puzzle",
  QUESTION: "question",
  RESTARTED: "restarted",
  REVIEW: "review",
  RULES: "rules",
  TAKEN_BACK: "taken-back",
  VERDICT: "verdict",
});

/** @typedef {"easy" | "strong"} BotLevel */
/** @type {readonly BotLevel[]} */
export const BOT_LEVELS = Object.freeze(["easy", "strong"]);
export const BOT_LEVEL = Object.freeze({ EASY: "easy", STRONG: "strong" });

/** @typedef {"your-turn" | "done"} ProblemStatus */
/** @type {readonly ProblemStatus[]} */
export const PROBLEM_STATUSES = Object.freeze(["your-turn", "done"]);
export const PROBLEM_STATUS = Object.freeze({ YOUR_TURN: "your-turn", DONE: "done" });

/** @typedef {"immediate" | "after-submit" | "none"} FeedbackMode */
/** @type {readonly FeedbackMode[]} */
export const FEEDBACK_MODES = Object.freeze(["immediate", "after-submit", "none"]);
export const FEEDBACK_MODE = Object.freeze({ IMMEDIATE: "immediate", AFTER_SUBMIT: "after-submit", NONE: "none" });

/** @typedef {"call" | "discard" | "nominate" | "partner" | "play"} ActionKind */
/** @type {readonly ActionKind[]} */
export const ACTION_KINDS = Object.freeze(["call", "discard", "nominate", "partner", "play"]);
export const ACTION_KIND = Object.freeze({ CALL: "call", DISCARD: "discard", NOMINATE: "nominate", PARTNER: "partner", PLAY: "play" });

/**
 * A reply from the handlers: its type, the request's id echoed, and for an error its words
 * (``bug`` set when the fault is ours, not the learner's).
 * @typedef {{type: ReplyType, id?: unknown, error?: string, bug?: boolean}} Reply
 */
