"""The pages of an imported match say so: the match page, its log, the replay, the list of
matches and the league's page label it "imported", say who imported it from which file, and
show the file's names and times as claimed. A match scored here shows none of it."""

from __future__ import annotations

import hashlib
import html
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from schemas.match_import import import_match_file
from service.app import Touchline
from tests.schemas.files import by_hand
from tests.web.conftest import become_scorer

FULL_MATCH = Path(__file__).parent.parent / "schemas" / "v1" / "card_game_full_match.touchline"
FULL_MATCH_SOURCE = "b2765ff5-2946-44e6-844e-969ad1c2d01f"
CAROL = Author("carol", "2026-11-30T10:00:00+00:00", "cli@club")


@pytest.fixture
def edited() -> bytes:
    """The full match, its entry 31 said to be bob's, and a note of bob's on it: a file
    edited by hand."""
    text = FULL_MATCH.read_text("utf-8").replace(
        "31 by=alice at=2026-11-29T21:00:31+00:00", "31 by=bob at=2026-11-29T21:00:31+00:00"
    )
    note = "157 by=bob at=2026-11-29T21:03:00+00:00 note 31 text='my pass'\n"
    return by_hand(text + note).encode("utf-8")


@pytest.fixture
def imported(service: Touchline, edited: bytes) -> str:
    service.create_league("Cup", "card-game", CAROL)
    return import_match_file(service, edited, CAROL, league="Cup").view.id


def text_of(client: FlaskClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return html.unescape(response.get_data(as_text=True))


def test_the_match_page_says_who_imported_it_from_which_file(
    client: FlaskClient, imported: str, edited: bytes
) -> None:
    page = text_of(client, f"/matches/{imported}")
    assert '<span class="imported-badge">imported</span>' in page
    assert "Imported by <strong>carol</strong>" in page
    assert hashlib.sha256(edited).hexdigest() in page
    assert "unchecked: no export checksum" in page
    assert f"source <code>{FULL_MATCH_SOURCE}</code>" in page
    assert "created by alice (per the file)" in page
    assert "Lines 1 to 157 are as the file says" in page
    entry = page[page.index('id="entry-31"') :]
    entry = entry[: entry.index("</li>")]
    assert 'bob (phone 1) <span class="claimed">per the file</span>' in entry


def test_the_replay_shows_the_import_and_each_entry_as_claimed(
    client: FlaskClient, imported: str
) -> None:
    page = text_of(client, f"/matches/{imported}/replay?at=31")
    assert '<span class="imported-badge">imported</span>' in page
    assert "Imported by <strong>carol</strong>" in page
    assert "Entered by bob at" in page
    assert '<span class="claimed">(per the imported file)</span>' in page
    assert 'my pass <span class="muted">— bob <span class="claimed">(per the file)</span>' in page


def test_the_scoring_page_says_the_match_was_imported(client: FlaskClient, imported: str) -> None:
    become_scorer(client, imported)
    page = text_of(client, f"/matches/{imported}/live")
    assert '</a> <span class="imported-badge">imported</span></h1>' in page


def test_the_lists_label_an_imported_match(client: FlaskClient, imported: str) -> None:
    assert 'class="imported-badge">imported</span>' in text_of(client, "/")
    league = text_of(client, "/leagues/Cup")
    row = league[league.index(f"/matches/{imported}/replay") :]
    assert row[: row.index("</th>")].endswith('<span class="imported-badge">imported</span>')


def test_a_match_scored_here_shows_no_import(client: FlaskClient, match_id: str) -> None:
    for path in ("/", f"/matches/{match_id}", f"/matches/{match_id}/replay"):
        page = text_of(client, path)
        assert "imported" not in page.lower(), path
        assert "per the file" not in page, path
