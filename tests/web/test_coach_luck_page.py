"""A coach's statistics page shows their luck per game and per league (docs/analysis.md)."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, record_text

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")


def test_the_coach_page_shows_the_luck_of_their_dice(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    page = client.get("/stats/coaches/Bob").get_data(as_text=True)
    assert 'id="luck-title">Luck</h2>' in page
    assert "<strong>+0.17 goals</strong> over 1 match" in page
    assert "Dice only" in page
    assert "Outside any league: +0.17 goals over 1 match</li>" in page
