"""Every die an entry rolls is told as a silent DieRolled: its owner, faces, value and source."""

from __future__ import annotations

from dataclasses import replace

from kp_helpers import challenged, new_game, play

from domain.consequences import DieRolled
from domain.king_of_the_pitch.state import Duel


def dice(consequences: list) -> list[tuple[str, int, int, str]]:
    return [(c.side, c.faces, c.value, c.source) for c in consequences if isinstance(c, DieRolled)]


def test_the_opening_roll_is_a_d6_of_the_team_that_rolled_it() -> None:
    _, consequences = play(new_game(), "roll blue 4", "roll green 2 source=app")
    assert dice(consequences) == [("blue", 6, 4, "table"), ("green", 6, 2, "app")]
    assert all(c.silent for c in consequences if isinstance(c, DieRolled))


def test_a_crown_level_roll_has_the_d8_last_and_a_var_reroll_replaces_the_lowest_die() -> None:
    state = challenged(green={"var": 1})
    state, _ = play(state, "declare green var=yes")
    assert state.duel is not None
    crown = (6, 6, 6, 6, 8)
    state = replace(state, duel=replace(state.duel, faces=(("green", crown), ("blue", (6,) * 3))))
    state, rolled = play(state, "roll green dice=5,5,5,5,2 source=app", "roll blue dice=6,6,6")
    assert dice(rolled) == [
        *[("green", 6, 5, "app")] * 4,
        ("green", 8, 2, "app"),
        *[("blue", 6, 6, "table")] * 3,
    ]
    state, rerolled = play(state, "reroll green 7")  # the d8 (2) was the lowest die
    assert dice(rerolled) == [("green", 8, 7, "table")]


def test_penalty_dice_are_d6_of_the_team_that_kicked() -> None:
    state = challenged()
    state = replace(state, phase="shoot-out", duel=Duel(challenger="green", king="blue"))
    _, consequences = play(state, "penalty green 3", "penalty blue 3")
    assert dice(consequences) == [("green", 6, 3, "table"), ("blue", 6, 3, "table")]
