"""Glicko-2 as Glickman's paper has it: the worked example step by step, a player rated away from
1500 (where the PyPI package ``glicko2``'s ``f`` — mu for phi — would go wrong), and the front end's
copy (``widgets/src/glicko.js``) agreeing with this one over generated cases."""

from __future__ import annotations

import json
import math
import subprocess
from pathlib import Path

import pytest

from fivehundred_tutor.bookbuild.node import find_node
from fivehundred_tutor.puzzles.glicko import SCALE, TAU, Rating, expected_score, update
from fivehundred_tutor.rng import Random

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_worked_example() -> None:
    after = update(Rating(1500, 200, 0.06), EXAMPLE)
    # the paper: mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999; r' = 1464.06, RD' = 151.52
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.deviation / SCALE, 4) == 0.8722
    assert abs(after.volatility - 0.05999) < 0.00001
    assert abs(after.rating - 1464.06) < 0.02 and round(after.deviation, 2) == 151.52


def _root_by_bisection(phi: float, sigma: float, delta: float, v: float) -> float:
    """Step 5's equation solved another way: the root of f by plain bisection."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    lo, hi = a - 20, a + 20
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return math.exp(lo / 2)


@pytest.mark.parametrize("rating", [900.0, 1500.0, 2100.0])
def test_volatility_is_the_root_of_the_papers_f(rating: float) -> None:
    """Away from 1500, a volatility computed with mu in place of phi (the glicko2 package) differs."""
    player = Rating(rating, 120, 0.06)
    games = [(Rating(rating + 300, 60), 1.0), (Rating(rating - 100, 80), 1.0)]
    mu, phi = player.mu, player.phi
    g = [1 / math.sqrt(1 + 3 * o.phi**2 / math.pi**2) for o, _ in games]
    e = [1 / (1 + math.exp(-gi * (mu - o.mu))) for gi, (o, _) in zip(g, games)]
    v = 1 / sum(gi**2 * ei * (1 - ei) for gi, ei in zip(g, e))
    delta = v * sum(gi * (s - ei) for gi, ei, (_, s) in zip(g, e, games))
    assert update(player, games).volatility == pytest.approx(_root_by_bisection(phi, 0.06, delta, v), abs=1e-6)


def test_no_games_only_widens_the_deviation_and_bad_scores_are_refused() -> None:
    assert update(Rating(1600, 100, 0.06), []) == Rating(1600, SCALE * math.sqrt((100 / SCALE) ** 2 + 0.06**2), 0.06)
    with pytest.raises(ValueError):
        update(Rating(), [(Rating(), 2.0)])
    with pytest.raises(ValueError):
        Rating(1500, 0)
    assert expected_score(Rating(1800, 50), Rating(1500, 50)) > 0.8


def test_the_front_end_agrees() -> None:
    rng = Random(28)
    cases = []
    for _ in range(200):
        player = [1000 + rng.randbelow(1400), 30 + rng.randbelow(320), 0.03 + rng.randbelow(60) / 1000]
        games = [
            [[900 + rng.randbelow(1600), 20 + rng.randbelow(330)], rng.randbelow(3) / 2]
            for _ in range(1 + rng.randbelow(3))
        ]
        expected = update(Rating(*player), [(Rating(o[0], o[1]), s) for o, s in games])
        cases.append(
            {"player": player, "games": games, "expected": [expected.rating, expected.deviation, expected.volatility]}
        )
    script = """
import { update } from "./src/glicko.js";
const cases = JSON.parse(process.argv[1]);
const out = cases.map((c) => {
  const r = update({ rating: c.player[0], deviation: c.player[1], volatility: c.player[2] },
    c.games.map(([o, s]) => [{ rating: o[0], deviation: o[1] }, s]));
  return [r.rating, r.deviation, r.volatility];
});
console.log(JSON.stringify(out));
"""
    proc = subprocess.run(
        [str(find_node()), "--input-type=module", "-e", script, json.dumps(cases)],
        cwd=ROOT / "widgets",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    for case, got in zip(cases, json.loads(proc.stdout)):
        assert got == pytest.approx(case["expected"], rel=1e-9, abs=1e-9), case
