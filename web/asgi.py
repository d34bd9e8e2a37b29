"""The web app on an ASGI server: requests in a bounded thread pool, live streams in the loop.

Every request goes to the Flask app (`web.create_app`) on one of `threads` threads, handed
over once and its answer given back whole (`web.wsgi_bridge`). A live-update stream
(`web.updates`) answers its opening in Flask too, through a2wsgi's WSGIMiddleware, with the
same headers, errors and 404 as any page, and then hands the open stream over to the event
loop: there it waits on the process's one `VersionWatcher` and holds no thread, so open pages
never keep a scorer's request waiting.
Openings run on a few threads of their own: when a thousand pages reconnect at once (a
restarted server), they queue there, not in front of the scorers' requests.

`touchline serve` runs `serve()` below on uvicorn; ops/README.md runs `create_asgi_app()` under
gunicorn with uvicorn's worker class.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import resource
import socket
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any
from uuid import UUID

import uvicorn
from a2wsgi import WSGIMiddleware
from flask import Flask

from service.app import Touchline
from web import create_app
from web.updates import HAND_OFF_KEY, HEARTBEAT_SECONDS, HandOff, watched_stream
from web.watcher import VersionWatcher
from web.wsgi_bridge import WsgiBridge

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Any  # async () -> Message
Send = Any  # async (Message) -> None

# Threads for ordinary requests (pages, the API).
DEFAULT_THREADS = 16
# Threads that answer streams' openings (a version query each).
OPENING_THREADS = 2
# The watcher's one thread, which asks for the watched matches' versions.
WATCHER_THREADS = 1
# A stream lasts its STREAM_SECONDS less up to this share, at random, and sends its first
# heartbeat at a random moment: pages opened together (a restarted server) do not reconnect
# or wake together ever after.
LIFETIME_SPREAD = 0.1
# The Flask route of web.updates, as the server sees the path.
EVENTS_PATH = re.compile(r".*/matches/[^/]+/events")
# Seconds a stopping server gives unfinished requests before cancelling them.
GRACEFUL_SECONDS = 5
# Open files a server asks for: each open page is a connection, and many systems start a
# process with a soft limit of 1,024, which a thousand spectators would exceed.
WANTED_FILES = 65536


def create_asgi_app(
    config: Mapping[str, Any] | None = None, threads: int = DEFAULT_THREADS
) -> LiveApp:
    """The Flask app built from `config` (as `web.create_app` takes it), served by ASGI.

    Its store's pool holds a connection for every thread that may use it at once, so no
    request waits for one (and, past the connect timeout, fails) while the pool is short, and
    the process may hold open a connection for each of thousands of open pages."""
    raise_file_limit()
    connections = store_connections(threads)
    return LiveApp(create_app({"STORE_CONNECTIONS": connections, **(config or {})}), threads)


def raise_file_limit(wanted: int = WANTED_FILES) -> int:
    """Raise this process's soft limit on open files towards `wanted`, as far as its hard limit
    lets an unprivileged process; never lower it. Returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


def store_connections(threads: int) -> int:
    """The connections a server of `threads` request threads may use at once."""
    return threads + OPENING_THREADS + WATCHER_THREADS


class LiveApp:
    """An ASGI app: the Flask app in a pool of `threads` threads, streams in the event loop."""

    def __init__(self, flask_app: Flask, threads: int = DEFAULT_THREADS) -> None:
        self.flask_app = flask_app
        self.threads = threads
        wsgi_app = _terminated_input(flask_app)
        # Pages and the API: one hand-over to a thread per request (web.wsgi_bridge).
        self._pages = WsgiBridge(wsgi_app, workers=threads)
        # Stream openings go on through a2wsgi, whose answer ends in a message of its own
        # that _events holds back while the stream goes on.
        self._openings = WSGIMiddleware(wsgi_app, workers=OPENING_THREADS)  # type: ignore[arg-type]
        touchline: Touchline = flask_app.extensions["touchline"]
        self.watcher = VersionWatcher(
            touchline.newest_versions,
            float(flask_app.config["POLL_SECONDS"]),
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif (
            scope["type"] == "http"
            and scope["method"] == "GET"
            and EVENTS_PATH.fullmatch(scope["path"])
        ):
            await self._events(scope, receive, send)
        else:
            await self._pages(scope, receive, send)

    def end_streams(self) -> None:
        """End every open stream now (the server stops): browsers reconnect by themselves."""
        self.watcher.end_all()

    async def _events(self, scope: Scope, receive: Receive, send: Send) -> None:
        hand_off = HandOff()
        status = 0
        ending: Message | None = None

        async def answer(message: Message) -> None:
            nonlocal status, ending
            if message["type"] == "http.response.start":
                status = message["status"]
            elif hand_off.taken and status == 200 and not message.get("more_body", False):
                ending = message  # the answer stays open: the stream goes on from here
                return
            await send(message)

        await self._openings({**scope, HAND_OFF_KEY: hand_off}, receive, answer)  # type: ignore[arg-type]
        if ending is not None:
            await self._stream(hand_off, receive, send)
            await send(ending)

    async def _stream(self, hand_off: HandOff, receive: Receive, send: Send) -> None:
        watch = self.watcher.watch(UUID(hand_off.match_id), hand_off.version)
        lasting = hand_off.lasting * (1 - random.uniform(0, LIFETIME_SPREAD))
        heartbeat_due = random.uniform(0, HEARTBEAT_SECONDS)

        async def write() -> None:
            async for text in watched_stream(watch, lasting, first_heartbeat=heartbeat_due):
                await send({"type": "http.response.body", "body": text.encode(), "more_body": True})

        async def gone() -> None:
            # The server writes nothing to a closed connection and says nothing: only the
            # disconnect message tells that the page was left.
            while (await receive())["type"] != "http.disconnect":
                pass

        writing = asyncio.ensure_future(write())
        leaving = asyncio.ensure_future(gone())
        try:
            await asyncio.wait({writing, leaving}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.watcher.forget(watch)
            for task in (writing, leaving):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.watcher.close()
                await send({"type": "lifespan.shutdown.complete"})
                return


def _terminated_input(flask_app: Flask) -> WSGIApplication:
    """The Flask app, told that its input ends where the request's body does.

    uvicorn reads a chunked request body to its end, and the input (web.wsgi_bridge's, and
    a2wsgi's for stream openings) stops there; without `wsgi.input_terminated` werkzeug would
    take a body sent without Content-Length as empty. Flask's MAX_CONTENT_LENGTH still bounds
    what is read."""

    def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        environ["wsgi.input_terminated"] = True
        return flask_app(environ, start_response)

    return app


class LiveServer(uvicorn.Server):
    """uvicorn, ending the open streams as soon as it starts stopping: otherwise it would wait
    for each to run out its time before answering Ctrl+C."""

    def __init__(
        self, config: uvicorn.Config, app: LiveApp, listening: Callable[[int], None] | None = None
    ) -> None:
        super().__init__(config)
        self.live_app = app
        self.listening = listening

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        # Told only once the socket is bound: with port 0 the port is known no earlier.
        if self.started and self.listening is not None:
            self.listening(bound_port(self))

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.live_app.end_streams()
        await super().shutdown(sockets)


def server(
    app: LiveApp, host: str, port: int, listening: Callable[[int], None] | None = None
) -> LiveServer:
    """The server `touchline serve` runs (port 0: a free port, see `bound_port`), calling
    `listening` with the port once it listens."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        lifespan="on",
        # Forwarded headers are trusted only as the app's TRUSTED_PROXIES setting says.
        proxy_headers=False,
        server_header=False,
        access_log=False,
        log_level="warning",
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )
    return LiveServer(config, app, listening)


def bound_port(running: uvicorn.Server) -> int:
    """The port a started server listens on."""
    port: int = running.servers[0].sockets[0].getsockname()[1]
    return port
