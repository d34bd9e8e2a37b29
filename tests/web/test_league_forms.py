"""The league forms: a league's organizer creates it and changes its settings from the pages,
with the settings and checks of `touchline league` and the API; a wrong field comes back with
its problem beside it, and a refused or wrong form stores nothing."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from service.app import Touchline
from service.errors import LeagueNotFound
from tests.links import organizer_token
from tests.service.projections.pj_helpers import AUTHOR
from tests.web.conftest import post_form

LEAGUE = "Spring Cup 2027"


def organize(client: FlaskClient, league: str = LEAGUE) -> None:
    """Open an organizer link for `league` (which need not exist yet) in this browser."""
    assert client.get(f"/in/{organizer_token(league)}").status_code in (302, 303)


def problem_at(html: str, field: str) -> str:
    """The problem shown under the form field `field`."""
    found = re.search(rf'<span class="field-problem" id="{field}-problem">([^<]*)</span>', html)
    assert found, f"no problem under {field}"
    return found.group(1)


def create(client: FlaskClient, **fields: str) -> object:
    return post_form(client, "/leagues/new", {"ruleset": "card-game", "name": LEAGUE, **fields})


def no_league(service: Touchline, name: str = LEAGUE) -> bool:
    try:
        service.find_league(name)
    except LeagueNotFound:
        return True
    return False


def test_an_organizer_creates_the_league_from_the_form(
    client: FlaskClient, service: Touchline
) -> None:
    organize(client)
    listing = client.get("/leagues").get_data(as_text=True)
    assert 'href="/leagues/new">New league</a>' in listing
    form = client.get("/leagues/new").get_data(as_text=True)
    # The league this browser may create is offered.
    assert f'value="{LEAGUE}"' in form

    answer = create(client, points="2/1/0", tiebreak="points, wins", by="Olga")
    assert answer.status_code == 303  # type: ignore[attr-defined]
    assert answer.headers["Location"].startswith("/leagues/Spring%20Cup%202027")  # type: ignore[attr-defined]
    league = service.find_league(LEAGUE)
    assert (league.points, league.tiebreak) == ((2, 1, 0), ("points", "wins"))
    assert league.count_unconfirmed is False  # the box was left unticked
    page = client.get(answer.headers["Location"]).get_data(as_text=True)  # type: ignore[attr-defined]
    assert "League created" in page and "Edit settings" in page


def test_an_organizer_link_opens_the_form_until_its_league_exists(
    client: FlaskClient, service: Touchline
) -> None:
    opened = client.get(f"/in/{organizer_token(LEAGUE)}")
    assert opened.headers["Location"] == "/leagues/new"
    service.create_league(LEAGUE, "card-game", AUTHOR)
    again = client.get(f"/in/{organizer_token(LEAGUE)}")
    assert again.headers["Location"] == "/leagues/Spring%20Cup%202027"


def test_empty_fields_take_the_games_defaults(client: FlaskClient, service: Touchline) -> None:
    organize(client, "Crowns")
    answer = post_form(
        client,
        "/leagues/new",
        {"ruleset": "king-of-the-pitch", "name": "Crowns", "count_unconfirmed": "yes"},
    )
    assert answer.status_code == 303
    league = service.find_league("Crowns")
    assert league.points == (10, 6, 4, 2, 1)
    assert league.tiebreak == ("points", "wins", "goals-for")
    assert league.count_unconfirmed is True


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"points": "3/x/0"}, "points", "write points as numbers separated by /, e.g. 3/1/0"),
        ({"points": "3/1"}, "points", "points are win/draw/loss, three numbers such as 3/1/0"),
        ({"points": "3/1/-1"}, "points", "each number of points is from 0 to 1000"),
        ({"tiebreak": "points, luck"}, "tiebreak", "unknown tie-breaker(s) for card-game: luck"),
        ({"tiebreak": "wins, wins"}, "tiebreak", "list each tie-breaker once, at least one"),
        ({"name": "  "}, "name", "a league needs a name"),
        ({"name": "x" * 81}, "name", "a league&#39;s name holds at most 80 characters"),
        ({"ruleset": "chess"}, "ruleset", "choose the game the league&#39;s matches are of"),
    ],
)
def test_bad_input_is_shown_at_its_field_and_nothing_is_stored(
    client: FlaskClient, service: Touchline, fields: dict[str, str], field: str, message: str
) -> None:
    organize(client)
    answer = create(client, **fields)
    assert answer.status_code == 400  # type: ignore[attr-defined]
    html = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert message in problem_at(html, field)
    assert "The league was not created" in html
    assert service.leagues() == []


def test_a_placing_league_takes_points_per_place_only(
    client: FlaskClient, service: Touchline
) -> None:
    organize(client)
    answer = create(client, ruleset="king-of-the-pitch", tiebreak="goal-difference")
    assert answer.status_code == 400  # type: ignore[attr-defined]
    html = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert "unknown tie-breaker(s) for king-of-the-pitch: goal-difference" in problem_at(
        html, "tiebreak"
    )
    assert no_league(service)


@pytest.mark.parametrize("held", [None, "Another Cup"])
def test_without_the_leagues_organizer_link_creating_is_refused(
    client: FlaskClient, service: Touchline, held: str | None
) -> None:
    if held:
        organize(client, held)
    answer = create(client, points="3/1/0")
    assert answer.status_code == 403  # type: ignore[attr-defined]
    html = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert "only the organizer of league &#39;Spring Cup 2027&#39; may create it" in problem_at(
        html, "name"
    )
    assert service.leagues() == []


def test_a_league_that_exists_is_not_created_again(client: FlaskClient, service: Touchline) -> None:
    service.create_league(LEAGUE, "card-game", AUTHOR)
    organize(client)
    answer = create(client, points="1/1/1")
    assert answer.status_code == 409  # type: ignore[attr-defined]
    html = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert "already exists" in problem_at(html, "name")
    assert service.find_league(LEAGUE).points == (3, 1, 0)


@pytest.fixture
def league(service: Touchline) -> str:
    service.create_league(LEAGUE, "card-game", AUTHOR)
    return LEAGUE


def test_the_organizer_changes_the_settings(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    organize(client)
    page = client.get(f"/leagues/{league}").get_data(as_text=True)
    assert 'href="/leagues/Spring%20Cup%202027/settings">Edit settings</a>' in page
    form = client.get(f"/leagues/{league}/settings").get_data(as_text=True)
    assert 'value="3/1/0"' in form
    assert 'name="count_unconfirmed" value="yes" checked' in form

    answer = post_form(
        client, f"/leagues/{league}/settings", {"points": "2/1/0", "tiebreak": "wins, points"}
    )
    assert answer.status_code == 303
    changed = service.find_league(league)
    assert (changed.points, changed.tiebreak) == ((2, 1, 0), ("wins", "points"))
    assert changed.count_unconfirmed is False
    assert "Settings saved" in client.get(answer.headers["Location"]).get_data(as_text=True)


def test_a_bad_setting_changes_nothing(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    organize(client)
    answer = post_form(
        client,
        f"/leagues/{league}/settings",
        {"points": "2/1/0", "tiebreak": "luck", "count_unconfirmed": "yes"},
    )
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert "unknown tie-breaker(s) for card-game: luck" in problem_at(html, "tiebreak")
    assert 'value="2/1/0"' in html  # what was typed comes back
    assert service.find_league(league).points == (3, 1, 0)


@pytest.mark.parametrize("held", [None, "Another Cup"])
def test_without_the_organizer_link_the_settings_are_refused(
    client: FlaskClient, service: Touchline, league: str, held: str | None
) -> None:
    if held:
        organize(client, held)
    assert "Edit settings" not in client.get(f"/leagues/{league}").get_data(as_text=True)
    assert client.get(f"/leagues/{league}/settings").status_code == 403
    answer = post_form(client, f"/leagues/{league}/settings", {"points": "0/0/0"})
    assert answer.status_code == 403
    assert service.find_league(league).points == (3, 1, 0)


def test_the_settings_of_an_unknown_league_are_a_404(client: FlaskClient) -> None:
    assert client.get("/leagues/Nowhere/settings").status_code == 404
