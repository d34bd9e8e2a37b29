"""The web app served as `touchline serve` serves it, in a thread, on a free local port."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from web.asgi import LiveApp, bound_port, server

# Generous bounds: they only stop a broken test from hanging, and time nothing.
START_SECONDS = 30.0
STOP_SECONDS = 30.0


@contextmanager
def serving(app: LiveApp) -> Iterator[str]:
    """The base URL of `app` on uvicorn, stopped (its streams ended) on leaving."""
    running = server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=running.run, name="live-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + START_SECONDS
    while not running.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{bound_port(running)}"
    finally:
        running.should_exit = True
        thread.join(STOP_SECONDS)
