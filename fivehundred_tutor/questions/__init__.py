"""Seeded questions about Five Hundred, answered and explained by the engine.

Pure Python, standard library only (it also runs under Pyodide).

>>> from fivehundred_tutor.rules import Rules
>>> q = generate("bowers", Rules(), seed=7, difficulty=1)
>>> q["kind"], q["topic"], len(q["choices"])
('choice', 'bowers', 4)
>>> check(q, q["answer"])["correct"], check(q, "nonsense")["correct"]
(True, False)
>>> "answer" in public_view(q)
False
>>> generate("bowers", Rules(), seed=7, difficulty=1) == q
True

A question is a JSON-safe dict with the keys ``format``, ``id`` (a stable
hash of topic, rules, seed and difficulty), ``topic``, ``difficulty``,
``seed``, ``rules`` (``rules.to_dict()``), ``prompt``, ``kind`` (``"choice"``,
``"multi"``, ``"order"``, ``"number"``, ``"cards"``), ``choices`` (a list of
``{"id", "label", ...}``; card choices add ``"words"`` and ``"card"``),
``fields`` (number questions: ``{"id", "label"}`` per figure), ``context``
(cards as codes + labels + words, contract, trick, auction ...), ``answer``,
``explanation`` and ``points``.  See :mod:`fivehundred_tutor.questions.core`
for the response each kind expects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules import Rules, RulesError
from .bidding import gen_bid_ladder, gen_bid_values, gen_game_end, gen_scoring
from .cardplay import gen_bowers, gen_hierarchy, gen_kitty, gen_legal_plays, gen_trick_winner
from .core import (
    FORMAT,
    KINDS,
    QuestionError,
    TopicInfo,
    check,
    make_rng,
    public_view,
    question_id,
    response_key,
    rules_record,
    sub_seed,
)
from .decisions import gen_misere, gen_two_player, misere_unavailable
from .defence import defence_unavailable, gen_defence
from .judging import gen_hand_judging
from .play import gen_play_decision, set_verdict_provider

__all__ = [
    "FORMAT",
    "KINDS",
    "TOPICS",
    "QuestionError",
    "TopicInfo",
    "available_topics",
    "check",
    "generate",
    "public_view",
    "question_bank",
    "question_id",
    "regenerate",
    "response_key",
    "set_verdict_provider",
]

_LEVELS = (1, 2, 3)


def _topics() -> dict[str, TopicInfo]:
    items = [
        TopicInfo(
            "card-hierarchy",
            "Rank of cards",
            "Which card is higher under a contract; putting trumps in order (partial credit).",
            {1: "the higher of two plain cards", 2: "the highest of three trumps", 3: "order five trumps"},
            ("choice", "order"),
            gen_hierarchy,
        ),
        TopicInfo(
            "bowers",
            "The bowers and the joker",
            "Right and left bower, which suit a card belongs to, which cards are trumps.",
            {1: "which jack is the right/left bower", 2: "which suit a card belongs to", 3: "pick the trumps"},
            ("choice", "multi"),
            gen_bowers,
        ),
        TopicInfo(
            "bid-values",
            "What bids are worth",
            "Points for a bid on the Avondale schedule (and the misère values of the rules).",
            {1: "6- and 7-level suit bids", 2: "any suit or no-trump bid", 3: "high bids, misères; bid for a value"},
            ("number", "choice"),
            gen_bid_values,
        ),
        TopicInfo(
            "bid-ladder",
            "The bid ladder",
            "Which bid outranks which, misère placements, and whether a call is legal in an auction.",
            {1: "the next bid up the ladder", 2: "which bids outrank a bid", 3: "is this bid legal now?"},
            ("choice", "multi"),
            gen_bid_ladder,
        ),
        TopicInfo(
            "legal-plays",
            "Following suit",
            "Which cards of a hand may be played to a trick (left bower, joker in no trumps).",
            {1: "plain suits", 2: "the left bower and trumps", 3: "no trumps with the joker"},
            ("multi",),
            gen_legal_plays,
        ),
        TopicInfo(
            "trick-winner",
            "Who wins the trick",
            "The winning card of a complete trick.",
            {1: "no trumps played", 2: "trumps and bowers", 3: "the joker and the left bower"},
            ("choice",),
            gen_trick_winner,
        ),
        TopicInfo(
            "scoring",
            "Scoring a hand",
            "Both sides' scores from the contract and the tricks taken.",
            {1: "contracts made", 2: "contracts set", 3: "slams and misères"},
            ("number",),
            gen_scoring,
        ),
        TopicInfo(
            "game-end",
            "The end of the game",
            "From the running scores and a hand: who wins, who is in the hole, or play on.",
            {1: "one side near the target", 2: "close finishes", 3: "the hole and variants"},
            ("choice",),
            gen_game_end,
        ),
        TopicInfo(
            "misere",
            "Misère",
            "Scoring misère, when it may be bid, and playing it without taking a trick.",
            {1: "scoring a misère", 2: "may misère be bid now?", 3: "play without winning the trick"},
            ("number", "choice", "multi"),
            gen_misere,
            misere_unavailable,
        ),
        TopicInfo(
            "two-player",
            "The 2-player game",
            "The order of play with table cards (hand, hand, table, table) and following suit from the table.",
            {1: "the first trick", 2: "after a trick won from hand or table", 3: "legal table cards"},
            ("choice", "multi"),
            gen_two_player,
        ),
        TopicInfo(
            "kitty",
            "The kitty",
            "Discarding after taking the kitty: keep the trumps (bowers, joker), make a void.",
            {1: "keep your trumps", 2: "keep trumps incl. the left bower/joker", 3: "keep trumps and make a void"},
            ("cards",),
            gen_kitty,
        ),
        TopicInfo(
            "hand-judging",
            "Judging a hand",
            "Which bid could a sound player make with a hand, first to bid or after partner's opening (the book's bidding standard).",
            {
                1: "6- and 7-level suit bids",
                2: "any level, no trumps, raising partner",
                3: "misère and open misère too",
            },
            ("choice",),
            gen_hand_judging,
            lambda rules: "judging a hand is made for the 4-player game" if rules.players != 4 else None,
        ),
        TopicInfo(
            "defence",
            "Defence",
            "The defenders' decisions: leave partner's winning card alone, play well when you cannot follow "
            "suit, and beat a misère by playing under the declarer.",
            {
                1: "let partner's winning card stand (playing last)",
                2: "no card of the suit led: ruff or throw (every hand in view)",
                3: "beat a misère (every hand in view)",
            },
            ("multi", "choice"),
            gen_defence,
            defence_unavailable,
        ),
        TopicInfo(
            "play-decision",
            "Play decisions",
            "Simple declarer/defender decisions from a position; level 3: the best card in a small ending, every hand in view.",
            {
                1: "win a trick cheaply",
                2: "let partner's winning card stand (playing last)",
                3: "best card in a small ending (every hand in view)",
            },
            ("choice", "multi"),
            gen_play_decision,
        ),
    ]
    return {t.name: t for t in items}


TOPICS: dict[str, TopicInfo] = _topics()


def available_topics(rules: Rules) -> list[str]:
    """Topics that make sense under ``rules`` (misère needs misère to be biddable)."""
    return [name for name, info in TOPICS.items() if info.unavailable(rules) is None]


def _coerce_rules(rules: Rules | Mapping[str, Any] | None) -> Rules:
    try:
        return Rules.coerce(rules)
    except (RulesError, TypeError) as err:
        raise QuestionError(f"bad rules: {err}") from None


def generate(topic: str, rules: Rules | Mapping[str, Any] | None, seed: int, difficulty: int = 1) -> dict[str, Any]:
    """One question: the same (topic, rules, seed, difficulty) gives the identical dict everywhere."""
    info = TOPICS.get(topic) if isinstance(topic, str) else None
    if info is None:
        raise QuestionError(f"no topic {topic!r}; topics are: {', '.join(TOPICS)}")
    if isinstance(difficulty, bool) or difficulty not in info.difficulties:
        raise QuestionError(f"difficulty must be one of {', '.join(map(str, info.difficulties))}, not {difficulty!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise QuestionError(f"seed must be a whole number >= 0, not {seed!r}")
    the_rules = _coerce_rules(rules)
    why_not = info.unavailable(the_rules)
    if why_not:
        raise QuestionError(f"topic {topic!r}: {why_not}")
    body = info.generator(the_rules, make_rng(topic, seed, difficulty), difficulty)
    question: dict[str, Any] = {
        "format": FORMAT,
        "id": question_id(topic, the_rules, seed, difficulty),
        "topic": topic,
        "title": info.title,
        "difficulty": difficulty,
        "seed": seed,
        "rules": rules_record(the_rules),
        "points": 1,
        "fields": [],
    }
    question.update(body)
    return question


def regenerate(question: Mapping[str, Any]) -> dict[str, Any]:
    """Make the question again from its own topic, rules, seed and difficulty (for graders)."""
    try:
        return generate(
            question["topic"], Rules.from_dict(dict(question["rules"])), question["seed"], question["difficulty"]
        )
    except (KeyError, TypeError, RulesError) as err:
        raise QuestionError(f"not a question record: {err}") from None


def question_bank(
    topics: Sequence[str] | str,
    rules: Rules | Mapping[str, Any] | None,
    seed: int,
    count: int,
    difficulty: int | Sequence[int] = 1,
) -> list[dict[str, Any]]:
    """``count`` questions cycling through ``topics`` (and difficulties, if a list is given)."""
    names = [topics] if isinstance(topics, str) else list(topics)
    if not names:
        raise QuestionError("give at least one topic")
    levels = [difficulty] if isinstance(difficulty, int) else list(difficulty)
    if not levels:
        raise QuestionError("give at least one difficulty")
    the_rules = _coerce_rules(rules)
    out = []
    for i in range(count):
        topic = names[i % len(names)]
        level = levels[(i // len(names)) % len(levels)]
        out.append(generate(topic, the_rules, sub_seed("bank", seed, i), level))
    return out


__all__ += ["KINDS", "sub_seed"]
