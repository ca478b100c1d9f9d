"""A replay's comments in a learner's words: the deal library's annotations say "Double dummy: …"
and, in the 2-player game, carry the solver's note; the replay shows them plainly."""

from __future__ import annotations

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.handlers.replay import FACE_DOWN_NOTE, replay_model
from fivehundred_tutor.records import load_library_record
from fivehundred_tutor.solver import DOUBLE_DUMMY_NOTE


def test_comments_say_with_every_hand_in_view() -> None:
    deal = Deal.from_position(Rules(), {0: "AH 5S", 1: "KH 6S", 2: "QH 7S", 3: "JS 8S"}, "7NT", 0)
    deal.push_many(["AH", "KH", "QH", "JS"])
    comments = {0: "Double dummy: North–South can take 2 tricks. A♥ keeps that.", 1: f"Fine. {DOUBLE_DUMMY_NOTE}"}
    model = replay_model(deal, comments=comments)
    text = " ".join(str(a.get("comment", "")) for a in model["actions"])
    assert "With every hand in view, North–South can take 2 tricks. A♥ keeps that." in text
    assert FACE_DOWN_NOTE in text
    assert "double dummy" not in text.lower() and "Double dummy" not in text


def test_the_library_deals_annotations_read_plainly() -> None:
    args = load_library_record("05-defence-take-your-ace").replay_args()
    assert any("Double dummy: " in c for c in args["comments"].values())  # as stored
    model = replay_model(**args)
    shown = " ".join(str(a.get("comment", "")) for a in model["actions"])
    shown += " ".join(str(c.get("feedback", "")) for s in model["stops"] for c in s["choices"])
    assert "With every hand in view, " in shown and "double dummy" not in shown.lower()
