"""How long verifying a match's sealed record takes, against loading the match once.

    python bench/seal.py [--entries 1000] [--repeat 5] [--postgres URL]

For each store (the embedded SQLite file; PostgreSQL when --postgres or
TOUCHLINE_TEST_POSTGRES_URL names a server on which a scratch database may be created), it
stores one card-game match of `--entries` entries as scoring stores it (a snapshot every 50
events), then times, in a fresh application, `verify_match` (every stored event read and
hashed: no snapshot) beside the baseline `load_record` (the latest snapshot and the events
after it) and `get_match` (what the match page loads). Each time is the best of `--repeat`.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from recording import AUTHOR, SETUP, long_match, scratch_postgres

from domain.match import MatchRecord
from service.app import Touchline
from service.config import settings_for_url

SNAPSHOT_EVERY = 50


def best(function: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, answer = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        answer = function()
        times.append(time.perf_counter() - start)
    return min(times), answer


def bench_store(url: str, entries: int, repeat: int) -> dict[str, Any]:
    settings = settings_for_url(url)
    writer = Touchline(settings)
    match = MatchRecord.start("card-game", SETUP, AUTHOR)
    for action in long_match(entries):
        match.record(action, AUTHOR)
        if match.version % SNAPSHOT_EVERY == 0:
            writer.save(match)
    writer.save(match)
    match_id = str(match.id)
    writer.close()

    reader = Touchline(settings)
    verify_s, report = best(lambda: reader.verify_match(match_id), repeat)
    load_s, _ = best(lambda: reader.load_record(match_id), repeat)
    page_s, _ = best(lambda: reader.get_match(match_id), repeat)
    reader.close()
    assert report.intact, report.describe()
    return {"events": report.events, "verify_s": verify_s, "load_s": load_s, "page_s": page_s}


def report(store: str, entries: int, r: dict[str, Any]) -> None:
    print(f"\n{store}: one match of {entries} entries ({r['events']} events)")
    print(f"  verify_match (every event read, hashed)   {r['verify_s'] * 1000:8.1f} ms")
    print(f"  load_record (snapshot + later events)     {r['load_s'] * 1000:8.1f} ms  baseline")
    print(f"  get_match (what the match page loads)     {r['page_s'] * 1000:8.1f} ms")
    print(f"  verify / load                             {r['verify_s'] / r['load_s']:8.1f} x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--postgres",
        default=os.environ.get("TOUCHLINE_TEST_POSTGRES_URL"),
        help="admin URL of a PostgreSQL server for a scratch database",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        report("SQLite", args.entries, bench_store(url, args.entries, args.repeat))
    if args.postgres:
        with scratch_postgres(args.postgres) as url:
            report("PostgreSQL", args.entries, bench_store(url, args.entries, args.repeat))


if __name__ == "__main__":
    main()
