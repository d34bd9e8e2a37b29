"""KP-2 values of chips and cubes; the columns follow the chips on the board."""

import pytest
from kp_helpers import play, started, turn_of, with_team

from domain.king_of_the_pitch.state import Card
from domain.king_of_the_pitch.values import chip_points, columns, level_of, role


@pytest.mark.parametrize(
    ("colour", "defender", "attacker"),
    [
        ("white", (0, 0), (0, 0)),
        ("bronze", (1, 0), (0, 1)),
        ("silver", (2, 0), (0, 2)),
        ("gold", (3, 1), (1, 3)),
        ("diamond", (4, 1), (1, 4)),
    ],
)
def test_kp_2_1_chip_values_by_role(
    colour: str, defender: tuple[int, int], attacker: tuple[int, int]
) -> None:
    """KP-2.1: a defender adds to defense, an attacker to attack; gold and diamond +1 opposite."""
    assert chip_points(colour, 2) == defender
    assert chip_points(colour, 9) == attacker


@pytest.mark.parametrize(
    ("colour", "points"),
    [("bronze", (1, 0)), ("silver", (1, 1)), ("gold", (2, 2)), ("diamond", (2, 3))],
)
def test_kp_2_2_midfielder_exception(colour: str, points: tuple[int, int]) -> None:
    """KP-2.2: number 5 the midfielder splits its points (defense, attack)."""
    assert role(5) == "midfielder"
    assert chip_points(colour, 5) == points


def test_kp_2_roles_follow_the_captain_numbers() -> None:
    """KP-8.2 grouping: 1, 2, 3, 4, 6 defend; 5 midfield; 7 to 11 attack."""
    assert [role(p) for p in range(1, 12)] == ["defender"] * 4 + ["midfielder", "defender"] + [
        "attacker"
    ] * 5


def test_kp_2_columns_sum_the_board() -> None:
    chips = ("gold", "white", "white", "white", "silver", "white", "white", "white", "bronze")
    assert columns((*chips, "white", "white")) == (3 + 1, 1 + 1 + 1)


def test_kp_5_1_level_thresholds() -> None:
    levels = (3, 6, 9, 12)
    assert [level_of(h, levels) for h in (0, 2, 3, 6, 8, 9, 12, 20)] == [
        "white", "white", "bronze", "silver", "silver", "gold", "crown", "crown",
    ]  # fmt: skip


def test_kp_4_3_signing_raises_both_columns_for_a_gold_player() -> None:
    state = with_team(started(), "blue", hand=(Card("player", "gold", 9),))
    state, consequences = play(state, "sign blue gold 9")
    blue = state.team("blue")
    assert (blue.defense, blue.attack) == (1, 3)
    assert consequences[0].data["replaced"] == "white"


def test_kp_4_3_replacing_a_chip_adjusts_the_columns() -> None:
    state = with_team(
        started(), "blue", hand=(Card("player", "gold", 5), Card("player", "bronze", 5))
    )
    state, _ = play(state, "sign blue gold 5")
    assert (state.team("blue").defense, state.team("blue").attack) == (2, 2)
    state = turn_of(state, "blue")
    state, consequences = play(state, "sign blue bronze 5")
    assert (state.team("blue").defense, state.team("blue").attack) == (1, 0)
    assert consequences[0].data["replaced"] == "gold"


def test_kp_4_4_selling_a_chip_takes_its_points_off_the_columns() -> None:
    state = with_team(started(), "blue", hand=(Card("player", "silver", 5),))
    state, _ = play(state, "sign blue silver 5")
    state, consequences = play(turn_of(state, "blue"), "sell-chip blue 5")
    blue = state.team("blue")
    assert (blue.defense, blue.attack, blue.chip(5)) == (0, 0, "white")
    assert blue.cubes.silver == 2
    assert consequences[0].kind == "chip-sold"
