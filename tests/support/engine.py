"""Helpers shared by the engine tests."""

from __future__ import annotations

from collections.abc import Iterable

from fivehundred_tutor import Bid, Card, Deal, IllegalAction, Rules, parse_cards
from fivehundred_tutor.rng import Random


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def codes(actions: Iterable[object]) -> list[str]:
    return [a.code for a in actions]  # type: ignore[attr-defined]


def bid(text: str) -> Bid:
    return Bid.parse(text)


def run_auction(deal: Deal, calls: Iterable[str]) -> Deal:
    for call in calls:
        deal.push(call)
    return deal


def finish_randomly(deal: Deal, seed: int) -> Deal:
    rng = Random(seed)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    return deal


def assert_illegal_unchanged(deal: Deal, action: object, fragment: str = "") -> str:
    """Push an illegal action; check the error and that the deal did not change."""
    before = deal.state_key()
    try:
        deal.push(action)  # type: ignore[arg-type]
    except IllegalAction as err:
        assert deal.state_key() == before, "an illegal action changed the deal"
        assert fragment.lower() in str(err).lower(), f"{fragment!r} not in {err}"
        return str(err)
    raise AssertionError(f"{action!r} was accepted but should be illegal")


def all_rules() -> list[Rules]:
    return [Rules.preset(name) for name in Rules.preset_names()]
