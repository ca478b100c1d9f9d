"""Speed work on question generation keeps every question identical (grading re-derives questions from seeds).

The digests in ``tests/data/question_digests.json`` were recorded by ``bench/question_digests.py`` before the
generators were made faster; re-record them only for a change meant to change questions.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("question_digests", ROOT / "bench" / "question_digests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_questions_match_the_recorded_digests() -> None:
    want = json.loads((ROOT / "tests" / "data" / "question_digests.json").read_text(encoding="utf-8"))
    found = _tool().digests()
    assert set(found) == set(want), "topics or presets changed: re-record with bench/question_digests.py --write"
    differ = sorted(k for k in want if found[k] != want[k])
    assert not differ, f"questions changed for {len(differ)} (rules/topic/level) groups: {differ[:10]}"


def test_a_digest_sees_a_one_character_change(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The comparison can fail: a changed explanation in one topic changes exactly that topic's digests."""
    from fivehundred_tutor import questions

    tool = _tool()
    before = tool.digests(scale=0.05)
    info = questions.TOPICS["scoring"]
    original = info.generator

    def altered(rules, rng, difficulty):  # type: ignore[no-untyped-def]
        body = original(rules, rng, difficulty)
        body["explanation"] += "."
        return body

    monkeypatch.setitem(questions.TOPICS, "scoring", type(info)(**{**info.__dict__, "generator": altered}))
    after = tool.digests(scale=0.05)
    changed = {k.split("/")[1] for k in before if before[k] != after[k]}
    assert changed == {"scoring", "every-topic"}  # the topic's groups, and the assignment holding it


def test_sound_suit_levels_equal_call_problem_level_by_level() -> None:
    """The kitty topic's one-pass count of a hand gives the levels ``call_problem`` accepts one by one."""
    from fivehundred_tutor.bids import Bid
    from fivehundred_tutor.cards import Suit
    from fivehundred_tutor.questions.judging import call_problem, sound_suit_levels
    from fivehundred_tutor.rng import Random
    from fivehundred_tutor.rules import Rules

    rng = Random(11)
    seen: set[tuple[int, ...]] = set()
    for preset in ("australian", "three-player", "six-player", "misere-150", "45-card"):
        rules = Rules.preset(preset)
        deck = rules.deck()
        for _ in range(300):
            hand = rng.sample(deck, 10)
            for trump in Suit:
                want = [t for t in range(6, 11) if call_problem(rules, hand, Bid.suit(t, trump)) is None]
                assert sound_suit_levels(rules, hand, trump) == want, (preset, hand, trump)
                seen.add(tuple(want))
    assert len(seen) >= 5  # empty, the weak 6 alone, and several ranges of levels were all met


def test_the_written_out_generator_draws_what_the_plain_one_did() -> None:
    """``Random.randbelow``/``shuffle`` inline SplitMix64 for speed; the numbers are those of the plain form."""
    from fivehundred_tutor.rng import Random

    mask = (1 << 64) - 1

    class Plain:
        def __init__(self, seed: int) -> None:
            self.state = seed & mask

        def next64(self) -> int:
            self.state = (self.state + 0x9E3779B97F4A7C15) & mask
            z = self.state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            return z ^ (z >> 31)

        def randbelow(self, n: int) -> int:
            product = self.next64() * n
            if product & mask < n:
                threshold = ((1 << 64) - n) % n
                while product & mask < threshold:
                    product = self.next64() * n
            return product >> 64

    bounds = [*range(1, 120), 2**63 + 5, 3 * 2**62, 2**64 - 1]  # 3·2**62 rejects about one draw in four
    for seed in range(40):
        fast, plain = Random(seed), Plain(seed)
        assert [fast.randbelow(n) for n in bounds] == [plain.randbelow(n) for n in bounds]
        for size in range(60):
            a, b = list(range(size)), list(range(size))
            fast.shuffle(a)
            for i in range(size - 1, 0, -1):
                j = plain.randbelow(i + 1)
                b[i], b[j] = b[j], b[i]
            assert a == b
        assert fast.next64() == plain.next64()
