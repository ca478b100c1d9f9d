// The canonical text of a response to a question: the key under which the engine stored a
// verdict (quiz banks) or the keys it accepts (assignments).  Python has the same function
// (widgets/tests/keys.test.js checks the two agree over generated questions of every topic).

import { t } from "./language.js";

const WHOLE = /^[+-]?\d{1,6}$/;

/**
 * A whole number as canonical text ("40", "-140"), or null.  Read: 40, 40.0, "40", " +40 ",
 * "1 040" (spaces dropped), "−40" (U+2212 minus); not: 40.5, "4e1", "", true, null.
 */
export function wholeNumberText(value) {
  if (typeof value === "number") return Number.isSafeInteger(value) ? String(value === 0 ? 0 : value) : null;
  if (typeof value !== "string") return null;
  const text = value.trim().replaceAll("\u2212", "-").replaceAll(" ", "");
  return WHOLE.test(text) ? String(Number.parseInt(text, 10) || 0) : null;
}

function numberValues(fields, response) {
  const isList = Array.isArray(response);
  const isDict = typeof response === "object" && !isList;
  if (!fields.length) return isList || isDict ? null : [response];
  const ids = fields.map((f) => String(f.id));
  if (isDict) return Object.keys(response).every((k) => ids.includes(k)) ? ids.map((id) => response[id]) : null;
  if (isList) return response.length === ids.length ? response : null;
  return ids.length === 1 ? [response] : null;
}

/**
 * The key of `response` to `question` ({kind, fields?}), or null when it cannot be read:
 *   choice        the chosen id (text)
 *   multi, cards  the ids, sorted, joined by ","
 *   order         the ids in the given order, joined by ","
 *   number        each field's whole number, in the question's field order, joined by ","; the
 *                 response is {field id: value}, or [values] in field order, or one value when
 *                 the question has one field or none
 */
export function responseKey(question, response) {
  const kind = question?.kind;
  if (response === undefined || response === null) return null;
  const isIds = Array.isArray(response) && response.every((v) => typeof v === "string");
  if (kind === "choice") return typeof response === "string" ? response : null;
  if (kind === "multi" || kind === "cards") return isIds ? [...response].sort().join(",") : null;
  if (kind === "order") return isIds ? response.join(",") : null;
  if (kind === "number") {
    const values = numberValues(Array.isArray(question.fields) ? question.fields : [], response);
    const out = values ? values.map(wholeNumberText) : [null];
    return out.includes(null) ? null : out.join(",");
  }
  return null;
}

/** Has the learner given any answer at all (for progress counts)? */
export function isAnswered(response) {
  if (response === undefined || response === null || response === "") return false;
  if (Array.isArray(response)) return response.length > 0;
  if (typeof response === "object") return Object.values(response).some((v) => String(v ?? "").trim() !== "");
  return true;
}

/**
 * Where an answer stands for a progress count: "blank", "unreadable" (given, but the engine could not
 * read it, like "abc" in a number box or one box of two left empty) or "answered".
 */
export function answerState(question, response) {
  if (!isAnswered(response)) return "blank";
  return responseKey(question, response) === null ? "unreadable" : "answered";
}

/**
 * What is wrong with a number answer as typed, in words for the student ("" when nothing is: blank, or
 * readable): a box left empty beside a filled one, or text that is no whole number ("forty", "1e5", "40.5").
 */
export function numberHint(question, response) {
  if (question?.kind !== "number" || !isAnswered(response)) return "";
  const fields = Array.isArray(question.fields) ? question.fields : [];
  if (fields.some((f) => String(response?.[f.id] ?? "").trim() === "")) return t("Write a number in every box (0 if nothing).");
  return responseKey(question, response) === null ? t("Write whole numbers only, like 280 or -140.") : "";
}

/** Look the verdict of a quiz question up in what the engine precomputed ({correct, feedback}). */
export function localVerdict(question, response) {
  const key = responseKey(question, response);
  const verdicts = question.verdicts || {};
  if (key !== null && Object.hasOwn(verdicts, key)) {
    const [correct, at] = verdicts[key];
    return { correct: Boolean(correct), feedback: (question.feedbacks || [])[at] || "" };
  }
  if (key !== null && question.answer_key !== null && question.answer_key !== undefined && key === question.answer_key) {
    return { correct: true, feedback: question.right };
  }
  return { correct: false, feedback: question.wrong };
}

/**
 * The fields of a number question whose figure in `response` is not the answer (an empty or unreadable box too),
 * in the question's order; a field the answer does not name is never a miss.  A question with no fields has one
 * box, its `response` and `answer` one value each.  The boxes' outlines and the verdict's words both come from it.
 */
export function missedFields(question, response) {
  if (question?.kind !== "number" || response === null || response === undefined) return [];
  const fields = Array.isArray(question.fields) && question.fields.length ? question.fields : [{ id: "", label: t("Answer") }];
  const answer = question.answer;
  const want = (f) => (answer && typeof answer === "object" ? answer[f.id] : answer);
  const given = (f) => (f.id ? response?.[f.id] : response);
  return fields.filter((f) => want(f) !== undefined && wholeNumberText(want(f)) !== wholeNumberText(given(f) ?? ""));
}

/**
 * The labels of a number question's boxes whose figure is not the answer (empty boxes too), in the
 * question's order; [] when there is no response or the question has one box or none (its verdict says it).
 * The verdict names them: "1 of 2 figures right" alone leaves the learner to guess which.
 */
export function numberMisses(question, response) {
  const boxes = Array.isArray(question?.fields) ? question.fields.length : 0;
  if (boxes < 2 || !response || typeof response !== "object" || Array.isArray(response)) return [];
  return missedFields(question, response).map((f) => String(f.label || f.id));
}
