"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", Boston University, 2013/2022).

Written from the paper, step by step, because the PyPI package ``glicko2`` (the most used pure-Python
one) computes the volatility's function ``f`` with the player's rating where the paper has its
deviation (``mu**2`` for ``phi**2``): the paper's worked example, whose player is rated 1500
(``mu = 0``), cannot tell the two apart.  ``tests/engine/test_glicko.py`` checks the worked example
and a player rated away from 1500 against a bisection of ``f``; the front end's copy
(``widgets/src/glicko.js``) is compared with this one over generated cases.

A learner and a puzzle are both players: solving a puzzle is a win against it, missing it a loss
(as lichess rates its puzzles).  Ratings are on the Glicko scale (1500 for a newcomer, deviation
350).

>>> player = Rating(1500, 200, 0.06)
>>> after = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 5)
(1464.05, 151.52, 0.06)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

__all__ = ["NEWCOMER", "SCALE", "TAU", "Rating", "expected_score", "update"]

#: the factor between the Glicko scale and Glicko-2's internal one (step 2 of the paper)
SCALE = 173.7178
#: the system constant: how much the volatility may change (the paper suggests 0.3 to 1.2)
TAU = 0.5
#: the convergence tolerance of the volatility's iteration (step 5)
EPSILON = 0.000001


@dataclasses.dataclass(frozen=True)
class Rating:
    """A rating, its deviation (how unsure it is) and its volatility (how erratic the player is)."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        if not (math.isfinite(self.rating) and math.isfinite(self.deviation) and math.isfinite(self.volatility)):
            raise ValueError("a rating, its deviation and its volatility must be finite numbers")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError("a rating's deviation and volatility must be positive")

    @property
    def mu(self) -> float:
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


NEWCOMER = Rating()


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (a learner solves a puzzle), as Glicko-2 sees it.

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _e(player.mu, opponent.mu, opponent.phi)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, the root of ``f`` found by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period with ``results`` (opponent, score 1/0.5/0).

    No results: only the deviation grows (step 6 alone), as the paper says for a player who
    did not compete.

    >>> update(Rating(1500, 200, 0.06), []).deviation > 200
    True
    """
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not results:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    for _, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is 1 (won), 0.5 (drawn) or 0 (lost), not {score!r}")
    # Steps 3 and 4: the estimated variance v and the estimated improvement delta.
    inverse_v = 0.0
    gain = 0.0
    for opponent, score in results:
        g = _g(opponent.phi)
        e = _e(mu, opponent.mu, opponent.phi)
        inverse_v += g * g * e * (1.0 - e)
        gain += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * gain
    new_sigma = _volatility(phi, sigma, delta, v, tau)
    # Steps 6 and 7: the pre-period deviation, then the new deviation and rating.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * gain
    # Step 8: back to the Glicko scale.
    return Rating(SCALE * new_mu + 1500.0, SCALE * new_phi, new_sigma)
