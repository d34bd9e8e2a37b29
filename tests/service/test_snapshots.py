"""Snapshots (service/snapshots.py): taken at doubling intervals, only the latest kept, and a
match loaded from them is the very match its events make, folded afresh."""

from __future__ import annotations

from typing import Any

import pytest

from domain.log import to_data
from domain.match import Author, MatchRecord
from service.app import Touchline
from service.config import settings_for_url
from service.snapshots import interval_at, snapshot_due
from tests.service.test_replay_steps import stored
from tests.service.test_timeline import GOLDEN


def test_the_interval_doubles_as_the_match_grows() -> None:
    assert [interval_at(v) for v in (1, 799, 800, 1599, 1600, 3200, 6400)] == [
        50,
        50,
        100,
        100,
        200,
        400,
        800,
    ]
    due = [v for v in range(1, 2001) if snapshot_due([v])]
    assert due[:3] == [50, 100, 150] and due[15:18] == [800, 900, 1000]
    assert due[-3:] == [1600, 1800, 2000] and len(due) == 15 + 8 + 3
    assert snapshot_due(range(40, 60)) and not snapshot_due(range(801, 900))


def from_events_only(app: Touchline, match_id: str) -> MatchRecord:
    """The match its stored events make, without any snapshot, its game folded afresh."""
    match: Any = None
    for event in app.events.get(app.resolve(match_id)):
        match = event.mutate(match)
    assert isinstance(match, MatchRecord)
    return match


def seen(match: MatchRecord) -> tuple[Any, ...]:
    return (
        match.version,
        [to_data(line) for line in match.log],
        dict(match.keys),
        match.seal,
        match.state_at(None),
    )


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_a_match_loaded_from_its_latest_snapshot_equals_a_fresh_fold(
    store_url: str, alice: Author, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # Snapshot often, so that every golden match has several and loads from the latest.
    monkeypatch.setattr(Touchline, "snapshotting_intervals", {MatchRecord: 4})
    writer = Touchline(settings_for_url(store_url))
    match_id = stored(writer, name, alice)
    assert writer.snapshots is not None
    taken = list(writer.snapshots.get(writer.resolve(match_id)))
    version = writer.load_record(match_id).version
    assert len(taken) == 1
    assert version - interval_at(version, 4) < taken[0].originator_version <= version

    reader = Touchline(settings_for_url(store_url))  # a new process: nothing kept in memory
    try:
        loaded = reader.load_record(match_id)
        assert seen(loaded) == seen(from_events_only(reader, match_id))
        assert loaded.game == from_events_only(reader, match_id).state_at(None)
        assert reader.get_match(match_id).situation == writer.get_match(match_id).situation
    finally:
        reader.close()
        writer.close()
