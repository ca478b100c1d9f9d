// The words the widgets and Python share (widgets/src/protocol.js): every reply type a widget reads is one
// the Python side declares (tests/widgets/test_models.py checks protocol.js against the Python models), so a
// reply renamed on one side fails here instead of leaving a widget waiting for a word that never comes.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { BOT_LEVELS, PHASES, REPLY_TYPES } from "../src/protocol.js";

const SRC = new URL("../src/", import.meta.url);
const sources = readdirSync(SRC)
  .filter((name) => name.endsWith(".js") && name !== "protocol.js")
  .map((name) => [name, readFileSync(new URL(name, SRC), "utf8")]);

/** Every "word" a source compares a reply's type with: `reply.type === "x"`, `reply?.type !== "x"`. */
function replyTypesRead(text) {
  const found = [];
  for (const match of text.matchAll(/\breply\??\.type\s*[!=]==\s*"([^"]+)"/g)) found.push(match[1]);
  return found;
}

test("the widgets read only reply types the protocol declares", () => {
  const read = new Set();
  for (const [name, text] of sources) {
    for (const word of replyTypesRead(text)) {
      read.add(word);
      assert.ok(REPLY_TYPES.includes(word), `${name} reads a reply of type "${word}", which protocol.js does not declare`);
    }
  }
  // the check reads something: the widgets answer at least errors, verdicts, hints and new deals
  for (const word of ["error", "verdict", "hint", "deal", "judged", "marked"]) assert.ok(read.has(word), word);
});

test("the finder sees both spellings and nothing else", () => {
  assert.deepEqual(replyTypesRead('if (reply.type === "error") x; if (reply?.type !== "judged") y; type: "hello"'), ["error", "judged"]);
});

test("the protocol's lists are frozen and have no word twice", () => {
  for (const list of [PHASES, REPLY_TYPES, BOT_LEVELS]) {
    assert.ok(Object.isFrozen(list));
    assert.equal(new Set(list).size, list.length);
  }
});
