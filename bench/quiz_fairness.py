"""How guessable each quiz topic is: the answer's place among the choices, and what a blind guess scores.

    .venv/bin/python -m bench.quiz_fairness                          # the default rules, 120 seeds
    .venv/bin/python -m bench.quiz_fairness --rules three-player --seeds 60

For every topic and level: the number of choices k, the share of questions whose answer stands in the
most common place (the test's bound is 1/k + 0.2), and the mean score of a blind guess (every response
of the question's shape equally likely; the bound is 1/3) and of picking every choice of a multi question.
Figures come from ``questions.fairness``, which grades through ``check`` itself.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from fivehundred_tutor.questions import TOPICS, QuestionError, available_topics, generate
from fivehundred_tutor.questions.fairness import answer_place, blind_guess_score, select_all_score
from fivehundred_tutor.rules import Rules


def _mean(values: list[float]) -> str:
    return f"{sum(values) / len(values):.2f}" if values else "-"


def report(rules: Rules, seeds: int) -> None:
    print(f"{'topic':15} lvl  k  worst place (bound)   blind guess  pick all  seconds")
    for topic in available_topics(rules):
        for level in TOPICS[topic].difficulties:
            start = time.process_time()
            places: Counter[int] = Counter()
            sizes: set[int] = set()
            guesses: list[float] = []
            everything: list[float] = []
            for seed in range(seeds):
                try:
                    q = generate(topic, rules, seed, level)
                except QuestionError:
                    continue
                place = answer_place(q)
                if place is not None:
                    places[place[0]] += 1
                    sizes.add(place[1])
                if q["kind"] in ("order", "cards", "multi"):
                    guesses.append(blind_guess_score(q))
                    picked = select_all_score(q)
                    if picked is not None:
                        everything.append(picked)
            if places:
                k = "/".join(str(s) for s in sorted(sizes))
                worst = max(places.values()) / sum(places.values())
                bound = 1 / min(sizes) + 0.2
                where = f"{worst:5.0%} ({bound:4.0%})"
            else:
                k, where = "-", "-"
            took = time.process_time() - start
            print(f"{topic:15} {level:3} {k:>2}  {where:20} {_mean(guesses):>11}  {_mean(everything):>8}  {took:7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="australian", help="a rules preset")
    parser.add_argument("--seeds", type=int, default=120)
    args = parser.parse_args()
    report(Rules.preset(args.rules), args.seeds)


if __name__ == "__main__":
    main()
