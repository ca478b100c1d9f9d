// Words the fluent readers of the Polish and Italian editions found in English in the widgets (findings
// plB 22/33, itB 29): where a 2-player card comes from ("hand", "table") is said in the reader's words.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { contextParts } from "../src/context.js";
import { evaluatorReduce, evaluatorState, evaluatorView, freshEvaluatorUi } from "../src/evaluator.js";
import { decimalWords, seatWords, sourceWords } from "../src/format.js";
import { useLanguage } from "../src/language.js";
import { findPart } from "../src/parts.js";
import { freshReplayUi, replayState, replayView } from "../src/replay.js";

afterEach(() => useLanguage("en"));

test("a 2-player seat with where its card comes from, in Polish and Italian", () => {
  assert.equal(seatWords("North (hand)"), "North (hand)");
  useLanguage("pl");
  assert.equal(seatWords("North (hand)"), "Północ (ręka)");
  assert.equal(seatWords("South (table)"), "Południe (stół)");
  assert.equal(sourceWords("table"), "stół");
  useLanguage("it");
  assert.equal(seatWords("South (table)"), "Sud (tavolo)");
  assert.equal(sourceWords("hand"), "mano");
});

test("a quiz's trick so far in the 2-player game: 'Północ (ręka)', not 'North (hand)'", () => {
  useLanguage("pl");
  const box = contextParts({
    trick: [
      { code: "AC", words: "As trefl", seat: "North (hand)" },
      { code: "QC", words: "Dama trefl", seat: "South (hand)" },
    ],
    to_play: "North (table)",
  });
  const trick = findPart(box, "trick");
  assert.deepEqual(
    trick.slots.map((s) => s.caption),
    ["Północ (ręka)", "Południe (ręka)"],
  );
  assert.equal(trick.label, "Lewa do tej pory: Północ (ręka): As trefl, Południe (ręka): Dama trefl");
  assert.match(JSON.stringify(box), /"text":"Północ \(stół\)"/);
});

const frame = (over = {}) => ({
  hands: ["5C", "6S"],
  trick: [],
  tricks_won: [0, 0],
  side_tricks: [0, 0],
  contract: "7H",
  declarer: 0,
  to_move: 0,
  phase: "play",
  trick_no: 0,
  winner: null,
  left_bower: "JD",
  ...over,
});

test("a 2-player replay's trick captions and order line in Italian", () => {
  useLanguage("it");
  const two = {
    title: "Due",
    players: 2,
    dealer: 1,
    seat_names: ["Nord", "Sud"],
    side_names: ["Nord", "Sud"],
    positions: ["top", "bottom"],
    kitty: 0,
    actions: [{ kind: "play", seat: 1, text: "Sud gioca 8♥" }],
    frames: [
      frame(),
      frame({
        trick: [
          [1, "8H", "hand"],
          [0, "AH", "hand"],
          [1, "4H", "table"],
        ],
        order: [
          [1, "hand"],
          [0, "hand"],
          [1, "table"],
          [0, "table"],
        ],
        to_move: 0,
      }),
    ],
    stops: [],
  };
  const view = replayView(replayState(two, 1, {}), freshReplayUi());
  const trick = findPart(view, "trick");
  assert.deepEqual(
    trick.slots.map((s) => s.caption),
    ["Sud (mano)", "Nord (mano)", "Sud (tavolo)"],
  );
  const text = JSON.stringify(view);
  assert.match(text, /1\. Sud \(mano\), 2\. Nord \(mano\), 3\. Sud \(tavolo\), 4\. Nord \(tavolo\)/);
  assert.doesNotMatch(text, /\((hand|table)\)| hand| table/);
});

test("decimals with the language's decimal mark: 8.9, 8,9", () => {
  assert.equal(decimalWords(8.94), "8.9");
  useLanguage("pl");
  assert.equal(decimalWords(8.94), "8,9");
  assert.equal(decimalWords(6), "6,0");
  useLanguage("it");
  assert.equal(decimalWords(7.26, 1), "7,3");
});

test("the hand evaluator's histograms and verdict: 'średnio 8,9', 'media 8,9' (plB 26, itB 27)", () => {
  const res = (mean, right) => ({ mean, right, chance: [1, 1, 1, 1, 1, 0.97, 0.9, 0.5, 0.25, 0.1, 0], dist: [0, 0, 0, 0, 0, 1, 2, 3, 2, 1, 0], reason: "" });
  const dens = [
    { code: "S", label: "♠", words: "spades" },
    { code: "NT", label: "NT", words: "no trumps" },
  ];
  const hand = {
    id: "h1",
    cards: ["AS"],
    label: "As pik",
    ready: true,
    done: 40,
    layouts: 40,
    hints: [],
    results: { S: res(8.94, [8, 9]), NT: res(6.0, [5, 6]) },
  };
  const data = { title: "Judge", hands: [hand], denominations: dens, tricks: 10, tolerance: 1, rules_title: "Rules" };
  const record = () => ({ mastered: {}, round: { answers: {} } });
  for (const [code, word] of [
    ["pl", "średnio"],
    ["it", "media"],
  ]) {
    useLanguage(code);
    const s = { ...evaluatorState(data, 0, record(), null), responses: {} };
    const out = evaluatorReduce(s, freshEvaluatorUi(), { type: "submit", values: { S: "3", NT: "9" } });
    const done = { ...evaluatorState(data, 0, out.run.record, null), responses: {} };
    const view = evaluatorView(done, { ...out.ui, shown: { h1: true } });
    const chart = findPart(view, "chart");
    assert.equal(chart.caption, `${word} 8,9`);
    const verdict = findPart(view, "verdict");
    assert.match(`${verdict.reason} ${verdict.more.join(" ")}`, /6,0/);
    for (const text of [verdict.reason, ...verdict.more, chart.words]) assert.doesNotMatch(text, /average|\d\.\d/);
  }
});
