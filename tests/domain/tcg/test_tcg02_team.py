"""TCG-2 team construction: the team list format and the team check, every breach at once."""

from typing import Any

import pytest
from tcg_helpers import GAME, raw_setup, team_data

from domain.ruleset import SetupError
from domain.tcg.team_check import TeamSettings, check_team
from domain.tcg.team_list import TeamListError, parse_team_list, team_list_to_dict


def _check(name: str, scope: str = "whole-team") -> list[str]:
    team = parse_team_list(team_data(name))
    return [str(v) for v in check_team(team, TeamSettings(name_limits=scope))]


@pytest.mark.parametrize("name", ["nankatsu.toml", "toho.toml"])
def test_the_example_team_lists_are_legal(name: str) -> None:
    team = parse_team_list(team_data(name))
    assert len(team.starters) == 11
    assert team.deck_size == 48
    assert check_team(team, TeamSettings()) == ()
    assert check_team(team, TeamSettings(name_limits="deck")) == ()


BREACHES = {
    "breach_deck_size.toml": [
        "TCG-2.1: the deck has 47 cards, not 48",
        "TCG-2.1: the team has 59 cards, not 60",
    ],
    "breach_name_limit.toml": ["TCG-2.2: 4 cards named Tsubasa Ozora in the team; at most 3"],
    "breach_battle_point_7.toml": ["TCG-2.2: 7 cards of Battle Point 7 in the team; at most 6"],
    "breach_battle_point_8.toml": ["TCG-2.2: 9 cards of Battle Point 8 in the team; at most 6"],
    "breach_starter_battle_point.toml": [
        "TCG-2.3: starter Tsubasa Ozora has Battle Point 7; starters need 6 or less"
    ],
    "breach_formation.toml": [
        "TCG-2.3: the formation 4-4-2 needs 4 DF among the starters, not 3",
        "TCG-2.3: the formation 4-4-2 needs 2 FW among the starters, not 3",
    ],
    "breach_coach_in_deck.toml": ["TCG-2.4: Mikami is a coach card in the deck"],
}


@pytest.mark.parametrize(("name", "expected"), sorted(BREACHES.items()))
def test_each_breach_is_reported_with_its_rule(name: str, expected: list[str]) -> None:
    assert _check(name) == expected


def test_every_breach_is_reported_at_once() -> None:
    """TCG-2.1-2.3 together: deck size, name limit, a Battle Point 7 starter, the formation."""
    rules = [line.split(":")[0] for line in _check("breach_many.toml")]
    assert rules == ["TCG-2.1", "TCG-2.1", "TCG-2.2", "TCG-2.3", "TCG-2.3", "TCG-2.3"]


def test_name_limits_may_count_only_the_deck() -> None:
    """TCG-2.2 (open): one Tsubasa Ozora starter and three in the deck pass the 'deck' count."""
    assert _check("breach_name_limit.toml", "deck") == []


def test_a_setup_with_illegal_teams_lists_every_problem_by_side() -> None:
    raw = raw_setup("breach_many.toml", "breach_coach_in_deck.toml")
    with pytest.raises(SetupError) as error:
        GAME.make_setup(raw)
    problems = error.value.problems
    assert sum(p.startswith("home: TCG-2") for p in problems) == 6
    assert problems[-1] == "away: TCG-2.4: Mikami is a coach card in the deck"


def test_malformed_team_lists_name_the_card_and_the_field() -> None:
    data: dict[str, Any] = team_data("nankatsu.toml")
    data["starters"][1]["shot"] = "high"
    data["deck"][0]["position"] = "LB"
    del data["deck"][5]["battle-point"]
    data["deck"][7]["type"] = "trap"
    with pytest.raises(TeamListError) as error:
        parse_team_list(data)
    text = str(error.value)
    assert "starters card 2 (Ryo Ishizaki): shot must be a whole number" in text
    assert "deck card 1 (Tsubasa Ozora): position must be one of GK, DF, MF, FW" in text
    assert "deck card 6 (Nankatsu Reserve DF): battle-point is missing" in text
    assert "deck card 8 (Sanae Nakazawa): type must be one of" in text


def test_a_bad_formation_is_refused() -> None:
    data = team_data("toho.toml")
    data["coach"]["formation"] = "4-4-3"
    with pytest.raises(TeamListError, match="formation must be DF-MF-FW counts"):
        parse_team_list(data)


def test_team_lists_round_trip_through_their_dict_form() -> None:
    team = parse_team_list(team_data("toho.toml"))
    assert parse_team_list(team_list_to_dict(team)) == team


def test_setup_round_trips_and_accepts_settings_as_text() -> None:
    setup = GAME.make_setup(raw_setup(name_limits="Deck", dice_table="single-die"))
    again = GAME.make_setup(GAME.setup_to_dict(setup))
    assert again == setup
    assert GAME.setup_to_dict(setup)["settings"] == {
        "name-limits": "deck",
        "dice-table": "single-die",
        "distance": "king",
        "support": "adjacent",
        "move-limit": "per-move",
    }
    assert GAME.side_labels(setup) == {"home": "Nankatsu (Alice)", "away": "Toho (Bob)"}


def test_unknown_settings_are_refused() -> None:
    with pytest.raises(SetupError, match="distance must be one of king, orthogonal"):
        GAME.make_setup(raw_setup(distance="hex"))
