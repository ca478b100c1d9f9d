"""A small deterministic random generator (SplitMix64).

Python's ``random`` only promises that ``random()`` repeats across versions;
shuffles and choices may change.  Deals, bots and exercises must be the same
on every machine and Python version, so they use this instead.

>>> r = Random(42); [r.randbelow(10) for _ in range(5)]
[7, 1, 2, 3, 0]
>>> deck = list(range(5)); Random(1).shuffle(deck); deck
[1, 0, 3, 4, 2]
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

__all__ = ["Random", "derive_seed"]

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF
# Whether this module runs compiled (mypyc builds it with the engine core, fivehundred_tutor.native):
# there the 64-bit arithmetic is done in 32-bit halves, which stay machine integers (an int above
# 2**62 is a big int, compiled or not); the interpreter is faster with plain ints.
RUNS_COMPILED: Final = not __file__.endswith((".py", ".pyc"))


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from any printable parts, stable everywhere: ``derive_seed("hw1", "alice", 3)``."""
    text = "\x1f".join(str(p) for p in parts).encode("utf-8")
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


class Random:
    """SplitMix64: fast, tiny, and identical on every platform."""

    __slots__ = ("_state",)

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            seed = derive_seed(seed)
        self._state = seed & _MASK

    @staticmethod
    def fresh_seed() -> int:
        return secrets.randbits(63)

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (Lemire's multiply-shift with rejection: no bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        # next64() written out: this is the hot path of every deal and question (half the time of a call)
        z = self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        product = (z ^ (z >> 31)) * n
        low = product & _MASK
        if low < n:
            threshold = ((1 << 64) - n) % n
            while low < threshold:
                product = self.next64() * n
                low = product & _MASK
        return product >> 64

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        # Fisher–Yates with j = randbelow(i + 1), the generator written out (as in randbelow).
        if RUNS_COMPILED and len(items) < 1 << 16:
            self._state = _shuffle_in_halves(self._state, items)
            return
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                product = (z ^ (z >> 31)) * n
                low = product & _MASK
                if low >= n or low >= ((1 << 64) - n) % n:
                    break
            j = product >> 64
            items[i], items[j] = items[j], items[i]
        self._state = state

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


def _mix(state: int) -> int:
    """SplitMix64's output for a state (the state already advanced)."""
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _redraw(state: int, product: int, n: int) -> tuple[int, int]:
    """Lemire's rejection (rare: the low 64 bits of ``product`` fell below ``n``): draw again while
    they are under the threshold.  The state and the index drawn, as :meth:`Random.shuffle` does."""
    threshold = ((1 << 64) - n) % n
    while product & _MASK < threshold:
        state = (state + _GOLDEN) & _MASK
        product = _mix(state) * n
    return state, product >> 64


def _mul_halves(ah: int, al: int, b3: int, b2: int, b1: int, b0: int) -> tuple[int, int]:
    """(a * b) mod 2**64, a as 32-bit halves and b as 16-bit quarters: every factor under 2**16,
    the size mypyc multiplies without a big int; the halves of the product."""
    a0, a1, a2, a3 = al & 0xFFFF, al >> 16, ah & 0xFFFF, ah >> 16
    c = a0 * b0
    r0 = c & 0xFFFF
    c = (c >> 16) + a0 * b1 + a1 * b0
    r1 = c & 0xFFFF
    c = (c >> 16) + a0 * b2 + a1 * b1 + a2 * b0
    r2 = c & 0xFFFF
    c = (c >> 16) + a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0
    return ((c & 0xFFFF) << 16) | r2, (r1 << 16) | r0


def _shuffle_in_halves(state: int, items: MutableSequence[T]) -> int:
    """:meth:`Random.shuffle` in 32-bit halves (the compiled engine's way): the same swaps; the new state.
    (For fewer than 2**16 items: a shuffle of more takes the plain way.)"""
    hi, lo = state >> 32, state & _M32
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        lo += 0x7F4A7C15  # the state steps by the golden ratio, 0x9E3779B9_7F4A7C15
        hi = (hi + 0x9E3779B9 + (lo >> 32)) & _M32
        lo &= _M32
        zl = lo ^ (((lo >> 30) | (hi << 2)) & _M32)  # z ^= z >> 30; z *= 0xBF58476D1CE4E5B9
        zh = hi ^ (hi >> 30)
        zh, zl = _mul_halves(zh, zl, 0xBF58, 0x476D, 0x1CE4, 0xE5B9)
        zl ^= ((zl >> 27) | (zh << 5)) & _M32  # z ^= z >> 27; z *= 0x94D049BB133111EB
        zh ^= zh >> 27
        zh, zl = _mul_halves(zh, zl, 0x94D0, 0x49BB, 0x1331, 0x11EB)
        zl ^= ((zl >> 31) | (zh << 1)) & _M32  # z ^= z >> 31
        zh ^= zh >> 31
        # z * n (n < 2**16): its high 64 bits are the index, its low 64 bits decide a rejection
        pl = (zl & 0xFFFF) * n + (((zl >> 16) * n) << 16)
        ph = (zh & 0xFFFF) * n + (((zh >> 16) * n) << 16) + (pl >> 32)
        if ph & _M32 == 0 and pl & _M32 < n:
            whole, j = _redraw((hi << 32) | lo, ((zh << 32) | zl) * n, n)
            hi, lo = whole >> 32, whole & _M32
        else:
            j = ph >> 32
        items[i], items[j] = items[j], items[i]
    return (hi << 32) | lo
