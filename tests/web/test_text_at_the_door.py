"""Text that would break an installation is refused at the door, on either store; text an
earlier release let in is shown, never a reason for the read side to fail.

On PostgreSQL one coach called "A\\u0000" used to take every listing, the health check and the
projections down for good: the log is append-only and a text column cannot hold NUL.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

import domain.match
from domain.match import Author, MatchRecord
from service.app import Touchline
from service.entries import parse_entry
from service.projections import projector_for
from tests.links import use
from tests.opening import OPENING, SETUP
from tests.web.api_support import create, enter, scorer
from tests.web.conftest import SECRET
from web import create_app

WHEN = "2026-11-29T21:00:00+00:00"


@pytest.fixture
def app(store_url: str) -> Iterator[Flask]:
    application = use(
        create_app({"DATABASE_URL": store_url, "SECRET_KEY": SECRET, "TESTING": True})
    )
    yield application
    application.extensions["touchline"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _matches(client: FlaskClient) -> list[object]:
    answer = client.get("/api/matches")
    assert answer.status_code == 200
    return list(answer.get_json())


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("coach", "A\u0000", "setup.home.coach"),
        ("coach", "x" * 100_000, "setup.home.coach holds at most 80"),
        ("coach", "Al\u202eice", "setup.home.coach holds the control character U+202E"),
    ],
)
def test_a_new_match_with_a_bad_name_is_400_and_stores_nothing(
    client: FlaskClient, field: str, value: str, named: str
) -> None:
    home = {**SETUP["home"], field: value}
    answer = create(client, setup={**SETUP, "home": home})
    assert answer.status_code == 400, answer.get_json()
    assert named in answer.get_json()["message"]
    assert _matches(client) == []
    assert client.get("/healthz").status_code == 200


def test_a_bad_scorer_name_or_card_is_400_and_stores_nothing(client: FlaskClient) -> None:
    assert create(client, by="bob\u0000").status_code == 400
    match_id = create(client).get_json()["match"]["id"]
    for line in OPENING[:4]:
        assert enter(client, match_id, line).status_code == 201
    before = client.get(f"/api/matches/{match_id}").get_json()["version"]
    card = enter(client, match_id, "play toho x shot=3 pass=0 defense=0", action=None)
    assert card.status_code == 201  # a plain name is fine
    bad = client.post(
        f"/api/matches/{match_id}/entries",
        json={"action": {"kind": "play", "coach": "nankatsu", "card": "Ts\u0000ubasa"}, "by": "a"},
        headers=scorer(match_id),
    )
    assert bad.status_code == 400 and "play: card" in bad.get_json()["message"]
    note = client.post(
        f"/api/matches/{match_id}/annotations",
        json={"on": 1, "text": "bad\u0000note", "by": "a"},
        headers=scorer(match_id),
    )
    assert note.status_code == 400
    assert client.get(f"/api/matches/{match_id}").get_json()["version"] == before + 1


def test_a_league_name_with_a_control_character_is_refused(app: Flask) -> None:
    from service.errors import BadInput

    service: Touchline = app.extensions["touchline"]
    with pytest.raises(BadInput, match="league's name holds the control character U\\+0000"):
        service.create_league("Cup\u00002027", "card-game", Author("alice", WHEN))
    with pytest.raises(BadInput, match="at most 80"):
        service.create_league("C" * 81, "card-game", Author("alice", WHEN))


def test_text_stored_by_an_earlier_release_does_not_stop_the_read_side(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service: Touchline = app.extensions["touchline"]
    # What an earlier release stored: the checks at the door did not exist then.
    with monkeypatch.context() as earlier_release:
        earlier_release.setattr(domain.match, "check_setup_text", lambda setup: None)
        earlier_release.setattr(domain.match, "_check_action_text", lambda action: None)
        earlier_release.setattr(Author, "checked", lambda self: self)
        home = {"team": "Nankatsu", "coach": "A\u0000"}
        match = MatchRecord.start("card-game", {**SETUP, "home": home}, Author("b\u0000b", WHEN))
        for line in OPENING[:4]:
            match.record(parse_entry("card-game", line), Author("b\u0000b", WHEN))
        match.record(
            {"kind": "play", "coach": "toho", "card": "Kojiro\u0000Hyuga", "shot": 3},
            Author("b\u0000b", WHEN),
        )
        service.save(match)

    for path in ("/healthz", "/", "/api/matches", "/stats", "/stats/dice", f"/matches/{match.id}"):
        assert client.get(path).status_code == 200, path
    assert len(_matches(client)) == 1
    assert "Nankatsu (A\ufffd)" in client.get("/api/matches").get_json()[0]["title"]
    projector_for(service).rebuild()
    assert all(status.lag == 0 for status in projector_for(service).status())
    assert service.get_match(str(match.id)).setup["home"]["coach"] == "A\u0000"
