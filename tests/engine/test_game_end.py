"""The end of a game, above all the 3-player rules of RULES.md section 7 (seed 002_, lines 56–64).

"Osiągnięcie minus 500 nie oznacza natychmiastowego zakończenia gry. Gracz ten musi kontynuować
grę, aż przeciwnik zwycięży. Jeśli gracz z ujemnym wynikiem później osiągnie lub przekroczy 500
punktów, nikt nie wygra gry. Gra toczy się dalej."  A player at −500 plays on; reaching 500 later,
nobody wins and play continues.  And: "Jeśli tylko dwóch przeciwników zdobędzie 500 lub więcej
punktów, wygrywa gracz, który wykona pierwszą lewę" — of two defenders past 500 on one hand, the
first to get there trick by trick wins.

Constructed score lines first (finished hands with chosen tricks, run through ``Game.record``),
then many seeded games played by bots of different boldness, checked against an independent
reading of the rule from the score history.
"""

from __future__ import annotations

import pytest

from fivehundred_tutor import Bid, Deal, Rules, RulesError
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.cli import main as cli_main
from fivehundred_tutor.game import Game

THREE = Rules.preset("three-player")
NORTH, EAST, WEST = 0, 1, 2


def hand(rules: Rules, contract: str, declarer: int, tricks: list[int]) -> Deal:
    """A finished hand: ``declarer`` played ``contract`` and each seat took ``tricks[seat]``."""
    empty: list[list[str]] = [[] for _ in range(rules.players)]
    return Deal.from_position(rules, empty, Bid.parse(contract), declarer, tricks_won=tricks)


def game_from(rules: Rules, scores: list[int], barred: dict[int, int] | None = None) -> Game:
    """A game standing at ``scores`` (``barred``: who fell to −500 earlier, and to what)."""
    game = Game(rules, seed=1, first_dealer=0)
    game.scores = list(scores)
    game.barred = dict(barred or {})
    return game


# ------------------------------------------------------------------ the option


def test_the_option_is_a_named_rules_field_on_for_three_players_only() -> None:
    assert THREE.barred_from_winning_at == -500 and THREE.hole is None and THREE.bars_from_winning
    assert Rules(players=3).bars_from_winning
    for name in Rules.preset_names():
        rules = Rules.preset(name)
        assert rules.bars_from_winning == (name == "three-player"), name
        assert Rules.from_dict(rules.to_dict()) == rules, name
    # The four-player rule back for three players: -500 loses at once, so nobody is barred.
    assert not Rules.preset("three-player", hole=-500).bars_from_winning
    assert not Rules.preset("three-player", barred_from_winning_at=None).bars_from_winning
    assert Rules.preset("three-player", barred_from_winning_at=-300).to_dict()["barred_from_winning_at"] == -300
    with pytest.raises(RulesError, match="must be negative"):
        Rules.preset("three-player", barred_from_winning_at=100)


def test_the_rules_in_words_and_the_cli_state_it(capsys: pytest.CaptureFixture[str]) -> None:
    game_row = dict(THREE.describe())["Game"]
    assert "a player at -500 or below plays on but can no longer win" in game_row
    assert "nobody wins and play continues" in game_row
    assert "plays on" not in dict(Rules().describe())["Game"]
    assert cli_main(["rules", "three-player"]) == 0
    assert "can no longer win (reaching 500 later, nobody wins and play continues)" in capsys.readouterr().out


def test_an_assignment_may_set_the_bar_and_a_bad_value_is_a_clear_error() -> None:
    from fivehundred_tutor.exercises.assignment import AssignmentError, parse_assignment

    def rules_of(options: dict[str, object]) -> Rules:
        data = {"id": "hw1", "title": "T", "seed": 1, "sections": [{"topic": "bowers"}], "rules": options}
        return parse_assignment(data).rules

    assert rules_of({"preset": "three-player", "barred_from_winning_at": -300}).barred_from_winning_at == -300
    for bad, words in (("low", "must be a whole number"), (5, "must be at most -10")):
        with pytest.raises(AssignmentError, match=f"barred_from_winning_at {words}"):
            rules_of({"preset": "three-player", "barred_from_winning_at": bad})


# ------------------------------------------------------- constructed score lines


def test_falling_to_minus_500_does_not_end_the_three_player_game_and_bars_the_player() -> None:
    game = game_from(THREE, [0, 0, -400])
    game.record(hand(THREE, "7S", WEST, [2, 2, 6]))  # West fails 7♠: -140
    assert not game.is_over and game.scores == [20, 20, -540]
    assert game.barred == {WEST: -540}
    assert game.notes == [(1, "West fell to -540 and can no longer win; play goes on")]


def test_exactly_minus_500_bars_and_minus_490_does_not() -> None:
    at = game_from(THREE, [0, 0, -360])
    at.record(hand(THREE, "7S", WEST, [2, 2, 6]))
    assert at.scores[WEST] == -500 and WEST in at.barred
    above = game_from(THREE, [0, 0, -350])
    above.record(hand(THREE, "7S", WEST, [2, 2, 6]))
    assert above.scores[WEST] == -490 and not above.barred


def test_a_barred_player_who_reaches_500_does_not_win_and_play_continues() -> None:
    game = game_from(THREE, [0, 0, 0])
    game.record(hand(THREE, "10NT", WEST, [1, 0, 9]))  # West fails 10NT: -520
    game.record(hand(THREE, "10NT", WEST, [0, 0, 10]))  # makes it: 0
    game.record(hand(THREE, "10NT", WEST, [0, 0, 10]))  # and again: 520
    assert game.scores == [10, 0, 520]
    assert not game.is_over and game.winner is None
    assert game.notes[-1] == (3, "West reached 520 but fell to -520 earlier: nobody wins, and play continues")
    # Play goes on; the barred player's later hands are not new news.
    game.record(hand(THREE, "6S", WEST, [2, 2, 6]))
    assert not game.is_over and len(game.notes) == 2
    # Until an opponent wins.
    game.record(hand(THREE, "10NT", NORTH, [10, 0, 0]))
    assert game.winner == NORTH and game.is_over
    assert game.reason == "North made their contract and reached 550"


def test_without_the_rule_the_same_score_line_ends_the_game_as_before() -> None:
    """The variant switch: a three-player table may drop the bar (the engine's old behaviour)."""
    rules = Rules.preset("three-player", barred_from_winning_at=None)
    game = game_from(rules, [0, 0, 0])
    for tricks in ([1, 0, 9], [0, 0, 10], [0, 0, 10]):
        game.record(hand(rules, "10NT", WEST, tricks))
    assert game.winner == WEST and not game.notes


def test_the_four_player_hole_is_unchanged() -> None:
    four = Rules()
    game = game_from(four, [-400, 0])
    game.record(hand(four, "7S", 0, [3, 3, 2, 2]))
    assert game.loser == 0 and game.winner == 1 and not game.barred
    no_hole = Rules.preset("no-hole")
    game = game_from(no_hole, [-400, 0])
    game.record(hand(no_hole, "10NT", 0, [5, 1, 4, 0]))  # North–South fail 10NT: -920
    assert game.scores == [-920, 10] and not game.is_over and not game.barred
    game.scores = [480, 10]  # (however they climbed back) a side that fell may still win
    game.record(hand(no_hole, "6S", 0, [4, 2, 2, 2]))
    assert game.winner == 0


def test_a_barred_declarer_who_makes_it_to_500_loses_the_tie_to_a_defender() -> None:
    """The declarer wins a tie at 500 only if it may win at all."""
    game = game_from(THREE, [490, 0, 330], barred={WEST: -510})
    game.record(hand(THREE, "7H", WEST, [2, 1, 7]))
    assert game.scores == [510, 10, 530]
    assert game.winner == NORTH and game.reason == "North reached 510 as defenders"
    unbarred = game_from(THREE, [490, 0, 330])
    unbarred.record(hand(THREE, "7H", WEST, [2, 1, 7]))
    assert unbarred.winner == WEST and "declaring side wins" in unbarred.reason


def test_of_two_defenders_past_500_a_barred_one_cannot_take_it() -> None:
    game = game_from(THREE, [480, 0, 490], barred={WEST: -520})
    game.record(hand(THREE, "7S", EAST, [3, 5, 2]))
    assert game.scores == [510, -140, 510]
    assert game.winner == NORTH
    game = game_from(THREE, [480, 0, 490], barred={NORTH: -520})
    game.record(hand(THREE, "7S", EAST, [3, 5, 2]))
    assert game.winner == WEST


def test_when_every_player_has_fallen_nobody_can_win_and_the_game_ends() -> None:
    """Interpretation: the guide plays on "until an opponent wins"; with none left, the game is over."""
    game = game_from(THREE, [-100, -300, -600], barred={WEST: -600})
    game.record(hand(THREE, "10NT", NORTH, [2, 4, 4]))  # North -520: -620; East +40: -260
    assert not game.is_over and set(game.barred) == {NORTH, WEST}
    game.record(hand(THREE, "10NT", EAST, [4, 2, 4]))  # East -520: -780
    assert game.is_over and game.no_winner and game.winner is None and game.loser is None
    assert game.reason == "every player has fallen to -500 or below, so nobody can win"
    with pytest.raises(Exception, match="the game is over"):
        game.new_deal()
    assert game.to_dict()["barred"] == {"2": -600, "0": -620, "1": -780}


# ------------------------------------------------------- many seeded games


def _play_checked(rules: Rules, seeds: range, boldness: tuple[float, float, float]) -> dict[str, int]:
    """Play a seeded game per seed; after every hand compare the game's verdict with the rule read
    afresh from the score history.  Returns how often each case of the rule came up."""
    target, floor = rules.target, rules.barred_from_winning_at
    assert floor is not None
    seen = {"barred": 0, "barred at 500, play went on": 0, "won after that": 0, "nobody can win": 0}
    for seed in seeds:
        game = Game(rules, seed=seed)
        fallen: set[int] = set()
        seats = [HeuristicBot(boldness=boldness[(seat + seed) % 3]) for seat in range(3)]
        while not game.is_over:
            assert len(game.deals) < 400, seed
            before = list(game.scores)
            deal = game.new_deal()
            while not deal.is_over:
                deal.push(seats[deal.to_move].choose(deal))  # type: ignore[index]
            result = game.record(deal)
            if result.thrown_in:
                assert game.scores == before and not game.is_over
                continue
            fallen |= {s for s in range(3) if game.scores[s] <= floor}
            assert set(game.barred) == fallen, seed
            free = [s for s in range(3) if game.scores[s] >= target and s not in fallen]
            if game.no_winner:
                assert fallen == {0, 1, 2} and not free and game.winner is None
                seen["nobody can win"] += 1
            elif free:
                # Somebody who may still win has reached the target: the game is over, won by one of them.
                assert game.winner in free, (seed, game.scores, game.reason)
                if result.made and result.declarer in free:
                    assert game.winner == result.declarer
                if any(s in fallen and game.scores[s] >= target for s in range(3)):
                    seen["won after that"] += 1
            else:
                assert not game.is_over, (seed, game.scores, game.reason)
                newly = [s for s in fallen if game.scores[s] >= target > before[s]]
                seen["barred at 500, play went on"] += len(newly)
                notes = [words for number, words in game.notes if number == len(game.deals)]
                assert len([words for words in notes if "nobody wins" in words]) == len(newly)
        seen["barred"] += bool(fallen)
    return seen


def test_seeded_three_player_games_follow_the_guide_hand_by_hand() -> None:
    """Rash bidders (boldness 1.5) fall through -500 often enough to see every case of the rule."""
    seen = _play_checked(THREE, range(90), (1.5, 1.5, 1.5))
    assert seen["barred"] >= 25 and seen["nobody can win"] >= 3 and seen["barred at 500, play went on"] >= 1, seen


def test_seeded_games_with_a_higher_bar_see_a_barred_player_reach_the_target_and_another_win() -> None:
    """The same rule with the bar at -150 (so that a barred player climbs back to 500 more often)."""
    seen = _play_checked(Rules.preset("three-player", barred_from_winning_at=-150), range(60), (0.0, 1.5, 1.5))
    assert seen["barred at 500, play went on"] >= 5 and seen["won after that"] >= 5, seen


def test_seeded_two_defenders_past_500_the_first_there_trick_by_trick_wins() -> None:
    """Bot-played 3-player hands; the scores before are set so that both defenders pass 500, and the
    winner must be the one whose trick got there first (never decided by the final totals)."""
    lower_total_won = 0
    for seed in range(40):
        deal = Deal.new(THREE, seed=seed, dealer=seed % 3)
        bot = HeuristicBot()
        while not deal.is_over:
            deal.push(bot.choose(deal))
        result = deal.result()
        if result.thrown_in or deal.contract is None or deal.contract.is_misere or deal.declarer is None:
            continue
        a, b = (s for s in range(3) if s != deal.declarer)
        tricks_at = {s: [n for n, t in enumerate(deal.tricks, 1) if t.winner == s] for s in (a, b)}
        if not tricks_at[a] or not tricks_at[b]:
            continue
        for need_a in range(1, len(tricks_at[a]) + 1):
            need_b = 1 + (seed + need_a) % len(tricks_at[b])
            before = [0, 0, 0]
            before[a], before[b] = target_minus(need_a), target_minus(need_b)
            game = game_from(THREE, before)
            if result.made:
                game.scores[deal.declarer] = -100  # the declarer stays far from 500
            game.record(deal)
            at = {a: tricks_at[a][need_a - 1], b: tricks_at[b][need_b - 1]}
            first = min((a, b), key=at.__getitem__)
            assert game.winner == first, (seed, need_a, need_b)
            assert f"at trick {at[first]}" in game.reason
            other = b if first == a else a
            lower_total_won += game.scores[first] < game.scores[other]
    assert lower_total_won >= 5


def target_minus(tricks: int) -> int:
    """A score that the ``tricks``-th defending trick (10 each) brings to exactly 500."""
    return THREE.target - 10 * tricks


# ------------------------------------------------ 500 and -500 on the same hand (issue 25, F9)


def test_reaching_500_as_another_side_falls_to_minus_500_wins_for_the_side_that_reached_it() -> None:
    """Italian source 004_, "Vittoria": "Nel raro caso in cui entrambe le coppie attraversino la soglia
    nella stessa mano (una a 500+, l'altra a -500), vince la coppia che ha raggiunto +500"."""
    four = Rules()
    game = game_from(four, [-350, 470])
    game.record(hand(four, "7NT", 0, [2, 3, 2, 3]))  # North–South take 4 of 7NT: -220; East–West +60
    assert game.scores == [-570, 530]
    assert game.winner == 1 and game.loser == 0
    assert game.reason == "East–West reached 530 as North–South fell to -570: the side that reaches 500 wins"
    # Each for themselves (five players): the player who reached 500 wins; before, nobody did.
    five = Rules.preset("five-player")
    game = game_from(five, [-480, 480, 0, 0, 0])
    game.record(hand(five, "6S", 0, [1, 2, 3, 2, 2]))  # North's 6♠ fails (-40); East takes 2: +20
    assert game.scores[:2] == [-520, 500]
    assert game.loser == 0 and game.winner == 1, (game.scores, game.reason)
    # Only the hole crossed: the hole decides, as before.
    game = game_from(four, [-350, 300])
    game.record(hand(four, "7NT", 0, [2, 3, 2, 3]))
    assert game.loser == 0 and game.winner == 1 and "in the hole" in game.reason
