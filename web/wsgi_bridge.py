"""The Flask app's pages and API on an ASGI server, each request handed to a thread once.

a2wsgi's WSGIMiddleware runs a request on a thread that asks the event loop for every message
it reads or writes and waits for each: reading the body, the status and headers, each chunk of
the answer and its end are five hand-overs between the thread and the loop for one API entry,
each a future, a lock, a wake-up of the loop and the thread waiting its turn for the GIL again.
Under issue 13's live load they took about a quarter of a server's CPU (docs/performance.md,
"Live load").

Here the loop reads the request's first body message before the thread starts (all of a small
request's body: an entry's JSON arrives in one), and the thread collects the answer and gives
it back when it returns, so a small request crosses between loop and thread once each way.
What does not fit that shape still works, through the loop as a2wsgi does it: a body sent in
several messages is read on by the thread, and an answer past `FLUSH_BYTES` is sent as it
grows, waiting for each part to be written. An answer is therefore sent once its view has made
it (or `FLUSH_BYTES` of it): the one answer that must go out as it is made, a live-update
stream, is served by `web.asgi`'s stream openings and the event loop, not through here.

The WSGI environ is a2wsgi's own (`build_environ`), so the app sees every request as before.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable, Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from types import TracebackType
from typing import TYPE_CHECKING, Any

from a2wsgi.wsgi import build_environ

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication, WSGIEnvironment

Message = MutableMapping[str, Any]
Receive = Callable[[], Any]  # async () -> Message
Send = Callable[[Message], Any]  # async (Message) -> None
ExcInfo = tuple[type[BaseException], BaseException, TracebackType] | tuple[None, None, None]

# Bytes of an answer collected before they are sent on while the view goes on making it.
FLUSH_BYTES = 256 * 1024


class RequestBody:
    """`wsgi.input`: the body's first message as the loop received it, then any further
    messages, each fetched from the loop when the app reads past what it has."""

    def __init__(self, loop: asyncio.AbstractEventLoop, receive: Receive, first: Message) -> None:
        self._loop = loop
        self._receive = receive
        self._buffer = bytearray(first.get("body", b""))
        self._more = bool(first.get("more_body", False))

    def _fill(self) -> bool:
        """Fetch the next message; False once the body has ended."""
        if not self._more:
            return False
        message = asyncio.run_coroutine_threadsafe(self._receive(), self._loop).result()
        if message.get("type") == "http.disconnect":
            self._more = False
            return False
        self._buffer.extend(message.get("body", b""))
        self._more = bool(message.get("more_body", False))
        return True

    def read(self, size: int | None = -1) -> bytes:
        if size is None or size < 0:
            while self._fill():
                pass
            size = len(self._buffer)
        while len(self._buffer) < size and self._fill():
            pass
        taken = bytes(self._buffer[:size])
        del self._buffer[:size]
        return taken

    def readline(self, size: int | None = -1) -> bytes:
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                return self.read(min(end + 1, size) if size is not None and size >= 0 else end + 1)
            if size is not None and 0 <= size <= len(self._buffer):
                return self.read(size)
            if not self._fill():
                return self.read()

    def readlines(self, hint: int = -1) -> list[bytes]:
        return list(self)

    def __iter__(self) -> RequestBody:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line


@dataclass
class Answer:
    """What the thread made of one request: the status and headers, and the body not sent yet."""

    status: int = 0
    headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    chunks: list[bytes] = field(default_factory=list)
    size: int = 0
    started: bool = False  # the status and headers have been sent


class WsgiBridge:
    """An ASGI app running `app` (WSGI) on a pool of `workers` threads."""

    def __init__(self, app: WSGIApplication, workers: int, flush_bytes: int = FLUSH_BYTES) -> None:
        self.app = app
        self.flush_bytes = flush_bytes
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="WSGI")

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        first = await receive()
        body = RequestBody(loop, receive, first)
        environ: WSGIEnvironment = build_environ(scope, body)  # type: ignore[arg-type,assignment]
        context = contextvars.copy_context()
        run = functools.partial(context.run, self._run, environ, loop, send)
        answer = await loop.run_in_executor(self.executor, run)
        if not answer.started:
            await send(_start(answer))
        await send({"type": "http.response.body", "body": b"".join(answer.chunks)})

    def _run(self, environ: WSGIEnvironment, loop: asyncio.AbstractEventLoop, send: Send) -> Answer:
        """On a pool thread: the app's whole answer, or what is left of it once `FLUSH_BYTES`
        of it have been sent on."""
        answer = Answer()

        def start_response(
            status: str, headers: list[tuple[str, str]], exc_info: ExcInfo | None = None
        ) -> Callable[[bytes], object]:
            if (
                exc_info is not None
                and exc_info[1] is not None
                and (answer.started or answer.chunks)
            ):
                # PEP 3333: once the body has begun, the status can no longer change; the
                # error ends the answer instead.
                raise exc_info[1].with_traceback(exc_info[2])
            answer.status = int(status.split(" ", 1)[0])
            answer.headers = [
                (name.strip().encode("latin-1").lower(), value.strip().encode("latin-1"))
                for name, value in headers
            ]
            return write

        def write(chunk: bytes) -> None:
            if chunk:
                answer.chunks.append(chunk)
                answer.size += len(chunk)
                if answer.size >= self.flush_bytes:
                    self._flush(answer, loop, send)

        iterable: Iterable[bytes] = self.app(environ, start_response)
        try:
            for chunk in iterable:
                write(chunk)
        finally:
            close = getattr(iterable, "close", None)
            if close is not None:
                close()
        return answer

    @staticmethod
    def _flush(answer: Answer, loop: asyncio.AbstractEventLoop, send: Send) -> None:
        """Send what the answer holds so far, waiting until it is written (the client's pace)."""

        async def sending(messages: list[Message]) -> None:
            for message in messages:
                await send(message)

        messages: list[Message] = []
        if not answer.started:
            messages.append(_start(answer))
            answer.started = True
        body = b"".join(answer.chunks)
        messages.append({"type": "http.response.body", "body": body, "more_body": True})
        answer.chunks, answer.size = [], 0
        asyncio.run_coroutine_threadsafe(sending(messages), loop).result()


def _start(answer: Answer) -> Message:
    return {"type": "http.response.start", "status": answer.status, "headers": answer.headers}
