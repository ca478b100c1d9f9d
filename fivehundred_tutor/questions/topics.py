"""The topics a quiz can ask about, each in one place with everything that belongs to it.

A :class:`TopicInfo` carries what a topic teaches, the generator of its questions, its two hints (the
principle, then a clue: :mod:`.principles`, :mod:`.clues`) and its place in the home page's Review.  The
hints are required: a topic without them is a ``TypeError`` when this module is imported, so no quiz ever
falls back to a hint that says nothing of its question.

>>> TOPICS["bowers"].title, TOPICS["bowers"].review
('The bowers and the joker', 2)
>>> [name for name in review_topics()][:3]
['card-hierarchy', 'bowers', 'bid-values']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..rng import Random
from ..rules import Rules
from . import clues, principles
from .bidding import gen_bid_ladder, gen_bid_values, gen_game_end, gen_scoring
from .cardplay import gen_bowers, gen_hierarchy, gen_kitty, gen_legal_plays, gen_trick_winner
from .decisions import gen_misere, gen_two_player, misere_unavailable
from .defence import defence_unavailable, gen_defence
from .judging import gen_hand_judging
from .play import gen_play_decision

__all__ = ["TOPICS", "Generator", "HintMaker", "TopicInfo", "available_topics", "registry", "review_topics"]

#: Makes the body of one question (prompt, choices, answer, explanation …) from rules, a seeded rng and a level.
Generator = Callable[[Rules, Random, int], dict[str, Any]]
#: One hint for one question: the question's dict in, a sentence out that never names the answer.
HintMaker = Callable[[Mapping[str, Any]], str]


def _always(rules: Rules) -> str | None:
    return None


@dataclass(frozen=True)
class TopicInfo:
    """What a topic teaches, its difficulty levels, the kinds of question it asks, and what makes them:
    its generator, its hints (``principle`` first, then ``clue``) and its place in the Review (``review``:
    1, 2, … in the order of the book; ``None`` when the Review leaves the topic out).

    ``title``, ``description`` and the levels' words are English (marked for the catalog); a learner reads
    them through :meth:`to_dict`, :attr:`local_title` or ``gettext``."""

    name: str
    title: str
    description: str
    difficulties: dict[int, str]
    kinds: tuple[str, ...]
    generator: Generator = field(repr=False, compare=False)
    # Returns None when the topic suits the rules, else the reason it does not.
    unavailable: Callable[[Rules], str | None] = field(repr=False, compare=False, default=_always)
    principle: HintMaker = field(kw_only=True, repr=False, compare=False)
    clue: HintMaker = field(kw_only=True, repr=False, compare=False)
    review: int | None = field(kw_only=True, default=None)

    def __post_init__(self) -> None:
        for role in ("generator", "unavailable", "principle", "clue"):
            if not callable(getattr(self, role)):
                raise TypeError(f"topic {self.name!r}: its {role} must be a function")
        if self.review is not None and (
            isinstance(self.review, bool) or not isinstance(self.review, int) or self.review < 1
        ):
            raise ValueError(f"topic {self.name!r}: its place in the Review must be 1, 2, … or None")

    @property
    def local_title(self) -> str:
        """The title in the reader's language (``title`` is the English, as records keep it)."""
        return _(self.title)

    @property
    def local_description(self) -> str:
        """The description in the reader's language."""
        return _(self.description)

    def to_dict(self) -> dict[str, Any]:
        """The topic as a learner reads it: title, description and levels in the reader's language."""
        return {
            "name": self.name,
            "title": _(self.title),
            "description": _(self.description),
            "difficulties": {str(k): _(v) for k, v in self.difficulties.items()},
            "kinds": list(self.kinds),
        }


def registry(topics: Iterable[TopicInfo]) -> dict[str, TopicInfo]:
    """``{name: topic}``, checked: no name twice, no two topics at one place in the Review."""
    out: dict[str, TopicInfo] = {}
    places: dict[int, str] = {}
    for topic in topics:
        if topic.name in out:
            raise ValueError(f"topic {topic.name!r} is registered twice")
        if topic.review is not None:
            if topic.review in places:
                raise ValueError(
                    f"topics {places[topic.review]!r} and {topic.name!r} share place {topic.review} in the Review"
                )
            places[topic.review] = topic.name
        out[topic.name] = topic
    return out


def _registry() -> dict[str, TopicInfo]:
    topics = [
        TopicInfo(
            "card-hierarchy",
            N_("Rank of cards"),
            N_("Which card is higher under a contract; putting trumps in order (partial credit)."),
            {1: N_("the higher of two plain cards"), 2: N_("the highest of three trumps"), 3: N_("order five trumps")},
            ("choice", "order"),
            gen_hierarchy,
            principle=principles.card_hierarchy,
            clue=clues.card_hierarchy,
            review=1,
        ),
        TopicInfo(
            "bowers",
            N_("The bowers and the joker"),
            N_("Right and left bower, which suit a card belongs to, which cards are trumps."),
            {
                1: N_("which jack is the right/left bower"),
                2: N_("which suit a card belongs to"),
                3: N_("pick the trumps"),
            },
            ("choice", "multi"),
            gen_bowers,
            principle=principles.bowers,
            clue=clues.bowers,
            review=2,
        ),
        TopicInfo(
            "bid-values",
            N_("What bids are worth"),
            N_("Points for a bid on the Avondale schedule (and the misère values of the rules)."),
            {
                1: N_("6- and 7-level suit bids"),
                2: N_("any suit or no-trump bid"),
                3: N_("high bids, misères; bid for a value"),
            },
            ("number", "choice"),
            gen_bid_values,
            principle=principles.bid_values,
            clue=clues.bid_values,
            review=3,
        ),
        TopicInfo(
            "bid-ladder",
            N_("The bid ladder"),
            N_("Which bid outranks which, misère placements, and whether a call is legal in an auction."),
            {1: N_("the next bid up the ladder"), 2: N_("which bids outrank a bid"), 3: N_("is this bid legal now?")},
            ("choice", "multi"),
            gen_bid_ladder,
            principle=principles.bid_ladder,
            clue=clues.bid_ladder,
            review=4,
        ),
        TopicInfo(
            "legal-plays",
            N_("Following suit"),
            N_("Which cards of a hand may be played to a trick (left bower, joker in no trumps)."),
            {1: N_("plain suits"), 2: N_("the left bower and trumps"), 3: N_("no trumps with the joker")},
            ("multi",),
            gen_legal_plays,
            principle=principles.legal_plays,
            clue=clues.legal_plays,
            review=6,
        ),
        TopicInfo(
            "trick-winner",
            N_("Who wins the trick"),
            N_("The winning card of a complete trick."),
            {1: N_("no trumps played"), 2: N_("trumps and bowers"), 3: N_("the joker and the left bower")},
            ("choice",),
            gen_trick_winner,
            principle=principles.trick_winner,
            clue=clues.trick_winner,
            review=7,
        ),
        TopicInfo(
            "scoring",
            N_("Scoring a hand"),
            N_("Both sides' scores from the contract and the tricks taken."),
            {1: N_("contracts made"), 2: N_("contracts set"), 3: N_("slams and misères")},
            ("number",),
            gen_scoring,
            principle=principles.scoring,
            clue=clues.scoring,
            review=9,
        ),
        TopicInfo(
            "game-end",
            N_("The end of the game"),
            N_("From the running scores and a hand: who wins, who is in the hole, or play on."),
            {1: N_("one side near the target"), 2: N_("close finishes"), 3: N_("the hole and variants")},
            ("choice",),
            gen_game_end,
            principle=principles.game_end,
            clue=clues.game_end,
            review=10,
        ),
        TopicInfo(
            "misere",
            N_("Misère"),
            N_("Scoring misère, when it may be bid, and playing it without taking a trick."),
            {1: N_("scoring a misère"), 2: N_("may misère be bid now?"), 3: N_("play without winning the trick")},
            ("number", "choice", "multi"),
            gen_misere,
            misere_unavailable,
            principle=principles.misere,
            clue=clues.misere,
            review=8,
        ),
        TopicInfo(
            "two-player",
            N_("The 2-player game"),
            N_("The order of play with table cards (hand, hand, table, table) and following suit from the table."),
            {1: N_("the first trick"), 2: N_("after a trick won from hand or table"), 3: N_("legal table cards")},
            ("choice", "multi"),
            gen_two_player,
            principle=principles.two_player,
            clue=clues.two_player,
        ),
        TopicInfo(
            "kitty",
            N_("The kitty"),
            N_("Discarding after taking the kitty: keep the trumps (bowers, joker), make a void."),
            {
                1: N_("keep your trumps"),
                2: N_("keep trumps incl. the left bower/joker"),
                3: N_("keep trumps and make a void"),
            },
            ("cards",),
            gen_kitty,
            principle=principles.kitty,
            clue=clues.kitty,
            review=5,
        ),
        TopicInfo(
            "hand-judging",
            N_("Judging a hand"),
            N_(
                "Which bid could a sound player make with a hand, first to bid or after partner's opening (the book's bidding standard)."
            ),
            {
                1: N_("6- and 7-level suit bids"),
                2: N_("any level, no trumps, raising partner"),
                3: N_("misère and open misère too"),
            },
            ("choice",),
            gen_hand_judging,
            lambda rules: _("judging a hand is made for the 4-player game") if rules.players != 4 else None,
            principle=principles.hand_judging,
            clue=clues.hand_judging,
        ),
        TopicInfo(
            "defence",
            N_("Defence"),
            N_(
                "The defenders' decisions: leave partner's winning card alone, play well when you cannot follow "
                "suit, and beat a misère by playing under the declarer."
            ),
            {
                1: N_("let partner's winning card stand (playing last)"),
                2: N_("no card of the suit led: ruff or throw (every hand in view)"),
                3: N_("beat a misère (every hand in view)"),
            },
            ("multi", "choice"),
            gen_defence,
            defence_unavailable,
            principle=principles.defence,
            clue=clues.defence,
        ),
        TopicInfo(
            "play-decision",
            N_("Play decisions"),
            N_(
                "Simple declarer/defender decisions from a position; level 3: the best card in a small ending, every hand in view."
            ),
            {
                1: N_("win a trick cheaply"),
                2: N_("let partner's winning card stand (playing last)"),
                3: N_("best card in a small ending (every hand in view)"),
            },
            ("choice", "multi"),
            gen_play_decision,
            principle=principles.play_decision,
            clue=clues.play_decision,
        ),
    ]
    return registry(topics)


TOPICS: dict[str, TopicInfo] = _registry()


def available_topics(rules: Rules) -> list[str]:
    """Topics that make sense under ``rules`` (misère needs misère to be biddable)."""
    return [name for name, info in TOPICS.items() if info.unavailable(rules) is None]


def review_topics() -> tuple[str, ...]:
    """The topics of the home page's Review, in the order of the book."""
    reviewed = [t for t in TOPICS.values() if t.review is not None]
    return tuple(t.name for t in sorted(reviewed, key=lambda t: t.review or 0))
