"""Following the log entry by entry builds the same views as a rebuild; and on PostgreSQL a
follower wakes on another process's entry by notification, or polls when it cannot listen."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from domain.match import MatchRecord
from service.app import Touchline
from service.config import settings_for_url
from service.projections import projector, projector_for
from service.projections.projector import Projector
from service.projections.runner import _Listener, follow
from tests.service.projections.pj_driver import finished_match, setup_for
from tests.service.projections.pj_helpers import AUTHOR, record_all, snapshot

LEAGUE = "Following League"
GAMES = [("Ann", "Bea", 1, 0), ("Bea", "Cid", 2, 2), ("Cid", "Ann", 0, 1), ("Ann", "Cid", 2, 1)]


def test_following_entry_by_entry_builds_what_a_rebuild_builds(
    app: Touchline, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Matches played at once, an entry of each in turn, some undone, caught up after every
    save in small batches by one projector that keeps a single aggregate in memory (so that
    most events meet an aggregate it let go and load again): the views equal one rebuild
    of the whole log in large batches, on either store."""
    monkeypatch.setattr(projector, "KEPT_AGGREGATES", 1)
    app.create_league(LEAGUE, "card-game", AUTHOR)
    follower = projector_for(app, batch_size=3)
    scripts = [
        (MatchRecord("card-game", setup_for(h, a), AUTHOR.by, AUTHOR.at, LEAGUE), iter(actions))
        for n, (h, a, x, y) in enumerate(GAMES)
        for actions in [finished_match(x, y, seed=n, setup=setup_for(h, a))]
    ]
    playing = list(scripts)
    turn = 0
    while playing:
        for match, actions in list(playing):
            action = next(actions, None)
            if action is None:
                playing.remove((match, actions))
                continue
            match.record(action, AUTHOR)
            turn += 1
            if turn % 37 == 0:  # an entry recorded and taken back, now and then
                match.undo(AUTHOR)
                match.record(action, AUTHOR)
            app.save(match)
            follower.catch_up()
    followed = snapshot(follower)
    assert followed["standings"], "the league's table was never built"
    rebuilt = projector_for(app, batch_size=1000)
    rebuilt.rebuild()
    assert snapshot(rebuilt) == followed


@contextmanager
def following(app: Touchline, poll_seconds: float) -> Iterator[Projector]:
    """A follower running in a thread of its own, until the block ends."""
    follower = projector_for(app)
    stop, started = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def run() -> None:
        try:
            follow(follower, stop, following=started, poll_seconds=poll_seconds)
        except BaseException as error:  # surfaced in the test thread below
            errors.append(error)
            started.set()

    thread = threading.Thread(target=run)
    thread.start()
    try:
        assert started.wait(timeout=60), "the follower never started following"
        assert not errors
        yield follower
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive(), "the follower did not stop"
    assert not errors


def wait_for_lag_0(app: Touchline, seconds: float) -> float:
    """How long the views took to reach the head of the log; fails after `seconds`."""
    head = projector_for(app).head()
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if all(s.position == head for s in projector_for(app).status()):
            return time.monotonic() - began
        time.sleep(0.05)
    pytest.fail(f"the views did not reach notification {head} within {seconds} s")


@pytest.mark.postgres
def test_a_follower_wakes_when_another_process_records(postgres_url: str) -> None:
    """The follower's application and the scorer's are separate, as two processes are; the
    follower polls only once a minute, so reaching lag 0 within seconds is the notification."""
    watcher = Touchline(settings_for_url(postgres_url))
    scorer = Touchline(settings_for_url(postgres_url))
    try:
        with following(watcher, poll_seconds=60):
            for n, (home, away, a, b) in enumerate(GAMES[:2]):
                setup = setup_for(home, away)
                record_all(scorer, finished_match(a, b, seed=n, setup=setup), setup)
                wait_for_lag_0(watcher, seconds=20)
        followed = snapshot(projector_for(watcher))
        rebuilt = projector_for(scorer)
        rebuilt.rebuild()
        assert snapshot(rebuilt) == followed
    finally:
        watcher.close()
        scorer.close()


@pytest.mark.postgres
def test_a_follower_that_cannot_listen_polls(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_Listener, "listen", lambda self: False)
    watcher = Touchline(settings_for_url(postgres_url))
    scorer = Touchline(settings_for_url(postgres_url))
    try:
        with following(watcher, poll_seconds=0.2):
            setup = setup_for("Ann", "Bea")
            record_all(scorer, finished_match(1, 0, setup=setup), setup)
            wait_for_lag_0(watcher, seconds=20)
    finally:
        watcher.close()
        scorer.close()


@pytest.mark.postgres
def test_a_follower_listens_again_after_losing_its_connection(postgres_url: str) -> None:
    """The listening connection is killed on the server; the follower polls meanwhile, listens
    again, and the next entry still wakes it without waiting for its (long) poll."""
    watcher = Touchline(settings_for_url(postgres_url))
    scorer = Touchline(settings_for_url(postgres_url))
    try:
        with following(watcher, poll_seconds=60):
            with scorer.recorder.datastore.get_connection() as connection:  # type: ignore[attr-defined]
                killed = connection.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND query LIKE 'LISTEN%'"
                ).fetchall()
            assert killed, "no listening connection found"
            for n, (home, away, a, b) in enumerate(GAMES[:2]):
                setup = setup_for(home, away)
                record_all(scorer, finished_match(a, b, seed=n, setup=setup), setup)
                wait_for_lag_0(watcher, seconds=20)
    finally:
        watcher.close()
        scorer.close()
