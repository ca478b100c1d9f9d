"""The final test's pass mark, worked out over many seeded forms from two players who learn nothing
from the test: blind guessers and the rules bot (:mod:`.rulesbot`).

- **Blind guessers** (:func:`guess_chances`): a uniform guess (any choice, any set of choices,
  any order, any discard, a number from the scoring table), and guessers who always take the
  same place in a list of choices.  Their scores are exact probability distributions (a sum of
  independent right or wrong answers: :func:`score_distribution`), not samples.
- **The rules bot**: what knowing every rule and nothing more scores.

The pass mark lies halfway between the most a blind guesser reaches one time in a thousand on
any form (with its best strategy) and the least the rules bot scores on any form: luck alone
almost never passes, and knowing the rules always does.  A right answer is one right at the
first try, as the book's quizzes count; partial credit is not counted.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any

from .. import questions
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..questions.core import public_view
from ..rules import Rules
from ..saved import remember
from .rulesbot import codes_of, context_of, rules_bot_answer
from .rulestest import form_questions

__all__ = [
    "TAIL",
    "Calibration",
    "calibrate",
    "guess_chances",
    "score_distribution",
    "strategy_words",
    "uniform_chance",
]


def _choices(q: Mapping[str, Any]) -> list[str]:
    return [str(c["id"]) for c in q.get("choices") or []]


def _number_pool(rules: Rules) -> set[int]:
    """The numbers a guesser who has the scoring table at hand might write: ± every bid value, 10 a trick."""
    values = {rules.bid_value(b) for b in rules.bid_ladder()} | {250}
    return {v for x in values for v in (x, -x)} | {10 * n for n in range(11)}


def uniform_chance(q: Mapping[str, Any], pool: set[int]) -> float:
    """The chance that a uniform blind guess is right (exactly, from the question's own checker)."""
    kind, ids = q["kind"], _choices(q)
    if kind == "choice":
        return 1 / len(ids)
    if kind == "multi":
        return 1 / float(2 ** len(ids) - 1)  # any set of one or more choices
    if kind == "order":
        return 1 / math.factorial(len(ids))
    if kind == "number":
        answer = q["answer"]
        chance = 1.0
        for f in q.get("fields") or []:
            value = answer[f["id"]] if isinstance(answer, Mapping) else answer
            chance *= (value in pool) / len(pool)
        return chance
    if kind == "cards":
        hand = codes_of(context_of(q).get("hand"))
        picks = list(combinations(hand, int(context_of(q)["count"])))
        right = sum(1 for p in picks if questions.check(q, list(p))["correct"])
        return right / len(picks)
    raise LookupError(kind)


def guess_chances(form: Sequence[Mapping[str, Any]], rules: Rules) -> dict[str, list[float]]:
    """Per blind strategy, each question's chance of a right answer.

    ``"uniform"``: a uniform guess on every question; ``"position N"``: always the N-th choice of a
    one-answer list (where a list is that long; elsewhere the uniform guess).
    """
    pool = _number_pool(rules)
    uniform = [uniform_chance(q, pool) for q in form]
    out = {"uniform": uniform}
    longest = max((len(_choices(q)) for q in form if q["kind"] == "choice"), default=0)
    for n in range(longest):
        out[f"position {n + 1}"] = [
            (float(_choices(q)[n] == q["answer"]) if len(_choices(q)) > n else uniform[i])
            if q["kind"] == "choice"
            else uniform[i]
            for i, q in enumerate(form)
        ]
    return out


def score_distribution(chances: Sequence[float]) -> list[float]:
    """P(score = k) for k = 0..n, for independent questions right with these chances (exact).

    >>> [round(p, 3) for p in score_distribution([0.5, 0.5])]
    [0.25, 0.5, 0.25]
    """
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, mass in enumerate(dist):
            nxt[k] += mass * (1 - p)
            nxt[k + 1] += mass * p
        dist = nxt
    return dist


def _quantile(dist: Sequence[float], tail: float) -> int:
    """The least score ``k`` with P(score > k) <= ``tail``."""
    above = 1.0
    for k, mass in enumerate(dist):
        above -= mass
        if above <= tail + 1e-12:
            return k
    return len(dist) - 1


@dataclass(frozen=True)
class Calibration:
    """What blind guessing and knowing the rules score on ``forms`` seeded forms of ``questions`` questions."""

    forms: int
    questions: int
    guess_strategy: str  # the blind strategy that reaches the highest one-in-a-thousand score
    guess_top: int  # that score: the most it reaches one time in a thousand, on any of the forms
    guess_mean: float  # its mean score over the forms
    guess_distribution: tuple[float, ...]  # its P(score = k), averaged over the forms
    bot_scores: tuple[int, ...]  # the rules bot's score on each form
    bot_misses: dict[str, int]  # topic → questions the rules bot missed over all the forms
    pass_mark: int

    @property
    def bot_min(self) -> int:
        return min(self.bot_scores)

    @property
    def bot_mean(self) -> float:
        return sum(self.bot_scores) / len(self.bot_scores)

    @property
    def margin(self) -> int:
        """How far the pass mark is above the guesser's one-in-a-thousand score."""
        return self.pass_mark - self.guess_top


TAIL = 0.001  # "one time in a thousand"


def strategy_words(name: str) -> str:
    """A blind strategy in words: "always the first choice", "a uniform guess".

    >>> strategy_words("position 2"), strategy_words("uniform")
    ('always the second choice', 'any choice at random')
    """
    if name == "uniform":
        # Translators: a blind guesser's way of answering the final test's questions
        return _("any choice at random")
    n = int(name.split()[-1])
    if n <= len(_NTH):
        return _(_NTH[n - 1])
    # Translators: a blind guesser always answers the n-th choice (n above 8)
    return _("always the {n}th choice").format(n=n)


#: a blind guesser's strategies, "always the N-th choice", in words (``gettext`` where shown)
_NTH = (
    N_("always the first choice"),
    N_("always the second choice"),
    N_("always the third choice"),
    N_("always the fourth choice"),
    N_("always the fifth choice"),
    N_("always the sixth choice"),
    N_("always the seventh choice"),
    N_("always the eighth choice"),
)


def calibrate(rules: Rules, seeds: Sequence[int]) -> Calibration:
    """Blind guessers and the rules bot on the forms of ``seeds``; the pass mark halfway between
    the guessers' one-in-a-thousand score and the rules bot's lowest score.  (The book's JupyterLite takes
    the result the book build worked out: :func:`fivehundred_tutor.saved.remember`.)"""
    seeds = list(seeds)

    def load(data: dict[str, Any]) -> Calibration:
        tuples = {"guess_distribution": tuple(data["guess_distribution"]), "bot_scores": tuple(data["bot_scores"])}
        return Calibration(**{**data, **tuples})

    return remember("calibration", [rules.to_dict(), seeds], lambda: _calibrate(rules, seeds), dump=asdict, load=load)


def _calibrate(rules: Rules, seeds: Sequence[int]) -> Calibration:
    tops: dict[str, int] = {}
    sums: dict[str, list[float]] = {}
    bot_scores: list[int] = []
    misses: dict[str, int] = {}
    size = 0
    for seed in seeds:
        form = form_questions(rules, seed)
        if size and len(form) != size:
            raise ValueError(f"forms of different lengths ({size} and {len(form)} questions)")
        size = len(form)
        for name, chances in guess_chances(form, rules).items():
            dist = score_distribution(chances)
            tops[name] = max(tops.get(name, 0), _quantile(dist, TAIL))
            total = sums.setdefault(name, [0.0] * len(dist))
            for k, mass in enumerate(dist):
                total[k] += mass
        right = 0
        for q in form:
            if questions.check(q, rules_bot_answer(public_view(q)))["correct"]:
                right += 1
            else:
                misses[q["topic"]] = misses.get(q["topic"], 0) + 1
        bot_scores.append(right)
    if not bot_scores:
        raise ValueError("give at least one form to calibrate on")
    best = max(tops, key=lambda name: (tops[name], sum(k * m for k, m in enumerate(sums[name]))))
    mean_dist = tuple(m / len(seeds) for m in sums[best])
    bot_min = min(bot_scores)
    if bot_min <= tops[best]:
        raise ValueError(f"the rules bot's lowest score ({bot_min}) is no better than blind guessing ({tops[best]})")
    return Calibration(
        forms=len(seeds),
        questions=size,
        guess_strategy=best,
        guess_top=tops[best],
        guess_mean=sum(k * m for k, m in enumerate(mean_dist)),
        guess_distribution=mean_dist,
        bot_scores=tuple(bot_scores),
        bot_misses=dict(sorted(misses.items())),
        pass_mark=tops[best] + math.ceil((bot_min - tops[best]) / 2),
    )
