"""Server-sent events: spectators see new entries without reloading.

The stream only says "the match is now at version N"; pages fetch what they show themselves.
Asking for the version is cheap (the newest stored event), so each open stream polls it. A
stream closes after STREAM_SECONDS so that no worker thread is held for long; the browser's
EventSource reconnects by itself after the `retry` delay.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator

from flask import Blueprint, Response, current_app, stream_with_context

from service.errors import TouchlineError
from web.context import touchline as service

bp = Blueprint("updates", __name__)

# Milliseconds the browser waits before reconnecting a closed stream.
RETRY_MS = 2000
# Proxies drop idle connections; a comment line now and then keeps the stream open.
HEARTBEAT_SECONDS = 15.0


@bp.get("/matches/<match_id>/events")
def events(match_id: str) -> Response:
    touchline = service()
    match = str(touchline.resolve(match_id))
    version = touchline.version_of(match)  # unknown match: 404 before any streaming
    config = current_app.config
    stream = version_stream(
        lambda: touchline.version_of(match),
        version,
        float(config["STREAM_SECONDS"]),
        float(config["POLL_SECONDS"]),
    )
    return Response(
        stream_with_context(stream),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def version_stream(
    version_now: Callable[[], int],
    version: int,
    lasting: float,
    poll: float,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], object] = time.sleep,
) -> Iterator[str]:
    """The stream's text: the version on opening, then each new version as it appears."""
    yield f"retry: {RETRY_MS}\n\n"
    yield _version_event(version)
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
            yield _version_event(version)
        elif clock() - last_beat >= HEARTBEAT_SECONDS:
            last_beat = clock()
            yield ": still here\n\n"


def _version_event(version: int) -> str:
    return f"event: version\ndata: {json.dumps({'version': version})}\n\n"
