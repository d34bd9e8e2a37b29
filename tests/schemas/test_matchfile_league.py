"""The match file carries a match's league (header) and its abandonment (a line), both ways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.match import Author
from schemas.matchfile import MatchFileError, dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from service.errors import BadInput, LeagueNotFound
from tests.opening import OPENING, SETUP
from tests.schemas.files import by_hand

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")


@pytest.fixture
def app(sqlite_url: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(sqlite_url))
    yield application
    application.close()


@pytest.fixture
def elsewhere(tmp_path: Path) -> Iterator[Touchline]:
    """Another store, with a league of the same name: where an exported file goes."""
    application = Touchline(settings_for_url(f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"))
    application.create_league("Spring Cup 2027", "card-game", ALICE)
    yield application
    application.close()


def test_league_and_abandonment_round_trip(app: Touchline, elsewhere: Touchline) -> None:
    app.create_league("Spring Cup 2027", "card-game", ALICE)
    match = app.create_match("card-game", SETUP, ALICE, league="Spring Cup 2027")
    for line in OPENING[:4]:
        app.record(match.id, parse_entry("card-game", line), ALICE)
    app.abandon(match.id, ALICE, "the venue closed")
    original = app.load_record(match.id)
    text = dumps(original, "2026-11-29T22:00:00+00:00")
    assert "league: 'Spring Cup 2027'" in text
    assert (
        "5 by=alice at=2026-11-29T21:00:00+00:00 device=test abandon reason='the venue closed'"
        in text
    )
    parsed = loads(text)
    assert parsed.league == "Spring Cup 2027"
    # Here, the league counts the match already (see test_import_provenance.py).
    view = elsewhere.import_log(
        parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE, league=parsed.league
    ).view
    imported = elsewhere.load_record(view.id)
    assert imported.log == original.log
    assert imported.league == "Spring Cup 2027"
    assert view.status == "abandoned"


def test_a_file_naming_an_unknown_league_imports_nothing(app: Touchline) -> None:
    match = app.create_match("card-game", SETUP, ALICE)
    text = dumps(app.load_record(match.id), "2026-11-29T22:00:00+00:00")
    parsed = loads(by_hand(text).replace("created:", "league: Nowhere\ncreated:"))
    with pytest.raises(LeagueNotFound, match="no league called 'Nowhere'"):
        app.import_log(
            parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE, league=parsed.league
        )


def test_an_abandonment_needs_a_reason_and_ends_the_log(app: Touchline) -> None:
    match = app.create_match("card-game", SETUP, ALICE)
    app.record(match.id, parse_entry("card-game", OPENING[0]), ALICE)
    app.abandon(match.id, ALICE, "rain")
    text = dumps(app.load_record(match.id), "2026-11-29T22:00:00+00:00")
    with pytest.raises(MatchFileError, match="abandon reason=WHY"):
        loads(by_hand(text).replace("abandon reason=rain", "abandon"))
    late = by_hand(text).replace(
        "\nend:", "\n3 by=alice at=2026-11-29T21:00:00+00:00 kickoff coach=toho\nend:"
    )
    parsed = loads(late)
    with pytest.raises(BadInput, match=r"line .*abandoned"):
        app.import_log(parsed.ruleset, parsed.setup, parsed.lines, parsed.facts(), ALICE)
