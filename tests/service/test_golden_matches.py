"""The rulebook-scale golden matches, recorded through the service on each store, exported and
imported again: the same result, the same log, entry for entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.match import Author
from schemas.matchfile import dumps, loads
from service.app import Touchline, parse_entry

GOLDEN = Path(__file__).parent.parent / "domain" / "card_game" / "golden"

FULL_MATCH = {
    "home": {"team": "Nankatsu", "coach": "Alice"},
    "away": {"team": "Toho", "coach": "Bob"},
    "options": ["motivation"],
}
FIRST_MATCH = {
    "home": {"team": "Toho", "coach": "Bob"},
    "away": {"team": "Nankatsu", "coach": "Alice"},
    "variant": "first-match",
}
CASES = [
    ("full_match.txt", FULL_MATCH, [["nankatsu"], ["toho"]], {"nankatsu": 3, "toho": 2}),
    ("first_match.txt", FIRST_MATCH, [["toho"], ["nankatsu"]], {"nankatsu": 1, "toho": 2}),
]


def golden_lines(name: str) -> list[str]:
    text = (GOLDEN / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize(("name", "setup", "ranking", "scores"), CASES)
def test_a_golden_match_recorded_exported_and_imported(
    app: Touchline, alice: Author, name: str, setup: dict, ranking: list, scores: dict
) -> None:
    match = app.create_match("card-game", setup, alice)
    for line in golden_lines(name):
        app.record(match.id, parse_entry("card-game", line), alice)
    view = app.get_match(match.id)
    assert view.status == "finished"
    assert view.result is not None
    assert view.result["ranking"] == ranking
    assert view.result["scores"] == scores
    assert view.expected == []

    original = app.load_record(match.id)
    parsed = loads(dumps(original, "2026-11-29T23:00:00+00:00"))
    imported = app.load_record(app.import_log(parsed.ruleset, parsed.setup, alice, parsed.lines).id)
    assert imported.log == original.log
    assert imported.game == original.game
    assert app.replay(match.id, len(golden_lines(name))).situation == view.situation
