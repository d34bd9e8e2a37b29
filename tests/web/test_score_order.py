"""Lists write a match's title and score in one order: home first.

Home Toho v away Nankatsu once read "Nankatsu (Alice) vs Toho (Bob) 1–0" after Toho's goal:
the title in the teams' order, the score in the seats' order.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from tests.opening import OPENING

ALICE = Author("alice", "2026-11-29T21:00:00+00:00")
TOHO_AT_HOME = {
    "home": {"team": "Toho", "coach": "Bob"},
    "away": {"team": "Nankatsu", "coach": "Alice"},
}
LISTED = "Toho (Bob) vs Nankatsu (Alice)"


def test_every_list_shows_the_home_side_first_in_title_and_score(
    app: Flask, client: FlaskClient
) -> None:
    service: Touchline = app.extensions["touchline"]
    service.create_league("Cup", "card-game", ALICE)
    match = service.create_match("card-game", TOHO_AT_HOME, ALICE, league="Cup")
    for line in OPENING:  # Toho kick off and score the first goal
        service.record(match.id, parse_entry("card-game", line), ALICE)

    assert match.title == LISTED
    listed = client.get("/api/matches").get_json()
    assert [(m["title"], m["score"]) for m in listed] == [(LISTED, "1–0")]
    for page in ("/", "/leagues/Cup"):
        html = client.get(page).get_data(as_text=True)
        assert re.search(rf"{re.escape(LISTED)}.*?1–0", html, re.DOTALL), page
        assert "Nankatsu (Alice) vs Toho (Bob)" not in html
    assert [s.title for s in service.list_matches()] == [LISTED]
