// The words the widgets and Python share (widgets/src/protocol.js): every reply type a widget reads is one
// the Python side declares (tests/widgets/test_models.py checks protocol.js against the Python models), so a
// reply renamed on one side fails here instead of leaving a widget waiting for a word that never comes.
// The widgets name these words through protocol.js's constant maps (REPLY.HINT, PHASE.KITTY …): each map
// holds its list's words, each once, every name a widget uses is in its map, and no widget compares a
// type, a phase, a status, a bot level or a feedback mode with a protocol word written out as a string.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import {
  ACTION_KIND,
  ACTION_KINDS,
  BOT_LEVEL,
  BOT_LEVELS,
  FEEDBACK_MODE,
  FEEDBACK_MODES,
  PHASE,
  PHASES,
  PROBLEM_STATUS,
  PROBLEM_STATUSES,
  REPLY,
  REPLY_TYPES,
} from "../src/protocol.js";

const SRC = new URL("../src/", import.meta.url);
const sources = readdirSync(SRC)
  .filter((name) => name.endsWith(".js") && name !== "protocol.js")
  .map((name) => [name, readFileSync(new URL(name, SRC), "utf8")]);

/** Each map, its list, and the words the map stands for. */
const MAPS = {
  PHASE: [PHASE, PHASES],
  REPLY: [REPLY, REPLY_TYPES],
  BOT_LEVEL: [BOT_LEVEL, BOT_LEVELS],
  PROBLEM_STATUS: [PROBLEM_STATUS, PROBLEM_STATUSES],
  FEEDBACK_MODE: [FEEDBACK_MODE, FEEDBACK_MODES],
  ACTION_KIND: [ACTION_KIND, ACTION_KINDS],
};

/** A word's name in its map: capitals, "-" as "_" ("taken-back" → TAKEN_BACK). */
const nameOf = (word) => word.toUpperCase().replaceAll("-", "_");

/** Every `MAP.NAME` a source uses (REPLY.HINT, PHASE.KITTY …), as [map, name]. */
function namesUsed(text) {
  const maps = Object.keys(MAPS).join("|");
  return [...text.matchAll(new RegExp(`\\b(${maps})\\.([A-Za-z_]+)\\b`, "g"))].map((m) => [m[1], m[2]]);
}

// What each compared thing may hold: a `.type` (or a `type` variable) a reply's or a shared request's word,
// a phase a phase … (a kernel's status "restarted" or a puzzle trainer's mode are other vocabularies).
const COMPARED = [
  [/(?:\b|\.)type/, REPLY_TYPES],
  [/(?:\b|\.)phase/, PHASES],
  [/(?:\b|\.)status/, PROBLEM_STATUSES],
  [/(?:\b|\.)level/, BOT_LEVELS],
  [/\b(?:feedbackMode|feedback_mode|\.feedback)/, FEEDBACK_MODES],
  // a replay's action or stop (a part's or a question's kind are other vocabularies)
  [/\b(?:stop|action)\??\.kind/, ACTION_KINDS],
];

/**
 * Every comparison of a type, phase, status, bot level or feedback mode with a protocol word written out:
 * `x.type === "error"`, `reply?.type !== "hint"`, `"done" === status` … as "line: text".
 */
function literalWords(text) {
  const found = [];
  const lines = text.split("\n");
  for (const [at, line] of lines.entries()) {
    for (const [what, words] of COMPARED) {
      const thing = what.source;
      const after = new RegExp(`${thing}\\b\\s*[!=]==?\\s*["'\`]([^"'\`]*)["'\`]`, "g");
      const before = new RegExp(`["'\`]([^"'\`]*)["'\`]\\s*[!=]==?\\s*[\\w.?]*${thing}\\b`, "g");
      for (const pattern of [after, before]) {
        for (const m of line.matchAll(pattern)) if (words.includes(m[1])) found.push(`${at + 1}: ${line.trim()}`);
      }
    }
  }
  return found;
}

/**
 * Every message a source builds with a reply word written out as its type (`{ type: "hint" }` sent as a
 * request, `{ type: "error", … }` made as a reply), as "line: text".  A widget's own events are left
 * alone (`on: { type: "hint" }`, `dispatch({ type: "hello", reply })`: the reducer's words), as are comments.
 */
function literalSends(text) {
  const found = [];
  for (const [at, line] of text.split("\n").entries()) {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
    for (const m of line.matchAll(/(on:\s*|dispatch\(\s*)?\{\s*type:\s*["'`]([^"'`]*)["'`]/g)) {
      if (!m[1] && REPLY_TYPES.includes(m[2])) found.push(`${at + 1}: ${line.trim()}`);
    }
  }
  return found;
}

test("each constant map holds its list's words, each once, named after the word", () => {
  for (const [name, [map, list]] of Object.entries(MAPS)) {
    assert.ok(Object.isFrozen(map), `${name} is frozen`);
    assert.deepEqual(Object.values(map), [...list], `${name} has the words of its list, in its order`);
    assert.deepEqual(Object.keys(map), list.map(nameOf), `${name}'s names are its words in capitals`);
  }
});

test("every constant a widget uses is in its map", () => {
  for (const [file, text] of sources) {
    for (const [map, name] of namesUsed(text)) assert.ok(Object.hasOwn(MAPS[map][0], name), `${file} uses ${map}.${name}, which protocol.js does not declare`);
  }
});

test("the widgets read the replies through the protocol's names", () => {
  const used = new Set(sources.flatMap(([, text]) => namesUsed(text).map(([map, name]) => `${map}.${name}`)));
  // the check reads something: the widgets answer at least errors, verdicts, hints, new deals and the phases
  for (const name of ["REPLY.ERROR", "REPLY.VERDICT", "REPLY.HINT", "REPLY.DEAL", "REPLY.JUDGED", "REPLY.MARKED", "PHASE.KITTY", "PROBLEM_STATUS.DONE"])
    assert.ok(used.has(name), name);
});

test("no widget compares a protocol word written out as a string", () => {
  const found = sources.flatMap(([file, text]) => literalWords(text).map((line) => `${file}:${line}`));
  assert.deepEqual(found, [], "compare with protocol.js's constants (REPLY.ERROR, PHASE.KITTY …) instead");
});

test("no widget sends a reply word written out as a string", () => {
  const found = sources.flatMap(([file, text]) => literalSends(text).map((line) => `${file}:${line}`));
  assert.deepEqual(found, [], "send protocol.js's constants (REPLY.HINT …) instead");
});

test("the sends finder sees requests and made replies, not a widget's own events", () => {
  const text = [
    'request(model, { type: "hint" }, 30000);',
    'return sending(s, ui, { type: "level", level: event.value });',
    'finish({ type: "error", restarted: true });',
    'on: { type: "hint" }, dispatch({ type: "hello", reply });',
    '// {type: "error"} in a comment',
    'request(model, { type: "play", code }); request(model, { type: REPLY.HINT });',
  ].join("\n");
  assert.deepEqual(
    literalSends(text).map((line) => Number(line.split(":")[0])),
    [1, 2, 3],
  );
});

test("the finder sees both spellings and both sides, and leaves other words and other vocabularies alone", () => {
  const text = [
    'if (reply.type === "error") x;',
    'if (reply?.type !== "judged") y;',
    'if ("kitty" === frame.phase) z;',
    'const hint = type === "hint";',
    'if (ui.live.status == "done") w;',
    'if (feedbackMode === "after-submit") v;',
    "if (s.state.level === 'strong') u;",
    'if (event.type === "next") a; if (status === "restarted") b; if (part.kind === "play") c; type: "hello";',
    'if (stop.kind === "play") e;',
    "if (reply.type === REPLY.ERROR) d;",
  ].join("\n");
  assert.deepEqual(
    literalWords(text).map((line) => Number(line.split(":")[0])),
    [1, 2, 3, 4, 5, 6, 7, 9],
  );
  assert.deepEqual(namesUsed("reply.type === REPLY.TAKEN_BACK || v.phase === PHASE.KITTY; REPLY_TYPES"), [
    ["REPLY", "TAKEN_BACK"],
    ["PHASE", "KITTY"],
  ]);
});

test("the protocol's lists are frozen and have no word twice", () => {
  for (const list of [PHASES, REPLY_TYPES, BOT_LEVELS, PROBLEM_STATUSES, FEEDBACK_MODES, ACTION_KINDS]) {
    assert.ok(Object.isFrozen(list));
    assert.equal(new Set(list).size, list.length);
  }
});
