"""One topic registry: a quiz topic carries its generator, its two hints and its place in the Review.

Before, a topic was named in four places (the topic list, two hint tables, the Review's list) and a topic
missing from a hint table got a hint that said nothing of its question.  Now a topic without hints cannot
be made, an unknown topic is an error, and no other module keeps its own table of topics.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fivehundred_tutor import questions
from fivehundred_tutor.handlers.review import CHAPTER_TOPICS
from fivehundred_tutor.questions import QuestionError, TopicInfo
from fivehundred_tutor.questions.hints import clue, hints, principle
from fivehundred_tutor.questions.topics import TOPICS, registry, review_topics
from fivehundred_tutor.rules import Rules

PACKAGE = Path(questions.__file__).resolve().parents[1]


def _bare(**extra: object) -> TopicInfo:
    return TopicInfo(
        "made-up", "Made up", "A topic for this test.", {1: "one"}, ("choice",), lambda r, g, d: {}, **extra
    )  # type: ignore[arg-type]


def test_a_topic_without_hints_cannot_be_made() -> None:
    with pytest.raises(TypeError, match="principle"):
        _bare(clue=lambda q: "a clue")
    with pytest.raises(TypeError, match="clue"):
        _bare(principle=lambda q: "a principle")
    with pytest.raises(TypeError, match="must be a function"):
        _bare(principle="Which cards are trumps?", clue=lambda q: "a clue")
    with pytest.raises(ValueError, match="place in the Review"):
        _bare(principle=lambda q: "p", clue=lambda q: "c", review=0)


def test_the_registry_refuses_a_name_twice_and_a_shared_review_place() -> None:
    one = _bare(principle=lambda q: "p", clue=lambda q: "c", review=1)
    with pytest.raises(ValueError, match="registered twice"):
        registry([one, one])
    other = TopicInfo(**{**one.__dict__, "name": "other"})
    with pytest.raises(ValueError, match="share place 1"):
        registry([one, other])


def test_every_topic_carries_its_hints_and_they_are_the_ones_asked() -> None:
    rules = Rules()
    for name, info in TOPICS.items():
        assert questions.TOPICS[name] is info
        if info.unavailable(rules) is not None:
            continue
        question = questions.generate(name, rules, 3, min(info.difficulties))
        assert principle(question) == info.principle(question)
        assert hints(question)[0] == info.principle(question)
        assert clue(question) in (info.clue(question), hints(question)[-1])


def test_an_unknown_topic_has_no_hint_rather_than_a_silent_one() -> None:
    question = dict(questions.generate("bowers", Rules(), 1, 1), topic="no-such-topic")
    for ask in (principle, clue, hints):
        with pytest.raises(QuestionError, match="no topic 'no-such-topic'"):
            ask(question)


def test_the_review_reads_its_topics_from_the_registry() -> None:
    assert review_topics() == CHAPTER_TOPICS
    places = [TOPICS[t].review for t in CHAPTER_TOPICS]
    assert places == sorted(places) and len(set(places)) == len(places)
    assert {t for t, info in TOPICS.items() if info.review is not None} == set(CHAPTER_TOPICS)


def _tables(tree: ast.Module) -> list[tuple[int, list[ast.expr]]]:
    """Dicts anywhere, and lists/tuples/sets a module keeps under a name (not ``__all__``): (line, items)."""
    out: list[tuple[int, list[ast.expr]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            out.append((node.lineno, [k for k in node.keys if k is not None]))
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        value = getattr(node, "value", None)
        if (
            isinstance(target, ast.Name)
            and target.id != "__all__"
            and isinstance(value, (ast.Tuple, ast.List, ast.Set))
        ):
            out.append((node.lineno, list(value.elts)))
    return out


def test_no_module_keeps_its_own_table_of_topics() -> None:
    """A table naming half the topics or more outside the registry is a second registry (a few names that
    happen to be topics, like a puzzle drill called "defence", are not)."""
    names = set(TOPICS)
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "topics.py" and path.parent.name == "questions":
            continue
        for line, items in _tables(ast.parse(path.read_text(encoding="utf-8"))):
            named = {i.value for i in items if isinstance(i, ast.Constant) and i.value in names}
            if len(named) >= len(names) / 2:
                found.append(f"{path.relative_to(PACKAGE)}:{line} names {sorted(named)}")
    assert not found, "topics listed outside questions/topics.py:\n" + "\n".join(found)
