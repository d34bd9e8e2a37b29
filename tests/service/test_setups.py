"""Assembling a setup from the pieces the command line and the new-match form collect."""

from __future__ import annotations

import pytest

from domain.registry import find_ruleset
from service.errors import BadInput
from service.setups import (
    SetupPieces,
    parse_settings,
    put,
    seat,
    setup_from,
)
from service.team_list_text import team_list_from_text


def test_two_seats_options_and_settings() -> None:
    pieces = SetupPieces(
        home=seat("Nankatsu", " Alice "),
        away=seat("Toho", "Bob"),
        variant="first-match",
        options=["motivation", "motivation"],
        settings=["bank-cap=none"],
    )
    assert setup_from(pieces) == {
        "home": {"team": "Nankatsu", "coach": "Alice"},
        "away": {"team": "Toho", "coach": "Bob"},
        "variant": "first-match",
        "options": ["motivation"],
        "settings": {"bank-cap": "none"},
    }


def test_king_of_the_pitch_shortcuts_become_an_option_and_a_setting() -> None:
    setup = setup_from(SetupPieces(teams=[seat("blue", "A"), seat("red", "B")]))
    declared = {f.cli: f for f in find_ruleset("king-of-the-pitch").setup_form.fields if f.cli}
    put(setup, declared["captains"], True)
    put(setup, declared["crowns"], 3)
    assert setup == {
        "teams": [{"team": "blue", "coach": "A"}, {"team": "red", "coach": "B"}],
        "options": ["captains"],
        "settings": {"crowns": "3"},
    }


@pytest.mark.parametrize("pair", ["bank-cap", "=5"])
def test_a_setting_needs_a_name_and_an_equals_sign(pair: str) -> None:
    with pytest.raises(BadInput, match="NAME=VALUE"):
        parse_settings([pair])


def test_a_team_list_is_read_from_toml_text() -> None:
    assert team_list_from_text('name = "Nankatsu"', "home") == {"name": "Nankatsu"}
    with pytest.raises(BadInput, match="home is not valid TOML"):
        team_list_from_text("name = [", "home")
