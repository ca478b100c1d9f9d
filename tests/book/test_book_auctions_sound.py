"""Every auction a reader can step through in the built book passes the hand evaluation.

The book shows auctions in replay widgets: annotated library deals, and deals bid and played by
the bots.  Each bid in them must be one a sound player could make with that hand
(:func:`fivehundred_tutor.bidding_standard.call_problem_in`: the book's bidding standard, with
the auction so far — partner's bids to support, partner holding the bid — and in the 2-player
game the bidder's face-up table cards).  The deals are read from the widget state saved in the built
pages, so the test sees exactly what a reader sees.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fivehundred_tutor import Bid, Deal
from fivehundred_tutor.bidding_standard import call_problem_in
from fivehundred_tutor.deal import Phase

STATE = re.compile(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>', re.S)


def saved_deals(html: Path) -> list[tuple[str, dict[str, Any]]]:
    """(page, saved deal) for every widget on the chapter pages whose model carries a deal."""
    out = []
    for page in sorted((html / "chapters").glob("*.html")):
        for block in STATE.findall(page.read_text(encoding="utf-8")):
            for model in json.loads(block)["state"].values():
                deal = model.get("state", {}).get("deal")
                if isinstance(deal, dict) and "actions" in deal and "hands" in deal:
                    out.append((page.name, deal))
    return out


def unsound_bids(saved: dict[str, Any]) -> tuple[int, list[str]]:
    """(bids checked, the unsound ones described) for one saved deal."""
    deal = Deal.from_dict({**saved, "actions": []})
    checked, problems = 0, []
    for code in saved["actions"]:
        if deal.phase != Phase.AUCTION:
            break
        action = deal.parse_action(code)
        seat = deal.to_move
        assert seat is not None
        if isinstance(action, Bid):
            problem = call_problem_in(deal, action)
            checked += 1
            if problem:
                problems.append(f"{deal.rules.seat_name(seat)} {action}: {problem}")
        deal.push(action)
    return checked, problems


def test_every_auction_shown_in_the_book_is_sound(built_book: Any) -> None:
    deals = saved_deals(built_book.html)
    pages = {page for page, _ in deals}
    assert len(deals) >= 10 and len(pages) >= 6, sorted(pages)
    total, problems = 0, []
    for page, saved in deals:
        checked, bad = unsound_bids(saved)
        total += checked
        problems += [f"{page}: {text}" for text in bad]
    assert total >= 25
    assert not problems, "\n".join(problems)
