"""The old home of the sampling bot, now :mod:`fivehundred_tutor.analysis.sampling_bot`.

Kept so that ``from fivehundred_tutor.analysis.bot import SamplingBot`` (notebooks, scripts)
goes on working; the name collided with :mod:`fivehundred_tutor.bots` (the rules-of-thumb bots).
"""

from __future__ import annotations

from .sampling_bot import (
    GOAL_BONUS,
    MISERE_NEED,
    MISERE_NODES,
    OPEN_MISERE_NEED,
    PARTNER_PASSED,
    PLANS,
    PlayReport,
    SamplePlan,
    SamplingBot,
    partner_passed,
    search_kind,
)

__all__ = [
    "GOAL_BONUS",
    "MISERE_NEED",
    "MISERE_NODES",
    "OPEN_MISERE_NEED",
    "PARTNER_PASSED",
    "PLANS",
    "PlayReport",
    "SamplePlan",
    "SamplingBot",
    "partner_passed",
    "search_kind",
]
