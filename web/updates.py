"""Server-sent events: spectators see new entries without reloading.

The stream only says "the match is now at version N"; pages fetch what they show themselves.
It opens with the `retry` delay and the current version, then sends each new version as an
`event: version` message, a comment line as a heartbeat when quiet, and closes after
STREAM_SECONDS; the browser's EventSource reconnects by itself after the `retry` delay.

Served by the ASGI app (`web.asgi`, what `touchline serve` and the production set-up run), the
view only answers the opening, in the usual request pool, and hands the open stream over to the
event loop, where it waits on the process's one `VersionWatcher` without holding a thread. On
a plain WSGI server (or Flask's test client) there is nobody to hand it to, and the stream
polls the store itself from the request's thread.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, current_app, request, stream_with_context

from service.errors import TouchlineError
from web.context import touchline as service
from web.watcher import Watch

bp = Blueprint("updates", __name__)

# Milliseconds the browser waits before reconnecting a closed stream.
RETRY_MS = 2000
# Proxies drop idle connections; a comment line now and then keeps the stream open.
HEARTBEAT_SECONDS = 15.0
HEARTBEAT = ": still here\n\n"
# The key under which the ASGI app puts a `HandOff` in the request's scope.
HAND_OFF_KEY = "touchline.live_updates"


@dataclass
class HandOff:
    """Filled by the view when a stream opens: what the event loop carries on with."""

    match_id: str = ""
    version: int = 0
    lasting: float = 0.0
    taken: bool = False

    def take(self, match_id: str, version: int, lasting: float) -> None:
        self.match_id, self.version, self.lasting = match_id, version, lasting
        self.taken = True


@bp.get("/matches/<match_id>/events")
def events(match_id: str) -> Response:
    touchline = service()
    match = str(touchline.resolve(match_id))
    version = touchline.version_of(match)  # unknown match: 404 before any streaming
    config = current_app.config
    lasting = float(config["STREAM_SECONDS"])
    hand_off = _hand_off()
    body: Iterator[str]
    if hand_off is not None:
        hand_off.take(match, version, lasting)
        # An iterable, not a string: the answer must carry no Content-Length, since the
        # event loop goes on writing to it.
        body = iter([opening(version)])
    else:
        body = stream_with_context(
            version_stream(
                lambda: touchline.version_of(match),
                version,
                lasting,
                float(config["POLL_SECONDS"]),
            )
        )
    return Response(
        body,
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _hand_off() -> HandOff | None:
    scope: dict[str, Any] = request.environ.get("asgi.scope") or {}
    found = scope.get(HAND_OFF_KEY)
    return found if isinstance(found, HandOff) else None


def opening(version: int) -> str:
    return _retry() + version_event(version)


def _retry() -> str:
    return f"retry: {RETRY_MS}\n\n"


def version_event(version: int) -> str:
    return f"event: version\ndata: {json.dumps({'version': version})}\n\n"


def version_stream(
    version_now: Callable[[], int],
    version: int,
    lasting: float,
    poll: float,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], object] = time.sleep,
) -> Iterator[str]:
    """The whole stream on a WSGI server: the opening, then each new version as it appears."""
    yield _retry()
    yield version_event(version)
    start = last_beat = clock()
    while clock() - start < lasting:
        sleep(min(poll, max(0.0, lasting - (clock() - start))))
        try:
            newest = int(version_now())
        except TouchlineError:
            return  # the store went away: end the stream; the browser retries later
        if newest != version:
            version = newest
            last_beat = clock()
            yield version_event(version)
        elif clock() - last_beat >= HEARTBEAT_SECONDS:
            last_beat = clock()
            yield HEARTBEAT


async def watched_stream(
    watch: Watch,
    lasting: float,
    clock: Callable[[], float] = time.monotonic,
    heartbeat: float = HEARTBEAT_SECONDS,
    first_heartbeat: float | None = None,
) -> AsyncIterator[str]:
    """The rest of the stream after its opening, fed by the process's watcher: each new
    version, heartbeats when quiet (the first after `first_heartbeat` seconds, at most
    `heartbeat`), until `lasting` seconds have passed or the watch ends."""
    version = watch.version
    start = clock()
    first = heartbeat if first_heartbeat is None else min(first_heartbeat, heartbeat)
    last_beat = start - (heartbeat - first)
    while not watch.ended:
        now = clock()
        left = lasting - (now - start)
        if left <= 0:
            return
        if now - last_beat >= heartbeat:
            last_beat = now
            yield HEARTBEAT
            continue
        await watch.wait(min(left, heartbeat - (now - last_beat)))
        if not watch.ended and watch.version != version:
            version = watch.version
            last_beat = clock()
            yield version_event(version)
