"""The compiled search (mypyc, :mod:`fivehundred_tutor.solver.native`) is the Python search, only faster.

Where it is built (both README commands build it; ``bootstrap test`` then sets
``FIVEHUNDRED_TUTOR_NATIVE=1``, and a build that does not load fails here), every kind of
contract is solved both ways: the same values, the same best cards, the same search nodes.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from fivehundred_tutor import Rules
from fivehundred_tutor.bookbuild.native import shifted
from fivehundred_tutor.solver import NATIVE, SearchLimit, SolveError, Solver, native
from tests.support.solver import unfinished_positions

REQUIRED = os.environ.get("FIVEHUNDRED_TUTOR_NATIVE") == "1"
needs_native = pytest.mark.skipif(
    NATIVE is None and not REQUIRED, reason=f"the compiled search is not here: {native.status()}"
)

KINDS = [
    ("4p-suit", Rules(), "7H", 6),
    ("4p-nt-joker", Rules(), "7NT", 6),
    ("4p-misere", Rules(), "MIS", 7),
    ("3p-suit", Rules(players=3), "8S", 6),
    ("2p-suit", Rules(players=2), "7D", 4),
    ("2p-nt", Rules(players=2), "7NT", 4),
    ("6p-suit", Rules.preset("six-player"), "7H", 3),
    ("joker-any-time", Rules.preset("joker-any-time"), "7NT", 5),
]


def test_the_compiled_search_loads_where_the_build_says_it_should() -> None:
    if REQUIRED:
        assert NATIVE is not None, native.status()
        assert Solver().native
    assert native.status().startswith("compiled") == (NATIVE is not None)


@needs_native
@pytest.mark.parametrize(("rules", "contract", "k"), [c[1:] for c in KINDS], ids=[c[0] for c in KINDS])
def test_compiled_and_python_search_agree_node_for_node(rules: Rules, contract: str, k: int) -> None:
    compared = 0
    for deal in unfinished_positions("native-parity", rules, contract, k, 12):
        fast, slow = Solver(backend="python", native=True), Solver(backend="python", native=False)
        assert fast.native and not slow.native
        assert fast.analyse(deal) == slow.analyse(deal), deal.to_dict()
        assert fast.nodes == slow.nodes
        action = deal.legal_actions()[-1]
        assert fast.check(deal, action) == slow.check(deal, action)
        compared += 1
    assert compared >= 8


def test_each_search_knows_whether_it_runs_compiled() -> None:
    # (It keeps a void hand's candidates per contract only in the interpreter, where that pays.)
    from fivehundred_tutor.solver import position

    assert position.RUNS_COMPILED is False
    if NATIVE is not None:
        assert NATIVE[0].RUNS_COMPILED is True


@needs_native
def test_the_compiled_search_raises_the_one_search_limit() -> None:
    deal = next(unfinished_positions("native-limit", Rules(), "7NT", 8, 1))
    with pytest.raises(SearchLimit):
        Solver(backend="python", native=True).solve(deal, node_limit=10)


def test_a_build_from_other_sources_is_not_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FIVEHUNDRED_TUTOR_NATIVE", raising=False)
    if native.NATIVE_DIR.is_dir():
        shutil.copytree(native.NATIVE_DIR, tmp_path / "native")
    else:
        (tmp_path / "native").mkdir()
    (tmp_path / "native" / native.DIGEST_FILE).write_text("0" * 64 + "\n")
    assert native.load(tmp_path / "native") is None
    assert "rebuild" in native.status(tmp_path / "native")
    assert "not built" in native.status(tmp_path / "nowhere")


def test_the_environment_can_turn_the_compiled_search_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIVEHUNDRED_TUTOR_NATIVE", "0")
    assert native.load() is None
    assert "turned off" in native.status()
    assert not Solver(native=False).native
    if NATIVE is None:
        with pytest.raises(SolveError, match="compiled search is not available"):
            Solver(native=True)


def test_copies_reach_one_package_further_up_except_for_each_other() -> None:
    source = (
        "from __future__ import annotations\n"
        "from ..deal import Deal\n"
        "from .position import Context\n"
        "from .limits import SearchLimit\n"
        "if TYPE_CHECKING:\n"
        "    from . import Solver\n"
    )
    assert shifted(source) == (
        "from __future__ import annotations\n"
        "from ...deal import Deal\n"
        "from .position import Context\n"
        "from ..limits import SearchLimit\n"
        "if TYPE_CHECKING:\n"
        "    from .. import Solver\n"
    )
