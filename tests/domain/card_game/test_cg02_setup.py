"""CG-2 set-up: match settings, the variant, the bank, the starting piles."""

import pytest
from cg_helpers import GAME, end_half, new_match, play, setup

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


def test_cg_1_2_cg_2_1_each_half_deals_12_of_its_13_match_cards() -> None:
    # CG-1.2: 13 "1st Half" and 13 "2nd Half" Match cards, and 8 Fatigue cards; CG-2.1 (rulebook:
    # "shuffle both decks of 13 cards separately and discard 1 randomly from each of them,
    # placing them in the game box without looking at them"): 4 on the Pitch, 8 hidden.
    state, _ = play(new_match(), "toss nankatsu", "kickoff nankatsu")
    assert (state.match_deck.pitch, state.match_deck.hidden) == (4, 8)
    assert state.fatigue_supply == 8
    state, _ = end_half(state)
    assert state.period == 2 and (state.match_deck.pitch, state.match_deck.hidden) == (4, 8)


def test_cg_2_3_banks_start_empty() -> None:
    bank = new_match().nankatsu.bank
    assert (bank.shot, bank.pass_, bank.defense) == (0, 0, 0)


def test_cg_2_5_first_match_removes_fans_and_fatigue() -> None:
    state = new_match("first-match")
    assert state.nankatsu.deck == 11
    assert state.fatigue_supply == 0
