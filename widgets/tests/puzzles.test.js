// The puzzle trainer's pure parts (widgets/src/glicko.js, puzzle-progress.js, puzzles.js) without a
// browser: Glickman's worked example, the progress record, and what the learner sees and does.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { update } from "../src/glicko.js";
import { findPart, walk } from "../src/parts.js";
import { dayStats, STORE_PREFIX } from "../src/progress.js";
import { freshProgress, levelState, loadPuzzleProgress, PUZZLE_RECORD, recordAttempt, savePuzzleProgress, strongWeak } from "../src/puzzle-progress.js";
import { freshPuzzleUi, nextPuzzle, puzzleReduce, puzzleState, puzzleView, runPuzzleEffect } from "../src/puzzles.js";

class MemoryStorage {
  constructor() {
    this.map = new Map();
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

beforeEach(() => {
  Object.defineProperty(globalThis, "localStorage", { value: new MemoryStorage(), configurable: true, writable: true });
});

test("Glickman's worked example", () => {
  const after = update({ rating: 1500, deviation: 200, volatility: 0.06 }, [
    [{ rating: 1400, deviation: 30 }, 1],
    [{ rating: 1550, deviation: 100 }, 0],
    [{ rating: 1700, deviation: 300 }, 0],
  ]);
  assert.ok(Math.abs(after.rating - 1464.06) < 0.02, after.rating);
  assert.ok(Math.abs(after.deviation - 151.52) < 0.01, after.deviation);
  assert.ok(Math.abs(after.volatility - 0.05999) < 0.00001, after.volatility);
});

const card = (id, rating, themes = ["ducking"]) => ({
  id,
  rating,
  kind: "suit",
  kind_title: "four players, a trump contract",
  rules_title: "Australian rules (the usual game)",
  themes,
  theme_names: themes.map((t) => t),
  lesson: "Sometimes you should let a trick go.",
  thumb_note: "The usual rule — win the trick as cheaply as you can — loses here.",
  players: 4,
  seat: 0,
  seat_name: "North",
  seat_names: ["North", "East", "South", "West"],
  side_names: ["North–South", "East–West"],
  declarer: 0,
  contract: "7H",
  contract_label: "7♥",
  hands: [["AS", "5S"], 2, 2, 2],
  left_bower: "JD",
  exposed: [],
  out: [],
  piles: null,
  trick: [[3, "KS", null]],
  trick_joker_suit: null,
  tricks_won: [4, 2, 2, 0],
  side_tricks: [6, 2],
  history: [],
  voids: {},
  prompt: "You play North, the declarer.",
  legal: ["AS", "5S"],
  choice_of: { AS: 0, "5S": 1 },
  classes: [
    { codes: ["AS"], best: false, cost: 1, verdict: "A♠ costs 1 trick.", line: [] },
    { codes: ["5S"], best: true, cost: 0, verdict: "Right: 5♠.", line: [{ number: 9, plays: [[3, "KS", null]], winner: 3 }] },
  ],
  solution: "Best is 5♠.",
});
const model = {
  title: "Puzzles",
  mode: "trainer",
  puzzles: [card("p1", 1400), card("p2", 1500, ["entries"]), card("p3", 2100)],
  levels: [
    { name: "A", ids: ["p1"] },
    { name: "B", ids: ["p2", "p3"] },
  ],
  level_pass: 1,
  themes: [
    { id: "ducking", name: "Ducking" },
    { id: "entries", name: "Entries: reaching partner" },
  ],
};

test("a first try moves the rating and the streak; a second try does not", () => {
  let p = freshProgress();
  p = recordAttempt(p, card("x", 1500), true, { inStreak: true });
  assert.ok(p.rating.rating > 1500);
  assert.equal(p.streak.current, 1);
  const rated = p.rating.rating;
  p = recordAttempt(p, card("x", 1500), false, { inStreak: true });
  assert.equal(p.rating.rating, rated, "a retry is not rated");
  p = recordAttempt(p, card("y", 1500), false, { inStreak: true });
  assert.ok(p.rating.rating < rated);
  assert.equal(p.streak.current, 0);
  assert.equal(p.streak.best, 1);
  savePuzzleProgress(p);
  assert.deepEqual(loadPuzzleProgress(), p, "kept across reloads");
  assert.ok(globalThis.localStorage.getItem(`${STORE_PREFIX}w:${PUZZLE_RECORD}`), "in the one progress store");
  assert.equal(dayStats().today, 1, "an answer counts towards the day");
  globalThis.localStorage.setItem(`${STORE_PREFIX}w:${PUZZLE_RECORD}`, "{broken");
  assert.deepEqual(loadPuzzleProgress(), freshProgress(), "a damaged record starts afresh");
});

test("two trainers sharing the record: each answer is applied to the record in the store, neither loses the other's", () => {
  const s = puzzleState(model);
  // both mounted before either answered: each read the same (empty) record
  let upper = freshPuzzleUi(model, loadPuzzleProgress());
  let lower = freshPuzzleUi({ ...model, mode: "levels" }, loadPuzzleProgress());
  const answer = (ui, id, code, pick = 0) => {
    let out = puzzleReduce(s, ui, { type: "next", pick });
    out = puzzleReduce(s, { ...out.ui, current: model.puzzles.find((c) => c.id === id) }, { type: "choose", code });
    const kept = runPuzzleEffect(out.run);
    assert.ok(kept, "the answer is kept");
    return puzzleReduce(s, out.ui, { type: "progress", progress: kept }).ui;
  };
  upper = answer(upper, "p2", "5S");
  upper = answer(upper, "p3", "5S");
  assert.equal(loadPuzzleProgress().history.length, 2);
  // the lower trainer never heard of them (no page event here): its answer still keeps them
  lower = answer(lower, "p1", "AS");
  const kept = loadPuzzleProgress();
  assert.deepEqual(
    kept.history.map((h) => h.id),
    ["p2", "p3", "p1"],
    "no answer lost",
  );
  assert.deepEqual(Object.keys(kept.tries).sort(), ["p1", "p2", "p3"]);
  assert.equal(lower.progress.history.length, 3, "the lower trainer shows the record as kept");
  assert.equal(kept.history[2].before, kept.history[1].after, "rated from the rating the upper trainer reached");
  // and the upper one, told of the change, draws the same rating
  upper = puzzleReduce(s, upper, { type: "progress", progress: kept }).ui;
  const status = (ui) => walkText(puzzleView(s, ui)).find((x) => x.startsWith("Your rating"));
  assert.equal(status(upper), status(lower));
  assert.equal(puzzleReduce(s, upper, { type: "progress", progress: null }), null);
});

const walkText = (parts) => [...walk(parts)].filter((p) => typeof p?.text === "string").map((p) => p.text);

test("a trainer without levels has no Levels tab (learner trial 28: a tab with no level to choose)", () => {
  const modesOf = (m) =>
    findPart(puzzleView(puzzleState(m), freshPuzzleUi(m, freshProgress())), "box", "fht-pz-modes").children.map((b) => b.attrs["data-mode"]);
  assert.deepEqual(modesOf(model), ["rated", "streak", "theme", "levels"]);
  const noLevels = { ...model, levels: [] };
  assert.deepEqual(modesOf(noLevels), ["rated", "streak", "theme"]);
  const s = puzzleState(noLevels);
  assert.equal(puzzleReduce(s, freshPuzzleUi(noLevels, freshProgress()), { type: "mode", mode: "levels" }), null);
});

test("levels open in order", () => {
  let p = freshProgress();
  assert.deepEqual(
    levelState(model.levels, p, 1).map((l) => l.open),
    [true, false],
  );
  p = recordAttempt(p, card("p1", 1400), true);
  assert.deepEqual(
    levelState(model.levels, p, 1).map((l) => l.open),
    [true, true],
  );
});

test("strong and weak themes come from first tries", () => {
  let p = freshProgress();
  for (const [id, ok, theme] of [
    ["a", true, "ducking"],
    ["b", true, "ducking"],
    ["c", false, "entries"],
    ["d", false, "entries"],
  ])
    p = recordAttempt(p, card(id, 1500, [theme]), ok);
  const { strong, weak } = strongWeak(p, { ducking: "Ducking", entries: "Entries" });
  assert.deepEqual(
    strong.map((t) => t.theme),
    ["ducking"],
  );
  assert.deepEqual(
    weak.map((t) => t.theme),
    ["entries"],
  );
});

test("the next puzzle is the nearest the learner's rating, then a wrong card gets a teaching verdict", () => {
  const s = puzzleState(model);
  let ui = freshPuzzleUi(model, freshProgress());
  assert.equal(nextPuzzle(s, ui, 0).id, "p2", "1500 is nearest p2");
  let out = puzzleReduce(s, ui, { type: "next", pick: 0 });
  ui = out.ui;
  assert.equal(ui.current.id, "p2");
  const hand = findPart(puzzleView(s, ui), "hand");
  assert.deepEqual(
    hand.cards.map((c) => [c.code, c.button, c.disabled]),
    [
      ["AS", true, false],
      ["5S", true, false],
    ],
  );
  out = puzzleReduce(s, ui, { type: "choose", code: "AS" });
  assert.ok(out.run.attempt, "the answer is kept");
  ui = out.ui;
  const verdict = findPart(puzzleView(s, ui), "verdict");
  assert.equal(verdict.correct, false);
  assert.equal(verdict.reason, "A♠ costs 1 trick.");
  assert.ok(verdict.more.includes(model.puzzles[1].thumb_note));
  assert.ok(verdict.onTryAgain, "try again after a miss");
  assert.ok(
    [...walk(verdict.extra)].some((p) => p.cls === "fht-pz-solution"),
    "show the solution",
  );
  ui = puzzleReduce(s, ui, { type: "tryAgain" }).ui;
  ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  const right = findPart(puzzleView(s, ui), "verdict");
  assert.equal(right.correct, true);
  ui = puzzleReduce(s, ui, { type: "replay" }).ui;
  assert.ok(findPart(puzzleView(s, ui), "box", "fht-pz-replay"), "the best line replays");
  assert.equal(puzzleReduce(s, ui, { type: "choose", code: "AS" }), null, "one answer per try");
});

test("the puzzles-in-a-row streak is Streak mode's own: rated puzzles leave it alone, and it is named apart from the days in a row (learner review, finding 9)", () => {
  const s = puzzleState(model);
  let ui = freshPuzzleUi(model, freshProgress());
  for (const pick of [0, 1, 2]) {
    ui = puzzleReduce(s, ui, { type: "next", pick }).ui;
    ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  }
  assert.equal(ui.progress.history.length, 3, "three rated puzzles solved");
  assert.deepEqual(ui.progress.streak, { current: 0, best: 0 }, "no streak before Streak mode is played");
  ui = puzzleReduce(s, ui, { type: "mode", mode: "streak" }).ui;
  assert.match(findPart(puzzleView(s, ui), "text", "fht-pz-status").text, /Puzzles in a row: 0 \(best 0\)/);
  ui = puzzleReduce(s, { ...ui, progress: { ...ui.progress, tries: {} } }, { type: "next", pick: 0 }).ui;
  ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  assert.deepEqual(ui.progress.streak, { current: 1, best: 1 });
  assert.match(findPart(puzzleView(s, ui), "text", "fht-pz-status").text, /Puzzles in a row: 1 \(best 1\)/);
});

test("a streak ends at the first miss, and a theme drill keeps to its theme", () => {
  const s = puzzleState(model);
  let ui = { ...freshPuzzleUi(model, freshProgress()), mode: "streak" };
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  ui = puzzleReduce(s, ui, { type: "choose", code: "AS" }).ui;
  assert.equal(ui.streakOver, true);
  assert.equal(findPart(puzzleView(s, ui), "verdict").onTryAgain, null, "no second try in a streak");
  ui = puzzleReduce(s, ui, { type: "mode", mode: "theme" }).ui;
  ui = puzzleReduce(s, ui, { type: "theme", theme: "ducking" }).ui;
  for (const pick of [0, 1, 2, 3]) assert.equal(puzzleReduce(s, ui, { type: "next", pick }).ui.current?.themes.includes("ducking"), true);
});

test("live: the next puzzle is asked of the host, and the saved ones answer when nothing is left there", () => {
  const s = puzzleState(model);
  let ui = { ...freshPuzzleUi(model, freshProgress()), live: true };
  const out = puzzleReduce(s, ui, { type: "next", pick: 0 });
  assert.equal(out.request.type, "next");
  ui = puzzleReduce(s, out.ui, { type: "puzzle", reply: { type: "none", text: "You have seen every puzzle of this theme." }, asked: out.request }).ui;
  assert.equal(ui.current.id, "p2");
  assert.equal(ui.live, true);
});

const hostLine = (s, ui) => [...walk(puzzleView(s, ui))].find((p) => p?.cls?.includes("fht-pz-host"))?.text || "";

test("a slow first answer (JupyterLite's Python reading the bank) does not turn the trainer to its saved puzzles for good", () => {
  const s = puzzleState(model);
  const bank = card("bank-1", 1500, ["entries"]);
  let ui = { ...freshPuzzleUi(model, freshProgress()), live: true, host: "kernel" };
  let out = puzzleReduce(s, ui, { type: "next", pick: 0 });
  assert.match(hostLine(s, out.ui), /Asking Python/, "the learner is told what is happening");
  // no answer within the wait: a saved puzzle meanwhile, said plainly, and Python asked again
  out = puzzleReduce(s, out.ui, { type: "puzzle", reply: null, asked: out.request });
  ui = out.ui;
  assert.equal(ui.current.id, "p2", "a saved puzzle to solve meanwhile");
  assert.equal(ui.live, true, "still live");
  assert.match(hostLine(s, ui), /has not answered yet/);
  assert.equal(out.request?.type, "next", "the trainer keeps asking");
  const asked = out.request;
  ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  assert.equal(puzzleReduce(s, ui, { type: "next", pick: 0 }).request, undefined, "one question out at a time");
  // Python answers at last: that puzzle is the next one, and the learner is told
  ui = puzzleReduce(s, ui, { type: "puzzle", reply: { type: "puzzle", card: bank }, asked }).ui;
  assert.equal(ui.current.id, "p2", "the puzzle being solved stays");
  assert.match(hostLine(s, ui), /answers now/);
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  assert.equal(ui.current.id, "bank-1");
  // and from now on every next puzzle is asked of Python again
  out = puzzleReduce(s, ui, { type: "next", pick: 0 });
  assert.equal(out.request?.type, "next");
  assert.equal(out.ui.waiting, true);
});

test("a kernel busy with other cells: a saved puzzle meanwhile, and its answer comes next", () => {
  const s = puzzleState(model);
  const bank = card("bank-2", 1500);
  let out = puzzleReduce(s, { ...freshPuzzleUi(model, freshProgress()), live: true }, { type: "next", pick: 0 });
  const asked = out.request;
  out = puzzleReduce(s, out.ui, { type: "kernel", status: "waiting", text: "Waiting for Python…" });
  assert.equal(out.ui.current.id, "p2");
  assert.equal(out.request, undefined, "the first question is still out");
  let ui = puzzleReduce(s, out.ui, { type: "puzzle", reply: { type: "puzzle", card: bank }, asked }).ui;
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  assert.equal(ui.current.id, "bank-2");
  // a restart ends asking: the saved puzzles, and the restart advice
  ui = puzzleReduce(s, ui, { type: "kernel", status: "restarted", text: "Python restarted: run the whole notebook again." }).ui;
  assert.equal(ui.live, false);
  assert.match(hostLine(s, ui), /restarted/);
});

test("live: the next puzzle is asked for while the learner reads the verdict, so Next shows it at once", () => {
  const s = puzzleState(model);
  const reply = (id, themes) => ({ type: "puzzle", card: card(id, 1500, themes) });
  let out = puzzleReduce(s, { ...freshPuzzleUi(model, freshProgress()), live: true, host: "browser" }, { type: "next", pick: 0 });
  let ui = puzzleReduce(s, out.ui, { type: "puzzle", reply: reply("bank-a"), asked: out.request }).ui;
  assert.equal(ui.current.id, "bank-a");
  out = puzzleReduce(s, ui, { type: "choose", code: "5S", pick: 0 });
  assert.ok(out.run.attempt, "the answer is kept");
  assert.equal(out.request?.type, "next", "the next puzzle is asked for at once");
  assert.ok(out.request.seen.includes("bank-a"), "not the one just solved");
  ui = puzzleReduce(s, out.ui, { type: "puzzle", reply: reply("bank-b"), asked: out.request }).ui;
  assert.equal(ui.current.id, "bank-a", "the verdict stays");
  out = puzzleReduce(s, ui, { type: "next", pick: 0 });
  assert.equal(out.request, undefined, "nothing to wait for");
  assert.equal(out.ui.current.id, "bank-b");
  // Next before the answer came: it waits for that one (no second question)
  out = puzzleReduce(s, out.ui, { type: "choose", code: "5S", pick: 0 });
  const early = out.request;
  out = puzzleReduce(s, out.ui, { type: "next", pick: 0 });
  assert.equal(out.request, undefined);
  assert.equal(out.ui.waiting, true);
  ui = puzzleReduce(s, out.ui, { type: "puzzle", reply: reply("bank-c"), asked: early }).ui;
  assert.equal(ui.current.id, "bank-c");
  // a theme chosen meanwhile: the answer asked for the rated mode is not shown in the drill
  out = puzzleReduce(s, ui, { type: "choose", code: "5S", pick: 0 });
  const rated = out.request;
  ui = puzzleReduce(s, out.ui, { type: "mode", mode: "theme" }).ui;
  ui = puzzleReduce(s, ui, { type: "theme", theme: "entries" }).ui;
  out = puzzleReduce(s, ui, { type: "next", pick: 0 });
  assert.equal(out.request?.theme, "entries");
  assert.equal(puzzleReduce(s, out.ui, { type: "puzzle", reply: reply("bank-d"), asked: rated }), null, "an older question's answer is left");
  ui = puzzleReduce(s, out.ui, { type: "puzzle", reply: reply("bank-e", ["entries"]), asked: out.request }).ui;
  assert.equal(ui.current.id, "bank-e");
});

test("the rule of thumb's note goes only to a learner who played that rule's card (learner trial: 'second hand plays low' after a king)", () => {
  const thumbModel = { ...model, puzzles: model.puzzles.map((p) => ({ ...p, thumb_code: "5S" })) };
  const s = puzzleState(thumbModel);
  let ui = freshPuzzleUi(thumbModel, freshProgress());
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  ui = puzzleReduce(s, ui, { type: "choose", code: "AS" }).ui;
  const verdict = findPart(puzzleView(s, ui), "verdict");
  assert.equal(verdict.correct, false);
  assert.ok(!verdict.more.includes(ui.current.thumb_note), "A♠ is not the card the rule plays");
  const played = { ...thumbModel, puzzles: thumbModel.puzzles.map((p) => ({ ...p, thumb_code: "AS" })) };
  const s2 = puzzleState(played);
  let ui2 = freshPuzzleUi(played, freshProgress());
  ui2 = puzzleReduce(s2, ui2, { type: "next", pick: 0 }).ui;
  ui2 = puzzleReduce(s2, ui2, { type: "choose", code: "AS" }).ui;
  assert.ok(findPart(puzzleView(s2, ui2), "verdict").more.includes(ui2.current.thumb_note));
});

// A level problem played on: North leads, the replies come, North's next decision follows (puzzles/playon.py's shape).
const playOnCard = () => {
  const c = card("lv1", 1400);
  const trickOne = {
    number: 9,
    plays: [
      [3, "KS", null],
      [0, "5S", null],
      [1, "2S", null],
      [2, "3S", null],
    ],
    winner: 3,
    win_index: 0,
  };
  const trickTwo = { number: 10, plays: [[3, "4H", null]], winner: null };
  return {
    ...c,
    play_on: {
      nodes: [
        {
          depth: 1,
          total: 2,
          next: { "5S": { tricks: [trickOne, trickTwo], words: "Trick 9: West K♠, North 5♠ …; West wins. Trick 10: West 4♥.", node: 1, end: "" } },
        },
        {
          depth: 2,
          total: 2,
          hands: [["AS", "6H"], 1, 1, 1],
          trick: [[3, "4H", null]],
          prompt: "You play North, the declarer. Your play: which card is best?",
          legal: ["AS", "6H"],
          choice_of: { AS: 0, "6H": 1 },
          classes: [
            { codes: ["AS"], best: false, cost: 1, verdict: "A♠ costs 1 trick: East ruffs the heart.", line: [] },
            { codes: ["6H"], best: true, cost: 0, verdict: "6♥: your side takes the last trick.", line: [trickTwo] },
          ],
          solution: "Best is 6♥.",
          next: {
            "6H": {
              tricks: [
                {
                  number: 10,
                  plays: [
                    [3, "4H", null],
                    [0, "6H", null],
                    [1, "2H", null],
                    [2, "3H", null],
                  ],
                  winner: 0,
                  win_index: 1,
                },
              ],
              words: "Trick 10: …; North wins.",
              node: null,
              end: "Solved: all 2 of your cards were the best.",
              why: "The problem ends here: the rest of the hand is in the best line.",
            },
          },
        },
      ],
    },
  };
};

test("a level problem plays on: replies after a best card, the next decision judged, a miss tried again, solved once at the end", () => {
  const levelModel = { ...model, mode: "levels", puzzles: [playOnCard()], levels: [{ name: "A", ids: ["lv1"] }] };
  const s = puzzleState(levelModel);
  let ui = freshPuzzleUi(levelModel, freshProgress());
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  assert.equal(ui.current.id, "lv1");
  assert.match(findPart(puzzleView(s, ui), "text", "fht-pz-step").text, /Decision 1 of 2/);
  // a best card: the replies, on the table and in words; nothing recorded yet (the problem is not over)
  let out = puzzleReduce(s, ui, { type: "choose", code: "5S" });
  assert.equal(out.run, undefined, "not rated before the problem ends");
  ui = out.ui;
  let view = puzzleView(s, ui);
  let verdict = findPart(view, "verdict");
  assert.equal(verdict.correct, true);
  assert.ok(
    verdict.more.some((m) => m.includes("The other players reply") && m.includes("Trick 9")),
    verdict.more,
  );
  assert.deepEqual(verdict.onContinue, { type: "continue" });
  const tables = [...walk(view)].filter((p) => p?.kind === "trick" || p?.cls?.includes?.("fht-trick"));
  assert.ok(tables.length >= 1, "the trick the card went to is drawn");
  assert.ok(findPart(view, "box", "fht-pz-replies"), "the trick the replies went on to is drawn too");
  // the card played is in the trick, no longer in the hand (trial 28b: A♥ shown in both)
  assert.deepEqual(
    findPart(view, "hand").cards.map((c) => c.code),
    ["AS"],
  );
  assert.equal(ui.progress.tries.lv1, undefined);
  // the next decision: its own position and choices
  ui = puzzleReduce(s, ui, { type: "continue" }).ui;
  view = puzzleView(s, ui);
  assert.match(findPart(view, "text", "fht-pz-step").text, /Decision 2 of 2/);
  assert.deepEqual(
    findPart(view, "hand").cards.map((c) => c.code),
    ["AS", "6H"],
  );
  assert.equal(findPart(view, "verdict"), null);
  // a wrong card: its verdict (the solver's line after it), recorded as a miss, Try again at this step
  out = puzzleReduce(s, ui, { type: "choose", code: "AS" });
  assert.ok(out.run.attempt);
  ui = out.ui;
  verdict = findPart(puzzleView(s, ui), "verdict");
  assert.equal(verdict.correct, false);
  assert.equal(verdict.reason, "A♠ costs 1 trick: East ruffs the heart.");
  assert.ok(verdict.onTryAgain);
  assert.ok(
    verdict.notes.some((n) => n.startsWith("Rating 1500")),
    "rated at the first miss",
  );
  assert.deepEqual(ui.progress.tries.lv1, { first: false, solved: false });
  ui = puzzleReduce(s, ui, { type: "tryAgain" }).ui;
  assert.equal(ui.node, 1, "Try again stays at the step");
  // the last best card after a miss: right, but the problem is not solved (the chapter: solved when every card
  // played in it was the best), and said so (learner trial 28: "Solved: all 2 …" after two Try agains)
  out = puzzleReduce(s, ui, { type: "choose", code: "6H" });
  assert.equal(out.run.attempt.solved, false);
  ui = out.ui;
  verdict = findPart(puzzleView(s, ui), "verdict");
  assert.equal(verdict.correct, true);
  assert.equal(verdict.onContinue, null, "nothing after the last step");
  assert.ok(!verdict.more.some((m) => m.startsWith("Solved")), verdict.more);
  assert.ok(
    verdict.more.some((m) => m.startsWith("The problem ends here") && m.includes("Not solved yet") && m.includes("from its start")),
    verdict.more,
  );
  assert.ok(!verdict.notes.some((n) => n.startsWith("Rating")), "rated once");
  assert.deepEqual(ui.progress.tries.lv1, { first: false, solved: false });
  assert.equal(levelState(levelModel.levels, ui.progress, 1)[0].solved, 0, "the level does not count it");
  assert.equal(puzzleReduce(s, ui, { type: "continue" }), null);
  // it comes back from its start (here the only problem left), and every card best solves it
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  assert.equal(ui.current.id, "lv1");
  assert.equal(ui.node, 0);
  ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  ui = puzzleReduce(s, ui, { type: "continue" }).ui;
  out = puzzleReduce(s, ui, { type: "choose", code: "6H" });
  assert.equal(out.run.attempt.solved, true);
  ui = out.ui;
  assert.ok(findPart(puzzleView(s, ui), "verdict").more.includes("Solved: all 2 of your cards were the best."));
  assert.deepEqual(ui.progress.tries.lv1, { first: false, solved: true });
  assert.equal(levelState(levelModel.levels, ui.progress, 1)[0].solved, 1);
  // the same problem outside the levels is one decision (the rated trainer keeps its rules)
  const rated = { ...levelModel, mode: "trainer" };
  const s2 = puzzleState(rated);
  let ui2 = puzzleReduce(s2, freshPuzzleUi(rated, freshProgress()), { type: "next", pick: 0 }).ui;
  ui2 = puzzleReduce(s2, ui2, { type: "choose", code: "5S" }).ui;
  assert.equal(findPart(puzzleView(s2, ui2), "verdict").onContinue, null);
  assert.deepEqual(ui2.progress.tries.lv1, { first: true, solved: true });
});

test("the decision count is true from the first step: 'of up to N' when the lines differ (learner trial 28: '1 of 4', then '2 of 2')", () => {
  const c = playOnCard();
  const [first, second] = c.play_on.nodes;
  // another best card at the first step leads to a longer line (two more decisions)
  const deeper = (depth, node) => ({ ...second, depth, total: 4, next: { "6H": { tricks: [], words: "", node, end: node === null ? "Solved." : "" } } });
  c.play_on.nodes = [{ ...first, total: 4, next: { ...first.next, AS: { tricks: [], words: "", node: 2, end: "" } } }, second, deeper(3, 3), deeper(4, null)];
  const levelModel = { ...model, mode: "levels", puzzles: [c], levels: [{ name: "A", ids: ["lv1"] }] };
  const s = puzzleState(levelModel);
  let ui = puzzleReduce(s, freshPuzzleUi(levelModel, freshProgress()), { type: "next", pick: 0 }).ui;
  const said = () => findPart(puzzleView(s, ui), "text", "fht-pz-step").text;
  assert.equal(said(), "Decision 1 of up to 4 in this hand");
  ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  ui = puzzleReduce(s, ui, { type: "continue" }).ui;
  assert.equal(said(), "Decision 2 of up to 4 in this hand", "the same count on the shorter line");
});

test("a problem played on, right all the way at the first try, counts as solved at the first try", () => {
  const levelModel = { ...model, mode: "levels", puzzles: [playOnCard()], levels: [{ name: "A", ids: ["lv1"] }] };
  const s = puzzleState(levelModel);
  let ui = puzzleReduce(s, freshPuzzleUi(levelModel, freshProgress()), { type: "next", pick: 0 }).ui;
  ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  ui = puzzleReduce(s, ui, { type: "continue" }).ui;
  const out = puzzleReduce(s, ui, { type: "choose", code: "6H" });
  assert.ok(out.run.attempt);
  assert.deepEqual(out.ui.progress.tries.lv1, { first: true, solved: true });
  assert.ok(findPart(puzzleView(s, out.ui), "verdict").notes.some((n) => n.startsWith("Rating 1500")));
  assert.equal(levelState(levelModel.levels, out.ui.progress, 1)[0].solved, 1);
});

test("a theme drill's verdict names the drilled theme first and reads its own lesson (trainer trial)", () => {
  const both = {
    ...card("d1", 1500, ["ducking", "entries"]),
    theme_names: ["Ducking", "Entries"],
    lesson: "Sometimes you should let a trick go.",
    theme_lessons: { ducking: "Sometimes you should let a trick go.", entries: "Keep a way to reach partner's winners." },
  };
  const data = { ...model, puzzles: [both] };
  const s = puzzleState(data);
  let ui = freshPuzzleUi(data, freshProgress());
  ui = puzzleReduce(s, ui, { type: "mode", mode: "theme" }).ui;
  ui = puzzleReduce(s, ui, { type: "theme", theme: "entries" }).ui;
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  assert.equal(ui.current.id, "d1");
  ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  const said = findPart(puzzleView(s, ui), "verdict").more.join(" ");
  assert.match(said, /Theme: Entries, Ducking\. Keep a way to reach partner's winners\./);
  // without a drill: the card's own lesson, its themes in their order
  let rated = freshPuzzleUi(data, freshProgress());
  rated = puzzleReduce(s, rated, { type: "next", pick: 0 }).ui;
  rated = puzzleReduce(s, rated, { type: "choose", code: "5S" }).ui;
  assert.match(findPart(puzzleView(s, rated), "verdict").more.join(" "), /Theme: Ducking, Entries\. Sometimes you should let a trick go\./);
});

test("the rule's note is not shown for another card of the same losing class (trial 28b: 'lead your highest trump' after the lowest)", () => {
  const both = { ...card("c1", 1500), legal: ["AS", "KS", "5S"], choice_of: { AS: 0, KS: 0, "5S": 1 }, thumb_code: "AS" };
  both.classes = [{ ...both.classes[0], codes: ["AS", "KS"] }, both.classes[1]];
  const data = { ...model, puzzles: [both] };
  const s = puzzleState(data);
  let ui = freshPuzzleUi(data, freshProgress());
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  ui = puzzleReduce(s, ui, { type: "choose", code: "KS" }).ui;
  const verdict = findPart(puzzleView(s, ui), "verdict");
  assert.equal(verdict.correct, false);
  assert.ok(!verdict.more.includes(both.thumb_note), "K♠ is not the card the rule plays, though it loses alike");
});

test("a drill under way shows its theme in one line; Change theme opens the list again, the puzzle kept (trial 28b)", () => {
  const s = puzzleState(model);
  let ui = freshPuzzleUi(model, freshProgress());
  ui = puzzleReduce(s, ui, { type: "mode", mode: "theme" }).ui;
  assert.ok(findPart(puzzleView(s, ui), "box", "fht-pz-themes"), "no theme yet: the list");
  ui = puzzleReduce(s, ui, { type: "theme", theme: "entries" }).ui;
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  assert.equal(ui.current.id, "p2");
  let view = puzzleView(s, ui);
  assert.equal(findPart(view, "box", "fht-pz-themes"), null, "the list is folded while the drill runs");
  const line = findPart(view, "box", "fht-pz-theme-chosen");
  assert.ok([...walk(line)].some((p) => p.text === "Theme: Entries: reaching partner."));
  const out = puzzleReduce(s, ui, { type: "pickTheme" });
  assert.equal(out.ui.current.id, "p2", "opening the list keeps the puzzle");
  view = puzzleView(s, out.ui);
  assert.ok(findPart(view, "box", "fht-pz-themes"));
  assert.equal(out.ui.focus, "theme");
  ui = puzzleReduce(s, out.ui, { type: "theme", theme: "ducking" }).ui;
  assert.equal(ui.current, null, "another theme: a new drill");
  assert.equal(ui.pickTheme, false);
});

test("a seat out of the trump suit is said to be out of trumps (trial 28b: 'Shown out of spades' after the left bower led)", () => {
  const c = { ...card("v1", 1500), contract: "7S", contract_label: "7♠", trump_suit: "S", voids: { 1: ["S", "H"] } };
  const data = { ...model, puzzles: [c] };
  const s = puzzleState(data);
  let ui = freshPuzzleUi(data, freshProgress());
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  const said = [...walk(puzzleView(s, ui))].filter((p) => p?.cls === "fht-hint fht-pz-void").map((p) => p.text);
  assert.deepEqual(said, ["Shown out of trumps (spades \u2660), hearts \u2665"]);
});

test("after a right answer, 'Why the other cards lose' shows each losing class's verdict (trial 28b)", () => {
  const s = puzzleState(model);
  let ui = freshPuzzleUi(model, freshProgress());
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  ui = puzzleReduce(s, ui, { type: "choose", code: "5S" }).ui;
  let verdict = findPart(puzzleView(s, ui), "verdict");
  assert.equal(verdict.correct, true);
  assert.ok(!verdict.more.includes("A♠ costs 1 trick."), "not before it is asked for");
  const button = [...walk(verdict.extra)].find((p) => p?.cls === "fht-pz-others");
  assert.ok(button, "the button is offered");
  ui = puzzleReduce(s, ui, button.on).ui;
  verdict = findPart(puzzleView(s, ui), "verdict");
  assert.ok(verdict.more.includes("A♠ costs 1 trick."), verdict.more);
  assert.ok(![...walk(verdict.extra)].some((p) => p?.cls === "fht-pz-others"), "shown once");
  ui = puzzleReduce(s, ui, { type: "next", pick: 0 }).ui;
  assert.equal(ui.others, false, "the next puzzle starts folded");
});
