"""Whether open live pages slow a scorer down, on the real `touchline serve`.

    python bench/streams.py [--streams 0,200,1000] [--requests 200] [--rounds 3]
                            [--threads 16] [--gunicorn WORKERS] [--postgres URL]

For each store (the embedded SQLite file; PostgreSQL when --postgres or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created) it starts
`touchline serve` on a free 127.0.0.1 port, as a club would (with `--gunicorn N`: the production
set-up of ops/README.md, N workers), and for each number of open streams in `--streams`:

- creates a card-game match for the scorer and twenty more for the spectators, through the
  JSON API, and opens that many `/matches/<id>/events` streams (one in ten on the scorer's
  match, so that each entry is announced to them, the rest spread over the others), waiting
  until each has answered its opening;
- then, on one kept-alive connection, `--requests` times in turn: records the match's next
  entry through the API (POST /api/matches/<id>/entries with the scorer token) and loads the
  match page (GET /matches/<id>), timing each from request to the last byte of the answer.

The counts take turns for `--rounds` rounds, each with fresh matches, and each figure pools its
rounds: a burst of other work on the machine then lands on every count alike, not on one.

It prints the p50 and p99 of each, and their ratio to the figures with no stream open measured
in the same run (the baseline; the first count in `--streams` should be 0). The goal is a ratio
close to 1: open pages cost a scorer nothing. Every stream is a real socket of this process;
nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.recording import SETUP, long_match, scratch_postgres

POSTGRES_URL_VARIABLE = "TOUCHLINE_TEST_POSTGRES_URL"
SECRET = "bench-streams-secret-key-of-enough-length"
SPECTATOR_MATCHES = 20
WARM_UP = 5
# Bounds that only keep a broken server from hanging the run.
ANSWER_SECONDS = 60
# A ratio within this of 1 reads as "the same as with no stream open".
GOAL = 1.25


@contextmanager
def served(url: str, threads: int, workers: int = 0) -> Iterator[int]:
    """`touchline serve` on a free port, as a club starts it, or with `workers` the production
    set-up of ops/README.md (gunicorn with uvicorn's worker class); stopped on leaving. The port
    is bound once, by the server itself or here for gunicorn, which is handed the socket: no
    other process can take it between its choice and its use."""
    env = {**os.environ, "TOUCHLINE_SECRET_KEY": SECRET}
    root = Path(__file__).resolve().parent.parent
    handed: list[int] = []  # the socket gunicorn is handed, bound here
    with ExitStack() as stack:
        if workers:
            listening = stack.enter_context(socket.create_server(("127.0.0.1", 0)))
            handed.append(listening.fileno())
            env["TOUCHLINE_DATABASE_URL"] = url
            command = [sys.executable, "-m", "gunicorn", "--worker-class"]
            command += ["uvicorn_worker.UvicornWorker", "--workers", str(workers)]
            command += ["--graceful-timeout", "1", "--bind", f"fd://{listening.fileno()}"]
            command += [f"web.asgi:create_asgi_app(threads={threads})"]
        else:
            command = [sys.executable, "-m", "cli.main", "--database", url, "serve"]
            command += ["--port", "0", "--threads", str(threads)]
        server = subprocess.Popen(
            command,
            env=env,
            cwd=root,
            stdout=subprocess.DEVNULL if workers else subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            pass_fds=handed,
        )
        try:
            port = int(listening.getsockname()[1]) if workers else _port_named(server)
            _wait_for_health(server, port, command)
            yield port
        finally:
            server.terminate()
            server.wait(ANSWER_SECONDS)


def _port_named(server: subprocess.Popen[str]) -> int:
    """The port `touchline serve --port 0` names in its first line, once it listens."""
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if found is None:
        raise RuntimeError(f"touchline serve did not start: {line!r}")
    return int(found.group(1))


def _wait_for_health(server: subprocess.Popen[Any], port: int, command: list[str]) -> None:
    deadline = time.monotonic() + ANSWER_SECONDS
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"{' '.join(command[2:4])} did not start")
        time.sleep(0.2)


class Client:
    """One kept-alive connection, as a scorer's phone keeps one."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=ANSWER_SECONDS)

    def call(self, method: str, path: str, body: Any = None, token: str = "") -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=data, headers=headers)
        answer = self.connection.getresponse()
        return answer.status, answer.read()

    def create_match(self) -> tuple[str, str]:
        status, body = self.call(
            "POST", "/api/matches", {"ruleset": "card-game", "setup": SETUP, "by": "bench"}
        )
        assert status == 201, body
        created = json.loads(body)
        # The creator's scorer link, looked up in the store on every timed write.
        return created["match"]["id"], created["scorer_token"]


def open_streams(port: int, match_ids: list[str], count: int) -> list[socket.socket]:
    """`count` open streams; the first match gets one in ten, the others share the rest."""
    streams = []
    for n in range(count):
        match_id = match_ids[0] if n % 10 == 0 else match_ids[1 + n % (len(match_ids) - 1)]
        stream = socket.create_connection(("127.0.0.1", port), timeout=ANSWER_SECONDS)
        stream.sendall(f"GET /matches/{match_id}/events HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
        streams.append(stream)
    for stream in streams:
        received = b""
        while b"event: version" not in received:
            chunk = stream.recv(65536)
            if not chunk:
                raise RuntimeError("a stream closed before its opening")
            received += chunk
    return streams


def percentile(seconds: list[float], p: int) -> float:
    return statistics.quantiles(seconds, n=100, method="inclusive")[p - 1]


def measure(port: int, streams: int, requests: int) -> dict[str, list[float]]:
    client = Client(port)
    scorer_match, token = client.create_match()
    spectated = [client.create_match()[0] for _ in range(SPECTATOR_MATCHES)]
    actions = iter(long_match(WARM_UP + requests))
    opened = open_streams(port, [scorer_match, *spectated], streams)
    # A fresh connection: the server closes one left idle while the streams opened.
    client = Client(port)
    timings: dict[str, list[float]] = {"write": [], "page": []}
    try:
        for turn in range(WARM_UP + requests):
            entry = {"action": next(actions), "by": "bench"}
            began = time.perf_counter()
            status, body = client.call("POST", f"/api/matches/{scorer_match}/entries", entry, token)
            wrote = time.perf_counter()
            assert status == 201, body
            status, body = client.call("GET", f"/matches/{scorer_match}")
            paged = time.perf_counter()
            assert status == 200, status
            if turn >= WARM_UP:
                timings["write"].append(wrote - began)
                timings["page"].append(paged - wrote)
    finally:
        for stream in opened:
            stream.close()
    return timings


def report(store: str, server: str, results: dict[int, dict[str, list[float]]]) -> None:
    counts = list(results)
    base = results[counts[0]]
    requests = len(base["write"])
    print(
        f"\n{store}: {server}, {requests} requests per figure, baseline: {counts[0]} open streams"
    )
    header = f"  {'open streams':>12}"
    for what in ("write", "page"):
        header += f"{what + ' p50':>12}{what + ' p99':>12}{'×base':>7}{'×base':>7}"
    print(header + "   (ms; ×base: p50, p99 against the baseline)")
    for count in counts:
        line = f"  {count:>12}"
        for what in ("write", "page"):
            p50, p99 = percentile(results[count][what], 50), percentile(results[count][what], 99)
            p50_base = percentile(base[what], 50)
            p99_base = percentile(base[what], 99)
            line += f"{p50 * 1000:12.2f}{p99 * 1000:12.2f}"
            line += f"{p50 / p50_base:7.2f}{p99 / p99_base:7.2f}"
        print(line)
    print(f"  goal: every ratio close to 1 (within {GOAL}×): open pages cost a scorer nothing")


def bench_store(
    url: str, counts: list[int], requests: int, rounds: int, threads: int, workers: int
) -> dict[int, dict[str, list[float]]]:
    results: dict[int, dict[str, list[float]]] = {
        count: {"write": [], "page": []} for count in counts
    }
    with served(url, threads, workers) as port:
        for _ in range(rounds):
            for count in counts:
                for what, seconds in measure(port, count, requests).items():
                    results[count][what].extend(seconds)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--streams", default="0,200,1000", help="numbers of open streams, the baseline first"
    )
    parser.add_argument("--requests", type=int, default=200, help="timed requests per figure")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds in which the counts take turns"
    )
    parser.add_argument("--threads", type=int, default=16, help="touchline serve --threads")
    parser.add_argument(
        "--gunicorn",
        type=int,
        default=0,
        metavar="WORKERS",
        help="serve with ops/README.md's gunicorn set-up and this many workers "
        "(needs the production extra)",
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get(POSTGRES_URL_VARIABLE),
        help="admin URL of a PostgreSQL server for a scratch database",
    )
    args = parser.parse_args()
    counts = [int(count) for count in args.streams.split(",")]
    if args.requests < 2 or args.rounds < 1 or not counts:
        parser.error("give at least 2 requests, 1 round and one number of streams")
    figures = (args.requests, args.rounds, args.threads, args.gunicorn)
    server = (
        f"gunicorn, {args.gunicorn} uvicorn workers of {args.threads} threads"
        if args.gunicorn
        else f"touchline serve --threads {args.threads}"
    )
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        report("SQLite", server, bench_store(url, counts, *figures))
    if args.postgres:
        with scratch_postgres(args.postgres) as url:
            report("PostgreSQL", server, bench_store(url, counts, *figures))
    else:
        print(f"\nPostgreSQL: skipped (give --postgres URL or set {POSTGRES_URL_VARIABLE})")


if __name__ == "__main__":
    main()
