"""A digest of everything the engine says over many random hands: the compiled and the plain engine must agree.

    python -m tests.support.engine_trace            # prints which engine ran, then the digest

Every preset, several dealers and seeds: at each step the phase, the player to move, the legal
actions (codes, in order), a view and the reason an illegal action is refused; an undo and redo
now and then (with the state compared); at the end the result, the record and the record read
back.  What is hashed is text, so two processes (one per engine) can be compared.
"""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
import random
from typing import Any

from fivehundred_tutor import Deal, IllegalAction, Rules
from fivehundred_tutor.native import engine_status

HANDS_PER_PRESET = 12


def _line(h: Any, *parts: object) -> None:
    h.update(json.dumps(parts, default=str, ensure_ascii=True).encode() + b"\n")


def trace(h: Any, hands: int = HANDS_PER_PRESET) -> int:
    """Hash every preset's hands into ``h``; returns the number of actions traced."""
    actions = 0
    for name in Rules.preset_names():
        rules = Rules.preset(name)
        _line(h, name, rules.to_dict(), [b.code for b in rules.ladder], [c.code for c in rules.deck()], rules.sides)
        for seed in range(hands):
            rng = random.Random(f"{name}/{seed}")
            deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
            step = 0
            while not deal.is_over:
                legal = deal.legal_actions()
                _line(h, step, deal.phase.value, deal.to_move, [a.code for a in legal], deal.declarer_tricks)
                if step % 7 == 3:
                    _line(h, deal.view(deal.to_move), deal.view(None))
                if step % 5 == 1:
                    for wrong in ("pass", "7NT", "JK", "discard 5S", "AH"):
                        try:
                            deal.push(wrong)
                        except IllegalAction as err:
                            _line(h, "illegal", wrong, str(err), [a.code for a in err.legal])
                        else:
                            _line(h, "legal", wrong, deal.pop().code)
                action = legal[rng.randrange(len(legal))]
                deal.push(action)
                if step % 4 == 2:
                    key = deal.state_key()
                    assert deal.pop() is action
                    deal.push(action)
                    assert deal.state_key() == key, (name, seed, step)
                step += 1
                actions += 1
            record = deal.to_dict()
            _line(h, deal.result().to_dict(), record, [t.winner for t in deal.tricks], deal.view(0))
            assert Deal.from_dict(record).state_key() == deal.state_key(), (name, seed)
            if seed == 0:  # pickled (multiprocessing) and deep-copied alike in both engines
                for value in (deal, rules, deal.result(), deal.tricks, deal.history):
                    assert pickle.loads(pickle.dumps(value)) == value or isinstance(value, Deal)
                assert (
                    pickle.loads(pickle.dumps(deal)).state_key() == copy.deepcopy(deal).state_key() == deal.state_key()
                )
            while deal.history:  # all the way back
                deal.pop()
            _line(h, "root", deal.view(None), [a.code for a in deal.legal_actions()])
    return actions


def digest(hands: int = HANDS_PER_PRESET) -> str:
    h = hashlib.sha256()
    trace(h, hands)
    return h.hexdigest()


if __name__ == "__main__":
    print(engine_status())
    print(digest())
