"""`touchline link issue|list|revoke` (issue 12 point 1): the owner hands out one link per
person and withdraws any one of them; a revoked link stops working at once, also on a second
web app on the same store (SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from service.app import Touchline
from service.config import settings_for_url
from tests.cli.conftest import Run
from tests.web.conftest import SECRET
from web import create_app


def _issue(run: Run, *args: str) -> tuple[str, str]:
    """The token and link id `link issue` printed."""
    result = run("link", "issue", *args)
    assert result.exit_code == 0, result.output
    url, described = result.output.splitlines()
    assert url.startswith("http://127.0.0.1:8000/in/")
    return url.rsplit("/", 1)[1], described.split()[1]


def _app(store_url: str) -> Flask:
    return create_app({"DATABASE_URL": store_url, "SECRET_KEY": SECRET, "TESTING": True})


def _write(app: Flask, match_id: str, token: str) -> Any:
    body = {"text": "toss toho", "by": "zoe"}
    headers = {"Authorization": f"Bearer {token}"}
    return app.test_client().post(f"/api/matches/{match_id}/entries", json=body, headers=headers)


def test_issue_list_and_revoke(run: Run, new_match: str, store_url: str) -> None:
    assert run("league", "new", "Cup", "--ruleset", "card-game").exit_code == 0
    _, organizer = _issue(run, "--role", "organizer", "--league", "Cup", "--person", "Olga")
    _, coach = _issue(
        run, "--role", "coach", "--match", new_match, "--side", "toho", "--person", "Bob"
    )
    listed = run("link", "list").output
    assert organizer[:8] in listed and "Olga" in listed and "league Cup" in listed
    assert coach[:8] in listed and "side toho" in listed
    assert coach[:8] not in run("link", "list", "--league", "Cup").output

    revoked = run("link", "revoke", coach[:6], "--reason", "lost his phone")
    assert revoked.exit_code == 0, revoked.output
    assert "revoked" in revoked.output and "lost his phone" in revoked.output
    assert coach[:8] not in run("link", "list").output
    assert "lost his phone" in run("link", "list", "--all").output
    again = run("link", "revoke", coach, "--reason", "twice")
    assert again.exit_code == 1 and "revoked already" in again.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--role", "coach", "--person", "Bob"), "give --league NAME or --match MATCH"),
        (("--role", "scorer", "--league", "Nowhere", "--person", "x"), "no league called"),
        (("--role", "referee", "--match", "zzzz", "--person", "x"), "no match"),
        (("--role", "organizer", "--league", "Cup", "--person", "A\u0007"), "control character"),
    ],
)
def test_a_link_that_cannot_be_issued_exits_1_and_stores_nothing(
    run: Run, new_match: str, args: tuple[str, ...], message: str
) -> None:
    result = run("link", "issue", *args)
    assert result.exit_code == 1 and message in result.output
    assert run("link", "list", "--all").output.strip() == "no links"


def test_a_coach_link_names_a_side_of_the_match(run: Run, new_match: str) -> None:
    result = run("link", "issue", "--role", "coach", "--match", new_match, "--person", "Bob")
    assert result.exit_code == 1 and "one side" in result.output
    result = run(
        "link", "issue", "--role", "coach", "--match", new_match, "--side", "milan", "--person", "B"
    )
    assert result.exit_code == 1 and "no side 'milan'" in result.output


def test_unknown_or_ambiguous_ids_are_refused(run: Run) -> None:
    result = run("link", "revoke", "abc", "--reason", "x")
    assert result.exit_code == 1 and "at least 4 characters" in result.output
    result = run("link", "revoke", "ffffffff", "--reason", "x")
    assert result.exit_code == 1 and "no link" in result.output


def test_a_revoked_link_stops_at_once_on_a_second_app_on_the_same_store(
    run: Run, new_match: str, store_url: str
) -> None:
    """Two web apps (two hosts behind one proxy) share the store; the link is revoked from
    the command line and both refuse it on their next request: nothing is cached."""
    token, link = _issue(run, "--role", "scorer", "--match", new_match, "--person", "Zoe")
    first, second = _app(store_url), _app(store_url)
    try:
        assert _write(first, new_match, token).status_code == 201
        assert run("link", "revoke", link, "--reason", "phone stolen").exit_code == 0
        for app in (second, first):
            answer = _write(app, new_match, token)
            assert answer.status_code == 401, answer.get_json()
        page = second.test_client().get(f"/in/{token}")
        assert page.status_code == 403 and "revoked" in page.get_data(as_text=True)
    finally:
        for app in (first, second):
            app.extensions["touchline"].close()
    service = Touchline(settings_for_url(store_url))
    try:
        log = service.get_match(new_match).log
    finally:
        service.close()
    # Only the write made before the revocation was stored, attributed to the link.
    assert [(line.by, line.link) for line in log] == [("zoe", link)]


def test_the_command_line_records_the_owner_as_its_link(
    run: Run, new_match: str, store_url: str
) -> None:
    assert run("match", "record", new_match, "toss", "winner=toho").exit_code == 0
    service = Touchline(settings_for_url(store_url))
    try:
        assert [line.link for line in service.get_match(new_match).log] == ["owner"]
    finally:
        service.close()
