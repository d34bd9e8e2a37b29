"""A runner that dies mid-stream loses nothing and counts nothing twice: every batch commits
its rows with its tracking position, or neither. Then: the long-running follower."""

from __future__ import annotations

import threading
import time

import pytest

from service.app import Touchline
from service.projections import all_views, projector_for
from service.projections.projector import Projector
from service.projections.runner import follow
from service.projections.statistics import Statistics
from service.projections.views import Batch
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import record_all, snapshot


class Crash(Exception):
    pass


class CrashingStatistics(Statistics):
    """Writes its rows, then dies inside the transaction once it has seen `after` batches."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.seen = 0

    def apply(self, sql, batch: Batch) -> None:  # type: ignore[no-untyped-def]
        super().apply(sql, batch)
        self.seen += 1
        if self.seen > self.after:
            raise Crash("killed mid-stream")


def league_of_matches(app: Touchline) -> None:
    for n, (home, away, a, b) in enumerate(
        [("Ann", "Bea", 1, 0), ("Bea", "Cid", 2, 2), ("Cid", "Ann", 0, 1)]
    ):
        record_all(
            app, finished_match(a, b, seed=n, setup=setup_for(home, away)), setup_for(home, away)
        )


@pytest.mark.parametrize("after", [0, 3, 15])
def test_a_crash_mid_stream_neither_skips_nor_double_counts(app: Touchline, after: int) -> None:
    league_of_matches(app)
    views = [v if v.name != "statistics" else CrashingStatistics(after) for v in all_views()]
    crashing = Projector(app, views, batch_size=25)
    with pytest.raises(Crash):
        crashing.catch_up()
    position = {s.name: s.position for s in crashing.status()}["statistics"]
    assert position == min(after * 25, crashing.head())
    # A new process picks up from the tracked position.
    restarted = projector_for(app, batch_size=25)
    resumed = snapshot(restarted)
    rebuilt = projector_for(app, batch_size=1000)
    rebuilt.rebuild()
    assert snapshot(rebuilt) == resumed


def test_the_follower_keeps_the_views_up_to_date(app: Touchline) -> None:
    """Everything is recorded only once the follower follows, and nothing else catches the
    views up (status() reads positions only): whatever the views hold, the follower put there,
    run alone or in any order."""
    projector = projector_for(app)
    stop, following = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def run() -> None:
        try:
            follow(projector, stop, following=following)
        except BaseException as error:  # surfaced in the test thread below
            errors.append(error)
            following.set()

    thread = threading.Thread(target=run)
    thread.start()
    try:
        assert following.wait(timeout=60), "the follower never started following"
        assert not errors
        league_of_matches(app)
        head = projector.head()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if all(s.position == head for s in projector_for(app).status()):
                break
            time.sleep(0.1)
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not errors
    assert all(s.lag == 0 for s in projector_for(app).status())
    followed = snapshot(projector_for(app))
    rebuilt = projector_for(app)
    rebuilt.rebuild()
    assert snapshot(rebuilt) == followed
