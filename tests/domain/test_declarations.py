"""What each game declares for the adapters agrees with its own rules: the form's defaults and
choices are values its setup accepts, names do not collide, leagues rank as the game scores."""

from __future__ import annotations

from typing import Any

import pytest

from domain.declarations import CROWNS, GOALS, SetupForm
from domain.registry import find_ruleset, ruleset_names

GAMES = ruleset_names()


def _filled(form: SetupForm) -> dict[str, Any]:
    """The setup the form gives as it opens, once a coach is named for every seat it opens
    filled."""
    seats = {}
    for seat in form.seats:
        team = next(f for f in seat.fields if f.target == ("team",))
        if team.default:
            seats[seat.name] = {"team": team.default, "coach": f"Coach of {seat.name}"}
    setup: dict[str, Any] = {form.listed_as: list(seats.values())} if form.listed_as else seats
    for declared in form.fields:
        if declared.default:
            *path, leaf = declared.target
            node = setup
            for key in path:
                node = node.setdefault(key, {})
            node[leaf] = declared.default
    return setup


@pytest.mark.parametrize("name", [g for g in GAMES if g != "tcg"])
def test_the_forms_defaults_make_a_match(name: str) -> None:
    # (The TCG's seats need team lists, which have no default.)
    rules = find_ruleset(name)
    rules.make_setup(_filled(rules.setup_form))


@pytest.mark.parametrize("name", GAMES)
def test_every_default_is_one_of_its_choices(name: str) -> None:
    for declared in find_ruleset(name).setup_form.all_fields():
        if declared.kind == "choice" and declared.default:
            assert declared.default in declared.values, declared.name


def test_form_names_never_collide() -> None:
    forms = [find_ruleset(name).setup_form for name in GAMES]
    assert len({form.prefix for form in forms}) == len(forms)
    for form in forms:
        names = [f.name for f in form.all_fields()]
        assert len(set(names)) == len(names), form.prefix


def test_leagues_rank_king_of_the_pitch_by_crowns_and_the_others_by_goals() -> None:
    ranking = {name: find_ruleset(name).league_ranking for name in GAMES}
    assert ranking == {"card-game": GOALS, "king-of-the-pitch": CROWNS, "tcg": GOALS}


def test_the_titles_are_the_rulesets_own() -> None:
    assert [find_ruleset(name).title for name in GAMES] == [
        "Captain Tsubasa: The Card Game",
        "King of the Pitch",
        "Captain Tsubasa TCG (2002)",
    ]
