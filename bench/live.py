"""Many live tables at once: scorers' entries through the JSON API while spectators watch.

    python bench/live.py [--matches 1000] [--rate 200] [--streams 1000] [--duration 60]
                         [--workers 2] [--threads 16] [--serve] [--postgres URL]
                         [--baseline-rate 5] [--baseline-duration 20] [--rounds 1]
                         [--before FOLDER]

It makes a scratch database on the PostgreSQL server that --postgres (or
TOUCHLINE_TEST_POSTGRES_URL) names, starts the production set-up of ops/README.md on a free
127.0.0.1 port (gunicorn with uvicorn's worker class, `--workers` workers of `--threads`
threads; with `--serve`, `touchline serve --threads N` instead), and creates `--matches` card-game
matches through the API, keeping each one's scorer token, before anything is timed.

Then, for `--rounds` rounds (each on a server and scratch database of its own), two loads
take turns:

- the baseline: one table, `--baseline-rate` entries/s, no stream open;
- the goal load: `--streams` spectator streams (`/matches/ID/events`) opened, spread evenly over
  the matches and read as they go, then `--rate` entries/s in all over the `--matches` tables for
  `--duration` seconds.

The load is open-loop: every entry's send time is fixed in advance (entry i at i / rate, the
tables taking turns), and its acknowledgement time is measured from that scheduled moment to the
last byte of the answer, so a server that stalls shows in the figures instead of slowing the
generator down (no coordinated omission). A table's next entry goes out only once its previous
one is answered, as a scorer's phone does; if that makes it late, the lateness counts. Requests
go over kept-alive HTTP/1.1 connections shared by all tables; a kept connection the server closed
while idle is replaced and the request sent again with the same idempotency key (counted apart,
not as an error).

With `--before FOLDER` (a checkout of an earlier revision, e.g. made with `git worktree add`)
each round is run twice, taking turns which goes first: once on a server of this checkout's
code and once on a server of FOLDER's, each on a scratch database and matches of its own, and
both are printed side by side; the load generator is this checkout's in both.

It prints p50/p90/p99/max acknowledgement, errors by kind, entries/s achieved, the server's CPU
per entry (from /proc: gunicorn's master and workers, and the PostgreSQL backends serving the
scratch database) and the workers' RSS, each beside its goal and beside the baseline measured in
the same run, and the generator's own CPU share so that a saturated generator is not mistaken for
a slow server. Nothing here is asserted anywhere.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.recording import SETUP, long_match, scratch_postgres

# This checkout, whose code serves unless --before names another.
HERE = Path(__file__).resolve().parent.parent

POSTGRES_URL_VARIABLE = "TOUCHLINE_TEST_POSTGRES_URL"
SECRET = "bench-live-secret-key-of-enough-length"
# Issue 13's goal for the load.
GOAL_P99_SECONDS = 0.050
# Bounds that only keep a broken server from hanging the run.
ANSWER_SECONDS = 30.0
START_SECONDS = 60.0
# Matches created at once before the timed part.
CREATING_AT_ONCE = 8
# Entries per table beyond what the schedule needs, so that a table never runs out of legal moves.
SPARE_ENTRIES = 10
# Connections waiting to be accepted: a thousand pages may open at once.
LISTEN_BACKLOG = 2048
# ops/README.md's worker class; uvicorn_worker.UvicornH11Worker forces the pure-Python parser.
WORKER_CLASS = "uvicorn_worker.UvicornWorker"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def raise_file_limit() -> int:
    """As many open files as the hard limit allows; children (the server) inherit it."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return wanted


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    dbname: str
    description: str


@contextmanager
def served(
    url: str,
    workers: int,
    threads: int,
    serve: bool,
    worker_class: str = WORKER_CLASS,
    root: Path = HERE,
) -> Iterator[Server]:
    """The server, running the code of the checkout at `root`."""
    env = {**os.environ, "TOUCHLINE_SECRET_KEY": SECRET, "TOUCHLINE_DATABASE_URL": url}
    # The checkout's own packages come first, before this one's editable install.
    env["PYTHONPATH"] = str(root)
    # gunicorn is handed a socket bound here, so that no other process on the machine can take
    # the port between choosing it and binding it (and answer this bench's health check).
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(LISTEN_BACKLOG)
    listener.set_inheritable(True)
    port = int(listener.getsockname()[1])
    if serve:
        listener.close()
        port = _free_port()
        command = [sys.executable, "-m", "cli.main", "--database", url, "serve"]
        command += ["--port", str(port), "--threads", str(threads)]
        description = f"touchline serve --threads {threads}"
    else:
        command = [sys.executable, "-m", "gunicorn", "--worker-class"]
        command += [worker_class, "--workers", str(workers)]
        command += ["--graceful-timeout", "1", "--bind", f"fd://{listener.fileno()}"]
        command += ["--backlog", str(LISTEN_BACKLOG)]
        # As ops/README.md sets it: longer than a table's gap between two entries.
        command += ["--keep-alive", "75"]
        # Its own control socket would be shared with any other gunicorn of this user.
        command += ["--no-control-socket"]
        command += [f"web.asgi:create_asgi_app(threads={threads})"]
        description = f"gunicorn, {workers} workers ({worker_class}) of {threads} threads"
    with tempfile.TemporaryFile() as log:
        kept = () if serve else (listener.fileno(),)
        process = subprocess.Popen(
            command, env=env, cwd=root, stdout=log, stderr=subprocess.STDOUT, pass_fds=kept
        )
        listener.close()
        try:
            deadline = time.monotonic() + START_SECONDS
            while not _healthy(port):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{description} did not start:\n{_said(log)}")
                time.sleep(0.2)
            try:
                yield Server(process, port, url.rsplit("/", 1)[1], description)
            except BaseException:
                print(f"the server said:\n{_said(log)}")
                raise
        finally:
            process.terminate()
            process.wait(START_SECONDS)


def _said(log: IO[bytes]) -> str:
    log.seek(0)
    return log.read().decode(errors="replace")[-3000:]


def _healthy(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as probe:
            probe.sendall(b"GET /healthz HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
            return probe.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


# --- /proc: what the server and its database backends cost -----------------------------------


def _stat(pid: int) -> tuple[int, float, int] | None:
    """(parent pid, CPU seconds, RSS bytes) of a process, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    # After the name: state, ppid, ..., utime (field 14), stime (15), ..., rss (24).
    cpu = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return int(fields[1]), cpu, int(fields[21]) * PAGE_BYTES


def _all_pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def server_pids(root: int) -> list[int]:
    """The server's process and every descendant (gunicorn's workers)."""
    parents: dict[int, list[int]] = {}
    for pid in _all_pids():
        stat = _stat(pid)
        if stat is not None:
            parents.setdefault(stat[0], []).append(pid)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(parents.get(pid, []))
    return found


def backend_pids(dbname: str) -> list[int]:
    """PostgreSQL backends connected to the scratch database (their title names it)."""
    found = []
    for pid in _all_pids():
        try:
            title = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if title.startswith(b"postgres: ") and f" {dbname} ".encode() in title:
            found.append(pid)
    return found


@dataclass
class CpuSample:
    server: dict[int, float]
    backends: dict[int, float]
    rss: dict[int, int]


def sample(server: Server) -> CpuSample:
    cpu: dict[int, float] = {}
    rss: dict[int, int] = {}
    for pid in server_pids(server.process.pid):
        stat = _stat(pid)
        if stat is not None:
            cpu[pid], rss[pid] = stat[1], stat[2]
    backends = {}
    for pid in backend_pids(server.dbname):
        stat = _stat(pid)
        if stat is not None:
            backends[pid] = stat[1]
    return CpuSample(cpu, backends, rss)


def _spent(before: dict[int, float], after: dict[int, float]) -> float:
    # A process born during the window counts from zero; one that died is lost (rare: backends
    # live as long as the pool's connections).
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


# --- a tiny HTTP/1.1 client on asyncio --------------------------------------------------------


class Closed(Exception):
    """The server closed a kept-alive connection before answering anything on it."""


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.used = False

    @classmethod
    async def open(cls, port: int) -> Connection:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        return cls(reader, writer)

    async def call(
        self, method: str, path: str, body: Any = None, token: str = ""
    ) -> tuple[int, bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        reused, self.used = self.used, True
        try:
            await self.writer.drain()
            status_line = await self.reader.readline()
        except ConnectionError as error:
            if reused:
                raise Closed from error
            raise
        if not status_line:
            if reused:
                raise Closed
            raise ConnectionError("closed before answering")
        status = int(status_line.split()[1])
        length, chunked = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
        if not chunked:
            return status, await self.reader.readexactly(length)
        answer = b""
        while size := int((await self.reader.readline()).split(b";")[0], 16):
            answer += await self.reader.readexactly(size)
            await self.reader.readline()
        await self.reader.readline()
        return status, answer

    def close(self) -> None:
        self.writer.close()


class Pool:
    """Kept-alive connections shared by every table: one is opened whenever none is free."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.idle: list[Connection] = []
        self.opened = 0
        self.resent = 0

    async def call(
        self, method: str, path: str, body: Any = None, token: str = ""
    ) -> tuple[int, bytes]:
        while True:
            if self.idle:
                connection = self.idle.pop()
            else:
                connection = await Connection.open(self.port)
                self.opened += 1
            try:
                answer = await connection.call(method, path, body, token)
            except Closed:
                # Closed while idle by the server's keep-alive timeout: nothing was answered,
                # and the idempotency key makes sending again safe.
                connection.close()
                self.resent += 1
                continue
            except BaseException:
                connection.close()
                raise
            self.idle.append(connection)
            return answer

    def close(self) -> None:
        for connection in self.idle:
            connection.close()
        self.idle.clear()


# --- the loads ---------------------------------------------------------------------------------


@dataclass
class Table:
    match_id: str
    token: str
    actions: Iterator[dict[str, Any]]
    ready: asyncio.Lock = field(default_factory=asyncio.Lock)


async def create_tables(port: int, count: int, entries: int) -> list[Table]:
    actions = long_match(entries)
    pool = Pool(port)
    made: list[Table] = []
    limit = asyncio.Semaphore(CREATING_AT_ONCE)

    async def create() -> None:
        async with limit:
            status, body = await pool.call(
                "POST", "/api/matches", {"ruleset": "card-game", "setup": SETUP, "by": "bench"}
            )
        if status != 201:
            raise RuntimeError(f"creating a match answered {status}: {body[:200]!r}")
        created = json.loads(body)
        made.append(Table(created["match"]["id"], created["scorer_token"], iter(actions)))

    await asyncio.gather(*(create() for _ in range(count)))
    pool.close()
    return made


@dataclass
class Result:
    name: str
    sent: int
    offered_rate: float
    tables: int
    streams: int
    latencies: list[float]
    errors: Counter[str]
    # The first answer of each refused kind, as the server worded it.
    said: dict[str, bytes]
    elapsed: float
    server_cpu: float
    backend_cpu: float
    generator_cpu: float
    rss: dict[int, int]
    resent: int
    connections: int
    stream_events: int

    @property
    def acknowledged(self) -> int:
        return len(self.latencies)

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


class Streams:
    """Open spectator streams, each read as it goes so that nothing backs up."""

    def __init__(self) -> None:
        self.writers: list[asyncio.StreamWriter] = []
        self.readers: list[asyncio.Task[None]] = []
        self.events = 0
        self.lost = 0

    async def open(self, port: int, tables: list[Table], count: int) -> None:
        async def one(n: int) -> None:
            match_id = tables[n % len(tables)].match_id
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET /matches/{match_id}/events HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            await writer.drain()
            received = b""
            while b"event: version" not in received:
                chunk = await asyncio.wait_for(reader.read(65536), ANSWER_SECONDS)
                if not chunk:
                    raise RuntimeError("a stream closed before its opening")
                received += chunk
            self.writers.append(writer)
            self.readers.append(asyncio.ensure_future(self._read(reader)))

        # Opened in batches, as pages come up over a few moments, not in one burst.
        for start in range(0, count, 100):
            await asyncio.gather(*(one(n) for n in range(start, min(count, start + 100))))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while chunk := await reader.read(65536):
            self.events += chunk.count(b"event: version")
        self.lost += 1

    async def close(self) -> None:
        for task in self.readers:
            task.cancel()
        for writer in self.writers:
            writer.close()
        await asyncio.gather(*self.readers, return_exceptions=True)


async def run_load(
    server: Server,
    name: str,
    tables: list[Table],
    rate: float,
    duration: float,
    stream_count: int,
) -> Result:
    streams = Streams()
    if stream_count:
        await streams.open(server.port, tables, stream_count)
    pool = Pool(server.port)
    total = int(rate * duration)
    latencies: list[float] = []
    errors: Counter[str] = Counter()
    said: dict[str, bytes] = {}

    async def send(n: int, due: float) -> None:
        table = tables[n % len(tables)]
        async with table.ready:  # the previous entry of this table has been answered
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            entry = {"action": next(table.actions), "by": "bench", "key": uuid.uuid4().hex}
            try:
                status, answer = await asyncio.wait_for(
                    pool.call("POST", f"/api/matches/{table.match_id}/entries", entry, table.token),
                    ANSWER_SECONDS,
                )
            except TimeoutError:
                errors["no answer within the bound"] += 1
                return
            except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as error:
                errors[f"connection: {type(error).__name__}"] += 1
                return
            if status != 201:
                errors[f"HTTP {status}"] += 1
                said.setdefault(f"HTTP {status}", answer[:300])
                return
            latencies.append(time.perf_counter() - due)

    before = sample(server)
    generator_before = time.process_time()
    start = time.perf_counter() + 0.5
    # Each table's entries are sent in turn (its lock is taken in schedule order).
    tasks = []
    for n in range(total):
        tasks.append(asyncio.ensure_future(send(n, start + n / rate)))
        if n % 50 == 0:
            await asyncio.sleep(0)
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    generator_cpu = time.process_time() - generator_before
    after = sample(server)
    stream_events = streams.events
    await streams.close()
    pool.close()
    return Result(
        name,
        total,
        rate,
        len(tables),
        stream_count,
        latencies,
        errors,
        said,
        elapsed,
        _spent(before.server, after.server),
        _spent(before.backends, after.backends),
        generator_cpu,
        after.rss,
        pool.resent,
        pool.opened,
        stream_events,
    )


# --- the report -------------------------------------------------------------------------------


def report(description: str, results: list[Result]) -> None:
    print(f"\nPostgreSQL: {description}, {os.cpu_count()} cores shared with this")
    print("generator and the PostgreSQL server; acknowledgement measured from each entry's")
    print("scheduled send time to the last byte of its answer")
    rows = [
        (
            "tables / offered entries/s / streams",
            lambda r: f"{r.tables}/{r.offered_rate:g}/{r.streams}",
            "",
        ),
        ("entries sent", lambda r: f"{r.sent}", ""),
        ("acknowledged (201)", lambda r: f"{r.acknowledged}", ""),
        ("errors", lambda r: _errors(r), "0"),
        ("achieved entries/s", lambda r: f"{r.acknowledged / r.elapsed:.1f}", "200"),
        ("p50 ack (ms)", lambda r: f"{r.percentile(50) * 1000:.1f}", ""),
        ("p90 ack (ms)", lambda r: f"{r.percentile(90) * 1000:.1f}", ""),
        (
            "p99 ack (ms)",
            lambda r: f"{r.percentile(99) * 1000:.1f}",
            f"< {GOAL_P99_SECONDS * 1000:g}",
        ),
        ("max ack (ms)", lambda r: f"{max(r.latencies, default=float('nan')) * 1000:.1f}", ""),
        ("server CPU per entry (ms)", lambda r: _per_entry(r, r.server_cpu), "(8.9 before)"),
        ("PostgreSQL CPU per entry (ms)", lambda r: _per_entry(r, r.backend_cpu), "(1.3 before)"),
        ("server CPU share of 1 core", lambda r: f"{r.server_cpu / r.elapsed:.2f}", ""),
        ("server RSS, all processes (MB)", lambda r: f"{sum(r.rss.values()) / 1e6:.0f}", ""),
        ("largest process RSS (MB)", lambda r: f"{max(r.rss.values(), default=0) / 1e6:.0f}", ""),
        ("generator CPU share of 1 core", lambda r: f"{r.generator_cpu / r.elapsed:.2f}", "< 0.5"),
        ("connections opened / resent", lambda r: f"{r.connections}/{r.resent}", ""),
        ("stream events received", lambda r: f"{r.stream_events}", ""),
    ]
    names = [r.name for r in results]
    width = max(14, *(len(n) + 2 for n in names))
    print(f"  {'':32}" + "".join(f"{n:>{width}}" for n in names) + "  goal")
    for label, shown, goal in rows:
        print(f"  {label:32}" + "".join(f"{shown(r):>{width}}" for r in results) + f"  {goal}")
    for result in results:
        if result.errors:
            print(
                f"  {result.name} errors: "
                + ", ".join(f"{k} ×{v}" for k, v in result.errors.items())
            )
            for kind, answer in result.said.items():
                print(f"    first {kind}: {answer.decode(errors='replace')}")
    print(
        "  goal (issue 13): 200 entries/s over 1,000 tables with 1,000 streams open, "
        "p99 < 50 ms, 0 errors"
    )


def _errors(result: Result) -> str:
    return str(sum(result.errors.values()))


def _per_entry(result: Result, seconds: float) -> str:
    return f"{seconds / max(1, result.acknowledged) * 1000:.2f}"


# --- main --------------------------------------------------------------------------------------


async def bench(args: argparse.Namespace, server: Server, suffix: str) -> list[Result]:
    """One round on `server`: the matches made, then the baseline and the goal load."""
    per_table = int(args.rate * args.duration / args.matches) + 1
    baseline_entries = int(args.baseline_rate * args.baseline_duration) + 1
    entries = max(per_table, baseline_entries) + SPARE_ENTRIES
    print(f"creating {args.matches + 1} matches through the API ...", flush=True)
    began = time.perf_counter()
    tables = await create_tables(server.port, args.matches + 1, entries)
    print(f"  {time.perf_counter() - began:.1f} s", flush=True)
    baseline_table, load_tables = tables[:1], tables[1:]
    print(f"baseline{suffix} ...", flush=True)
    baseline = await run_load(
        server, f"baseline{suffix}", baseline_table, args.baseline_rate, args.baseline_duration, 0
    )
    print(f"load{suffix} ...", flush=True)
    load = await run_load(
        server, f"load{suffix}", load_tables, args.rate, args.duration, args.streams
    )
    return [baseline, load]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="live tables")
    parser.add_argument("--rate", type=float, default=200, help="entries per second in all")
    parser.add_argument("--streams", type=int, default=1000, help="open spectator streams")
    parser.add_argument("--duration", type=float, default=60, help="seconds of load")
    parser.add_argument("--baseline-rate", type=float, default=5)
    parser.add_argument("--baseline-duration", type=float, default=20)
    parser.add_argument("--rounds", type=int, default=1, help="baseline and load, in turn")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=16, help="each worker's request threads")
    parser.add_argument("--worker-class", default=WORKER_CLASS, help="gunicorn's worker class")
    parser.add_argument(
        "--serve", action="store_true", help="run `touchline serve` instead of gunicorn"
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get(POSTGRES_URL_VARIABLE),
        help="admin URL of a PostgreSQL server for a scratch database",
    )
    parser.add_argument("--before", metavar="FOLDER", help="an earlier checkout to serve too")
    args = parser.parse_args()
    if not args.postgres:
        parser.error(f"give --postgres URL or set {POSTGRES_URL_VARIABLE}")
    if min(args.matches, args.rate, args.duration, args.baseline_rate, args.rounds) <= 0:
        parser.error("matches, rates, durations and rounds must be positive")
    if args.streams < 0 or args.workers < 1 or args.threads < 1:
        parser.error("give at least 0 streams, 1 worker and 1 thread")
    limit = raise_file_limit()
    if limit < args.streams * 2 + 200:
        parser.error(f"the file limit is {limit}: too low for {args.streams} streams")
    codes = {"": HERE}
    if args.before:
        codes = {" [this]": HERE, " [before]": Path(args.before).resolve()}
    results: list[Result] = []
    description = ""
    for round_ in range(1, args.rounds + 1):
        # Taking turns which code goes first, so that neither always meets the quieter moment.
        order = list(codes.items()) if round_ % 2 else list(codes.items())[::-1]
        for name, root in order:
            print(f"round {round_}, code at {root} ...", flush=True)
            with (
                scratch_postgres(args.postgres) as url,
                served(
                    url, args.workers, args.threads, args.serve, args.worker_class, root
                ) as server,
            ):
                suffix = f" #{round_}" if args.rounds > 1 else ""
                results += asyncio.run(bench(args, server, name + suffix))
                description = server.description
            print(f"  load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    report(description, results)


if __name__ == "__main__":
    main()
