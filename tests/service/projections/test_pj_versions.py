"""Each read model declares a version; the tracking table records the version its rows were
built with, and opening the store rebuilds, by itself, a read model whose version changed."""

from __future__ import annotations

import re

import pytest

from service.app import Touchline
from service.config import settings_for_url
from service.projections import all_views, projector_for
from service.projections.statistics import Statistics
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import AUTHOR, record_all, snapshot

DROPPED = re.compile(r"DROP TABLE IF EXISTS (\w+)")


def built_store(url: str) -> dict[str, int]:
    """A store with a league's matches, every read model caught up; their positions."""
    app = Touchline(settings_for_url(url))
    app.create_league("Cup", "card-game", AUTHOR)
    for seed, (a, b) in enumerate([(1, 0), (2, 2), (0, 3)]):
        setup = setup_for("Ann", "Bea")
        record_all(app, finished_match(a, b, seed, setup), setup, "Cup")
    projector_for(app).catch_up()
    positions = {s.name: s.position for s in app.projection_status()}
    app.close()
    return positions


def recorded_versions(app: Touchline) -> dict[str, int | None]:
    with projector_for(app).db.transaction(commit=False) as sql:
        rows = sql.rows("SELECT projection, view_version FROM projection_tracking")
    return {r["projection"]: r["view_version"] for r in rows}


def dropped(statements: list[str]) -> list[str]:
    return [m.group(1) for s in statements if (m := DROPPED.search(s))]


def test_every_view_declares_a_version() -> None:
    assert all(isinstance(view.version, int) and view.version >= 1 for view in all_views())


def test_a_new_store_records_each_views_version(sqlite_url: str) -> None:
    app = Touchline(settings_for_url(sqlite_url))
    assert recorded_versions(app) == {v.name: v.version for v in all_views()}
    app.close()


def test_only_the_view_whose_version_changed_is_rebuilt(
    sqlite_url: str, statements: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    positions = built_store(sqlite_url)
    reader = Touchline(settings_for_url(sqlite_url))
    before = snapshot(projector_for(reader))
    reader.close()
    monkeypatch.setattr(Statistics, "version", Statistics.version + 1)
    statements.clear()

    app = Touchline(settings_for_url(sqlite_url))  # starting again

    assert dropped(statements) == ["stats_counts"]
    assert recorded_versions(app)["statistics"] == Statistics.version
    # Rebuilt and caught up at once; the others kept their position and their rows.
    assert {s.name: s.position for s in app.projection_status()} == positions
    assert snapshot(projector_for(app)) == before
    statements.clear()
    Touchline(settings_for_url(sqlite_url)).close()  # and a third start rebuilds nothing
    assert dropped(statements) == []
    app.close()


def test_views_built_before_versions_were_kept_are_rebuilt_once(
    store_url: str, statements: list[str]
) -> None:
    """The upgrade to this release: the tracking table has no version column yet."""
    built_store(store_url)
    app = Touchline(settings_for_url(store_url))
    before = snapshot(projector_for(app))
    with projector_for(app).db.transaction() as sql:
        sql.run("ALTER TABLE projection_tracking DROP COLUMN view_version")
    app.close()
    statements.clear()

    app = Touchline(settings_for_url(store_url))

    if store_url.startswith("sqlite"):  # the trace sees SQLite's statements only
        assert sorted(dropped(statements)) == sorted(t for v in all_views() for t in v.tables)
    assert recorded_versions(app) == {v.name: v.version for v in all_views()}
    assert snapshot(projector_for(app)) == before
    app.close()
