// The words the widgets and the Python handlers share: a deal's phases, the reply types a handler
// sends back, the bots' levels, a problem's status, an assignment's feedback modes.  The Python side
// writes them as typing.Literal aliases (fivehundred_tutor.deal.Phase,
// fivehundred_tutor.handlers.models, fivehundred_tutor.exercises.assignment);
// tests/widgets/test_models.py checks that these lists say exactly the same.  Constants only: no
// rules of the game here.

/** @typedef {"auction" | "kitty" | "play" | "done"} Phase */
/** @type {readonly Phase[]} */
export const PHASES = Object.freeze(["auction", "kitty", "play", "done"]);

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

/** @typedef {"easy" | "strong"} BotLevel */
/** @type {readonly BotLevel[]} */
export const BOT_LEVELS = Object.freeze(["easy", "strong"]);

/** @typedef {"your-turn" | "done"} ProblemStatus */
/** @type {readonly ProblemStatus[]} */
export const PROBLEM_STATUSES = Object.freeze(["your-turn", "done"]);

/** @typedef {"immediate" | "after-submit" | "none"} FeedbackMode */
/** @type {readonly FeedbackMode[]} */
export const FEEDBACK_MODES = Object.freeze(["immediate", "after-submit", "none"]);

/**
 * A reply from the handlers: its type, the request's id echoed, and for an error its words
 * (``bug`` set when the fault is ours, not the learner's).
 * @typedef {{type: ReplyType, id?: unknown, error?: string, bug?: boolean}} Reply
 */
