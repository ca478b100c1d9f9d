"""Issue 30 (wording): a kitty discard that throws several trumps names them as several ("6♦, 9♦ and J♦ should
be kept: they are trumps"), not as one ("6♦, 9♦, J♦ should be kept (it is a trump)": which?)."""

from __future__ import annotations

from fivehundred_tutor import Card, Rules
from fivehundred_tutor.questions import check, generate


def test_thrown_trumps_are_named_as_one_or_as_several() -> None:
    seen = set()
    for seed in range(6):
        q = generate("kitty", Rules(), seed, 1)
        trumps = sorted(q["answer"]["trumps"])
        count = q["context"]["count"]
        for n in range(1, min(count, len(trumps)) + 1):
            others = [c["code"] for c in q["context"]["hand"] if c["code"] not in q["answer"]["trumps"]]
            feedback = check(q, [*trumps[:n], *others[: count - n]])["feedback"]
            names = [str(Card.parse(c)) for c in trumps[:n]]
            assert all(name in feedback for name in names), feedback
            assert ("it is a trump" in feedback) == (n == 1) and ("they are trumps" in feedback) == (n > 1), feedback
            seen.add(n)
    assert seen >= {1, 2, 3}
