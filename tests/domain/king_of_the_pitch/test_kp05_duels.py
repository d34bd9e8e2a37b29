"""KP-5 matches: levels and dice, the comparison, the shoot-out, the crown."""

import pytest
from kp_helpers import GAME, broken, challenged, kinds, of_kind, play, rules

from domain.king_of_the_pitch.dice import compare


def test_kp_5_5_example_blue_6_3_1_beats_green_5_4_2_by_6_5() -> None:
    result = compare((6, 3, 1), (5, 4, 2))
    assert (result.winner, result.score, result.text()) == (0, (6, 5), "6–5")


def test_kp_5_5_example_yellow_5_3_beats_red_5_by_3_0() -> None:
    result = compare((5, 3), (5,))
    assert (result.winner, result.cancelled, result.text()) == (0, (5,), "3–0")


def test_kp_5_5_example_blue_6_4_and_orange_6_4_go_to_penalties() -> None:
    result = compare((6, 4), (6, 4))
    assert (result.winner, result.cancelled) == (None, (6, 4))


def test_kp_5_5_examples_played_as_duels() -> None:
    """The three examples, rolled in real duels: levels give the dice counts."""
    silver = {"chips": ("silver",) * 4 + ("white", "silver") + ("silver",) * 5}
    silver |= {"defense": 10, "attack": 10}
    bronze = {"chips": ("bronze",) * 4 + ("white", "bronze") + ("bronze",) * 5}
    bronze |= {"defense": 5, "attack": 5}
    first = challenged("green", "blue", blue={**silver}, green={**silver})
    assert first.duel is not None and first.duel.faces_of("blue") == (6, 6, 6, 6)
    _, consequences = play(first, "roll blue 6,3,1,1", "roll green 5,4,2,1")
    assert of_kind(consequences, "dice-compared")[0].data["score"] == {"green": 5, "blue": 6}
    assert of_kind(consequences, "duel-won")[0].data == {"winner": "blue", "loser": "green"}
    teams = ("yellow", "red")
    second = challenged("red", "yellow", teams, yellow={**bronze})
    assert second.duel is not None and second.duel.faces_of("red") == (6,)
    _, consequences = play(second, "roll yellow 5,3", "roll red 5")
    compared = of_kind(consequences, "dice-compared")[0].data
    assert (compared["score"], compared["winner"]) == ({"red": 0, "yellow": 3}, "yellow")
    third = challenged("orange", "blue", ("blue", "orange"), blue={**bronze}, orange={**bronze})
    state, consequences = play(third, "roll orange 6,4", "roll blue 4,6")
    assert kinds(consequences) == ["dice-compared", "shoot-out"]
    assert state.phase == "shoot-out"


def test_kp_5_2_the_roll_must_hold_the_level_dice() -> None:
    state = challenged()
    assert state.duel is not None and state.duel.faces_of("green") == (6,)
    violations = broken(state, "roll green 6,5")
    assert [(v.rule, v.overridable) for v in violations] == [("KP-5.2", False)]


def test_kp_5_2_crown_level_rolls_a_d8_last() -> None:
    crown = {"chips": ("gold",) * 11, "defense": 22, "attack": 22}
    state = challenged(green=crown)
    assert state.duel is not None and state.duel.faces_of("green") == (6, 6, 6, 6, 8)
    assert GAME.expected(state)[0].dice == {"dice": (6, 6, 6, 6, 8)}
    assert rules(state, "roll green 1,2,3,4,8") == []
    assert rules(state, "roll green 1,2,3,8,4") == ["KP-5.2"]
    assert rules(state, "roll green 1,2,3,4,9") == ["KP-5.2"]


def test_kp_5_3_each_team_rolls_once_in_either_order() -> None:
    state, _ = play(challenged(), "roll blue 3")
    assert rules(state, "roll blue 3") == ["KP-5.3"]
    assert [e.by for e in GAME.expected(state)] == ["green"]


def test_kp_5_4_the_shoot_out_repeats_until_one_is_higher() -> None:
    state, _ = play(challenged(), "roll green 4", "roll blue 4")
    assert [e.kind for e in GAME.expected(state)] == ["penalty", "penalty"]
    state, consequences = play(state, "penalty green 3", "penalty blue 3")
    assert of_kind(consequences, "shoot-out")[0].data["round"] == 1
    assert state.phase == "shoot-out"
    assert rules(state, "roll green 3") == ["KP-5.3"]
    state, consequences = play(state, "penalty blue 2", "penalty green 5")
    assert of_kind(consequences, "duel-won")[0].data["winner"] == "green"
    assert rules(state, "penalty blue 4") == ["KP-5.4"]


def test_kp_5_6_the_challenger_who_wins_becomes_king_and_places_a_crown() -> None:
    state = challenged()
    assert state.team("green").match == 0 and state.discard == 1  # the MATCH card is spent
    state, consequences = play(state, "roll green 6", "roll blue 2")
    assert kinds(consequences) == ["dice-compared", "duel-won", "king", "crown", "turn-started"]
    assert state.king == "green" and state.team("green").crowns == 1
    assert of_kind(consequences, "crown")[0].data == {"team": "green", "crowns": 1}
    assert state.turn == "blue"  # play goes on clockwise from the challenger


def test_kp_5_6_a_king_who_wins_stays_king_and_places_a_crown() -> None:
    state, consequences = play(challenged(), "roll green 1", "roll blue 2")
    assert "king" not in kinds(consequences)
    assert state.king == "blue" and state.score == {"blue": 1, "green": 0}


@pytest.mark.parametrize("line", ["roll blue 3", "reroll blue 3", "penalty blue 3", "declare blue"])
def test_kp_5_duel_entries_outside_a_duel_are_refused(line: str) -> None:
    state = challenged()
    state, _ = play(state, "roll green 6", "roll blue 2")
    assert all(not v.overridable for v in broken(state, line))
    assert broken(state, line)
