"""The import page: a match file uploaded or pasted becomes a match, with the same per-line
errors as `touchline match import` and the API (a broken file imports nothing and the error
names its line), `verify`, the league choice and the "already imported" answer; importing into
a league is its organizer's."""

from __future__ import annotations

import io
import re

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.links import organizer_token
from tests.opening import OPENING, record_text
from tests.schemas.files import by_hand
from tests.web.conftest import post_form

LEAGUE = "Spring Cup 2027"
ALICE = Author("alice", "2026-11-29T20:00:00+00:00")


@pytest.fixture
def exported(client: FlaskClient, service: Touchline, match_id: str) -> str:
    """The opening (a goal for Toho) as its match file."""
    for line in OPENING:
        record_text(service, match_id, line, ALICE)
    text: str = client.get(f"/api/matches/{match_id}/export").get_data(as_text=True)
    return text


def problem_at(html: str, field: str) -> str:
    found = re.search(rf'<span class="field-problem" id="{field}-problem">([^<]*)</span>', html)
    assert found, f"no problem under {field}"
    return found.group(1)


def upload(client: FlaskClient, text: str, **fields: str) -> object:
    data = {"file": (io.BytesIO(text.encode("utf-8")), "opening.touchline"), **fields}
    return post_form(client, "/matches/import", data, content_type="multipart/form-data")


def count(service: Touchline) -> int:
    return len(service.list_matches())


def ids(service: Touchline) -> set[str]:
    return {summary.id for summary in service.list_matches()}


def test_an_uploaded_file_becomes_a_match_and_the_importer_may_score_it(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    assert "Import a match file" in client.get("/matches/import").get_data(as_text=True)
    before = ids(service)
    answer = upload(client, exported, into="none", by="Zoe")
    # A redirect to the new match: reloading the page cannot import the file twice.
    assert answer.status_code == 303  # type: ignore[attr-defined]
    (new,) = ids(service) - before
    assert answer.headers["Location"] == f"/matches/{new}"  # type: ignore[attr-defined]
    html = client.get(f"/matches/{new}").get_data(as_text=True)
    assert "Imported: 11 lines, 11 entries in force, in no league." in html
    # The notice the API and the CLI give: where the file came from.
    (original,) = before
    assert f"exported from match {original} of this store" in html
    assert service.get_match(new).imported is not None
    # The importer's browser holds a scorer link of the new match, as on creating one.
    assert client.get(f"/matches/{new}/live").status_code == 200


def test_pasted_text_with_a_browsers_line_breaks_imports_checked(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    answer = post_form(
        client, "/matches/import", {"text": exported.replace("\n", "\r\n"), "verify": "yes"}
    )
    assert answer.status_code == 303, answer.get_data(as_text=True)
    assert count(service) == 2


def test_a_broken_line_imports_nothing_and_is_named(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    broken = by_hand(exported).replace("roll coach=toho value=5", "roll coach=toho value=9")
    api = client.post("/api/matches/import", data=broken, content_type="text/plain")
    answer = upload(client, broken)
    assert answer.status_code == 400  # type: ignore[attr-defined]
    message = problem_at(answer.get_data(as_text=True), "file")  # type: ignore[attr-defined]
    assert message.startswith("line 32: CG-5.4: a die shows 1 to 6")
    assert message.endswith("nothing was imported")
    # Word for word what the API says.
    assert api.get_json()["message"] == message
    assert count(service) == 1


def test_verify_refuses_an_edited_line(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    # Line 3 of the match edited by hand (its end line emptied, so that its checksum no
    # longer speaks for it): only the chain can still tell.
    edited = by_hand(exported.replace("\n3 by=alice", "\n3 by=bob"))
    line = exported.splitlines().index(
        next(x for x in exported.splitlines() if x.startswith("3 by="))
    )
    answer = upload(client, edited, verify="yes")
    assert answer.status_code == 400  # type: ignore[attr-defined]
    message = problem_at(answer.get_data(as_text=True), "file")  # type: ignore[attr-defined]
    assert f"line {line + 1} was edited after export" in message
    assert count(service) == 1
    # Without verify it imports, the chain's break noted.
    assert upload(client, edited).status_code == 303  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({}, "file", "upload a match file or paste one"),
        ({"text": "x", "into": "somewhere"}, "into", "choose the league the file names"),
        ({"text": "not a match file"}, "file", "nothing was imported"),
    ],
)
def test_bad_input_is_shown_at_its_field(
    client: FlaskClient, service: Touchline, fields: dict[str, str], field: str, message: str
) -> None:
    answer = post_form(client, "/matches/import", fields)
    assert answer.status_code == 400
    assert message in problem_at(answer.get_data(as_text=True), field)
    assert count(service) == 0


def test_a_file_larger_than_the_bound_is_refused(client: FlaskClient, service: Touchline) -> None:
    answer = upload(client, "x" * (2 * 1024 * 1024 + 1))
    assert answer.status_code == 413  # type: ignore[attr-defined]
    message = problem_at(answer.get_data(as_text=True), "file")  # type: ignore[attr-defined]
    assert message.startswith("the file holds more than 2,097,152 bytes (2 MiB)")
    assert count(service) == 0


def test_into_a_league_needs_its_organizer(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    service.create_league(LEAGUE, "card-game", ALICE)
    answer = upload(client, exported, into=f"league:{LEAGUE}")
    assert answer.status_code == 403  # type: ignore[attr-defined]
    html = answer.get_data(as_text=True)  # type: ignore[attr-defined]
    assert "only the organizer of league &#39;Spring Cup 2027&#39;" in problem_at(html, "into")
    assert count(service) == 1

    client.get(f"/in/{organizer_token(LEAGUE)}")
    before = ids(service)
    assert upload(client, exported, into=f"league:{LEAGUE}").status_code == 303  # type: ignore[attr-defined]
    (new,) = ids(service) - before
    assert service.get_match(new).league == LEAGUE


def test_the_import_names_the_organizers_link_it_was_made_through(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    service.create_league(LEAGUE, "card-game", ALICE)
    token = organizer_token(LEAGUE)
    client.get(f"/in/{token}")
    before = ids(service)
    assert upload(client, exported, into=f"league:{LEAGUE}").status_code == 303  # type: ignore[attr-defined]
    (new,) = ids(service) - before
    imported = service.get_match(new).imported
    assert imported is not None
    grant = service.grant_of(token)
    assert grant is not None
    assert (imported.importer.by, imported.importer.link) == (grant.person, grant.link)


def test_an_import_outside_any_league_by_nobody_named_is_anonymous(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    before = ids(service)
    assert upload(client, exported, into="none").status_code == 303  # type: ignore[attr-defined]
    (new,) = ids(service) - before
    imported = service.get_match(new).imported
    assert imported is not None
    assert (imported.importer.by, imported.importer.link) == ("anonymous", None)


def test_an_unknown_league_is_named_at_the_league_field(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    client.get(f"/in/{organizer_token('Nowhere')}")
    answer = upload(client, exported, into="league:Nowhere")
    assert answer.status_code == 404  # type: ignore[attr-defined]
    assert "no league called" in problem_at(answer.get_data(as_text=True), "into")  # type: ignore[attr-defined]
    assert count(service) == 1


def test_a_match_the_league_counts_already_links_to_it(
    client: FlaskClient, service: Touchline, exported: str
) -> None:
    service.create_league(LEAGUE, "card-game", ALICE)
    client.get(f"/in/{organizer_token(LEAGUE)}")
    before = ids(service)
    first = upload(client, exported, into=f"league:{LEAGUE}")
    assert first.status_code == 303  # type: ignore[attr-defined]
    (imported_as,) = ids(service) - before
    again = upload(client, exported, into=f"league:{LEAGUE}")
    assert again.status_code == 409  # type: ignore[attr-defined]
    html = again.get_data(as_text=True)  # type: ignore[attr-defined]
    assert "nothing was imported" in problem_at(html, "file")
    assert f'<a href="/matches/{imported_as}">Open the match it was imported as</a>' in html
    assert count(service) == 2
