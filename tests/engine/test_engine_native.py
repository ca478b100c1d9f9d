"""The compiled engine core (mypyc, :mod:`fivehundred_tutor.native`) is the plain engine, only faster.

Where it is built (both README commands build it; ``bootstrap test`` then sets
``FIVEHUNDRED_TUTOR_NATIVE=1``, and a build that does not load fails here), the two engines, each
in its own process, say the same things over every preset's random hands
(:mod:`tests.support.engine_trace`: legal actions, views, refusals, undo, records, results).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fivehundred_tutor import Deal, Rules, native
from tests.support.paths import ROOT

REQUIRED = os.environ.get(native.ENV) == "1"
BUILT = native.engine_unavailable_reason() is None or native.engine_is_compiled()
needs_build = pytest.mark.skipif(
    not BUILT and not REQUIRED, reason=f"the compiled engine is not here: {native.engine_status()}"
)


def _run_trace(compiled: bool) -> tuple[str, str]:
    env = dict(os.environ)
    if compiled:
        env.pop(native.ENV, None)
    else:
        env[native.ENV] = "0"
    proc = subprocess.run(
        [sys.executable, "-m", "tests.support.engine_trace"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    status, digest = proc.stdout.strip().splitlines()[-2:]
    return status, digest


def test_the_compiled_engine_loads_where_the_build_says_it_should() -> None:
    if REQUIRED:
        assert native.engine_is_compiled(), native.engine_status()
    assert native.engine_status().startswith("compiled") == native.engine_is_compiled()


@needs_build
def test_compiled_and_plain_engines_say_the_same_things() -> None:
    compiled_status, compiled = _run_trace(compiled=True)
    plain_status, plain = _run_trace(compiled=False)
    assert compiled_status.startswith("compiled"), compiled_status
    assert plain_status.startswith("plain"), plain_status
    assert compiled == plain


def test_one_engine_per_process() -> None:
    # The engine is imported already: installing the finder now changes nothing (else two Card classes).
    import fivehundred_tutor.cards as cards

    assert native.install() == native.engine_is_compiled()
    assert Deal.new(Rules(), seed=1).hands[0][0].__class__ is cards.Card


def test_a_build_from_other_sources_is_not_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(native.ENV, raising=False)
    if native.ENGINE_DIR.is_dir():
        shutil.copytree(native.ENGINE_DIR, tmp_path / "engine")
    else:
        (tmp_path / "engine").mkdir()
    stamp = tmp_path / "engine" / native.DIGEST_FILE
    stamp.write_text("0" * 64 + "\n", encoding="utf-8")
    assert "other sources" in (native.engine_unavailable_reason(tmp_path / "engine") or "")
    stamp.unlink()
    assert "not built" in (native.engine_unavailable_reason(tmp_path / "engine") or "")
    monkeypatch.setenv(native.ENV, "0")
    assert "turned off" in (native.engine_unavailable_reason() or "")


@pytest.mark.parametrize("name", native.ENGINE_MODULES)
def test_an_edit_to_any_compiled_module_makes_the_build_stale(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in native.ENGINE_MODULES:
        shutil.copy2(native.PACKAGE_DIR / f"{module}.py", tmp_path / f"{module}.py")
    monkeypatch.setattr(native, "PACKAGE_DIR", tmp_path)
    before = native.engine_digest()
    with (tmp_path / f"{name}.py").open("a", encoding="utf-8") as f:
        f.write("# edited\n")
    assert native.engine_digest() != before


def test_the_shuffle_in_32_bit_halves_is_the_shuffle() -> None:
    # The compiled engine shuffles in 32-bit halves (machine integers there); the interpreter with
    # plain ints.  Both ways give the same swaps and the same state, whichever engine runs this.
    import random

    from fivehundred_tutor import rng

    draw = random.Random(26)
    for _ in range(3000):
        seed = draw.getrandbits(64)
        items = list(range(draw.randrange(2, 70)))
        by_halves = list(items)
        state = rng._shuffle_in_halves(seed, by_halves)
        whole = rng.Random(seed)
        if rng.RUNS_COMPILED:  # the method itself runs in halves here: redo it with plain ints
            whole_state = seed
            for i in range(len(items) - 1, 0, -1):
                whole_state = (whole_state + rng._GOLDEN) & rng._MASK
                product = rng._mix(whole_state) * (i + 1)
                if product & rng._MASK < i + 1:
                    whole_state, j = rng._redraw(whole_state, product, i + 1)
                else:
                    j = product >> 64
                items[i], items[j] = items[j], items[i]
            assert (items, whole_state) == (by_halves, state)
        else:
            whole.shuffle(items)
            assert (items, whole.next64() == rng.Random(state).next64()) == (by_halves, True)


@pytest.mark.parametrize("n", [3, 5, 6, 7, 11, 63])
def test_a_rejected_draw_is_drawn_again_as_lemire_says(n: int) -> None:
    # (Rare in a shuffle: the low 64 bits of z * n below n.)  Draw again while under the threshold.
    from fivehundred_tutor import rng

    threshold = ((1 << 64) - n) % n
    for state in (1, 12345, (1 << 63) + 5):
        low = threshold - 1 if threshold else 0
        new_state, j = rng._redraw(state, low, n)  # z * n with these low bits and no high bits
        expected_state, product = state, low
        while product & rng._MASK < threshold:
            expected_state = (expected_state + rng._GOLDEN) & rng._MASK
            product = rng._mix(expected_state) * n
        assert (new_state, j) == (expected_state, product >> 64)
        assert 0 <= j < n
