"""Shapes shared by the handlers and the widgets' JavaScript: one definition per widget model.

Each widget's model is plain JSON built by a handler module and read by that widget's
ES module.  The ``TypedDict`` classes below are the one place its keys are written down;
:func:`shape_problems` checks a built model against them (the tests do, for every family).

>>> shape_problems({"cards": ["JD"], "four_colour": False, "label": "Jack of diamonds"}, CardsModel)
[]
>>> shape_problems({"cards": ["JD"]}, CardsModel)
['missing key four_colour', 'missing key label']
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, get_type_hints, is_typeddict

from ..explain import ActionKind

__all__ = [
    "MARKS",
    "MODEL_VERSION",
    "BotLevel",
    "CardsModel",
    "EvaluatorHand",
    "EvaluatorModel",
    "LadderModel",
    "LadderRung",
    "PlayState",
    "PlayTestModel",
    "PlayTestState",
    "PlayVerdict",
    "PlayView",
    "PresetChoice",
    "ProblemModel",
    "ProblemState",
    "ProblemStatus",
    "PuzzleCard",
    "PuzzleCardFields",
    "PuzzleClass",
    "PuzzleLevel",
    "PuzzleNext",
    "PuzzlePlayOn",
    "PuzzleStep",
    "PuzzleTheme",
    "PuzzleTrainerModel",
    "QuizItem",
    "QuizModel",
    "ReplayAction",
    "ReplayFrame",
    "ReplayModel",
    "ReplayStop",
    "ReplyType",
    "shape_problems",
]

#: version of every widget model; the front end refuses a model of another version with a readable message
MODEL_VERSION = 1
#: annotation marks a deal record may put on an action
MARKS = ("!", "?", "??", "!?", "?!", "!!")

# Words the handlers and the widgets' JavaScript share (widgets/src/protocol.js has the same lists;
# tests/widgets/test_models.py checks the two agree, and that every reply a handler writes is here).
#: the ``type`` of every reply a handler sends back (and the hand-grading desk's ``marked``)
ReplyType = Literal[
    "hello", "error", "cards", "deal", "explain", "hand", "hint", "judge", "judged", "level", "made", "marked", "moved",
    "none", "progress", "puzzle", "question", "restarted", "review", "rules", "taken-back", "verdict",
]  # fmt: skip
#: the bots of ``PlayDeal``: rules of thumb, or looking at many ways the unseen cards could lie
BotLevel = Literal["easy", "strong"]
#: where a ``PlayProblem`` stands
ProblemStatus = Literal["your-turn", "done"]
#: a deal's phase as a model carries it: the text of a ``fivehundred_tutor.deal.Phase``
PhaseWord = Literal["auction", "kitty", "play", "done"]


class CardsModel(TypedDict):
    """``CardView``: cards as codes, drawn with their spoken names as the label."""

    cards: list[str]
    four_colour: bool
    label: str


class LadderRung(TypedDict):
    code: str
    label: str
    words: str
    value: int
    level: int
    suit: str
    misere: bool
    note: str
    cheapest_over: str | None
    outranked_by: int


class LadderModel(TypedDict):
    """``BiddingLadder``: every biddable contract for the rules, lowest first."""

    version: int
    rules: dict[str, Any]
    rules_name: str
    rules_title: str
    placement: str
    rungs: list[LadderRung]


class PresetChoice(TypedDict):
    """One entry of a quiz's Rules menu: the preset's slug (sent back) and its title (shown)."""

    name: str
    title: str


class _QuizItemBase(TypedDict):
    id: str
    topic: str
    kind: str  # choice, multi, cards, order, number
    prompt: str
    answer: Any
    explanation: str
    verdicts: dict[str, list[int]]  # response_key -> [correct 0/1, index into feedbacks]
    feedbacks: list[str]
    right: str
    wrong: str
    answer_key: str | None
    answer_words: str  # the right answer as a learner reads it ("J♦", "North–South: 320, East–West: 20")
    hints: list[str]  # a principle first, then the answer with its reason


class QuizItem(_QuizItemBase, total=False):
    """One question of a quiz bank, with every verdict precomputed (see ``handlers.quiz.quiz_item``)."""

    format: str
    title: str
    difficulty: int
    points: float
    rules: dict[str, Any]
    seed: int
    choices: list[dict[str, Any]]
    context: dict[str, Any]
    fields: list[dict[str, Any]]


class _QuizModelBase(TypedDict):
    version: int
    title: str
    rules: dict[str, Any]
    rules_name: str
    rules_title: str
    presets: list[PresetChoice]
    topics: list[str]
    difficulty: int | None
    bank: list[QuizItem]
    size: int  # the questions it was made with (mastery is out of these)
    next_seed: int


class QuizModel(_QuizModelBase, total=False):
    """Every quiz widget (and the ladder's quiz panel)."""

    pass_mark: int  # a test's own rule (the final test's): right at the first try that masters it


class _ReplayFrameBase(TypedDict):
    phase: PhaseWord
    to_move: int | None
    hands: list[str | int]  # the cards a viewer sees ("JD TH …"), or a count
    tricks_won: list[int]
    trick_no: int
    exposed: list[int]
    out: list[int]
    discards: int
    contract: str | None
    contract_label: str | None
    declarer: int | None
    trick: list[list[Any]]  # [seat, card code, source]
    winner: int | None


class ReplayFrame(_ReplayFrameBase, total=False):
    """The table after the first k actions of a replay."""

    kitty_cards: list[str]
    discard_cards: list[str]
    side_tricks: list[int]
    explain: str
    joker_suit: str
    piles: list[list[list[Any]]]
    order: list[list[Any]]
    left_bower: str  # the left bower's code under a trump contract: the hands tag it
    winning_play: int  # a finished trick: index into ``trick`` of the card that won it
    open_hands: list[str | int]  # one seat's view: every hand face up, for "Show all hands"


class _ReplayActionBase(TypedDict):
    seat: int
    kind: ActionKind
    code: str
    label: str
    text: str


class ReplayAction(_ReplayActionBase, total=False):
    card: str
    comment: str
    mark: str
    named: list[str]  # the codes of the cards the comment names (highlighted while it shows)


class ReplayStop(TypedDict):
    """A "your turn" stop: every choice the mover has, judged against the recorded action."""

    index: int
    seat: int
    kind: ActionKind
    prompt: str
    choices: list[dict[str, Any]]
    answer: str
    hint: dict[str, str]  # principle (from the mover's view), then the answer in words


class ReplayModel(TypedDict):
    """``DealReplay``: every frame of a deal precomputed."""

    version: int
    title: str
    random: bool  # a deal dealt on request (New deal), not the lesson's own
    rules: dict[str, Any]
    players: int
    seat_names: list[str]
    positions: list[str]
    sides: list[list[int]]
    side_names: list[str]
    dealer: int
    viewer: int | None
    kitty: list[str] | int
    actions: list[ReplayAction]
    frames: list[ReplayFrame]
    stops: list[ReplayStop]
    result: str | None


class _PlayViewBase(TypedDict):
    seat: int
    seat_names: list[str]
    side_names: list[str]
    dealer: int
    phase: PhaseWord
    to_move: int | None
    hands: list[list[str] | int]
    auction: list[dict[str, Any]]
    contract: str | None
    declarer: int | None
    kitty: int  # how many cards the kitty holds (face down)
    left_bower: str | None  # the left bower's code under a trump contract (the hand tags it)
    from_kitty: list[str]  # while the learner discards: the codes of their cards that came from the kitty
    to_discard: int  # while the learner discards: how many cards they have still to put down (else 0)
    discard_total: int  # how many cards the declarer discards in all (the kitty's size)
    trick: list[list[Any]]
    last_trick: dict[str, Any] | None
    tricks_won: list[int]
    side: int  # the learner's side, an index into side_names
    legal: list[dict[str, Any]]
    over: bool
    result: dict[str, Any] | None


class PlayView(_PlayViewBase, total=False):
    """What the learner's seat sees in ``PlayDeal`` (built on ``Deal.view``) and may do."""

    side_tricks: list[int]


class PlayVerdict(TypedDict):
    """One of the learner's calls judged by the book's bidding standard (handlers.play_verdicts)."""

    call: str  # the call's code
    label: str  # the call as shown ("7♥", "Pass")
    verdict: Literal["sound", "unsound", "missed"]  # missed: a pass where a bid was sound
    text: str  # why, in words


class _PlayStateBase(TypedDict):
    deal: dict[str, Any]
    seat: int
    seed: int
    level: BotLevel
    log: list[str]
    view: PlayView
    hinted: dict[str, str]  # actions in the deal when a hint was asked → the action it named


class PlayState(_PlayStateBase, total=False):
    """``PlayDeal``'s state: the deal so far (``Deal.to_dict()``), the learner's seat and the log; once
    the learner asks for them (Judge my calls), ``judge`` and a verdict on each of their calls."""

    judge: bool
    verdicts: list[PlayVerdict]


class _PlayTestBase(TypedDict):
    version: int
    id: str  # the test's deals and rules, hashed: the progress store's key
    deals: list[dict[str, Any]]  # the par table of each deal (handlers.playtest; an assignment's: seed, dealer, item)
    index: int  # the deal at the table
    grades: list[dict[str, Any]]  # the learner's cards of this deal, graded (hidden until it ends)
    pending: list[int]  # cards the node cap left for the deal's end (actions before them)
    results: list[dict[str, Any]]  # each finished deal beside its par table, in words
    summary: dict[str, Any]  # the test so far: tricks lost a deal, the learner's and the bot's


class PlayTestModel(_PlayTestBase, total=False):
    """A play test's part of ``PlayTest``'s state; an assignment's play table adds ``graded`` (False)
    and ``answers`` (item → the learner's action codes)."""

    graded: bool
    answers: dict[str, list[str]]


class PlayTestState(PlayState):
    """``PlayTest``'s state: a ``PlayDeal`` state and its ``test``."""

    test: PlayTestModel


class ProblemModel(TypedDict):
    """``PlayProblem``'s saved verdicts for the kernel-less book, along the recorded line."""

    title: str
    intro: str | None  # the problem's written setting, shown above the question
    seat: int
    start: int
    target: Any
    steps: list[dict[str, Any]]  # per turn: view, prompt (the question), hint, best, choices (verdict, line)
    result: str | None  # the recorded line's result


class ProblemState(TypedDict):
    """``PlayProblem``'s live state: the problem's deal record (``DealRecord``, ``fivehundred-record/1``)."""

    problem: dict[str, Any]
    record: dict[str, Any]
    title: str
    seat: int
    start: int
    target: Any
    played: list[str]
    recorded: list[str]
    rearrange: bool
    maximise: bool
    intro: str | None
    stops: dict[str, str]  # the record's questions by action index
    undo: list[dict[str, Any]]  # per card of the learner's: how to take it back
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    prompt: str | None
    status: ProblemStatus
    result: Any


class EvaluatorResult(TypedDict):
    """One denomination of a simulated hand (``handlers.evaluator``): what the chart and the verdict read."""

    dist: list[int]  # layouts in which the hand took 0, 1, … tricks
    mean: float
    chance: list[float]  # share of layouts with at least 0, 1, … tricks
    right: list[int]  # [lo, hi]: the whole estimates judged right
    count: float  # the chapter's rule-of-thumb count, partner and kitty included
    reason: str  # that count in words, and how the layouts differ from it


class EvaluatorResults(TypedDict):
    S: EvaluatorResult
    C: EvaluatorResult
    D: EvaluatorResult
    H: EvaluatorResult
    NT: EvaluatorResult


class EvaluatorHand(TypedDict):
    """One hand of the evaluator and its simulation (complete once ``ready``)."""

    id: str
    seed: int
    cards: list[str]
    label: str
    layouts: int  # layouts wanted
    chunk: int  # layouts per simulate() call
    units: int  # (chunk, denomination) units simulated
    done: int  # layouts simulated in every denomination
    ready: bool
    results: EvaluatorResults
    hints: list[str]  # a principle first, then this hand's count


class EvaluatorDenomination(TypedDict):
    code: str
    label: str
    words: str


class EvaluatorModel(TypedDict):
    """``HandEvaluator``: a bank of hands simulated at build time; more dealt live."""

    version: int
    title: str
    rules: dict[str, Any]
    rules_title: str
    seat: int
    seat_name: str
    prompt: str  # the question in words (the seat, the kitty)
    tricks: int
    denominations: list[EvaluatorDenomination]
    tolerance: float
    hands: list[EvaluatorHand]
    next_seed: int


class PuzzleClass(TypedDict):
    """A class of touching cards of a puzzle's position: one verdict and the solver's line for all of them."""

    codes: list[str]
    best: bool
    cost: int  # tricks lost against the best card
    verdict: str
    line: list[dict[str, Any]]  # per trick: number, plays [seat, card, where], winner, win_index


class PuzzleCardFields(TypedDict):
    """What every ``PuzzleCard`` carries."""

    id: str
    rating: int
    kind: str
    kind_title: str
    rules_title: str
    themes: list[str]
    theme_names: list[str]
    lesson_theme: str
    lesson: str
    lesson_key: str  # what the lesson claims (puzzles.lessons): checked against every puzzle by a test
    theme_lessons: dict[str, str]  # a named theme's own lesson, for the themes that have one (a theme drill's)
    thumb_rule: str  # the rule of thumb the note names ("" when none)
    thumb_note: str
    thumb_code: str  # the card the rule of thumb plays: its note goes only to a learner who played it ("" when none)
    players: int
    seat: int
    seat_name: str
    seat_names: list[str]
    side_names: list[str]
    declarer: int
    contract: str
    contract_label: str
    hands: list[int]  # cards in each seat's hand
    left_bower: str | None
    trump_suit: str | None  # the trump suit's letter ("S"); None in no trumps, misère and bidding
    exposed: list[Any]
    out: list[int]
    piles: list[Any] | None  # two players: each seat's table piles
    trick: list[list[Any]]
    trick_joker_suit: str | None
    tricks_won: list[int]
    side_tricks: list[int]
    history: list[dict[str, Any]]
    voids: dict[str, list[str]]
    prompt: str
    legal: list[str]
    choice_of: dict[str, int]  # card code -> index of its class
    classes: list[PuzzleClass]
    solution: str
    decision: str  # "play" (a card), "bid" (a call: a bidding puzzle) or "discard" (a kitty puzzle)
    auction: list[list[Any]]  # a bidding puzzle: the calls so far, [seat, words]
    calls: list[list[str]]  # a bidding puzzle: the calls offered, [code, words]


class PuzzleCard(PuzzleCardFields, total=False):
    """One puzzle as the trainer shows it (``puzzles.words.puzzle_card``): the seat's view and every verdict; a
    level problem also its later decisions (``play_on``: ``puzzles.playon``)."""

    play_on: PuzzlePlayOn


class PuzzleNext(TypedDict):
    """After a best card of a step: the replies as tricks (from the trick on the table) and in words, the step they
    lead to (None: the problem is solved, and ``end`` says so)."""

    tricks: list[dict[str, Any]]
    words: str
    node: int | None
    end: str
    why: str  # why the problem ends there, without 'solved' (after a miss on the way)


class PuzzleStep(TypedDict, total=False):
    """One decision of a level problem (``puzzles.playon``): node 0 (the problem's own card) has only ``depth``,
    ``total`` and ``next``; a later one also the fields of a ``PuzzleCard`` that change from step to step."""

    depth: int  # the learner's decisions up to this one, this one included
    total: int  # the decisions on the solver's own way through this one
    next: dict[str, PuzzleNext]  # best card code -> what follows it
    themes: list[str]
    theme_names: list[str]
    lesson_theme: str
    lesson: str
    lesson_key: str
    theme_lessons: dict[str, str]
    thumb_rule: str
    thumb_note: str
    thumb_code: str
    hands: list[Any]
    left_bower: str | None
    exposed: list[Any]
    out: list[int]
    piles: list[Any] | None
    trick: list[list[Any]]
    trick_joker_suit: str | None
    tricks_won: list[int]
    side_tricks: list[int]
    history: list[dict[str, Any]]
    voids: dict[str, list[str]]
    prompt: str
    legal: list[str]
    choice_of: dict[str, int]
    classes: list[PuzzleClass]
    solution: str


class PuzzlePlayOn(TypedDict):
    """A level problem played on: its decisions, node 0 first."""

    nodes: list[PuzzleStep]


class PuzzleLevel(TypedDict):
    """A problem set A–E: its puzzles' ids in order."""

    name: str
    ids: list[str]


class PuzzleTheme(TypedDict):
    id: str
    name: str


class PuzzleTrainerModel(TypedDict):
    """``PuzzleTrainer``'s model (``handlers.puzzles.trainer_model``)."""

    version: int
    title: str
    mode: Literal["trainer", "drill", "levels"]
    drill: str | None
    puzzles: list[PuzzleCard]
    levels: list[PuzzleLevel]
    level_pass: int
    themes: list[PuzzleTheme]


def shape_problems(value: Any, shape: type, where: str = "") -> list[str]:
    """What is wrong with ``value`` as a ``shape`` (a TypedDict above): missing and unknown keys, nested too."""
    if not isinstance(value, dict):
        return [f"{where or 'model'} is {type(value).__name__}, not an object"]
    hints = get_type_hints(shape)
    required: frozenset[str] = shape.__required_keys__  # type: ignore[attr-defined]
    out = [f"missing key {where}{key}" for key in sorted(required - value.keys())]
    out += [f"unknown key {where}{key}" for key in sorted(value.keys() - hints.keys())]
    for key, hint in hints.items():
        inner = value.get(key)
        if is_typeddict(hint):
            out += shape_problems(inner, hint, f"{where}{key}.") if key in value else []
        elif getattr(hint, "__origin__", None) is list and inner is not None:
            (item,) = hint.__args__
            if is_typeddict(item):
                for i, element in enumerate(inner):
                    out += shape_problems(element, item, f"{where}{key}[{i}].")
    return out
