"""Every hint is true for the question it is shown with: its contract, its cards and the rules it is asked under
(and the question's own words and explanation hold to the same claims about trumps, bowers and scoring).

Questions of every topic and level are generated under every preset (and a few adjusted rules: another
target, another hole); each hint (the principle and the clue) is read for its claims and each claim is
checked against the question:

- under a no-trump contract or a misère there are no trumps and no bowers: a hint names neither, except
  to say there are none;
- a suit named as trumps is the contract's trump suit;
- the defenders' trick points are said as the rules score them (10 a trick, or beyond five), and in
  misère as the rules have it;
- the target, the hole and the "can no longer win" score are the rules' own, and a hole is never named
  where the rules have none;
- "a pass is final" only where it is; misère only where it is played; the joker's rule in no trumps as
  the rules have it;
- every count a clue states (legal cards, trumps in a trick, bids that outrank, cards to keep …) is the
  count in the question;
- no hint names the answer of a choice question.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from fivehundred_tutor.bids import Bid
from fivehundred_tutor.cards import JACK, Card
from fivehundred_tutor.questions import TOPICS, QuestionError, available_topics, generate
from fivehundred_tutor.questions.hints import hints
from fivehundred_tutor.rules import Rules

SEEDS = range(8)
NUMBERS = {
    w: i for i, w in enumerate(("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"))
}
#: rules the presets do not cover: another target and hole (no hint may say 500 or -500 then)
ADJUSTED = {
    "target-300": Rules.preset("australian", target=300, hole=-300),
    "three-player-target-400": Rules.preset("three-player", target=400),
}


def _rules_cases() -> list[Any]:
    cases = [pytest.param(Rules.preset(name), id=name) for name in Rules.preset_names()]
    return cases + [pytest.param(rules, id=name) for name, rules in ADJUSTED.items()]


def _questions(rules: Rules) -> Iterator[dict[str, Any]]:
    for topic in available_topics(rules):
        for level in TOPICS[topic].difficulties:
            for seed in SEEDS:
                try:
                    yield generate(topic, rules, seed, level)
                except QuestionError as err:  # a level these rules cannot ask (the solver's ending, say)
                    assert "solver" in str(err) or "2-player" in str(err), (topic, level, seed, err)


def _number(word: str) -> int:
    return NUMBERS[word.lower()] if word.lower() in NUMBERS else int(word)


def _contract(q: Mapping[str, Any]) -> Bid | None:
    contract = (q.get("context") or {}).get("contract")
    if isinstance(contract, Mapping) and contract.get("code"):
        return Bid.parse(str(contract["code"]))
    return None


def _cards(items: Any) -> list[Card]:
    return [Card.parse(str(i["code"])) for i in items or [] if isinstance(i, Mapping) and i.get("code")]


#: what a hint may say about trumps and bowers when there are none
_NONE_SAID = re.compile(r"\bno trumps\b|there are no bowers|nothing is trumps", re.IGNORECASE)


def _check_contract_words(q: Mapping[str, Any], text: str) -> None:
    contract = _contract(q)
    if contract is None:
        return
    if contract.trump is None:  # no trumps or a misère
        rest = _NONE_SAID.sub("", text)
        assert not re.search(r"trump|bower", rest, re.IGNORECASE), (contract, text)
        return
    trump = contract.trump.word
    for named in re.findall(r"\b(spades|clubs|diamonds|hearts) are trumps\b", text) + re.findall(
        r"\btrumps in (spades|clubs|diamonds|hearts)\b", text
    ):
        assert named == trump, (contract, text)


def _check_scoring_words(rules: Rules, q: Mapping[str, Any], text: str) -> None:
    says_tricks = re.search(r"10 (a trick|for each trick)", text)
    contract = _contract(q)
    if contract is not None and contract.is_misere and "defenders score" in text:
        if rules.misere_defenders_score:
            assert "nothing" not in text, text
        else:
            assert "defenders score nothing" in text and not says_tricks, text
        return
    if says_tricks:
        if rules.defender_tricks == "beyond-five":
            assert "beyond five" in text, text
        else:
            assert "beyond five" not in text, text


def _check_rules_numbers(rules: Rules, q: Mapping[str, Any], text: str) -> None:
    if q["topic"] != "game-end":
        return
    allowed = {rules.target, rules.hole, rules.barred_from_winning_at if rules.bars_from_winning else None}
    for number in re.findall(r"[-−]?\d{3,}", text):
        assert int(number.replace("−", "-")) in allowed, (number, text)
    if rules.hole is None:
        assert "fallen to" not in text and "in the hole" not in text, text
    if "running totals" in text:
        return  # the principle; the clue names the rules' own conditions:
    if rules.hole is None and rules.bars_from_winning:
        assert "can no longer win" in text, text
    if rules.win_only_as_declarer:
        assert "only by making a contract as declarer" in text, text


def _check_rule_words(rules: Rules, q: Mapping[str, Any], text: str) -> None:
    if "a pass is final" in text:
        assert rules.bidding in ("australian", "single-round"), text
    if "passed earlier" in text and rules.bidding in ("rebid", "rebid-on-change"):
        assert "under these rules" in text, text
    if q["topic"] in ("bid-values", "bid-ladder") and rules.misere == "never":
        assert "misère" not in text and "fixed by the rules" not in text, text
    if "joker may be played" in text:
        if rules.joker_no_trumps == "any-time":
            assert "at any time" in text and "variant" in text, text
        else:
            assert "only when you cannot follow" in text, text


def _said(pattern: str, text: str) -> int | None:
    found = re.search(pattern, text)
    return None if found is None else _number(found.group(1))


def _check_counts(rules: Rules, q: Mapping[str, Any], clue: str) -> None:
    topic, answer, context = q["topic"], q.get("answer"), q.get("context") or {}
    n = len(answer) if isinstance(answer, list) else None
    said = [
        (r"(\w+) of your cards may be played", n),
        (r"(\w+) of these cards (?:is a trump|are trumps)", n),
        (r"(\w+) of these bids outranks?", n),
        (r"(\w+) of your cards (?:is|are) safe", n),
        (r"face-up table cards count here: (\w+) of them", n),
        (r"(\w+) (?:card does|cards do) that", n),
    ]
    for pattern, want in said:
        got = _said(pattern, clue)
        if got is not None:
            assert got == want, (topic, pattern, got, want, clue)
    contract = _contract(q)
    if topic == "trick-winner" and contract is not None and contract.trump is not None:
        trick = _cards(context.get("trick"))
        trumps = sum(1 for c in trick if rules.effective_suit(c, contract) == contract.trump)
        if "No trump was played" in clue:
            assert trumps == 0, clue
        elif "Exactly one trump" in clue:
            assert trumps == 1, clue
        elif (got := _said(r"^(\w+) trumps were played", clue)) is not None:
            assert got == trumps, clue
    if topic == "card-hierarchy" and contract is not None and contract.trump is not None:
        cards = _cards(context.get("cards"))
        special = sum(
            1 for c in cards if c.is_joker or (c.rank == JACK and c.suit in (contract.trump, contract.trump.sister))
        )
        got = _said(r"^(\w+) (?:of these cards (?:is|are)|cards? here are) the joker or a bower", clue)
        if got is not None:
            assert got == special, clue
        if "Exactly one of these cards is the joker or a bower" in clue:
            assert special == 1, clue
    if topic == "kitty" and isinstance(answer, Mapping):
        trumps = len(answer["trumps"])
        aces = len(answer["aces"])
        assert _said(r"You hold (\w+) trumps?", clue) == trumps, clue
        assert (_said(r"and (\w+) side aces?", clue) or 0) == aces, clue
        free = len(q["choices"]) - trumps - aces
        assert f"leaves {free} cards" in clue, clue


def _check_never_the_answer(q: Mapping[str, Any], said: list[str]) -> None:
    """A hint never names the answer of a choice question (a bid, a card, a call, an outcome)."""
    if q["kind"] != "choice":
        return
    label = next(str(c["label"]) for c in q["choices"] if c["id"] == q["answer"])
    if label.lower() in ("yes", "no") or label in q["prompt"]:
        return
    for text in said:
        assert label not in text, (q["topic"], q["difficulty"], label, text)


@pytest.mark.parametrize("rules", _rules_cases())
def test_every_hint_is_true_for_its_question_and_rules(rules: Rules) -> None:
    asked = 0
    for q in _questions(rules):
        said = hints(q)
        for text in said:
            _check_contract_words(q, text)
            _check_scoring_words(rules, q, text)
            _check_rules_numbers(rules, q, text)
            _check_rule_words(rules, q, text)
        _check_counts(rules, q, said[-1])
        _check_never_the_answer(q, said)
        # what the question itself says and its explanation (shown after the answer) hold to the same
        for text in (q["prompt"], q["explanation"]):
            _check_contract_words(q, text)
            _check_scoring_words(rules, q, text)
        asked += 1
    assert asked >= 8 * len(available_topics(rules))


def test_no_trump_hints_say_there_are_no_bowers() -> None:
    """The hints the issue found false: 'the left bower belongs to the trump suit' and 'the left bower and the
    joker count as trumps', shown with a no-trump legal-plays question (level 3 is always no trumps)."""
    for seed in range(30):
        q = generate("legal-plays", Rules(), seed, 3)
        principle, clue = hints(q)
        assert "left bower" not in principle + clue and "count as trumps" not in principle + clue
        assert "there are no bowers" in principle
        assert "only when you cannot follow suit" in principle
    variant = generate("legal-plays", Rules.preset("joker-any-time"), 0, 3)
    assert "in this variant the joker may be played at any time" in hints(variant)[0].lower()


def test_a_variants_scoring_hints_agree() -> None:
    """Chapter 13's quiz under 'defenders score beyond five': both hints say beyond five (hint 1 said 10 a trick)."""
    rules = Rules.preset("defenders-beyond-five")
    for seed in range(20):
        q = generate("scoring", rules, seed, 1)
        principle, clue = hints(q)
        assert "beyond five" in principle and "beyond five" in clue, (principle, clue)


@pytest.mark.parametrize("preset", ["australian", "three-player", "five-player", "two-player", "six-player"])
def test_score_questions_speak_of_players_or_sides_as_the_rules_have_them(preset: str) -> None:
    """Where each plays for themselves (two, three, five players) a score question asks what each *player*
    scores and its hints name the declarer, not a side; in partnerships it is each side.  (The three-player
    scoring quiz asked 'What does each side score?' and its hints said 'the declarer's side'.)"""
    rules = Rules.preset(preset)
    alone = all(len(side) == 1 for side in rules.sides)
    word, other = ("player", "side") if alone else ("side", "player")
    asked = 0
    for topic, level in [("scoring", 1), ("scoring", 2), ("scoring", 3), ("misere", 1), ("game-end", 1)]:
        if topic not in available_topics(rules):
            continue
        for seed in range(4):
            q = generate(topic, rules, seed, level)
            said = " ".join([q["prompt"], *hints(q)])
            if topic != "game-end":
                assert f"What does each {word} score" in q["prompt"], q["prompt"]
            assert f"each {other}" not in said and f"a {other} reached" not in said, said
            if alone:
                assert "declarer's side" not in said and "declaring side" not in said, said
            asked += 1
    assert asked >= 8


def test_auction_clue_reads_as_a_sentence_before_any_bid() -> None:
    """A misère auction question with only passes so far: the clue said 'Does the call outrank nothing yet: no
    one has bid?'.  It says that no one has bid, then asks the question the rules raise."""
    rules = Rules()
    seen = 0
    for seed in range(60):
        q = generate("misere", rules, seed, 2)
        if any(a.get("call") != "pass" for a in q["context"].get("auction") or []):
            continue
        clue = hints(q)[1]
        assert "outrank nothing" not in clue and clue.startswith("No one has bid yet."), clue
        seen += 1
    assert seen, "no misère auction question with only passes in 60 seeds"


def test_the_auction_principle_names_misere_only_when_the_call_is_one() -> None:
    """'May East bid 7♦ now?' was followed by 'Where do misère and open misère sit?': a distraction from the
    question.  The misère places are asked only when the call is a misère."""
    rules = Rules()
    kinds = set()
    for seed in range(40):
        q = generate("bid-ladder", rules, seed, 3)
        principle = hints(q)[0]
        about_misere = "misère" in q["prompt"]
        assert ("misère" in principle) == about_misere, (q["prompt"], principle)
        kinds.add(about_misere)
    assert False in kinds


def test_two_player_table_card_hint_is_about_following_suit() -> None:
    """The two-player 'which table cards may be played' question's first hint asked about the order of play;
    it is about following suit from the source played from."""
    q = generate("two-player", Rules.preset("two-player"), 0, 3)
    assert q["kind"] == "multi"
    assert "follow the suit led" in hints(q)[0] and "in what order" not in hints(q)[0]


def test_beating_a_misere_advice_is_chapter_8s() -> None:
    """The beat-the-misère explanation said 'keep your high cards to win the lead back', against chapter 8
    (high cards only to take the lead, otherwise throw them away).  It now says what the chapter teaches."""
    for seed in range(3):
        q = generate("defence", Rules(), seed, 3)
        assert "lead low under the declarer" in q["explanation"], q["explanation"]
        assert "keep your high cards" not in q["explanation"]
        assert "only to take the lead" in q["explanation"]


def test_score_explanations_agree_with_who_scores() -> None:
    """'West score 250', 'West lose 250' (a misère by one of three players) and 'The defenders score' with one
    defender (two players): the verbs agree with who scores."""
    misere = 0
    for preset in ("three-player", "two-player", "australian"):
        rules = Rules.preset(preset)
        for level in (1, 2, 3):
            for seed in range(12):
                text = generate("scoring", rules, seed, level)["explanation"]
                one, many = re.search(r"so (North|East|South|West) (score|lose) \d", text), None
                many = re.search(r"so (North–South|East–West) (scores|loses) \d", text)
                assert not one and not many, text
                misere += text.startswith(("Misère", "Open misère"))
                if preset == "two-player":
                    assert "The defender scores 10" in text and "defenders" not in text, text
    assert misere, "no misère scored in the sample"


def test_two_player_trick_prompt_names_the_seat_and_its_source() -> None:
    """'You are South (table) (a defender)': the seat, the role, then where the card comes from."""
    seen = 0
    for seed in range(6):
        q = generate("play-decision", Rules.preset("two-player"), seed, 1)
        assert ") (" not in q["prompt"], q["prompt"]
        seen += "playing from your table" in q["prompt"] or "playing from your hand" in q["prompt"]
    assert seen


def test_a_misere_value_sentence_starts_with_a_capital() -> None:
    """'misère is worth 250 under these rules' began an explanation in lower case."""
    for seed in range(30):
        q = generate("bid-values", Rules(), seed, 3)
        assert not q["explanation"].startswith(("misère", "open misère")), q["explanation"]


def test_the_joker_in_a_sentence_is_the_joker() -> None:
    """'Which suit does Joker belong to?' and 'won the last trick with Joker from the table': in a sentence the
    card is 'the joker' (its label stays 'Joker' on the card and in the lists of cards played)."""
    found = 0
    for topic, level, preset in [("bowers", 2, "australian"), ("two-player", 2, "two-player")]:
        for seed in range(200):
            try:
                prompt = generate(topic, Rules.preset(preset), seed, level)["prompt"]
            except QuestionError:
                continue
            assert "does Joker" not in prompt and "with Joker" not in prompt, prompt
            found += "the joker" in prompt
    assert found >= 2


def test_the_first_play_decision_hint_is_about_this_question() -> None:
    """Issue 30: the first hint was the same "Count what you need…" for every play question; now it says the
    principle of the question asked (win cheaply, leave partner's trick, play the ending out), trumps named
    only when there are trumps."""
    seen: dict[str, str] = {}
    for preset in ("australian", "american", "three-player"):
        rules = Rules.preset(preset)
        for level in TOPICS["play-decision"].difficulties:
            for seed in SEEDS:
                q = generate("play-decision", rules, seed, level)
                first = hints(q)[0]
                assert "Count what you need" not in first
                contract = Bid.parse(q["context"]["contract"]["code"])
                if "as cheaply" in q["prompt"]:
                    seen["cheap"] = first
                    assert "cheapest" in first
                    led = Card.parse(q["context"]["trick"][0]["code"])
                    bower = led.rank == JACK and contract.trump is not None and led.suit != contract.trump
                    left = bower and rules.effective_suit(led, contract) == contract.trump
                    # the left bower led: a learner reads a club, the suit led is trumps (the learner trial)
                    assert (f"The card led is {led}, the left bower" in first) == left, (q["prompt"], first)
                    if left:
                        seen["left bower led"] = first
                elif "leave the trick" in q["prompt"]:
                    seen["partner"] = first
                    assert "partner's card is winning" in first
                else:
                    seen["ending"] = first
                    assert "follow the play to the end" in first
                if contract.trump is None:
                    assert "a trump" not in first, (q["prompt"], first)
    assert {"cheap", "partner", "ending"} <= set(seen), seen
