"""What the web layer costs on top of the service it wraps, per store.

    python bench/web.py [--entries 300] [--repeat 50] [--postgres URL]

For each store (the embedded SQLite file; PostgreSQL when --postgres or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created) it
grows two card-game matches to `--entries` entries through the service, as at the table, then
times, in the same run and on the same app:

- recording the next entries through the JSON API (POST /api/matches/<id>/entries with the
  scorer token) on one match and through `Touchline.record` on the other, taking turns so
  that both see the same match sizes, the same snapshot positions and the same noise;
- reading the match: GET /api/matches/<id> against `Touchline.get_match`;
- the HTML pages a spectator opens: the match page and the replay at the middle step, with
  the size of each answer as sent and gzipped. The live-update stream never ends, so it is
  left out; a page not built yet (404) is reported as not available.

Requests go through Flask's test client: the figures are the app's own cost (routing, schemas,
templates, the store), without a WSGI server or a network. Every measurement is warmed up once
and reported as the median of `--repeat` runs; rates are one over that median. No figure here
is asserted anywhere; compare the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask.testing import FlaskClient

from bench.recording import AUTHOR, SETUP, long_match, scratch_postgres
from service.app import Touchline
from web import create_app

SECRET = "bench-secret-key-of-32-characters-long"
POSTGRES_URL_VARIABLE = "TOUCHLINE_TEST_POSTGRES_URL"
# Python's zlib default, and the level most servers are configured with.
GZIP_LEVEL = 6


class Timings:
    """Seconds per run of one measurement, with the size of the answer it gave."""

    def __init__(self, seconds: list[float], size: int = 0, gzipped: int = 0) -> None:
        self.seconds = seconds
        self.size = size
        self.gzipped = gzipped

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def p95(self) -> float:
        if len(self.seconds) < 2:
            return self.seconds[0]
        # Inclusive: with few runs the estimate stays within the slowest run actually seen.
        return statistics.quantiles(self.seconds, n=20, method="inclusive")[18]

    @property
    def per_s(self) -> float:
        return 1 / self.median


def timed(function: Callable[[], Any]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def repeatedly(function: Callable[[], Any], repeat: int) -> list[float]:
    # The first call opens connections, compiles templates and fills caches: not timed.
    function()
    return [timed(function) for _ in range(repeat)]


def create(client: FlaskClient) -> tuple[str, dict[str, str]]:
    answer = client.post("/api/matches", json={"ruleset": "card-game", "setup": SETUP, "by": "b"})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    body = answer.get_json()
    # The creator's scorer link: every timed write is checked against the store through it,
    # as a phone's would be (one lookup of the link per request).
    return body["match"]["id"], {"Authorization": f"Bearer {body['scorer_token']}"}


def bench_recording(
    client: FlaskClient,
    service: Touchline,
    through_api: tuple[str, dict[str, str]],
    through_service: str,
    actions: Iterator[dict[str, Any]],
    repeat: int,
) -> tuple[Timings, Timings]:
    api_id, headers = through_api
    api_s: list[float] = []
    service_s: list[float] = []
    for turn in range(repeat + 1):
        action = next(actions)

        def post(action: dict[str, Any] = action) -> None:
            answer = client.post(
                f"/api/matches/{api_id}/entries",
                json={"action": action, "by": "bench"},
                headers=headers,
            )
            assert answer.status_code == 201, answer.get_data(as_text=True)

        def record(action: dict[str, Any] = action) -> None:
            service.record(through_service, action, AUTHOR)

        api_time, service_time = timed(post), timed(record)
        if turn:  # turn 0 is the warm-up
            api_s.append(api_time)
            service_s.append(service_time)
    return Timings(api_s), Timings(service_s)


def bench_page(client: FlaskClient, path: str, repeat: int) -> Timings | str:
    answer = client.get(path)
    if answer.status_code == 404:
        return "not available"
    if answer.status_code != 200:
        return f"answers {answer.status_code}"
    body = answer.get_data()
    compressed = gzip.compress(body, compresslevel=GZIP_LEVEL)

    def get() -> None:
        again = client.get(path)
        assert again.status_code == 200, again.status_code

    return Timings(repeatedly(get, repeat), len(body), len(compressed))


def bench_store(url: str, entries: int, repeat: int) -> dict[str, Any]:
    # Enough moves for both matches to grow to `entries`, plus the recorded turns.
    actions = long_match(entries + repeat + 1)
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": SECRET})
    service: Touchline = app.extensions["touchline"]
    client = app.test_client()
    try:
        api_match = create(client)
        service_match, _ = create(client)
        began = time.perf_counter()
        for action in actions[:entries]:
            service.record(api_match[0], action, AUTHOR)
            service.record(service_match, action, AUTHOR)
        grown = time.perf_counter() - began
        match_id = api_match[0]

        def api_read() -> None:
            answer = client.get(f"/api/matches/{match_id}")
            assert answer.status_code == 200, answer.status_code

        results: dict[str, Any] = {"entries": entries, "repeat": repeat, "grow_s": grown}
        read = client.get(f"/api/matches/{match_id}").get_data()
        results["read_api"] = Timings(
            repeatedly(api_read, repeat),
            len(read),
            len(gzip.compress(read, compresslevel=GZIP_LEVEL)),
        )
        results["read_service"] = Timings(repeatedly(lambda: service.get_match(match_id), repeat))
        results["pages"] = {
            "page /matches/<id>": bench_page(client, f"/matches/{match_id}", repeat),
            f"page /matches/<id>/replay?at={entries // 2}": bench_page(
                client, f"/matches/{match_id}/replay?at={entries // 2}", repeat
            ),
        }
        # Last, since it makes both matches longer than the pages above were measured at.
        results["record_api"], results["record_service"] = bench_recording(
            client, service, api_match, service_match, iter(actions[entries:]), repeat
        )
    finally:
        service.close()
    return results


def report(store: str, r: dict[str, Any]) -> None:
    print(
        f"\n{store}: card-game matches of {r['entries']} entries (grown in {r['grow_s']:.1f} s), "
        f"medians of {r['repeat']} runs"
    )
    print(f"  {'':38}{'per s':>8}{'med ms':>9}{'p95 ms':>9}{'KB':>8}{'gzip KB':>9}")

    def row(label: str, t: Timings | str) -> None:
        if isinstance(t, str):
            print(f"  {label:38}{t:>8}")
            return
        sizes = f"{t.size / 1024:8.1f}{t.gzipped / 1024:9.1f}" if t.size else ""
        print(f"  {label:38}{t.per_s:8.1f}{t.median * 1000:9.2f}{t.p95 * 1000:9.2f}{sizes}")

    def ratio(label: str, api: Timings, service: Timings) -> None:
        print(f"  {label:38}{api.per_s / service.per_s:8.2f}")

    row("record: POST /api/matches/<id>/entries", r["record_api"])
    row("record: Touchline.record", r["record_service"])
    ratio("  ratio API / service", r["record_api"], r["record_service"])
    row("read: GET /api/matches/<id>", r["read_api"])
    row("read: Touchline.get_match", r["read_service"])
    ratio("  ratio API / service", r["read_api"], r["read_service"])
    for label, timings in r["pages"].items():
        row(label, timings)
    print(f"  {'page /matches/<id>/events':38}{'skipped (a stream)':>18}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=300, help="entries in the match")
    parser.add_argument("--repeat", type=int, default=50, help="timed runs per figure (median)")
    parser.add_argument(
        "--postgres",
        default=os.environ.get(POSTGRES_URL_VARIABLE),
        help="admin URL of a PostgreSQL server for a scratch database",
    )
    args = parser.parse_args()
    if args.entries < 2 or args.repeat < 1:
        parser.error("give at least 2 entries and 1 repeat")
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        report("SQLite", bench_store(url, args.entries, args.repeat))
    if args.postgres:
        with scratch_postgres(args.postgres) as url:
            report("PostgreSQL", bench_store(url, args.entries, args.repeat))
    else:
        print(f"\nPostgreSQL: skipped (give --postgres URL or set {POSTGRES_URL_VARIABLE})")


if __name__ == "__main__":
    main()
