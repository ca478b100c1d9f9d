"""Level problems played on (puzzles/steps.py, puzzles/playon.py): every problem has its steps, each step's best set
is exactly the solver's (re-solved on a seeded sample), the replies are the solver's and the same every time, a
planted wrong answer is caught, and the words a learner reads name no card codes."""

from __future__ import annotations

import copy
import re

from fivehundred_tutor.puzzles import load_bank
from fivehundred_tutor.puzzles.playon import play_on
from fivehundred_tutor.puzzles.sets import LEVELS, level_sets
from fivehundred_tutor.puzzles.steps import (
    MAX_NODES,
    MAX_STEPS,
    STEPS_PATH,
    check_problem,
    level_steps,
    problem_steps,
    steps_key,
    stored_key,
)
from fivehundred_tutor.rng import Random

CARD_CODE = re.compile(r"\b(?:[2-9TJQKA]|1[0-3])[SCDH]\b|\bJK\b")


def _problems() -> list:  # type: ignore[type-arg]
    sets = level_sets(load_bank())
    return [p for name in LEVELS for p in sets[name]]


def test_every_level_problem_has_its_steps_and_the_file_is_up_to_date() -> None:
    problems = _problems()
    stored = stored_key()
    assert stored is not None, f"{STEPS_PATH} is missing: run `python -m fivehundred_tutor.puzzles steps`"
    assert stored == steps_key(problems), "the steps are stale: run `python -m fivehundred_tutor.puzzles steps`"
    found = level_steps()
    assert set(found) == {p.id for p in problems}
    deeper = 0
    for p in problems:
        nodes = found[p.id]["nodes"]
        assert 1 <= len(nodes) <= MAX_NODES
        assert nodes[0]["path"] == [] and nodes[0]["depth"] == 1
        assert all(n["depth"] <= MAX_STEPS for n in nodes)
        if p.figures or p.kind in ("kitty",):
            assert [n["next"] for n in nodes] == [{}], "a call or a discard is one decision"
            continue
        assert sorted(nodes[0]["next"]) == sorted(p.best_codes), "every best card of the puzzle has a branch"
        for node in nodes:
            for step in node["next"].values():
                assert step["node"] is None or 0 < step["node"] < len(nodes)
                assert step["node"] is not None or step["end"] in ("hand", "steps")
        deeper += len(nodes) > 1
    assert deeper >= len(problems) // 3, "most level problems play on past their first card"


def test_a_seeded_sample_of_steps_resolves_exactly() -> None:
    """Each sampled node, solved again: the position is the learner's to play, the values and the best set are the
    solver's exactly, every best card has a branch, and the replies are the solver's."""
    rng = Random(28)
    found = level_steps()
    chosen = [p for p in _problems() if len(found[p.id]["nodes"]) > 1]
    problems = []
    for puzzle in rng.sample(chosen, 14):
        nodes = found[puzzle.id]["nodes"]
        sample = sorted(rng.sample(range(len(nodes)), min(3, len(nodes))))
        problems += check_problem(puzzle, found[puzzle.id], sample=sample)
    assert not problems, problems


def test_the_replies_are_the_same_every_time() -> None:
    found = level_steps()
    chosen = [p for p in _problems() if 1 < len(found[p.id]["nodes"]) <= 3][:3]
    assert chosen
    for puzzle in chosen:
        assert problem_steps(puzzle) == found[puzzle.id]


def test_a_planted_wrong_best_and_a_planted_reply_are_caught() -> None:
    found = level_steps()
    puzzle = next(p for p in _problems() if len(found[p.id]["nodes"]) > 1)
    problem = found[puzzle.id]
    index = next(i for i, n in enumerate(problem["nodes"]) if i and len(set(n["values"].values())) > 1)
    node = problem["nodes"][index]
    loser = next(code for code in node["values"] if code not in node["best"])
    forged = copy.deepcopy(problem)
    forged["nodes"][index]["best"] = [*node["best"], loser]
    assert check_problem(puzzle, forged, sample=[index]), "a wrong card passed for best"
    forged = copy.deepcopy(problem)
    first = next(iter(forged["nodes"][0]["next"].values()))
    if first["replies"]:
        first["replies"] = list(reversed(first["replies"])) + ["AS"]
        assert check_problem(puzzle, forged, sample=[0]), "a reply the solver does not play passed"


def test_a_problem_played_on_in_words() -> None:
    """What the trainer draws: each later step a card of its own, every best card's replies in words, no card codes
    in what a learner reads, and the step each reply leads to."""
    found = level_steps()
    for puzzle in [p for p in _problems() if len(found[p.id]["nodes"]) > 2][:6]:
        nodes = play_on(puzzle, found[puzzle.id])["nodes"]
        assert set(nodes[0]) == {"depth", "total", "next"}
        for node in nodes[1:]:
            assert set(node["choice_of"]) == set(node["legal"])
            assert sum(1 for k in node["classes"] if k["best"]) >= 1
            for k in node["classes"]:
                assert not CARD_CODE.search(k["verdict"]), k["verdict"]
        for node in nodes:
            assert node["total"] >= node["depth"]
            for step in node["next"].values():
                assert step["words"] and not CARD_CODE.search(step["words"]), step["words"]
                assert step["tricks"] and step["tricks"][0]["plays"]
                assert (step["node"] is None) == bool(step["end"])
                assert (step["node"] is None) == bool(step["why"])
                if step["end"]:
                    assert step["end"].startswith("Solved:")
                    # what a learner who missed a card on the way reads: why it ends, without "solved"
                    assert step["why"].startswith("The problem ends here:") and "olved" not in step["why"]
                    assert ("change the result" in step["end"]) == ("change the result" in step["why"])


def test_the_levels_model_carries_the_steps() -> None:
    from fivehundred_tutor.handlers.puzzles import trainer_model

    model = trainer_model("Levels", mode="levels")
    ids = {i for level in model["levels"] for i in level["ids"]}
    cards = [c for c in model["puzzles"] if c["id"] in ids]
    assert len(cards) == 120 and all(c["play_on"]["nodes"] for c in cards)
    rated = trainer_model("Puzzles", size=6, levels=False)
    assert not any("play_on" in c for c in rated["puzzles"]), "the rated trainer's puzzles are one decision"
