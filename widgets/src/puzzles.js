// PuzzleTrainer: one position at a time, as the seat sees it; one card; a verdict that teaches.
// Everything a verdict says was computed in Python (handlers/puzzles.py → puzzles/words.py) and
// saved in the model; this code picks the next puzzle near the learner's rating, keeps the
// progress (puzzle-progress.js) and draws.  puzzleState reads the model, puzzleView draws parts,
// puzzleReduce says what an event changes (all pure, widgets/tests/puzzles.test.js).
//
// A level problem plays on (its card's `play_on`, worked out when the book was built: puzzles/steps.py,
// puzzles/playon.py): after a best card the other seats' replies are shown, in words and as tricks on the
// table, and the learner's next decision of the same hand follows, judged again; a wrong card at any step
// gets its verdict and *Try again* there.  The problem counts once: a miss at any step as a miss, the
// last step's best card as solved.

import { card } from "./cards.js";
import { el, expect, svgEl } from "./dom.js";
import { focusVerdict, renderVerdict } from "./feedback.js";
import { plural, sourceWords } from "./format.js";
import { kernelOf } from "./host.js";
import { nt, t } from "./language.js";
import { checkVersion, mountView } from "./mount.js";
import { titlePart } from "./parts.js";
import { REPLY } from "./protocol.js";
import { applyAttempt, levelState, loadPuzzleProgress, onPuzzleProgressChange, recordAttempt, strongWeak } from "./puzzle-progress.js";
import {
  cardPart,
  contractPart,
  faceDownPart,
  faceDownWords,
  gridPlace,
  handPart,
  pilesPart,
  placeOf,
  seatPart,
  slotPart,
  TABLE_RENDERERS,
  tablePart,
  trickPart,
} from "./table.js";

const SUIT_WORDS = { S: "spades", C: "clubs", D: "diamonds", H: "hearts" }; // i18n-ok: keys of suitWords()

/** A suit's word in the language spoken ("spades"; "pik", "picche"). */
function suitWords(letter) {
  const words = { spades: t("spades"), clubs: t("clubs"), diamonds: t("diamonds"), hearts: t("hearts") };
  return words[SUIT_WORDS[letter]] ?? letter;
}

/** The puzzle's named themes without the two every puzzle has (declarer play, defence); the drilled one first. */
function namedThemes(c, first = null) {
  const named = c.themes.map((id, i) => [id, c.theme_names[i]]).filter(([id]) => id !== "declarer-play" && id !== "defence");
  return [...named.filter(([id]) => id === first), ...named.filter(([id]) => id !== first)].map(([, name]) => name);
}
const drilled = (ui) => (ui.mode === "theme" ? ui.theme : null);
/** The lesson a verdict reads: in a theme drill, the drilled theme's own lesson when the position has one. */
const lessonOf = (c, ui) => c.theme_lessons?.[drilled(ui)] ?? c.lesson;
const SUIT_SYMBOLS = { S: "\u2660", C: "\u2663", D: "\u2666", H: "\u2665" };
const AREAS = ["top", "left", "right", "bottom"];
/** The trainer's modes and their names, in the language spoken (asked when drawn: the page sets the language). */
function modes() {
  return [
    ["rated", t("Rated")],
    ["streak", t("Streak")],
    ["theme", t("Theme drill")],
    ["levels", t("Levels A\u2013E")],
  ];
}

/** The model, checked. */
export function puzzleState(data) {
  expect(data, "object", "puzzle trainer model");
  checkVersion(data, "puzzle trainer");
  expect(data.puzzles, "array", "puzzles");
  expect(data.levels, "array", "levels");
  for (const c of data.puzzles) {
    expect(c.classes, "array", `the choices of puzzle ${c.id}`);
    expect(c.hands, "array", `the hands of puzzle ${c.id}`);
  }
  return { data, names: Object.fromEntries((data.themes || []).map((t) => [t.id, t.name])) };
}

/** While Python is asked for a puzzle (a kernel: the live book's own status line says it there). */
export const askingText = () => t("Asking Python for a puzzle near your rating\u2026");
/**
 * Python did not answer "next" in time (the first time, it reads the whole bank: in JupyterLite that
 * takes a while): a saved puzzle now, and the trainer keeps asking.
 */
export const lateText = () =>
  t("Python has not answered yet (the first time it reads the whole puzzle bank). Here is a puzzle saved in the page; the trainer keeps asking Python.");
/** Python answers again after it was late: the next puzzles come from the whole bank. */
export const backText = () => t("Python answers now: the next puzzle comes from the whole bank, near your rating.");

/** No puzzle on: what a new puzzle, a new mode or a new theme starts from. */
const NO_PUZZLE = Object.freeze({
  current: null,
  picked: null,
  node: 0,
  onward: null,
  rated: false,
  tries: 0,
  missed: false,
  solution: false,
  replay: null,
  others: false,
  done: false,
});

/** The trainer's own state at the start. */
export function freshPuzzleUi(data, progress) {
  const mode = data.mode === "drill" ? "drill" : data.mode === "levels" ? "levels" : "rated";
  return {
    mode,
    theme: null,
    pickTheme: false,
    level: null,
    ...NO_PUZZLE,
    extra: [],
    live: false,
    host: null,
    asking: false,
    asked: null,
    late: false,
    queued: null,
    note: null,
    statusText: "",
    progress,
    waiting: false,
    focus: null,
    streakOver: false,
  };
}

/** Whether the current problem plays on (a level problem with its later decisions, in the levels mode). */
export const playsOn = (ui) => ui.mode === "levels" && Array.isArray(ui.current?.play_on?.nodes) && ui.current.play_on.nodes.length > 0;

/** The card as the learner sees it now: a later decision of a problem played on is that step's card (its own view,
 * choices and verdicts) with the problem's names of the table. */
export function shownCard(ui) {
  const c = ui.current;
  if (!c || !playsOn(ui) || !ui.node) return c;
  return { ...c, ...c.play_on.nodes[ui.node] };
}

/** The step the learner is at, `{depth, total, next}` (null: the problem does not play on). */
function stepOf(ui) {
  return playsOn(ui) ? ui.current.play_on.nodes[ui.node || 0] : null;
}

const everyCard = (s, ui) => [...s.data.puzzles, ...ui.extra.filter((c) => !s.data.puzzles.some((p) => p.id === c.id))];

/** The puzzles the current mode draws from, in the order it offers them. */
export function modePool(s, ui) {
  const all = everyCard(s, ui);
  if (ui.mode === "levels") {
    const level = s.data.levels.find((l) => l.name === (ui.level || s.data.levels[0]?.name));
    return level ? level.ids.map((id) => all.find((c) => c.id === id)).filter(Boolean) : [];
  }
  if (ui.mode === "theme") return ui.theme ? all.filter((c) => c.themes.includes(ui.theme)) : [];
  return all;
}

/**
 * The next puzzle: in order for a level or a drill (the first not yet solved), else the one nearest
 * the learner's rating among those not tried yet (`pick`, a number the caller drew, chooses among
 * the five nearest).  null: none left.
 */
export function nextPuzzle(s, ui, pick = 0) {
  const pool = modePool(s, ui).filter((c) => !ui.current || c.id !== ui.current.id);
  const tries = ui.progress.tries;
  if (ui.mode === "levels" || ui.mode === "drill") {
    // the problem just missed comes back from its start when it is the only one left unsolved
    const again = ui.current && !tries[ui.current.id]?.solved && modePool(s, ui).some((c) => c.id === ui.current.id) ? ui.current : null;
    return pool.find((c) => !tries[c.id]?.solved) || again;
  }
  const fresh = pool.filter((c) => !tries[c.id]);
  if (!fresh.length) return null;
  const r = ui.progress.rating.rating;
  fresh.sort((a, b) => Math.abs(a.rating - r) - Math.abs(b.rating - r) || (a.id < b.id ? -1 : 1));
  return fresh[Math.abs(Math.floor(pick)) % Math.min(5, fresh.length)];
}

// ----------------------------------------------------------------------------------- the view

/** The modes this trainer's model can serve: no levels in it (a trainer made with levels=False), no Levels tab. */
function servedModes(s) {
  return modes().filter(([mode]) => mode !== "levels" || s.data.levels.length > 0);
}

function modeBar(s, ui) {
  if (ui.mode === "drill") return null;
  return {
    kind: "box",
    cls: "fht-bar fht-nav fht-pz-modes",
    attrs: { role: "toolbar", "aria-label": t("puzzle modes") },
    children: servedModes(s).map(([mode, text]) => ({
      kind: "button",
      cls: `fht-pz-mode${ui.mode === mode ? " fht-selected" : ""}`,
      text,
      attrs: { "aria-pressed": String(ui.mode === mode), "data-mode": mode },
      on: { type: "mode", mode },
    })),
  };
}

function themeBar(s, ui) {
  if (ui.mode !== "theme") return null;
  // a drill under way: its theme in one line (the 20-odd buttons pushed the puzzle down, and a click on one by
  // mistake dropped the puzzle); "Change theme" opens them again
  const chosen = s.data.themes.find((x) => x.id === ui.theme);
  if (chosen && ui.current && !ui.pickTheme)
    return {
      kind: "box",
      cls: "fht-bar fht-pz-theme-chosen",
      children: [
        { kind: "text", tag: "span", cls: "fht-label", text: t("Theme: {themes}.", { themes: chosen.name }) },
        { kind: "button", cls: "fht-pz-change-theme", text: t("Change theme"), on: { type: "pickTheme" } },
      ],
    };
  return {
    kind: "box",
    cls: "fht-choices fht-pz-themes",
    attrs: { role: "group", "aria-label": t("choose a theme") },
    children: s.data.themes.map((t) => ({
      kind: "button",
      cls: `fht-pz-theme${ui.theme === t.id ? " fht-selected" : ""}`,
      text: t.name,
      attrs: { "aria-pressed": String(ui.theme === t.id), "data-theme": t.id },
      on: { type: "theme", theme: t.id },
    })),
  };
}

function levelBar(s, ui) {
  if (ui.mode !== "levels") return null;
  const rows = levelState(s.data.levels, ui.progress, s.data.level_pass);
  const current = ui.level || rows[0]?.name;
  return {
    kind: "box",
    cls: "fht-pz-levels",
    children: [
      {
        kind: "box",
        cls: "fht-choices",
        attrs: { role: "group", "aria-label": "levels" },
        children: rows.map((row) => ({
          kind: "button",
          cls: `fht-pz-level${current === row.name ? " fht-selected" : ""}`,
          text: `${row.name} \u00b7 ${row.solved}/${row.total}${row.open ? "" : ` ${t("(locked)")}`}`,
          disabled: !row.open,
          attrs: { "aria-pressed": String(current === row.name), "data-level": row.name },
          on: { type: "level", level: row.name },
        })),
      },
      {
        kind: "text",
        cls: "fht-hint",
        text: nt("Solve {n} problem of a level to open the next one.", "Solve {n} problems of a level to open the next one.", s.data.level_pass, {
          n: s.data.level_pass,
        }),
      },
    ],
  };
}

function statusPart(ui) {
  const r = ui.progress.rating;
  const bits = [t("Your rating: {rating} (\u00b1{deviation})", { rating: Math.round(r.rating), deviation: Math.round(r.deviation) })];
  // the Streak mode's own count: puzzles in a row (the course map's streak is days in a row)
  if (ui.mode === "streak") bits.push(t("Puzzles in a row: {current} (best {best})", { current: ui.progress.streak.current, best: ui.progress.streak.best }));
  return { kind: "text", tag: "p", cls: "fht-pz-status", attrs: { role: "status" }, text: bits.join(" \u00b7 ") };
}

/** What the trainer says of its host: asking it, its kernel busy or restarted, late, back (null: nothing to say). */
function hostPart(ui) {
  const text = ui.statusText || (ui.waiting && ui.host !== "browser" ? askingText() : "") || ui.note || "";
  if (!text) return null;
  return { kind: "text", tag: "p", cls: "fht-hint fht-pz-host", attrs: { role: "status", "aria-live": "polite" }, text };
}

function seatOf(c, seat, ui) {
  const name = c.seat_names[seat];
  const hand = c.hands[seat];
  const out = (c.out || []).includes(seat);
  const tags = [seat === c.declarer ? "declarer" : "", seat === c.seat ? "you" : "", out ? "sits out" : ""].filter(Boolean); // i18n-ok: tag codes, shown through tagWords()
  const body = [];
  if (typeof hand === "number") body.push(faceDownPart(hand, faceDownWords(name, hand)));
  else if (seat === c.seat) {
    const answered = ui.picked !== null;
    const chosen = answered ? c.classes[c.choice_of[ui.picked]] : null;
    const best = new Set(c.classes.filter((k) => k.best).flatMap((k) => k.codes));
    const legalCards = new Set(c.legal.filter((code) => !code.startsWith("t:")).map((code) => code.replace(/^h:/, "").split(":")[0]));
    // after a best card of a problem played on, the trick shows it with the replies: it has left the hand
    const gone = ui.onward?.tricks?.length && ui.picked && !ui.picked.startsWith("t:") ? ui.picked.replace(/^h:/, "").split(":")[0] : null;
    const cards = hand
      .filter((code) => code !== gone)
      .map((code) =>
        cardPart(code, {
          button: true,
          disabled: answered || ui.waiting || !legalCards.has(code) || !hasPlain(c, code),
          dim: !legalCards.has(code),
          bower: code === c.left_bower,
          mark: answered && (ui.solution || chosen?.best) && best.has(code) ? "right" : answered && code === ui.picked && !chosen?.best ? "wrong" : null,
          on: { type: "choose" },
        }),
      );
    body.push(handPart(cards, t("Your hand ({seat}): choose a card", { seat: name }), "fht-pz-hand"));
  } else {
    const label = t("{seat}'s hand, face up: {cards}", { seat: name, cards: hand.map((x) => card(x).name).join(", ") });
    body.push(
      handPart(
        hand.map((code) => cardPart(code, { small: true, bower: code === c.left_bower })),
        label,
      ),
    );
  }
  if (c.piles)
    body.push(
      pilesPart(name, c.piles[seat], {
        choosable: seat === c.seat && ui.picked === null ? c.legal.filter((x) => x.startsWith("t:")).map((x) => x.slice(2)) : [],
        on: { type: "choose", source: "t" },
      }),
    );
  const voids = c.voids?.[String(seat)];
  if (voids?.length)
    body.push({
      kind: "text",
      tag: "div",
      cls: "fht-hint fht-pz-void",
      text: t("Shown out of {suits}", { suits: voids.map((v) => voidWords(c, v)).join(", ") }),
    });
  return seatPart(seat, name, { tags, counts: plural(c.tricks_won[seat] || 0, "trick"), cls: seat === c.seat ? "fht-to-move" : out ? "fht-out" : "", body });
}

/** A suit a seat showed out of, in words: the trump suit (Python names it) as trumps (the left bower belongs to it:
 * a seat that cannot follow the left bower led is out of trumps, not of the bower's printed suit). */
function voidWords(c, letter) {
  const suit = `${suitWords(letter)} ${SUIT_SYMBOLS[letter]}`;
  return letter === c.trump_suit ? t("trumps ({suit})", { suit }) : suit;
}

/** Whether the hand's card `code` can be chosen by a plain click (the joker led in no trumps names a suit: buttons below). */
function hasPlain(c, code) {
  return c.legal.includes(code) || c.legal.includes(`h:${code}`);
}

/**
 * The line under a puzzle's prompt: its rules, its kind, its rating ("Australian rules (the usual game), four
 * players, no trumps. Puzzle rating 1400."); a kind the rules' title already says (2 and 3 players) is empty.
 */
export function rulesLine(c) {
  return c.kind_title
    ? t("{rules}, {kind}. Puzzle rating {rating}.", { rules: c.rules_title, kind: c.kind_title, rating: c.rating })
    : t("{rules}. Puzzle rating {rating}.", { rules: c.rules_title, rating: c.rating });
}

function trickOf(c, plays, heading, winIndex = -1) {
  const positions = c.seat_names.map((_n, seat) => placeOf(seat, c.seat, c.players));
  const compass = c.players >= 3;
  const slots = plays.map(([seat, code, source], index) =>
    slotPart(seat, code, {
      caption: (index === winIndex ? (name) => t("{seat}: wins", { seat: name }) : (name) => name)(
        c.seat_names[seat] + (source ? ` (${sourceWords(source)})` : ""),
      ),
      words:
        index === winIndex
          ? t("{seat} played {card}, winning the trick", { seat: c.seat_names[seat], card: card(code).name })
          : t("{seat} played {card}", { seat: c.seat_names[seat], card: card(code).name }),
      at: compass ? gridPlace(positions[seat]) : null,
      won: index === winIndex,
    }),
  );
  const notes =
    c.trick_joker_suit && plays === c.trick ? [{ cls: "fht-hint", text: t("The joker was led naming {suit}.", { suit: suitWords(c.trick_joker_suit) }) }] : [];
  return compass
    ? trickPart(slots, { label: t("cards played to this trick"), heading, lead: plays.length ? null : leadWords(c), notes })
    : trickPart(slots, { cls: "fht-cards fht-trick-row", label: t("cards played to this trick, in order"), heading, notes });
}

/** What the empty table says: the lead is the learner's, or (a kitty puzzle) three cards go face down first. */
function leadWords(c) {
  return c.decision === "discard" ? t("Three cards go face down before the first lead.") : t("Your lead: no card on the table yet.");
}

function historyPart(c) {
  if (!c.history.length) return null;
  return {
    kind: "box",
    tag: "details",
    cls: "fht-pz-history",
    children: [
      { kind: "text", tag: "summary", text: t("Cards played so far ({tricks})", { tricks: plural(c.history.length, "trick") }) },
      {
        kind: "box",
        tag: "ol",
        cls: "fht-pz-history-list",
        children: c.history.map((t) => ({
          kind: "text",
          tag: "li",
          text: `${t.plays.map(([seat, code]) => `${c.seat_names[seat]} ${card(code).short}`).join(", ")}; ${c.seat_names[t.winner]} won`,
        })),
      },
    ],
  };
}

function jokerChoices(c, ui) {
  const named = c.legal.filter((code) => /^(h:)?JK:/.test(code));
  if (!named.length || ui.picked !== null) return null;
  return {
    kind: "box",
    cls: "fht-choices fht-pz-joker",
    attrs: { role: "group", "aria-label": t("lead the joker, naming a suit") },
    children: named.map((code) => {
      const letter = code.slice(-1);
      return {
        kind: "button",
        cls: "fht-choice",
        text: t("Joker naming {suit} {symbol}", { suit: suitWords(letter), symbol: SUIT_SYMBOLS[letter] }),
        attrs: { "data-choice": code },
        on: { type: "choose", code },
      };
    }),
  };
}

/** A bidding puzzle: the seat's hand, the calls so far, and the calls offered (a button each). */
function biddingParts(c, ui) {
  const hand = c.hands[c.seat];
  const answered = ui.picked !== null;
  const best = c.classes.find((k) => k.best)?.codes[0];
  const calls = c.calls.map(([code, words]) => {
    const mark = answered && (ui.solution || code === ui.picked) ? (code === best ? "right" : code === ui.picked ? "wrong" : null) : null;
    return {
      kind: "button",
      cls: `fht-choice fht-pz-call${mark ? ` fht-pz-call-${mark}` : ""}`,
      text: mark === "right" ? `${words} \u2714` : mark === "wrong" ? `${words} \u2718` : words,
      disabled: answered || ui.waiting,
      attrs: { "data-choice": code, "aria-label": mark ? `${words} (${mark === "right" ? t("best") : t("your call, not the best")})` : words },
      on: { type: "choose", code },
    };
  });
  const auction = c.auction.length
    ? {
        kind: "box",
        tag: "ol",
        cls: "fht-auction-list fht-pz-auction",
        attrs: { "aria-label": t("the auction so far") },
        children: c.auction.map(([seat, words]) => ({ kind: "text", tag: "li", text: `${c.seat_names[seat]}: ${words}` })),
      }
    : { kind: "text", tag: "p", cls: "fht-hint fht-pz-auction", text: t("No calls yet: you call first.") };
  return [
    { kind: "box", tag: "p", cls: "fht-pz-prompt", children: [{ kind: "text", tag: "strong", text: c.prompt }] },
    {
      kind: "text",
      tag: "p",
      cls: "fht-hint",
      text: rulesLine(c),
    },
    handPart(
      hand.map((code) => cardPart(code, {})),
      t("Your hand ({seat}): {cards}", { seat: c.seat_name, cards: hand.map((x) => card(x).name).join(", ") }),
      "fht-pz-bid-hand",
    ),
    { kind: "box", cls: "fht-pz-auction-box", children: [{ kind: "text", tag: "div", cls: "fht-label", text: t("Auction") }, auction] },
    { kind: "box", cls: "fht-choices fht-pz-calls", attrs: { role: "group", "aria-label": t("your call") }, children: calls },
  ];
}

/**
 * How many decisions a problem played on has, over all its lines (each best card has its own replies, so a line can
 * end sooner than another): `{most, fewest}`, the same from its first step to its last.
 */
export function decisionSpan(c) {
  const nodes = c?.play_on?.nodes || [];
  const most = Math.max(1, ...nodes.map((n) => n.depth || 1));
  const ends = nodes.filter((n) => !n.next || !Object.keys(n.next).length || Object.values(n.next).some((o) => o.node === null || o.node === undefined));
  const fewest = ends.length ? Math.min(...ends.map((n) => n.depth || 1)) : most;
  return { most, fewest: Math.min(fewest, most) };
}

/** Which decision of a problem played on this is ("Decision 2 of 4", or "Decision 1 of up to 4" when its lines differ
 * in length: a count true from the first step, learner trial 28); null for a one-decision puzzle. */
function stepPart(ui) {
  const step = stepOf(ui);
  if (!step) return null;
  const { most, fewest } = decisionSpan(ui.current);
  if (most < 2) return null;
  const text =
    fewest === most
      ? t("Decision {n} of {total} in this hand", { n: step.depth, total: most })
      : t("Decision {n} of up to {total} in this hand", { n: step.depth, total: most });
  return { kind: "text", tag: "p", cls: "fht-hint fht-pz-step", text };
}

/** The trick on the table: after a best card of a problem played on, the trick it went to with the replies (its
 * winner marked); else the trick as the seat found it. */
function tableTrick(c, ui) {
  const first = ui.onward?.tricks?.[0];
  if (first) return trickOf(c, first.plays, t("Trick {number}", { number: first.number }), first.win_index ?? -1);
  return trickOf(c, c.trick, c.trick.length ? t("This trick") : "");
}

/** The tricks the replies went on to, after the one on the table (the learner's next decision starts in the last). */
function repliesPart(c, ui) {
  const more = (ui.onward?.tricks || []).slice(1);
  if (!more.length) return null;
  return {
    kind: "box",
    cls: "fht-pz-replies",
    attrs: { role: "group", "aria-label": t("the other players' replies") },
    children: more.map((trick) => trickOf(c, trick.plays, t("Trick {number}", { number: trick.number }), trick.win_index ?? -1)),
  };
}

function replayPart(c, ui) {
  if (!ui.replay) return null;
  const line = c.classes.find((k) => k.best)?.line || [];
  if (!line.length) return null;
  const at = Math.max(0, Math.min(ui.replay.at, line.length - 1));
  const trick = line[at];
  const winner = trick.winner === null || trick.winner === undefined ? "" : t(": {seat} wins", { seat: c.seat_names[trick.winner] });
  return {
    kind: "box",
    cls: "fht-pz-replay",
    attrs: { role: "group", "aria-label": t("the best line, trick by trick") },
    children: [
      { kind: "text", cls: "fht-label", text: t("The best line \u00b7 trick {number}{winner}", { number: trick.number, winner }) },
      trickOf(c, trick.plays, "", trick.win_index ?? -1),
      {
        kind: "box",
        cls: "fht-bar",
        children: [
          { kind: "button", cls: "fht-pz-replay-back", text: `\u25C0 ${t("Trick before")}`, disabled: at === 0, on: { type: "replayStep", by: -1 } },
          { kind: "text", tag: "span", cls: "fht-progress", text: t("{n} of {total}", { n: at + 1, total: line.length }) },
          { kind: "button", cls: "fht-pz-replay-next", text: `${t("Next trick")} \u25B6`, disabled: at >= line.length - 1, on: { type: "replayStep", by: 1 } },
        ],
      },
    ],
  };
}

/** The button that shows why the other choices lose, named for what was chosen: a card, a call, a discard. */
function othersLabel(decision) {
  if (decision === "bid") return t("Why the other calls lose");
  if (decision === "discard") return t("Why the other discards lose");
  return t("Why the other cards lose");
}

function verdictPart(c, ui) {
  if (ui.picked === null) return null;
  const chosen = c.classes[c.choice_of[ui.picked]];
  const right = Boolean(chosen?.best);
  const last = ui.progress.history[ui.progress.history.length - 1];
  const notes = [];
  const step = stepOf(ui);
  const onward = right ? ui.onward : null;
  // a problem played on is rated once: at its first miss, or at its last step's best card
  if (last && last.id === c.id && (step ? ui.rated : ui.tries === 1))
    notes.push(t("Rating {before} \u2192 {after}.", { before: last.before, after: last.after }));
  if (ui.streakOver)
    notes.push(
      t("Streak over: {puzzles} solved in a row (your best: {best}).", { puzzles: plural(ui.streakLength || 0, "puzzle"), best: ui.progress.streak.best }),
    );
  const more = [];
  // "the usual rule … loses here" reads as the learner's own reasoning: only for the very card that rule plays (a
  // learner who led their lowest trump, as good as the highest here, did not follow "lead your highest trump")
  const byThumb = !c.thumb_code || ui.picked === c.thumb_code;
  if (!right && c.thumb_note && byThumb) more.push(c.thumb_note);
  if (right || ui.solution)
    more.push(`${t("Theme: {themes}.", { themes: namedThemes(c, drilled(ui)).join(", ") || c.theme_names.join(", ") })} ${lessonOf(c, ui)}`);
  if (onward?.words) more.push(onward.node === null ? onward.words : t("The other players reply. {tricks}", { tricks: onward.words }));
  // the problem's end: why it ends here (no card can change the result any more), and, after a miss, that it comes back
  if (onward && onward.node === null && ui.missed)
    more.push(
      [
        onward.why || "",
        t("Not solved yet: a card you played in this problem was not the best. It comes back later, from its start: play every card best to count it."),
      ]
        .filter(Boolean)
        .join(" "),
    );
  else if (onward && onward.node === null && onward.end) more.push(onward.end);
  // why the other cards lose: each losing class's own verdict (a right answer said nothing of them)
  const others = c.classes.filter((k) => !k.best && k !== chosen);
  if (ui.others && (right || ui.solution)) more.push(...others.map((k) => k.verdict));
  const goesOn = Boolean(onward && onward.node !== null && onward.node !== undefined);
  const extra = [
    !right && !ui.solution ? { kind: "button", cls: "fht-pz-solution", text: t("Show the solution"), on: { type: "solution" } } : null,
    (right || ui.solution) && c.decision === "play"
      ? { kind: "button", cls: "fht-pz-replay-btn", text: ui.replay ? t("Hide the line") : t("Replay the best line"), on: { type: "replay" } }
      : null,
    (right || ui.solution) && others.length && !ui.others
      ? { kind: "button", cls: "fht-pz-others", text: othersLabel(c.decision), on: { type: "others" } }
      : null,
    { kind: "button", cls: "fht-pz-next", text: t("Next puzzle"), on: { type: "next" } },
  ];
  return {
    kind: "verdict",
    cls: "fht-pz-verdict",
    correct: right,
    heading: right ? t("Right") : t("Not the best"),
    reason: chosen ? chosen.verdict : "",
    more,
    notes,
    onTryAgain: right || ui.solution || ui.mode === "streak" ? null : { type: "tryAgain" },
    onContinue: goesOn ? { type: "continue" } : null,
    continueLabel: t("Your next card"),
    continueFirst: true,
    extra,
  };
}

function statsPart(s, ui) {
  const history = ui.progress.history;
  if (!history.length) return null;
  const { strong, weak } = strongWeak(ui.progress, s.names);
  const words = (list) => list.map((t) => `${t.name} (${t.solved}/${t.tries})`).join(", ");
  return {
    kind: "box",
    tag: "details",
    cls: "fht-pz-stats",
    children: [
      { kind: "text", tag: "summary", text: t("Your rating over {puzzles}", { puzzles: plural(history.length, "puzzle") }) },
      { kind: "sparkline", values: [history[0].before, ...history.map((h) => h.after)] },
      {
        kind: "text",
        tag: "p",
        text: strong.length ? t("Strong themes: {themes}.", { themes: words(strong) }) : t("Strong themes: solve a few more puzzles to see them."),
      },
      { kind: "text", tag: "p", text: weak.length ? t("Themes to practise: {themes}.", { themes: words(weak) }) : t("Themes to practise: none yet.") },
    ],
  };
}

/** The trainer as parts. */
export function puzzleView(s, ui) {
  const c = shownCard(ui);
  const parts = [titlePart(s.data.title || t("Puzzles")), modeBar(s, ui), themeBar(s, ui), levelBar(s, ui), statusPart(ui), hostPart(ui)];
  if (!c) {
    const empty =
      ui.mode === "theme" && !ui.theme
        ? t("Choose a theme above.")
        : ui.done
          ? t("You have solved every puzzle here. Choose another mode, level or theme.")
          : t("Choose Next puzzle to start.");
    parts.push({ kind: "text", tag: "p", cls: "fht-pz-empty", text: empty });
    parts.push(ui.mode === "theme" && !ui.theme ? null : { kind: "button", cls: "fht-pz-next fht-pz-start", text: t("Next puzzle"), on: { type: "next" } });
    parts.push(statsPart(s, ui));
    return parts;
  }
  if (c.decision === "bid") {
    parts.push(...biddingParts(c, ui), verdictPart(c, ui), statsPart(s, ui));
    return parts;
  }
  const byArea = Object.fromEntries(AREAS.map((a) => [a, []]));
  for (let seat = 0; seat < c.players; seat++) byArea[placeOf(seat, c.seat, c.players)].push(seatOf(c, seat, ui));
  const sides = (c.side_tricks || []).map((n, i) => `${c.side_names[i]} ${n}`);
  parts.push(
    stepPart(ui),
    { kind: "box", tag: "p", cls: "fht-pz-prompt", children: [{ kind: "text", tag: "strong", text: c.prompt }] },
    {
      kind: "text",
      tag: "p",
      cls: "fht-hint",
      text: rulesLine(c),
    },
    tablePart(
      AREAS.map((a) => [a, byArea[a]]),
      [contractPart(t("Contract: {contract} by {seat}", { contract: c.contract_label, seat: c.seat_names[c.declarer] }), sides), tableTrick(c, ui)],
    ),
    jokerChoices(c, ui),
    verdictPart(c, ui),
    repliesPart(c, ui),
    replayPart(c, ui),
    historyPart(c),
    statsPart(s, ui),
  );
  return parts;
}

// -------------------------------------------------------------------------------- the reducer

/** How long "next" waits for Python before a saved puzzle is shown meanwhile (host.js: a kernel's reply may come later). */
export const NEXT_WAIT_MS = 10000;

/** The "next" request for the learner's rating (and theme). */
function nextRequest(ui, pick) {
  const seen = Object.keys(ui.progress.tries).slice(-1000);
  return { type: "next", rating: Math.round(ui.progress.rating.rating), theme: ui.mode === "theme" ? ui.theme : null, seen, pick };
}

/** `ui` with "next" out (`asked`: the request, so that a reply to an older one is told apart); the effect to send it. */
function ask(ui, pick, extra = {}) {
  const request = nextRequest(ui, pick);
  return { ui: { ...ui, ...extra, asking: true, asked: request }, request, wait: NEXT_WAIT_MS, reply: "puzzle", redraw: true };
}

/** Whether `asked` (a "next" request) is for the puzzles this mode and theme show. */
const askedFits = (ui, asked) => asksHost(ui) && (asked?.theme ?? null) === (ui.mode === "theme" ? ui.theme : null);

/** Whether this mode asks a host for its puzzles (levels and drills keep to their saved sets). */
const asksHost = (ui) => ui.live && ui.mode !== "levels" && ui.mode !== "drill";

/**
 * A saved puzzle now, because Python is late: said plainly (`lateText`), and, unless a question is out
 * already, "next" asked again in the background: its answer waits in `queued` for the learner's next
 * "Next puzzle".  The trainer never stops asking for the session.
 */
function savedMeanwhile(s, ui, pick, clear) {
  const found = nextPuzzle(s, { ...ui, live: false }, pick);
  const next = { ...ui, ...clear, current: found, done: !found, focus: "hand", waiting: false, late: true, note: lateText() };
  if (ui.asking && askedFits(ui, ui.asked)) return { ui: next, redraw: true };
  return ask(next, pick);
}

/**
 * What an event changes.  Events: mode {mode}, theme {theme}, level {level}, next {pick}, puzzle
 * {reply, asked} (a host's answer to "next"; null: none in time), kernel {status, text} (host.js: the
 * kernel busy, restarted or silent), choose {code}, tryAgain, solution, replay, replayStep {by}, hello.
 * Effects: `run: {save: progress}` saves the progress.
 *
 * Asking a host: `asking` while a "next" is out, `waiting` while the learner waits for it (the cards
 * held).  A host slow to answer (JupyterLite's Python reading the bank the first time, a kernel busy
 * with Run All) never turns the trainer to its saved puzzles for good: after NEXT_WAIT_MS (or the
 * kernel's "waiting") a saved puzzle is shown meanwhile, the learner is told, and the answer that
 * comes later is the next puzzle.
 */
export function puzzleReduce(s, ui, event) {
  const clear = NO_PUZZLE;
  const away = { ...clear, waiting: false, queued: null };
  switch (event.type) {
    case "mode":
      if (event.mode === ui.mode || !servedModes(s).some(([mode]) => mode === event.mode)) return null;
      return { ui: { ...ui, ...away, mode: event.mode, theme: event.mode === "theme" ? ui.theme : null }, redraw: true };
    case "theme":
      return { ui: { ...ui, ...away, theme: event.theme, pickTheme: false, focus: "next" }, redraw: true };
    case "pickTheme":
      return { ui: { ...ui, pickTheme: true, focus: "theme" }, redraw: true };
    case "level":
      return { ui: { ...ui, ...away, level: event.level, focus: "next" }, redraw: true };
    case "next": {
      const pick = event.pick || 0;
      if (!asksHost(ui)) {
        const found = nextPuzzle(s, ui, pick);
        return { ui: { ...ui, ...clear, current: found, done: !found, focus: "hand", waiting: false }, redraw: true };
      }
      if (ui.waiting) return null; // one question at a time
      if (ui.queued)
        return { ui: { ...ui, ...clear, current: ui.queued, queued: null, extra: [...ui.extra, ui.queued], note: null, focus: "hand" }, redraw: true };
      if (ui.late) return savedMeanwhile(s, ui, pick, clear);
      // the puzzle asked for while the learner read the verdict is on its way: wait for it
      if (ui.asking && askedFits(ui, ui.asked)) return { ui: { ...ui, waiting: true, note: null }, redraw: true };
      return ask(ui, pick, { waiting: true, note: null });
    }
    case "puzzle": {
      const reply = event.reply;
      const card = reply?.type === REPLY.PUZZLE ? reply.card : null;
      if (ui.asked && event.asked && event.asked !== ui.asked) return null; // the answer to an older question: a newer one is out
      const after = { ...ui, asking: false, asked: null };
      if (!ui.waiting) {
        // an answer that came after a saved puzzle was shown: the next puzzle, if it is still for this mode and theme
        if (!reply) return { ui: after };
        const fits = askedFits(ui, event.asked);
        return { ui: { ...after, late: false, queued: card && fits ? card : null, note: card && fits && ui.late ? backText() : null }, redraw: true };
      }
      if (card)
        return { ui: { ...after, ...clear, waiting: false, late: false, note: null, current: card, extra: [...ui.extra, card], focus: "hand" }, redraw: true };
      if (!reply) return savedMeanwhile(s, after, event.asked?.pick || 0, clear);
      // nothing left there, or an error: the puzzles saved in the page
      const found = nextPuzzle(s, { ...ui, live: false }, event.asked?.pick || 0);
      return { ui: { ...after, ...clear, waiting: false, current: found, done: !found, focus: "hand" }, redraw: true };
    }
    case "kernel": {
      if (event.status === "restarted")
        return { ui: { ...ui, live: false, waiting: false, asking: false, asked: null, statusText: event.text || "" }, redraw: true };
      // a kernel busy with other cells: a saved puzzle meanwhile (its answer comes later)
      if (event.status === "waiting" && ui.waiting) return savedMeanwhile(s, ui, 0, clear);
      return { ui: { ...ui, statusText: event.status === "silent" ? event.text || "" : "" }, redraw: true };
    }
    case "choose": {
      const c = shownCard(ui);
      if (!c || ui.picked !== null || ui.waiting) return null;
      const code = event.source === "t" ? `t:${event.code}` : c.legal.includes(event.code) ? event.code : `h:${event.code}`;
      if (!(code in c.choice_of)) return null;
      const right = Boolean(c.classes[c.choice_of[code]].best);
      if (playsOn(ui)) {
        // the replies to this very card (each best card has its own), and whether the problem ends here
        const onward = right ? stepOf(ui).next[code] || null : null;
        const finished = right && (onward === null || onward.node === null || onward.node === undefined);
        if (right && !finished) return { ui: { ...ui, picked: code, tries: ui.tries + 1, onward, focus: "verdict" }, redraw: true };
        // solved only when every card played in it was the best: after a miss (and Try again) the problem
        // ends unsolved, and comes back later from its start
        const missed = ui.missed || !right;
        const solved = right && !missed;
        const rated = !ui.progress.tries[ui.current.id];
        const progress = recordAttempt(ui.progress, ui.current, solved);
        const attempt = { card: ui.current, solved };
        return { ui: { ...ui, picked: code, tries: ui.tries + 1, onward, rated, missed, progress, focus: "verdict" }, run: { attempt }, redraw: true };
      }
      const inStreak = ui.mode === "streak";
      const progress = recordAttempt(ui.progress, c, right, { inStreak });
      const attempt = { card: c, solved: right, inStreak };
      const first = ui.tries === 0;
      const streakOver = ui.mode === "streak" && first && !right;
      const next = { ...ui, picked: code, tries: ui.tries + 1, progress, focus: "verdict", streakOver, streakLength: ui.progress.streak.current };
      // while the learner reads the verdict, the next puzzle is asked for (its answer waits in `queued`)
      if (first && asksHost(ui) && !ui.late && !ui.asking && !ui.queued) return { ...ask(next, event.pick || 0), run: { attempt } };
      return { ui: next, run: { attempt }, redraw: true };
    }
    case "tryAgain":
      return { ui: { ...ui, picked: null, onward: null, rated: false, solution: false, replay: null, others: false, focus: "hand" }, redraw: true };
    case "continue": {
      // a problem played on: its next decision, after the replies to the learner's best card
      const to = ui.onward?.node;
      if (!playsOn(ui) || ui.picked === null || to === null || to === undefined) return null;
      return { ui: { ...ui, node: to, picked: null, onward: null, rated: false, solution: false, replay: null, others: false, focus: "hand" }, redraw: true };
    }
    case "solution":
      return { ui: { ...ui, solution: true, focus: "verdict" }, redraw: true };
    case "others":
      return { ui: { ...ui, others: true, focus: "verdict" }, redraw: true };
    case "replay":
      return { ui: { ...ui, replay: ui.replay ? null : { at: 0 }, focus: ui.replay ? "verdict" : "replay" }, redraw: true };
    case "replayStep":
      return { ui: { ...ui, replay: { at: (ui.replay?.at || 0) + event.by }, focus: "replay" }, redraw: true };
    case "progress":
      // the record as the store holds it now (this trainer's answer applied to it, or another trainer's)
      if (!event.progress) return null;
      return { ui: { ...ui, progress: event.progress }, redraw: true };
    case "hello":
      return { ui: { ...ui, live: true, host: event.reply?.host || "kernel" }, redraw: true };
    default:
      return null;
  }
}

/**
 * A reducer's effect: `attempt` {card, solved, inStreak} is applied to the record as the store holds it at this
 * moment, never to this trainer's copy (two trainers on a page share one record: a stale copy saved over it would
 * wipe the other's answers).  Returns the record kept (null: nothing to keep).
 */
export function runPuzzleEffect(effect) {
  if (!effect?.attempt) return null;
  const { card: answered, solved, inStreak = false } = effect.attempt;
  return applyAttempt(answered, solved, { inStreak });
}

// ------------------------------------------------------------------------------ the renderers

function renderSparkline(part) {
  const values = part.values.filter((v) => Number.isFinite(v));
  const w = 260;
  const h = 60;
  const lo = Math.min(...values) - 10;
  const hi = Math.max(...values) + 10;
  const x = (i) => (values.length < 2 ? w / 2 : (i * (w - 8)) / (values.length - 1) + 4);
  const y = (v) => h - 4 - ((v - lo) * (h - 8)) / (hi - lo || 1);
  const svg = svgEl("svg", {
    viewBox: `0 0 ${w} ${h}`,
    width: w,
    height: h,
    role: "img",
    class: "fht-pz-spark",
    "aria-label": t("rating from {first} to {last}", { first: values[0], last: values[values.length - 1] }),
  });
  svg.append(svgEl("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none", stroke: "currentColor", "stroke-width": 2 }));
  return el(
    "div",
    { class: "fht-pz-spark-wrap" },
    svg,
    el("span", {
      class: "fht-hint",
      text: ` ${t("lowest {low}, highest {high}, now {now}", { low: Math.min(...values), high: Math.max(...values), now: values[values.length - 1] })}`,
    }),
  );
}

const RENDERERS = { ...TABLE_RENDERERS, verdict: renderVerdict, sparkline: renderSparkline };

function placeFocus(root, _s, ui) {
  const want = ui.focus;
  if (want === "verdict") {
    const box = root.querySelector(".fht-pz-verdict");
    if (box) {
      if (typeof box.scrollIntoView === "function") box.scrollIntoView({ block: "nearest" });
      focusVerdict(box, { preventScroll: true });
    }
  } else if (want === "hand")
    root
      .querySelector(".fht-pz-hand button:not([disabled]), .fht-pz-calls button:not([disabled]), .fht-pz-joker button, .fht-piles button, .fht-pz-next")
      ?.focus();
  else if (want === "next") root.querySelector(".fht-pz-next")?.focus();
  else if (want === "theme") root.querySelector(".fht-pz-theme[aria-pressed='true'], .fht-pz-theme")?.focus();
  else if (want === "replay") root.querySelector(".fht-pz-replay-next:not([disabled]), .fht-pz-replay-back:not([disabled])")?.focus();
  return { ...ui, focus: null };
}

export default {
  render({ model, el: host }) {
    let widget = null;
    widget = mountView(host, model, {
      kind: "puzzles",
      label: () => model.get("model")?.title || t("puzzle trainer"),
      fourColour: true,
      traits: ["model"],
      hello: true,
      ui: freshPuzzleUi(model.get("model") || {}, loadPuzzleProgress()),
      read: () => puzzleState(model.get("model")),
      view: puzzleView,
      reduce: (s, ui, event) =>
        puzzleReduce(
          s,
          ui,
          event.type === "next" || event.type === "choose"
            ? { ...event, pick: Math.floor(Math.random() * 5_000_000) } /* % 5: among the five nearest; Python draws the kind from the rest */
            : event,
        ),
      requestOptions: { onStatus: (status, text) => widget?.dispatch({ type: "kernel", status, text }), born: kernelOf(model)?.id },
      renderers: RENDERERS,
      after: placeFocus,
      run: (effect, dispatch) => {
        const kept = runPuzzleEffect(effect);
        if (kept) dispatch({ type: "progress", progress: kept });
      },
    });
    // another trainer or drill on the page (or another tab) answered: this one's rating and status follow
    const stop = onPuzzleProgressChange((progress) => widget?.dispatch({ type: "progress", progress }));
    return () => {
      stop();
      widget.dispose();
    };
  },
};
