"""The package's words are typed: a ``Phase`` is compared as a member, an option only with one of its words.

Read with ``ast`` (nothing is run), over every module of the package:

- ``something.phase`` is never compared with text (``deal.phase == "kitty"``): compare members
  (``deal.phase is Phase.KITTY``).  ``Phase`` still equals its text, for JSON and old callers.
- a rules option whose type is a ``typing.Literal`` (``Rules.misere``, ``Rules.bidding`` …) and a
  ``kind`` (a bid's, a section's, an item's) are compared only with one of their words: a typo is a failure here, as it is for
  mypy's strict equality in typed code.
"""

from __future__ import annotations

import ast
import itertools
import typing
from pathlib import Path

import pytest

from fivehundred_tutor import Rules
from fivehundred_tutor import rules as rules_module
from fivehundred_tutor.bids import BidKind
from fivehundred_tutor.exercises.grading.judges import JUDGES
from fivehundred_tutor.exercises.marking import SECTION_KINDS
from fivehundred_tutor.questions.core import KINDS as QUESTION_KINDS

PACKAGE = Path(__file__).resolve().parents[2] / "fivehundred_tutor"


#: attribute name -> the words it may be compared with
# (From the table of option kinds, checked against the source's annotations below: a compiled
# class's annotations are not the source's.)
WORDS: dict[str, tuple[str, ...]] = {
    name: words for name, (_kind, words) in rules_module._OPTION_KINDS.items() if words
}
# ``kind`` names three vocabularies: a bid's, an assignment section's and a graded item's (the
# question kinds and the judges registered for the kinds the engine does not check).
WORDS["kind"] = (*typing.get_args(BidKind), *SECTION_KINDS, *QUESTION_KINDS, *JUDGES)


def _texts(node: ast.AST) -> list[str] | None:
    """The text constants of ``"x"`` or ``("x", "y")`` / ``{"x"}`` / ``["x"]``; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.Set, ast.List)) and node.elts:
        texts = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return texts if len(texts) == len(node.elts) else None
    return None


def problems_in(source: str, where: str) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for a, b in itertools.pairwise(operands):
            for attr, other in ((a, b), (b, a)):
                if not isinstance(attr, ast.Attribute):
                    continue
                texts = _texts(other)
                if texts is None:
                    continue
                if attr.attr == "phase":
                    out.append(f"{where}:{node.lineno}: {ast.unparse(node)} compares a Phase with text")
                elif attr.attr in WORDS:
                    wrong = [t for t in texts if t not in WORDS[attr.attr]]
                    if wrong:
                        out.append(f"{where}:{node.lineno}: {ast.unparse(node)}: {wrong} not among {WORDS[attr.attr]}")
    return out


def test_the_options_with_words_are_known() -> None:
    assert {"misere", "misere_placement", "bidding", "joker_no_trumps", "joker_advance_by", "defender_tricks"} <= set(
        WORDS
    )
    assert "never" in WORDS["misere"] and "single-round" in WORDS["bidding"]


def test_no_phase_compared_with_text_and_no_option_with_a_word_it_lacks() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += problems_in(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    assert not found, "\n".join(found)


def option_comparisons(source: str, where: str) -> list[str]:
    """Every comparison of a worded rules option with text: outside ``rules.py``, which works out
    what the words mean once (``Rules.misere_allowed`` …), code asks those facts instead."""
    out = []
    options = set(WORDS) - {"kind"}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for a, b in itertools.pairwise(operands):
                for attr, other in ((a, b), (b, a)):
                    if isinstance(attr, ast.Attribute) and attr.attr in options and _texts(other) is not None:
                        out.append(f"{where}:{node.lineno}: {ast.unparse(node)}: ask the Rules fact instead")
    return out


def test_only_the_rules_compare_an_option_with_its_words() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path != PACKAGE / "rules.py":
            found += option_comparisons(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "planted",
    [
        'if rules.misere != "never": pass',
        'ok = deal.rules.bidding in ("australian", "single-round")',
        'ok = "any-time" == self.rules.joker_no_trumps',
    ],
)
def test_a_planted_option_comparison_is_reported(planted: str) -> None:
    assert len(option_comparisons(planted, "planted.py")) == 1
    assert option_comparisons("if rules.misere_allowed and bid.kind == 'misere': pass", "fine.py") == []


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_the_rules_facts_say_what_the_words_say(preset: str) -> None:
    rules = Rules.preset(preset)
    assert rules.misere_allowed == (rules.misere != "never")
    assert rules.misere_needs_seven == (rules.misere == "after-seven")
    assert rules.single_round_auction == (rules.bidding == "single-round")
    assert rules.pass_is_final == (rules.bidding in ("australian", "single-round"))
    assert rules.passers_back_any_time == (rules.bidding == "rebid")
    assert rules.passers_back_on_change == (rules.bidding == "rebid-on-change")
    assert rules.joker_any_time == (rules.joker_no_trumps == "any-time")
    assert rules.joker_named_by_declarer_only == (rules.joker_advance_by == "declarer")
    assert rules.defenders_score_beyond_five == (rules.defender_tricks == "beyond-five")


@pytest.mark.parametrize(
    ("planted", "reported"),
    [
        ('if deal.phase == "kitty": pass', "compares a Phase with text"),
        ('ok = "play" != self.phase', "compares a Phase with text"),
        ('ok = deal.phase in ("play", "kitty")', "compares a Phase with text"),
        ('if rules.misere != "nevr": pass', "'nevr'"),
        ('ok = rules.bidding in {"australian", "single round"}', "'single round'"),
        ('ok = bid.kind == "open-misere"', "'open-misere'"),
    ],
)
def test_a_planted_comparison_is_reported(planted: str, reported: str) -> None:
    problems = problems_in(planted, "planted.py")
    assert len(problems) == 1 and reported in problems[0], problems


def test_members_and_right_words_pass() -> None:
    fine = 'if deal.phase is Phase.KITTY and rules.misere != "never" and bid.kind == "open_misere": pass'
    assert problems_in(fine, "fine.py") == []


def test_the_table_of_option_kinds_matches_the_annotations() -> None:
    # Rules reads options from outside by a written-out table (the compiled class's annotations are
    # not the source's); it must say what the source's annotations say.
    tree = ast.parse((PACKAGE / "rules.py").read_text(encoding="utf-8"))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rules"]
    expected = {}
    for node in cls.body:
        if not isinstance(node, ast.AnnAssign) or not isinstance(node.target, ast.Name):
            continue
        if isinstance(node.value, ast.Call) and any(k.arg == "init" for k in node.value.keywords):
            continue  # worked out, not an option
        text = ast.unparse(node.annotation)
        base = text.removesuffix(" | None")
        if base in ("bool", "int"):
            kind, words = base, ()
        elif base == "str":
            kind, words = "text", ()
        else:
            kind, words = "words", tuple(typing.get_args(getattr(rules_module, base)))
        expected[node.target.id] = (kind + ("?" if text.endswith("| None") else ""), words)
    assert expected == rules_module._OPTION_KINDS


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"slam_bonus": "no"}, "slam_bonus must be true or false, not 'no'"),
        ({"target": 1.5}, "target must be a whole number"),
        ({"misere": "nevr"}, "misere must be one of after-seven, any-time, never"),
        ({"bidding": 3}, "bidding must be a name in quotes"),
        ({"colour": "red"}, "unknown rules option"),
        ({"players": "x" * 10_000}, "players must be a whole number, not 'xxxx"),
    ],
)
def test_options_of_the_wrong_kind_are_a_rules_error_in_every_engine(options: dict[str, object], message: str) -> None:
    # The compiled class would raise a TypeError of its own, the plain one accept the value: both say this.
    from fivehundred_tutor import RulesError

    with pytest.raises(RulesError, match=message) as caught:
        Rules.coerce(options)
    assert len(str(caught.value)) < 200


def test_coerce_takes_what_callers_hold() -> None:
    rules = Rules.preset("american")
    assert Rules.coerce(rules) is rules
    assert Rules.coerce("american") == rules == Rules.coerce(rules.to_dict())
    assert Rules.coerce(None) == Rules()
    with pytest.raises(ValueError, match="preset name"):
        Rules.coerce(3)  # type: ignore[arg-type]


def test_every_bot_meets_the_bot_protocol_and_no_module_name_collides() -> None:
    import importlib.util

    from fivehundred_tutor.analysis.sampling_bot import SamplingBot
    from fivehundred_tutor.bots import Bot, HeuristicBot, RandomBot
    from fivehundred_tutor.deal import Deal
    from fivehundred_tutor.handlers.play import LEVELS

    # one module named for bots: the sampling bot lives in analysis/sampling_bot.py, no analysis/bot.py beside bots.py
    assert importlib.util.find_spec("fivehundred_tutor.analysis.bot") is None
    deal = Deal.new(Rules(), seed=4)
    for bot in (RandomBot(1), HeuristicBot(), SamplingBot(seed=1)):
        assert isinstance(bot, Bot)
        assert bot.choose(deal) in deal.legal_actions()
    assert LEVELS == ("easy", "strong")
