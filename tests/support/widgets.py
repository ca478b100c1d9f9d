"""Shared set-up for the widget tests: the gallery of widgets the test notebook shows.

The notebook ``tests/ui/notebooks/widgets_gallery.md`` displays ``gallery()``; the
browser tests build the same gallery in the test process to know the answers
(every widget is seeded, so both are identical).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.handlers.replay import bot_deal
from fivehundred_tutor.questions import TOPICS
from fivehundred_tutor.widgets import (
    BiddingLadder,
    BowerTrainer,
    CardHierarchyQuiz,
    CardView,
    DealReplay,
    QuizWidget,
    ScoringQuiz,
    TrickTrainer,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "ui" / "notebooks"
GALLERY_NOTEBOOK = NOTEBOOKS / "widgets_gallery.md"
LAB_NOTEBOOK = NOTEBOOKS / "widgets_lab.ipynb"


def played_out(deal: Deal) -> Deal:
    bot = HeuristicBot()
    while not deal.is_over:
        deal.push(bot.choose(deal))
    return deal


def misere_deal(contract: str = "MIS", seed: int = 21) -> Deal:
    """A misère (or open misère) hand played by the bots: North declares, South lays down."""
    base = Deal.new(Rules(), seed=seed)
    return played_out(Deal.from_position(Rules(), base.hands, contract, 0))


def first_play_index(deal: Deal) -> int:
    from fivehundred_tutor.actions import Play

    return next(i for i, a in enumerate(deal.history) if isinstance(a, Play))


def four_player_replay() -> DealReplay:
    deal = bot_deal(Rules(), 5)
    first = first_play_index(deal)
    return DealReplay(
        deal,
        comments={0: "East opens the auction.", first: "The declarer leads."},
        marks={first: "!"},
        stops=[first, first + 1],
        title="Four players replay",
    )


def gallery() -> dict[str, Any]:
    """Every widget, seeded; keys are stable names used by the tests."""
    rules = Rules()
    return {
        "cards": CardView(["JK", "JD", "TH", "AS", "4H", "5C"], label="A sample hand"),
        "deck": CardView(every_card(), label="Every card"),
        "cards4": CardView(["AD", "AC", "AH", "AS"], four_colour=True, label="Four-colour aces"),
        "hierarchy": CardHierarchyQuiz(rules, seed=3, questions=6, title="Hierarchy quiz"),
        "bowers": BowerTrainer(rules, seed=3, questions=6, title="Bower quiz"),
        "tricks": TrickTrainer(rules, seed=3, questions=6, title="Trick quiz"),
        "scoring": ScoringQuiz(rules, seed=3, questions=6, title="Scoring quiz"),
        "ladder": BiddingLadder(rules, seed=3, questions=6, title="Ladder quiz"),
        "replay4": four_player_replay(),
        "misere": DealReplay(misere_deal("MIS"), title="Misere replay"),
        "open_misere": DealReplay(misere_deal("OM"), title="Open misere replay", seat=1),
        "three": DealReplay(bot_deal(Rules.preset("three-player"), 5), title="Three players replay"),
        "two": DealReplay(bot_deal(Rules.preset("two-player"), 5), title="Two players replay"),
        "every_topic": QuizWidget(rules, topics=list(TOPICS), questions=3 * len(TOPICS), seed=11, title="Every topic"),
        "broken": broken_replay(),
        "broken_quiz": broken_quiz(),
    }


def every_card() -> list[str]:
    """Every card of every deck the engine deals (43, 45 and 63 cards)."""
    cards = {c for preset in ("australian", "six-player", "45-card") for c in Rules.preset(preset).deck()}
    return [c.code for c in sorted(cards)]


def broken_replay() -> DealReplay:
    """A replay whose saved model is malformed (as a stale saved state might be)."""
    replay = DealReplay(bot_deal(Rules(), 5), title="Broken replay")
    model = dict(replay.model)
    model["frames"] = model["frames"][:3]
    replay.model = model
    return replay


def broken_quiz() -> BowerTrainer:
    """A quiz saved by a (pretend) newer version of the package."""
    quiz = BowerTrainer(Rules(), seed=1, questions=2, title="Broken quiz")
    quiz.quiz = {**quiz.quiz, "version": 99}
    return quiz
