"""Several processes opening a new PostgreSQL store at once (gunicorn's workers starting)."""

from __future__ import annotations

import threading

import pytest

from service.app import Touchline
from service.config import settings_for_url

# Bounds that only keep a broken test from hanging; nothing is timed.
BOUND_SECONDS = 60.0
OPENERS = 4


@pytest.mark.postgres
def test_workers_opening_a_new_store_at_once_all_open_it(postgres_url: str) -> None:
    # Each application stands for one worker: its own pool, its own opening.
    ready = threading.Barrier(OPENERS, timeout=BOUND_SECONDS)
    opened: list[Touchline] = []
    failures: list[BaseException] = []

    def open_store() -> None:
        try:
            ready.wait()
            opened.append(Touchline(settings_for_url(postgres_url)))
        except BaseException as failure:
            failures.append(failure)

    openers = [threading.Thread(target=open_store) for _ in range(OPENERS)]
    for opener in openers:
        opener.start()
    for opener in openers:
        opener.join(BOUND_SECONDS)
    try:
        assert not failures
        assert len(opened) == OPENERS
        assert all(app.list_matches() == [] for app in opened)
    finally:
        for app in opened:
            app.close()
