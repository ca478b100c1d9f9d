"""Deal records: JSON + schema, the text notation (round trip, located errors), annotate, replay args, CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.cli import main
from fivehundred_tutor.deal import PLAY, Deal
from fivehundred_tutor.records import (
    DealRecord,
    NotationError,
    RecordError,
    annotate,
    critical_moments,
    format_text,
    parse_text,
    schema,
)
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import Solver, analyse

ENDING = """\
[Title "Two bowers"]
[Contract "7H"] [Declarer "North"] [Leader "North"]
[North "J♥ 5♠"] [East "A♥ 6♠"] [South "K♥ 7♠"] [West "Q♥ 8♠"]

{North leads the right bower.}
play:
1. J♥ {Nothing beats it.} A♥? K♥ Q♥
2. @{Your turn: which spade wins?} 5♠ 6♠ 7♠ 8♠!
"""


def bot_deal(rules: Rules, seed: int) -> Deal:
    bot = HeuristicBot()
    for attempt in range(30):
        deal = Deal.new(rules, seed=seed + attempt, dealer=(seed + attempt) % rules.players)
        while not deal.is_over:
            deal.push(bot.choose(deal))
        if deal.contract is not None:
            return deal
    raise AssertionError("no contract in 30 deals")


def test_parse_ending_with_comments_marks_and_stops() -> None:
    rec = parse_text(ENDING)
    assert rec.title == "Two bowers"
    assert rec.intro == "North leads the right bower."
    assert rec.actions == ["JH", "AH", "KH", "QH", "5S", "6S", "7S", "8S"]
    assert rec.comments == {0: "Nothing beats it."}
    assert rec.marks == {1: "?", 7: "!"}
    assert rec.stops == {4: "Your turn: which spade wins?"}
    deal = rec.to_deal()
    assert deal.result().declarer_tricks == 1


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        (Rules(), 1),
        (Rules(), 22),
        (Rules.preset("three-player"), 5),
        (Rules.preset("two-player"), 3),
        (Rules.preset("joker-advance"), 8),
        (Rules(deck_size=45), 2),
    ],
)
def test_text_and_json_round_trip(rules: Rules, seed: int) -> None:
    deal = bot_deal(rules, seed)
    rec = DealRecord.from_deal(
        deal, title="A bot deal", comments={0: "Opening call."}, marks={len(deal.history) - 1: "!?"}
    )
    rec.stops = {len(deal.history) - 2: "Your turn"}
    rec.intro = "Read the hands first."
    for symbols in (True, False):
        text = format_text(rec, symbols=symbols)
        again = parse_text(text)
        assert again.to_dict() == rec.to_dict()
        assert format_text(again, symbols=symbols) == text
    data = json.loads(rec.to_json())
    jsonschema.validate(data, schema())
    assert DealRecord.from_dict(data).to_dict() == rec.to_dict()
    replayed = rec.to_deal()
    assert replayed.history == deal.history
    assert replayed.result() == deal.result()


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ('[North "J♦ 10♦ 9X"]\n', 1, 9, "not a suit"),
        (
            '[Contract "7H"] [Declarer "North"]\n[North "JH"] [East "AH"] [South "KH"] [West "QH"]\nplay: 1. JH QH',
            3,
            13,
            "expected a card by East",
        ),
        (
            '[Contract "7H"] [Declarer "North"]\n[North "JH"] [East "AH"] [South "KH"] [West "QH"]\n{unclosed',
            3,
            1,
            "not closed",
        ),
        (
            '[Contract "7H"] [Declarer "North"]\n[North "JH"] [East "AH"] [South "KH"] [West "QH"]\nauction: JH',
            3,
            1,
            "expected 'play:'",
        ),
        ('[Dealer "Nowhere"]', 1, 10, "expected a seat"),
        ('[Title "x"\n', 1, 11, "expected ']'"),
        (
            '[Contract "7H"] [Declarer "North"]\n[North "JH"] [East "AH"] [South "KH"] [West "QH"]\nJH AH KH QH 5S',
            3,
            13,
            "deal is over",
        ),
        ('[Option "misere_stops_early"]', 1, 10, "name=value"),
        (
            '[Contract "7H"] [Declarer "North"]\n[North "JH"] [East "AH"] [South "KH"] [West "QH"]\nJH @',
            3,
            5,
            "after the stop",
        ),
    ],
)
def test_parse_errors_name_line_column_and_what_was_expected(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_text(text)
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in str(info.value)
    assert f"line {line}, column {column}" in str(info.value)


def test_json_errors_are_clear() -> None:
    good = parse_text(ENDING).to_dict()
    with pytest.raises(RecordError, match="format"):
        DealRecord.from_dict({**good, "format": "pgn"})
    with pytest.raises(RecordError, match="past the last action"):
        DealRecord.from_dict({**good, "comments": {"99": "too far"}})
    with pytest.raises(RecordError, match="not a mark"):
        DealRecord.from_dict({**good, "marks": {"1": "?!?"}})
    bad_result = dict(good["result"], declarer_tricks=2)
    with pytest.raises(RecordError, match="result"):
        DealRecord.from_dict({**good, "result": bad_result})
    with pytest.raises(RecordError, match="cannot be played"):
        DealRecord.from_dict({**good, "play": ["JH", "KH", "AH", "QH"]})
    with pytest.raises(RecordError, match="line 1, column 2"):
        DealRecord.from_json("{oops")


def test_annotate_marks_the_costly_card_and_agrees_with_the_solver() -> None:
    # 7NT by North.  North: Joker 5♠; East: A♠ 6♣; South: 7♣ 4♥; West: K♠ 8♣.
    # The joker named spades makes 2 tricks; named clubs only 1.
    text = """[Contract "7NT"] [Declarer "North"]
[North "JK 5S"] [East "AS 6C"] [South "7C 4H"] [West "KS 8C"]
play: JK:C 6C 7C 8C 5S AS 4H KS"""
    rec = annotate(parse_text(text))
    note = rec.annotations[0]
    assert (note["value"], note["after"], note["cost"], note["best"]) == (2, 1, 1, ["JK:S"])
    assert note["mark"] == "?"
    assert "costs 1 trick" in note["text"]
    assert 0 in critical_moments(rec)
    deal = rec.start_deal()
    for index, code in enumerate(rec.actions):
        values = analyse(deal)
        assert rec.annotations[index]["after"] == values[deal.parse_action(code)]
        deal.push(code)
    args = rec.replay_args()
    assert args["marks"][0] == "?"
    assert "costs 1 trick" in args["comments"][0]
    assert set(args) == {"deal", "comments", "marks", "stops", "seat", "title"}


def test_annotate_misere_words() -> None:
    # Misère by North: leading the 4♥ lets West win and lead a spade, on which North throws the A♥.
    # Leading the A♥ takes a trick: the misère fails.
    text = """[Contract "MIS"] [Declarer "North"]
[North "AH 4H"] [East "6H 7H"] [West "8H 5S"]
play: AH 6H 8H"""
    note = annotate(parse_text(text)).annotations[0]
    assert (note["value"], note["after"], note["cost"], note["mark"]) == (0, 1, 1, "??")
    assert "hands the declarer a trick" in note["text"]
    assert note["best"] == ["4H"]


def test_replay_args_build_the_replay_widget() -> None:
    pytest.importorskip("anywidget")
    from fivehundred_tutor.widgets.replay import DealReplay

    rec = parse_text(ENDING)
    widget = DealReplay(**rec.replay_args())
    assert widget.deal == rec.to_deal().to_dict()


def test_cli_annotate_and_solve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "ending.fhn"
    src.write_text(ENDING, encoding="utf-8")
    out = tmp_path / "ending.json"
    assert main(["annotate", str(src), "-o", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    jsonschema.validate(data, schema())
    assert set(data["annotations"]) == {str(i) for i in range(8)}
    assert main(["solve", str(src), "--at", "0", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["value"] == 1 and sorted(report["best"]) == ["5S", "JH"]
    # --text: one line per play, cards in the same notation as the card played
    capsys.readouterr()
    assert main(["annotate", str(src), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    plays = [line for line in lines if line[:3].strip().isdigit()]
    assert len(plays) == 8 and lines[-1].startswith("Critical moments:")
    assert all(re.search(r"[♠♣♦♥]", line) for line in plays)
    assert not any(re.search(r"\b[2-9TJQKA][SCDH]\b", line) for line in plays), "ASCII card codes in --text"
    assert main(["solve", str(src), "--at", "0"]) == 0
    text = capsys.readouterr().out
    assert "Double dummy: 1 " in text and re.search(r"^  J♥ +1  best$", text, re.M), text
    assert main(["solve", str(tmp_path / "missing.fhn")]) == 1
    assert "no such record file" in capsys.readouterr().err
    bad = tmp_path / "bad.fhn"
    bad.write_text('[North "JX"]', encoding="utf-8")
    assert main(["annotate", str(bad)]) == 1
    assert "line 1, column 9" in capsys.readouterr().err


def test_annotation_of_a_whole_deal_covers_every_play() -> None:
    deal = bot_deal(Rules(), 6)
    rec = annotate(DealRecord.from_deal(deal), Solver())
    start = rec.start_deal()
    plays = [i for i, code in enumerate(rec.actions) if (start.phase == PLAY, start.push(code))[0]]
    assert sorted(rec.annotations) == plays


def test_a_deal_record_whose_seed_came_back_from_a_widget_as_text_reads() -> None:
    """A widget carries a seed beyond 2**53 as its decimal text (widgets/base.json_safe): the record still reads,
    with the same seed; a seed that is no whole number is a RulesError that says so."""
    from fivehundred_tutor import Deal, Rules
    from fivehundred_tutor.errors import RulesError

    deal = Deal.new(Rules(), seed=2**62 + 1)
    record = deal.to_dict()
    record["seed"] = str(record["seed"])
    assert Deal.from_dict(record).seed == 2**62 + 1
    for bad in ("1e5", "-3", True, 2.5):
        with pytest.raises(RulesError, match="seed must be a whole number"):
            Deal.from_dict({**record, "seed": bad})
