"""The home page, the new-match form for every ruleset, and the page with the scorer link."""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.links import organizer_token
from tests.opening import OPENING, record_text
from tests.web.conftest import csrf_token, post_form, token

TEAMS = Path(__file__).parent.parent / "domain" / "tcg" / "teams"
ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
CARD_GAME = {
    "ruleset": "card-game",
    "cg-home-team": "Nankatsu",
    "cg-home-coach": "Alice",
    "cg-away-team": "Toho",
    "cg-away-coach": "Bob",
    "cg-variant": "standard",
    "cg-bank-cap": "5",
}


def created_id(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 303, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert location.endswith("/created")
    return location.split("/")[2]


def test_home_lists_live_and_finished_matches_and_leagues(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    finished = service.create_match("card-game", {**_setup(), "variant": "first-match"}, ALICE)
    service.abandon(finished.id, ALICE, "the pub closed")
    service.create_league("Spring Cup", "card-game", ALICE)
    page = client.get("/").get_data(as_text=True)
    live_part, finished_part = page.split("Recently finished")
    assert f"/matches/{match_id}" in live_part
    assert f"/matches/{finished.id}" in finished_part and "abandoned" in finished_part
    assert "Nankatsu (Alice) vs Toho (Bob)" in live_part
    assert "Spring Cup" in page
    assert 'href="/matches/new"' in page


def test_the_form_offers_every_ruleset_and_the_leagues(
    client: FlaskClient, service: Touchline
) -> None:
    service.create_league("Kings Cup", "king-of-the-pitch", ALICE)
    page = client.get("/matches/new").get_data(as_text=True)
    for ruleset in ("card-game", "king-of-the-pitch", "tcg"):
        assert f'value="{ruleset}"' in page
    assert 'data-ruleset="king-of-the-pitch"' in page and "Kings Cup" in page
    assert 'name="tcg-home-file"' in page and 'name="kp-captains"' in page


def test_a_card_game_is_created_and_its_creator_sees_the_scorer_link_and_qr(
    client: FlaskClient, service: Touchline
) -> None:
    response = post_form(
        client, "/matches/new", {**CARD_GAME, "cg-options": "motivation", "scorer": "Zoe"}
    )
    match_id = created_id(response)
    view = service.get_match(match_id)
    assert view.labels == {"nankatsu": "Nankatsu (Alice)", "toho": "Toho (Bob)"}
    assert view.setup["options"] == ["motivation"]
    page = client.get(f"/matches/{match_id}/created").get_data(as_text=True)
    link = re.search(r'value="http://localhost(/in/[A-Za-z0-9_-]{32})"', page)
    assert link is not None
    # The link is a scorer link of this match: another browser opening it may score.
    other = client.application.test_client()
    assert other.get(link[1]).headers["Location"] == f"/matches/{match_id}/live"
    assert "<svg" in page and f"/matches/{match_id}/qr.svg" in page
    qr = client.get(f"/matches/{match_id}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert qr.get_data(as_text=True).startswith("<svg")
    assert "Zoe" in client.get(f"/matches/{match_id}/live").get_data(as_text=True)


def test_another_browser_sees_neither_the_scorer_link_nor_the_qr(app, client: FlaskClient) -> None:  # type: ignore[no-untyped-def]
    match_id = created_id(post_form(client, "/matches/new", CARD_GAME))
    stranger = app.test_client()
    for path in (f"/matches/{match_id}/created", f"/matches/{match_id}/qr.svg"):
        response = stranger.get(path)
        assert response.status_code == 403
        assert token(match_id) not in response.get_data(as_text=True)


def test_a_bad_card_game_form_answers_400_with_the_problems_and_keeps_the_input(
    client: FlaskClient, service: Touchline
) -> None:
    data = {**CARD_GAME, "cg-away-team": "Nankatsu", "cg-away-coach": "", "cg-bank-cap": "lots"}
    response = post_form(client, "/matches/new", data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "both seats name Nankatsu" in page
    assert "away: the coach needs a name" in page
    assert "bank-cap must be a whole number" in page
    assert 'value="Alice"' in page and 'value="lots"' in page
    assert service.list_matches() == []


def test_king_of_the_pitch_with_three_teams_captains_refused_and_crowns(
    client: FlaskClient, service: Touchline
) -> None:
    data = {
        "ruleset": "king-of-the-pitch",
        "kp-colour-1": "blue",
        "kp-coach-1": "Alice",
        "kp-colour-2": "green",
        "kp-coach-2": "Bob",
        "kp-colour-3": "red",
        "kp-coach-3": "Chen",
        "kp-crowns": "3",
    }
    refused = post_form(client, "/matches/new", {**data, "kp-captains": "yes"})
    assert refused.status_code == 400
    assert "the captains option needs 4 or 5 teams" in refused.get_data(as_text=True)
    assert 'value="Chen"' in refused.get_data(as_text=True)
    match_id = created_id(post_form(client, "/matches/new", data))
    view = service.get_match(match_id)
    assert [seat["team"] for seat in view.setup["teams"]] == ["blue", "green", "red"]
    assert view.setup["settings"]["crowns"] == "3"


def test_a_seat_with_a_colour_but_no_coach_is_named(client: FlaskClient) -> None:
    data = {"ruleset": "king-of-the-pitch", "kp-colour-1": "blue", "kp-coach-1": "Alice"}
    page = post_form(client, "/matches/new", {**data, "kp-colour-2": "green"})
    assert page.status_code == 400
    assert "seat 2: give both the team&#39;s colour and its coach" in page.get_data(as_text=True)


def test_tcg_from_a_pasted_list_and_an_uploaded_file(
    client: FlaskClient, service: Touchline
) -> None:
    data = {
        "ruleset": "tcg",
        "tcg-home-coach": "Alice",
        "tcg-away-coach": "Bob",
        "tcg-home-list": (TEAMS / "nankatsu.toml").read_text("utf-8"),
        "tcg-away-file": ((TEAMS / "toho.toml").open("rb"), "toho.toml"),
        "tcg-distance": "orthogonal",
        "tcg-support": "same-area",
    }
    response = post_form(client, "/matches/new", data, content_type="multipart/form-data")
    view = service.get_match(created_id(response))
    assert view.title == "Nankatsu (Alice) vs Toho (Bob)"
    assert view.setup["settings"]["distance"] == "orthogonal"
    # TCG-7.5 and TCG-6.2: the settings the form left alone take the source's readings.
    assert view.setup["settings"]["support"] == "same-area"
    assert view.setup["settings"]["move-limit"] == "per-move"


def test_the_new_match_page_offers_the_tcg_support_and_move_limit_settings(
    client: FlaskClient,
) -> None:
    """TCG-7.5 support and TCG-6.2 move-limit, drawn from the setup form, defaults chosen."""
    page = client.get("/matches/new").get_data(as_text=True)
    for name, default in (("tcg-support", "adjacent"), ("tcg-move-limit", "per-move")):
        select = re.search(rf'<select[^>]*name="{name}".*?</select>', page, re.S)
        assert select is not None, name
        assert f'<option value="{default}" selected>' in select.group(0), name


def test_a_team_list_breaking_tcg_2_is_refused_with_its_rule(client: FlaskClient) -> None:
    data = {
        "ruleset": "tcg",
        "tcg-home-coach": "Alice",
        "tcg-away-coach": "Bob",
        "tcg-home-list": (TEAMS / "breach_deck_size.toml").read_text("utf-8"),
        "tcg-away-list": (TEAMS / "toho.toml").read_text("utf-8"),
    }
    response = post_form(client, "/matches/new", data)
    assert response.status_code == 400
    assert "home: TCG-2" in response.get_data(as_text=True)


def test_a_team_list_that_is_not_toml_is_refused_and_kept(client: FlaskClient) -> None:
    data = {
        "ruleset": "tcg",
        "tcg-home-coach": "Alice",
        "tcg-away-coach": "Bob",
        "tcg-away-list": "name = [unclosed",
    }
    page = post_form(client, "/matches/new", data).get_data(as_text=True)
    assert "home: paste or upload the team list" in page
    assert "the away team list is not valid TOML" in page
    assert "name = [unclosed" in page


def test_a_league_of_another_ruleset_is_refused(client: FlaskClient, service: Touchline) -> None:
    service.create_league("Kings Cup", "king-of-the-pitch", ALICE)
    client.get(f"/in/{organizer_token('Kings Cup')}")
    client.get(f"/in/{organizer_token('Spring Cup')}")
    response = post_form(client, "/matches/new", {**CARD_GAME, "league": "Kings Cup"})
    assert response.status_code == 400
    assert "is for king-of-the-pitch matches, not card-game" in response.get_data(as_text=True)
    service.create_league("Spring Cup", "card-game", ALICE)
    match_id = created_id(post_form(client, "/matches/new", {**CARD_GAME, "league": "Spring Cup"}))
    assert match_id in {m.id for m in service.list_matches()}


def test_an_unknown_league_is_404_with_the_form_again(client: FlaskClient) -> None:
    client.get(f"/in/{organizer_token('Nowhere')}")
    response = post_form(client, "/matches/new", {**CARD_GAME, "league": "Nowhere"})
    assert response.status_code == 404
    assert "no league called &#39;Nowhere&#39;" in response.get_data(as_text=True)
    assert 'name="league"' in response.get_data(as_text=True)


def test_no_game_chosen_is_a_400(client: FlaskClient) -> None:
    response = post_form(client, "/matches/new", {"ruleset": "chess"})
    assert response.status_code == 400
    assert "choose the game to record" in response.get_data(as_text=True)


def test_a_form_without_its_csrf_token_creates_nothing(
    client: FlaskClient, service: Touchline
) -> None:
    csrf_token(client)
    response = client.post("/matches/new", data=CARD_GAME)
    assert response.status_code == 400
    assert service.list_matches() == []


def test_the_match_count_on_home_follows_entries(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for line in OPENING[:2]:
        record_text(service, match_id, line, ALICE)
    assert "2 entries" in client.get("/").get_data(as_text=True)


def _setup() -> dict[str, object]:
    return {
        "home": {"team": "Nankatsu", "coach": "Alice"},
        "away": {"team": "Toho", "coach": "Bob"},
    }


def test_a_match_in_a_league_needs_its_organizer_and_the_form_says_so(
    client: FlaskClient, service: Touchline
) -> None:
    service.create_league("Spring Cup", "card-game", ALICE)
    response = post_form(client, "/matches/new", {**CARD_GAME, "league": "Spring Cup"})
    assert response.status_code == 403
    page = response.get_data(as_text=True)
    assert "only the organizer of league &#39;Spring Cup&#39; may create a match in it" in page
    assert 'name="league"' in page and service.list_matches() == []
    # Without the league, anyone may: a friendly.
    created_id(post_form(client, "/matches/new", CARD_GAME))
