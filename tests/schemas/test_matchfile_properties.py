"""Property: any legal match, exported as a match file and imported again, is the same match
entry for entry — including undone entries and their retractions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.match import Author, MatchRecord
from domain.registry import find_ruleset
from schemas.matchfile import dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from tests.domain.card_game.cg_strategies import matches as card_games
from tests.domain.king_of_the_pitch.kp_strategies import games as king_games
from tests.domain.tcg.tcg_strategies import matches as tcg_matches

AUTHOR = Author("alice", "2026-11-29T21:00:00+00:00", "phone 1")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Touchline]:
    path = tmp_path_factory.mktemp("store") / "touchline.sqlite3"
    application = Touchline(settings_for_url(f"sqlite:///{path}"))
    yield application
    application.close()


def _in_memory(
    ruleset: str, setup: Any, entries: list[Any], undos: list[bool], notes: list[str | None]
) -> MatchRecord:
    rules = find_ruleset(ruleset)
    match = MatchRecord(ruleset, rules.setup_to_dict(setup), AUTHOR.by, AUTHOR.at)
    for number, (action, undo, note) in enumerate(zip(entries, undos, notes, strict=True)):
        line = match.record(rules.action_to_dict(action), AUTHOR, key=f"k{number}")
        if note is not None:
            match.annotate(int(line["number"]), note, AUTHOR)
        if undo:
            # Retract and enter it again: the log keeps both, the game is unchanged.
            match.undo(AUTHOR)
            match.record(rules.action_to_dict(action), AUTHOR)
    return match


def round_trip(app: Touchline, ruleset: str, match: Any, data: Any) -> None:
    setup, entries = match
    size = len(entries)
    undos = data.draw(st.lists(st.booleans(), min_size=size, max_size=size))
    # Remarks of any text a person could type, line breaks, quotes and backslashes included.
    remark = st.text(min_size=1, max_size=30).filter(lambda text: text.strip() == text != "")
    notes = data.draw(st.lists(st.none() | remark, min_size=size, max_size=size))
    original = _in_memory(ruleset, setup, entries, undos, notes)
    text = dumps(original, "2026-11-29T23:00:00+00:00")
    parsed = loads(text)
    imported = app.load_record(
        app.import_log(parsed.ruleset, parsed.setup, AUTHOR, parsed.lines).id
    )
    assert imported.log == original.log
    assert imported.game == original.game
    assert dumps(imported, "x").split("\n\n", 1)[1] == text.split("\n\n", 1)[1]


def examples(count: int) -> Any:
    # A TCG match needs dozens of entries before its first move (placing 22 players).
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )


@examples(20)
@given(match=card_games(), data=st.data())
def test_a_card_game_match_survives_export_and_import(
    app: Touchline, match: Any, data: Any
) -> None:
    round_trip(app, "card-game", match, data)


@examples(20)
@given(match=king_games(), data=st.data())
def test_a_king_of_the_pitch_game_survives_export_and_import(
    app: Touchline, match: Any, data: Any
) -> None:
    round_trip(app, "king-of-the-pitch", match, data)


# TCG matches run to hundreds of entries each; a few of them cover the format well.
@examples(5)
@given(match=tcg_matches(), data=st.data())
def test_a_tcg_match_survives_export_and_import(app: Touchline, match: Any, data: Any) -> None:
    round_trip(app, "tcg", match, data)
