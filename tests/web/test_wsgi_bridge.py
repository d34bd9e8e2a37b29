"""web.wsgi_bridge: WSGI apps on an ASGI server, each request handed to a thread once.

Driven as an ASGI server drives it (a scope, `receive` and `send`), with no server and no
clock: what the app reads, what the client receives, and how often the thread asks the loop.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from a2wsgi.wsgi import build_environ
from hypothesis import given, settings
from hypothesis import strategies as st

from web import wsgi_bridge
from web.wsgi_bridge import WsgiBridge

Message = dict[str, Any]
Environ = dict[str, Any]
StartResponse = Callable[..., Callable[[bytes], object]]


def scope(method: str = "POST", path: str = "/api/matches/abcd/entries") -> Message:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"page=2",
        "root_path": "",
        "headers": [
            (b"host", b"bench"),
            (b"content-type", b"application/json"),
            (b"authorization", b"Bearer token"),
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }


def served(
    app: Callable[[Environ, StartResponse], Iterable[bytes]],
    messages: list[Message],
    *,
    request: Message | None = None,
    flush_bytes: int = wsgi_bridge.FLUSH_BYTES,
) -> list[Message]:
    """What the client is sent for a request whose body comes as `messages`."""
    bridge = WsgiBridge(app, workers=2, flush_bytes=flush_bytes)  # type: ignore[arg-type]
    sent: list[Message] = []
    incoming = iter(messages)

    async def receive() -> Message:
        return next(incoming, {"type": "http.disconnect"})

    async def send(message: Message) -> None:
        sent.append(message)

    asyncio.run(bridge(request or scope(), receive, send))
    bridge.executor.shutdown()
    return sent


def body_of(sent: list[Message]) -> bytes:
    return b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def echo(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
    body = environ["wsgi.input"].read()
    start_response("201 CREATED", [("Content-Type", "application/json"), ("X-Seen", "yes")])
    return [body]


def test_a_small_request_crosses_to_the_thread_and_back_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[object] = []
    real = asyncio.run_coroutine_threadsafe

    def counting(coroutine: Any, loop: asyncio.AbstractEventLoop) -> Any:
        asked.append(coroutine)
        return real(coroutine, loop)

    monkeypatch.setattr(wsgi_bridge.asyncio, "run_coroutine_threadsafe", counting)
    sent = served(echo, [{"type": "http.request", "body": b'{"a": 1}', "more_body": False}])
    # The thread asked the loop for nothing: no body message, no status, no chunk.
    assert asked == []
    assert sent == [
        {
            "type": "http.response.start",
            "status": 201,
            "headers": [(b"content-type", b"application/json"), (b"x-seen", b"yes")],
        },
        {"type": "http.response.body", "body": b'{"a": 1}'},
    ]


def test_the_app_sees_the_environ_a2wsgi_builds() -> None:
    seen: list[Environ] = []

    def app(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        seen.append(dict(environ))
        start_response("204 NO CONTENT", [])
        return []

    request = scope("GET", "/matches/abcd")
    sent = served(app, [{"type": "http.request", "body": b""}], request=request)
    expected = build_environ(request, None)  # type: ignore[arg-type]
    for name in set(expected) - {"wsgi.input"}:
        assert seen[0][name] == expected[name], name
    assert seen[0]["HTTP_AUTHORIZATION"] == "Bearer token"
    assert seen[0]["QUERY_STRING"] == "page=2"
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 204
    assert body_of(sent) == b""


def test_a_body_in_several_messages_is_read_whole_by_lines_and_by_size() -> None:
    read: list[object] = []

    def app(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        stream = environ["wsgi.input"]
        read.append(stream.readline())
        read.append(stream.read(3))
        read.append(list(stream))
        read.append(stream.read())
        start_response("200 OK", [])
        return [b"done"]

    parts = [b"first li", b"ne\nabc", b"second\nthi", b"rd"]
    messages = [
        {"type": "http.request", "body": part, "more_body": n < len(parts) - 1}
        for n, part in enumerate(parts)
    ]
    sent = served(app, messages)
    assert read == [b"first line\n", b"abc", [b"second\n", b"third"], b""]
    assert body_of(sent) == b"done"


def test_a_client_gone_in_the_middle_of_its_body_ends_the_body() -> None:
    read: list[bytes] = []

    def app(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        read.append(environ["wsgi.input"].read())
        start_response("200 OK", [])
        return []

    served(app, [{"type": "http.request", "body": b"half", "more_body": True}])
    assert read == [b"half"]


def test_a_large_answer_is_sent_as_it_grows_in_order_and_whole() -> None:
    chunks = [bytes([n]) * 1000 for n in range(50)]
    closed: list[bool] = []

    class Answer:
        def __iter__(self) -> Iterator[bytes]:
            return iter(chunks)

        def close(self) -> None:
            closed.append(True)

    def app(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        start_response("200 OK", [("Content-Type", "text/html")])
        return Answer()

    sent = served(app, [{"type": "http.request", "body": b""}], flush_bytes=8000)
    assert sent[0]["type"] == "http.response.start"
    assert [m["type"] for m in sent].count("http.response.start") == 1
    bodies = sent[1:]
    assert all(m["type"] == "http.response.body" for m in bodies)
    # Sent on as it grew: several parts before the last, each but the last marked as more.
    assert len(bodies) > 2
    assert all(m["more_body"] for m in bodies[:-1])
    assert not bodies[-1].get("more_body", False)
    assert body_of(sent) == b"".join(chunks)
    assert closed == [True]


def test_the_legacy_write_callable_is_part_of_the_answer() -> None:
    def app(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        write = start_response("200 OK", [])
        write(b"written ")
        return [b"returned"]

    assert body_of(served(app, [{"type": "http.request", "body": b""}])) == b"written returned"


def test_an_error_before_the_body_replaces_the_status() -> None:
    def app(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        start_response("200 OK", [("X-First", "1")])
        try:
            raise ValueError("late")
        except ValueError as error:
            start_response(
                "500 INTERNAL SERVER ERROR",
                [("X-Second", "2")],
                (ValueError, error, error.__traceback__),
            )
        return [b"sorry"]

    sent = served(app, [{"type": "http.request", "body": b""}])
    assert sent[0]["status"] == 500
    assert sent[0]["headers"] == [(b"x-second", b"2")]
    assert body_of(sent) == b"sorry"


def test_an_error_once_the_body_began_cannot_change_the_status() -> None:
    def app(environ: Environ, start_response: StartResponse) -> Iterator[bytes]:
        start_response("200 OK", [])
        yield b"begun"
        try:
            raise ValueError("too late")
        except ValueError as error:
            start_response("500 INTERNAL SERVER ERROR", [], (ValueError, error, None))

    with pytest.raises(ValueError, match="too late"):
        served(app, [{"type": "http.request", "body": b""}])


@settings(max_examples=40, deadline=None)
@given(
    body=st.binary(max_size=3000),
    cuts=st.lists(st.integers(min_value=0, max_value=3000), max_size=6),
    answer_cuts=st.lists(st.integers(min_value=0, max_value=3000), max_size=6),
    flush_bytes=st.integers(min_value=1, max_value=4000),
)
def test_any_body_cut_any_way_comes_back_whole(
    body: bytes, cuts: list[int], answer_cuts: list[int], flush_bytes: int
) -> None:
    edges = sorted({0, len(body), *(min(c, len(body)) for c in cuts)})
    parts = [body[a:b] for a, b in itertools.pairwise(edges)] or [b""]
    messages = [
        {"type": "http.request", "body": part, "more_body": n < len(parts) - 1}
        for n, part in enumerate(parts)
    ]

    def app(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        received = environ["wsgi.input"].read()
        start_response("200 OK", [])
        bounds = sorted({0, len(received), *(min(c, len(received)) for c in answer_cuts)})
        return [received[a:b] for a, b in itertools.pairwise(bounds)]

    sent = served(app, messages, flush_bytes=flush_bytes)
    assert [m["type"] for m in sent].count("http.response.start") == 1
    assert sent[0]["type"] == "http.response.start"
    assert not sent[-1].get("more_body", False)
    assert body_of(sent) == body
