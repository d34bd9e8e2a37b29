"""The server's CPU per recorded entry: the JSON API against the service it wraps, per store.

    python bench/entry_cpu.py [--matches 200] [--entries 10] [--postgres URL]

For each store (the embedded SQLite file; PostgreSQL when --postgres or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created) it
creates `--matches` card-game matches through the API, each with its scorer's link, then
records `--entries` rounds of one entry in every match, as a club's phones would: POST
/api/matches/<id>/entries with the scorer's bearer link, through Flask's test client. The
baseline is the same entries recorded in as many other matches by calling the service
directly (`Touchline.record`), each right after its API twin, so that whatever else the machine
does weighs on both alike; the ratio is what the web layer costs on top of the service.

Each entry is measured in process CPU time (time.process_time: every thread of this process,
not the wall clock, so other processes on the machine matter less), with the SQL statements it
ran (SQLite's trace callback; psycopg's cursor executions on PostgreSQL) and the connections it
took from the store's pool. The first round (opening connections, filling the match and link
caches) is not counted. Medians and means per entry are printed beside the service's; the
goal they serve is issue 13's 200 entries/s on one server of two cores (docs/performance.md,
"Live load"), which needs well under 5 ms of CPU per entry. No figure here is asserted.
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg
import psycopg_pool
from eventsourcing.persistence import ConnectionPool

from bench.recording import AUTHOR, SETUP, long_match
from bench.stores import add_postgres_option, on_each_store
from service.app import Touchline
from web import create_app

SECRET = "bench-secret-key-of-32-characters-long"
# What one server of two cores has per entry at issue 13's 200 entries/s, if it had both.
GOAL_MS = 5.0


class Counter:
    """SQL statements run and pool connections taken, by every thread of this process."""

    def __init__(self) -> None:
        self.statements = 0
        self.checkouts = 0


@contextmanager
def counted() -> Iterator[Counter]:
    """Count statements and check-outs on every connection opened from here on."""
    counter = Counter()
    saved: list[tuple[Any, str, Any]] = []

    def patch(owner: Any, name: str, replacement: Any) -> None:
        saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, replacement)

    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)
        connection.set_trace_callback(lambda _: _count(counter, "statements"))
        return connection

    patch(sqlite3, "connect", traced)
    for method in ("execute", "executemany"):
        patch(psycopg.Cursor, method, _counting(counter, getattr(psycopg.Cursor, method)))
    patch(psycopg_pool.ConnectionPool, "getconn", _checking_out(counter, "getconn"))
    patch(ConnectionPool, "get_connection", _checking_out(counter, "get_connection"))
    try:
        yield counter
    finally:
        for owner, name, original in reversed(saved):
            setattr(owner, name, original)


def _count(counter: Counter, field: str) -> None:
    setattr(counter, field, getattr(counter, field) + 1)


def _counting(counter: Counter, original: Callable[..., Any]) -> Callable[..., Any]:
    def execute(self: Any, *args: Any, **kwargs: Any) -> Any:
        _count(counter, "statements")
        return original(self, *args, **kwargs)

    return execute


def _checking_out(counter: Counter, name: str) -> Callable[..., Any]:
    owner = psycopg_pool.ConnectionPool if name == "getconn" else ConnectionPool
    original = getattr(owner, name)

    def check_out(self: Any, *args: Any, **kwargs: Any) -> Any:
        _count(counter, "checkouts")
        return original(self, *args, **kwargs)

    return check_out


class Side:
    """CPU seconds, statements and check-outs of each counted entry on one side."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.statements: list[int] = []
        self.checkouts: list[int] = []

    def measure(self, counter: Counter, record: Callable[[], None], keep: bool) -> None:
        statements, checkouts = counter.statements, counter.checkouts
        began = time.process_time()
        record()
        cpu = time.process_time() - began
        if keep:
            self.cpu.append(cpu)
            self.statements.append(counter.statements - statements)
            self.checkouts.append(counter.checkouts - checkouts)


def create(client: Any) -> tuple[str, dict[str, str]]:
    answer = client.post("/api/matches", json={"ruleset": "card-game", "setup": SETUP, "by": "b"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    body = answer.get_json()
    return body["match"]["id"], {"Authorization": f"Bearer {body['scorer_token']}"}


def bench_store(url: str, matches: int, entries: int) -> tuple[Side, Side]:
    actions = long_match(entries + 1)
    api, service_side = Side(), Side()
    with counted() as counter:
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": SECRET})
        service: Touchline = app.extensions["touchline"]
        client = app.test_client()
        try:
            through_api = [create(client) for _ in range(matches)]
            through_service = [create(client)[0] for _ in range(matches)]
            for turn, action in enumerate(actions):
                counted_turn = turn > 0  # round 0 opens connections and fills the caches
                for (api_id, headers), service_id in zip(through_api, through_service, strict=True):

                    def post(
                        api_id: str = api_id,
                        headers: dict[str, str] = headers,
                        action: dict[str, Any] = action,
                    ) -> None:
                        answer = client.post(
                            f"/api/matches/{api_id}/entries",
                            json={"action": action, "by": "bench"},
                            headers=headers,
                        )
                        assert answer.status_code == 201, answer.get_data(as_text=True)

                    def record(
                        service_id: str = service_id, action: dict[str, Any] = action
                    ) -> None:
                        service.record(service_id, action, AUTHOR)

                    api.measure(counter, post, counted_turn)
                    service_side.measure(counter, record, counted_turn)
        finally:
            service.close()
    return api, service_side


def report(store: str, matches: int, entries: int, api: Side, service: Side) -> None:
    print(
        f"\n{store}: {matches} matches a side, {entries} counted rounds "
        f"({len(api.cpu)} entries a side); CPU per entry in ms (goal: API well under "
        f"{GOAL_MS:g} ms)"
    )
    print(f"  {'':34}{'median':>8}{'mean':>8}{'p90':>8}{'stmts':>7}{'conns':>7}")

    def row(label: str, side: Side) -> None:
        ms = [s * 1000 for s in side.cpu]
        p90 = statistics.quantiles(ms, n=10)[8] if len(ms) > 1 else ms[0]
        print(
            f"  {label:34}{statistics.median(ms):8.2f}{statistics.fmean(ms):8.2f}{p90:8.2f}"
            f"{statistics.fmean(side.statements):7.2f}{statistics.fmean(side.checkouts):7.2f}"
        )

    row("POST /api/matches/<id>/entries", api)
    row("Touchline.record (baseline)", service)
    ratio = statistics.median(api.cpu) / statistics.median(service.cpu)
    print(f"  {'ratio API / service (medians)':34}{ratio:8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches on each side")
    parser.add_argument("--entries", type=int, default=10, help="counted entries per match")
    add_postgres_option(parser)
    args = parser.parse_args()
    if args.matches < 1 or args.entries < 1:
        parser.error("give at least 1 match and 1 entry")

    def measure_and_report(store: str, url: str) -> None:
        api, service = bench_store(url, args.matches, args.entries)
        report(store, args.matches, args.entries, api, service)

    on_each_store(args.postgres, measure_and_report)


if __name__ == "__main__":
    main()
