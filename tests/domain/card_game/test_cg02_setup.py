"""CG-2 set-up: match settings, the variant, the bank, the starting piles."""

import pytest
from cg_helpers import GAME, new_match, setup

from domain.ruleset import SetupError


def test_cg_2_setup_round_trips_through_its_dict() -> None:
    made = setup("first-match", ("signings", "motivation"), cap="none")
    again = GAME.make_setup(GAME.setup_to_dict(made))
    assert again == made
    assert GAME.setup_to_dict(made)["settings"] == {"bank-cap": "none"}
    assert again.bank_cap is None


def test_cg_2_team_names_ignore_case_and_home_comes_first() -> None:
    made = GAME.make_setup(
        {"home": {"team": "toho", "coach": "Bob"}, "away": {"team": "NANKATSU", "coach": "Al"}}
    )
    assert GAME.sides(made) == ("toho", "nankatsu")
    assert GAME.side_labels(made) == {"nankatsu": "Nankatsu (Al)", "toho": "Toho (Bob)"}
    assert made.bank_cap == 5
    assert made.variant == "standard"


def test_cg_2_setup_lists_every_problem_at_once() -> None:
    with pytest.raises(SetupError) as raised:
        GAME.make_setup(
            {
                "home": {"team": "Toho", "coach": " "},
                "away": {"team": "Toho", "coach": "Bob"},
                "variant": "short",
                "options": ["golden-goal"],
                "settings": {"bank-cap": "lots"},
            }
        )
    problems = " | ".join(raised.value.problems)
    assert "coach needs a name" in problems
    assert "both seats name Toho" in problems
    assert "variant" in problems
    assert "golden-goal" in problems
    assert "bank-cap" in problems
    assert len(raised.value.problems) == 5


def test_cg_2_a_team_must_be_nankatsu_or_toho() -> None:
    with pytest.raises(SetupError, match="Nankatsu or Toho"):
        GAME.make_setup(
            {"home": {"team": "Meiwa", "coach": "A"}, "away": {"team": "Toho", "coach": "B"}}
        )


def test_cg_2_4_each_coach_starts_with_12_cards_in_a_face_down_deck() -> None:
    state = new_match()
    for side in ("nankatsu", "toho"):
        coach = state.coach(side)
        assert (coach.deck, coach.hand, coach.owned) == (12, 0, 12)
    assert state.phase == "toss"
    assert state.fatigue_supply == 8


def test_cg_2_3_banks_start_empty() -> None:
    bank = new_match().nankatsu.bank
    assert (bank.shot, bank.pass_, bank.defense) == (0, 0, 0)


def test_cg_2_5_first_match_removes_fans_and_fatigue() -> None:
    state = new_match("first-match")
    assert state.nankatsu.deck == 11
    assert state.fatigue_supply == 0
