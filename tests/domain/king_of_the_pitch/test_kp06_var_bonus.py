"""KP-6 V.A.R. and BONUS: declared before the roll, the King second; re-rolls of the lowest."""

from kp_helpers import GAME, broken, challenged, force, kinds, of_kind, play, rules

from domain.king_of_the_pitch.dice import lowest_die

BRONZE = {"chips": ("bronze",) * 4 + ("white", "bronze") + ("bronze",) * 5, "defense": 5}
BRONZE |= {"attack": 5}


def test_kp_6_3_the_challenger_declares_first_the_king_second() -> None:
    state = challenged(blue={"var": 1}, green={"var": 1})
    assert [(e.kind, e.by) for e in GAME.expected(state)] == [("declare", "green")]
    violations = broken(state, "declare blue var=yes")
    assert [(v.rule, v.overridable) for v in violations] == [("KP-6.3", False)]
    state, _ = play(state, "declare green var=yes")
    assert "King decides second" in GAME.expected(state)[0].prompt


def test_kp_6_teams_without_var_or_bonus_skip_the_declarations() -> None:
    state = challenged(blue={"bonus": 1})
    assert [(e.kind, e.by) for e in GAME.expected(state)] == [("declare", "blue")]
    assert rules(state, "declare blue var=yes") == ["KP-6.1"]
    assert challenged().phase == "roll"


def test_kp_6_1_loser_re_rolls_wins_then_the_other_re_rolls() -> None:
    state = challenged(blue={"var": 1, **BRONZE}, green={"var": 1, **BRONZE})
    state, _ = play(state, "declare green var=yes", "declare blue var=yes")
    assert state.team("green").var == 0 and state.team("blue").var == 0
    state, consequences = play(state, "roll green 5,2", "roll blue 5,3")
    assert state.phase == "var" and state.duel is not None and state.duel.var_due == "green"
    state, consequences = play(state, "reroll green 6")
    assert of_kind(consequences, "var-reroll")[0].data["old"] == 2
    assert state.duel is not None and state.duel.var_due == "blue"
    state, consequences = play(state, "reroll blue 6")
    compared = of_kind(consequences, "dice-compared")[0].data
    assert compared["dice"] == {"green": [5, 6], "blue": [5, 6]}
    assert state.phase == "shoot-out"  # the second re-roll made it a draw
    assert rules(state, "reroll green 4") == ["KP-6.1"]  # never in a shoot-out


def test_kp_6_1_a_loser_who_still_loses_after_var_loses() -> None:
    state = challenged(green={"var": 1})
    state, _ = play(state, "declare green var=yes", "roll green 2", "roll blue 4", "reroll green 3")
    assert state.king == "blue" and state.team("blue").crowns == 1


def test_kp_6_1_the_winner_s_var_is_not_used_and_no_var_in_draws() -> None:
    state = challenged(blue={"var": 1})
    state, consequences = play(state, "declare blue var=yes", "roll green 2", "roll blue 4")
    assert "var-reroll" not in kinds(consequences) and state.team("blue").crowns == 1
    draw = challenged(green={"var": 1})
    draw, _ = play(draw, "declare green var=yes", "roll green 4", "roll blue 4")
    assert draw.phase == "shoot-out"


def test_kp_6_1_only_the_team_due_re_rolls_and_within_its_die() -> None:
    state = challenged(green={"var": 1})
    state, _ = play(state, "declare green var=yes", "roll green 2", "roll blue 4")
    assert rules(state, "reroll blue 3") == ["KP-6.1"]
    assert [(v.rule, v.overridable) for v in broken(state, "reroll green 7")] == [("KP-6.1", False)]


def test_kp_6_1_the_lowest_die_a_d6_before_the_d8() -> None:
    assert lowest_die((5, 2, 4, 3, 2), (6, 6, 6, 6, 8)) == 1
    assert lowest_die((5, 4, 4, 3, 1), (6, 6, 6, 6, 8)) == 4


def test_kp_6_2_bonus_plays_the_stronger_column_for_this_match() -> None:
    lopsided = {"chips": ("gold",) * 4 + ("white",) * 7, "defense": 12, "attack": 4, "bonus": 1}
    state = challenged(green=lopsided)
    state, _ = play(state, "declare green bonus=yes")
    assert state.duel is not None and state.duel.faces_of("green") == (6, 6, 6, 6, 8)
    state, _ = play(state, "roll green 6,1,1,1,1", "roll blue 2")
    assert state.team("green").bonus == 0
    assert GAME.view(state)["teams"]["green"]["level"] == "bronze"


def test_kp_6_declaring_a_card_the_team_lacks_can_be_overridden() -> None:
    state = challenged(blue={"bonus": 1})
    state, _ = force(state, "declare blue var=yes")
    assert state.team("blue").var == 0 and state.duel is not None and state.duel.var == ("blue",)
