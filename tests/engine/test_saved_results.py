"""Results the book build worked out, taken as saved in JupyterLite (issue 31: chapter 15's pass mark over 100
forms and its play test's par took a plain-Python Pyodide more than a minute; fivehundred_tutor.saved)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor import Rules, saved
from fivehundred_tutor.handlers import calibration, playtest


def _pack(folder: Path, target: Path) -> Path:
    """What the JupyterLite build puts into its wheel from the results the chapters' kernels wrote."""
    target.write_text(json.dumps(saved.collect(folder)))
    return target


def test_the_book_build_saves_and_jupyterlite_takes_the_final_tests_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Rules()
    monkeypatch.setenv(saved.SAVE_ENV, str(tmp_path / "results"))
    built = calibration.calibrate(rules, range(2))
    state = playtest.start_test(rules, 15, 1, 0)
    assert len(list((tmp_path / "results").glob("*.json"))) == 2, "one file per result the build worked out"
    monkeypatch.delenv(saved.SAVE_ENV)
    packed = _pack(tmp_path / "results", tmp_path / "saved-results.json")
    monkeypatch.setattr(saved, "SAVED_RESULTS", packed)

    def never(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("worked out again, though the build saved it")

    monkeypatch.setattr(calibration, "_calibrate", never)
    monkeypatch.setattr(playtest, "choose_deals", never)
    again = calibration.calibrate(rules, range(2))
    assert again == built and again.pass_mark == built.pass_mark and isinstance(again.bot_scores, tuple)
    assert playtest.start_test(rules, 15, 1, 0) == state
    # other arguments are other results: worked out (here: refused)
    with pytest.raises(AssertionError, match="worked out again"):
        calibration.calibrate(rules, range(3))


def test_without_a_saved_file_it_is_computed(tmp_path: Path) -> None:
    calls = []
    value = saved.remember("x", [1, 2], lambda: calls.append(1) or {"a": 1}, saved=tmp_path / "none.json")
    assert value == {"a": 1} and calls == [1]
    assert not saved.SAVED_RESULTS.exists(), "only the JupyterLite site's wheel carries saved results"


def test_a_simulation_the_book_build_ran_is_taken_as_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chapter 9b simulates five example hands over 200 layouts each (analysis.simulate): in JupyterLite the
    notebook's Python takes the book build's counts instead of solving them again for many minutes."""
    from fivehundred_tutor import analysis
    from fivehundred_tutor.cards import parse_cards

    rules, hand = Rules(), parse_cards("JH AH QH 8H 5H AC KC 9S 7D 4D")
    monkeypatch.setenv(saved.SAVE_ENV, str(tmp_path / "results"))
    built = analysis.simulate(rules, 0, hand, layouts=3, seed=1, denominations=("H",))
    monkeypatch.delenv(saved.SAVE_ENV)
    monkeypatch.setattr(saved, "SAVED_RESULTS", _pack(tmp_path / "results", tmp_path / "saved-results.json"))

    def never(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("solved again, though the build saved it")

    monkeypatch.setattr(analysis, "_simulate", never)
    again = analysis.simulate(rules, 0, hand, layouts=3, seed=1, denominations=("H",))
    assert again == built and again.mean("H") == built.mean("H") and again.chance("H", 7) == built.chance("H", 7)
    with pytest.raises(AssertionError, match="solved again"):
        analysis.simulate(rules, 0, hand, layouts=3, seed=2, denominations=("H",))


def test_a_jupyterlab_on_the_built_book_takes_the_builds_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: ``fivehundred-tutor lab`` names the build's ``_build/saved`` (:data:`saved.SAVED_DIR_ENV`) for its
    kernels, where the package as installed carries no saved results: the final test's pass mark is taken, not
    worked out again (11–45 s in the kernel); a result the build did not save is worked out as always."""
    rules = Rules()
    monkeypatch.setenv(saved.SAVE_ENV, str(tmp_path / "results"))
    built = calibration.calibrate(rules, range(2))
    monkeypatch.delenv(saved.SAVE_ENV)
    folder = tmp_path / "_build" / "saved"
    folder.mkdir(parents=True)
    _pack(tmp_path / "results", folder / saved.SAVED_RESULTS.name)
    assert saved.saved_file(saved.SAVED_RESULTS) == saved.SAVED_RESULTS, "no folder named: the package's own path"
    monkeypatch.setenv(saved.SAVED_DIR_ENV, str(folder))
    assert saved.saved_file(saved.SAVED_RESULTS) == folder / "saved-results.json"

    def never(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("worked out again, though the build saved it")

    monkeypatch.setattr(calibration, "_calibrate", never)
    assert calibration.calibrate(rules, range(2)) == built
    with pytest.raises(AssertionError, match="worked out again"):
        calibration.calibrate(rules, range(3))


def test_the_build_saves_a_result_it_found_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build run where saved results are found (a JupyterLab's folder named) still leaves every result for the
    JupyterLite wheel: found or worked out, each is written."""
    packed = tmp_path / "saved-results.json"
    packed.write_text(json.dumps({"version": 1, "results": {saved.result_key("x", [1]): {"a": 2}}}))
    monkeypatch.setenv(saved.SAVE_ENV, str(tmp_path / "results"))
    assert saved.remember("x", [1], lambda: {"a": 1}, saved=packed) == {"a": 2}
    assert saved.collect(tmp_path / "results")["results"] == {saved.result_key("x", [1]): {"a": 2}}


def test_one_file_serves_every_language_its_own_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The JupyterLite wheel is one for the three sites (issue 29, §5): a result whose words differ by language
    (a play test's summaries) is kept per language, and each language takes its own."""
    from fivehundred_tutor.i18n import get_language, set_language

    key = saved.result_key("x", [1])
    for code, words in (("en", "made"), ("pl", "zrealizowany"), ("it", "made")):
        (tmp_path / code).mkdir()
        (tmp_path / code / f"{key}.json").write_text(json.dumps({"summary": words}))
    data = saved.collect_languages({c: tmp_path / c for c in ("en", "pl", "it")})
    assert data["results"] == {key: {"summary": "made"}}
    assert data["languages"] == {"pl": {key: {"summary": "zrealizowany"}}}, "only what differs from English"
    packed = tmp_path / "saved-results.json"
    packed.write_text(json.dumps(data))
    monkeypatch.delenv(saved.SAVE_ENV, raising=False)
    was = get_language()
    try:
        for code, words in (("en", "made"), ("pl", "zrealizowany"), ("it", "made")):
            set_language(code)
            assert saved.remember("x", [1], lambda: {"summary": "computed"}, saved=packed) == {"summary": words}
    finally:
        set_language(was)
    assert saved.collect_languages({"en": tmp_path / "en"}) == saved.collect(tmp_path / "en")
